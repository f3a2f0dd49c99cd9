"""The games this tab has open: each resumed once, found again by its id.

Several screens need a game by id (its rounds, its end, the quick score filled in from
it, the home screen's list); keeping the resumed sessions in the tab's memory means a
game is replayed once, not on every screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.i18n import t
from companion.ui.app import ScreenMissing
from companion.usecases.tables import table_hub

if TYPE_CHECKING:
    from companion.ui.app import CompanionApp
    from companion.usecases.session import GameSession

SESSIONS = "sessions"
TABLES_FOLLOWED = "tables-followed"


def open_session(app: CompanionApp, game_id: str) -> GameSession:
    """The game with this id, resumed once per tab; `ScreenMissing` says why not."""
    from companion.usecases.session import GameSession, SessionError

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
    keep_session(app, session)
    return session


def keep_session(app: CompanionApp, session: GameSession) -> None:
    """Remember a game open in this tab, and keep it in step with the other tabs."""
    app.memory.setdefault(SESSIONS, {})[session.id] = session
    _watch(app, session)


def _topic(game_id: str) -> str:
    return f"game:{game_id}"


def _watch(app: CompanionApp, session: GameSession) -> None:
    """Each save is told to the other tabs that have this game open; a tab that hears
    of a newer revision takes the game as it now is and redraws, so two tabs never show
    different steps (and the store refuses a save from one that fell behind anyway)."""
    pubsub = app.page.pubsub
    topic = _topic(session.id)

    async def changed(_topic: str, revision: object) -> None:
        if not isinstance(revision, int) or revision <= session.revision:
            return
        with app.as_current():  # told by another tab: draw as this tab, in its language
            session.reload()
            app.show_again(session.id)

    pubsub.unsubscribe_topic(topic)
    pubsub.subscribe_topic(topic, changed)
    session.on_saved = lambda revision: pubsub.send_others_on_topic(topic, revision)
    if session.table is not None:
        _take_seat(app, session)


def table_topic(table_id: str) -> str:
    return f"table:{table_id}"


def _take_seat(app: CompanionApp, session: GameSession) -> None:
    """A seat at a shared table: the table checks each action, settles what it can after
    it (playing the other seats' answers into their saved games), and tells every phone
    at the table what moved, so each redraws with no reload."""
    hub = table_hub(app.services)
    found = hub.seat_of(session)
    if found is None:
        return
    table = found[0]
    pubsub = app.page.pubsub

    def after() -> None:
        for game_id, revision in hub.settle(session):
            pubsub.send_all_on_topic(_topic(game_id), revision)
        if hub.moved_on(table):
            pubsub.send_others_on_topic(table_topic(table.id), table.id)

    session.referee = lambda action: hub.check(session, action)
    session.on_played = after
    follow_table(app, table.id)


def follow_table(app: CompanionApp, table_id: str) -> None:
    """Redraw this tab's screen when a seat of the table moves on (who is still placing,
    the table's page): once per tab and table."""
    followed: set[str] = app.memory.setdefault(TABLES_FOLLOWED, set())
    if table_id in followed:
        return
    followed.add(table_id)

    async def moved(_topic: str, _message: object) -> None:
        with app.as_current():
            if app.frames and app.screen.follows_table == table_id:
                app.refresh()

    app.page.pubsub.subscribe_topic(table_topic(table_id), moved)


def forget_session(app: CompanionApp, game_id: str) -> None:
    """Stop following a game (abandoned, deleted) in this tab."""
    app.memory.get(SESSIONS, {}).pop(game_id, None)
    app.page.pubsub.unsubscribe_topic(_topic(game_id))


def forget_all_sessions(app: CompanionApp) -> None:
    """After an import or a reset every open game may have changed: read them again."""
    for game_id in list(app.memory.get(SESSIONS, {})):
        forget_session(app, game_id)
