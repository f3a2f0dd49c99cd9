"""The end of a game: the score pad, the solo rank or the scenario's medal, a summary to share."""

from __future__ import annotations

import flet as ft

from companion.i18n import language, t, tn
from companion.i18n.counts import points_total
from companion.rules.scenarios import ScenarioResult, scenario_result
from companion.rules.scoring import FACE_A_ADJUSTMENT, Score, solo_rank
from companion.ui import address
from companion.ui.game.undo import undo_bar
from companion.ui.kit import symbols
from companion.ui.kit import widgets as w
from companion.ui.kit.card_picker import card_label
from companion.ui.kit.score_pad import breakdown_rows
from companion.ui.screen import Screen, Shell
from companion.ui.table.ranking import seat_end_rows
from companion.usecases.labels import card_name, empire_label, medal_label, solo_rank_label
from companion.usecases.session import GameSession
from companion.usecases.why import medal_numbers, rank_numbers


class EndScreen(Screen):
    def __init__(self, app: Shell, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.game_id = session.id
        self.follows_table = (session.table or {}).get("id")
        self._content = ft.Column(spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    @property
    def title(self) -> str:
        return t("Final score")

    def build(self) -> ft.Control:
        self.refresh()
        return self._content

    def bottom_bar(self) -> ft.Control | None:
        return undo_bar(self.app, self.session, self._after_undo)

    def _after_undo(self) -> None:
        if not self.session.state.finished:
            self.app.reopen()
        else:
            self.app.refresh()

    def score(self) -> Score:
        return self.session.state.score()

    def scenario_result(self) -> ScenarioResult | None:
        state = self.session.state
        if state.scenario is None:
            return None
        scenario = self.app.services.scenarios.get(state.scenario)
        if scenario is None:
            return None
        return scenario_result(scenario, state.built_ids(), self.score().total, state.empire.face)

    def result_lines(self) -> list[str]:
        """The verdict in words: rank, or scenario won/lost with medal and next medal."""
        state = self.session.state
        total = self.score().total
        result = self.scenario_result()
        if result is not None:
            if not result.won:
                missing = ", ".join(card_name(self.app.services.catalog, c)
                                    for c in result.missing)
                return [t("Scenario lost: not built at the end: {cards}", cards=missing)]
            lines = [t("Scenario won: {medal} medal", medal=medal_label(result.medal))
                     if result.medal else t("Scenario won, but below the bronze medal")]
            if result.next_medal is not None and result.points_to_next is not None:
                lines.append(tn("{points} point short of {medal}",
                                "{points} points short of {medal}", result.points_to_next,
                                points=result.points_to_next,
                                medal=medal_label(result.next_medal)))
            return lines
        if state.solo:
            rank = solo_rank(total, state.empire.face)
            if rank is None:
                return [t("The solo rank table does not apply: it is for the rulebook's "
                          "faces A and B, not the variant face {face}", face=state.empire.face)]
            lines = [t("Solo rank: {rank}", rank=solo_rank_label(rank))]
            if state.empire.face == "A":
                lines.append(t("Face A: {points} points are taken off before reading the rank.",
                               points=FACE_A_ADJUSTMENT))
            return lines
        if self.session.table is not None:
            return []  # the table's ranking follows, from every seat's game
        return [t("Score the other players to see the ranking.")]

    def _verdict_rows(self, verdict: list[str]) -> list[ft.Control]:
        """The verdict, its first line with a "?" to the rule that decided it."""
        rows: list[ft.Control] = [w.value_text(f"verdict-{n}", line, size=16)
                                  for n, line in enumerate(verdict)]
        why = self._why()
        if rows and why is not None:
            topic, numbers = why
            rows[0] = w.with_why(rows[0], t("Why this result?"),
                                 lambda: self.app.open_on_top("rules", topic, **numbers))
        return rows

    def _why(self) -> tuple[str, dict[str, str]] | None:
        """The rule behind the verdict, with this game's numbers: the medal, or the rank."""
        state = self.session.state
        total = self.score().total
        result = self.scenario_result()
        if result is not None and state.scenario is not None:
            return "solo-scenarios", medal_numbers(total, state.scenario, result.won)
        if state.solo:
            return "solo-rank", rank_numbers(total, state.empire.face)
        return None

    def _picture(self) -> list[ft.Control]:
        """The medal won, or the solo rank, drawn as the game draws them."""
        result = self.scenario_result()
        if result is not None:
            return [symbols.medal_badge(result.medal, size=48, identifier="final-medal")]
        state = self.session.state
        if state.solo:
            rank = solo_rank(self.score().total, state.empire.face)
            return [] if rank is None else [symbols.rank_badge(rank, size=48,
                                                               identifier="final-rank")]
        return []

    def refresh(self) -> None:
        state = self.session.state
        result = self.score()
        verdict = self.result_lines()
        controls: list[ft.Control] = [
            ft.Row([w.value_text("final-score", points_total(result.total),
                                 size=32, bold=True), *self._picture()],
                   alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
            *self._verdict_rows(verdict),
            w.card_box(w.heading(t("Score pad")),
                       *breakdown_rows(result, "final", duo="ca" in state.expansions),
                       identifier="score-pad"),
            w.card_box(
                w.heading(t("Your Empire")),
                ft.Text(self.session.headline()),
                ft.Text(t("Built: {cards}",
                          cards=", ".join(card_label(c) for c in state.built) or t("none"))),
                ft.Text(t("Generals: {g} · Financiers: {f} · Krystallium: {k} (worth nothing)",
                          g=state.generals, f=state.financiers, k=state.krystallium)),
            ),
            w.button(t("Copy the summary"), self._copy, icon=ft.Icons.COPY),
        ]
        if self.session.table is not None:
            controls[len(verdict) + 1:len(verdict) + 1] = seat_end_rows(self.app, self.session)
        elif not state.solo:
            controls.append(w.button(t("Score everyone and rank"), self._score_everyone,
                                     icon=ft.Icons.LEADERBOARD, kind="tonal"))
        controls.append(w.button(t("Back to the home screen"), self.app.home, kind="outlined",
                                 icon=ft.Icons.HOME))
        self._content.controls = controls

    def summary(self) -> str:
        """The result as plain text, to paste in a message or a notes app."""
        state = self.session.state
        result = self.score()
        mode = t("Solo game") if state.solo else t("Table game, {n} players", n=state.players)
        if state.scenario:
            scenario = self.app.services.scenarios.get(state.scenario)
            name = scenario.name_in(language()) if scenario else state.scenario
            mode = t("Solo scenario: {name}", name=name)
        empire = t("{empire} (face {face})",
                   empire=empire_label(self.app.services.catalog, state.empire.name),
                   face=state.empire.face)
        points = {k: v for k, v in result.as_dict().items() if k != "total"}
        rows = (t("Raw {raw} · Combo {combo} · Duo {duo} · Generals {generals} · "
                  "Financiers {financiers}", **points)
                if "ca" in state.expansions or result.duo else
                t("Raw {raw} · Combo {combo} · Generals {generals} · Financiers {financiers}",
                  **points))
        built = ", ".join(card_label(c) for c in state.built) or t("none")
        lines = [
            tn("It's a Wonderful World: {points} point",
               "It's a Wonderful World: {points} points", result.total, points=result.total),
            f"{mode} · {empire}",
            rows,
            *self.result_lines(),
            t("Built ({count}): {cards}", count=len(state.built), cards=built),
        ]
        return "\n".join(lines)

    async def _copy(self) -> None:
        text = self.summary()
        await ft.Clipboard().set(text)
        self.app.notify(t("Summary copied: paste it anywhere."))

    def _score_everyone(self) -> None:
        self.app.navigate(address.path("quick", game=self.session.id))
