"""The TinyDB storage of a data file: kept in memory, written through the journal.

It sits above both `atomic.py` (the encoding and checksum of what it writes) and
`journal.py` (which commits that content, alone or with the other files of one
operation), so that neither of those needs to know about TinyDB. `_File` is one data
file as the store uses it: a TinyDB over that storage.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
from tinydb import Storage, TinyDB
from tinydb.table import Table

from companion.store.atomic import encode, seal
from companion.store.journal import Journal
from companion.store.schema import Data


class AtomicJSONStorage(Storage):
    """A TinyDB storage that keeps the data in memory and hands every change to the journal.

    TinyDB reads the whole storage for every query; reading from memory keeps queries
    fast, and writing through on every change (instead of CachingMiddleware's batching)
    means a returned save is on the disk. The journal writes the change at once, or, in
    a batch, together with the other files of one operation. If the write fails (disk
    full, folder made read-only), the memory is rolled back to what the file holds, so
    what the app shows never differs from what is saved.
    """

    def __init__(self, path: Path, data: Data, saved: bytes | None = None,
                 journal: Journal | None = None) -> None:
        """`saved`: the encoded `data` if it was just read from the file (saves an encode)."""
        self.path = path
        self.journal = journal
        self._data = data
        self._saved = saved if saved is not None else encode(data)
        self._pending: bytes | None = None

    def read(self) -> Data:
        return self._data

    def write(self, data: dict[str, Any]) -> None:
        assert self.journal is not None, "a storage without a journal cannot write"
        try:
            body = encode(data)
            self._data = data
            self._pending = body
            self.journal.stage(self.path, seal(body), self)
        except BaseException:
            self.rolled_back()
            raise

    def committed(self) -> None:
        """The journal wrote the staged content: it is now what the file holds."""
        if self._pending is not None:
            self._saved, self._pending = self._pending, None

    def rolled_back(self) -> None:
        """The staged content was not written: show what the file holds again."""
        self._pending = None
        self._data = msgspec.json.decode(self._saved)

    def close(self) -> None:
        pass


class _File:
    """One data file: a TinyDB over a write-through storage that commits by the journal."""

    def __init__(self, path: Path, data: Data, raw: bytes | None = None,
                 storage: type[AtomicJSONStorage] = AtomicJSONStorage,
                 journal: Journal | None = None) -> None:
        self.path = path
        self.db = TinyDB(path, data, raw, journal, storage=storage)

    def table(self, name: str) -> Table:
        return self.db.table(name, cache_size=0)

    @property
    def storage(self) -> AtomicJSONStorage:
        storage = self.db.storage
        assert isinstance(storage, AtomicJSONStorage)
        return storage

    @property
    def data(self) -> Data:
        return self.storage.read()

    def replaced(self, data: Data, body: bytes) -> None:
        """Show `data` (encoded: `body`), just committed as this file's content by the
        journal (imports): a new storage holds it, and TinyDB's tables are made again so
        no cached id survives."""
        self.db = TinyDB(self.path, data, body, self.storage.journal,
                         storage=type(self.storage))
