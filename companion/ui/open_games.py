"""The games this tab has open: each resumed once, found again by its id.

Several screens need a game by id (its rounds, its end, the quick score filled in from
it, the home screen's list); keeping the resumed sessions in the tab's memory means a
game is replayed once, not on every screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.i18n import t
from companion.ui.app import ScreenMissing

if TYPE_CHECKING:
    from companion.ui.app import CompanionApp
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
