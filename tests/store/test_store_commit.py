"""Every user operation commits as one step: failing at any write, fsync, link, rename or
unlink of it leaves the data exactly as before the operation or exactly as after it.

For each operation, a dry run counts the calls of each kind; then, for every k, a fresh
copy of the same folder runs the operation with the k-th call raising `OSError`. What
the live store shows and what a store opened afterwards shows must be the same, and be
the state before or the state after (a failure before the commit point raises and
changes nothing; one after it is finished at once or at the next opening).
"""

from __future__ import annotations

import errno
import os
import shutil
from collections.abc import Callable
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from store_samples import attempt, play, record

from companion.store import Store, StoreError, open_store
from companion.store import changes as store_module
from companion.store.atomic import encode
from companion.store.storage import AtomicJSONStorage
from companion.usecases.store_backend import StoreBackend

KINDS = ("write", "fsync", "link", "replace", "unlink")
FIXED = "2030-06-01T12:00:00+00:00"


def base(folder: Path) -> None:
    """A store with a game in progress, an abandoned one, finished ones in two months,
    attempts, a campaign, players and settings."""
    with open_store(folder) as store:
        store.save_game(record("open", play(1, limit=30, finish=False), minutes=5))
        store.save_game(record("later", play(2, limit=20, finish=False), minutes=7))
        store.abandon_game("later")
        store.save_game(record("done", play(0), minutes=0))
        store.save_game(record("march", play(3), minutes=60 * 24 * 70))
        store.record_attempt(attempt("base-1", 99, medal="bronze", game="done"))
        store.save_campaign({"id": "c", "players": ["Ana"], "scenarios": []})
        store.add_player("Ana")
        store.update_settings(language="fr")
        store.save_game(record("gone", play(4), minutes=60 * 24 * 100))
        store.delete_game("gone")  # its mark, for the undo and the imports below


@cache
def _marked() -> str:
    """The time of those marks: the same in every run of the operation."""
    return datetime.now(UTC).isoformat()


def marks_export() -> dict[str, Any]:
    """Another device's file: it deleted "march" (archived) and "open" (in progress) and
    the campaign (just now: after `base` saved them), and still has "gone", played on
    there after its deletion here."""
    marked = _marked()
    gone = record("gone", play(4), minutes=60 * 24 * 100) | {"updated": "2031-01-01T00:00:00"}
    return {"format": "wonderful-companion", "schema_version": 4, "games": [gone],
            "deleted": [{"id": i, "kind": k, "deleted": marked}
                        for k, i in (("game", "march"), ("game", "open"),
                                     ("campaign", "c"))]}


def new_export() -> dict[str, Any]:
    games = [record("new-1", play(10, limit=25, finish=False), minutes=30),
             record("new-2", play(11), minutes=60 * 24 * 40),
             record("done", play(0), minutes=0) | {"updated": "2029-01-01T00:00:00+00:00"}]
    return {"format": "wonderful-companion", "schema_version": 1, "games": games,
            "attempts": [attempt("base-2", 50, won=False)], "campaigns": [],
            "players": ["Bo"], "settings": {"theme": "dark"}}


OPERATIONS: dict[str, Callable[[Store], object]] = {
    "import merge": lambda s: s.import_all(new_export()),
    "import replace": lambda s: s.import_all(new_export(), replace=True),
    "finish a scenario game": lambda s: s.finish_game(
        record("open", play(1), minutes=5),
        attempt("base-3", 70, won=False, game="open")),
    "save a game moving files": lambda s: s.save_game(
        s.game("done") | {"finished": False, "score": None}),  # type: ignore[operator]
    "abandon": lambda s: s.abandon_game("open"),
    "resume": lambda s: s.resume_game("later"),
    "delete": lambda s: s.delete_game("march"),
    "delete a game in progress": lambda s: s.delete_game("open"),
    "delete a campaign": lambda s: s.delete_campaign("c"),
    "undo a deletion": lambda s: s.save_game(
        record("gone", play(4), minutes=60 * 24 * 100)),
    "import marks": lambda s: s.import_all(marks_export()),
    "set aside": lambda s: s.set_aside_game("done"),
    "reset": lambda s: StoreBackend(s).reset(),
    "save an action": lambda s: s.save_game(
        s.game("open") | {"updated": FIXED}),  # type: ignore[operator]
}


class Faults:
    """Counts the calls of each kind, and makes the `fail_at`-th one of `kind` raise."""

    def __init__(self, kind: str | None = None, fail_at: int = 0) -> None:
        self.kind, self.fail_at = kind, fail_at
        self.counts = dict.fromkeys(KINDS, 0)
        self.failed = False

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        for kind in KINDS:
            monkeypatch.setattr(os, kind, self._wrap(kind, getattr(os, kind)))

    def _wrap(self, kind: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            self.counts[kind] += 1
            if kind == self.kind and self.counts[kind] == self.fail_at:
                self.failed = True
                raise OSError(errno.EIO, f"injected failure of {kind} #{self.fail_at}")
            return real(*args, **kwargs)

        return call


def run(folder: Path, operation: str, faults: Faults,
        monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, Any], bool]:
    """Run one operation under `faults`; (what the live store shows after, raised?)."""
    monkeypatch.setattr(store_module, "_later", lambda previous: FIXED)
    with open_store(folder) as store:
        with monkeypatch.context() as patch:
            faults.install(patch)
            try:
                OPERATIONS[operation](store)
                raised = False
            except StoreError:
                raised = True
        return store.export_all(), raised


