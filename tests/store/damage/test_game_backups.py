"""Each game's own backup: taken when it starts, kept at safe points, and what brings a
game in progress back when both copies of ongoing.json are damaged. Failures injected
at its writes, and at the writes of a repair, never cost a save or a game."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from damage_days import FINISHED, JULY, OPEN, cut, flip, game, in_progress
from store_samples import fake_record

from companion.cli import main
from companion.store import StoreError, open_store
from companion.store.backups import STEP, GameBackups
from companion.store.check import check_folder
from companion.store.journal import Journal

KINDS = ("write", "fsync", "link", "replace", "unlink")


def own(folder: Path, game_id: str) -> dict[str, Any] | None:
    """The game's own backup as the store reads it back, None if there is none."""
    return GameBackups(folder).load().get(game_id)


def moves(record: dict[str, Any] | None) -> int:
    assert record is not None
    return len(record["actions"])


def test_a_game_is_backed_up_as_it_starts_then_at_safe_points(folder: Path) -> None:
    with open_store(folder) as store:
        store.save_game(fake_record("g", 2))
        assert moves(own(folder, "g")) == 2, "taken as the game starts"
        store.save_game(fake_record("g", 2 + STEP - 1))
        assert moves(own(folder, "g")) == 2, "not at every move"
        store.save_game(fake_record("g", 2 + STEP))
        assert moves(own(folder, "g")) == 2 + STEP, "every STEP moves"
        store.save_game(fake_record("g", 2 + STEP + 1) | {"round": 2})
        assert moves(own(folder, "g")) == 2 + STEP + 1, "at a new round"
        store.save_game(fake_record("g", 30, finished=True))
        assert own(folder, "g")["finished"] is True, "at its end"  # type: ignore[index]
        store.save_game(fake_record("h", 3))
        store.delete_game("h")
        assert own(folder, "h") is None, "its game gone, it goes"
    # A day later the day's backup holds the finished game: its own backup goes.
    today = folder / "backups" / date.today().isoformat()
    today.rename(today.with_name("2000-01-01"))
    with open_store(folder):
        assert own(folder, "g") is None


def test_an_orphan_backup_is_removed_at_opening(folder: Path) -> None:
    with open_store(folder) as store:
        store.save_game(fake_record("g", 2))
    orphan = GameBackups(folder)
    orphan.write(fake_record("gone", 4))  # as a crash after a deletion would leave it
    with open_store(folder) as store:
        assert store.notices == []
    assert own(folder, "gone") is None and own(folder, "g") is not None


