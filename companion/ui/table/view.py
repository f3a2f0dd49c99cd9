"""A shared table's screens: making one, its page (the seats, the final ranking), and a
seat, which is the address each phone keeps: `/tables/<table>/<seat>`.

The seat's address shows its player's Empire choice until it is made, then the seat's
game itself (the same screens as any game), so a phone that reloads, sleeps or lost the
network comes back to its own seat where it was. The table's state is read from the
seats' saved games each time (`TableHub`), never kept per tab.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import t
from companion.rules.cards import Expansion
from companion.rules.errors import Rejected
from companion.rules.state import GameState
from companion.rules.supremacy import max_players
from companion.store import StoreError
from companion.ui import address
from companion.ui.kit import widgets as w
from companion.ui.kit.fields import limited_field
from companion.ui.open_games import (
    follow_tables,
    keep_session,
    open_session,
    settle_before_drawing,
)
from companion.ui.screen import Screen, ScreenMissing, Shell
from companion.ui.table.ranking import ranking_rows
from companion.ui.table.seat_taken import AtSeat, claim_seat
from companion.usecases.labels import empire_label
from companion.usecases.session import phase_label
from companion.usecases.tables import SharedTable, table_hub

DEFAULT_PLAYERS = 3


def table_path(table_id: str, seat: int | None = None) -> str:
    return f"/tables/{table_id}" + ("" if seat is None else f"/{seat + 1}")


class NewTableScreen(Screen):
    """Names, face and expansions of a table whose players each use their own phone."""

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        owned = app.services.setting("expansions", ["base"])
        self.expansions: set[str] = {e for e in owned if isinstance(e, str)} | {"base"}
        self.players = DEFAULT_PLAYERS
        self.face = "A"
        self.fields: dict[int, ft.TextField] = {}

    @property
    def title(self) -> str:
        return t("Table on every phone")

    def refresh(self) -> None:
        top = max_players(self.expansions)
        self.players = min(self.players, top)
        self.content.controls = [
            ft.Text(t("Each player follows their own Empire on their own phone; the app "
                      "settles every supremacy from everyone's totals.")),
            w.stepper(t("Players"), self.players, self._set_players, minimum=2, maximum=top,
                      more_label=t("One more player"), less_label=t("One player fewer"),
                      identifier="player-count"),
            *[self._field(n) for n in range(1, self.players + 1)],
            w.toggle_row([(t("Face A"), "A"), (t("Face B"), "B")], self.face, self._set_face),
            w.heading(t("Expansions in play")),
            *[self._expansion(code) for code in (Expansion.CORRUPTION_ASCENSION.value,
                                                 Expansion.WAR_OR_PEACE.value)],
            w.button(t("Open the table"), self._create, icon=ft.Icons.GROUPS),
        ]

    def _field(self, number: int) -> ft.TextField:
        if number not in self.fields:
            self.fields[number] = limited_field(
                t("Name of player {number}", number=number), 40)
        return self.fields[number]

    def _expansion(self, code: str) -> ft.Control:
        label = {"ca": t("Corruption & Ascension"), "wop": t("War or Peace bonus cards")}[code]

        def change(event: ft.Event[ft.Switch]) -> None:
            (self.expansions.add if event.control.value else self.expansions.discard)(code)
            self.app.refresh()

        return ft.Semantics(content=ft.Row([
            ft.Text(label, expand=True),
            ft.Switch(value=code in self.expansions, on_change=change, height=w.TOUCH),
        ]), label=label, container=True)

    def _set_players(self, count: int) -> None:
        self.players = count
        self.app.refresh()

    def _set_face(self, face: str) -> None:
        self.face = face
        self.app.refresh()

    def names(self) -> list[str]:
        return [(self._field(n).value or "").strip() for n in range(1, self.players + 1)]

    def _create(self) -> None:
        try:
            table = table_hub(self.app.services).create(self.names(), self.face,
                                                    sorted(self.expansions))
        except Rejected as exc:
            self.app.explain(exc)
            return
        self.app.navigate(table_path(table.id))


class TableScreen(Screen):
    """Who sits where and how far each is; the ranking once every game is over."""

    def __init__(self, app: Shell, table: SharedTable) -> None:
        super().__init__(app)
        self.table = table
        self.follows_table = table.id
        follow_tables(app)

    @classmethod
    def from_route(cls, app: Shell, **values: str) -> TableScreen:
        table = _table(app, values.get("table", ""))
        settle_before_drawing(app, table.id)  # a host stopped before it settled
        return cls(app, table)

    @property
    def title(self) -> str:
        return t("Table of {players} players", players=len(self.table.names))

    def refresh(self) -> None:
        states = table_hub(self.app.services).states(self.table)
        rows: list[ft.Control] = [
            ft.Text(t("Each player opens this table on their phone and taps their name. "
                      "Phones find the app through the Share page.")),
            w.button(t("Share with the phones"), lambda: self.app.navigate("/share"),
                     kind="outlined", icon=ft.Icons.QR_CODE),
            w.heading(t("Seats")),
        ]
        for seat, name in enumerate(self.table.names):
            rows.append(self._seat_row(seat, name, states[seat]))
        if all(s is not None and s.finished for s in states):
            rows += ranking_rows(self.app, self.table, states)
        self.content.controls = rows

    def _seat_row(self, seat: int, name: str, state: GameState | None) -> ft.Control:
        if state is None:
            status = t("has not chosen an Empire yet")
        else:
            empire = empire_label(self.app.services.catalog, state.empire.name)
            status = f"{empire} · {phase_label(state)}"
        return w.card_box(
            ft.Text(name, weight=ft.FontWeight.BOLD),
            w.value_text(f"seat-{seat + 1}", status),
            w.button(t("This is me: {name}", name=name), self._sit(seat), kind="tonal"),
            identifier=f"seat-box-{seat + 1}",
        )

    def _sit(self, seat: int) -> Callable[[], None]:
        return lambda: self.app.navigate(table_path(self.table.id, seat))


class SeatScreen:
    """`/tables/<table>/<seat>`: the Empire choice, then that seat's game."""

    @classmethod
    def from_route(cls, app: Shell, **values: str) -> Screen:
        table = _table(app, values.get("table", ""))
        number = values.get("seat", "")
        if not (number.isascii() and number.isdigit() and len(number) <= 2
                and 1 <= int(number) <= len(table.names)):
            raise ScreenMissing(t("This table has no seat {number}", number=number))
        seat = int(number) - 1
        asked = claim_seat(app, table, seat)
        if asked is not None:
            return asked
        game_id = table.seats[seat]
        if game_id is None:
            return EmpireChoiceScreen(app, table, seat)
        screen: Screen = app.screen_for(address.path("play", open_session(app, game_id).id))
        return screen


