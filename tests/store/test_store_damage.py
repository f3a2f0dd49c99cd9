"""Damage vs trouble: bytes that cannot be decoded are damage (kept aside, the previous
generation restored, the player told at once, in the app and on every command); a file
out of reach is trouble (refused with what to fix, nothing renamed)."""

from __future__ import annotations

import errno
import json
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from store_samples import attempt, bare, play, record

from companion.cli import main
from companion.rules.campaign import Campaign
from companion.shipped.scenarios import campaign_boxes
from companion.store import StoreError, open_store
from companion.store.schema import ARCHIVE_DIR, MAIN_FILE, ONGOING_FILE, SCHEMA_VERSION

SHARD = f"{ARCHIVE_DIR}/2025-01.json"
BLOCK = 4096


def bad_byte(raw: bytes) -> bytes:
    middle = len(raw) // 2
    return raw[:middle] + b"\xff" + raw[middle + 1:]


def flipped_bit(raw: bytes) -> bytes:
    """One bit of a digit flipped: still valid JSON, a different number (found only by
    the checksum)."""
    at = next(i for i in range(len(raw) // 2, len(raw)) if raw[i:i + 1].isdigit()
              and raw[i] ^ 1 in b"0123456789")
    return raw[:at] + bytes([raw[at] ^ 1]) + raw[at + 1:]


def zeroed_block(raw: bytes) -> bytes:
    start = BLOCK if len(raw) >= 2 * BLOCK else 0
    end = min(start + BLOCK, len(raw))
    return raw[:start] + bytes(end - start) + raw[end:]


DAMAGES: dict[str, Callable[[bytes], bytes]] = {
    "truncated": lambda raw: raw[: len(raw) * 2 // 3],
    "bad byte": bad_byte,
    "flipped bit": flipped_bit,
    "zeroed block": zeroed_block,
}


def filled(folder: Path) -> dict[str, Any]:
    """Files over 4 KiB each; the last change of each file is known: returns, per file,
    what the data looks like with that last change lost."""
    with open_store(folder) as store:
        store.save_game(record("done", play(0), minutes=0))
        store.save_game(record("done-2", play(1), minutes=30))
        for number in range(60):
            store.record_attempt(attempt("base-1", 40 + number, won=False, minutes=number))
        store.save_game(record("open-2", play(3, limit=150, finish=False), minutes=80))
        store.save_game(record("open", play(2, limit=150, finish=False), minutes=90))
        box = campaign_boxes()["war-or-peace"]
        store.save_campaign(Campaign.new("c", "Friday", box, ["Ana"]).to_json())
        previous = {
            MAIN_FILE: store.attempts(),
            ONGOING_FILE: store.game("open"),
            SHARD: store.game("done-2"),
        }
        # The last change of each file (finishing done-2 changes store.json too: the
        # attempt comes after it).
        done_2 = store.game("done-2")
        assert done_2 is not None
        store.save_game(done_2 | {"note": "after"})
        open_game = store.game("open")
        assert open_game is not None
        store.save_game(open_game | {"updated": "2025-01-02T00:00:00+00:00"})
        store.record_attempt(attempt("base-2", 99, minutes=500))
    for name in (MAIN_FILE, ONGOING_FILE, SHARD):
        assert (folder / name).stat().st_size > BLOCK, name
    return previous


def damage(folder: Path, name: str, how: str) -> bytes:
    path = folder / name
    broken = DAMAGES[how](path.read_bytes())
    assert broken != path.read_bytes()
    path.write_bytes(broken)
    return broken


def check_restored(store: Any, name: str, previous: dict[str, Any]) -> None:
    """The data is as it was before the damaged file's last change, and only that; an
    archive month loses nothing: its last game is back from the game's own backup."""
    if name == MAIN_FILE:
        assert store.attempts() == previous[MAIN_FILE]
    else:
        assert len(store.attempts()) == len(previous[MAIN_FILE]) + 1
    key = {ONGOING_FILE: "open", SHARD: "done-2"}
    for file, game_id in key.items():
        found = store.game(game_id)
        if file == name and name != SHARD:
            assert bare(found) == bare(previous[file])
        else:
            assert bare(found) != bare(previous[file]), f"{game_id} kept its last change"
    assert store.campaign("c") is not None


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("damage") / "data"
    return folder, filled(folder)


@pytest.fixture
def copy(prepared: tuple[Path, dict[str, Any]], tmp_path: Path
         ) -> Iterator[tuple[Path, dict[str, Any]]]:
    folder = tmp_path / "data"
    shutil.copytree(prepared[0], folder)
    yield folder, prepared[1]


@pytest.mark.parametrize("how", list(DAMAGES))
@pytest.mark.parametrize("name", [MAIN_FILE, ONGOING_FILE, SHARD])
def test_the_app_restores_the_previous_generation_and_says_so(
        copy: tuple[Path, dict[str, Any]], name: str, how: str) -> None:
    from companion.usecases.services import open_services

    folder, previous = copy
    broken = damage(folder, name, how)
    services = open_services(str(folder))
    try:
        backend = services.backend
        store = backend.store  # type: ignore[attr-defined]
        notices = backend.notices()  # archive months too: found as the folder opens
        assert len(notices) == 1, notices
        (aside,) = (folder / name).parent.glob(f"{Path(name).name}.damaged-*")
        assert aside.read_bytes() == broken, "the damaged file is kept, never deleted"
        assert str(folder / name) in notices[0] and str(aside) in notices[0]
        if name == SHARD:
            assert "The archive of January 2025" in notices[0]
            assert "rebuilt from its copies: no game is lost" in notices[0]
        else:
            assert "previous version" in notices[0] and "only the last change" in notices[0]
        check_restored(store, name, previous)
        if name != SHARD:
            assert len(backend.finished_games()) == 2
    finally:
        services.close()
    with open_store(folder) as store:
        assert store.notices == []
        check_restored(store, name, previous)


READ_ONLY_COMMANDS = [["history"], ["medals"], ["export", "{out}"], ["scenarios"],
                      ["campaign", "list"], ["campaign", "show", "c"]]


@pytest.mark.parametrize("command", READ_ONLY_COMMANDS, ids=" ".join)
@pytest.mark.parametrize("name", [MAIN_FILE, ONGOING_FILE])
def test_every_read_only_command_reads_around_the_damage_and_says_so(
        copy: tuple[Path, dict[str, Any]], name: str, command: list[str], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder, _ = copy
    damage(folder, name, "bad byte")
    before = sorted(p.name for p in folder.rglob("*"))
    args = [part.format(out=tmp_path / "out.json") for part in command]
    assert main(["--data-dir", str(folder), *args]) == 0
    err = capsys.readouterr().err
    assert "is damaged" in err and "earlier copy" in err and str(folder / name) in err
    assert "Traceback" not in err
    assert sorted(p.name for p in folder.rglob("*")) == before, "a reader renames nothing"


def test_export_reads_a_damaged_archive_from_its_copies(
        copy: tuple[Path, dict[str, Any]], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder, previous = copy
    damage(folder, SHARD, "flipped bit")
    out = tmp_path / "out.json"
    assert main(["--data-dir", str(folder), "export", str(out)]) == 0
    assert "is damaged" in capsys.readouterr().err
    games = {g["id"]: g for g in json.loads(out.read_bytes())["games"]}
    assert bare(games["done-2"]) != bare(previous[SHARD]), "its last change is kept"
    assert games["done-2"]["note"] == "after" and len(games) == 4


def test_the_app_export_never_silently_drops_games(
        copy: tuple[Path, dict[str, Any]]) -> None:
    """No copy of a damaged archive at all: the export holds everything else, and says
    which games it lacks; they stay in the history, their loss told when the app opened."""
    folder, _ = copy
    damage(folder, SHARD, "truncated")
    (folder / f"{SHARD}.prev").unlink()
    shutil.rmtree(folder / "backups")  # the games' own backups too
    with open_store(folder) as store:
        (told,) = [str(n) for n in store.notices]
        assert "the moves of the 2 games of January 2025 are in no copy" in told
        exported = store.export_all()
        assert sorted(g["id"] for g in exported["games"]) == ["open", "open-2"]
        assert len(exported["attempts"]) == 61 and len(exported["campaigns"]) == 1
        (gap,) = [str(n) for n in store.export_gaps()]
        assert gap.startswith("2 games of your history are not in the export")
        assert "January 1, 2025" in gap
        assert len(store.games(finished=True)) == 2, "their summaries stay in the history"


def test_import_on_the_command_line_repairs_and_says_so(
        copy: tuple[Path, dict[str, Any]], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder, previous = copy
    empty = tmp_path / "empty.json"
    empty.write_text(json.dumps({"format": "wonderful-companion", "schema_version": 2,
                                 "games": []}))
    damage(folder, MAIN_FILE, "zeroed block")
    assert main(["--data-dir", str(folder), "import", str(empty)]) == 0
    err = capsys.readouterr().err
    assert "was damaged" in err and "previous version" in err
    with open_store(folder) as store:
        assert store.attempts() == previous[MAIN_FILE]


# --- trouble ----------------------------------------------------------------------------

AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def unreadable(folder: Path, monkeypatch: pytest.MonkeyPatch, error: int) -> None:
    """store.json made unreadable: for real by chmod 000 (not as root, whom modes do not
    bind), else by an `os.open` that fails for it."""
    path = folder / MAIN_FILE
    if error == errno.EACCES and not AS_ROOT:
        path.chmod(0)
        return
    real = os.open

    def failing(name: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if Path(name) == path:
            raise OSError(error, os.strerror(error), str(name))
        return real(name, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", failing)


@pytest.mark.parametrize(("error", "words"), [
    (errno.EACCES, ["permission denied", "chmod u+rw"]),
    (errno.EIO, ["Input/output error", "check the disk"]),
])
@pytest.mark.parametrize("read_only", [False, True])
def test_a_file_out_of_reach_is_refused_and_nothing_is_renamed(
        copy: tuple[Path, dict[str, Any]], monkeypatch: pytest.MonkeyPatch, error: int,
        words: list[str], read_only: bool) -> None:
    folder, _ = copy
    with open_store(folder) as store:
        exported = store.export_all()
    before = sorted(p.name for p in folder.rglob("*"))
    unreadable(folder, monkeypatch, error)
    with pytest.raises(StoreError) as refused:
        open_store(folder, read_only=read_only)
    message = str(refused.value)
    assert str(folder / MAIN_FILE) in message and "Nothing was changed" in message
    assert all(word in message for word in words), message
    monkeypatch.undo()
    (folder / MAIN_FILE).chmod(0o644)
    assert sorted(p.name for p in folder.rglob("*")) == before, "nothing renamed"
    with open_store(folder) as store:
        assert store.notices == [] and store.export_all() == exported


def test_permission_denied_on_the_command_line(
        copy: tuple[Path, dict[str, Any]], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder, _ = copy
    unreadable(folder, monkeypatch, errno.EACCES)
    assert main(["--data-dir", str(folder), "history"]) == 1
    err = capsys.readouterr().err
    assert "permission denied" in err and "Traceback" not in err
    assert not list(folder.glob("*.damaged-*"))


@pytest.mark.parametrize("thing", ["folder", "pipe"])
def test_something_else_in_place_of_a_data_file_is_refused(
        copy: tuple[Path, dict[str, Any]], thing: str) -> None:
    folder, _ = copy
    path = folder / ONGOING_FILE
    path.unlink()
    if thing == "folder":
        path.mkdir()
    else:
        os.mkfifo(path)
    for read_only in (False, True):
        with pytest.raises(StoreError, match="not a regular file"):
            open_store(folder, read_only=read_only)
    assert not list(folder.glob("*.damaged-*"))


# --- files of earlier versions ------------------------------------------------------------


def test_files_without_a_checksum_are_read_and_upgraded(tmp_path: Path) -> None:
    """Files written by version 1 (no checksum, data version 1) open; the app upgrades
    them in one commit, with a backup first; a reader reads them as they are."""
    folder = tmp_path / "data"
    with open_store(folder) as store:
        store.save_game(record("done", play(0)))
        store.record_attempt(attempt("base-1", 90, medal="bronze", game="done"))
        exported = store.export_all()
    for path in [folder / MAIN_FILE, folder / SHARD]:
        data = json.loads(path.read_bytes())
        del data["_checksum"]
        data["_meta"]["1"]["schema_version"] = 1
        path.write_text(json.dumps(data))
        (path.parent / f"{path.name}.prev").unlink(missing_ok=True)
    shutil.rmtree(folder / "backups")
    with open_store(folder, read_only=True) as reader:
        assert reader.export_all() == exported
    with open_store(folder) as store:
        assert f"from version 1 to version {SCHEMA_VERSION}" in str(store.notices[0])
        assert store.export_all() == exported
    assert (folder / MAIN_FILE).read_bytes().startswith(b'{"_checksum":"')
    with open_store(folder) as store:
        assert store.notices == [] and store.export_all() == exported
