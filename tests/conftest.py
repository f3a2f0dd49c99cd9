"""Shared fixtures: the shipped catalog and the reference files the data is checked against."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from companion.shipped.catalog import Catalog, catalog

for _locale in ("LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_locale, None)
os.environ["LANG"] = "C.UTF-8"
"""The command line speaks the locale's language when the app chose none: the tests read
its English, on a machine set to any language (tests of the locale set their own)."""

os.environ["COMPANION_STATE_DIR"] = tempfile.mkdtemp(prefix="companion-state-")
"""Exports keep a record of themselves while they write (`store.exports`): in a folder
of the test run's, never in the home folder of whoever runs the tests."""

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT.parent / "shared" / "reference"


@pytest.fixture(scope="session")
def cards() -> Catalog:
    return catalog()


@pytest.fixture(scope="session")
def reference() -> Path:
    """The rules digest and card lists beside the repository; CI must have them."""
    if not (REFERENCE / "RULES.md").is_file():
        if os.environ.get("CI"):
            pytest.fail(f"reference files missing at {REFERENCE}")
        pytest.skip("reference files not beside this checkout")
    return REFERENCE