class EmpireChoiceScreen(AtSeat):
    """A seat's first screen: the player taps the Empire card they were dealt."""

    @property
    def title(self) -> str:
        return t("{name}: your Empire", name=self.table.names[self.seat])

    def refresh(self) -> None:
        catalog = self.app.services.catalog
        taken = {s.empire.name for s in table_hub(self.app.services).states(self.table)
                 if s is not None}
        rows: list[ft.Control] = [
            ft.Text(t("Tap the Empire card you were dealt (face {face}).",
                      face=self.table.face)),
        ]
        for face in catalog.empires:
            if face.face != self.table.face or face.expansion.value not in self.table.expansions:
                continue
            label = empire_label(catalog, face.name)
            if face.name in taken:
                rows.append(w.button(t("{empire} (taken)", empire=label), None,
                                     kind="outlined", disabled=True))
            else:
                rows.append(w.button(label, self._choose(face.name), kind="tonal"))
        self.content.controls = rows

    def _choose(self, empire: str) -> Callable[[], None]:
        def choose() -> None:
            try:
                session = table_hub(self.app.services).join(self.table, self.seat, empire)
            except (Rejected, StoreError) as exc:
                self.app.explain(exc)
                self.app.refresh()
                return
            keep_session(self.app, session)
            self.app.reopen()  # the same address now shows the seat's game

        return choose


def _table(app: Shell, table_id: str) -> SharedTable:
    table = table_hub(app.services).find(table_id)
    if table is None:
        raise ScreenMissing(t("This table is not on this computer any more: the host may "
                              "have been restarted before anyone chose an Empire. Open a "
                              "new table from the home screen."))
    return table
