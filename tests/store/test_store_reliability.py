"""Nothing entered is lost: damaged files, newer files, full disks, read-only folders,
a second app, interrupted writes. Real files and real processes throughout."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from processes import can_drop_privileges, env, result, run
from store_samples import attempt, bare, fake_record

from companion.store import StoreError, StoreLocked, journal, open_store, schema
from companion.store.backups import KEEP, Backups
from companion.store.schema import ARCHIVE_DIR, MAIN_FILE, ONGOING_FILE

posix_only = pytest.mark.skipif(os.name != "posix", reason="needs POSIX permissions")
permissions = pytest.mark.skipif(
    os.name != "posix" or not can_drop_privileges(),
    reason="needs POSIX permissions (as root: setpriv, to drop root's powers)")


def folder_bytes(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` (but the lock) with its bytes."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != schema.LOCK_FILE
    }


def filled(folder: Path) -> dict[str, Any]:
    """A store with one game of each kind, an attempt and a player; its export."""
    with open_store(folder) as store:
        store.save_game(fake_record("done", 12, finished=True))
        store.save_game(fake_record("open", 7, minutes=60))
        store.record_attempt(attempt("base-1", 99, medal="bronze"))
        store.add_player("Ana")
        return store.export_all()


@pytest.fixture
def shared_tmp() -> Iterator[Path]:
    """A temporary folder whose permissions are given back before it is removed."""
    path = Path(tempfile.mkdtemp(prefix="companion-store-"))
    path.chmod(0o755)
    try:
        yield path
    finally:
        for folder, _, _ in os.walk(path):
            os.chmod(folder, 0o755)
        shutil.rmtree(path, ignore_errors=True)


# --- atomic writes --------------------------------------------------------------------


def test_stray_temp_files_are_cleaned_at_start_and_nothing_else(folder: Path) -> None:
    filled(folder)
    strays = [folder / ".store.json.k3j2_x.tmp", folder / ARCHIVE_DIR / ".2025-01.json.ab.tmp",
              folder / "backups" / ".tmp-2025-01-01-1234abcd" / "store.json"]
    keep = [folder / "notes.txt", folder / ".hidden", folder / "store.json.damaged-1"]
    for path in strays + keep:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("partial")
    with open_store(folder) as store:
        assert store.game("done") is not None
    assert not any(p.exists() for p in strays)
    assert not (folder / "backups" / ".tmp-2025-01-01-1234abcd").exists()
    assert all(p.read_text() == "partial" for p in keep)


def failing_write(after_bytes: int, error: int = errno.ENOSPC) -> Callable[[int, Any], int]:
    """os.write that writes `after_bytes` bytes in total, then fails like a full disk."""
    real = os.write
    left = [after_bytes]

    def write(fd: int, data: Any) -> int:
        if left[0] <= 0:
            raise OSError(error, os.strerror(error))
        done = real(fd, bytes(data[: left[0]]))
        left[0] -= done
        return done

    return write


def test_disk_full_while_saving_keeps_the_last_saved_version(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    exported = filled(folder)
    with open_store(folder) as store:
        before = folder_bytes(folder)
        monkeypatch.setattr(os, "write", failing_write(100))
        with pytest.raises(StoreError, match="space") as caught:
            store.save_game(fake_record("open", 8, minutes=60))
        assert "No space left" in str(caught.value)
        with pytest.raises(StoreError):
            store.save_game(fake_record("new", 3, finished=True))
        with pytest.raises(StoreError):
            store.record_attempt(attempt("base-2", 1, won=False))
        monkeypatch.undo()
        assert folder_bytes(folder) == before, "a failed write changed a file or left a temp file"
        assert store.export_all() == exported, "memory no longer matches the disk"
        store.save_game(fake_record("open", 8, minutes=60))
        assert bare(store.game("open")) == fake_record("open", 8, minutes=60)
    with open_store(folder) as store:
        assert bare(store.game("open")) == fake_record("open", 8, minutes=60)
        assert store.attempts() == exported["attempts"]


def test_disk_full_between_files_of_one_save(folder: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Finishing a game changes the archive, the index and ongoing.json in one commit:
    the disk filling up between two of its files changes nothing, and saving again
    completes the move."""
    filled(folder)
    with open_store(folder) as store:
        before = folder_bytes(folder)
        real = journal.write_temp
        calls = []

        def second_fails(path: Path, data: bytes) -> Path:
            calls.append(path.name)
            if len(calls) == 2:
                raise OSError(errno.ENOSPC, "No space left on device")
            return real(path, data)

        monkeypatch.setattr(journal, "write_temp", second_fails)
        with pytest.raises(StoreError):
            store.save_game(fake_record("open", 9, finished=True, minutes=60))
        monkeypatch.undo()
        assert calls == ["2025-01.json", MAIN_FILE], "the temp files, before the manifest"
        assert folder_bytes(folder) == before, "nothing changed, and no temp file left"
        assert bare(store.game("open")) == fake_record("open", 7, minutes=60)
        assert [g["id"] for g in store.games(finished=True)] == ["done"]
    with open_store(folder) as store:
        assert bare(store.game("open")) == fake_record("open", 7, minutes=60)
        store.save_game(fake_record("open", 9, finished=True, minutes=60))
    with open_store(folder) as store:
        assert store.current_game() is None
        assert bare(store.game("open")) == fake_record("open", 9, finished=True, minutes=60)


