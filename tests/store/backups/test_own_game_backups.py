"""Each game's own backup (`GameBackups`) on its own: the file it is written to, what it
holds, when the next one is due, which files are read back at opening, and what a
failed write or a removal forgets."""

from __future__ import annotations

import errno
import hashlib
from pathlib import Path
from typing import Any

import msgspec
import pytest
from store_samples import fake_record

from companion.store import backups as backups_module
from companion.store.atomic import encode, seal, unseal
from companion.store.backups import STEP, GameBackups, file_name


def digest(game_id: str) -> str:
    return hashlib.sha256(game_id.encode()).hexdigest()[:10]


def test_a_backup_file_is_named_by_the_game_made_safe_and_short() -> None:
    """Letters, digits, - and _ stay; anything else becomes _; 60 characters at most;
    an id with nothing left is `game`; the hash of the whole id tells ids apart."""
    assert file_name("g-1_é") == f"g-1_é-{digest('g-1_é')}.json"
    assert file_name("a/b c.d") == f"a_b_c_d-{digest('a/b c.d')}.json"
    assert file_name("x" * 70) == f"{'x' * 60}-{digest('x' * 70)}.json"
    assert file_name("") == f"game-{digest('')}.json"


def test_a_backup_holds_the_game_as_a_sealed_data_file(tmp_path: Path) -> None:
    record = fake_record("g", 3)
    backups = GameBackups(tmp_path)
    assert backups.write(record) is True
    raw = (tmp_path / "backups" / "games" / file_name("g")).read_bytes()
    body, sealed = unseal(raw)
    assert sealed
    assert msgspec.json.decode(body) == {
        "_meta": {"1": {"schema_version": 4, "kind": "game"}}, "games": {"1": record}}
    assert GameBackups(tmp_path).load() == {"g": record}


def test_the_next_backup_is_due_at_a_safe_point(tmp_path: Path) -> None:
    """STEP moves more or fewer (an undo), another round, or the game ended; not before."""
    backups = GameBackups(tmp_path)
    start = fake_record("g", 30)
    assert backups.due(start), "no backup yet"
    backups.write(start)
    assert not backups.due(start)
    assert not backups.due(fake_record("g", 30 + STEP - 1))
    assert not backups.due(fake_record("g", 30 - STEP + 1))
    assert backups.due(fake_record("g", 30 + STEP))
    assert backups.due(fake_record("g", 30 - STEP))
    assert backups.due(start | {"round": 2})
    assert backups.due(start | {"abandoned": True})
    ended = fake_record("g", 30, finished=True)
    backups.write(ended)
    assert backups.due(ended), "every save of an ended game"


def test_a_record_without_a_list_of_moves_counts_none(tmp_path: Path) -> None:
    backups = GameBackups(tmp_path)
    backups.write(fake_record("g", 1) | {"actions": "?"})
    assert not backups.due(fake_record("g", STEP - 1) | {"actions": "?"})
    assert backups.due(fake_record("g", STEP))


def test_keep_writes_only_when_due(tmp_path: Path) -> None:
    backups = GameBackups(tmp_path)
    backups.keep(fake_record("g", 2))
    backups.keep(fake_record("g", 3))
    assert GameBackups(tmp_path).load()["g"] == fake_record("g", 2)


def test_only_whole_backups_named_for_their_game_are_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file that is not JSON, a folder, a link, a file the disk fails to read, a
    damaged backup, one from a newer app, one holding no game and one under another
    game's name are all passed over; the backups sorted after them are still read."""
    backups = GameBackups(tmp_path)
    for game_id in ("g", "h", "n", "w", "z"):
        backups.write(fake_record(game_id, 2, finished=game_id == "h"))
    root = tmp_path / "backups" / "games"
    (root / "0-notes.txt").write_bytes(b"notes")
    (root / "0-folder.json").mkdir()
    damaged = root / file_name("w")
    damaged.write_bytes(damaged.read_bytes().replace(b'"Ana"', b'"Ann"'))
    newer = {"_meta": {"1": {"schema_version": 5, "kind": "game"}},
             "games": {"1": fake_record("n", 2)}}
    (root / file_name("n")).write_bytes(seal(encode(newer)))
    (root / "0-empty.json").write_bytes(
        seal(encode({"_meta": {"1": {"schema_version": 4, "kind": "game"}}})))
    (root / file_name("g")).rename(root / f"0-{file_name('x')}")
    GameBackups(tmp_path / "elsewhere").write(fake_record("k", 2))
    (root / file_name("k")).symlink_to(tmp_path / "elsewhere" / "backups" / "games"
                                       / file_name("k"))
    (root / "0-unreadable.json").write_bytes(b"")
    real = backups_module.read

    def read(path: Path, kind: str) -> Any:
        if path.name == "0-unreadable.json":
            raise OSError(errno.EIO, "Input/output error")
        return real(path, kind)

    monkeypatch.setattr(backups_module, "read", read)
    loaded = GameBackups(tmp_path)
    assert loaded.load() == {"h": fake_record("h", 2, finished=True),
                             "z": fake_record("z", 2)}
    assert loaded.known() == {"h", "z"}
    assert loaded.ended() == {"h"}
    assert GameBackups(tmp_path / "none").load() == {}


def test_a_failed_write_forgets_the_backup_so_the_next_save_tries_again(
        tmp_path: Path) -> None:
    backups = GameBackups(tmp_path)
    backups.write(fake_record("g", 2))
    backups.write(fake_record("h", 2))
    (tmp_path / "backups" / "games").rename(tmp_path / "moved")
    (tmp_path / "backups" / "games").write_bytes(b"in the way")
    assert backups.write(fake_record("g", 3)) is False
    assert backups.write(fake_record("k", 3)) is False, "one never backed up either"
    assert backups.known() == {"h"}
    assert backups.due(fake_record("g", 3))


def test_removed_backups_are_gone_and_forgotten(tmp_path: Path) -> None:
    """Removing a game with no backup file is no error."""
    backups = GameBackups(tmp_path)
    for game_id in ("g", "h", "k"):
        backups.write(fake_record(game_id, 2, finished=game_id != "k"))
    backups.remove({"g", "k", "never"})
    assert backups.known() == {"h"}
    assert backups.ended() == {"h"}
    assert sorted(p.name for p in (tmp_path / "backups" / "games").iterdir()) == [
        file_name("h")]
