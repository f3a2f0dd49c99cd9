"""A game's story in words: what a round and each of its steps did, and each move.

Shared by a finished game's page in the history and the log of a game in progress
(screens never import each other), so a step reads the same in both places. Words only:
what happened comes from the rules (`companion.rules.story`).
"""

from __future__ import annotations

from companion.i18n import t, tn
from companion.rules.cards import Token
from companion.rules.state import Phase
from companion.rules.story import Chapter, Move, RoundStory
from companion.shipped.catalog import Catalog
from companion.usecases.labels import (
    card_name,
    describe_action,
    message,
    resource_name,
    word_in_number,
)


def round_title(story: RoundStory) -> str:
    return t("Round {round}", round=story.number)


def round_summary(story: RoundStory) -> str:
    """"This round: 2 cards built, 1 Krystallium gained"."""
    return t("This round: {built}, {krystallium}",
             built=tn("{count} card built", "{count} cards built", len(story.built)),
             krystallium=tn("{count} Krystallium gained", "{count} Krystallium gained",
                            story.krystallium))


def chapter_title(chapter: Chapter) -> str:
    """"Planning", a production step's resource, or "Cards' tokens"."""
    if chapter.phase is Phase.PRODUCTION and chapter.resource is not None:
        return resource_name(chapter.resource)
    return t("Planning") if chapter.phase is Phase.PLANNING else t("Cards' tokens")


def chapter_notes(catalog: Catalog, chapter: Chapter) -> list[str]:
    """What a chapter added to the Empire: cards built, tokens, Krystallium."""
    notes: list[str] = []
    if chapter.built:
        notes.append(t("Built: {cards}", cards=", ".join(card_name(catalog, c)
                                                         for c in chapter.built)))
    tokens = {k: n for k, n in chapter.tokens.items() if k is not Token.KRYSTALLIUM}
    if tokens:
        notes.append(", ".join(f"+{n} {word_in_number(k, n)}" for k, n in tokens.items()))
    if chapter.krystallium:
        notes.append(t("+{count} Krystallium", count=chapter.krystallium))
    return notes


def supremacy_note(chapter: Chapter) -> str:
    """How a production step's supremacy went for the player."""
    others = ", ".join(str(x) for x in chapter.others or ())
    if chapter.supremacy and chapter.bonus is not None:
        return t("Supremacy: you took 1 {token}", token=resource_name(chapter.bonus))
    if chapter.supremacy:
        return t("Supremacy won")
    if others:
        return t("No supremacy (others: {totals})", totals=others)
    return t("No supremacy")


def move_text(catalog: Catalog, move: Move, cards: dict[int, int]) -> str:
    """The move as the Undo button names it ("Place 2 on Wind Turbines"); `cards` maps
    construction numbers to the cards they stand for."""
    return describe_action(move.action, catalog, cards)


def move_results(move: Move) -> list[str]:
    """What the move did, as the game announced it when it was played."""
    return [message(event.template, event.params) for event in move.events]