@pytest.mark.parametrize("error", [errno.ENOSPC, errno.EDQUOT])
def test_a_full_disk_is_called_full_not_unwritable(folder: Path, error: int,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """What frees a full disk is making room, not changing permissions: at open, at an
    import's backup (a reset is one), at a save, the message says the disk is full and
    what to do."""
    from companion.store import folder as opening

    filled(folder)
    full = OSError(error, os.strerror(error))
    real = opening.tempfile.mkstemp

    def no_room(*args: Any, **kwargs: Any) -> Any:
        raise full

    monkeypatch.setattr(opening.tempfile, "mkstemp", no_room)
    with pytest.raises(StoreError) as at_open:
        open_store(folder)
    monkeypatch.setattr(opening.tempfile, "mkstemp", real)
    with open_store(folder) as store:
        exported = store.export_all()
        monkeypatch.setattr(Backups, "snapshot", no_room)
        with pytest.raises(StoreError) as at_import:
            store.reset()  # a replacing import, after a backup of the folder
        monkeypatch.undo()
        assert store.export_all() == exported
        monkeypatch.setattr(os, "write", failing_write(0, error))
        with pytest.raises(StoreError) as at_save:
            store.save_game(fake_record("open", 8, minutes=60))
    for refused in (at_open, at_import, at_save):
        message = str(refused.value)
        assert "is full" in message and "Make room on that disk" in message, message
        assert "writable" not in message and str(folder) in message, message
    assert "--data-dir" in str(at_open.value) and "Nothing was changed" in str(at_open.value)


def test_a_folder_that_refuses_writing_is_still_told_to_be_made_writable(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.store import folder as opening

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(opening.tempfile, "mkstemp", refused)
    with pytest.raises(StoreError, match="Make it writable"):
        open_store(folder)


@posix_only
def test_file_size_limit_of_the_os_is_a_real_write_error(shared_tmp: Path) -> None:
    """A kernel-enforced limit (RLIMIT_FSIZE) makes the write itself fail, as a full disk."""
    folder = shared_tmp / "data"
    done = run(
        """
        import json, resource, signal, sys
        from pathlib import Path
        from companion.store import StoreError, open_store
        from store_samples import fake_record
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        with open_store(Path(sys.argv[1])) as store:
            store.save_game(fake_record("g", 5))
            resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))
            try:
                store.save_game(fake_record("g", 2000))
                refused = None
            except StoreError as exc:
                refused = str(exc)
            kept = store.game("g")
        print(json.dumps({"refused": refused, "kept": kept}))
        """,
        str(folder),
    )
    found = result(done)
    assert found["refused"] and "Could not save the game" in found["refused"]
    assert bare(found["kept"]) == fake_record("g", 5)
    with open_store(folder) as store:
        assert bare(store.game("g")) == fake_record("g", 5)
    assert not list(folder.glob(".*.tmp"))


# --- damaged files --------------------------------------------------------------------

DAMAGES: dict[str, Callable[[bytes], bytes]] = {
    "corrupted": lambda raw: raw[:40] + b"\x00garbage}{" + raw[50:],
    "truncated": lambda raw: raw[: len(raw) // 2],
    "empty": lambda raw: b"",
    "not ours": lambda raw: b'{"_default": {"1": {"a": 1}}}',
    "wrong shape": lambda raw: raw.replace(b'"id":"', b'"id":7,"x":"', 1),
}


@pytest.mark.parametrize("damage", list(DAMAGES))
@pytest.mark.parametrize("name", [MAIN_FILE, ONGOING_FILE, f"{ARCHIVE_DIR}/2025-01.json"])
def test_a_damaged_file_is_kept_aside_and_named(folder: Path, name: str, damage: str) -> None:
    filled(folder)
    shutil.rmtree(folder / "backups")
    for older in folder.rglob("*.prev"):  # no good copy: see test_store_damage.py for those
        older.unlink()
    path = folder / name
    broken = DAMAGES[damage](path.read_bytes())
    path.write_bytes(broken)
    with open_store(folder) as store:  # found as the folder opens, archive months too
        asides = list(path.parent.glob(f"{path.name}.damaged-*"))
        assert len(asides) == 1 and asides[0].read_bytes() == broken
        assert len(store.notices) == (2 if name == MAIN_FILE else 1)
        message = str(store.notices[0])
        assert str(path) in message and str(asides[0]) in message
        if name.startswith(ARCHIVE_DIR):  # its one game is in no copy: said, and kept listed
            assert "the moves of the game of January 2025 are in no copy" in message
            assert store.game("done")["actions_missing"] is True  # type: ignore[index]
        else:
            assert "starts empty" in message
        if name == ONGOING_FILE:
            assert store.current_game() is None and store.game("done") is not None
        if name == MAIN_FILE:
            assert store.attempts() == []
            assert [g["id"] for g in store.games(finished=True)] == ["done"], \
                "the history must be rebuilt from the archive"
        store.save_game(fake_record("after", 2))
    with open_store(folder) as store:
        assert store.notices == [] and store.game("after") is not None


def test_a_damaged_file_falls_back_on_the_last_good_backup(folder: Path) -> None:
    with open_store(folder) as store:
        store.save_game(fake_record("first", 5, finished=True))  # today's backup follows
        store.record_attempt(attempt("base-1", 50, won=False))
        store.save_game(fake_record("second", 6, finished=True, minutes=10))
    (folder / MAIN_FILE).write_bytes(b'{"_meta": {"1": {"schema_v')
    (folder / f"{MAIN_FILE}.prev").write_bytes(b"damaged too")  # so the backup is used
    with open_store(folder) as store:
        message = str(store.notices[0])
        assert "backup of" in message and "kept aside" in message
        assert datetime.now().date().isoformat() in message
        assert store.attempts() == [], "the attempt came after the backup"
        assert {g["id"] for g in store.games()} == {"first", "second"}
        assert bare(store.game("second")) == fake_record("second", 6, finished=True,
                                                         minutes=10)


@permissions
def test_an_unreadable_file_is_refused_and_nothing_renamed(shared_tmp: Path) -> None:
    """Permission denied is trouble, not damage: nothing is set aside (see also
    test_store_damage.py)."""
    folder = shared_tmp / "data"
    exported = filled(folder)
    (folder / ONGOING_FILE).chmod(0)
    before = folder_bytes(folder)
    found = result(run(
        """
        import json, sys
        from pathlib import Path
        from companion.store import StoreError, open_store
        try:
            open_store(Path(sys.argv[1]))
            print(json.dumps(None))
        except StoreError as exc:
            print(json.dumps(str(exc)))
        """,
        str(folder), unprivileged=True,
    ))
    assert found is not None and "permission denied" in found and "chmod u+rw" in found
    assert str(folder / ONGOING_FILE) in found
    assert not list(folder.glob("*.damaged-*")) and folder_bytes(folder) == before
    (folder / ONGOING_FILE).chmod(0o644)
    with open_store(folder) as store:
        assert store.notices == [] and store.export_all() == exported


# --- versions and migrations ----------------------------------------------------------


@pytest.mark.parametrize("name", [MAIN_FILE, ONGOING_FILE])
def test_a_file_from_a_newer_version_is_refused_untouched(folder: Path, name: str) -> None:
    filled(folder)
    path = folder / name
    data = json.loads(path.read_text())
    data["_meta"]["1"]["schema_version"] = schema.SCHEMA_VERSION + 1
    data["new_table"] = {"1": {"shape": "unknown to us"}}
    path.write_text(json.dumps(data))
    before = folder_bytes(folder)
    with pytest.raises(StoreError, match="newer version of the app") as caught:
        open_store(folder)
    assert str(path) in str(caught.value)
    assert folder_bytes(folder) == before


def test_a_newer_archive_file_is_refused_when_read(folder: Path) -> None:
    filled(folder)
    path = folder / ARCHIVE_DIR / "2025-01.json"
    data = json.loads(path.read_text())
    data["_meta"]["1"]["schema_version"] = schema.SCHEMA_VERSION + 5
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with open_store(folder) as store:
        assert [g["id"] for g in store.games(finished=True)] == ["done"]
        with pytest.raises(StoreError) as refused:
            store.game("done")
    assert str(refused.value) == (
        f"The data file {path} was written by a newer version of the app (data version"
        f" {schema.SCHEMA_VERSION + 5}; this one reads up to {schema.SCHEMA_VERSION}). It"
        " was left untouched: update the app to open it.")
    assert path.read_bytes() == before


def test_migrations_run_in_order_after_a_backup(folder: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    exported = filled(folder)
    shutil.rmtree(folder / "backups")
    before = folder_bytes(folder)
    ran: list[tuple[int, str]] = []

    now = schema.SCHEMA_VERSION

    def to_next(kind: str, data: schema.Data) -> schema.Data:
        ran.append((1, kind))
        assert data["_meta"]["1"]["schema_version"] == now
        data["marks"] = {"1": {"seen": [1]}}
        return data

    def to_after(kind: str, data: schema.Data) -> schema.Data:
        ran.append((2, kind))
        assert data["marks"]["1"]["seen"] == [1]
        data["marks"]["1"]["seen"].append(2)
        return data

    monkeypatch.setattr(schema, "SCHEMA_VERSION", now + 2)
    monkeypatch.setattr(schema, "MIGRATIONS", {now: to_next, now + 1: to_after})
    with open_store(folder) as store:
        assert [step for step, _ in ran] == [1, 2, 1, 2, 1, 2]
        assert sorted(kind for _, kind in ran) == sorted(["store", "ongoing", "archive"] * 2)
        assert f"from version {now} to version {now + 2}" in str(store.notices[0])
        backup = next((folder / "backups").glob("*-before-migration"))
        assert str(backup) in str(store.notices[0])
        data_files = {k: v for k, v in before.items() if not k.endswith(".prev")}
        assert folder_bytes(backup) == data_files, "the backup must hold the files as they were"
        store.save_game(fake_record("later", 2, minutes=500))
        exported_now = store.export_all()
    for path in [folder / MAIN_FILE, folder / ONGOING_FILE, folder / ARCHIVE_DIR / "2025-01.json"]:
        data = json.loads(path.read_text())
        assert data["_meta"]["1"]["schema_version"] == now + 2
        assert data["marks"]["1"]["seen"] == [1, 2]
    assert exported_now["games"][:2] == exported["games"]
    with open_store(folder) as store:
        assert store.notices == [] and len(ran) == 6


def test_a_failing_migration_changes_no_file(folder: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    filled(folder)
    before = folder_bytes(folder)

    def broken(kind: str, data: schema.Data) -> schema.Data:
        raise KeyError("players")

    monkeypatch.setattr(schema, "SCHEMA_VERSION", schema.SCHEMA_VERSION + 1)
    monkeypatch.setattr(schema, "MIGRATIONS", {schema.SCHEMA_VERSION: broken})
    with pytest.raises(StoreError, match="Could not upgrade") as caught:
        open_store(folder)
    assert "before-migration" in str(caught.value)
    after = folder_bytes(folder)
    assert {k: v for k, v in after.items() if not k.startswith("backups")} == {
        k: v for k, v in before.items() if not k.startswith("backups")}


# --- backups --------------------------------------------------------------------------


def test_rolling_daily_backups_keep_the_last_five(folder: Path) -> None:
    with open_store(folder) as store:
        store.save_game(fake_record("old", 3, finished=True))
    backups = Backups(folder)
    start = datetime(2030, 3, 1, 12)
    contents = {}
    for day in range(8):
        with open_store(folder) as store:
            store.save_game(fake_record("open", day + 1))
        now = start + timedelta(days=day)
        made = backups.daily(now)
        assert made is not None and backups.daily(now) is None
        contents[made.name] = (folder / ONGOING_FILE).read_bytes()
    kept = sorted(p.name for p in (folder / "backups").iterdir()
                  if p.name.startswith("2030"))
    assert len(kept) == KEEP
    assert kept == sorted(contents)[-KEEP:]
    for name in kept:
        assert (folder / "backups" / name / ONGOING_FILE).read_bytes() == contents[name]
    shard = [folder / "backups" / name / ARCHIVE_DIR / "2025-01.json" for name in kept]
    assert len({p.stat().st_ino for p in shard}) == 1, "unchanged files are linked, not copied"
    with open_store(folder) as store:
        store.save_game(fake_record("old", 4, finished=True))
    assert json.loads(shard[0].read_text()) != json.loads(
        (folder / ARCHIVE_DIR / "2025-01.json").read_text())


# --- two apps, crashes between files --------------------------------------------------


def test_a_second_process_is_refused(folder: Path) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys; from pathlib import Path; from companion.store import open_store\n"
         "s = open_store(Path(sys.argv[1])); print('ready', flush=True); sys.stdin.read()",
         str(folder)],
        env=env(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        with pytest.raises(StoreLocked, match="already open"):
            open_store(folder)
        second = run(
            "import sys\nfrom companion.cli import main\n"
            "sys.exit(main(['--data-dir', sys.argv[1], 'import', 'x.json']))", str(folder))
        assert second.returncode == 1
        assert "already open" in second.stderr and len(second.stderr.strip().splitlines()) == 1
        reader = run(
            "import sys\nfrom companion.cli import main\n"
            "sys.exit(main(['--data-dir', sys.argv[1], 'history']))", str(folder))
        assert reader.returncode == 0, "reading needs no lock"
        assert reader.stdout.strip() == "No finished games yet."
    finally:
        holder.communicate("", timeout=30)
    with open_store(folder) as store:
        assert store.games() == []


def test_the_same_process_cannot_open_twice(folder: Path) -> None:
    with open_store(folder), pytest.raises(StoreLocked):
        open_store(folder)


def test_a_game_left_in_both_files_by_a_crash_is_settled(folder: Path) -> None:
    with open_store(folder) as store:
        store.save_game(fake_record("g", 5))
        unfinished = (folder / ONGOING_FILE).read_bytes()
        store.save_game(fake_record("g", 6, finished=True))
    (folder / ONGOING_FILE).write_bytes(unfinished)  # as if killed before the last step
    with open_store(folder) as store:
        assert store.current_game() is None
        assert bare(store.game("g")) == fake_record("g", 6, finished=True)
    assert b'"g"' not in (folder / ONGOING_FILE).read_bytes()


# --- read-only folder -----------------------------------------------------------------


@permissions
@pytest.mark.parametrize("lock_file", [True, False])
def test_a_read_only_folder_is_refused_with_nothing_changed(shared_tmp: Path,
                                                            lock_file: bool) -> None:
    folder = shared_tmp / "data"
    filled(folder)
    if not lock_file:
        (folder / schema.LOCK_FILE).unlink(missing_ok=True)
    folder.chmod(0o555)
    before = folder_bytes(folder)
    found = result(run(
        """
        import json, sys
        from pathlib import Path
        from companion.store import StoreError, open_store
        try:
            open_store(Path(sys.argv[1]))
            print(json.dumps(None))
        except StoreError as exc:
            print(json.dumps(str(exc)))
        """,
        str(folder), unprivileged=True,
    ))
    assert found is not None and "Cannot write in the data folder" in found
    assert str(folder) in found and "--data-dir" in found
    assert folder_bytes(folder) == before


@permissions
def test_a_folder_made_read_only_while_open(shared_tmp: Path) -> None:
    folder = shared_tmp / "data"
    folder.mkdir()
    found = result(run(
        """
        import json, os, sys
        from pathlib import Path
        from companion.store import StoreError, open_store
        from store_samples import bare, fake_record
        folder = Path(sys.argv[1])
        out = {}
        with open_store(folder) as store:
            store.save_game(fake_record("g", 4))
            os.chmod(folder, 0o555)
            try:
                store.save_game(fake_record("g", 5))
            except StoreError as exc:
                out["refused"] = str(exc)
            out["kept"] = bare(store.game("g")) == fake_record("g", 4)
            os.chmod(folder, 0o755)
            store.save_game(fake_record("g", 5))
        with open_store(folder) as store:
            out["later"] = bare(store.game("g")) == fake_record("g", 5)
        print(json.dumps(out))
        """,
        str(folder), unprivileged=True,
    ))
    assert "Could not save the game" in found["refused"]
    assert found["kept"] and found["later"]
