"""Where the shipped data folders are looked for: an installed wheel's copy inside the
package first, then a checkout's at the top of the repository, else a message saying
both places, so a broken install can be told apart from a missing file."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.shipped import paths


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty package folder inside an empty checkout."""
    package = tmp_path / "checkout" / "companion"
    package.mkdir(parents=True)
    monkeypatch.setattr(paths, "PACKAGE_DIR", package)
    return package


def test_missing_everywhere_names_both_places(package: Path) -> None:
    """Neither copy: the message names the folder and the two paths looked in."""
    with pytest.raises(FileNotFoundError) as missing:
        paths.scenarios_dir()
    assert str(missing.value) == (
        f"The 'scenarios' data folder is missing: looked in {package / '_data' / 'scenarios'}"
        f" and {package.parent / 'scenarios'}. Reinstall the app.")


def test_checkout_copy_is_found(package: Path) -> None:
    """A checkout keeps the data beside the package."""
    (package.parent / "assets").mkdir()
    assert paths.assets_dir() == package.parent / "assets"


def test_wheel_copy_is_preferred(package: Path) -> None:
    """When both exist (a wheel installed over a checkout's layout), the package's own
    `_data` copy is the one that belongs to the code running."""
    (package.parent / "assets").mkdir()
    (package / "_data" / "assets").mkdir(parents=True)
    assert paths.assets_dir() == package / "_data" / "assets"


def test_wheel_copy_alone_is_found(package: Path) -> None:
    """An installed wheel has no checkout around it: the `_data` copy is enough."""
    (package / "_data" / "scenarios").mkdir(parents=True)
    assert paths.scenarios_dir() == package / "_data" / "scenarios"
