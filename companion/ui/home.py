"""The hub: every game in progress, new games, and a way to every section.

Several games can be in progress at once (a solo game and a table game, say); each is
listed with what it is and where it stands. Abandoning one keeps it: it moves to the
history, where it can be taken up again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from companion.i18n import language, t
from companion.ui import address
from companion.ui.kit import widgets as w
from companion.ui.screen import EVERY_TABLE, Screen

if TYPE_CHECKING:
    from companion.usecases.tables import SharedTable


class HomeScreen(Screen):
    section_bar = True
    _set_aside: str | None = None
    follows_table = EVERY_TABLE
    """The games in progress include the seats of the tables this app hosts."""

    def on_show(self) -> None:
        if not self.app.services.runs_in_browser:
            from companion.ui.open_games import follow_tables

            follow_tables(self.app)

    @property
    def title(self) -> str:
        return t("Wonderful Companion")

    def refresh(self) -> None:
        services = self.app.services
        controls: list[ft.Control] = [
            w.card_box(ft.Text(notice, selectable=True), identifier="notice")
            for notice in [*services.backend.notices(), *services.messages]
        ]
        if self._set_aside:
            controls.append(w.card_box(ft.Text(
                t("That game was kept whole in {path}.", path=self._set_aside),
                selectable=True)))
        ongoing = services.backend.ongoing_games()
        if ongoing:
            controls.append(w.heading(t("Games in progress")))
            controls.append(ft.Semantics(
                content=ft.Column([self._ongoing(record) for record in ongoing], spacing=8,
                                  horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                identifier="continue", container=True))
        tables = [] if services.runs_in_browser else self._tables()
        if tables:
            controls.append(w.heading(t("Tables on phones")))
            controls += [w.button(t("Table of {names}", names=", ".join(table.names)),
                                  self._go(f"/tables/{table.id}"), icon=ft.Icons.GROUPS,
                                  kind="tonal") for table in tables]
        controls += [
            w.heading(t("New game")),
            w.button(t("New solo game"), lambda: self.app.navigate("/new/solo"),
                     icon=ft.Icons.PERSON),
            w.button(t("Solo scenario"), lambda: self.app.navigate("/new/scenario"),
                     icon=ft.Icons.FLAG, kind="tonal"),
            w.button(t("Table game (2–7 players)"), lambda: self.app.navigate("/new/table"),
                     icon=ft.Icons.GROUPS, kind="tonal"),
            w.button(t("Quick score"), lambda: self.app.navigate("/quick"),
                     icon=ft.Icons.CALCULATE, kind="outlined"),
        ]
        if not services.runs_in_browser:  # a table of phones needs a computer to host it
            # One way in: share the app with the phones, then set up the table there.
            controls[-1:-1] = [w.button(t("Play on phones"), lambda: self.app.navigate("/share"),
                                        icon=ft.Icons.PHONE_ANDROID, kind="tonal")]
        links = self._links()
        if links:
            controls.append(w.heading(t("Your records")))
            controls.append(ft.ResponsiveRow(links, spacing=8, run_spacing=8))
        self.content.controls = controls

    def _tables(self) -> list[SharedTable]:
        """The shared tables this app hosts. Imported here: the phone app hosts none, and
        the tables (with the game sessions they import) are time before its home screen."""
        from companion.usecases.tables import table_hub

        return table_hub(self.app.services).tables()

    def _links(self) -> list[ft.Control]:
        """The records no other way reaches: the navigation bar (or rail) below already
        leads to each section, and the statistics open from the history."""
        wanted = [
            ("/scenarios", t("Medals"), ft.Icons.MILITARY_TECH),
            ("/campaigns", t("Campaigns"), ft.Icons.MAP),
            ("/history", t("History"), ft.Icons.HISTORY),
            ("/stats", t("Statistics"), ft.Icons.INSIGHTS),
            ("/cards", t("Cards"), ft.Icons.STYLE),
        ]
        reached = self.app.section_routes()
        if "/history" in reached:
            reached.add("/stats")
        return [
            ft.Container(w.button(label, self._go(route), icon=icon, kind="outlined"),
                         col={"xs": 6, "sm": 4})
            for route, label, icon in wanted
            if self.app.knows(route) and route not in reached
        ]

    def _go(self, route: str) -> Any:
        return lambda: self.app.navigate(route)

    def _ongoing(self, record: dict[str, Any]) -> ft.Control:
        from companion.ui.open_games import open_session

        game_id = str(record.get("id"))
        try:
            session = open_session(self.app, game_id)
        except Exception as exc:  # one damaged game must not hide the others
            return w.card_box(
                ft.Text(str(exc)),
                w.button(t("Set it aside"), lambda: self._set_aside_game(game_id),
                         kind="outlined"),
                identifier=f"ongoing-{game_id}",
            )
        state = session.state
        if state.scenario:
            scenario = self.app.services.scenarios.get(state.scenario)
            what = t("Solo scenario: {name}",
                     name=scenario.name_in(language()) if scenario else state.scenario)
        elif state.solo:
            what = t("Solo game")
        elif session.table is not None:
            names = session.table.get("names", [])
            seat = session.table.get("seat", 0)
            what = t("Table on phones: {name}'s Empire",
                     name=names[seat] if isinstance(names, list) and isinstance(seat, int)
                     and 0 <= seat < len(names) else "?")
        else:
            what = t("Table game, {n} players", n=state.players)
        return w.card_box(
            ft.Text(what, weight=ft.FontWeight.BOLD),
            ft.Text(session.headline()),
            ft.Row([
                w.button(t("Continue the game"), self._go(address.path("play", game_id)),
                         icon=ft.Icons.PLAY_ARROW, expand=True),
                w.icon_button(ft.Icons.ARCHIVE_OUTLINED, t("Abandon this game"),
                              lambda: self._abandon(game_id)),
            ]),
            identifier=f"ongoing-{game_id}",
        )

    def _abandon(self, game_id: str) -> None:
        def abandon() -> None:
            from companion.ui.open_games import forget_session

            self.app.services.backend.abandon_game(game_id)
            forget_session(self.app, game_id)
            self.refresh()
            self.app.notify(t("Game abandoned: it is kept in the history."),
                            action=t("Undo"), on_action=lambda: self._resume(game_id))
            self.app.page.update()

        w.confirm_dialog(self.app.page, t("Abandon this game?"),
                         t("It leaves the games in progress and is kept in the history, "
                           "where you can take it up again."),
                         t("Abandon"), self.app.guarded(abandon))

    def _resume(self, game_id: str) -> None:
        self.app.services.backend.resume_game(game_id)
        self.refresh()
        self.app.page.update()

    def _set_aside_game(self, game_id: str) -> None:
        self._set_aside = self.app.services.backend.set_aside_game(game_id)
        self.refresh()
        self.app.page.update()
