"""The games this tab has open: each resumed once, found again by its id.

Several screens need a game by id (its rounds, its end, the quick score filled in from
it, the home screen's list); keeping the resumed sessions in the tab's memory means a
game is replayed once, not on every screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.i18n import t
from companion.ui.screen import EVERY_TABLE, ScreenMissing
from companion.usecases.tables import table_hub

if TYPE_CHECKING:
    from companion.rules.actions import Action
    from companion.rules.table import Seats
    from companion.ui.screen import Shell
    from companion.usecases.session import GameSession

SESSIONS = "sessions"
TABLES_FOLLOWED = "tables-followed"
TABLES_TOPIC = "tables"
"""Where a change to any table is told, with its table's id and new version."""
TABLE_VERSIONS = "table-versions"
"""The version of each followed table this tab last drew (`TableHub.version`)."""


def open_session(app: Shell, game_id: str) -> GameSession:
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


def keep_session(app: Shell, session: GameSession) -> None:
    """Remember a game open in this tab, and keep it in step with the other tabs."""
    app.memory.setdefault(SESSIONS, {})[session.id] = session
    _watch(app, session)


def _topic(game_id: str) -> str:
    return f"game:{game_id}"


def _watch(app: Shell, session: GameSession) -> None:
    """Each save is told to the other tabs that have this game open; a tab that hears
    of a newer revision takes the game as it now is and redraws, so two tabs never show
    different steps (and the store refuses a save from one that fell behind anyway)."""
    pubsub = app.page.pubsub
    topic = _topic(session.id)

    def redraw(revision: object) -> None:
        if not isinstance(revision, int) or revision <= session.revision:
            return
        session.reload()
        app.show_again(session.id)

    async def changed(_topic: str, revision: object) -> None:
        app.run_as_tab(lambda: redraw(revision))  # told by another tab: draw as this one

    pubsub.unsubscribe_topic(topic)
    pubsub.subscribe_topic(topic, changed)
    session.on_saved = lambda revision: pubsub.send_others_on_topic(topic, revision)
    if session.table is not None:
        _take_seat(app, session)


def tab_token(app: Shell) -> str:
    """Who this tab is to a shared table (the phone that plays a seat): its session,
    which a reload keeps and which ends when the tab has been gone too long."""
    return str(app.page.session.id)


def _take_seat(app: Shell, session: GameSession) -> None:
    """A seat at a shared table: the table checks each action (and that this tab still
    plays the seat), and settles what it can after it, playing the other seats' answers
    into their saved games. Telling the other phones is not done here: every game
    written tells the table (`TableHub`), whoever wrote it."""
    hub = table_hub(app.services)
    found = hub.seat_of(session)
    if found is None:
        return
    table, seat = found
    who = tab_token(app)

    def gate() -> None:
        hub.check_holder(table, seat, who)

    def referee(action: Action) -> None:
        hub.check(session, action)

    def seats() -> Seats:
        here = hub.at_table(session)
        return [] if here is None else here.states

    session.gate, session.referee, session.seats = gate, referee, seats
    session.on_played = lambda: hub.settle(session)
    follow_tables(app)


def follow_tables(app: Shell) -> None:
    """Hear of every change to any table this server hosts, once per tab: each screen
    then redraws if it shows that table (`Screen.follows_table`), the home screen for
    any table."""
    _tell_this_server(app)
    if app.memory.get(TABLES_FOLLOWED):
        return
    app.memory[TABLES_FOLLOWED] = True
    _leave_seats_when_gone(app)

    def redraw(change: object) -> None:
        if isinstance(change, tuple | list) and len(change) == 2:
            table_id, version = change
            if isinstance(table_id, str) and isinstance(version, int):
                catch_up(app, table_id, version)

    async def moved(_topic: str, change: object) -> None:
        app.run_as_tab(lambda: redraw(change))  # told by another tab: draw as this one

    app.page.pubsub.subscribe_topic(TABLES_TOPIC, moved)


