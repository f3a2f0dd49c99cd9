"""Files the player chooses: only regular files are read or replaced, reads are bounded,
and JSON from them has no key twice and bounded nesting (`companion/store/files.py`)."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from store_samples import play, record

from companion.store import Store, StoreError, atomic, open_store
from companion.store.files import (
    FileRefused,
    JsonRefused,
    decode_json,
    export_bytes,
    nesting,
    read_regular,
    write_regular,
)
from companion.store.validate import MAX_IMPORT_BYTES

DEEP = b"[" * 100_000 + b"]" * 100_000


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def finishes_within(seconds: float, action: object) -> BaseException | None:
    """Run `action` in a thread: a hang fails the test instead of stalling the suite."""
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            action()  # type: ignore[operator]
            outcome.append(None)
        except BaseException as exc:
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert outcome, "the call hung"
    return outcome[0]


# --- reading --------------------------------------------------------------------------


def test_a_regular_file_and_a_link_to_one_are_read(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_bytes(b"{}")
    (tmp_path / "link.json").symlink_to(tmp_path / "a.json")
    assert read_regular(tmp_path / "a.json", 10) == b"{}"
    assert read_regular(tmp_path / "link.json", 10) == b"{}"


@pytest.mark.parametrize("kind", ["fifo", "fifo link", "device", "device link", "folder"])
def test_anything_but_a_regular_file_is_refused_before_reading(tmp_path: Path,
                                                               kind: str) -> None:
    target = {"fifo": lambda: fifo(tmp_path / "pipe"), "device": lambda: Path("/dev/zero"),
              "folder": lambda: tmp_path}[kind.split()[0]]()
    path = target
    if kind.endswith("link"):
        path = tmp_path / "link.json"
        path.symlink_to(target)
    error = finishes_within(5, lambda: read_regular(path, MAX_IMPORT_BYTES))
    assert isinstance(error, FileRefused)
    assert "not a regular file" in str(error)


def test_a_read_stops_one_byte_past_its_limit(tmp_path: Path) -> None:
    (tmp_path / "big.json").write_bytes(b" " * 1025)
    assert len(read_regular(tmp_path / "big.json", 1025)) == 1025
    with pytest.raises(FileRefused, match="larger than 1 KB"):
        read_regular(tmp_path / "big.json", 1024)


def test_a_missing_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(FileRefused, match="Cannot read"):
        read_regular(tmp_path / "nope.json", 10)


# --- JSON -----------------------------------------------------------------------------


@pytest.mark.parametrize(("raw", "message"), [
    (DEEP, "nested 100000 deep"),
    (b'{"a": 1, "b": {"c": 2, "c": 3}}', 'the key "c" appears twice'),
    (b'{"name": "Zo\xe9"}', "not UTF-8 text (a bad byte at position 12)"),
    (b'{"a": NaN}', "NaN is not a number"),
    (b'{"a": ', "not valid JSON"),
])
def test_hostile_json_gives_a_message(raw: bytes, message: str) -> None:
    with pytest.raises(JsonRefused) as caught:
        decode_json(raw)
    assert message in str(caught.value)


def test_nesting_ignores_brackets_inside_strings() -> None:
    assert nesting(b'{"a": ["[[[[", "\\"{{{", "\\\\"], "b": {}}') == 2
    assert decode_json(b'{"a": ["[[[[", "\\"{{{", "\\\\"]}') == {"a": ["[[[[", '"{{{', "\\"]}
    assert nesting(b'["\\n\\\\", ["\\t[", {"\\\\": "]"}]]') == 3
    assert nesting(b"[" * 64 + b"]" * 64) == 64
    with pytest.raises(JsonRefused):
        decode_json(b"[" * 65 + b"]" * 65)


# --- import ---------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "link to dev-zero", "folder"])
def test_import_refuses_what_is_not_a_file_and_changes_nothing(
        store: Store, tmp_path: Path, kind: str) -> None:
    store.add_player("Ana")
    path = {"fifo": lambda: fifo(tmp_path / "pipe.json"),
            "dev-zero": lambda: Path("/dev/zero"), "folder": lambda: tmp_path}.get(
        kind, lambda: tmp_path / "zero.json")()
    if kind == "link to dev-zero":
        path.symlink_to("/dev/zero")
    before = store.export_all()
    error = finishes_within(5, lambda: store.import_file(path))
    assert isinstance(error, StoreError) and "not a regular file" in str(error)
    assert store.export_all() == before


@pytest.mark.parametrize(("content", "message"), [
    (DEEP, "nested 100000 deep"),
    (b'{"format": "wonderful-companion", "format": "x"}', '"format" appears twice'),
    (b'{"format": "wonderful-\xffcompanion"}', "not UTF-8"),
])
def test_import_refuses_hostile_json(store: Store, tmp_path: Path, content: bytes,
                                     message: str) -> None:
    (tmp_path / "bad.json").write_bytes(content)
    with pytest.raises(StoreError, match="Import refused, nothing was changed") as caught:
        store.import_file(tmp_path / "bad.json")
    assert message in str(caught.value)


# --- export ---------------------------------------------------------------------------


@pytest.fixture
def kept(store: Store) -> Store:
    store.save_game(record("g-1", play(1)))
    return store


def test_export_writes_a_new_file_and_replaces_a_regular_one(kept: Store,
                                                            tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    kept.export_file(target)
    target.write_bytes(b"old")
    kept.export_file(target)
    assert target.read_bytes().startswith(b"{")


def test_export_leaves_a_symbolic_link_and_its_target_alone(kept: Store,
                                                           tmp_path: Path) -> None:
    (tmp_path / "real.json").write_bytes(b"keep me")
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "real.json")
    with pytest.raises(StoreError, match="symbolic link"):
        kept.export_file(link)
    assert link.is_symlink() and (tmp_path / "real.json").read_bytes() == b"keep me"


@pytest.mark.parametrize("kind", ["device", "fifo", "folder"])
def test_export_never_replaces_a_special_file(kept: Store, tmp_path: Path, kind: str) -> None:
    path = tmp_path / "special"
    if kind == "device":
        try:
            os.mknod(path, 0o600 | 0o020000, os.makedev(1, 3))  # a copy of /dev/null
        except PermissionError:
            pytest.skip("creating a device needs root")
    elif kind == "fifo":
        fifo(path)
    else:
        path.mkdir()
    before = os.lstat(path)
    error = finishes_within(5, lambda: kept.export_file(path))
    assert isinstance(error, StoreError) and "Export refused" in str(error)
    after = os.lstat(path)
    assert (after.st_mode, after.st_ino, after.st_rdev) == (before.st_mode, before.st_ino,
                                                             before.st_rdev)


def data_files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and "backups" not in p.parts}


@pytest.mark.parametrize("target", ["store.json", ".", "archive/new.json", "link/store.json",
                                    "link"])
def test_export_never_writes_in_the_data_folder(kept: Store, tmp_path: Path,
                                                target: str) -> None:
    (tmp_path / "link").symlink_to(kept.folder)
    before = data_files(kept.folder)
    path = (tmp_path / target) if target.startswith("link") else kept.folder / target
    with pytest.raises(StoreError, match="Export refused"):
        kept.export_file(path)
    assert data_files(kept.folder) == before


def test_write_regular_refuses_the_folder_itself(tmp_path: Path) -> None:
    with pytest.raises(FileRefused, match="inside the data folder"):
        write_regular(tmp_path, b"{}", forbidden=tmp_path)


def test_read_only_store_exports_under_the_same_rules(kept: Store, tmp_path: Path) -> None:
    kept.close()
    (tmp_path / "link.json").symlink_to(tmp_path / "nowhere.json")
    with open_store(kept.folder, read_only=True) as reader:
        with pytest.raises(StoreError, match="symbolic link"):
            reader.export_file(tmp_path / "link.json")
        assert reader.export_file(tmp_path / "fine.json")["games"] == 1
    assert not (tmp_path / "nowhere.json").exists()


def _symlink_loop(tmp_path: Path) -> Path:
    (tmp_path / "loop-a.json").symlink_to(tmp_path / "loop-b.json")
    (tmp_path / "loop-b.json").symlink_to(tmp_path / "loop-a.json")
    return tmp_path / "loop-a.json"


def _under_a_file(tmp_path: Path) -> Path:
    (tmp_path / "plain.json").write_bytes(b"{}")
    return tmp_path / "plain.json" / "out.json"


def _folder(tmp_path: Path) -> Path:
    (tmp_path / "sub").mkdir()
    return tmp_path / "sub"


def _dangling_link(tmp_path: Path) -> Path:
    (tmp_path / "link.json").symlink_to(tmp_path / "nowhere.json")
    return tmp_path / "link.json"


# The whole sentence a player reads when an export is refused, with the path it names.
# The loop's reason comes from Python itself, which (before 3.13) words it without an
# errno; a path under a regular file gives the system's own words (strerror).
@pytest.mark.parametrize(("make", "message"), [
    pytest.param(_symlink_loop, "Cannot write {path}: Symlink loop from '{path}'.",
                 marks=pytest.mark.skipif(sys.version_info >= (3, 13),
                                          reason="3.13 resolves a loop without an error")),
    (_under_a_file, "Cannot write {path}: Not a directory."),
    (_folder, "Export refused: {path} is a folder; the export would replace it by a regular"
              " file. It was left as it is: choose another file name."),
    (_dangling_link, "Export refused: {path} is a symbolic link; the export would replace it"
                     " by a regular file. It was left as it is: choose another file name."),
])
def test_write_regular_refusals_name_the_path_and_why(
        tmp_path: Path, make: Callable[[Path], Path], message: str) -> None:
    path = make(tmp_path)
    data = tmp_path / "data"
    data.mkdir()
    with pytest.raises(FileRefused) as refused:
        write_regular(path, b"{}", forbidden=data)
    assert str(refused.value) == message.format(path=path)


def test_write_regular_in_the_data_folder_names_both(tmp_path: Path) -> None:
    path = tmp_path / "data" / "out.json"
    with pytest.raises(FileRefused) as refused:
        write_regular(path, b"{}", forbidden=tmp_path / "data")
    assert str(refused.value) == (
        f"Export refused: {path} is inside the data folder {tmp_path / 'data'}, where it"
        " could overwrite your data. Choose a file outside that folder.")


def test_an_export_into_a_missing_folder_says_the_system_reason(tmp_path: Path) -> None:
    path = tmp_path / "missing" / "out.json"
    with pytest.raises(FileRefused) as refused:
        write_regular(path, b"{}", forbidden=tmp_path / "data")
    assert str(refused.value) == f"Could not write {path}: No such file or directory."


def test_a_write_error_without_a_system_reason_is_told_in_its_own_words(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def failing(path: Path, data: bytes) -> None:
        raise OSError("the drive went away")

    monkeypatch.setattr(atomic, "atomic_write", failing)
    path = tmp_path / "out.json"
    with pytest.raises(FileRefused) as refused:
        write_regular(path, b"{}", forbidden=tmp_path / "data")
    assert str(refused.value) == f"Could not write {path}: the drive went away."


def test_an_export_file_is_utf8_json_indented_by_one_space() -> None:
    assert export_bytes({"name": "Zoé", "games": [1]}) == (
        '{\n "name": "Zoé",\n "games": [\n  1\n ]\n}'.encode())
