"""A shared table at its edges: the refusals a table shows its players, whole (they read
them on their phones), the largest table, a seat not set up yet, the War or Peace step's
place among the stages, and the copies of a card the seats hold between them."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pytest
from games import new

from companion.rules.actions import Construct, NextStep, Opponents, Place
from companion.rules.cards import PRODUCTION_ORDER, Resource
from companion.rules.errors import Refusal, Rejected
from companion.rules.state import GameState, Phase
from companion.rules.table import (
    Deal,
    Position,
    Waiting,
    check_copies,
    check_empire,
    check_move_on,
    check_table,
    deal,
    draft_direction,
    position,
    supremacy_answers,
    waiting,
)
from companion.shipped.catalog import Catalog

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
EMPIRES = ["Noram States", "Panafrican Union", "Aztec Empire", "Federation of Asia",
           "Republic of Europe", "Nations of Oceania"]


def seat(cards: Catalog, empire: str, players: int = 2, face: str = "A") -> GameState:
    """One seat's game as the table plays it (more than 5 players need C&A)."""
    expansions = ("ca",) if players > 5 else ()
    return new(cards, empire, face, mode="table", players=players,
               expansions=expansions).state


def refusal(kind: Refusal, call: Callable[..., object], *args: object) -> str:
    """The English sentence of the refusal `call(*args)` raises, once its kind is checked."""
    with pytest.raises(Rejected) as refused:
        call(*args)
    assert refused.value.kind is kind, str(refused.value)
    return str(refused.value)


@pytest.mark.parametrize(("round_number", "message"), [
    (0, "A game has rounds 1 to 4, not 0"),
    (5, "A game has rounds 1 to 4, not 5"),
])
def test_a_round_outside_the_game_is_refused_in_words(round_number: int, message: str) -> None:
    assert refusal(Refusal.BAD_NUMBER, draft_direction, round_number) == message


@pytest.mark.parametrize(("players", "expansions", "message"), [
    (6, ["base"], "A draft is dealt to 2 to 5 players, not 6"),
    (8, ["ca"], "A draft is dealt to 2 to 7 players, not 8"),
    # A count read from a file as a decimal number is no number of players, even a
    # whole one: the deal refuses it rather than dealing 7 cards to "3.0" players.
    (3.0, ["base"], "A draft is dealt to 2 to 5 players, not 3.0"),
    (2.5, ["ca"], "A draft is dealt to 2 to 7 players, not 2.5"),
])
def test_a_draft_for_a_table_the_box_does_not_allow_is_refused_in_words(
        players: float, expansions: list[str], message: str) -> None:
    assert refusal(Refusal.PLAYER_COUNT, deal, players, expansions) == message


def test_seven_players_are_the_largest_table(cards: Catalog) -> None:
    # Two seats set up, five players still choosing their Empire.
    seats = [seat(cards, "Noram States", 7), seat(cards, "Panafrican Union", 7),
             None, None, None, None, None]
    check_table(seats, NAMES)
    assert deal(7, ["ca"]) == Deal(5, 2)


@pytest.mark.parametrize(("size", "message"), [
    (1, "A table has 2 to 7 players, not 1"),
    (8, "A table has 2 to 7 players, not 8"),
])
def test_a_table_of_a_size_the_game_has_not_is_refused_in_words(
        size: int, message: str) -> None:
    assert refusal(Refusal.PLAYER_COUNT, check_table, [None] * size, NAMES) == message


def test_every_seat_plays_a_table_game_of_the_tables_size(cards: Catalog) -> None:
    three = seat(cards, "Panafrican Union", players=3)
    solo = new(cards, "Panafrican Union", "A").state
    for other in (three, solo):
        assert refusal(Refusal.PLAYER_COUNT, check_table,
                       [seat(cards, "Noram States"), other], NAMES) == (
            "Every seat plays a table game of 2 players")


def test_an_empire_taken_or_a_face_not_the_tables_is_refused_in_words(
        cards: Catalog) -> None:
    # A seat not set up yet comes first: the seats after it are still looked at.
    seats = [None, seat(cards, "Noram States")]
    assert refusal(Refusal.EMPIRE_TAKEN, check_empire, seats, "Noram States", "A") == (
        "Noram States is already another player's Empire: choose another")
    assert refusal(Refusal.EMPIRE_FACE, check_empire, seats, "Aztec Empire", "B") == (
        "This table plays face A: every player uses the same face")
    check_empire(seats, "Aztec Empire", "A")


