"""Fixtures for the store: a real data folder on the disk, opened and closed per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from store_samples import play

from companion.rules.game import Game
from companion.store import Store, open_store


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def store(folder: Path) -> Iterator[Store]:
    opened = open_store(folder)
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture(scope="session")
def games() -> list[Game]:
    """A few real, finished games (played once per test session: replaying is slow-ish)."""
    return [play(seed) for seed in range(4)]
