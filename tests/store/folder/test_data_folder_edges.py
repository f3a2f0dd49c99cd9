"""The data folder as the player names it: trimmed, from the root, `~` for their home,
made with its parents when missing, and left unmade by the commands that only read."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.store.location import ENV_VAR, FLET_ENV_VAR, absolute, data_dir


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
    monkeypatch.delenv(FLET_ENV_VAR, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))


def test_a_folder_named_with_spaces_around_is_the_folder_without_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert data_dir(f"  {tmp_path / 'cli'}\n") == tmp_path / "cli"
    monkeypatch.setenv(ENV_VAR, f" {tmp_path / 'env'} ")
    assert data_dir() == tmp_path / "env"
    monkeypatch.delenv(ENV_VAR)
    monkeypatch.setenv(FLET_ENV_VAR, f"\t{tmp_path / 'flet'} ")
    assert data_dir() == tmp_path / "flet"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cli", "env", "flet"]


def test_a_relative_folder_is_taken_from_where_the_command_runs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    folder = data_dir("mine/data")
    assert folder == tmp_path / "mine" / "data"
    assert folder.is_absolute() and folder.is_dir()


def test_the_home_folder_is_written_as_a_tilde(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert data_dir("~/games") == tmp_path / "home" / "games"
    assert absolute("~") == tmp_path / "home"


def test_dots_are_resolved_but_a_linked_folder_stays_as_named(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    assert absolute(tmp_path / "link" / ".." / "link" / ".") == tmp_path / "link"
    assert data_dir(str(tmp_path / "link")) == tmp_path / "link"


def test_a_command_that_only_reads_makes_no_folder(tmp_path: Path) -> None:
    assert data_dir(str(tmp_path / "a" / "b"), create=False) == tmp_path / "a" / "b"
    assert list(tmp_path.iterdir()) == []


def test_a_folder_that_exists_is_used_as_it_is(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "store.json").write_text("{}")
    for create in (True, False):
        assert data_dir(str(tmp_path / "data"), create=create) == tmp_path / "data"
    assert (tmp_path / "data" / "store.json").read_text() == "{}"


def test_a_missing_folder_is_made_with_its_parents(tmp_path: Path) -> None:
    folder = data_dir(str(tmp_path / "a" / "b" / "c"))
    assert folder.is_dir() and folder == tmp_path / "a" / "b" / "c"


def test_the_os_folder_is_used_when_nothing_is_named(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, "")
    monkeypatch.setenv(FLET_ENV_VAR, " ")
    folder = data_dir("  ", create=False)
    assert folder.name == "wonderful-companion" and os.path.isabs(folder)
    assert not folder.exists()
