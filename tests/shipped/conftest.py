"""Fixtures for the tests of the shipped data's loading: a copy of the data to damage."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.shipped.catalog import CARDS_FILE, EMPIRES_FILE
from companion.shipped.paths import assets_dir


@pytest.fixture
def assets(tmp_path: Path) -> Path:
    """A copy of the shipped card and Empire files, to damage one entry at a time."""
    for name in (CARDS_FILE, EMPIRES_FILE):
        shutil.copy(assets_dir() / name, tmp_path / name)
    return tmp_path

