"""An imported quick score is scored again from its tableaux (`derive._quick_score`):
each tableau's score from its Empire face, cards and characters, the places by the
rulebook's tie-breakers, the game's score as its winner's, a solo tableau's rank; and a
record that claimed anything else is counted as corrected.

The numbers are worked by hand from the printed cards and Empires (RULES.md §4, §5):
Panafrican Union face B gives no points, face A 2 per Research; Noram States face A
1 per Financier (each Financier then scores 2), face B nothing; Genetic Upgrades (23) is
a Research worth 3; every General and Financier token is worth 1.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from companion.i18n import set_language
from companion.store import Store, StoreError, schema
from companion.store.store import _check_actions
from companion.store.validate import Export, Invalid, export_document

START = {"type": "start", "empire": "Noram States", "face": "A", "mode": "table",
         "players": 2, "scenario": None, "required": [], "expansions": ["base"],
         "variant_faces": False}
UNION, NORAM, EUROPE = "Panafrican Union", "Noram States", "Republic of Europe"


def tableau(name: str, empire: str, cards: list[Any] | None = None,
            **more: Any) -> dict[str, Any]:
    return {"name": name, "empire": empire, "cards": cards or [], **more}


def quick(*tableaux: Any, **more: Any) -> dict[str, Any]:
    """A quick score's record: its only move is the setup; no score worked out yet."""
    return {"id": "quick", "kind": "quick-score", "mode": "table", "players": ["Ana", "Bo"],
            "empires": [], "scenario": None, "campaign": None,
            "created": "2025-06-08T12:00:00+00:00", "updated": "2025-06-08T12:00:00+00:00",
            "finished": True, "score": None,
            "tableaux": list(tableaux), "actions": [START], "redo": [], **more}


def imported(game: dict[str, Any]) -> Export:
    data = {"format": "wonderful-companion", "schema_version": schema.SCHEMA_VERSION,
            "games": [game]}
    return export_document(copy.deepcopy(data), schema.SCHEMA_VERSION, _check_actions)


def points(total: int, raw: int = 0, combo: int = 0, generals: int = 0,
           financiers: int = 0) -> dict[str, int]:
    assert raw + combo + generals + financiers == total, "worked by hand: must add up"
    return {"raw": raw, "combo": combo, "duo": 0, "generals": generals,
            "financiers": financiers, "total": total}


TOKENS = {"generals": 40, "financiers": 25}


@pytest.mark.parametrize(("entry", "score", "rank"), [
    # The rank table is printed for face B; face A lowers the score by 15 first.
    (tableau("Ana", UNION, face="B", **TOKENS), points(65, generals=40, financiers=25),
     "Dictator"),
    (tableau("Ana", UNION, face="A", **TOKENS), points(65, generals=40, financiers=25),
     "Apprentice"),
    (tableau("Ana", UNION, **TOKENS), points(65, generals=40, financiers=25), "Apprentice"),
    (tableau("Ana", UNION, face="b", **TOKENS), points(65, generals=40, financiers=25),
     "Dictator"),
    (tableau("Ana", UNION, face="C", **TOKENS), points(65, generals=40, financiers=25), None),
    # Face A counts for a tableau that names none: 2 per Research.
    (tableau("Ana", UNION, [[23, 10]]), points(50, raw=30, combo=20), "Apprentice"),
    (tableau("Ana", UNION, [[23, 10]], face="B"), points(30, raw=30), "Apprentice"),
    # No characters named: none held (each would be worth a point).
    (tableau("Ana", NORAM, face="B"), points(0), "Apprentice"),
    (tableau("Ana", NORAM, financiers=3), points(6, financiers=6), "Apprentice"),
], ids=["face B", "face A", "face A unnamed", "lowercase face b", "variant face", "10 copies",
        "10 copies, face B", "no characters", "Noram A financiers"])
