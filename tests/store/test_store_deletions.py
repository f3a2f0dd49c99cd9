"""A deletion travels: a game or campaign deleted on one device is deleted on the other.

Deleting leaves a mark (see `companion/store/marks.py`) in the same commit; an import
lets a mark win over the versions not newer than it, and a version saved after the
deletion (played on elsewhere, or the undo here) win over the mark. A malformed mark
in a file refuses the whole import, with where it is, and changes nothing.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from store_samples import record
from test_store_sync import exchange, files, records_of

from companion.rules.campaign import Campaign
from companion.rules.game import Game
from companion.shipped.scenarios import campaign_boxes
from companion.store import Store, StoreError, open_store
from companion.store.changes import CHANGED


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[tuple[Store, Store, Path]]:
    with open_store(tmp_path / "a") as a, open_store(tmp_path / "b") as b:
        yield a, b, tmp_path


def campaign(name: str = "Friday") -> dict[str, Any]:
    box = campaign_boxes()["war-or-peace"]
    return Campaign.new("c", name, box, ["Ana", "Bo"]).to_json()


def test_a_deletion_leaves_its_mark_in_the_same_commit(store: Store, games: list[Game]) -> None:
    ahead = (datetime.now(UTC) + timedelta(days=3)).isoformat()
    store.save_game(record("g", games[0]) | {"updated": ahead})  # a clock ahead, elsewhere
    assert store.delete_game("g") and not store.delete_game("g")
    (mark,) = store.deletions()
    assert (mark["id"], mark["kind"]) == ("g", "game")
    assert datetime.fromisoformat(mark["deleted"]) > datetime.fromisoformat(ahead)
    assert store.export_all()["deleted"] == [mark]
    with open_store(store.folder, read_only=True) as reader:
        assert reader.deletions() == [mark]


def test_a_game_deleted_on_either_device_is_deleted_on_both(
        pair: tuple[Store, Store, Path], games: list[Game]) -> None:
    a, b, folder = pair
    for number in range(3):
        a.save_game(record(f"g{number}", games[number]))
    exchange(a, b, folder)
    a.delete_game("g0")
    b.delete_game("g1")
    assert exchange(a, b, folder)["games_deleted"] == 1
    assert exchange(b, a, folder)["games_deleted"] == 1
    assert [g["id"] for g in a.games()] == [g["id"] for g in b.games()] == ["g2"]
    assert records_of(a) == records_of(b)
    before = files(a.folder)
    again = exchange(b, a, folder)
    assert not any(again[key] for key in CHANGED) and files(a.folder) == before


def test_a_game_played_on_after_its_deletion_elsewhere_stays_on_both(
        pair: tuple[Store, Store, Path], games: list[Game]) -> None:
    a, b, folder = pair
    a.save_game(record("g", games[0]))
    exchange(a, b, folder)
    a.delete_game("g")
    game = b.game("g")
    assert game is not None
    b.save_game(game | {"updated": (datetime.now(UTC) + timedelta(seconds=5)).isoformat()})
    counts = exchange(b, a, folder)
    assert (counts["games"], counts["games_deleted"]) == (1, 0)
    assert a.deletions() == [] and a.game("g") is not None
    assert exchange(a, b, folder)["games_deleted"] == 0
    assert records_of(a) == records_of(b)


def test_the_undo_takes_the_mark_away_and_wins_where_the_mark_went(
        pair: tuple[Store, Store, Path], games: list[Game]) -> None:
    a, b, folder = pair
    a.save_game(record("g", games[0]))
    exchange(a, b, folder)
    whole = a.game("g")
    assert whole is not None
    a.delete_game("g")
    exchange(a, b, folder)  # the mark reached b before the undo
    assert b.game("g") is None
    a.save_game(whole)  # Undo
    assert a.deletions() == []
    restored = a.game("g")
    assert restored is not None and restored["actions"] == whole["actions"]
    assert exchange(a, b, folder)["games"] == 1
    assert exchange(b, a, folder)["games_deleted"] == 0
    assert b.deletions() == [] and records_of(a) == records_of(b)


def test_a_set_aside_game_leaves_no_mark(store: Store, games: list[Game]) -> None:
    store.save_game(record("g", games[0]))
    assert store.set_aside_game("g") is not None
    assert store.deletions() == []


def test_a_deleted_campaign_travels_and_its_undo_too(pair: tuple[Store, Store, Path]) -> None:
    a, b, folder = pair
    a.save_campaign(campaign())
    exchange(a, b, folder)
    whole = a.campaign("c")
    assert whole is not None and a.delete_campaign("c") and not a.delete_campaign("c")
    counts = exchange(a, b, folder)
    assert (counts["campaigns_deleted"], b.campaigns()) == (1, [])
    a.save_campaign(whole)  # Undo: saved again, after the deletion
    assert a.deletions() == []
    assert exchange(a, b, folder)["campaigns"] == 1
    assert records_of(a) == records_of(b) and b.deletions() == []


def test_a_campaign_without_updated_is_older_than_its_deletion(store: Store) -> None:
    old = campaign()  # as version 2 kept it: no 'updated'
    store.import_all({"format": "wonderful-companion", "schema_version": 2,
                      "campaigns": [old]})
    mark = {"id": "c", "kind": "campaign", "deleted": "2020-01-01T00:00:00"}
    counts = store.import_all({"format": "wonderful-companion", "schema_version": 4,
                               "deleted": [mark]})
    assert counts["campaigns_deleted"] == 1 and store.deletions() == [mark]


def test_a_replacing_import_keeps_the_file_s_marks(store: Store, games: list[Game]) -> None:
    store.save_game(record("g", games[0]))
    store.save_game(record("h", games[1]))
    exported = store.export_all()
    store.delete_game("g")
    marked = store.export_all()
    store.import_all(exported, replace=True)
    assert store.deletions() == [] and store.game("g") is not None
    store.import_all(marked, replace=True)
    assert store.export_all() == marked
    # A file holding a record and its older mark (by hand): the record is newer, it stays.
    both = copy.deepcopy(exported) | {"deleted": [
        {"id": "h", "kind": "game", "deleted": "2000-01-01T00:00:00+00:00"}]}
    store.import_all(both, replace=True)
    assert store.deletions() == [] and store.game("h") is not None
    store.reset()
    assert store.deletions() == []


MARK = {"id": "g", "kind": "game", "deleted": "2025-05-01T10:00:00+00:00"}
HOSTILE = [
    ("not a list", {"a": 1}, "deleted: must be a list"),
    ("not an object", ["g"], "deleted[0]: must be a deletion mark"),
    ("unknown kind", [MARK | {"kind": "player"}], "deleted[0].kind: must be one of"),
    ("extra field", [MARK | {"game": {"id": "x"}}], "deleted[0]: has unknown fields game"),
    ("no date", [{"id": "g", "kind": "game"}], "deleted[0]: is missing deleted"),
    ("bad date", [MARK | {"deleted": "yesterday"}], "deleted[0].deleted: 'yesterday' is not"),
    ("long id", [MARK | {"id": "x" * 500}], "deleted[0].id: must be 1 to 100"),
    ("twice", [MARK, MARK | {"deleted": "2025-06-01T00:00:00"}], "deleted[1].id: 'g' appears"),
]


@pytest.mark.parametrize(("marks", "message"), [(m, w) for _, m, w in HOSTILE],
                         ids=[name for name, _, _ in HOSTILE])
def test_a_malformed_mark_refuses_the_import_and_changes_nothing(
        store: Store, games: list[Game], marks: object, message: str) -> None:
    store.save_game(record("g", games[0]))
    before = files(store.folder)
    data = store.export_all() | {"deleted": marks}
    for replace in (False, True):
        with pytest.raises(StoreError, match="Import refused, nothing was changed") as raised:
            store.import_all(copy.deepcopy(data), replace=replace)
        assert message in str(raised.value), str(raised.value)
    assert files(store.folder) == before and store.game("g") is not None


def test_the_marks_of_a_file_saying_an_older_version_are_checked_too(store: Store) -> None:
    """Marks came with version 4; a file saying version 3 that has them (edited by hand)
    still has them checked."""
    with pytest.raises(StoreError, match="deleted"):
        store.import_all({"format": "wonderful-companion", "schema_version": 3,
                          "deleted": "everything"})


def test_a_mark_dated_as_the_game_s_version_deletes_it(store: Store, games: list[Game]) -> None:
    """A deletion is never dated before the version it deleted, but may be dated the same
    (a clock that stood still, or two devices alike to the second): only a version saved
    strictly later stays beside its mark."""
    store.save_game(record("g", games[0]))
    (saved,) = store.games()
    mark = {"id": "g", "kind": "game", "deleted": saved["updated"]}
    counts = store.import_all({"format": "wonderful-companion", "schema_version": 4,
                               "deleted": [mark]})
    assert counts["games_deleted"] == 1
    assert store.games() == [] and store.deletions() == [mark]
