"""`/play/<game>`: the game in progress, or its final score once it has ended.

Not a screen of its own: it finds the game (in this tab's open games, else in the
store) and hands it to the screen that fits its state, so a reload, a bookmark or the
home screen's "Continue" all land on the right one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.i18n import t
from companion.ui.app import ScreenMissing

if TYPE_CHECKING:
    from companion.ui.app import CompanionApp, Screen
    from companion.ui.session import GameSession

SESSIONS = "sessions"


def open_session(app: CompanionApp, game_id: str) -> GameSession:
    """The game with this id, resumed once per tab; `ScreenMissing` says why not."""
    from companion.ui.session import GameSession, SessionError

    sessions: dict[str, GameSession] = app.memory.setdefault(SESSIONS, {})
    found = sessions.get(game_id)
    if found is not None:
        return found
    record = app.services.backend.game(game_id)
    if record is None:
        raise ScreenMissing(t("This game is no longer in your data: it may have been "
                              "deleted. Your other games are on the home screen."))
    try:
        session = GameSession.resume(app.services, record)
    except SessionError as exc:
        raise ScreenMissing(t("Your last game could not be opened: {reason}",
                              reason=str(exc))) from exc
    sessions[game_id] = session
    return session


def keep_session(app: CompanionApp, session: GameSession) -> None:
    """Remember a game just started in this tab, so its route finds it without a replay."""
    app.memory.setdefault(SESSIONS, {})[session.id] = session


class PlayScreen:
    """Picks the screen of `/play/<game>`: the rounds, or the end once it is over."""

    @classmethod
    def from_route(cls, app: CompanionApp, game: str, **_: str) -> Screen:
        session = open_session(app, game)
        if session.state.finished:
            from companion.ui.end_view import EndScreen

            return EndScreen(app, session)
        from companion.ui.game_view import GameScreen

        return GameScreen(app, session)
