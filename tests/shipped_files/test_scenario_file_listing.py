"""Which files of a scenario folder are read: `*.json` in name order, hidden ones (an
editor's or the system's `.name.json`) left out, and a folder that cannot be listed gives
no scenario rather than an error."""

from __future__ import annotations

import os
from pathlib import Path, PosixPath, WindowsPath
from typing import Any

from companion.shipped.scenarios import _files

_Concrete: Any = WindowsPath if os.name == "nt" else PosixPath


class _Unlistable(_Concrete):  # type: ignore[misc]
    """A folder whose listing fails, as a folder the player may not read does."""

    def glob(self, pattern: str, *args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied", str(self))


def test_json_files_sorted_without_hidden_ones(tmp_path: Path) -> None:
    """Name order makes the list the same on every machine; a hidden file is not the
    player's scenario, nor is a file that is not JSON."""
    for name in ("b.json", "a.json", ".x.json", "notes.txt"):
        (tmp_path / name).write_text("{}", encoding="utf-8")
    assert list(_files(tmp_path)) == [tmp_path / "a.json", tmp_path / "b.json"]


def test_missing_folder_gives_nothing(tmp_path: Path) -> None:
    """A player who never made a scenario folder has no scenarios, not an error."""
    assert list(_files(tmp_path / "missing")) == []


def test_unlistable_folder_gives_nothing(tmp_path: Path) -> None:
    """A folder that cannot be listed gives an empty iterator, which callers loop over."""
    assert list(_files(_Unlistable(tmp_path))) == []
