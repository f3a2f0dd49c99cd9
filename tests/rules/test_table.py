"""A shared table: supremacy settled from every seat's game, steps that wait for everyone,
the draft of each round and the final ranking, against hand-worked numbers."""

from __future__ import annotations

import pytest
from games import refused_as

from companion.rules.actions import (
    ChooseScience,
    Construct,
    End,
    NextStep,
    Opponents,
    Place,
    Start,
)
from companion.rules.errors import Refusal, Rejected
from companion.rules.game import Game
from companion.rules.scoring import TieBreak
from companion.rules.table import (
    Deal,
    Position,
    Waiting,
    check_empire,
    check_move_on,
    check_table,
    check_undo,
    deal,
    draft_direction,
    final_ranking,
    position,
    supremacy_answers,
    waiting,
    waiting_for,
)
from companion.shipped.catalog import Catalog

NAMES = ["Ana", "Bo"]


def seat(cards: Catalog, empire: str, players: int = 2, face: str = "A") -> Game:
    expansions = ("ca",) if players > 5 else ()
    return Game.new(Start(empire=empire, face=face, mode="table", players=players,
                          expansions=expansions), cards)


def two_seats(cards: Catalog) -> tuple[Game, Game]:
    # Noram States A produces M3 G1; Panafrican Union A produces M2 S2.
    return seat(cards, "Noram States"), seat(cards, "Panafrican Union")


def settle(games: tuple[Game, ...]) -> None:
    for index, action in supremacy_answers([g.state for g in games]).items():
        games[index].play(action)


@pytest.mark.parametrize(("round_number", "direction"),
                         [(1, "left"), (2, "right"), (3, "left"), (4, "right")])
def test_cards_pass_left_in_rounds_1_and_3_and_right_in_2_and_4(
        round_number: int, direction: str) -> None:
    assert draft_direction(round_number) == direction


@pytest.mark.parametrize("bad", [0, 5, True])
def test_there_is_no_draft_outside_the_four_rounds(bad: int) -> None:
    with pytest.raises(Rejected) as refused:
        draft_direction(bad)
    refused_as(refused.value, Refusal.BAD_NUMBER, round=bad)


@pytest.mark.parametrize(("players", "expansions", "dealt", "discarded"), [
    (2, ["base"], Deal(10), 3),          # 10 each, the last 3 discarded
    (3, ["base"], Deal(7), 0),
    (5, ["base"], Deal(7), 0),
    (2, ["base", "ca"], Deal(8, 4), 5),  # C&A: 8 + 4, draft 7
    (3, ["ca"], Deal(6, 3), 2),          # "3–4p 6+3": three players too
    (4, ["ca"], Deal(6, 3), 2),
    (5, ["ca"], Deal(6, 2), 1),
    (6, ["ca"], Deal(6, 2), 1),
    (7, ["ca"], Deal(5, 2), 0),
])
def test_the_deal_of_each_table_size(players: int, expansions: list[str], dealt: Deal,
                                     discarded: int) -> None:
    assert deal(players, expansions) == dealt
    assert deal(players, expansions).discarded == discarded


@pytest.mark.parametrize(("players", "expansions"), [(1, ["base"]), (6, ["base"]), (8, ["ca"])])
def test_no_deal_for_a_table_the_box_does_not_allow(players: int, expansions: list[str]) -> None:
    with pytest.raises(Rejected) as refused:
        deal(players, expansions)
    refused_as(refused.value, Refusal.PLAYER_COUNT, players=players)


def test_supremacy_waits_for_every_seat_then_settles_with_no_totals_typed(
        cards: Catalog) -> None:
    noram, panafrica = two_seats(cards)
    noram.play(NextStep())  # Materials: 3, Bo still planning
    assert supremacy_answers([noram.state, panafrica.state]) == {}
    assert waiting_for([noram.state, panafrica.state], 0) == [1]
    panafrica.play(NextStep())  # Materials: 2
    answers = supremacy_answers([noram.state, panafrica.state])
    assert answers == {0: Opponents((2,)), 1: Opponents((3,))}
    settle((noram, panafrica))
    assert (noram.state.financiers, panafrica.state.financiers) == (1, 0)  # 3 beats 2
    assert supremacy_answers([noram.state, panafrica.state]) == {}  # given once


def test_a_step_ends_only_when_every_seat_has_placed_its_cubes(cards: Catalog) -> None:
    noram, panafrica = two_seats(cards)
    for game in (noram, panafrica):
        game.play(NextStep())
    settle((noram, panafrica))
    noram.play(Place(count=3))
    seats = [noram.state, panafrica.state]
    assert waiting_for(seats, 0) == [1]
    with pytest.raises(Rejected) as refused:
        check_move_on(seats, 0, NAMES)
    refused_as(refused.value, Refusal.STEP_UNFINISHED, names="Bo")
    panafrica.play(Place(count=2))
    check_move_on([noram.state, panafrica.state], 0, NAMES)
    assert waiting_for([noram.state, panafrica.state], 1) == []


