"""The data folder: command line first, then the environment, then the OS folder."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from companion.store import StoreError, data_dir
from companion.store.location import ENV_VAR, FLET_ENV_VAR


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
    monkeypatch.delenv(FLET_ENV_VAR, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))


def test_priority_order(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(FLET_ENV_VAR, str(tmp_path / "flet"))
    assert data_dir() == tmp_path / "flet"
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "env"))
    assert data_dir() == tmp_path / "env"
    assert data_dir(str(tmp_path / "cli")) == tmp_path / "cli"
    for name in ("flet", "env", "cli"):
        assert (tmp_path / name).is_dir()


def test_blank_values_are_ignored(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(ENV_VAR, "  ")
    monkeypatch.setenv(FLET_ENV_VAR, str(tmp_path / "flet"))
    assert data_dir("") == tmp_path / "flet"


def test_os_folder_by_default(tmp_path: Path) -> None:
    expected = Path(platformdirs.user_data_dir("wonderful-companion", appauthor=False))
    assert data_dir() == expected
    assert expected.is_dir()
    if sys.platform.startswith("linux"):
        assert expected.is_relative_to(tmp_path / "xdg")


@pytest.mark.parametrize("create", [True, False])
def test_a_file_in_the_way_is_a_clear_error(tmp_path: Path, create: bool) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError) as refused:
        data_dir(str(blocker), create=create)
    assert str(refused.value) == (
        f"The data folder {blocker} is not a folder. Choose another one with --data-dir or"
        " the COMPANION_DATA_DIR environment variable.")
    assert blocker.read_text() == "x"


@pytest.mark.skipif(sys.platform == "win32", reason="the system's words are POSIX's")
def test_a_folder_that_cannot_be_made_says_why(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """In the system's words, or the error's own when it has no number."""
    (tmp_path / "file").write_text("x")
    inside = tmp_path / "file" / "data"
    with pytest.raises(StoreError) as refused:
        data_dir(str(inside))
    assert str(refused.value) == (
        f"Cannot create the data folder {inside}: Not a directory. Choose another one with"
        " --data-dir or the COMPANION_DATA_DIR environment variable.")

    def gone(self: Path, *args: object, **kwargs: object) -> None:
        raise OSError("the drive went away")

    monkeypatch.setattr(Path, "mkdir", gone)
    with pytest.raises(StoreError) as refused:
        data_dir(str(tmp_path / "data"))
    assert str(refused.value) == (
        f"Cannot create the data folder {tmp_path / 'data'}: the drive went away. Choose"
        " another one with --data-dir or the COMPANION_DATA_DIR environment variable.")
