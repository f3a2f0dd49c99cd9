"""`/history/<game>`: one game of the history: its score pad, its story round by round,
a link and QR code to send it to BG Stats, and a way to delete it (with an undo).

Everything shown of a played game is its actions replayed by the rules (score pad and
story alike); a quick score has no actions to tell, so it shows each player's score pad
as it was typed, marked as a quick score.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import flet as ft

from companion.i18n import t
from companion.rules.cards import Resource
from companion.rules.errors import Rejected
from companion.rules.game import Game
from companion.rules.scoring import Score
from companion.rules.state import GameState, Phase
from companion.rules.stats import CATEGORIES, is_played, record_mode
from companion.rules.story import Chapter, RoundStory, game_story
from companion.ui import address
from companion.ui.kit import widgets as w
from companion.ui.kit.score_pad import breakdown_rows
from companion.ui.open_games import forget_session
from companion.ui.screen import Screen, ScreenMissing, Shell
from companion.usecases.bgstats import create_play_url, play_data, players_of
from companion.usecases.labels import empire_label, message
from companion.usecases.record_labels import record_date, record_empire_line, record_heading
from companion.usecases.story_text import (
    chapter_notes,
    chapter_title,
    round_summary,
    round_title,
    supremacy_note,
)
from companion.usecases.why import step_numbers


class HistoryGameScreen(Screen):
    def __init__(self, app: Shell, record: dict[str, Any]) -> None:
        super().__init__(app)
        self.record = record
        self.quick = record_mode(record) == "quick"
        self.state: GameState | None = None
        self.story: list[RoundStory] = []
        self.problem: str | None = None
        if not self.quick:
            self._replay()

    @classmethod
    def from_route(cls, app: Shell, **values: str) -> HistoryGameScreen:
        record = app.services.backend.game(values.get("game", ""))
        if record is None:
            raise ScreenMissing(t("This game is no longer in your data: it may have been "
                                  "deleted. Your other games are in the history."))
        return cls(app, record)

    def _replay(self) -> None:
        catalog = self.app.services.catalog
        try:
            game = Game.from_json({k: self.record[k] for k in ("version", "actions")
                                   if k in self.record}, catalog)
            self.state = game.state
            self.story = game_story(game.actions, catalog)
        except (Rejected, KeyError) as exc:
            self.problem = (message(exc.template, exc.params) if isinstance(exc, Rejected)
                            else str(exc))

    @property
    def title(self) -> str:
        return t("Quick score") if self.quick else t("Finished game")

    def build(self) -> ft.Control:
        services = self.app.services
        record = self.record
        controls: list[ft.Control] = [
            w.value_text("game-heading", record_heading(services, record), bold=True,
                         size=18),
            ft.Text(" · ".join(x for x in (record_empire_line(services, record),
                                          record_date(record)) if x)),
        ]
        if self.quick:
            controls.append(w.value_text("quick-mark", t("Quick score: typed in after the "
                                                         "game, so there is no story.")))
            controls += self._quick_pads()
        elif self.problem is not None:
            controls.append(w.card_box(ft.Text(t("This game could not be replayed: "
                                                 "{reason}", reason=self.problem)),
                                       identifier="story-problem"))
        else:
            controls += self._own_pad()
            controls.append(w.heading(t("Round by round")))
            controls += [self._round(story) for story in self.story]
        if is_played(record):
            controls.append(self._bgstats())
        controls.append(w.button(t("Delete this game"), self._ask_delete,
                                 icon=ft.Icons.DELETE_OUTLINE, kind="outlined"))
        return ft.Column(controls, spacing=12,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    # --- score pads ---------------------------------------------------------------

    def _own_pad(self) -> list[ft.Control]:
        state = self.state
        if state is None:
            return []
        if not state.finished:
            return [w.value_text("game-status", t("Abandoned, round {round}",
                                                  round=state.round))]
        return [w.card_box(w.heading(t("Score pad")),
                           *breakdown_rows(state.score(), "final",
                                           duo="ca" in state.expansions),
                           identifier="score-pad")]

    def _quick_pads(self) -> list[ft.Control]:
        tableaux = self.record.get("tableaux")
        pads: list[ft.Control] = []
        for number, entry in enumerate(tableaux if isinstance(tableaux, list) else [],
                                       start=1):
            score = _score(entry.get("score") if isinstance(entry, Mapping) else None)
            if score is None:
                continue
            empire = empire_label(self.app.services.catalog, str(entry.get("empire", "")))
            lines: list[ft.Control] = [
                ft.Text(t("{place}. {name}", place=entry.get("place", number),
                          name=entry.get("name", "")), weight=ft.FontWeight.BOLD),
                ft.Text(t("{empire} (face {face})", empire=empire,
                          face=entry.get("face", "A"))),
                *breakdown_rows(score, f"player-{number}", duo=False),  # shown if any
            ]
            pads.append(w.card_box(*lines, identifier=f"pad-{number}"))
        return pads

    # --- the story ----------------------------------------------------------------

    def _round(self, story: RoundStory) -> ft.Control:
        lines: list[ft.Control] = [w.heading(round_title(story))]
        for chapter in story.chapters:
            line = self._chapter(story.number, chapter)
            if line is not None:
                lines.append(line)
        lines.append(ft.Text(round_summary(story), italic=True))
        return w.card_box(*lines, identifier=f"round-{story.number}")

    def _chapter(self, number: int, chapter: Chapter) -> ft.Control | None:
        notes = chapter_notes(self.app.services.catalog, chapter)
        if chapter.phase is Phase.PRODUCTION and chapter.resource is not None:
            resource = chapter.resource
            badge = ft.Semantics(
                content=w.chip(resource, str(chapter.produced)),
                label=t("{resource}: {total}", resource=w.resource_name(resource),
                        total=chapter.produced),
                identifier=f"produced-{number}-{resource.value}")
            notes.insert(0, supremacy_note(chapter))
            texts: list[ft.Control] = [ft.Text(n) for n in notes]
            numbers = self._supremacy_numbers(chapter, resource)
            if numbers:
                question = t("Why this supremacy in {resource}?",
                             resource=w.resource_name(resource))
                texts[0] = w.with_why(texts[0], question,
                                      lambda: self.app.open_on_top("rules", "supremacy",
                                                                   **numbers))
            return ft.Row([badge, ft.Column(texts, spacing=2, expand=True)],
                          vertical_alignment=ft.CrossAxisAlignment.START)
        if not notes:
            return None
        return ft.Text(f"{chapter_title(chapter)}: " + " · ".join(notes))

    def _supremacy_numbers(self, chapter: Chapter, resource: Resource) -> dict[str, str]:
        """The step's totals for its supremacy rule, when the story knows them all."""
        if chapter.supremacy is None:
            return {}
        return step_numbers(resource, chapter.produced, chapter.others,
                            solo=self.record.get("mode") == "solo")

    # --- BG Stats -----------------------------------------------------------------

    def bgstats_url(self) -> str:
        record = self.record
        won: bool | None = None
        if record.get("scenario"):
            attempts = self.app.services.backend.attempts(str(record["scenario"]))
            verdicts = [a.get("won") for a in attempts if a.get("game") == record.get("id")]
            won = bool(verdicts[-1]) if verdicts else None
        players = players_of(record, t("You"), won)
        return create_play_url(play_data(record, players))

    def _bgstats(self) -> ft.Control:
        url = self.bgstats_url()
        link = ft.TextButton(t("Open in BG Stats"), icon=ft.Icons.OPEN_IN_NEW, url=url,
                             height=w.TOUCH)
        return w.card_box(
            w.heading(t("Send to BG Stats")),
            ft.Text(t("Open the link on a phone with BG Stats, or scan the code with it: "
                      "BG Stats asks you to match the players before it saves the play.")),
            link,
            w.qr_code(url, t("QR code of the BG Stats link")),
            identifier="bgstats")

    # --- deleting -----------------------------------------------------------------

    def _ask_delete(self) -> None:
        w.confirm_dialog(self.app.page, t("Delete this game?"),
                         t("It leaves your history and statistics. You can undo it just "
                           "after."), t("Delete"), self.app.guarded(self._delete))

    def _delete(self) -> None:
        backend = self.app.services.backend
        game_id = str(self.record["id"])
        full = backend.game(game_id) or self.record
        backend.delete_game(game_id)
        forget_session(self.app, game_id)
        self.app.navigate("/history")
        self.app.notify(t("Game deleted"), action=t("Undo"),
                        on_action=lambda: self._restore(full))

    def _restore(self, record: dict[str, Any]) -> None:
        self.app.services.backend.save_game(record)
        if address.place(self.app.route).path == "/history":
            self.app.reopen()
        self.app.notify(t("Game restored"))


def _score(data: object) -> Score | None:
    """A score pad typed in a quick score, if every row is a number."""
    if not isinstance(data, Mapping):
        return None
    values = [data.get(key) for key in CATEGORIES]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return None
    return Score(*(int(v) for v in values if isinstance(v, int)))

