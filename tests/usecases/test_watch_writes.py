"""Every game write is heard, whoever made it and however it was called
(`companion.usecases.watch`): a write a phone's screen misses is a phone showing another
table than the others."""

from __future__ import annotations

from typing import Any

import pytest

from companion.usecases.services import MemoryBackend
from companion.usecases.watch import WatchedBackend, watched


class Recorder:
    """A backend that answers each write with what it was given."""

    kept = "a setting"

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def __getattr__(self, name: str) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            self.calls.append((name, args, kwargs))
            return f"{name} done"

        return call


def watching(inner: Any) -> tuple[WatchedBackend, list[str | None]]:
    backend = watched(inner)
    heard: list[str | None] = []
    backend.watchers.append(heard.append)
    return backend, heard


RECORD = {"id": "g1", "actions": []}


@pytest.mark.parametrize(("name", "args", "kwargs", "told"), [
    ("save_game", (RECORD,), {}, "g1"),
    ("save_game", (RECORD, 3), {}, "g1"),
    ("save_game", (), {"record": RECORD, "expected_revision": 3}, "g1"),
    ("save_game", ({"id": 7},), {}, None),
    ("save_game", ({"actions": []},), {}, None),
    ("finish_game", (RECORD, None, 2), {}, "g1"),
    ("finish_game", (), {"record": RECORD, "attempt": None}, "g1"),
    ("abandon_game", ("g2",), {}, "g2"),
    ("abandon_game", (), {"game_id": "g2"}, "g2"),
    ("resume_game", ("g3",), {}, "g3"),
    ("delete_game", (), {"game_id": "g4"}, "g4"),
    ("set_aside_game", ("g5",), {}, "g5"),
    ("set_aside_game", (5,), {}, None),
    ("import_all", ({"format": "x"},), {"replace": True}, None),
    ("import_all", ({"id": "g1", "games": [RECORD]},), {}, None),  # any game, not "g1"
    ("reset", (), {}, None),
])
def test_each_write_is_passed_on_whole_then_told_with_its_game(
        name: str, args: tuple[Any, ...], kwargs: dict[str, Any], told: str | None) -> None:
    inner = Recorder()
    backend, heard = watching(inner)
    assert getattr(backend, name)(*args, **kwargs) == f"{name} done"
    assert inner.calls == [(name, args, kwargs)]
    assert heard == [told]


@pytest.mark.parametrize("name", ["game", "ongoing_games", "finished_games", "setting",
                                  "set_setting", "record_attempt", "save_campaign",
                                  "export_all", "close"])
def test_reads_and_other_writes_go_straight_through_untold(name: str) -> None:
    inner = Recorder()
    backend, heard = watching(inner)
    assert getattr(backend, name)("x", key=1) == f"{name} done"
    assert inner.calls == [(name, ("x",), {"key": 1})]
    assert heard == []


def test_what_is_not_a_call_is_the_backends_own() -> None:
    inner = MemoryBackend()
    backend, heard = watching(inner)
    assert backend.games is inner.games and backend.saves == 0
    backend.save_game({"id": "g1", "finished": False, "updated": "now"})
    assert (backend.saves, heard) == (1, ["g1"])
    assert Recorder().kept == watched(Recorder()).kept == "a setting"


def test_every_watcher_is_told_in_order_even_one_added_while_telling() -> None:
    backend = watched(Recorder())
    heard: list[tuple[str, str | None]] = []

    def first(game_id: str | None) -> None:
        heard.append(("first", game_id))
        backend.watchers.append(lambda g: heard.append(("late", g)))

    backend.watchers.extend([first, lambda g: heard.append(("second", g))])
    backend.delete_game("g1")
    assert heard == [("first", "g1"), ("second", "g1")]  # the late one from the next write


def test_a_backend_is_wrapped_once() -> None:
    inner = MemoryBackend()
    backend = watched(inner)
    assert isinstance(backend, WatchedBackend) and backend.inner is inner
    assert backend.watchers == []
    assert watched(backend) is backend

