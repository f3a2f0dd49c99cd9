"""The folder's backups (`Backups`): what a daily copy and a snapshot are named and hold,
which unchanged files they share with an earlier backup, which backups are listed and
which are pruned, and that a backup that fails half-way leaves nothing behind."""

from __future__ import annotations

import os
import shutil
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from companion.store import backups as backups_module
from companion.store.backups import KEEP, Backups, _link_unchanged

DAY = datetime(2024, 7, 1, 12, 30, 5, 123)


def fill(folder: Path) -> None:
    """Three data files, and one file of the archive folder that is not a month."""
    (folder / "archive").mkdir(parents=True)
    (folder / "store.json").write_bytes(b"main")
    (folder / "ongoing.json").write_bytes(b"ongoing")
    (folder / "archive" / "2024-07.json").write_bytes(b"july")
    (folder / "archive" / "notes.json").write_bytes(b"not a month")


def content(backup: Path) -> dict[str, bytes]:
    return {p.relative_to(backup).as_posix(): p.read_bytes()
            for p in sorted(backup.rglob("*")) if p.is_file()}


def test_a_daily_backup_copies_every_data_file_once_a_day(tmp_path: Path) -> None:
    """Named by the day, holding each data file (and nothing else), made once a day."""
    fill(tmp_path)
    backups = Backups(tmp_path)
    made = backups.daily(DAY)
    assert made == tmp_path / "backups" / "2024-07-01"
    assert content(made) == {"archive/2024-07.json": b"july", "ongoing.json": b"ongoing",
                             "store.json": b"main"}
    assert backups.daily(DAY.replace(hour=23)) is None, "one a day"
    assert [p.name for p in (tmp_path / "backups").iterdir()] == ["2024-07-01"]


def test_no_daily_backup_of_a_folder_without_data(tmp_path: Path) -> None:
    """Nothing to keep: no backup, not even the backups folder."""
    (tmp_path / "archive").mkdir()
    assert Backups(tmp_path).daily(DAY) is None
    assert not (tmp_path / "backups").exists()


def test_an_unchanged_file_is_linked_to_the_last_backup_holding_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file whose size and time did not change shares the earlier copy (no new copy);
    a changed one is copied; an earlier backup missing the file is passed over."""
    fill(tmp_path)
    backups = Backups(tmp_path)
    first = backups.daily(DAY)
    assert first is not None
    (tmp_path / "ongoing.json").write_bytes(b"ongoing, a move later")
    copied: list[str] = []
    real = shutil.copy2

    def copy2(source: Path, target: Path) -> Any:
        copied.append(source.name)
        return real(source, target)

    monkeypatch.setattr(backups_module.shutil, "copy2", copy2)
    second = backups.daily(DAY.replace(day=2))
    assert second is not None
    assert copied == ["ongoing.json"]
    assert content(second)["ongoing.json"] == b"ongoing, a move later"
    assert (second / "ongoing.json").stat().st_ino != (first / "ongoing.json").stat().st_ino
    assert (second / "store.json").stat().st_ino == (first / "store.json").stat().st_ino
    (second / "store.json").unlink()
    third = backups.daily(DAY.replace(day=3))
    assert third is not None
    assert (third / "store.json").stat().st_ino == (first / "store.json").stat().st_ino
    assert content(third) == content(first) | {"ongoing.json": b"ongoing, a move later"}


def test_a_file_gone_before_it_is_looked_at_is_not_linked(tmp_path: Path) -> None:
    """A source that cannot be read is never taken for unchanged (it is then copied,
    which fails loudly, instead of leaving a hole in the backup)."""
    (tmp_path / "copy.json").write_bytes(b"x")
    assert _link_unchanged(tmp_path / "gone.json", [tmp_path / "copy.json"],
                           tmp_path / "target.json") is False
    assert not (tmp_path / "target.json").exists()


def test_a_snapshot_is_named_by_its_moment_and_label(tmp_path: Path) -> None:
    fill(tmp_path)
    made = Backups(tmp_path).snapshot("import", DAY)
    assert made.name == "2024-07-01T123005.000123-import"
    assert content(made)["store.json"] == b"main"


def test_snapshots_are_pruned_by_label_and_dailies_apart(tmp_path: Path) -> None:
    """The last KEEP of each label are kept; other labels and the daily copies are not
    counted with them."""
    fill(tmp_path)
    backups = Backups(tmp_path)
    backups.daily(DAY)
    backups.snapshot("migration", DAY)
    for n in range(KEEP + 1):
        backups.snapshot("import", DAY.replace(minute=n))
    names = [b.name for b in backups.all()]
    assert names == ["2024-07-01T123005.000123-migration"] \
        + [f"2024-07-01T12{n:02}05.000123-import" for n in range(KEEP, 0, -1)] + ["2024-07-01"]


def test_only_whole_backups_are_listed_newest_first(tmp_path: Path) -> None:
    """A temporary folder, another name, a file or a link named like a backup is none."""
    root = tmp_path / "backups"
    for name in ("2024-07-02", "2024-07-01", "2024-07-01T101010-import", ".tmp-2024-07-03-ab",
                 "2024-07-04-old", "misc"):
        (root / name).mkdir(parents=True)
    (root / "2024-07-05").write_bytes(b"")
    (root / "2024-07-06").symlink_to(root / "2024-07-02")
    assert Backups(tmp_path).all() == [root / "2024-07-02", root / "2024-07-01T101010-import",
                                       root / "2024-07-01"]
    assert Backups(tmp_path / "none").all() == []


def test_the_copies_of_a_file_newest_first(tmp_path: Path) -> None:
    fill(tmp_path)
    backups = Backups(tmp_path)
    for day in (1, 2, 3):
        backups.daily(DAY.replace(day=day))
    shutil.rmtree(tmp_path / "backups" / "2024-07-02" / "archive")
    month = tmp_path / "archive" / "2024-07.json"
    assert backups.copies_of(month) == [tmp_path / "backups" / f"2024-07-0{day}" / "archive"
                                        / "2024-07.json" for day in (3, 1)]


def test_a_backup_failing_half_way_leaves_nothing(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Its temporary folder is removed and the failure is raised, not hidden."""
    fill(tmp_path)

    def copy2(source: Path, target: Path) -> None:
        if source.name == "ongoing.json":
            raise OSError(28, "No space left on device")
        shutil.copyfile(source, target)

    monkeypatch.setattr(backups_module.shutil, "copy2", copy2)
    with pytest.raises(OSError, match="No space left"):
        Backups(tmp_path).daily(DAY)
    assert list((tmp_path / "backups").iterdir()) == []


