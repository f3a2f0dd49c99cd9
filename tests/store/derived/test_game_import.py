"""An imported game is replayed (`derive.replay_game`): one its moves cannot rebuild is
refused with where and why, whole, and each single derived value it claims wrongly
(the cards built or drafted, the round) is put right and counted."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from store_samples import play, record

from companion.i18n import set_language, t
from companion.rules.actions import Construct, Recycle, Start, action_to_json
from companion.rules.game import Game
from companion.rules.planning import drafts
from companion.rules.scenarios import start_for
from companion.shipped.catalog import catalog
from companion.shipped.scenarios import shipped_scenarios
from companion.store import schema
from companion.store.derive import Played, replay_game
from companion.store.store import _check_actions
from companion.store.validate import Export, Invalid, export_document

START = {"type": "start", "empire": "Noram States", "face": "A", "mode": "table",
         "players": 2, "scenario": None, "required": [], "expansions": ["base"],
         "variant_faces": False}


def imported(*games: dict[str, Any]) -> Export:
    data = {"format": "wonderful-companion", "schema_version": schema.SCHEMA_VERSION,
            "games": list(games)}
    return export_document(copy.deepcopy(data), schema.SCHEMA_VERSION, _check_actions)


def refusal(*games: dict[str, Any]) -> str:
    with pytest.raises(Invalid) as refused:
        imported(*games)
    return str(refused.value)


@pytest.fixture(scope="module")
def finished() -> dict[str, Any]:
    """A finished game's honest record, with the cards it built and drafted and its
    round."""
    game = play(1)
    return record("g", game, round=game.state.round, built=game.state.built_ids(),
                  drafted=drafts(game.actions))


@pytest.mark.parametrize(("version", "told"), [(99, "99"), (0, "0"), (True, "True")])
def test_a_game_saved_in_a_format_this_app_does_not_read_is_refused(
        finished: dict[str, Any], version: object, told: str) -> None:
    assert refusal(finished | {"id": "h"}, finished | {"version": version}) == (
        f"games[1].actions: This game was saved in format {told}; this app reads format 2")


def test_the_formats_this_app_reads_are_accepted(finished: dict[str, Any]) -> None:
    for version in (1, 2):
        assert imported(finished | {"version": version}).games[0]["version"] == version


@pytest.mark.parametrize("error", [KeyError, TypeError, IndexError])
def test_a_game_its_moves_cannot_rebuild_for_an_unforeseen_reason_is_refused(
        monkeypatch: pytest.MonkeyPatch, finished: dict[str, Any],
        error: type[Exception]) -> None:
    """What the rules did not foresee is still refused, never a crash."""
    def unforeseen(*args: object) -> Game:
        raise error("deep inside")

    monkeypatch.setattr(Game, "from_json", unforeseen)
    assert refusal(finished) == (
        f"games[0].actions: cannot be replayed ({error.__name__})")


def test_an_honest_game_is_not_counted_as_corrected(finished: dict[str, Any]) -> None:
    result = imported(finished)
    assert result.games == [finished]
    assert result.corrections["games_corrected"] == 0


@pytest.mark.parametrize(("key", "claimed"), [("built", [1, 2, 3]), ("drafted", [1, 2, 3]),
                                               ("round", 1)])
def test_a_game_claiming_one_wrong_value_is_counted_and_put_right(
        finished: dict[str, Any], key: str, claimed: object) -> None:
    assert finished[key] != claimed
    result = imported(finished | {key: claimed})
    assert result.games == [finished]
    assert result.corrections["games_corrected"] == 1


QUICK = {"id": "quick", "kind": "quick-score", "mode": "table", "players": ["Ana"],
         "empires": [], "scenario": None, "campaign": None,
         "created": "2025-06-08T12:00:00+00:00", "updated": "2025-06-08T12:00:00+00:00",
         "finished": True, "actions": [START], "redo": [], "round": 1, "built": [],
         "tableaux": [{"name": "Ana", "empire": "Republic of Europe", "face": "B",
                       "cards": [], "generals": 2, "score": {
                           "raw": 0, "combo": 0, "duo": 0, "generals": 2,
                           "financiers": 0, "total": 2}, "place": 1,
                       "solo_rank": "Apprentice"}],
         "score": {"raw": 0, "combo": 0, "duo": 0, "generals": 2, "financiers": 0,
                   "total": 2, "name": "Ana"}}


@pytest.mark.parametrize(("key", "claimed"), [(None, None), ("built", [23]), ("round", 4)])
def test_a_quick_score_claiming_a_wrong_round_or_cards_is_counted(key: str | None,
                                                                  claimed: object) -> None:
    """Its only move is the setup: round 1, nothing built or drafted, whatever its
    tableaux hold. A record without `drafted` (saved before it was kept) is as it was."""
    result = imported(QUICK if key is None else QUICK | {key: claimed})
    assert result.games == [QUICK]
    assert result.corrections["games_corrected"] == (key is not None)


def test_a_quick_score_claiming_drafted_cards_is_counted() -> None:
    """Its setup drafts nothing, whatever its tableaux hold."""
    result = imported(QUICK | {"drafted": [23]})
    assert result.games == [QUICK | {"drafted": []}]
    assert result.corrections["games_corrected"] == 1


def test_a_game_gives_what_its_moves_give_for_its_attempt(finished: dict[str, Any]) -> None:
    game = play(1)
    assert replay_game(copy.deepcopy(finished), "games[0]") == Played(
        True, game.state.score().total, tuple(game.state.built_ids()),
        game.state.empire.face, None)
    begun = Game.new(start_for(shipped_scenarios()["base-1"], "Noram States"), catalog())
    unfinished = record("s", begun, scenario="base-1")
    assert replay_game(unfinished, "games[0]") == Played(False, None, (), "B", "base-1")


def test_a_quick_score_gives_its_winner_s_total_and_its_setup() -> None:
    """Its moves are its setup alone: they build nothing, whatever its tableaux hold."""
    assert replay_game(copy.deepcopy(QUICK), "games[0]") == Played(True, 2, (), "A", None)
    setup = action_to_json(start_for(shipped_scenarios()["base-1"], "Noram States"))
    of_a_scenario = copy.deepcopy(QUICK) | {"actions": [setup]}
    assert replay_game(of_a_scenario, "games[0]") == Played(True, 2, (), "B", "base-1")


def test_a_score_with_the_right_total_is_completed_without_being_counted(
        finished: dict[str, Any]) -> None:
    """Only a wrong total is a wrong claim: a score kept as its total alone (or with other
    words beside it) gets its parts back, and the player is told of nothing."""
    total = finished["score"]["total"]
    for short in ({"total": total}, finished["score"] | {"note": "close game"}):
        result = imported(finished | {"score": short})
        assert result.games == [finished]
        assert result.corrections["games_corrected"] == 0
    tableau = QUICK["tableaux"][0] | {"score": {"total": 2}}
    result = imported(QUICK | {"tableaux": [tableau], "score": {"total": 2}})
    assert result.games == [QUICK]
    assert result.corrections["games_corrected"] == 0


def test_a_refusal_of_the_rules_keeps_words_the_app_can_translate(
        finished: dict[str, Any]) -> None:
    """The rules' own template reaches the screen, not its English text inside a frame."""
    with pytest.raises(Invalid) as refused:
        imported(finished | {"version": 99})
    english = t(refused.value.template, **refused.value.params)
    assert english == "This game was saved in format 99; this app reads format 2"
    set_language("fr")
    french = t(refused.value.template, **refused.value.params)
    assert french != english and "99" in french


