"""Fixtures of the damage tests: the days of play (`damage_days.py`), built once, copied
for each test."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from damage_days import build

from companion.i18n import set_language


@pytest.fixture(scope="session")
def days_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("days") / "data"
    build(folder)
    return folder


@pytest.fixture
def played(days_folder: Path, tmp_path: Path) -> Iterator[Path]:
    """A fresh copy of the days of play, in English whatever a test switched to."""
    folder = tmp_path / "data"
    shutil.copytree(days_folder, folder)
    try:
        yield folder
    finally:
        set_language("en")
