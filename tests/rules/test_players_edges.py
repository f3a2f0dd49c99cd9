"""The players' figures on their boundaries: a game alone, a shared place, a group of
two, exactly three Empires, the first and last day of a period, a game near midnight in
another time zone, a rename to the same name. Every expected value is worked out by hand
in the comment beside it, never by the code under test."""

from __future__ import annotations

from datetime import UTC, date, timedelta, timezone
from typing import Any

import pytest

from companion.rules.errors import Refusal, Rejected
from companion.rules.players import (
    OWNER,
    Period,
    Rivalry,
    groups,
    head_to_head,
    is_owners,
    merge,
    own_line,
    owners_records,
    played_games,
    players,
    summary,
)
from companion.usecases.people import (
    OWNER_SEGMENT,
    aliases,
    period_from,
    period_query,
    player_label,
    player_segment,
    put_back,
    rename,
    this_is_me,
)


def quick(game_id: str, date_: str, *seats: tuple[str, int, int, str],
          me: int | None = None) -> dict[str, Any]:
    return {"id": game_id, "kind": "quick-score", "mode": "table", "finished": True,
            "updated": date_, "me": me, "tableaux": [
                {"name": name, "score": {"total": total}, "place": place, "empire": empire}
                for name, total, place, empire in seats]}


def solo(game_id: str, date_: str, total: int, empire: str = "Noram States"
         ) -> dict[str, Any]:
    return {"id": game_id, "mode": "solo", "finished": True, "updated": date_,
            "score": {"total": total}, "empires": [empire]}


# --- a game alone is never a win ----------------------------------------------------


def test_a_game_alone_is_no_win_and_no_ranked_game() -> None:
    games = played_games([
        quick("q", "2026-01-01T10:00:00", ("Ann", 80, 1, "Noram States")),  # alone, 1st
        solo("s", "2026-01-02T10:00:00", 70),
    ])
    # Ann: 1 game, 0 wins; the owner: 1 game, 0 wins; most games first, then by key
    # ("" before "ann").
    assert [(p.key, p.games, p.wins) for p in players(games)] == [("", 1, 0), ("ann", 1, 0)]
    ann = summary(games, "ann")
    assert (ann.games, ann.ranked, ann.wins, ann.average, ann.best) == (1, 0, 0, 80.0, 80)
    assert head_to_head(games, "ann") == []


def test_a_win_needs_the_first_place_at_a_table() -> None:
    games = played_games([
        quick("q1", "2026-01-01T10:00:00", ("Ann", 60, 1, "Noram States"),
              ("Bob", 50, 2, "Aztec Empire")),
        quick("q2", "2026-01-02T10:00:00", ("Ann", 40, 2, "Noram States"),
              ("Bob", 50, 1, "Aztec Empire")),
    ])
    # Each won once, out of 2 ranked games.
    assert [(p.key, p.games, p.wins) for p in players(games)] == [("ann", 2, 1), ("bob", 2, 1)]
    ann = summary(games, "ann")
    assert (ann.ranked, ann.wins, ann.average, ann.best) == (2, 1, 50.0, 60)


# --- a shared place -----------------------------------------------------------------


def test_a_shared_place_is_neither_ahead_nor_behind() -> None:
    games = played_games([quick("q", "2026-01-01T10:00:00",
                                ("Ann", 50, 1, "Noram States"), ("Bob", 50, 1, "Aztec Empire"),
                                ("Cid", 40, 3, "Panafrican Union"))])
    # Ann and Bob share the first place: both win; Cid is third.
    assert [(p.key, p.wins) for p in players(games)] == [("ann", 1), ("bob", 1), ("cid", 0)]
    ann = {r.rival: r for r in head_to_head(games, "ann")}
    assert ann["bob"] == Rivalry("bob", "Bob", 1, 0, 0, 0.0)  # 50 − 50
    assert ann["cid"] == Rivalry("cid", "Cid", 1, 1, 0, 10.0)  # 50 − 40
    cid = {r.rival: r for r in head_to_head(games, "cid")}
    assert cid["ann"] == Rivalry("ann", "Ann", 1, 0, 1, -10.0)


