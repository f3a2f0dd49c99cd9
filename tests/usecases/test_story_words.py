"""A game's story in words (`companion.usecases.story_text`), as a finished game's page and
a game's log show it, in English and in French (whose plural starts at 2: "0 carte
construite", where English says "0 cards built")."""

from __future__ import annotations

import pytest

from companion.i18n import set_language
from companion.rules.actions import Place
from companion.rules.cards import Resource, Token
from companion.rules.moves import Event
from companion.rules.state import Phase
from companion.rules.story import Chapter, Move, RoundStory
from companion.shipped.catalog import Catalog
from companion.usecases.story_text import (
    chapter_notes,
    chapter_title,
    move_results,
    move_text,
    round_summary,
    round_title,
    supremacy_note,
)

ROUNDS = [
    # Two chapters' cards and Krystallium are the round's.
    (RoundStory(2, [Chapter(Phase.PLANNING, built=[6, 999]),
                    Chapter(Phase.PRODUCTION, Resource.GOLD, built=[18], krystallium=1)]),
     "Round 2", "This round: 3 cards built, 1 Krystallium gained",
     "Tour 2", "Ce tour : 3 cartes construites, 1 Krystallium gagné"),
    (RoundStory(1, []), "Round 1", "This round: 0 cards built, 0 Krystallium gained",
     "Tour 1", "Ce tour : 0 carte construite, 0 Krystallium gagné"),
    (RoundStory(4, [Chapter(Phase.PLANNING, built=[6], krystallium=2),
                    Chapter(Phase.PRODUCTION, Resource.ENERGY, krystallium=1)]),
     "Round 4", "This round: 1 card built, 3 Krystallium gained",
     "Tour 4", "Ce tour : 1 carte construite, 3 Krystallium gagnés"),
]


@pytest.mark.parametrize(("story", "title", "summary", "titre", "resume"), ROUNDS)
def test_a_round_s_title_and_summary(story: RoundStory, title: str, summary: str, titre: str,
                                     resume: str) -> None:
    assert (round_title(story), round_summary(story)) == (title, summary)
    set_language("fr")
    assert (round_title(story), round_summary(story)) == (titre, resume)


CHAPTERS = [
    (Chapter(Phase.PLANNING, built=[6, 999]),
     ("Planning", ["Built: Recycling Plant, card #999"], "No supremacy"),
     ("Planification", ["Construites : Usine de Recyclage, carte n°999"],
      "Pas de suprématie")),
    (Chapter(Phase.PRODUCTION, Resource.SCIENCE, supremacy=True, bonus=Token.GENERAL),
     ("Science", [], "Supremacy: you took 1 General"),
     ("Science", [], "Suprématie : vous avez pris 1 Général")),
    (Chapter(Phase.PRODUCTION, Resource.SCIENCE, supremacy=True, bonus=Token.FINANCIER),
     ("Science", [], "Supremacy: you took 1 Financier"),
     ("Science", [], "Suprématie : vous avez pris 1 Financier")),
    (Chapter(Phase.PRODUCTION, Resource.GOLD, supremacy=True),
     ("Gold", [], "Supremacy won"), ("Or", [], "Suprématie gagnée")),
    (Chapter(Phase.PRODUCTION, Resource.ENERGY, supremacy=False, others=(3, 4)),
     ("Energy", [], "No supremacy (others: 3, 4)"),
     ("Énergie", [], "Pas de suprématie (autres : 3, 4)")),
    (Chapter(Phase.PRODUCTION, Resource.MATERIALS, supremacy=False, others=()),
     ("Materials", [], "No supremacy"), ("Matériaux", [], "Pas de suprématie")),
    (Chapter(Phase.PRODUCTION, None), ("Cards' tokens", [], "No supremacy"),
     ("Jetons des cartes", [], "Pas de suprématie")),
    # The cards' tokens: Krystallium on a line of its own, each token by its count.
    (Chapter(Phase.EXTRA, tokens={Token.FINANCIER: 2, Token.KRYSTALLIUM: 3, Token.GENERAL: 1},
             krystallium=3),
     ("Cards' tokens", ["+2 Financiers, +1 General", "+3 Krystallium"], "No supremacy"),
     ("Jetons des cartes", ["+2 Financiers, +1 Général", "+3 Krystallium"],
      "Pas de suprématie")),
    (Chapter(Phase.EXTRA, tokens={Token.FINANCIER: 1, Token.GENERAL: 1,
                                  Token.KRYSTALLIUM: 2}, krystallium=2),
     ("Cards' tokens", ["+1 Financier, +1 General", "+2 Krystallium"], "No supremacy"),
     ("Jetons des cartes", ["+1 Financier, +1 Général", "+2 Krystallium"],
      "Pas de suprématie")),
    (Chapter(Phase.EXTRA, tokens={Token.KRYSTALLIUM: 1}, krystallium=1),
     ("Cards' tokens", ["+1 Krystallium"], "No supremacy"),
     ("Jetons des cartes", ["+1 Krystallium"], "Pas de suprématie")),
    (Chapter(Phase.FINISHED, built=[18], tokens={Token.GENERAL: 2}),
     ("Cards' tokens", ["Built: Zeppelin", "+2 Generals"], "No supremacy"),
     ("Jetons des cartes", ["Construites : Zeppelin", "+2 Généraux"], "Pas de suprématie")),
]


@pytest.mark.parametrize(("chapter", "english", "french"), CHAPTERS)
def test_a_chapter_s_title_notes_and_supremacy(
        cards: Catalog, chapter: Chapter, english: tuple[str, list[str], str],
        french: tuple[str, list[str], str]) -> None:
    assert (chapter_title(chapter), chapter_notes(cards, chapter),
            supremacy_note(chapter)) == english
    set_language("fr")
    assert (chapter_title(chapter), chapter_notes(cards, chapter),
            supremacy_note(chapter)) == french


def test_a_move_and_what_it_did(cards: Catalog) -> None:
    move = Move(3, Place(onto=7, count=2), (
        Event("bonus", "{card} gives {amount} {token}",
              {"card": "Wind Turbines", "amount": 2, "token": "General"}),
        Event("phase", "Planning", {})))
    assert move_text(cards, move, {7: 6}) == "Place 2 on Recycling Plant"
    assert move_results(move) == ["Wind Turbines gives 2 Generals", "Planning"]
    assert move_results(Move(1, Place())) == []
    set_language("fr")
    assert move_text(cards, move, {7: 6}) == "Placer 2 sur Usine de Recyclage"
    assert move_results(move) == ["Éoliennes donne 2 Généraux", "Planification"]
