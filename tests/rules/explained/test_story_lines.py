"""What a game's story says of each chapter: the cards built, the Krystallium and the
character tokens that came in, and the supremacy bonus taken, each in the chapter where
the rules gave it. The numbers are worked out by hand from the printed cards
(reference cards.csv) and Noram States face B (M2 E1 S1), never by the code under test.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import construct, new, to_step

from companion.rules.actions import (
    ChooseScience,
    NextStep,
    Opponents,
    Place,
    Recycle,
    Start,
)
from companion.rules.cards import Resource, Token
from companion.rules.errors import Refusal, Rejected
from companion.rules.state import Phase
from companion.rules.story import game_story
from companion.shipped.catalog import Catalog

NOT_A_GAME = "A game starts with its setup (a 'start' action)"


@pytest.mark.parametrize("actions", [[], [NextStep()], [NextStep(), Start("Noram States", "B")]])
def test_a_list_without_its_setup_first_is_refused_in_words(cards: Catalog,
                                                            actions: list[object]) -> None:
    with pytest.raises(Rejected) as refused:
        game_story(actions, cards)  # type: ignore[arg-type]
    assert refused.value.kind is Refusal.MALFORMED
    assert str(refused.value) == NOT_A_GAME


def test_the_setup_move_tells_the_scenarios_cards_put_under_construction(
        cards: Catalog) -> None:
    """A scenario starts with its listed cards under construction (RULES.md, solo
    scenarios): the log's first move says so, card by card."""
    names = ("Polar Base", "Mega-Drill", "Super-Sonar", "Center of the Earth")
    game = new(cards, scenario="base-1", required=tuple(cards.card(n).id for n in names))
    (setup,) = game_story(game.actions, cards)[0].chapters[0].moves
    assert setup.number == 1
    assert [(e.kind, e.params["card"]) for e in setup.events] == [
        ("construct", name) for name in names]


def test_a_planning_chapter_keeps_a_general_bonus_apart_from_krystallium(
        cards: Catalog) -> None:
    """Military Base (M3 E1, bonus 1 General) completed by recycling in Planning: the
    chapter builds it, gains no Krystallium, and takes no supremacy bonus. Then two
    Occult Districts (Corruption & Ascension: M1, bonus 1 Krystallium each) built by the
    Materials step's cubes (2 of Noram B + 1 of the Base = 3): that step's chapter gains
    2 Krystallium, one per card, and still no supremacy bonus (3 is under 5)."""
    game = new(cards, expansions=("ca",))
    (base,) = construct(game, cards, "Military Base")
    military, turbines = cards.card("Military Base").id, cards.card("Wind Turbines").id
    for card in (military, military, military, turbines):  # M M M, then E
        game.play(Recycle(card, onto=base))
    first, second = construct(game, cards, "Occult District", "Occult District")
    game.play(NextStep())
    for onto in (first, second, None):
        game.play(Place(onto=onto))
    planning, materials = game_story(game.actions, cards)[0].chapters
    district = cards.card("Occult District").id
    assert (planning.built, planning.krystallium, planning.bonus, planning.tokens) == (
        [cards.card("Military Base").id], 0, None, {})
    assert (materials.resource, materials.produced, materials.supremacy) == (
        Resource.MATERIALS, 3, False)
    assert (materials.built, materials.krystallium, materials.bonus) == (
        [district, district], 2, None)


def test_the_extra_step_tells_each_token_the_cards_produced(cards: Catalog) -> None:
    """War or Peace: Memorial for the Builder (M3 G1, produces K1) and Security Ships
    (M1 E2 G1, produces X1 and 1 General) built in Planning. After Exploration, the extra
    step gives 1 Krystallium and 1 General: the chapter holds both tokens, counts only
    the Krystallium as Krystallium, and is no supremacy bonus."""
    game = new(cards, expansions=("wop",))
    memorial, ships = construct(game, cards, "Memorial for the Builder", "Security Ships")
    military, turbines = cards.card("Military Base").id, cards.card("Wind Turbines").id
    centre = cards.card("Financial Center").id  # recycled for 1 Gold
    for card, onto in [(military, memorial), (military, memorial), (military, memorial),
                       (centre, memorial), (military, ships), (turbines, ships),
                       (turbines, ships), (centre, ships)]:
        game.play(Recycle(card, onto=onto))
    to_step(game, Resource.EXPLORATION)
    game.play(Place(count=game.state.to_place))
    game.play(NextStep())
    assert game.state.phase is Phase.EXTRA
    extra = game_story(game.actions, cards)[0].chapters[-1]
    assert extra.phase is Phase.EXTRA
    assert extra.tokens == {Token.KRYSTALLIUM: 1, Token.GENERAL: 1}
    assert (extra.krystallium, extra.bonus, extra.built) == (1, None, [])


@pytest.mark.parametrize(("code", "token"), [("Fin", Token.FINANCIER),
                                             ("Gen", Token.GENERAL)])
def test_a_science_supremacy_is_the_token_the_player_chose(cards: Catalog, code: str,
                                                           token: Token) -> None:
    """Two players, Noram B: 1 Science against the other's 0 takes the supremacy, and
    the player chooses its bonus (RULES.md, Science); the step's chapter names that
    token."""
    game = new(cards, mode="table", players=2)
    for _ in (Resource.MATERIALS, Resource.ENERGY):  # the other produces more of each
        game.play(NextStep())
        game.play(Opponents((9,)))
        game.play(Place(count=game.state.to_place))
    game.play(NextStep())
    game.play(Opponents((0,)))
    game.play(ChooseScience(code))  # type: ignore[arg-type]
    science = game_story(game.actions, cards)[0].steps[2]
    assert (science.resource, science.produced, science.others) == (Resource.SCIENCE, 1, (0,))
    assert (science.supremacy, science.bonus, science.winners) == (True, token, [0])
