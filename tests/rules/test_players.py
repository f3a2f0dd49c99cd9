"""Players of the records: every figure checked against numbers worked out by hand from
the frozen history below, never by the code under test."""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest

from companion.rules.players import (
    OWNER,
    Period,
    Rivalry,
    groups,
    head_to_head,
    is_owners,
    merge,
    name_key,
    played_games,
    players,
    summary,
)


def quick(game_id: str, date: str, *seats: tuple[str, int, int, str]) -> dict[str, Any]:
    return {"id": game_id, "kind": "quick-score", "mode": "table", "finished": True,
            "updated": date, "tableaux": [
                {"name": name, "score": {"total": total}, "place": place, "empire": empire}
                for name, total, place, empire in seats]}


def seat(table: str, number: int, names: list[str], total: int, built: int,
         date: str) -> dict[str, Any]:
    return {"id": f"{table}-{number}", "mode": "table", "finished": True, "updated": date,
            "score": {"total": total}, "built": [9] * built, "empires": ["Aztec Empire"],
            "table": {"id": table, "seat": number, "names": names, "face": "A",
                      "expansions": ["base"]}}


TABLE = ["Ann", "Bob", "Dee"]
ZOE_DECOMPOSED = unicodedata.normalize("NFD", "Zoé")
HISTORY: list[dict[str, Any]] = [
    quick("g1", "2026-01-10T20:00:00", ("Ann", 70, 1, "Noram States"),
          ("Bob", 60, 2, "Aztec Empire"), ("Cid", 50, 3, "Panafrican Union")),
    quick("g2", "2026-02-01T20:00:00", ("Ann", 55, 2, "Noram States"),
          ("Bob", 65, 1, "Aztec Empire")),
    # A shared table: Ann and Bob tie on 80, Ann has more built cards.
    seat("t1", 0, TABLE, 80, 10, "2026-03-01T21:00:00"),
    seat("t1", 1, TABLE, 80, 9, "2026-03-01T21:05:00"),
    seat("t1", 2, TABLE, 40, 3, "2026-03-01T21:02:00"),
    {"id": "g4", "mode": "table", "finished": True, "updated": "2026-03-05T20:00:00",
     "score": {"total": 62}, "names": ["Ann", "Bob"], "empires": ["Noram States"]},
    {"id": "g5", "mode": "solo", "finished": True, "updated": "2026-04-01T20:00:00",
     "score": {"total": 75}, "names": [], "empires": ["Noram States"]},
    {"id": "g6", "mode": "table", "finished": False, "abandoned": True,
     "updated": "2026-04-02T20:00:00", "score": None, "names": ["Ann"]},
    quick("g7", "2026-05-01T20:00:00", ("ann", 90, 1, "Noram States"),
          (ZOE_DECOMPOSED, 30, 2, "Aztec Empire")),
]


@pytest.fixture
def games() -> list[Any]:
    return played_games(HISTORY)


def test_a_shared_table_is_one_game_and_an_abandoned_game_is_none(games: list[Any]) -> None:
    assert [game.game_id for game in games] == ["g1", "g2", "t1", "g4", "g5", "g7"]
    table = games[2]
    assert [(s.name, s.total, s.place) for s in table.seats] == [
        ("Ann", 80, 1), ("Bob", 80, 2), ("Dee", 40, 3)]
    assert table.date == "2026-03-01T21:05:00", "the table ends when its last seat does"


def test_names_are_one_player_whatever_the_capitals_and_the_accents(
        games: list[Any]) -> None:
    assert name_key("ann") == name_key("ANN")
    assert name_key(ZOE_DECOMPOSED) == name_key("ZOÉ")
    listed = [(p.name, p.games, p.wins) for p in players(games)]
    # Ann: g1, g2, t1, g4, g7 (wins g1, t1, g7); Bob: g1, g2, t1, g4 (win g2);
    # the owner: g4 and g5, never ranked; Cid, Dee, Zoé: one game each.
    assert listed == [("Ann", 5, 3), ("Bob", 4, 1), ("", 2, 0), ("Cid", 1, 0),
                      ("Dee", 1, 0), (ZOE_DECOMPOSED, 1, 0)]


def test_a_players_page(games: list[Any]) -> None:
    ann = summary(games, name_key("Ann"))
    assert (ann.games, ann.ranked, ann.wins) == (5, 4, 3)  # g4's places are unknown
    assert ann.average == pytest.approx((70 + 55 + 80 + 90) / 4)  # g4: no total for Ann
    assert ann.best == 90
    assert ann.scores == (("2026-01-10T20:00:00", 70), ("2026-02-01T20:00:00", 55),
                          ("2026-03-01T21:05:00", 80), ("2026-05-01T20:00:00", 90))
    # Noram in g1, g2, g7; Aztec at the shared table; g4 says only the owner's Empire.
    assert ann.empires == (("Noram States", 3), ("Aztec Empire", 1))
    owner = summary(games, OWNER)
    assert (owner.games, owner.ranked, owner.wins, owner.best) == (2, 0, 0, 75)
    assert owner.average == pytest.approx((62 + 75) / 2)


