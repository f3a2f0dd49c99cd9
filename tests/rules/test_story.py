"""A finished game's story, replayed from its actions: numbers worked out by hand."""

from __future__ import annotations

import pytest
from games import construct, new, to_step
from story_samples import benjamin_game, table_game

from companion.rules.actions import NextStep, Place, Recycle
from companion.rules.cards import Resource, Token
from companion.rules.errors import Refusal, Rejected
from companion.rules.state import Phase
from companion.rules.story import built_cards, game_story
from companion.shipped.catalog import Catalog

M, E, S, G, X = Resource


def test_benjamins_game_step_by_step(cards: Catalog) -> None:
    story = game_story(benjamin_game(cards).actions, cards)
    assert [r.number for r in story] == [1, 2, 3, 4]
    first, second, third, fourth = story
    # Round 1: Empire alone (M2 S2); the Mega-Drill is built in the Materials step,
    # so its X1 already counts in the Exploration step of the same round.
    assert first.production == {M: 2, E: 0, S: 2, G: 0, X: 1}
    assert [c.phase for c in first.chapters] == [Phase.PLANNING, *[Phase.PRODUCTION] * 5]
    assert first.steps[0].built == [cards.card("Mega-Drill").id]
    assert first.chapters[0].built == []
    assert first.krystallium == 0
    # Round 2: M2 + 1 = 3; the Recycling Plant completes; 5 cubes on the Empire → 1 K.
    assert second.production == {M: 3, E: 0, S: 2, G: 0, X: 1}
    assert second.steps[0].built == [cards.card("Recycling Plant").id]
    assert second.steps[0].krystallium == 1
    assert second.krystallium == 1
    # Rounds 3 and 4: example 1 of the rulebook, and the solo Materials supremacy (5).
    for later in (third, fourth):
        assert later.production == {M: 5, E: 0, S: 2, G: 0, X: 1}
        materials = later.steps[0]
        assert (materials.supremacy, materials.bonus, materials.winners) == (
            True, Token.FINANCIER, [0])
        assert all(step.supremacy is False for step in later.steps[1:])
    assert built_cards(story) == [cards.card("Mega-Drill").id,
                                  cards.card("Recycling Plant").id]


def test_a_table_games_supremacy_with_the_other_players_totals(cards: Catalog) -> None:
    story = game_story(table_game(cards).actions, cards)
    for told in story:
        materials, energy, science, gold, exploration = told.steps
        assert told.production == {M: 2, E: 1, S: 1, G: 0, X: 0}
        assert (materials.others, materials.winners, materials.bonus) == (
            (1, 1), [0], Token.FINANCIER)
        assert (energy.supremacy, energy.winners) == (False, [])
        assert science.supremacy is False and gold.supremacy is False
        assert exploration.supremacy is False
    # 4 cubes a round on the Empire: 5th cube in round 2, 10th in round 3, 15th in 4.
    assert [r.krystallium for r in story] == [0, 1, 1, 1]


def test_a_list_that_is_not_a_game_is_refused(cards: Catalog) -> None:
    with pytest.raises(Rejected) as refused:
        game_story([], cards)  # an empty action list has no story
    assert refused.value.kind is Refusal.MALFORMED


def test_the_war_or_peace_step_s_krystallium_is_in_the_story(cards: Catalog) -> None:
    """Cards that produce Krystallium each round (War or Peace) resolve in one extra step
    after Exploration (RULES.md, production): the Tower of Babel's K2 belongs to that
    step's chapter and to the round's Krystallium."""
    game = new(cards, expansions=("wop",))
    (babel,) = construct(game, cards, "Tower of Babel")  # X5 to build; K2 each round
    for _ in range(5):
        game.play(Recycle(cards.card("Zeppelin").id, onto=babel))
    to_step(game, X)
    if game.state.to_place:
        game.play(Place(count=game.state.to_place))
    before = game.state.krystallium
    game.play(NextStep())
    assert game.state.phase is Phase.EXTRA
    assert game.state.krystallium == before + 2
    first = game_story(game.actions, cards)[0]
    extra = first.chapters[-1]
    assert (extra.phase, extra.krystallium) == (Phase.EXTRA, 2)
    assert first.krystallium == game.state.krystallium


def test_each_chapter_lists_its_moves_numbered_from_the_setup(cards: Catalog) -> None:
    """A game told so far is its log: every action once, in order, in the chapter it was
    played in; a step opens with the move that went to it (the numbers are Benjamin's
    moves, listed in `story_samples`)."""
    game = benjamin_game(cards)
    story = game_story(game.actions[:18], cards)
    numbers = [[m.number for m in c.moves] for r in story for c in r.chapters]
    assert numbers == [[1, 2, 3, 4, 5], [6, 7, 8], [9], [10, 11], [12], [13, 14], [15],
                       [16, 17, 18]]
    moves = [m for r in story for c in r.chapters for m in c.moves]
    assert tuple(m.action for m in moves) == game.actions[:18]
    placed = story[1].steps[0].moves[1]  # round 2: 1 Materials on the Recycling Plant
    assert [e.kind for e in placed.events] == ["built"]
    assert [e.kind for e in story[1].steps[0].moves[2].events] == ["krystallium"]
