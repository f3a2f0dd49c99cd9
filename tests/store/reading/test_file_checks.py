"""Reading a data file from the disk: a missing file, a good copy, the quick check made
at every opening, and a setting read before the store is opened."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from companion.store.atomic import seal
from companion.store.reading import Reading, good_copy, read, saved_setting, verify

CHECKSUM = ("its checksum does not match its content: it was changed or damaged on the"
            " disk", {})


def data(kind: str = "store", version: int = 4, **tables: Any) -> dict[str, Any]:
    return {"_meta": {"1": {"schema_version": version, "kind": kind}}, **tables}


def write(path: Path, content: object, *, sealed: bool = True) -> Path:
    body = msgspec.json.encode(content)
    path.write_bytes(seal(body) if sealed else body)
    return path


def test_a_missing_file_reads_as_a_fresh_one_of_its_kind(tmp_path: Path) -> None:
    assert read(tmp_path / "ongoing.json", "ongoing") == Reading(
        data={"_meta": {"1": {"schema_version": 4, "kind": "ongoing"}}}, missing=True)


def test_a_file_is_read_as_the_kind_asked_for(tmp_path: Path) -> None:
    path = write(tmp_path / "ongoing.json", data("ongoing"))
    assert read(path, "ongoing").data == data("ongoing")
    assert read(path, "store").problem == ("it is not a data file of this app", {})


def test_a_missing_file_has_no_damage(tmp_path: Path) -> None:
    assert verify(tmp_path / "store.json", "store") is None


def test_a_sealed_file_is_trusted_on_its_checksum_alone(tmp_path: Path) -> None:
    """The checksum says the app wrote it: checking every file at every opening must
    stay cheap, so it is not decoded."""
    path = write(tmp_path / "store.json", data("ongoing", games={"1": {}}))
    assert verify(path, "store") is None


def test_a_sealed_file_that_changed_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "store.json"
    path.write_bytes(seal(msgspec.json.encode(data(games={"1": {"id": "g-1"}})))
                     .replace(b"g-1", b"g-2"))
    assert verify(path, "store") == CHECKSUM
    assert verify(path, "store", unsealed=False) == CHECKSUM


def test_a_file_from_before_checksums_is_decoded_whole(tmp_path: Path) -> None:
    good = write(tmp_path / "store.json", data(), sealed=False)
    bad = write(tmp_path / "ongoing.json", data("store"), sealed=False)
    assert verify(good, "store") is None
    assert verify(bad, "ongoing") == ("it is not a data file of this app", {})


def test_a_file_from_before_checksums_can_be_left_for_its_use_to_check(
        tmp_path: Path) -> None:
    bad = write(tmp_path / "ongoing.json", data("store"), sealed=False)
    assert verify(bad, "ongoing", unsealed=False) is None


def test_an_empty_file_is_damage_even_when_left_for_its_use_to_check(tmp_path: Path) -> None:
    empty = tmp_path / "store.json"
    empty.write_bytes(b"\n")
    assert verify(empty, "store", unsealed=False) == ("it is empty", {})


def test_a_good_copy_is_one_that_reads_whole_at_this_version_or_older(
        tmp_path: Path) -> None:
    for version in (3, 4):
        path = write(tmp_path / f"v{version}.json", data(version=version))
        assert good_copy(path, "store") == Reading(data=data(version=version),
                                                   raw=msgspec.json.encode(data(version=version)))


@pytest.mark.parametrize("make", ["missing", "damaged", "newer", "a folder", "other kind"])
def test_a_copy_that_cannot_stand_in_for_the_file_is_none(tmp_path: Path, make: str) -> None:
    path = tmp_path / "copy.json"
    if make == "damaged":
        path.write_bytes(b"{not json")
    elif make == "newer":
        write(path, data(version=5))
    elif make == "a folder":
        path.mkdir()
    elif make == "other kind":
        write(path, data("ongoing"))
    assert good_copy(path, "store") is None


def test_a_saved_setting_is_read_without_opening_the_store(tmp_path: Path) -> None:
    write(tmp_path / "store.json", data(settings={"1": {"language": "fr"}}))
    assert saved_setting(tmp_path, "language") == "fr"
    assert saved_setting(tmp_path, "face") is None


@pytest.mark.parametrize("content", [data(), data(settings={}),
                                     data(settings={"1": {"face": "B"}}), data("ongoing")],
                         ids=["no settings table", "no settings document",
                              "other settings only", "another kind of file"])
def test_a_setting_never_saved_is_none(tmp_path: Path, content: object) -> None:
    write(tmp_path / "store.json", content)
    assert saved_setting(tmp_path, "language") is None


def test_no_data_folder_means_no_setting(tmp_path: Path) -> None:
    assert saved_setting(tmp_path / "nowhere", "language") is None


def test_trouble_or_damage_reads_as_no_setting(tmp_path: Path) -> None:
    """The command that opens the store says what is wrong, in the saved language or not."""
    (tmp_path / "store.json").write_bytes(b"{cut")
    assert saved_setting(tmp_path, "language") is None
    (tmp_path / "store.json").unlink()
    (tmp_path / "store.json").mkdir()
    assert saved_setting(tmp_path, "language") is None