def test_a_solo_quick_score_gets_its_score_and_rank(entry: dict[str, Any],
                                                     score: dict[str, int],
                                                     rank: str | None) -> None:
    result = imported(quick(entry, mode="solo", players=["Ana"]))
    (game,) = result.games
    assert game["tableaux"] == [entry | {"score": score, "place": 1, "solo_rank": rank}]
    assert game["score"] == score | {"name": "Ana"}
    assert game["finished"] is True


TIES = [  # (Ana's tableau, Bo's, their places)
    # Equal totals and cards: the more character tokens ahead, whichever kind.
    (tableau("Ana", EUROPE, face="B", generals=2), tableau("Bo", NORAM, financiers=1),
     (1, 2)),
    (tableau("Ana", NORAM, financiers=1), tableau("Bo", EUROPE, face="B", financiers=2),
     (2, 1)),
    (tableau("Ana", NORAM, financiers=1), tableau("Bo", EUROPE, face="B", generals=2),
     (2, 1)),
    # Characters counted together: 1 + 1 against 2 is a shared place.
    (tableau("Ana", EUROPE, face="B", generals=1, financiers=1),
     tableau("Bo", EUROPE, face="B", financiers=2), (1, 1)),
    # None named is none held: 0 against 0 is shared, not 1 against 0.
    (tableau("Ana", EUROPE, face="B"), tableau("Bo", EUROPE, face="B", generals=0,
                                               financiers=0), (1, 1)),
    # More points first, then more cards: characters come last.
    (tableau("Ana", EUROPE, [[23, 1]], face="B"),
     tableau("Bo", EUROPE, face="B", generals=3), (1, 2)),
    (tableau("Ana", EUROPE, [[6, 1], [25, 1]], face="B", generals=1),
     tableau("Bo", EUROPE, [[6, 1]], face="B", generals=2), (1, 2)),
]


@pytest.mark.parametrize(("ana", "bo", "places"), TIES)
def test_places_follow_the_rulebooks_tie_breakers(ana: dict[str, Any], bo: dict[str, Any],
                                                  places: tuple[int, int]) -> None:
    (game,) = imported(quick(ana, bo)).games
    assert tuple(t["place"] for t in game["tableaux"]) == places
    assert all("solo_rank" not in t for t in game["tableaux"]), "a rank is for solo only"
    winner = game["tableaux"][places.index(1)]
    assert game["score"] == winner["score"] | {"name": winner["name"]}


def test_the_game_s_score_is_its_winner_s_even_the_last_tableau() -> None:
    (game,) = imported(quick(tableau("Ana", NORAM, face="B", generals=1),
                             tableau("Bo", NORAM, face="B", generals=2),
                             tableau("Cy", NORAM, [[23, 2]], face="B"))).games
    assert [t["place"] for t in game["tableaux"]] == [3, 2, 1]
    assert game["score"] == points(6, raw=6) | {"name": "Cy"}


NEEDS_LIST = "games[0].tableaux: a quick score needs the list of its tableaux"
NEEDS_CARDS = "games[0].tableaux[0]: a tableau needs an empire, a face and its cards"
PAIRS = ("games[0].tableaux[0]: a tableau needs an empire, a face and its cards as"
         " [card number, copies] pairs")


