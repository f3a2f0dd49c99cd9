"""On Windows the data lives in `%LOCALAPPDATA%\\wonderful-companion`, as the README tells
players to back it up: one folder named after the app, not the app's name twice (which is
what platformdirs makes when it is given no author)."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import platformdirs.windows
import pytest

from companion.store import location


def test_the_windows_data_folder_is_the_apps_name_under_local_app_data(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    local = tmp_path / "AppData" / "Local"
    asked: list[str] = []

    def folder(csidl_name: str) -> str:
        asked.append(csidl_name)
        return str(local)

    monkeypatch.setattr(platformdirs.windows, "get_win_folder", folder)
    monkeypatch.setattr(platformdirs, "user_data_dir",
                        lambda *args, **kwargs: platformdirs.windows.Windows(
                            *args, **kwargs).user_data_dir)
    assert location.default_data_dir() == local / "wonderful-companion"
    assert asked == ["CSIDL_LOCAL_APPDATA"]
