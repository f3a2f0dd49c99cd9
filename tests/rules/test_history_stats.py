"""The statistics' numbers from hand-made history records, worked out by hand."""

from __future__ import annotations

from typing import Any

from companion.rules.players import Period
from companion.rules.scoring import SoloRank
from companion.rules.stats import (
    is_played,
    own_tableau,
    quick_built,
    record_empire,
    record_expansions,
    record_mode,
    record_players,
    record_score,
    record_total,
    statistics,
)


def _game(game_id: str, day: int, total: int, *, empire: str = "Noram States",
          face: str = "A", mode: str = "solo", scenario: str | None = None,
          rows: tuple[int, int, int, int, int] | None = None, **extra: Any) -> dict[str, Any]:
    score: dict[str, int] = {"total": total}
    if rows is not None:
        score.update(zip(("raw", "combo", "duo", "generals", "financiers"), rows, strict=True))
    return {"id": game_id, "mode": mode, "players": 1, "empires": [empire], "face": face,
            "scenario": scenario, "created": f"2025-01-{day:02d}T10:00:00",
            "updated": f"2025-01-{day:02d}T11:00:00", "finished": True, "score": score,
            **extra}


def _quick(game_id: str, day: int, me: int | None = 0) -> dict[str, Any]:
    """Ana (Aztec B, 7 points) and Bo (Noram A, 9); `me`: which of them is the player."""
    return {"id": game_id, "kind": "quick-score", "mode": "table", "players": ["Ana", "Bo"],
            "me": me,
            "empires": ["Aztec Empire", "Noram States"], "scenario": None,
            "created": f"2025-01-{day:02d}T10:00:00", "updated": f"2025-01-{day:02d}T10:00:00",
            "finished": True,
            "score": {"raw": 9, "combo": 0, "duo": 0, "generals": 0, "financiers": 0,
                      "total": 9, "name": "Bo"},
            "tableaux": [
                {"name": "Ana", "empire": "Aztec Empire", "face": "B", "cards": [[9, 2], [6, 1]],
                 "generals": 0, "financiers": 0, "place": 2,
                 "score": {"raw": 4, "combo": 3, "duo": 0, "generals": 0, "financiers": 0,
                           "total": 7}},
                {"name": "Bo", "empire": "Noram States", "face": "A", "cards": [],
                 "generals": 0, "financiers": 0, "place": 1,
                 "score": {"raw": 9, "combo": 0, "duo": 0, "generals": 0, "financiers": 0,
                           "total": 9}}]}


RECORDS = [
    _game("s1", 3, 85, face="B", rows=(20, 40, 10, 5, 10)),   # face B 85 → Emperor
    _game("s2", 1, 85, face="A", rows=(20, 30, 10, 10, 15)),  # 85 − 15 = 70 → Dictator
    _game("s3", 2, 59, face="B"),                              # Apprentice, no rows
    _game("t1", 4, 40, mode="table", empire="Aztec Empire", face="B"),
    _game("c1", 5, 70, face="B", scenario="base-1"),
    _quick("q1", 6),
    {**_game("a1", 7, 0), "finished": False, "abandoned": True, "score": None},
]


def test_modes() -> None:
    assert [record_mode(r) for r in RECORDS] == [
        "solo", "solo", "solo", "table", "scenario", "quick", "solo"]


def test_totals_over_time_are_oldest_first_and_skip_abandoned_games() -> None:
    found = statistics(RECORDS)
    assert found.games == 6
    assert [(p.game_id, p.total) for p in found.over_time] == [
        ("s2", 85), ("s3", 59), ("s1", 85), ("t1", 40), ("c1", 70), ("q1", 7)]


def test_average_and_best_per_empire_and_face() -> None:
    found = {(s.empire, s.face): (s.games, s.average, s.best)
             for s in statistics(RECORDS).empires}
    assert found == {
        ("Noram States", "B"): (3, (85 + 59 + 70) / 3, 85),
        ("Noram States", "A"): (1, 85.0, 85),
        ("Aztec Empire", "B"): (2, (40 + 7) / 2, 40),  # the quick score's own tableau
    }


def test_solo_ranks_count_plain_solo_games_only() -> None:
    ranks = statistics(RECORDS).solo_ranks
    assert ranks == {SoloRank.LIVING_GOD: 0, SoloRank.EMPEROR: 1, SoloRank.DICTATOR: 1,
                     SoloRank.APPRENTICE: 1}


def test_medals_from_the_scenario_attempts() -> None:
    attempts = [{"won": True, "medal": "gold"}, {"won": True, "medal": "bronze"},
                {"won": True, "medal": None}, {"won": False, "medal": None},
                {"won": True, "medal": "gold"}]
    assert statistics([], attempts).medals == {
        "gold": 2, "silver": 0, "bronze": 1, "none": 1, "lost": 1}


