"""A pytest plugin for mutation runs only: each mutant's tests run fastest first, on
nothing the unmutated code left in a cache.

mutmut stops a mutant's tests at the first failure (`-x`) but hands them over in no
order, so a mutant that a 5-ms test catches could wait behind a minute of screen tests
first. Sorting by the times mutmut recorded (`mutmut-stats.json`, beside the mutated
copy) changes no result, only how soon a caught mutant is known. `tools/mutate.py` turns
it on; an ordinary test run never loads it.

mutmut's workers are forked from a process that collected the tests first, and
collecting calls the loaders of the shipped data (`catalog()` in a parametrize list):
their cached results, made by the unmutated code, were handed to every mutant, so a
mutant of the catalog's validation ran on a catalog it never loaded and survived
whatever the tests said. Every cache of our modules is emptied as a worker's tests
start.
"""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path
from typing import Any

STATS = Path("mutmut-stats.json")
CACHED = type(functools.cache(len))
"""What `functools.cache` and `lru_cache` make (a TinyDB `Query` answers to any name,
`cache_clear` too, so the type is asked, not the name)."""


def pytest_configure() -> None:
    """Empty every `functools.cache` of our modules, so each mutant loads for itself."""
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] != "companion" or module is None:
            continue
        for value in list(vars(module).values()):
            if isinstance(value, CACHED):
                value.cache_clear()


def pytest_collection_modifyitems(items: list[Any]) -> None:
    """Fastest first; a test with no recorded time (a new one) goes last."""
    try:
        durations: dict[str, float] = json.loads(STATS.read_text())["duration_by_test"]
    except (OSError, ValueError, KeyError):
        return
    items.sort(key=lambda item: durations.get(item.nodeid, float("inf")))
