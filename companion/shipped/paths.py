"""Where the shipped data lives, whether running from a checkout or an installed wheel.

A wheel carries `assets/` and `scenarios/` inside the package (as `companion/_data/...`);
a checkout (or an editable install) keeps them at the top of the repository. Looking in
both places means the same code works in both cases without configuration.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent.parent


def _shipped_dir(name: str) -> Path:
    for candidate in (PACKAGE_DIR / "_data" / name, PACKAGE_DIR.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        f"The '{name}' data folder is missing: looked in {PACKAGE_DIR / '_data' / name} "
        f"and {PACKAGE_DIR.parent / name}. Reinstall the app."
    )


def assets_dir() -> Path:
    """Card data, translations and icons."""
    return _shipped_dir("assets")


def scenarios_dir() -> Path:
    """Solo scenarios and campaign definitions shipped with the app."""
    return _shipped_dir("scenarios")


USER_FOLDER = "scenarios"
"""Name of the folder, inside the player's data folder, for their own scenario files.
Here, beside the shipped folders, so that finding it imports nothing that parses them."""


def user_scenarios_dir(data_folder: Path) -> Path:
    """Where a player puts their own scenario files, inside their data folder."""
    return data_folder / USER_FOLDER