def test_score_pad_categories_average_the_games_that_have_the_rows() -> None:
    # s1, s2 and the quick score's own tableau (4, 3, 0, 0, 0) have every row.
    assert statistics(RECORDS).categories == {
        "raw": (20 + 20 + 4) / 3, "combo": (40 + 30 + 3) / 3, "duo": 20 / 3,
        "generals": 15 / 3, "financiers": 25 / 3}


def test_most_built_cards_from_stories_and_quick_scores() -> None:
    built = {"s1": [9, 14], "s2": [9], "a1": [9, 9, 9, 9]}  # a1 was abandoned: not counted
    assert statistics(RECORDS, built=built).top_cards == [(9, 4), (6, 1), (14, 1)]


def test_no_history_is_empty() -> None:
    assert statistics([]).empty
    assert not statistics(RECORDS).empty


def test_a_quick_score_counts_only_the_players_own_tableau() -> None:
    # Nobody's: not a game of the player's, whatever its first line (Ana's 7).
    assert statistics([_quick("q", 6, me=None)]).games == 0
    assert statistics([_quick("q", 6, me=None)]).empty
    bo = statistics([_quick("q", 6, me=1)])  # Bo's tableau: Noram A, 9 points, 9 raw
    assert [(p.game_id, p.total) for p in bo.over_time] == [("q", 9)]
    assert [(s.empire, s.face, s.games, s.average, s.best) for s in bo.empires] == [
        ("Noram States", "A", 1, 9.0, 9)]
    assert bo.top_cards == []  # Bo built nothing; Ana's cards are not the player's
    assert bo.solo_ranks == dict.fromkeys(SoloRank, 0), "a table is no solo rank"


def test_the_duo_row_only_when_a_counted_game_had_corruption_and_ascension() -> None:
    plain = statistics([_quick("q", 6, me=0)])  # Ana: 4 raw, 3 combo, no expansion
    assert plain.categories == {"raw": 4.0, "combo": 3.0, "generals": 0.0,
                                "financiers": 0.0}
    ca = {**_quick("q", 6, me=0), "expansions": ["base", "ca"]}
    assert statistics([ca]).categories == {"raw": 4.0, "combo": 3.0, "duo": 0.0,
                                           "generals": 0.0, "financiers": 0.0}
    # A game with the expansion that does not count (abandoned) shows no row.
    gone = {**ca, "id": "x", "finished": False, "abandoned": True}
    assert "duo" not in statistics([_quick("q", 6, me=0), gone]).categories
    # A shared table's seat says its table's expansions.
    seat = _game("t", 8, 30, mode="table", rows=(30, 0, 0, 0, 0),
                 table={"id": "t", "seat": 0, "names": ["A"], "expansions": ["ca"]})
    assert statistics([seat]).categories["duo"] == 0.0
    assert "duo" not in statistics([{**seat, "table": {**seat["table"],
                                                       "expansions": ["base"]}}]).categories


def test_a_solo_quick_score_has_its_solo_rank() -> None:
    alone = {**_quick("q", 6, me=0), "mode": "solo"}
    alone["tableaux"] = alone["tableaux"][:1]  # Ana alone, face B, 7 points: Apprentice
    assert statistics([alone]).solo_ranks[SoloRank.APPRENTICE] == 1


def test_how_many_played_as_the_record_says() -> None:
    three = {**_quick("q", 6), "tableaux": [{}, {}, {}], "players": ["A", "B"]}
    assert record_players(three) == 3  # a quick score: its tableaux
    assert record_players({**three, "tableaux": None}) == 2  # else its names
    assert record_players({"mode": "table", "tableaux": [{}], "players": ["A", "B"]}) == 2
    assert record_players({"players": []}) == 1  # a solo game lists no names
    assert record_players({"players": 4}) == 4
    assert record_players({"players": True}) is None
    assert record_players({}) is None


def test_what_a_record_lacks_leaves_it_out_of_that_figure() -> None:
    assert is_played({"finished": True}) and not is_played({"finished": False})
    assert not is_played({"finished": True, "abandoned": True})
    assert record_empire({"empires": "Noram States", "face": ""}) == (None, None)
    assert record_empire({"empires": [], "face": "B"}) == (None, "B")
    assert record_score({"score": 5}) is None
    assert [record_total({"score": {"total": x}}) for x in (True, "9", 9, 0)] == [
        None, None, 9, 0]
    odd = {**_quick("q", 6), "tableaux": [{"cards": [[9, 0], [9], ["x", 1], [14, 2], 7]}]}
    assert quick_built(odd) == [14, 14]  # 0 copies, half a pair, a word: nothing
    assert quick_built({**odd, "tableaux": [{"cards": "lots"}]}) == []
    # An unfinished game with a total is not played yet.
    assert statistics([{**_game("u", 1, 50), "finished": False}]).games == 0