def _tell_this_server(app: Shell) -> None:
    """Pass each change of any table to the tabs of this server that follow it: to every
    tab but the one whose tap made it (that one redraws after its own tap)."""
    hub = table_hub(app.services)
    tabs = app.page.session.connection.pubsubhub

    def tell(table_id: str, version: int) -> None:
        try:
            acting: ft.Page | None = ft.context.page  # whose handler wrote the table
        except RuntimeError:  # none: a write from outside any tab
            acting = None
        # A tab whose phone just went away has no connection left: every tab is told.
        connection = acting.session.connection if acting is not None else None
        if acting is not None and connection is not None and connection.pubsubhub is tabs:
            tabs.send_others_on_topic(acting.session.id, TABLES_TOPIC, (table_id, version))
        else:
            tabs.send_all_on_topic(TABLES_TOPIC, (table_id, version))

    hub.listen(tabs, tell)


def catch_up(app: Shell, table_id: str, version: int) -> None:
    """Show the table as it is now: this tab's seat game read again if another tab (or
    the table's settling) moved it, and the screen drawn again; made anew only when it
    no longer fits (its game ended or came back from its end, or another phone took the
    seat over), since a screen made anew is sent whole to the phone."""
    drawn: dict[str, int] = app.memory.setdefault(TABLE_VERSIONS, {})
    if drawn.get(table_id, -1) >= version:
        return  # an earlier message of the same tap already drew it
    hub = table_hub(app.services)
    table = hub.find(table_id)
    if table is not None:
        hub.settle_quietly(table)  # a settling that failed after a move: now, then
    drawn[table_id] = hub.version(table_id)
    ended_or_back = set()
    for session in app.memory.get(SESSIONS, {}).values():
        if (session.table or {}).get("id") != table_id:
            continue
        finished = session.state.finished
        if session.reload_if_behind() and session.state.finished != finished:
            ended_or_back.add(session.id)
    screen = app.showing
    if screen is None or screen.follows_table not in (table_id, EVERY_TABLE):
        return
    game_id = screen.game_id
    if game_id is not None and (game_id in ended_or_back or not plays(app, game_id)):
        app.reopen()
    else:
        app.refresh()


def settle_before_drawing(app: Shell, table_id: str) -> None:
    """The table settles what it can before a screen of it is made (see
    `TableHub.settle_table`): called where a screen is made from its address, never
    from a screen's `build`, so that no write happens while one is drawn. This tab's
    own games of the table are read again; the other tabs hear of it as of any write."""
    hub = table_hub(app.services)
    table = hub.find(table_id)
    if table is None or not hub.settle_quietly(table):
        return
    for session in app.memory.get(SESSIONS, {}).values():
        if (session.table or {}).get("id") == table_id:
            session.reload_if_behind()


def plays(app: Shell, game_id: str) -> bool:
    """Whether this tab may play the game: any game but a seat another phone plays."""
    session = app.memory.get(SESSIONS, {}).get(game_id)
    if session is None:
        return True
    hub = table_hub(app.services)
    found = hub.seat_of(session)
    return found is None or hub.holder(*found) in (None, tab_token(app))


def tab_device(app: Shell) -> str:
    """The device a tab runs on, as far as the host can tell: its address and browser."""
    page = app.page
    return f"{page.client_ip or ''} {page.client_user_agent or ''}".strip()


def _leave_seats_when_gone(app: Shell) -> None:
    """A tab gone for good (its session expired) frees the seats it played, so that the
    phone coming back later, or another, sits there again without being asked; a tab
    only disconnected (asleep, reloading) keeps them, but its own device may take them
    back from a new tab without being asked."""
    hub = table_hub(app.services)
    who = tab_token(app)

    def gone() -> None:
        hub.leave(who)

    def away() -> None:
        hub.away(who, True)

    def back() -> None:
        hub.away(who, False)

    app.page.on_close, app.page.on_disconnect, app.page.on_connect = gone, away, back


def forget_session(app: Shell, game_id: str) -> None:
    """Stop following a game (abandoned, deleted) in this tab."""
    app.memory.get(SESSIONS, {}).pop(game_id, None)
    app.page.pubsub.unsubscribe_topic(_topic(game_id))


def forget_all_sessions(app: Shell) -> None:
    """After an import or a reset every open game may have changed: read them again."""
    for game_id in list(app.memory.get(SESSIONS, {})):
        forget_session(app, game_id)
