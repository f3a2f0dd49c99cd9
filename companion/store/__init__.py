"""The persistence layer: every game, attempt, campaign and setting, safe on the disk.

`open_store(folder)` gives the one `Store` of a data folder (`data_dir()` says which
folder); `open_store(folder, read_only=True)` reads it without the lock, even while the
app has it open, and never writes. Every error raised is a `StoreError` whose message
says what to do.

Importing the package imports none of it: `companion score` reads its input with
`companion.store.files`, a module of this package, and must not pay for the store
(tinydb, msgspec, filelock) it never opens. The names below are imported on first use.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False
"""typing.TYPE_CHECKING without importing typing (see companion.cli)."""
if TYPE_CHECKING:
    from typing import Any

    from companion.store.errors import StoreError, StoreLocked
    from companion.store.location import data_dir
    from companion.store.store import Notice, Store, open_store

_HOMES = {
    "StoreError": "companion.store.errors",
    "StoreLocked": "companion.store.errors",
    "data_dir": "companion.store.location",
    "Notice": "companion.store.store",
    "Store": "companion.store.store",
    "open_store": "companion.store.store",
}

__all__ = ["Notice", "Store", "StoreError", "StoreLocked", "data_dir", "open_store"]


def __getattr__(name: str) -> Any:
    """`from companion.store import Store` imports `companion.store.store` then (PEP 562)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
