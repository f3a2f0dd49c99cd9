"""A seat is played on one phone at a time.

The first phone to open a seat's address plays it. Another phone that opens it (a
second "This is me: Ana", the host opening Ana's game) is asked first: taking the seat
over is the way back for a phone that was lost or replaced, but it must never happen by
a slip of the thumb. The phone that lost its seat is told so, and its moves are refused
(`TableHub.check_holder`), instead of playing on beside the new one.
"""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.ui import address
from companion.ui.kit import widgets as w
from companion.ui.open_games import follow_tables, tab_device, tab_token
from companion.ui.screen import Screen, Shell
from companion.usecases.tables import SeatHeld, SharedTable, table_hub

SEATS_PLAYED = "seats-played"
"""The seats this tab has played, (table, seat): to tell a lost seat from one never had."""


def claim_seat(app: Shell, table: SharedTable, seat: int) -> Screen | None:
    """Sit this tab at the seat if nobody else plays it (None: go on to the seat's
    screen); else the screen that asks before taking it over."""
    try:
        table_hub(app.services).sit(table, seat, tab_token(app), tab_device(app))
    except SeatHeld:
        return SeatTakenScreen(app, table, seat)
    app.memory.setdefault(SEATS_PLAYED, set()).add((table.id, seat))
    return None


class AtSeat(Screen):
    """A screen of one seat before its game shows: it redraws with the table."""

    def __init__(self, app: Shell, table: SharedTable, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.follows_table = table.id
        follow_tables(app)


class SeatTakenScreen(AtSeat):
    """Another phone plays this seat: take it over here, or go back to the table."""

    @property
    def title(self) -> str:
        return t("Table of {players} players", players=len(self.table.names))

    def refresh(self) -> None:
        name = self.table.names[self.seat]
        lost = (self.table.id, self.seat) in self.app.memory.get(SEATS_PLAYED, set())
        rows: list[ft.Control] = []
        if lost:
            rows.append(w.value_text("seat-lost", t(
                "{name}'s seat is now played on another phone: this phone no longer plays "
                "it.", name=name), bold=True))
        rows += [
            w.value_text("seat-held", t(
                "{name} is playing on another phone: take this seat over here?", name=name)),
            ft.Text(t("Take it over if that phone was lost or replaced: it then stops "
                      "playing this seat.")),
            w.button(t("Take this seat over here"), self._take_over, icon=ft.Icons.SWAP_HORIZ),
            w.button(t("Back to the table"),
                     lambda: self.app.navigate(address.path("tables", self.table.id)),
                     kind="outlined"),
        ]
        self.content.controls = rows

    def _take_over(self) -> None:
        table_hub(self.app.services).sit(self.table, self.seat, tab_token(self.app),
                                         tab_device(self.app), take_over=True)
        self.app.memory.setdefault(SEATS_PLAYED, set()).add((self.table.id, self.seat))
        self.app.reopen()  # the same address now shows the seat itself