def test_science_is_chosen_on_each_phone_before_the_step_ends(cards: Catalog) -> None:
    noram, panafrica = two_seats(cards)
    for _ in range(3):  # Materials, Energy, Science
        for game in (noram, panafrica):
            game.play(NextStep())
        settle((noram, panafrica))
        for game in (noram, panafrica):
            if game.state.to_place:
                game.play(Place(count=game.state.to_place))
    assert panafrica.state.science_pending  # 2 Science beats 0
    assert waiting_for([noram.state, panafrica.state], 0) == [1]
    panafrica.play(ChooseScience("Gen"))
    assert waiting_for([noram.state, panafrica.state], 0) == []
    assert panafrica.state.generals == 1


def test_a_seat_ahead_is_not_waited_for(cards: Catalog) -> None:
    noram, panafrica = two_seats(cards)
    for game in (noram, panafrica):
        game.play(NextStep())
    settle((noram, panafrica))
    for game in (noram, panafrica):
        game.play(Place(count=game.state.to_place))
    noram.play(NextStep())  # Energy
    assert position(noram.state) == Position(1, 2)
    assert waiting_for([noram.state, panafrica.state], 1) == []
    assert waiting_for([noram.state, panafrica.state], 0) == [1]  # Bo not at Energy yet


def test_waiting_tells_who_has_not_reached_the_step_from_who_is_still_placing(
        cards: Catalog) -> None:
    # Three seats: Noram (M3) and Panafrica (M2) open Materials, Aztec (A: E2 X1, no
    # Materials) stays planning.
    noram, panafrica, aztec = (seat(cards, "Noram States", 3),
                               seat(cards, "Panafrican Union", 3),
                               seat(cards, "Aztec Empire", 3))
    noram.play(NextStep())
    panafrica.play(NextStep())
    seats = [noram.state, panafrica.state, aztec.state]
    assert waiting(seats, 0) == Waiting(arriving=(2,), placing=(1,))
    assert waiting(seats, 2) == Waiting()  # a seat still planning waits for nobody
    aztec.play(NextStep())
    settle((noram, panafrica, aztec))
    noram.play(Place(count=noram.state.to_place))
    seats = [noram.state, panafrica.state, aztec.state]
    # Everyone has reached the step; Aztec produced nothing, so it has nothing to place
    # and only Panafrica, 2 cubes in hand, is still placing.
    assert aztec.state.to_place == 0 and panafrica.state.to_place == 2
    assert waiting(seats, 0) == Waiting(arriving=(), placing=(1,))
    assert waiting(seats, 2) == Waiting(arriving=(), placing=(1,))
    panafrica.play(Place(count=2))
    seats = [noram.state, panafrica.state, aztec.state]
    assert waiting(seats, 0) == Waiting() and waiting_for(seats, 0) == []


def test_a_settled_supremacy_is_not_undone_on_one_phone(cards: Catalog) -> None:
    noram, panafrica = two_seats(cards)
    for game in (noram, panafrica):
        game.play(NextStep())
    settle((noram, panafrica))
    noram.play(Place(count=1))
    check_undo(noram.next_undo())  # a cube may be taken back
    noram.undo()
    with pytest.raises(Rejected) as refused:
        check_undo(noram.next_undo())
    assert refused.value.kind is Refusal.NOT_UNDOABLE


def test_each_empire_is_dealt_once_and_faces_are_never_mixed(cards: Catalog) -> None:
    noram = seat(cards, "Noram States")
    with pytest.raises(Rejected) as refused:
        check_empire([noram.state, None], "Noram States", "A")
    refused_as(refused.value, Refusal.EMPIRE_TAKEN, empire="Noram States")
    with pytest.raises(Rejected) as refused:
        check_empire([noram.state, None], "Panafrican Union", "B")
    refused_as(refused.value, Refusal.EMPIRE_FACE, face="A")
    check_empire([noram.state, None], "Panafrican Union", "A")
    twin = seat(cards, "Noram States")
    with pytest.raises(Rejected) as refused:
        check_table([noram.state, twin.state], NAMES)
    refused_as(refused.value, Refusal.EMPIRE_TAKEN, first="Ana", second="Bo",
               empire="Noram States")
    with pytest.raises(Rejected) as refused:
        check_table([noram.state, seat(cards, "Panafrican Union", face="B").state], NAMES)
    refused_as(refused.value, Refusal.EMPIRE_FACE, player="Bo", face="B", first="Ana",
               first_face="A")
    with pytest.raises(Rejected) as refused:
        check_table([noram.state, seat(cards, "Panafrican Union", players=3).state], NAMES)
    refused_as(refused.value, Refusal.PLAYER_COUNT, players=2)
    carrier = cards.card("Aircraft Carrier")
    other = seat(cards, "Panafrican Union")
    for game in (noram, other):
        game.play(Construct(carrier.id))
    with pytest.raises(Rejected) as refused:
        check_table([noram.state, other.state], NAMES)
    refused_as(refused.value, Refusal.NO_COPY_LEFT, card="Aircraft Carrier", count=1, built=2,
               players="Ana 1, Bo 1")