def test_days_order_and_zeros() -> None:
    late, early = _game("b", 5, 0), _game("a", 5, 30)  # the same moment: by id
    assert [(p.game_id, p.date, p.total) for p in statistics([late, early]).over_time] == [
        ("a", "2025-01-05T11:00:00", 30), ("b", "2025-01-05T11:00:00", 0)]
    created_only = {**_game("c", 9, 40), "updated": None}  # created 2025-01-09
    assert statistics([created_only], period=Period(since="2025-01-09")).games == 1
    assert statistics([created_only], period=Period(since="2025-01-10")).games == 0
    assert statistics([created_only]).over_time[0].date == "2025-01-09T10:00:00"
    # A game is of the day it ended, not the day it began.
    overnight = {**_game("o", 5, 40), "created": "2024-12-31T23:00:00"}
    assert statistics([overnight], period=Period(since="2025-01-01")).games == 1
    undated = {**_game("u", 5, 40), "created": None, "updated": None}
    assert statistics([undated], period=Period(since="2025-01-01")).games == 0
    assert statistics([undated]).games == 1


def test_the_players_tableau_and_the_expansions_of_a_record() -> None:
    both = _quick("q", 6, me=None)  # Ana (Aztec B) first, Bo (Noram A) second
    assert own_tableau(both) is None and own_tableau({**both, "me": 2}) is None
    assert own_tableau({**both, "me": 1}) == both["tableaux"][1]
    # The history still names a quick score by its first tableau's Empire.
    assert record_empire(both) == ("Aztec Empire", "B")
    assert record_empire({**both, "tableaux": []}) == ("Aztec Empire", None)
    assert record_total({}) is None and quick_built({"kind": "quick-score"}) == []
    assert quick_built({**both, "me": 0, "tableaux": [{"cards": 5}]}) == []
    assert record_expansions({}) == frozenset()
    assert record_expansions({"table": "x", "score": {"duo": 1}}) == {"ca"}
    assert record_expansions({"score": {"duo": 0}}) == frozenset()
    assert record_expansions({"expansions": ["base", 7], "score": {"duo": 3}}) == {"base"}


def test_per_empire_most_played_first_then_by_name_and_face() -> None:
    found = statistics([
        _game("1", 1, 50, empire="Noram States", face="A"),
        {**_game("2", 2, 60, empire="Noram States"), "face": None},
        _game("3", 3, 70, empire="Aztec Empire", face="B"),
        _game("4", 4, 80, empire="Aztec Empire", face="B"),
        {**_game("5", 5, 90), "empires": []},  # no Empire: in no row
    ]).empires
    assert [(s.empire, s.face, s.games, s.average, s.best) for s in found] == [
        ("Aztec Empire", "B", 2, 75.0, 80), ("Noram States", None, 1, 60.0, 60),
        ("Noram States", "A", 1, 50.0, 50)]


def test_every_rank_and_medal_is_counted_each_time() -> None:
    ranks = statistics([_game("1", 1, 10, face="B"), _game("2", 2, 20, face="B")]).solo_ranks
    assert ranks[SoloRank.APPRENTICE] == 2
    attempts = [{"won": False, "date": "2025-01-02"}, {"won": False, "date": "2025-01-03"},
                {"won": True, "medal": None, "date": "2025-01-04"},
                {"won": True, "medal": "platinum", "date": "2025-01-05"},
                {"won": True, "medal": "gold"}]  # no date
    assert statistics([], attempts).medals == {
        "gold": 1, "silver": 0, "bronze": 0, "none": 2, "lost": 2}
    # An attempt is a solo game of its day; one without a date is in no period.
    assert statistics([], attempts, period=Period(players=1)).medals["lost"] == 2
    assert statistics([], attempts, period=Period(players=2)).medals["lost"] == 0
    since = statistics([], attempts, period=Period(since="2025-01-03")).medals
    assert (since["lost"], since["none"], since["gold"]) == (1, 2, 0)


def test_a_period_of_players_keeps_the_games_of_that_table_size() -> None:
    # RECORDS' played games: five of 1 player (s1, s2, s3, t1, c1), q1 of 2 (Ana and Bo).
    assert statistics(RECORDS, period=Period(players=1)).games == 5
    two = statistics(RECORDS, period=Period(players=2))
    assert [p.game_id for p in two.over_time] == ["q1"]
    assert statistics(RECORDS, period=Period(players=3)).games == 0