def test_the_copies_held_count_what_each_seat_built_and_is_building(
        cards: Catalog) -> None:
    icebreaker = cards.card("Icebreaker")  # 4 copies
    ana = new(cards, "Noram States", "A", mode="table", players=2)
    for _ in range(2):
        ana.play(Construct(icebreaker.id))
    ana.state.built.append(icebreaker)
    bo = seat(cards, "Panafrican Union")
    bo.built.extend([cards.card("Zeppelin"), cards.card("Aircraft Carrier")])
    # 3 of the 4 Icebreakers are held (one built, two under construction); Bo's cards
    # are other cards.
    check_copies([ana.state, bo], icebreaker)
    bo.built.append(icebreaker)
    assert refusal(Refusal.NO_COPY_LEFT, check_copies, [ana.state, bo], icebreaker) == (
        "The deck has 4 copies of Icebreaker, all already taken at this table")


def test_the_last_copy_of_a_card_is_told_in_the_singular(cards: Catalog) -> None:
    carrier = cards.card("Aircraft Carrier")  # 1 copy
    ana = seat(cards, "Noram States")
    ana.built.append(carrier)
    assert refusal(Refusal.NO_COPY_LEFT, check_copies, [ana, None], carrier) == (
        "The deck has 1 Aircraft Carrier, already taken at this table")


@pytest.mark.parametrize(("phase", "step", "stage"), [
    (Phase.PLANNING, None, 0),
    *[(Phase.PRODUCTION, resource, index + 1) for index, resource in
      enumerate(PRODUCTION_ORDER)],
    (Phase.EXTRA, None, 6),  # War or Peace: after Exploration, before the next round
    (Phase.FINISHED, None, 7),
])
def test_each_stage_of_a_round_has_its_place(
        cards: Catalog, phase: Phase, step: Resource | None, stage: int) -> None:
    state = seat(cards, "Noram States").copy()
    state.round, state.phase, state.step = 3, phase, step
    assert position(state) == Position(3, stage)


def test_no_supremacy_while_a_seat_is_not_set_up_or_not_producing(cards: Catalog) -> None:
    noram = new(cards, "Noram States", "A", mode="table", players=2)
    panafrica = new(cards, "Panafrican Union", "A", mode="table", players=2)
    assert supremacy_answers([noram.state, panafrica.state]) == {}  # both planning
    noram.play(NextStep())  # Materials
    assert supremacy_answers([noram.state, None]) == {}
    assert supremacy_answers([None, noram.state]) == {}


def test_no_supremacy_while_the_seats_produce_at_different_steps(cards: Catalog) -> None:
    noram = new(cards, "Noram States", "A", mode="table", players=2)
    panafrica = new(cards, "Panafrican Union", "A", mode="table", players=2)
    for game in (noram, panafrica):
        game.play(NextStep())  # Materials: Noram 3, Panafrica 2
    for game, theirs in ((noram, 2), (panafrica, 3)):
        game.play(Opponents((theirs,)))
        game.play(Place(count=game.state.to_place))
    noram.play(NextStep())  # Energy, Panafrica still at Materials
    assert supremacy_answers([noram.state, panafrica.state]) == {}
    assert supremacy_answers([panafrica.state, noram.state]) == {}
    panafrica.play(NextStep())  # Energy: Noram 0, Panafrica 0
    assert supremacy_answers([noram.state, panafrica.state]) == {
        0: Opponents((0,)), 1: Opponents((0,))}


def test_a_seat_not_producing_or_not_set_up_waits_for_nobody(cards: Catalog) -> None:
    planning = seat(cards, "Noram States")
    assert waiting([planning, None], 0) == Waiting()
    assert waiting([None, planning], 0) == Waiting()


def test_a_step_that_waits_for_several_players_names_them_all(cards: Catalog) -> None:
    noram = new(cards, "Noram States", "A", mode="table", players=3)
    noram.play(NextStep())
    seats = [noram.state, seat(cards, "Panafrican Union", 3), seat(cards, "Aztec Empire", 3)]
    assert refusal(Refusal.STEP_UNFINISHED, check_move_on, seats, 0, NAMES) == (
        "The step ends when every player has placed their cubes: waiting for Bo, Cy")
