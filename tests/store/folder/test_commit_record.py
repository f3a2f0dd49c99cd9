"""The record of a commit (`commit.json`, see `journal.py`) is trusted only if it is
sealed, says what it is, and names files inside the data folder: a damaged or foreign
one must never make the opening rename a file outside the folder, nor the folder itself.
Each refusal says which rule the record broke."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.store.atomic import Damaged, digest, encode, seal
from companion.store.journal import FORMAT, Entry, _state, parse


def record(*files: dict[str, Any], kind: str = FORMAT) -> bytes:
    return seal(encode({"format": kind, "files": list(files)}))


def named(target: object, temp: object = ".store.json.a1.tmp") -> dict[str, Any]:
    return {"target": target, "temp": temp, "sha256": "0" * 64}


def test_a_record_naming_files_inside_the_folder_gives_their_paths(tmp_path: Path) -> None:
    entries = parse(tmp_path, record(named("archive/2025-01.json", "archive/.x.tmp")))
    assert entries == [Entry(tmp_path / "archive" / "2025-01.json",
                             tmp_path / "archive" / ".x.tmp", "0" * 64)]


@pytest.mark.parametrize(("raw", "error", "words"), [
    (encode({"format": FORMAT, "files": []}), Damaged, "a manifest is always sealed"),
    (record(kind="something-else"), ValueError, "not a manifest"),
    (record(named(7)), TypeError, "a path is a text"),
    (record(named("store.json", None)), TypeError, "a path is a text"),
    (record(named("")), ValueError, "a path outside the data folder"),
    (record(named("/etc/passwd")), ValueError, "a path outside the data folder"),
    (record(named("../store.json")), ValueError, "a path outside the data folder"),
    (record(named("archive/../../store.json")), ValueError, "a path outside the data folder"),
    (record(named("store.json", "../.store.json.a1.tmp")), ValueError,
     "a path outside the data folder"),
], ids=["unsealed", "foreign", "number", "no temp", "empty", "absolute", "parent",
        "parent inside", "temp outside"])
def test_a_record_breaking_a_rule_is_refused_saying_which(
        tmp_path: Path, raw: bytes, error: type[Exception], words: str) -> None:
    with pytest.raises(error) as refused:
        parse(tmp_path, raw)
    assert type(refused.value) is error and str(refused.value) == words


@pytest.mark.parametrize(("temp", "target", "state"), [
    (b"new", b"old", "pending"),
    (None, b"new", "done"),
    (b"new", b"new", "pending"),
    (None, b"old", "lost"),
    (b"other", None, "lost"),
])
def test_each_file_of_a_record_is_found_pending_done_or_lost(
        tmp_path: Path, temp: bytes | None, target: bytes | None, state: str) -> None:
    entry = Entry(tmp_path / "store.json", tmp_path / ".store.json.a1.tmp", digest(b"new"))
    for path, content in ((entry.temp, temp), (entry.target, target)):
        if content is not None:
            path.write_bytes(content)
    assert _state(entry) == state
