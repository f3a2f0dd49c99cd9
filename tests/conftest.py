"""Shared fixtures: the shipped catalog and the reference files the data is checked against."""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.i18n import set_language
from companion.shipped.catalog import Catalog, catalog

for _locale in ("LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_locale, None)
os.environ["LANG"] = "C.UTF-8"
"""The command line speaks the locale's language when the app chose none: the tests read
its English, on a machine set to any language (tests of the locale set their own)."""

os.environ["COMPANION_STATE_DIR"] = tempfile.mkdtemp(prefix="companion-state-")
"""Exports keep a record of themselves while they write (`store.exports`): in a folder
of the test run's, never in the home folder of whoever runs the tests; removed when the
process that made it ends (thousands were left behind by mutation runs)."""
atexit.register(shutil.rmtree, os.environ["COMPANION_STATE_DIR"], ignore_errors=True)

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT.parent / "shared" / "reference"


@pytest.fixture(autouse=True)
def english_to_start() -> None:
    """Every test starts in English whatever ran before it: the process's language is one
    setting, which a test of French (or the command line run in-process with a French
    locale) leaves behind, so a test read English only when it happened to run first."""
    set_language("en")


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


BUSY = "COMPANION_TEST_BUSY"
"""`COMPANION_TEST_BUSY=2` keeps 2 cores busy for the whole test run, to prove that no
test depends on the machine being idle (a browser test waits for the state it asserts,
never for a fixed time). The load is bounded: each busy process stops at the end of
the run, when the run dies (it watches its parent), and after an hour in any case."""

_SPIN = """import os, sys, time
parent, end = os.getppid(), time.monotonic() + float(sys.argv[1])
while time.monotonic() < end and os.getppid() == parent:
    for _ in range(200_000):
        pass
"""


@pytest.fixture(scope="session", autouse=True)
def busy_machine() -> Iterator[int]:
    """The busy processes `COMPANION_TEST_BUSY` asks for (none by default)."""
    try:
        cores = max(0, int(os.environ.get(BUSY, "0") or 0))
    except ValueError:
        cores = 0
    spinning = [subprocess.Popen([sys.executable, "-c", _SPIN, "3600"])
                for _ in range(cores)]
    yield cores
    for process in spinning:
        process.kill()
        process.wait()