def play_out(games: tuple[Game, ...]) -> None:
    """Four rounds with nothing built: each seat places every cube on its Empire."""
    for round_number in range(1, 5):
        for _ in range(5):
            for game in games:
                game.play(NextStep())
            settle(games)
            for game in games:
                if game.state.to_place:
                    game.play(Place(count=game.state.to_place))
                if game.state.science_pending:
                    game.play(ChooseScience("Fin"))
        for game in games:
            game.play(End() if round_number == 4 else NextStep())


def test_the_final_ranking_with_its_tie_breakers(cards: Catalog) -> None:
    noram, panafrica = two_seats(cards)
    with pytest.raises(Rejected) as refused:
        final_ranking([noram.state, panafrica.state])
    assert refused.value.kind is Refusal.GAME_NOT_OVER
    assert str(refused.value) == "The ranking comes when every player's game is over"
    play_out((noram, panafrica))
    # Noram States A: 1 VP per Financier; wins M (3 v 2) and G (1 v 0) each round:
    # 8 Financiers → 8 tokens × (1 + 1) = 16. Panafrican Union A: 2 per Research (none);
    # wins S each round (2 v 0), taking a Financier: 4 × 1 = 4.
    assert noram.state.financiers == 8 and panafrica.state.financiers == 4
    ranked = final_ranking([noram.state, panafrica.state])
    # Points alone decide: no tie-breaker is given as a reason.
    assert [(r.seat, r.place, r.total, r.reasons) for r in ranked] == [
        (0, 1, 16, ()), (1, 2, 4, ())]


def test_equal_totals_equal_cards_and_tokens_share_the_place(cards: Catalog) -> None:
    # Federation of Asia A (M1 G2) wins M and G each round: 8 Financiers, 8 points.
    # Aztec Empire A (E2 X1) wins E and X each round: 8 Generals, 8 points. Neither
    # builds a card and both hold 8 tokens: the place is shared.
    asia, aztecs = seat(cards, "Federation of Asia"), seat(cards, "Aztec Empire")
    play_out((asia, aztecs))
    assert (asia.state.financiers, aztecs.state.generals) == (8, 8)
    ranked = final_ranking([asia.state, aztecs.state])
    assert [(r.seat, r.place, r.total, r.reasons) for r in ranked] == [
        (0, 1, 8, (TieBreak.SHARED,)), (1, 1, 8, (TieBreak.SHARED,))]


def test_the_players_share_one_deck(cards: Catalog) -> None:
    from companion.rules.actions import Construct
    from companion.rules.table import check_copies

    carrier = cards.card("Aircraft Carrier")  # 1 copy
    noram, panafrica = two_seats(cards)
    check_copies([noram.state, panafrica.state], carrier)
    noram.play(Construct(carrier.id))
    with pytest.raises(Rejected) as refused:
        check_copies([noram.state, panafrica.state], carrier)
    refused_as(refused.value, Refusal.NO_COPY_LEFT, copies=1, card="Aircraft Carrier")
    icebreaker = cards.card("Icebreaker")  # 4 copies
    for game in (noram, noram, panafrica):
        game.play(Construct(icebreaker.id))
    check_copies([noram.state, panafrica.state], icebreaker)
    panafrica.play(Construct(icebreaker.id))
    with pytest.raises(Rejected) as refused:
        check_copies([noram.state, panafrica.state], icebreaker)
    refused_as(refused.value, Refusal.NO_COPY_LEFT, copies=4, card="Icebreaker")


def test_six_players_reward_the_two_highest(cards: Catalog) -> None:
    # Materials, faces A: Noram States 3, Oceania 3, Panafrican Union 2, Europe 2,
    # Asia 1, Aztecs 0. Two tied at the top ahead of all others: both gain the bonus.
    empires = ["Noram States", "Nations of Oceania", "Panafrican Union",
               "Republic of Europe", "Federation of Asia", "Aztec Empire"]
    games = tuple(seat(cards, name, players=6) for name in empires)
    for game in games[:5]:
        game.play(NextStep())
    assert supremacy_answers([g.state for g in games]) == {}  # the Aztecs still plan
    games[5].play(NextStep())
    settle(games)
    assert [g.state.financiers for g in games] == [1, 1, 0, 0, 0, 0]
    assert games[0].actions[-1] == Opponents((3, 2, 2, 1, 0))