def refusing_removal(monkeypatch: pytest.MonkeyPatch) -> None:
    """A disk on which removing a folder fails (busy), as `shutil.rmtree` reports it."""
    def rmtree(path: Path, ignore_errors: bool = False) -> None:
        if not ignore_errors:
            raise OSError(16, "Device or resource busy")

    monkeypatch.setattr(backups_module.shutil, "rmtree", rmtree)


def test_a_failed_backup_tells_its_own_failure_not_the_cleanup_s(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fill(tmp_path)

    def copy2(source: Path, target: Path) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(backups_module.shutil, "copy2", copy2)
    refusing_removal(monkeypatch)
    with pytest.raises(OSError, match="No space left"):
        Backups(tmp_path).daily(DAY)


def test_an_old_backup_that_cannot_be_removed_does_not_fail_the_new_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fill(tmp_path)
    backups = Backups(tmp_path)
    for day in range(1, KEEP + 1):
        backups.daily(DAY.replace(day=day))
    refusing_removal(monkeypatch)
    assert backups.daily(DAY.replace(day=KEEP + 1)) == tmp_path / "backups" / "2024-07-06"
    assert len(backups.all()) == KEEP + 1


def test_a_backup_makes_each_of_its_folders_durable(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Each folder the backup wrote files into is synced before the backup is renamed
    into place, and the backups folder after."""
    fill(tmp_path)
    synced: list[Any] = []
    monkeypatch.setattr(backups_module, "fsync_dir", synced.append)
    Backups(tmp_path).daily(DAY)
    root = tmp_path / "backups"
    assert synced[-1] == root
    names = sorted(os.path.relpath(p, root) for p in synced[:-1])
    assert len(names) == 2 and names[0].startswith(".tmp-2024-07-01-")
    assert names[1] == os.path.join(names[0], "archive")


def test_the_last_daily_backups_are_kept_and_snapshots_not_counted(tmp_path: Path) -> None:
    fill(tmp_path)
    backups = Backups(tmp_path)
    backups.snapshot("import", DAY)
    for day in range(1, KEEP + 3):
        backups.daily(DAY.replace(day=day))
    assert [b.name for b in backups.all()] == [
        f"2024-07-0{day}" for day in range(KEEP + 2, 2, -1)] + [
        "2024-07-01T123005.000123-import"]