def test_both_copies_of_the_game_in_progress_damaged(
        played: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The day's backup is from before the game began: its own backup brings it back,
    on the command line (read around) and in the app (repaired), and the player is told."""
    cut(played / "ongoing.json")
    flip(played / "ongoing.json.prev")
    kept = moves(own(played, OPEN))
    for command in (["history"], ["medals"], ["campaign", "list"]):
        assert main(["--data-dir", str(played), *command]) == 0
        assert "was read from its own backup" in capsys.readouterr().err
    out = tmp_path / "out.json"
    assert main(["--data-dir", str(played), "export", str(out)]) == 0
    assert "The game in progress begun on July 12, 2025 was read from its own backup, as" \
        f" it was after {kept} moves." in capsys.readouterr().err
    with open_store(played) as store:
        told = [str(n) for n in store.notices]
        assert any("ongoing.json was damaged" in n for n in told)
        assert any("ongoing.json.prev, kept as a spare copy, was damaged" in n for n in told)
        assert (f"The game in progress begun on July 12, 2025 was brought back from its own"
                f" backup, as it was after {kept} moves.") in told
        assert moves(store.current_game()) == kept
        assert {g["id"] for g in store.games(finished=True)} == set(FINISHED)
    with open_store(played) as store:
        assert store.notices == [] and moves(store.game(OPEN)) == kept
    assert check_folder(played).ok, "the damaged previous version no longer fails it"



def brought_back(folder: Path) -> None:
    """A game in progress whose own backup is newer than the day's backup, and both
    copies of ongoing.json damaged: the next opening brings it back from its own."""
    with open_store(folder) as store:
        store.save_game(fake_record("g", 2))  # today's backup holds it after 2 moves
        store.save_game(fake_record("g", 2 + STEP))  # its own backup, after 2 + STEP
    cut(folder / "ongoing.json")
    flip(folder / "ongoing.json.prev")


def test_a_save_that_fails_after_a_game_was_brought_back_keeps_that_game(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A failed save shows again what the file holds: the file as repaired, with the
    game brought back from its own backup, not as the restored copy had it."""
    brought_back(folder)
    real = Journal.stage

    def full(self: Journal, path: Path, *args: Any, **kwargs: Any) -> None:
        if path.name == "ongoing.json":
            raise OSError(errno.ENOSPC, "No space left on device")
        real(self, path, *args, **kwargs)

    with open_store(folder) as store:
        assert moves(store.game("g")) == 2 + STEP
        with monkeypatch.context() as patched:
            patched.setattr(Journal, "stage", full)
            with pytest.raises(StoreError):
                store.save_game(fake_record("new", 3))
        assert moves(store.game("g")) == 2 + STEP
        assert store.game("new") is None
        store.save_game(fake_record("new", 3))
    with open_store(folder) as store:
        assert moves(store.game("g")) == 2 + STEP and moves(store.game("new")) == 3


@pytest.mark.parametrize(("error", "told"), [
    (OSError(errno.EACCES, "Permission denied"), "Permission denied. Nothing was changed."
     " Make it writable, or choose another folder with --data-dir."),
    (OSError(errno.ENOSPC, "No space left on device"), "the disk that holds it is full"
     " (No space left on device). Nothing was changed. Make room on that disk (empty the"
     " trash, move or delete large files you no longer need) and try again, or choose a"
     " folder on another disk with --data-dir."),
], ids=["denied", "full"])
def test_a_repair_that_cannot_be_written_stops_the_opening_and_the_next_one_repairs(
        folder: Path, monkeypatch: pytest.MonkeyPatch, error: OSError, told: str) -> None:
    brought_back(folder)

    def failing(self: Journal, *args: Any, **kwargs: Any) -> None:
        raise error

    with monkeypatch.context() as patched:
        patched.setattr(Journal, "commit", failing)
        with pytest.raises(StoreError) as refused:
            open_store(folder)
    assert str(refused.value) == f"Cannot write in the data folder {folder}: {told}"
    assert not list(folder.glob("ongoing.json.damaged-*")), "put back, to be repaired again"
    with open_store(folder) as store:
        assert moves(store.game("g")) == 2 + STEP


def test_a_damaged_file_that_cannot_be_put_back_leaves_the_refusal_as_it_was(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    brought_back(folder)
    real = os.replace

    def stuck(source: Any, target: Any, *args: Any, **kwargs: Any) -> None:
        if ".damaged-" in Path(source).name:
            raise OSError(errno.EIO, "Input/output error")
        real(source, target, *args, **kwargs)

    def failing(self: Journal, *args: Any, **kwargs: Any) -> None:
        raise OSError(errno.EACCES, "Permission denied")

    with monkeypatch.context() as patched:
        patched.setattr(Journal, "commit", failing)
        patched.setattr(os, "replace", stuck)
        with pytest.raises(StoreError) as refused:
            open_store(folder)
    assert str(refused.value).startswith(
        f"Cannot write in the data folder {folder}: Permission denied.")
    (aside,) = folder.glob("ongoing.json.damaged-*")
    assert aside.stat().st_size > 0, "the damaged file is kept, aside"


def test_own_backups_are_tidied_only_at_an_opening_that_found_no_damage(
        folder: Path) -> None:
    """The one of a game no longer here may be all that is left of it while a file is
    being repaired."""
    brought_back(folder)
    GameBackups(folder).write(fake_record("stray", 4, finished=True))
    with open_store(folder) as store:
        assert store.notices and moves(store.game("g")) == 2 + STEP
    assert own(folder, "stray") is not None, "kept while a file was repaired"
    with open_store(folder) as store:
        assert store.notices == []
    assert own(folder, "stray") is None and own(folder, "g") is not None

class Faults:
    """Counts the calls of each kind, and makes the `fail_at`-th one of `kind` raise."""

    def __init__(self, kind: str | None = None, fail_at: int = 0) -> None:
        self.kind, self.fail_at = kind, fail_at
        self.counts = dict.fromkeys(KINDS, 0)

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        for kind in KINDS:
            monkeypatch.setattr(os, kind, self._wrap(kind, getattr(os, kind)))

    def _wrap(self, kind: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            self.counts[kind] += 1
            if kind == self.kind and self.counts[kind] == self.fail_at:
                raise OSError(errno.EIO, f"injected failure of {kind} #{self.fail_at}")
            return real(*args, **kwargs)

        return call


def steps(run: Callable[[Faults], None]) -> list[tuple[str, int]]:
    counting = Faults()
    run(counting)
    return [(kind, k) for kind in KINDS for k in range(1, counting.counts[kind] + 1)]


def leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.rglob("*") if p.name.endswith(".tmp")]


def test_a_failure_at_any_write_of_a_game_backup_never_fails_the_save(
        played: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A save at a safe point (a new round): the save is committed or refused as one
    step, whatever fails; the game's own backup is its last good one or the new one,
    whole; and a backup not written is written at the next save."""
    before = own(played, OPEN)
    saved = in_progress(41) | {"round": 2}

    def save(faults: Faults, folder: Path = played) -> None:
        with open_store(folder) as store, monkeypatch.context() as patch:
            faults.install(patch)
            with contextlib.suppress(StoreError):
                store.save_game(saved)

    dry = tmp_path / "dry"
    shutil.copytree(played, dry)
    planned = steps(lambda faults: save(faults, dry))
    assert own(dry, OPEN)["round"] == 2  # type: ignore[index]
    missed = 0
    for kind, k in planned:
        folder = tmp_path / f"{kind}-{k}"
        shutil.copytree(played, folder)
        save(Faults(kind, k), folder)
        backup = own(folder, OPEN)
        assert backup in (before, own(dry, OPEN)), f"{kind} #{k}: a backup half written"
        with open_store(folder) as store:
            assert store.notices == [], f"{kind} #{k}: {store.notices}"
            current = store.game(OPEN)
            assert current is not None
            if current.get("round") == 2 and backup == before:  # saved, backup missed
                missed += 1
                store.save_game(saved | {"updated": "2025-07-12T21:00:00+00:00"})
                assert own(folder, OPEN)["round"] == 2, "tried again"  # type: ignore[index]
        assert leftovers(folder) == [], f"{kind} #{k}"
        shutil.rmtree(folder)
    assert missed > 0, "some failures hit the backup once the save had committed"


@pytest.mark.parametrize("with_own", [True, False], ids=["own backups", "none"])
def test_a_failure_at_any_write_of_a_repair_is_finished_at_the_next_opening(
        played: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        with_own: bool) -> None:
    """A damaged month repaired as the folder opens, failing at each write, fsync, link,
    rename or removal in turn: that opening refuses (or goes on), the next one finishes
    the repair; no game is lost that the copies hold, and the damaged file is kept."""
    if not with_own:
        shutil.rmtree(played / "backups" / "games")
    broken = flip(played / JULY)

    def opening(faults: Faults, folder: Path) -> bool:
        """Whether that opening went through."""
        with monkeypatch.context() as patch:
            faults.install(patch)
            try:
                open_store(folder).close()
            except StoreError:
                return False
            return True

    dry = tmp_path / "dry"
    shutil.copytree(played, dry)
    planned = steps(lambda faults: opening(faults, dry))
    with open_store(dry) as store:
        expected = store.export_all()
    assert len(planned) > 10
    refused = 0
    for kind, k in planned:
        folder = tmp_path / f"{kind}-{k}"
        shutil.copytree(played, folder)
        refused += not opening(Faults(kind, k), folder)
        with open_store(folder) as store:
            assert store.export_all() == expected, f"{kind} #{k}"
        asides = list((folder / "archive").glob("2025-07.json.damaged-*"))
        assert [p.read_bytes() for p in asides] == [broken], f"{kind} #{k}"
        assert leftovers(folder) == [] and not (folder / "commit.json").exists()
        assert check_folder(folder).ok, f"{kind} #{k}"
        shutil.rmtree(folder)
    assert refused > 0, "some failures stopped the repair half way"


def test_saving_after_a_repair_keeps_the_rebuilt_month(played: Path) -> None:
    flip(played / JULY)
    with open_store(played) as store:
        store.save_game(game("july-20", "2025-07-20T18:00:00+00:00", 11))
    with open_store(played) as store:
        assert store.notices == []
        assert {g["id"] for g in store.games(finished=True)} == {*FINISHED, "july-20"}
    assert check_folder(played).ok
