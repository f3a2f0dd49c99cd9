"""`/play/<game>`: the game in progress, or its final score once it has ended.

Not a screen of its own: it finds the game (in this tab's open games, else in the
store) and hands it to the screen that fits its state, so a reload, a bookmark or the
home screen's "Continue" all land on the right one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.ui.open_games import open_session, settle_before_drawing
from companion.usecases.tables import table_hub

if TYPE_CHECKING:
    from companion.ui.screen import Screen, Shell

class PlayScreen:
    """Picks the screen of `/play/<game>`: the rounds, or the end once it is over."""

    @classmethod
    def from_route(cls, app: Shell, game: str, **_: str) -> Screen:
        session = open_session(app, game)
        seat = table_hub(app.services).seat_of(session)
        if seat is not None:
            settle_before_drawing(app, seat[0].id)  # a host stopped before it settled
            from companion.ui.table.seat_taken import claim_seat

            asked = claim_seat(app, *seat)
            if asked is not None:
                return asked
        if session.state.finished:
            from companion.ui.game.end import EndScreen

            return EndScreen(app, session)
        from companion.ui.game.view import GameScreen

        return GameScreen(app, session)