@pytest.mark.parametrize(("tableaux", "message"), [
    (None, NEEDS_LIST),
    ([], NEEDS_LIST),
    ("Ana and Bo", NEEDS_LIST),
    ({"Ana": {}}, NEEDS_LIST),
    ([5], NEEDS_CARDS),
    ([tableau("Ana", UNION) | {"cards": "23"}], NEEDS_CARDS),
    ([{"name": "Ana", "empire": UNION}], NEEDS_CARDS),
    ([tableau("Ana", UNION), "Bo"],
     "games[0].tableaux[1]: a tableau needs an empire, a face and its cards"),
    ([{"name": "Ana", "cards": [[23, 1]]}], PAIRS),
    ([tableau("Ana", UNION, [[23, 11]])], PAIRS),
    ([tableau("Ana", UNION, [[23, 0]])], PAIRS),
    ([tableau("Ana", UNION, [[23, True]])], PAIRS),
    ([tableau("Ana", UNION, [[23, "2"]])], PAIRS),
    ([tableau("Ana", UNION, [[23]])], PAIRS),
    ([tableau("Ana", UNION, [23])], PAIRS),
    ([tableau("Ana", UNION, [[999, 1]])],
     "games[0].tableaux[0]: There is no card number 999: cards are numbered 1 to 129"),
    ([tableau("Ana", "Panafrican Unio")],
     "games[0].tableaux[0]: Unknown Empire 'Panafrican Unio'. Did you mean Panafrican"
     " Union?"),
    ([tableau("Ana", UNION, face="Z")],
     "games[0].tableaux[0]: Panafrican Union has no face 'Z': choose one of A, B, C, D,"
     " E, F"),
    ([tableau("Ana", UNION), tableau("Bo", UNION, generals=-1)],
     "games[0].tableaux[1]: Generals must be a whole number of 0 or more, not -1"),
    ([tableau("Ana", UNION, financiers=None)],
     "games[0].tableaux[0]: Financiers must be a whole number of 0 or more, not None"),
], ids=["none", "empty", "text", "object", "not an object", "cards not a list",
        "no cards", "second not an object", "no empire", "11 copies", "0 copies",
        "true copies", "copies as text", "no copies", "not a pair", "unknown card",
        "unknown empire", "unknown face", "negative generals", "financiers null"])
def test_a_quick_score_that_cannot_be_scored_is_refused_with_where_and_why(
        tableaux: Any, message: str) -> None:
    game = quick()
    if tableaux is None:
        del game["tableaux"]
    else:
        game["tableaux"] = tableaux
    with pytest.raises(Invalid) as refused:
        imported(game)
    assert str(refused.value) == message


HONEST_ANA = tableau("Ana", NORAM, [[23, 1]], face="B", generals=2,
                     score=points(5, raw=3, generals=2), place=1)
HONEST_BO = tableau("Bo", UNION, face="B", financiers=1, score=points(1, financiers=1),
                    place=2)
HONEST = quick(HONEST_ANA, HONEST_BO, score=points(5, raw=3, generals=2) | {"name": "Ana"})


def lying(path: tuple[Any, ...], value: object) -> dict[str, Any]:
    """The honest record with one value changed."""
    record = copy.deepcopy(HONEST)
    *parents, last = path
    held = record
    for key in parents:
        held = held[key]
    held[last] = value
    return record


def test_an_honest_quick_score_is_not_counted_as_corrected() -> None:
    result = imported(HONEST)
    assert result.games == [HONEST]
    assert result.corrections == {"games_corrected": 0, "attempts_corrected": 0}


@pytest.mark.parametrize("lie", [
    lying(("score", "total"), 6),
    lying(("score",), None),
    lying(("tableaux", 1, "score", "total"), 2),
    lying(("tableaux", 0, "score"), {"total": 4}),
    lying(("tableaux", 1, "place"), 1),
    lying(("tableaux", 0, "place"), None),
    lying(("finished",), False),
], ids=["game total", "no game score", "a tableau's total", "a tableau's score",
        "a place", "no place", "unfinished"])
def test_a_quick_score_claiming_one_wrong_result_is_counted_and_put_right(
        lie: dict[str, Any]) -> None:
    result = imported(lie)
    assert result.games == [HONEST]
    assert result.corrections == {"games_corrected": 1, "attempts_corrected": 0}


def test_a_tableau_refused_is_told_in_the_player_s_language(store: Store) -> None:
    data = {"format": "wonderful-companion", "schema_version": schema.SCHEMA_VERSION,
            "games": [quick(tableau("Ana", UNION), 5)]}
    set_language("fr")
    try:
        with pytest.raises(StoreError) as refused:
            store.import_all(data)
        assert str(refused.value) == (
            "Import refusé, rien n'a été modifié : games[0].tableaux[1] : un tableau a besoin"
            " d'un empire, d'une face et de ses cartes")
    finally:
        set_language("en")
    assert store.games() == []