def test_rivals_with_most_games_together_first_then_by_name() -> None:
    games = played_games([
        quick("q1", "2026-01-01T10:00:00", ("Ann", 50, 1, "Noram States"),
              ("Zed", 40, 2, "Aztec Empire"), ("Bob", 30, 3, "Panafrican Union")),
        quick("q2", "2026-01-02T10:00:00", ("Ann", 50, 1, "Noram States"),
              ("Zed", 40, 2, "Aztec Empire")),
    ])
    # Zed: 2 games with Ann (+10 each); Bob: 1 (+20).
    assert head_to_head(games, "ann") == [Rivalry("zed", "Zed", 2, 2, 0, 10.0),
                                          Rivalry("bob", "Bob", 1, 1, 0, 20.0)]


# --- groups -------------------------------------------------------------------------


def test_a_group_of_two_and_no_group_from_a_game_without_the_owner() -> None:
    records = [
        {"id": "t", "mode": "table", "finished": True, "updated": "2026-01-01T10:00:00",
         "score": {"total": 50}, "names": ["Ann"], "empires": ["Noram States"]},
        quick("q", "2026-01-02T10:00:00", ("Ann", 50, 1, "Noram States"),
              ("Bob", 40, 2, "Aztec Empire"), ("Cid", 30, 3, "Panafrican Union")),
        solo("s", "2026-01-03T10:00:00", 60),
    ]
    # The table game seats the owner and Ann: the group (Ann). The quick score of Ann,
    # Bob and Cid names no tableau as the owner's: no group of theirs. A solo game: none.
    assert groups(played_games(records)) == [("Ann",)]
    mine = [*records[:1], {**records[1], "me": 2}]  # Cid's tableau was the owner's
    assert groups(played_games(mine)) == [("Ann", "Bob"), ("Ann",)]


# --- Empires --------------------------------------------------------------------------


def _empires(*played: str) -> tuple[tuple[str, int], ...]:
    return summary(played_games([
        quick(f"q{n}", f"2026-01-{n + 1:02d}T10:00:00", ("Ann", 50, 1, empire),
              ("Bob", 40, 2, "Oceanic Alliance"))
        for n, empire in enumerate(played)]), "ann").empires


def test_the_three_empires_played_most() -> None:
    # Exactly three Empires: all three, most played first, then by name.
    assert _empires("Noram States", "Aztec Empire", "Aztec Empire", "Panafrican Union") == (
        ("Aztec Empire", 2), ("Noram States", 1), ("Panafrican Union", 1))
    # A fourth, played once: "Federation of Asia" comes before "Noram States" by name,
    # which pushes "Panafrican Union" out of the three.
    assert _empires("Noram States", "Aztec Empire", "Aztec Empire", "Panafrican Union",
                    "Federation of Asia") == (
        ("Aztec Empire", 2), ("Federation of Asia", 1), ("Noram States", 1))


# --- periods --------------------------------------------------------------------------


def _games_in(period: Period, *stamps: str) -> int:
    return summary(played_games([solo(f"s{n}", stamp, 50) for n, stamp in enumerate(stamps)]),
                   OWNER, period).games


def test_the_last_twelve_months_from_their_first_day_to_today() -> None:
    period, count, chosen = period_from(None, "12m", date(2026, 3, 1), UTC)
    assert (period.since, period.until, count, chosen) == ("2025-03-01", None, None, "12m")
    assert _games_in(period, "2025-02-28T23:59:59+00:00") == 0  # the day before
    assert _games_in(period, "2025-03-01T00:00:00+00:00") == 1  # the first day
    assert _games_in(period, "2026-03-01T23:59:59+00:00") == 1  # today, its last minute
    # A year after 29 February: its last day of February.
    assert period_from(None, "12m", date(2025, 2, 28), UTC)[0].since == "2024-02-28"
    assert period_from(None, "12m", date(2024, 2, 29), UTC)[0].since == "2023-02-28"


def test_this_year_from_the_first_of_january() -> None:
    period = period_from("2", "year", date(2026, 7, 14), UTC)[0]
    assert (period.players, period.since) == (2, "2026-01-01")
    assert period_from(None, None, date(2026, 7, 14))[0] == Period()
    assert period_from("8", "decade", date(2026, 7, 14))[1:] == (None, "all")
    assert period_from("7", "all", date(2026, 7, 14))[1:] == (7, "all")
    assert period_from("1", "all", date(2026, 7, 14))[1:] == (1, "all")
    assert period_from("0", "all", date(2026, 7, 14))[1:] == (None, "all")


