"""The store as the screens use it (`companion.usecases.store_backend`): each call reaches
the store with what it was given, and its notices come back as the player's words."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import pytest

from companion.store import Store
from companion.usecases.store_backend import StoreBackend, open_store_backend


class Said:
    """A store notice: a message the player reads once it is made a string."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text


class Recorder:
    """A store that answers each call with what it was given."""

    def __init__(self) -> None:
        self.notices = [Said("Your games file was repaired.")]
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def __getattr__(self, name: str) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            self.calls.append((name, args, kwargs))
            return f"{name} done"

        return call

    def export_gaps(self) -> list[Said]:
        return [Said("Game g1: its moves were lost.")]


def backend() -> StoreBackend:
    return StoreBackend(cast(Store, Recorder()))


@pytest.mark.parametrize(("call", "reached"), [
    (lambda b: b.record_attempt({"scenario": "s1"}), ("record_attempt", ({"scenario": "s1"},), {})),
    (lambda b: b.finish_game({"id": "g1"}, {"scenario": "s1"}, 3),
     ("finish_game", ({"id": "g1"}, {"scenario": "s1"}, 3), {})),
    (lambda b: b.attempts("s1"), ("attempts", ("s1",), {})),
    (lambda b: b.attempts(), ("attempts", (None,), {})),
    (lambda b: b.campaign("war"), ("campaign", ("war",), {})),
    (lambda b: b.save_campaign({"id": "war"}), ("save_campaign", ({"id": "war"},), {})),
    (lambda b: b.delete_campaign("war"), ("delete_campaign", ("war",), {})),
    (lambda b: b.import_all({"format": "x"}), ("import_all", ({"format": "x"},),
                                              {"replace": False})),
    (lambda b: b.import_all({"format": "x"}, replace=True),
     ("import_all", ({"format": "x"},), {"replace": True})),
])
def test_each_call_reaches_the_store_whole(call: Any, reached: tuple[Any, ...]) -> None:
    store = Recorder()
    answer = call(StoreBackend(cast(Store, store)))
    assert store.calls == [reached]
    assert answer in (None, f"{reached[0]} done")


def test_the_stores_notices_and_gaps_are_the_players_words() -> None:
    assert backend().notices() == ["Your games file was repaired."]
    assert backend().export_gaps() == ["Game g1: its moves were lost."]


def test_the_stores_settings_are_kept_there_and_the_others_in_memory(tmp_path: Path
                                                                     ) -> None:
    opened = open_store_backend(str(tmp_path / "data"))
    try:
        assert opened.setting("player_aliases", {"bo": "Bo"}) == {"bo": "Bo"}
        assert opened.setting("language", "fr") == "en"  # the store's own default
        opened.set_setting("language", "de")
        opened.set_setting("player_aliases", {"ann": "Anne"})
        opened.set_setting("window", "wide")
        assert opened.setting("language", "fr") == "de"
        assert opened.setting("player_aliases", {}) == {"ann": "Anne"}
        assert opened.store.settings()["language"] == "de"
        assert "window" not in opened.store.settings()
        assert opened.setting("window", "narrow") == "wide"
    finally:
        opened.close()
    again = open_store_backend(str(tmp_path / "data"))
    try:
        assert again.setting("language", "fr") == "de"
        assert again.setting("window", "narrow") == "narrow"  # not kept: in memory only
    finally:
        again.close()
