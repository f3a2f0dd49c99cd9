"""The rules at the table: every topic by section, a search, and a page per rule.

The words are the shipped rulebook's (`companion.shipped.rulebook`), in the player's
language; each rule has its own address (`/rules/supremacy`), so back, reload and a
link work. The search finds words in the player's language, accents optional, as the
card search does.
"""

from __future__ import annotations

import flet as ft

from companion.i18n import language, t
from companion.rules.cards import Resource
from companion.rules.production import before_corruption, corruption, production
from companion.rules.reasons import Reason, solo_rank_reason, supremacy_reason
from companion.rules.scoring import score
from companion.shipped.rulebook import (
    RankExample,
    Rulebook,
    SupremacyExample,
    Tableau,
    Topic,
    rank_examples,
    rulebook,
    search,
    supremacy_examples,
    worked_examples,
)
from companion.ui import address
from companion.ui.kit import widgets as w
from companion.ui.kit.card_face import amount_chips, chip_row, production_chips
from companion.ui.kit.score_pad import breakdown_rows
from companion.ui.screen import Screen, ScreenMissing, Shell
from companion.usecases.labels import empire_label, message, reason_text, resource_name
from companion.usecases.why import numbers_given, reason_for
from companion.usecases.worked import construction_steps


class RulesScreen(Screen):
    section_bar = True

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.book: Rulebook = rulebook()
        self.query = ""
        self._search = ft.TextField(label=t("Search the rules"),
                                    hint_text=t("a few words, accents optional"),
                                    prefix_icon=ft.Icons.SEARCH, on_change=self._typed)
        self._list = ft.Column(spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    @property
    def title(self) -> str:
        return t("Rules")

    def build(self) -> ft.Control:
        self.refresh()
        return ft.Column([
            self._search,
            ft.Semantics(content=self._list, identifier="rule-list", container=True),
        ], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def refresh(self) -> None:
        found = search(self.book, self.query, t) if self.query.strip() else None
        rows: list[ft.Control] = []
        for section in self.book.sections:
            topics = [topic for topic in self.book.in_section(section.id)
                      if found is None or topic in found]
            if topics:
                rows.append(w.heading(t(section.title)))
                rows += [self._row(topic) for topic in topics]
        if not rows:
            rows.append(ft.Text(t("No rule mentions these words."), italic=True))
        self._list.controls = rows

    def _row(self, topic: Topic) -> ft.Control:
        return ft.ListTile(title=ft.Text(t(topic.title)),
                           trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
                           on_click=lambda: self._open(topic.id))

    def _open(self, topic: str) -> None:
        """A rule; when the list itself was opened over a screen (a game, from the top
        bar), the rule goes on top of the list, so back leads back to that screen."""
        if address.OVER in address.place(self.app.route).query:
            self.app.open_on_top("rules", topic)
        else:
            self.app.navigate(address.path("rules", topic))

    def _typed(self, event: ft.Event[ft.TextField]) -> None:
        self.query = str(event.control.value or "")
        self.app.refresh()


class RuleScreen(Screen):
    """One rule, its paragraphs in the player's language."""

    def __init__(self, app: Shell, topic: Topic, reason: Reason | None = None,
                 unread: bool = False) -> None:
        super().__init__(app)
        self.topic = topic
        self.reason = reason
        """The rule applied to the numbers of the player's game, when it came from a "?"."""
        self.unread = unread
        """The address carried numbers that could not be read (a damaged or made-up link)."""

    @classmethod
    def from_route(cls, app: Shell, **values: str) -> RuleScreen:
        found = rulebook().topic(values.get("topic", ""))
        if found is None:
            raise ScreenMissing(t("There is no rule {topic}: the Rules page lists them all.",
                                  topic=values.get("topic", "")))
        reason = reason_for(found.id, values, app.services.scenarios, app.services.catalog)
        return cls(app, found, reason, unread=reason is None and numbers_given(found.id, values))

    @property
    def title(self) -> str:
        return t(self.topic.title)

    def build(self) -> ft.Control:
        # Each paragraph a node of its own: a screen reader reads the rule paragraph by
        # paragraph, not as one block merged into the page's label.
        paragraphs: list[ft.Control] = [ft.Semantics(content=ft.Text(t(text)), container=True)
                                        for text in self.topic.text]
        paragraphs += [self._example(example) for example in self.topic.examples
                       if example in worked_examples()]
        paragraphs += [self._ranks(rank_examples()[example]) for example in self.topic.examples
                       if example in rank_examples()]
        paragraphs += [self._supremacy(supremacy_examples()[example])
                       for example in self.topic.examples if example in supremacy_examples()]
        if self.reason is not None:
            paragraphs.insert(0, w.card_box(
                w.heading(t("In your game")),
                w.value_text("why", reason_text(self.reason), size=16),
                identifier="rule-why"))
        elif self.unread:
            paragraphs.insert(0, w.card_box(
                ft.Text(t("The numbers in this address could not be read (the link may be "
                          "damaged or made by hand): here is the rule alone.")),
                identifier="rule-unread"))
        return ft.Semantics(
            content=ft.Column(paragraphs, spacing=12,
                              horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            identifier=f"rule-{self.topic.id}", container=True)

    def _example(self, example_id: str) -> ft.Control:
        """A rulebook's worked example, drawn as the app draws a game and counted by the
        rules: the Empire and its built cards, then the totals or the score pad. Its
        heading says whose it is: the rulebook of the player's language, with the names
        that edition prints, or else the French one, whose names the text then keeps."""
        tableau = worked_examples()[example_id]
        catalog = self.app.services.catalog
        empire = catalog.empire(tableau.empire, tableau.face)
        built = [catalog.card(name) for name in tableau.built]
        lines: list[ft.Control] = [
            _source(example_id, t("Example from the rulebook")
                    if language() in tableau.printed_in
                    else t("Example from the French rulebook")),
            ft.Text(t("{empire} (face {face})", empire=empire_label(catalog, empire.name),
                      face=empire.face), weight=ft.FontWeight.BOLD),
            chip_row(production_chips(empire.production, long=True)),
            ft.Text(t("Built: {cards}", cards=", ".join(card.name_in(language())
                                                        for card in built))),
        ]
        if tableau.shows == "construction":
            return w.card_box(*lines[:3], *self._construction(tableau),
                              identifier=f"example-{example_id}")
        if tableau.shows == "corruption":
            lines += [ft.Text(t("Without corruption:")),
                      _totals(f"example-{example_id}-gross", before_corruption(empire, built)),
                      ft.Text(t("Corruption:")),
                      _totals(f"example-{example_id}-corruption", corruption(empire, built)),
                      ft.Text(t("Produced, used for supremacy and for the cubes taken:"))]
        if tableau.shows in ("production", "corruption"):
            lines.append(_totals(f"example-{example_id}-production",
                                 production(empire, built)))
        else:
            result = score(empire, built, tableau.generals, tableau.financiers)
            lines += breakdown_rows(result, f"example-{example_id}")
        return w.card_box(*lines, identifier=f"example-{example_id}")

    def _construction(self, tableau: Tableau) -> list[ft.Control]:
        """The example played by the engine: the step that builds the card, what placing
        its cubes did, and the next step, where the card produces at once."""
        card = self.app.services.catalog.card(tableau.built[0])
        building, after = construction_steps(tableau, self.app.services.catalog)
        lines: list[ft.Control] = [
            ft.Text(t("Under construction: {card}", card=card.name_in(language()))),
            chip_row(amount_chips(card.cost, long=True)),
        ]
        for number, step in enumerate((building, after), start=1):
            lines.append(w.value_text(
                f"example-{tableau.id}-step-{number}",
                t("{resource} step: you produce {count}",
                  resource=resource_name(step.resource), count=step.produced), bold=True))
            lines += [ft.Text(message(event.template, event.params))
                      for event in step.events if event.kind == "built"]
        return lines

    @staticmethod
    def _supremacy(example: SupremacyExample) -> ft.Control:
        """Our supremacy example (no rulebook prints one): each table's totals read by
        the rule, under a heading that says it is ours."""
        resource = example.kind
        lines: list[ft.Control] = [_source(example.id, t("An example"))]
        for number, totals in enumerate(example.totals, start=1):
            named = [(t("Player {number}", number=seat), total)
                     for seat, total in enumerate(totals, start=1)]
            lines.append(w.value_text(f"example-{example.id}-{number}",
                                      reason_text(supremacy_reason(resource, named))))
        return w.card_box(*lines, identifier=f"example-{example.id}")

    @staticmethod
    def _ranks(example: RankExample) -> ft.Control:
        """Our solo-rank example (no rulebook prints one), each score read by the rank
        table, under a heading that says it is ours."""
        lines: list[ft.Control] = [_source(example.id, t("An example"))]
        lines += [ft.Text(reason_text(solo_rank_reason(total, face)))
                  for total, face in example.scores]
        return w.card_box(*lines, identifier=f"example-{example.id}")


def _source(example_id: str, text: str) -> ft.Control:
    """An example's heading, which says whose example it is (the tests read it back)."""
    return ft.Semantics(content=w.heading(text), identifier=f"example-{example_id}-source",
                        container=True)


def _totals(identifier: str, totals: dict[Resource, int]) -> ft.Control:
    return ft.Semantics(content=chip_row(amount_chips(tuple(totals.items()), long=True)),
                        identifier=identifier, container=True)