def test_a_game_near_midnight_belongs_to_the_day_it_was_played_where_it_was() -> None:
    new_york, tokyo = timezone(timedelta(hours=-5)), timezone(timedelta(hours=9))
    year = Period(since="2026-01-01", zone=new_york)
    # Saved at 04:30 UTC on 1 January: 23:30 on 31 December in New York.
    assert _games_in(year, "2026-01-01T04:30:00+00:00") == 0
    assert _games_in(year, "2026-01-01T05:30:00+00:00") == 1  # 00:30 on 1 January
    # 23:30 on 31 December in Tokyo is 14:30 UTC; 00:30 on 1 January is 15:30 UTC.
    tokyo_year = Period(since="2026-01-01", zone=tokyo)
    assert _games_in(tokyo_year, "2025-12-31T14:30:00+00:00") == 0
    assert _games_in(tokyo_year, "2025-12-31T15:30:00+00:00") == 1
    # Until 31 December in New York: 23:30 that evening (04:30 UTC the next day) is in.
    to_new_year = Period(until="2025-12-31", zone=new_york)
    assert _games_in(to_new_year, "2026-01-01T04:30:00+00:00") == 1
    assert _games_in(to_new_year, "2026-01-01T05:30:00+00:00") == 0
    # A record without a time zone is read as written; without a zone, so is any.
    assert _games_in(year, "2026-01-01T00:10:00") == 1
    assert _games_in(Period(since="2026-01-01"), "2025-12-31T23:30:00-05:00") == 0


def test_a_period_of_players_counts_the_seats() -> None:
    games = played_games([quick("q", "2026-01-01T10:00:00", ("Ann", 50, 1, "Noram States"),
                                ("Bob", 40, 2, "Aztec Empire"))])
    assert summary(games, "ann", Period(players=2)).games == 1
    assert summary(games, "ann", Period(players=3)).games == 0
    assert head_to_head(games, "ann", Period(players=3)) == []


def test_the_address_of_a_filter() -> None:
    assert period_query(None, "all") == {}
    assert period_query(3, "all") == {"players": "3"}
    assert period_query(None, "12m") == {"period": "12m"}


# --- which quick-score line is the owner --------------------------------------------


def test_the_owners_line_of_a_quick_score() -> None:
    game = quick("q", "2026-01-01T10:00:00", ("Ann", 50, 1, "Noram States"),
                 ("Bob", 40, 2, "Aztec Empire"))
    assert own_line(game, {}) is None, "the first line is nobody's by default"
    assert own_line({**game, "me": 1}, {}) == 1
    assert own_line({**game, "me": 2}, {}) is None, "no third line"
    assert own_line({**game, "me": True}, {}) is None
    assert own_line(game, merge({}, "BOB", OWNER)) == 1  # "That was me" on Bob's page
    assert own_line(game, merge({}, "Bob", "Robert")) is None
    solo_game = solo("s", "2026-01-02T10:00:00", 60)
    kept = owners_records([game, {**game, "id": "m", "me": 0}, solo_game], {})
    assert [(r["id"], r.get("me")) for r in kept] == [("m", 0), ("s", None)]
    (me,) = played_games([{**game, "me": 1}])[0].seats[1:]
    assert (me.key, me.total, me.place) == (OWNER, 40, 2)


def test_a_quick_score_found_by_a_name_is_counted_with_that_line() -> None:
    """"That was me" on Bob's page: the quick score saved with no line of the owner's is
    theirs by Bob's name, and their statistics read Bob's line (1)."""
    game = quick("q", "2026-01-01T10:00:00", ("Ann", 50, 1, "Noram States"),
                 ("Bob", 40, 2, "Aztec Empire"))
    kept = owners_records([game], merge({}, "BOB", OWNER))
    assert [(r["id"], r["me"]) for r in kept] == [("q", 1)]


def test_a_rename_keeps_each_games_date() -> None:
    records = [quick("q", "2026-01-01T10:00:00", ("Ann", 50, 1, "Noram States")),
               solo("s", "2026-02-03T20:00:00", 60)]
    renamed = played_games(records, merge({}, "ann", "Anne"))
    assert [(g.game_id, g.date) for g in renamed] == [("q", "2026-01-01T10:00:00"),
                                                       ("s", "2026-02-03T20:00:00")]
    assert renamed[0].seats[0].name == "Anne"


