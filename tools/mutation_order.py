"""A pytest plugin for mutation runs only: each mutant's tests run fastest first.

mutmut stops a mutant's tests at the first failure (`-x`) but hands them over in no
order, so a mutant that a 5-ms test catches could wait behind a minute of screen tests
first. Sorting by the times mutmut recorded (`mutmut-stats.json`, beside the mutated
copy) changes no result, only how soon a caught mutant is known. `tools/mutate.py` turns
it on; an ordinary test run never loads it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

STATS = Path("mutmut-stats.json")


def pytest_collection_modifyitems(items: list[Any]) -> None:
    """Fastest first; a test with no recorded time (a new one) goes last."""
    try:
        durations: dict[str, float] = json.loads(STATS.read_text())["duration_by_test"]
    except (OSError, ValueError, KeyError):
        return
    items.sort(key=lambda item: durations.get(item.nodeid, float("inf")))
