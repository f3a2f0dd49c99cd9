"""Fixtures for the tests of the shipped data's loading: a copy of the data to damage,
and loads that start as the first load of a new process does."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.shipped import catalog as catalog_module
from companion.shipped.catalog import CARDS_FILE, EMPIRES_FILE
from companion.shipped.paths import assets_dir


@pytest.fixture(autouse=True)
def first_load(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every load here works out the record classes' fields as a new process would: the
    schema the loader remembers from an earlier load (test collection loads the shipped
    catalog) would otherwise stand in for the working out these tests are about."""
    monkeypatch.setattr(catalog_module, "_SCHEMAS", {})


@pytest.fixture
def assets(tmp_path: Path) -> Path:
    """A copy of the shipped card and Empire files, to damage one entry at a time."""
    for name in (CARDS_FILE, EMPIRES_FILE):
        shutil.copy(assets_dir() / name, tmp_path / name)
    return tmp_path

