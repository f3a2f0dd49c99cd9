"""Damaging one entry of a copy of the shipped data files, and what loading it says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.shipped.catalog import CatalogError, load_catalog


def entries(folder: Path, name: str) -> list[object]:
    """The entries of one data file of `folder`, as JSON reads them."""
    data = json.loads((folder / name).read_text(encoding="utf-8"))
    assert isinstance(data, list)
    return data


def write(folder: Path, name: str, data: object) -> None:
    """Write a data file of `folder` as a maintainer's editor would."""
    (folder / name).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def damage(folder: Path, name: str, index: int, changes: dict[str, object],
           dropped: tuple[str, ...] = ()) -> None:
    """Change some fields of one entry of a data file, and drop others."""
    data = entries(folder, name)
    entry = data[index]
    assert isinstance(entry, dict)
    entry.update(changes)
    for key in dropped:
        del entry[key]
    write(folder, name, data)


def refusal(folder: Path) -> str:
    """The whole message of the `CatalogError` loading `folder` raises."""
    with pytest.raises(CatalogError) as refused:
        load_catalog(folder)
    return str(refused.value)
