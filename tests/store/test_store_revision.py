"""One writer per game: each save carries the game's revision; a save from a window
showing an older revision is refused and writes nothing. Finishing a scenario game saves
the game and its attempt as one commit."""

from __future__ import annotations

from pathlib import Path

import pytest
from store_samples import attempt, bare, fake_record, play, record

from companion.store import Store, StoreError, open_store
from companion.store.errors import StoreConflict
from companion.usecases.services import MemoryBackend
from companion.usecases.store_backend import StoreBackend


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and "backups" not in p.parts}


def test_each_save_counts_one_revision(store: Store) -> None:
    assert store.save_game(fake_record("g", 1)) == 1
    assert store.save_game(fake_record("g", 2)) == 2
    assert store.game("g")["revision"] == 2  # type: ignore[index]
    assert store.save_game(fake_record("g", 3, finished=True)) == 3, "moved: still counted"
    assert store.games(finished=True)[0]["revision"] == 3
    assert store.abandon_game("g") is False  # finished, not in progress
    store.save_game(fake_record("g", 4))
    assert store.abandon_game("g") and store.game("g")["revision"] == 5  # type: ignore[index]
    assert store.resume_game("g") and store.game("g")["revision"] == 6  # type: ignore[index]


def test_a_stale_save_is_refused_and_writes_nothing(store: Store, folder: Path) -> None:
    store.save_game(fake_record("g", 1))
    seen = store.save_game(fake_record("g", 2), expected_revision=1)  # tab A
    before = files(folder)
    with pytest.raises(StoreConflict) as refused:  # tab B still shows revision 1
        store.save_game(fake_record("g", 3), expected_revision=1)
    assert isinstance(refused.value, StoreError)
    assert (refused.value.stored, refused.value.expected) == (2, 1)
    assert "another window" in str(refused.value)
    assert files(folder) == before
    assert bare(store.game("g")) == fake_record("g", 2)
    assert store.save_game(fake_record("g", 3), expected_revision=seen) == 3


def test_a_new_game_is_at_revision_0(store: Store) -> None:
    with pytest.raises(StoreConflict):
        store.save_game(fake_record("g", 1), expected_revision=4)
    assert store.game("g") is None
    assert store.save_game(fake_record("g", 1), expected_revision=0) == 1


def test_a_game_deleted_elsewhere_is_a_conflict(store: Store) -> None:
    store.save_game(fake_record("g", 1))
    store.delete_game("g")
    with pytest.raises(StoreConflict):
        store.save_game(fake_record("g", 2), expected_revision=1)


def test_the_revision_stays_on_its_device(store: Store, tmp_path: Path) -> None:
    """It counts the saves made on one device: an export leaves it out (two devices with
    the same games export the same file), and a game new to a device starts there."""
    game = play(0)  # an import replays every game: a real one
    store.save_game(record("g", game, finished=False))
    store.save_game(record("g", game))
    assert store.game("g")["revision"] == 2  # type: ignore[index]
    exported = store.export_all()
    assert "revision" not in exported["games"][0]
    with open_store(tmp_path / "other") as other:
        other.import_all(exported, replace=True)
        assert other.export_all() == exported
        assert other.save_game(record("g", game), expected_revision=0) == 1


def test_finishing_a_scenario_game_saves_both_in_one_commit(
        store: Store, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store.save_game(fake_record("g", 3))
    commits: list[list[str]] = []
    real = store._journal.commit

    def counted(changes: dict[Path, bytes]) -> None:
        commits.append(sorted(p.name for p in changes))
        real(changes)

    monkeypatch.setattr(store._journal, "commit", counted)
    revision = store.finish_game(fake_record("g", 4, finished=True),
                                 attempt("base-1", 80, medal="bronze", game="g"))
    assert commits == [["2025-01.json", "ongoing.json", "store.json"]]
    assert revision == 2 and store.attempts()[0]["game"] == "g"
    store.finish_game(fake_record("g", 4, finished=True),
                      attempt("base-1", 85, medal="silver", game="g"))
    assert [a["score"] for a in store.attempts()] == [85], "ending again replaces it"


def test_a_bad_attempt_refuses_the_whole_finish(store: Store) -> None:
    store.save_game(fake_record("g", 3))
    with pytest.raises(StoreError):
        store.finish_game(fake_record("g", 4, finished=True), {"scenario": 5})
    assert store.game("g")["finished"] is False  # type: ignore[index]
    assert store.attempts() == []


def test_a_read_only_store_refuses_to_finish(store: Store, folder: Path) -> None:
    with open_store(folder, read_only=True) as reader, pytest.raises(StoreError):
        reader.finish_game(fake_record("g", 4, finished=True), None)


@pytest.mark.parametrize("kind", ["memory", "store"])
def test_backends_finish_a_game_with_its_attempt(kind: str, store: Store) -> None:
    backend = MemoryBackend() if kind == "memory" else StoreBackend(store)
    backend.finish_game(fake_record("g", 4, finished=True),
                        attempt("base-1", 80, medal="bronze", game="g"))
    backend.finish_game(fake_record("h", 4, finished=True), None)
    assert [g["id"] for g in backend.finished_games()] == ["h", "g"]
    assert [a["game"] for a in backend.attempts()] == ["g"]


@pytest.mark.parametrize("kind", ["memory", "store"])
def test_backends_count_abandoning_and_resuming_as_saves(kind: str, store: Store) -> None:
    """A window that showed the game before it was set down cannot save over it."""
    backend = MemoryBackend() if kind == "memory" else StoreBackend(store)
    assert backend.save_game(fake_record("g", 3)) == 1
    assert backend.abandon_game("g") and not backend.abandon_game("g")
    assert backend.game("g")["revision"] == 2  # type: ignore[index]
    assert backend.ongoing_games() == []
    assert backend.resume_game("g") and not backend.resume_game("g")
    resumed = backend.game("g")
    assert resumed is not None and resumed["revision"] == 3 and "abandoned" not in resumed
    with pytest.raises(StoreConflict):
        backend.save_game(fake_record("g", 3), expected_revision=1)
    assert backend.save_game(fake_record("g", 4), expected_revision=3) == 4


def test_a_game_handed_to_memory_without_a_revision_counts_from_zero() -> None:
    """As the store reads a game without one (`revision_of`): its abandon is save 1."""
    backend = MemoryBackend(games={"g": fake_record("g", 3)})
    assert "revision" not in backend.games["g"]
    assert backend.abandon_game("g")
    assert backend.games["g"]["revision"] == 1


def test_a_replacing_import_moves_a_game_past_what_a_window_showed(store: Store) -> None:
    game = play(3, limit=25)  # a game in progress
    assert not game.state.finished
    store.save_game(record("g", game))  # revision 1, shown in a window
    exported = store.export_all()
    store.import_all(exported, replace=True)  # the same game, at the file's revision 1
    with pytest.raises(StoreConflict):
        store.save_game(record("g", game), expected_revision=1)
    assert bare(store.game("g")) == bare(exported["games"][0])