def test_a_quick_score_of_a_game_played_in_the_app_is_that_game() -> None:
    game = {"id": "t", "mode": "table", "finished": True, "updated": "2026-01-01T20:00:00",
            "score": {"total": 40}, "names": ["Ann"], "empires": ["Noram States"]}
    everyone = {**quick("q", "2026-01-01T20:05:00", ("You", 40, 1, "Noram States"),
                        ("Ann", 30, 2, "Aztec Empire"), me=0), "from_game": "t"}
    # One game, the quick score's: the owner first (40 against 30), Ann second.
    (played,) = played_games([game, everyone])
    assert played.game_id == "q"
    assert [(s.key, s.total, s.place) for s in played.seats] == [(OWNER, 40, 1),
                                                                  ("ann", 30, 2)]
    assert [r["id"] for r in owners_records([game, everyone], {})] == ["q"]
    assert [r["id"] for r in owners_records([game], {})] == ["t"]


# --- names ----------------------------------------------------------------------------


class Settings:
    def __init__(self) -> None:
        self.values: dict[str, Any] = {}

    def setting(self, key: str, default: Any) -> Any:
        return self.values.get(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        self.values[key] = value


def test_a_rename_to_the_same_name_is_refused_and_a_new_spelling_is_a_rename() -> None:
    settings = Settings()
    with pytest.raises(Rejected) as refused:
        rename(settings, "ann", "Ann", " Ann ", ["ann", "bob"])
    assert (refused.value.kind, refused.value.params) == (Refusal.NOTHING_TO_DO, {"name": "Ann"})
    assert settings.values == {}
    told, before = rename(settings, "ann", "Ann", "ANN", ["ann", "bob"])  # capitals only
    assert (told, before) == ("Ann is now called ANN.", {})
    assert settings.values["player_aliases"] == {"ann": "ANN"}
    told, before = rename(settings, "ann", "ANN", "bob", ["ann", "bob"])  # a merge
    assert told == "ANN and bob are now one player: bob."
    assert before == {"ann": "ANN"}
    put_back(settings, before)
    assert settings.values["player_aliases"] == {"ann": "ANN"}


@pytest.mark.parametrize("typed", ["", "   ", "x" * 61, "Ann\tB"])
def test_a_name_no_player_can_have_is_refused(typed: str) -> None:
    settings = Settings()
    with pytest.raises(Rejected) as refused:
        rename(settings, "ann", "Ann", typed, [])
    assert (refused.value.kind, refused.value.params) == (Refusal.BAD_NAME, {"limit": 60})
    assert settings.values == {}
    told, _ = rename(settings, "ann", "Ann", "x" * 60, [])
    assert told.endswith("x" * 60 + ".")


def test_the_owner_keeps_their_own_name_and_their_seats() -> None:
    settings = Settings()
    told, _ = rename(settings, OWNER, "", "Zoé", ["ann"])  # the owner may be named
    assert told == "You are now called Zoé."
    told, before = this_is_me(Settings(), "bob", "Bob")
    assert told == "Bob was you: their games are now yours." and before == {}
    assert (player_label(OWNER, ""), player_label("ann", "Ann")) == ("You", "Ann")
    assert (player_segment(OWNER, ""), player_segment("ann", "Ann")) == (OWNER_SEGMENT, "Ann")
    assert OWNER_SEGMENT.strip() == ""


# --- what a record lacks ------------------------------------------------------------


def _seat(number: int, names: list[str], total: int | None, built: int, **more: Any
          ) -> dict[str, Any]:
    return {"id": f"t-{number}", "mode": "table", "finished": True,
            "score": None if total is None else {"total": total}, "built": [9] * built,
            "table": {"id": "t", "seat": number, "names": names}, **more}


def test_which_records_are_the_owners() -> None:
    game = quick("q", "2026-01-01T10:00:00", ("Ann", 50, 1, "Noram States"),
                 ("Bob", 40, 2, "Aztec Empire"))
    assert not is_owners(game, {}) and is_owners({**game, "me": 0}, {})
    assert is_owners(game, merge({}, "Ann", OWNER))
    ann, bob = _seat(0, ["Ann", "Bob"], 50, 3), _seat(1, ["Ann", "Bob"], 40, 3)
    assert [r["id"] for r in owners_records([ann, bob], merge({}, "ann", OWNER))] == ["t-0"]
    assert owners_records([ann, bob], {}) == []
    nameless = {**game, "tableaux": [{"score": {"total": 5}}, None]}
    assert own_line(nameless, {"ann": ""}) is None
    assert own_line({"kind": "quick-score", "tableaux": None}, {"ann": ""}) is None


def test_a_shared_tables_seats_with_missing_numbers() -> None:
    # No total is 0 points: behind Bob's 1; a tie on 0 and 3 built cards shares a place.
    (game,) = played_games([_seat(0, ["Ann", "Bob"], None, 3), _seat(1, ["Ann", "Bob"], 1, 3)])
    assert [(s.name, s.total, s.place) for s in game.seats] == [("Ann", None, 2), ("Bob", 1, 1)]
    (tie,) = played_games([_seat(0, ["Ann", "Bob"], None, 3), _seat(1, ["Ann", "Bob"], 0, 3)])
    assert [s.place for s in tie.seats] == [1, 1]
    assert game.date == "", "no seat says when: no date"
    # A seat number past the names is no seat: the owner's game.
    (odd,) = played_games([{**_seat(2, ["Ann", "Bob"], 30, 1), "updated": "2026-01-01"}])
    assert [(s.key, s.total) for s in odd.seats] == [(OWNER, 30)]


def test_games_entered_in_the_app_and_their_dates() -> None:
    records = [
        {"id": "a", "mode": "table", "finished": True, "created": "2026-01-02T10:00:00",
         "score": {"total": 40}, "names": ["Ann", 5, " "], "empires": ["Noram States"]},
        {"id": "b", "mode": "solo", "finished": True, "score": {"total": 30}},
        {"id": "c", "mode": "solo", "finished": False, "score": {"total": 20},
         "updated": "2026-01-03"},  # not over yet
        {"id": "d", "mode": "solo", "finished": True, "abandoned": True,
         "score": {"total": 10}, "updated": "2026-01-04"},
    ]
    games = played_games(records)
    # "b" has no date at all: first; "a" is dated by its creation.
    assert [(g.game_id, g.date) for g in games] == [("b", ""), ("a", "2026-01-02T10:00:00")]
    assert [s.key for s in games[1].seats] == [OWNER, "ann"]  # 5 and " " are no names
    assert summary(games, OWNER).empires == (("Noram States", 1),)
    (word,) = played_games([{**records[1], "empires": "Noram States"}])
    assert word.seats[0].empire is None, "a word is no list of Empires"


def test_a_nameless_tableau_is_skipped_not_the_rest() -> None:
    game = quick("q", "2026-01-01T10:00:00", ("Ann", 50, 1, "Noram States"),
                 ("Bob", 40, 2, "Aztec Empire"))
    game["tableaux"].insert(0, {"name": "  ", "score": {"total": 9}})
    (played,) = played_games([game])
    assert [s.key for s in played.seats] == ["ann", "bob"]


def test_a_renamed_player_keeps_their_numbers() -> None:
    game = quick("q", "2026-01-01T10:00:00", ("Ann", 50, 1, "Noram States"),
                 ("Bob", 40, 2, "Aztec Empire"))
    (played,) = played_games([game], merge({}, "Bob", "Robert"))
    assert played.game_id == "q"
    assert played.seats[1] == ("Robert", "robert", 40, 2, "Aztec Empire")
    assert merge({"cid": "Cid"}, "Ann", "Anne") == {"cid": "Cid", "ann": "Anne"}


def test_a_rival_without_a_place_is_no_ahead_nor_behind() -> None:
    game = quick("q", "2026-01-01T10:00:00", ("Ann", 50, 1, "Noram States"),
                 ("Bob", 40, 2, "Aztec Empire"))
    game["tableaux"][1]["place"] = None
    (bob,) = head_to_head(played_games([game]), "ann")
    assert bob == Rivalry("bob", "Bob", 1, 0, 0, 10.0)


def test_a_day_as_written_when_it_has_no_time_zone() -> None:
    new_year = Period(until="2026-01-01", zone=UTC)
    assert _games_in(new_year, "2026-01-01T00:10:00") == 1  # no zone: as written
    assert _games_in(new_year, "2026-01-01 at ten") == 1  # not ISO: its first 10 letters
    assert _games_in(Period(until="2026-01-01"), "2026-01-01T23:59:00+00:00") == 1


def test_the_period_of_an_address_in_the_devices_time_zone() -> None:
    tokyo = timezone(timedelta(hours=9))
    assert period_from(None, "year", date(2026, 7, 14), tokyo)[0].zone is tokyo
    assert period_from(None, "year", date(2026, 7, 14))[0].zone is not None  # the device's
    assert period_from(None, "12m", date(2026, 7, 31), UTC)[0].since == "2025-07-31"


def test_aliases_that_are_not_a_mapping_are_none() -> None:
    settings = Settings()
    settings.values["player_aliases"] = ["ann", "Anne"]
    assert aliases(settings) == {}
    settings.values["player_aliases"] = {"ann": "Anne"}
    assert aliases(settings) == {"ann": "Anne"}
