"""The persistence layer: every game, attempt, campaign and setting, safe on the disk.

`open_store(folder)` gives the one `Store` of a data folder (`data_dir()` says which
folder); `open_store(folder, read_only=True)` reads it without the lock, even while the
app has it open, and never writes. Every error raised is a `StoreError` whose message
says what to do.
"""

from companion.store.errors import StoreError, StoreLocked
from companion.store.location import data_dir
from companion.store.store import Notice, Store, open_store

__all__ = ["Notice", "Store", "StoreError", "StoreLocked", "data_dir", "open_store"]
