"""How a month is worked out again from its copies (`mending.rebuild_month`), one game at
a time: the copies are each read once, in order, older ones brought up to this app's
version; the first copy that reads whole gives the month; a game it lacks, or holds older
than the history lists, is looked for in the game's own backup first, then in every
copy, and the first version at least as new as the one listed is taken. A game put back
in progress goes after those ongoing.json holds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from store_samples import fake_record

from companion.store import schema
from companion.store.atomic import encode, seal
from companion.store.identity import _order
from companion.store.mending import Copies, Month, games_back, problem_words, rebuild_month
from companion.store.reading import GAMES
from companion.store.records import _summary
from companion.store.schema import ARCHIVE, META, SCHEMA_VERSION

NAME = "2025-01"


def game(revision: int, game_id: str = "g", player: str = "Ana") -> dict[str, Any]:
    """A finished game saved `revision` times in one instant (a later revision is newer)."""
    return fake_record(game_id, 5, finished=True) | {"revision": revision, "players": [player]}


def month_file(path: Path, *records: dict[str, Any], version: int = SCHEMA_VERSION) -> Path:
    """A copy of the month as an app of data `version` wrote it (sealed from version 2)."""
    data: dict[str, Any] = schema.fresh(ARCHIVE)
    if records:
        data[GAMES] = {str(n): record for n, record in enumerate(records, start=1)}
    if version == SCHEMA_VERSION:
        path.write_bytes(seal(encode(data)))
    else:
        data[META]["1"]["schema_version"] = version
        path.write_text(json.dumps(data))
    return path


def listing(*records: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The history entries of `records`, as store.json lists them."""
    return {r["id"]: {"id": r["id"], "shard": NAME, "summary": _summary(r),
                      "order": _order(r["updated"])} for r in records}


def held(month: Month) -> dict[str, tuple[int, list[str]]]:
    return {r["id"]: (r["revision"], r["players"]) for r in month.games}


def test_each_copy_is_read_once_in_order_and_the_damaged_ones_named(tmp_path: Path) -> None:
    first = month_file(tmp_path / "first.json", game(1))
    damaged = tmp_path / "damaged.json"
    damaged.write_bytes(month_file(tmp_path / "whole.json", game(2)).read_bytes()[:-9])
    later = month_file(tmp_path / "later.json", game(3))
    last = month_file(tmp_path / "last.json", game(4))
    copies = Copies([first, tmp_path / "missing.json", damaged, later, last], ARCHIVE)
    assert next(copies.good())[0] == first
    found = [[path for path, _ in copies.good()] for _ in range(2)]
    assert found == [[first, later, last]] * 2
    assert copies.damaged == [(damaged, (
        "its checksum does not match its content: it was changed or damaged on the disk", {}))]


@pytest.mark.parametrize("version", [1, 2, 3])
def test_a_copy_written_by_an_older_app_is_brought_up_to_this_apps_version(
        tmp_path: Path, version: int) -> None:
    old = month_file(tmp_path / "old.json", game(1), version=version)
    newer = month_file(tmp_path / "newer.json", game(2), version=SCHEMA_VERSION + 1)
    ((path, data),) = Copies([newer, old], ARCHIVE).good()
    assert path == old
    assert data[META] == {"1": {"schema_version": SCHEMA_VERSION, "kind": ARCHIVE}}
    assert data[GAMES] == {"1": game(1)}


def test_a_month_whose_history_was_lost_keeps_the_games_its_copy_holds(
        tmp_path: Path) -> None:
    """store.json was damaged: its history, put back from a copy, may not list every
    game of the month yet (it is rebuilt from the month afterwards)."""
    copies = [month_file(tmp_path / "prev.json", game(1), game(1, "unlisted"))]
    trusted = rebuild_month(listing(game(1)), Copies(copies, ARCHIVE), {}, True)
    rebuilt = rebuild_month(listing(game(1)), Copies(copies, ARCHIVE), {}, False)
    assert held(trusted) == {"g": (1, ["Ana"])}
    assert held(rebuilt) == {"g": (1, ["Ana"]), "unlisted": (1, ["Ana"])}
    assert rebuilt.lost == [] and rebuilt.older == []


@pytest.mark.parametrize(("listed", "month", "own", "later", "kept", "older"), [
    (1, game(2), game(1), game(1, player="Bo"), (2, ["Ana"]), False),
    (2, game(2), game(3), game(3), (2, ["Ana"]), False),
    (2, None, game(2), game(3), (2, ["Ana"]), False),
    (2, None, None, game(3), (3, ["Ana"]), False),
    (3, None, game(1), game(1, player="Bo"), (1, ["Ana"]), True),
    (3, game(1, player="Bo"), None, game(1), (1, ["Bo"]), True),
], ids=["month newer than listed", "month as listed", "own backup as listed",
        "a later copy", "older: own backup first", "older: first copy first"])
def test_the_first_version_found_at_least_as_new_as_listed_is_taken(
        tmp_path: Path, listed: int, month: dict[str, Any] | None,
        own: dict[str, Any] | None, later: dict[str, Any], kept: tuple[int, list[str]],
        older: bool) -> None:
    """The month's first copy first; then the game's own backup, then the copies in
    order; among versions alike, the first found. A month copy without any game is
    read like any other."""
    first = month_file(tmp_path / "prev.json", *([month] if month else []))
    other = month_file(tmp_path / "backup.json", later)
    copies = Copies([first, other], ARCHIVE)
    rebuilt = rebuild_month(listing(game(listed)), copies, {"g": own} if own else {}, True)
    assert held(rebuilt) == {"g": kept} and rebuilt.lost == []
    assert [r["revision"] for r in rebuilt.older] == ([kept[0]] if older else [])


def test_a_game_in_no_copy_is_lost_and_the_month_keeps_the_others(tmp_path: Path) -> None:
    copies = Copies([month_file(tmp_path / "prev.json", game(1, "kept"))], ARCHIVE)
    entries = listing(game(1, "kept"), game(1, "gone"))
    rebuilt = rebuild_month(entries, copies, {}, True)
    assert held(rebuilt) == {"kept": (1, ["Ana"])} and rebuilt.lost == [entries["gone"]]
    empty = rebuild_month(entries, Copies([tmp_path / "none.json"], ARCHIVE), {}, True)
    assert empty.data == schema.fresh(ARCHIVE) | {GAMES: {}}
    assert empty.lost == list(entries.values())


@pytest.mark.parametrize(("keys", "key"), [([], "1"), (["1", "3"], "4")])
def test_a_game_put_back_in_progress_is_numbered_after_those_held(
        keys: list[str], key: str) -> None:
    ongoing: dict[str, Any] = {GAMES: {k: fake_record(f"held{k}", 3) for k in keys}}
    back = fake_record("back", 4)
    assert games_back(ongoing, {"back": back}, set()) == [back]
    assert ongoing[GAMES] == {**{k: fake_record(f"held{k}", 3) for k in keys}, key: back}


def test_what_is_wrong_with_a_file_is_worded_with_its_details() -> None:
    assert str(problem_words(("it is {size} bytes short", {"size": 12}))) == (
        "it is 12 bytes short")