def test_the_cards_an_import_drafted_are_those_its_moves_took_not_those_undone() -> None:
    """Drafted: built (under construction) or recycled at once. The last draft was taken
    back: it waits on the redo list and is no draft; a file that counts it is put right."""
    cards = catalog()
    zeppelin, tank, carrier = (cards.card(name).id for name in
                               ("Zeppelin", "Tank Division", "Aircraft Carrier"))
    game = Game.new(Start(empire="Noram States"), cards)
    for move in (Construct(zeppelin), Recycle(tank), Recycle(zeppelin), Construct(carrier)):
        game.play(move)
    game.undo()
    honest = record("d", game, round=1, built=[], drafted=[zeppelin, tank, zeppelin])
    assert imported(honest).corrections["games_corrected"] == 0
    result = imported(honest | {"drafted": [zeppelin, tank, zeppelin, carrier]})
    assert result.games == [honest]
    assert result.corrections["games_corrected"] == 1


@pytest.mark.parametrize(("drafted", "told"), [
    ("18,45", "must be a list of card numbers, not a string"),
    ({"18": 1}, "must be a list of card numbers, not an object"),
    ([18, True], "must be a list of at most 5000 card numbers"),
    ([18, "45"], "must be a list of at most 5000 card numbers"),
    ([18.0], "must be a list of at most 5000 card numbers"),
    ([None], "must be a list of at most 5000 card numbers"),
    ([0], "must be a list of at most 5000 card numbers"),
    ([1000], "must be a list of at most 5000 card numbers"),
    ([18] * 5001, "must be a list of at most 5000 card numbers"),
])
def test_a_malformed_list_of_drafted_cards_is_refused_with_its_message(
        finished: dict[str, Any], drafted: object, told: str) -> None:
    assert refusal(finished | {"drafted": drafted}) == f"games[0].drafted: {told}"
    assert imported(finished | {"drafted": [18] * 5000}).games == [finished]  # put right