def test_head_to_head(games: list[Any]) -> None:
    rivals = {r.rival: r for r in head_to_head(games, name_key("Ann"))}
    # With Bob: g1 (ahead, +10), g2 (behind, -10), t1 (ahead on built cards, 0), g4.
    assert rivals["bob"] == Rivalry("bob", "Bob", 4, 2, 1, 0.0)
    assert rivals["cid"] == Rivalry("cid", "Cid", 1, 1, 0, 20.0)
    assert rivals["dee"] == Rivalry("dee", "Dee", 1, 1, 0, 40.0)
    assert rivals[name_key("Zoé")] == Rivalry(name_key("Zoé"), ZOE_DECOMPOSED, 1, 1, 0,
                                              60.0)
    assert rivals[OWNER] == Rivalry(OWNER, "", 1, 0, 0, None)
    assert head_to_head(games, name_key("Ann"))[0].rival == "bob", "most games first"
    bob = {r.rival: r for r in head_to_head(games, "bob")}
    assert bob["ann"] == Rivalry("ann", "Ann", 4, 1, 2, 0.0), "as Ann's name is most typed"


def test_figures_filter_by_player_count_and_period(games: list[Any]) -> None:
    assert summary(games, "ann", Period(players=3)).games == 3  # g1, t1, g4
    assert summary(games, "ann", Period(players=2)).games == 2  # g2, g7
    spring = summary(games, "ann", Period(since="2026-03-01"))
    assert (spring.games, spring.wins, spring.best) == (3, 2, 90)  # t1, g4, g7
    winter = Period(since="2026-01-01", until="2026-02-28")
    assert summary(games, "ann", winter).games == 2
    assert {r.rival: r.games for r in head_to_head(games, "ann", winter)} == {
        "bob": 2, "cid": 1}


def test_the_groups_already_played_with_most_recent_first(games: list[Any]) -> None:
    # Only g4 seats the owner: the quick scores name none of their tableaux as the
    # owner's, and no seat of the shared table is known as theirs.
    assert groups(games) == [("Ann", "Bob")]
    theirs = played_games([*HISTORY, {**quick("g8", "2026-06-01T20:00:00",
                                             ("Ann", 50, 1, "Noram States"),
                                             ("Me", 40, 2, "Aztec Empire")), "me": 1}],
                          merge({}, "Dee", OWNER))
    # g8 (the owner with Ann alone: a group of two), g4; t1 (Dee was the owner) has the
    # same others as g4 and comes once.
    assert groups(theirs) == [("Ann",), ("Ann", "Bob")]


def test_records_that_lack_numbers_never_break_a_figure() -> None:
    odd: list[dict[str, Any]] = [
        {"id": "x", "kind": "quick-score", "finished": True, "updated": "2026-01-01",
         "tableaux": [{"name": "Ann", "score": "lots"}, {"name": ""}, "junk"]},
        {"id": "y", "mode": "table", "finished": True, "table": {"id": "t", "seat": 9,
                                                                  "names": ["A"]}},
    ]
    games = played_games(odd)
    assert summary(games, "ann").games == 1 and summary(games, "ann").average is None



def test_a_rename_and_a_merge_show_one_person_and_undo_is_the_old_aliases() -> None:
    aliases = merge({}, "ann", "Anne")  # a rename: every Ann, any capitals, is Anne
    assert aliases == {"ann": "Anne"}
    games = played_games(HISTORY, aliases)
    first = players(games)[0]
    assert (first.name, first.games) == ("Anne", 5)
    both = merge(aliases, "Zoé", "Anne")  # two names found to be one person
    listed = {p.name: p.games for p in players(played_games(HISTORY, both))}
    # Zoé's one game (g7) was one of Ann's: still 5 games, the person counted once in it.
    assert listed["Anne"] == 5 and "Zoé" not in listed and ZOE_DECOMPOSED not in listed
    again = merge(both, "Anne", "Annie")  # renaming the merged player moves every alias
    assert again == {"ann": "Annie", name_key("Zoé"): "Annie", "anne": "Annie"}
    mine = merge({}, "Bob", OWNER)  # "Bob was me": his seats are the owner's
    owner = summary(played_games(HISTORY, mine), OWNER)
    assert owner.games == 5  # g4, g5 as before; g1, g2, t1 as Bob (g4 had both: one game)
    assert played_games(HISTORY, aliases) != played_games(HISTORY, {}), "undo = old aliases"


def test_a_shared_tables_seat_is_the_owners_only_once_they_say_so() -> None:
    seat_of_ann, owners_game = HISTORY[2], HISTORY[5]
    assert not is_owners(seat_of_ann, {}) and is_owners(owners_game, {})
    assert is_owners(seat_of_ann, merge({}, "ANN", OWNER))
    assert not is_owners(HISTORY[3], merge({}, "ANN", OWNER)), "Bob's seat stays Bob's"