def reopened(folder: Path) -> dict[str, Any]:
    with open_store(folder) as store:
        assert store.notices == [], [str(n) for n in store.notices]
        exported = store.export_all()
    leftovers = [p.name for p in folder.rglob("*")
                 if p.name.endswith(".tmp") or p.name == "commit.json" or "damaged" in p.name]
    assert leftovers == []
    return exported


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("commit") / "base"
    base(folder)
    return folder


FAST = ("finish a scenario game", "save an action", "delete a campaign", "import marks")
"""Run with the quick tests; every other operation's loop (about 40 s in all) is slow."""


@pytest.mark.parametrize("operation", [
    pytest.param(name, marks=() if name in FAST else pytest.mark.slow) for name in OPERATIONS])
def test_a_failure_at_any_step_leaves_before_or_after(
        operation: str, prepared: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    with open_store(prepared) as store:
        before = store.export_all()
    dry = tmp_path / "dry"
    shutil.copytree(prepared, dry)
    counting = Faults()
    after, raised = run(dry, operation, counting, monkeypatch)
    assert not raised and after != before, "the operation changes something"
    assert reopened(dry) == after
    steps = [(kind, k) for kind in KINDS for k in range(1, counting.counts[kind] + 1)]
    assert counting.counts["replace"] >= 1 and counting.counts["fsync"] >= 2
    outcomes = {"before": 0, "after": 0}
    for kind, k in steps:
        folder = tmp_path / f"{kind}-{k}"
        shutil.copytree(prepared, folder)
        faults = Faults(kind, k)
        live, raised = run(folder, operation, faults, monkeypatch)
        assert faults.failed
        state = "before" if live == before else "after" if live == after else "neither"
        assert state != "neither", f"{operation}: failing {kind} #{k} left a mixed state"
        assert raised == (state == "before"), f"{kind} #{k}: raised={raised} but {state}"
        assert reopened(folder) == live, f"{operation}: failing {kind} #{k}: reopened differs"
        outcomes[state] += 1
        shutil.rmtree(folder)
    assert outcomes["before"] > 0, "some failures come before the commit point"


def test_a_kill_after_the_commit_point_is_rolled_forward(
        prepared: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As a crash would: the process stops (here: raises something no code catches) at
    the first rename after the manifest; the next opening finishes the import."""

    class Killed(BaseException):
        pass

    folder = tmp_path / "data"
    shutil.copytree(prepared, folder)
    real = os.replace
    renames: list[str] = []

    def crash_after_manifest(source: Any, target: Any, *args: Any, **kwargs: Any) -> None:
        renames.append(Path(target).name)
        if "commit.json" in renames[:-1]:  # the first rename after the commit point
            raise Killed
        real(source, target, *args, **kwargs)

    store = open_store(folder)
    monkeypatch.setattr(os, "replace", crash_after_manifest)
    with pytest.raises(Killed):
        store.import_all(new_export(), replace=True)
    monkeypatch.undo()
    assert store._lock is not None
    store._lock.release()  # the process died: no closing
    assert (folder / "commit.json").exists()
    with open_store(folder, read_only=True) as reader:  # reads as if rolled forward
        seen = reader.export_all()
    assert sorted(g["id"] for g in seen["games"]) == ["done", "new-1", "new-2"]
    assert reopened(folder) == seen


def test_a_manifest_that_never_durably_committed_is_rolled_back(
        prepared: Path, tmp_path: Path) -> None:
    """A manifest whose temps are gone and whose files were not switched: undone."""
    folder = tmp_path / "data"
    shutil.copytree(prepared, folder)
    with open_store(folder) as store:
        before = store.export_all()
    from companion.store.atomic import digest, seal

    manifest = {"format": "wonderful-companion-commit", "files": [
        {"target": "store.json", "temp": ".store.json.gone1.tmp", "sha256": digest(b"x")},
        {"target": "ongoing.json", "temp": ".ongoing.json.gone2.tmp", "sha256": digest(b"y")}]}
    (folder / "commit.json").write_bytes(seal(encode(manifest)))
    (folder / ".store.json.gone1.tmp").write_bytes(b"x")  # one temp there, one missing
    assert reopened(folder) == before


def test_a_storage_told_committed_after_a_rollback_still_shows_the_file(
        tmp_path: Path) -> None:
    # The journal tells every owner it staged that its content was committed; one that
    # rolled back since has nothing pending, and must go on holding what the file holds
    # (a second rollback shows it again), not take an empty write for the file's content.
    held = {"players": {"1": {"name": "Ana"}}}
    storage = AtomicJSONStorage(tmp_path / "store.json", held, encode(held))
    storage.rolled_back()
    storage.committed()
    storage.rolled_back()
    assert storage.read() == held
