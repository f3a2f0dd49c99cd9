"""The store package as other code meets it: a name it does not have is an ordinary
AttributeError, worded as Python words it; the OS data folder on Windows is the app's
own folder in the local AppData, with no publisher folder around it."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest
from platformdirs.windows import Windows

import companion.store
from companion.store.location import default_data_dir


def test_a_name_the_store_does_not_have_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError) as missing:
        companion.store.Nothing  # noqa: B018
    assert str(missing.value) == "module 'companion.store' has no attribute 'Nothing'"


def test_on_windows_the_data_folder_is_the_apps_own_in_local_appdata(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(platformdirs, "PlatformDirs", Windows)
    monkeypatch.setenv("WIN_PD_OVERRIDE_LOCAL_APPDATA", r"C:\Users\Ana\AppData\Local")
    assert default_data_dir() == Path(r"C:\Users\Ana\AppData\Local", "wonderful-companion")
