"""Where the player's data lives.

A packaged Flet app gets a private folder from the OS (FLET_APP_STORAGE_DATA); run from
Python it does not, so the OS data folder is the fallback. The command line and an
environment variable override both, so tests, portable installs and power users can
point the app anywhere.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from companion.store.errors import StoreError

APP_NAME = "wonderful-companion"
ENV_VAR = "COMPANION_DATA_DIR"
FLET_ENV_VAR = "FLET_APP_STORAGE_DATA"


def default_data_dir() -> Path:
    """The OS data folder: XDG_DATA_HOME on Linux, AppData on Windows, Application Support on
    macOS."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def absolute(folder: Path | str) -> Path:
    """`folder` from the root, once, where it enters: every path the store makes inside it
    (temporary files, the journal's entries, backups) is then comparable with it,
    whatever folder a command is later run from. Links are kept as given (a symlinked
    data folder stays the folder the player named)."""
    return Path(os.path.abspath(Path(folder).expanduser()))


def data_dir(cli_value: str | None = None, *, create: bool = True) -> Path:
    """The data folder to use, created if needed: --data-dir, then the env vars, then the OS one.

    `create=False` is for commands that only read: they write nothing, not even the
    folder, and read a missing folder as an empty one.
    """
    for candidate in (cli_value, os.environ.get(ENV_VAR), os.environ.get(FLET_ENV_VAR)):
        if candidate and candidate.strip():
            folder = absolute(candidate.strip())
            break
    else:
        folder = absolute(default_data_dir())
    if not create and not folder.exists():
        return folder
    # Asked before making it: `mkdir` refuses a file in the way only as "File exists".
    if folder.exists() and not folder.is_dir():
        raise StoreError(
            "The data folder {folder} is not a folder. Choose another one with --data-dir"
            " or the {env} environment variable.",
            folder=str(folder),
            env=ENV_VAR,
        )
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(
            "Cannot create the data folder {folder}: {reason}. Choose another one with"
            " --data-dir or the {env} environment variable.",
            folder=str(folder),
            reason=exc.strerror or str(exc),
            env=ENV_VAR,
        ) from exc
    return folder
