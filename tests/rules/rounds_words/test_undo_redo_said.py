"""A game's record as the player meets it: what Undo, Redo and going back say and give
back, and every refusal of a game or a saved file with its kind and whole message."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from companion.rules.actions import Action, Construct, NextStep, Place, Recycle, Start
from companion.rules.errors import Refusal, Rejected
from companion.rules.game import Game, replay
from companion.shipped.catalog import Catalog

SOLO = Start(empire="Noram States", face="B")
START = {"type": "start", "empire": "Noram States"}


def three_moves(cards: Catalog) -> Game:
    """Solo, Planning of round 1: two cards under construction, one recycled."""
    game = Game.new(SOLO, cards)
    for action in (Construct(cards.card("Wind Turbines").id),
                   Construct(cards.card("Zeppelin").id), Recycle(cards.card("Icebreaker").id)):
        game.play(action)
    return game


def whole(refused: pytest.ExceptionInfo[Rejected]) -> tuple[Refusal, str]:
    return refused.value.kind, str(refused.value)


@pytest.mark.parametrize(("step", "kind", "message"), [
    (lambda g: g.go_back(0), Refusal.BAD_NUMBER, "This game has no move 0 to go back to"),
    (lambda g: g.go_back(5), Refusal.BAD_NUMBER, "This game has no move 5 to go back to"),
    (lambda g: g.go_back(True), Refusal.BAD_NUMBER, "This game has no move True to go back to"),
    (lambda g: g.go_back("2"), Refusal.BAD_NUMBER, "This game has no move 2 to go back to"),
    (lambda g: g.go_back(4), Refusal.NOTHING_TO_DO,
     "The game is at this move already: nothing to take back"),
    (lambda g: g.redo(), Refusal.NOTHING_TO_DO, "Nothing to redo"),
    (lambda g: g.play("Place"), Refusal.MALFORMED,
     "Not a valid action: 'Place' is not a game action"),
])
def test_a_refused_step_back_or_forth_says_why(cards: Catalog, step: Callable[[Game], Any],
                                               kind: Refusal, message: str) -> None:
    game = three_moves(cards)
    saved = game.to_json()
    with pytest.raises(Rejected) as refused:
        step(game)
    assert whole(refused) == (kind, message)
    assert game.to_json() == saved


def test_the_setup_cannot_be_undone(cards: Catalog) -> None:
    game = Game.new(SOLO, cards)
    with pytest.raises(Rejected) as refused:
        game.undo()
    assert whole(refused) == (Refusal.NOTHING_TO_DO, "Nothing to undo")
    assert (game.can_undo, game.next_undo(), game.next_redo()) == (False, None, None)


def test_the_next_undo_and_redo_name_one_action(cards: Catalog) -> None:
    game = Game.new(SOLO, cards)
    game.play(NextStep())
    assert (game.next_undo(), game.next_redo()) == (NextStep(), None)
    game.undo()
    assert (game.next_undo(), game.next_redo()) == (None, NextStep())


def test_undoing_a_going_back_brings_the_moves_back_and_names_the_last(
        cards: Catalog) -> None:
    game = three_moves(cards)
    forward = game.actions
    assert game.go_back(1) == forward[1:]
    assert (game.next_undo(), game.undo_brings_back) == (None, forward[1:])
    assert game.undo() == forward[-1]  # the last brought back, not the first nor the second
    assert game.actions == forward
    assert (game.next_redo(), game.redo_takes_back) == (None, forward[1:])
    assert game.redo() == forward[1]  # going back again: the first one taken back
    assert game.actions == forward[:1]


def test_undoing_a_going_back_next_redo_is_none_with_moves_still_to_redo(
        cards: Catalog) -> None:
    """An ordinary redo list under the going back: Redo still goes back again first."""
    game = three_moves(cards)
    forward = game.actions
    game.undo()
    game.go_back(2)
    game.undo()
    assert game.actions == forward[:3]
    assert game.redo_actions == (forward[3],)
    assert (game.next_redo(), game.redo_takes_back) == (None, (forward[2],))


def table_of(cards: Catalog, drafted: int) -> list[Action]:
    """A table game whose first Planning drafted `drafted` cards: more than 7 replays (a
    game recorded before the limit), but is no new move."""
    names = ["Wind Turbines", "Zeppelin", "Icebreaker", "Recycling Plant", "Research Center",
             "Tank Division", "Nuclear Plant", "Financial Center"]
    return [Start(empire="Noram States", face="B", mode="table", players=3),
            *(Construct(cards.card(name).id) for name in names[:drafted])]


def test_bringing_moves_back_checks_them_as_new_moves(cards: Catalog) -> None:
    game = Game(cards, table_of(cards, 8))
    saved = game.to_json()
    game.go_back(1)
    going_back = game.to_json()
    with pytest.raises(Rejected) as refused:
        game.undo()
    assert whole(refused) == (
        Refusal.CARD_LIMIT, "Each player keeps 7 drafted cards a round: this would be card 8. "
        "Start production, or undo a card played by mistake.")
    assert game.to_json() == going_back
    assert saved["actions"][1:] == game.to_json()["redo"][::-1]


@pytest.mark.parametrize(("actions", "kind", "message"), [
    ([], Refusal.MALFORMED, "A game starts with its setup (a 'start' action)"),
    ([NextStep()], Refusal.MALFORMED, "A game starts with its setup (a 'start' action)"),
    ([SOLO, NextStep(), SOLO], Refusal.ALREADY_STARTED,
     "Action 3 starts a second game inside this one"),
    ([SOLO, Place(count=1)], Refusal.WRONG_PHASE,
     "Action 2 (place) cannot be replayed: Cubes are placed during a production step, not "
     "during Planning"),
])
def test_a_record_that_does_not_replay_names_its_first_wrong_action(
        cards: Catalog, actions: list[Action], kind: Refusal, message: str) -> None:
    with pytest.raises(Rejected) as refused:
        replay(actions, cards)
    assert whole(refused) == (kind, message)


@pytest.mark.parametrize(("data", "kind", "message"), [
    ([START], Refusal.MALFORMED, "A saved game is a JSON object with an 'actions' list"),
    ({"version": 3, "actions": [START]}, Refusal.UNKNOWN_FORMAT,
     "This game was saved in format 3; this app reads format 2"),
    ({"version": 0, "actions": [START]}, Refusal.UNKNOWN_FORMAT,
     "This game was saved in format 0; this app reads format 2"),
    ({"version": True, "actions": [START]}, Refusal.UNKNOWN_FORMAT,
     "This game was saved in format True; this app reads format 2"),
    ({"actions": {}}, Refusal.MALFORMED, "'actions' must be a list of actions"),
    ({}, Refusal.MALFORMED, "'actions' must be a list of actions"),
    ({"actions": [START], "redo": "x"}, Refusal.MALFORMED, "'redo' must be a list of actions"),
    ({"actions": [START] * 5001}, Refusal.TOO_LONG,
     "'actions' holds 5001 actions; a game has at most 5000"),
    ({"actions": [START], "redo": [{"type": "end"}] * 5001}, Refusal.TOO_LONG,
     "'redo' holds 5001 actions; a game has at most 5000"),
    ({"actions": [START], "redo": [{"type": "nope"}]}, Refusal.MALFORMED,
     "'redo': Invalid value 'nope' - at `$[0].type`"),
    ({"actions": [START], "redo": [{"type": "place"}]}, Refusal.WRONG_PHASE,
     "The redo list does not follow the game: Cubes are placed during a production step, "
     "not during Planning"),
    ({"actions": [START], "back": {"undo": 1}}, Refusal.MALFORMED,
     "'back' must name 'undo' or 'redo' with the number of actions it moves, no more than "
     "there are"),
])
def test_a_saved_game_refused_says_why(cards: Catalog, data: object, kind: Refusal,
                                       message: str) -> None:
    with pytest.raises(Rejected) as refused:
        Game.from_json(data, cards)
    assert whole(refused) == (kind, message)


def test_5000_actions_are_read(cards: Catalog) -> None:
    """The limit is a game's length, not one less: a long record is read up to it (the
    actions here are refused only after being read, for what they say)."""
    with pytest.raises(Rejected) as refused:
        Game.from_json({"actions": [START] * 5000}, cards)
    assert whole(refused) == (Refusal.ALREADY_STARTED,
                              "Action 2 starts a second game inside this one")
