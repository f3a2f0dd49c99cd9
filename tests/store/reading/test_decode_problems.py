"""Damage in a data file's bytes, found and worded without ever raising.

Each problem is shown to the player when the store sets the file aside and puts its
last good copy back, so each kind of damage has its own words.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from companion.store.atomic import seal
from companion.store.reading import Reading, decode, well_formed

NOT_OURS = ("it is not a data file of this app", {})
NOT_WRITTEN_BY_US = ("its content is not what this app writes", {})


def data(kind: str = "store", version: object = 4, **tables: Any) -> dict[str, Any]:
    return {"_meta": {"1": {"schema_version": version, "kind": kind}}, **tables}


def sealed(content: object) -> bytes:
    return seal(msgspec.json.encode(content))


def test_a_good_file_reads_with_its_body_without_the_checksum() -> None:
    good = data(games={"1": {"id": "g-1"}})
    body = msgspec.json.encode(good)
    assert decode(seal(body), "store") == Reading(data=good, raw=body)


def test_a_file_written_before_checksums_reads_as_it_is() -> None:
    body = msgspec.json.encode(data())
    assert decode(body, "store") == Reading(data=data(), raw=body)


@pytest.mark.parametrize("raw", [b"", b" \n\t"], ids=["no bytes", "blanks"])
def test_an_empty_file_is_said_to_be_empty(raw: bytes) -> None:
    assert decode(raw, "store") == Reading(problem=("it is empty", {}))


def test_a_changed_byte_is_found_by_the_checksum() -> None:
    raw = sealed(data(games={"1": {"id": "g-1"}})).replace(b"g-1", b"g-2")
    assert decode(raw, "store") == Reading(problem=(
        "its checksum does not match its content: it was changed or damaged on the disk",
        {}))


@pytest.mark.parametrize("raw", [b'{"_meta": {"1"', b'\xff\xfe{}', b"[" * 100_000],
                         ids=["cut short", "not UTF-8", "nested too deep"])
def test_bytes_that_are_not_json_are_said_to_be_corrupted(raw: bytes) -> None:
    assert decode(raw, "store") == Reading(
        problem=("it is not valid JSON (cut short or corrupted)", {}))


@pytest.mark.parametrize("content", [
    [], {}, {"_meta": []}, {"_meta": {"2": {}}}, {"_meta": {"1": {"kind": "store"}}},
    data(kind="archive"), {"_meta": {"1": {"schema_version": 4}}}, data(version="4"),
    data(version=True), data(version=4.0)],
    ids=["a list", "no meta", "meta a list", "no meta document 1", "no version",
         "another kind", "no kind", "version a text", "version true", "version a float"])
def test_a_file_without_the_meta_of_this_kind_is_not_ours(content: object) -> None:
    assert decode(msgspec.json.encode(content), "store") == Reading(problem=NOT_OURS)


def test_the_kind_asked_for_is_the_one_checked() -> None:
    assert decode(sealed(data(kind="ongoing")), "ongoing").data == data(kind="ongoing")
    assert decode(sealed(data(kind="ongoing")), "store") == Reading(problem=NOT_OURS)


@pytest.mark.parametrize("version", [3, 4], ids=["older", "this version"])
def test_a_shape_this_app_never_writes_is_damage(version: int) -> None:
    content = data(version=version, games={"1": {"name": "no id"}})
    assert decode(sealed(content), "store") == Reading(problem=NOT_WRITTEN_BY_US)


def test_a_newer_apps_file_is_not_judged_by_this_apps_shapes() -> None:
    """A newer version may write tables this one does not know: the store then says
    the data is newer, not that it is damaged."""
    content = data(version=5, games={"1": {"name": "no id"}})
    assert decode(sealed(content), "store").data == content


@pytest.mark.parametrize("tables", [
    {"games": {"1": {"id": "g-1"}}, "players": {"2": {"name": "Ann"}}},
    {"settings": {"1": {}}, "attempts": {"1": {"scenario": "base-1"}}},
    {"history": {"7": {"id": "g-1", "shard": "2026-01", "summary": {}, "order": "x"}}},
    {"deleted": {"1": {"id": "g-1", "kind": "game", "deleted": "2026-01-01T00:00:00"}}},
    {"a future table": {"1": {"anything": None}}}, {"games": {}},
], ids=["games and players", "settings and attempts", "history", "deletion marks",
        "an unknown table", "an empty table"])
def test_tables_of_documents_with_their_fields_are_well_formed(
        tables: dict[str, Any]) -> None:
    assert well_formed(data(**tables))


@pytest.mark.parametrize("content", [
    [], data(games=[]), data(games={"first": {"id": "g-1"}}), data(games={"1": ["g-1"]}),
    data(games={"1": {"id": 7}}), data(players={"1": {"id": "Ann"}}),
    data(history={"1": {"id": "g-1", "shard": "2026-01", "summary": {}}}),
    data(campaigns={"1": {"id": "c-1"}, "2": {}}),
], ids=["a list", "a table as a list", "a document number not a number",
        "a document not an object", "an id not a text", "a player without a name",
        "history without its order", "the second campaign without an id"])
def test_what_this_app_never_writes_is_not_well_formed(content: object) -> None:
    assert not well_formed(content)
