"""The language the command line speaks, found before its parser is built (the parser's
help is translated): `--lang`, else the language chosen in the app's settings, else the
environment's locale (LC_ALL, LC_MESSAGES, LANG, as POSIX reads them), else English.

`--lang` comes first because it is the one choice made for this very command line; the
app's choice comes before the locale because a player who picked French in the app
expects the command line that reads the same data to answer in French too.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

from companion.i18n import SUPPORTED

LANG_OPTION = "--lang"
DATA_DIR_OPTION = "--data-dir"
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
NO_DATA_FOLDER = ("score",)
"""Commands that never read the data folder: `companion score` runs once per tableau
behind other tools and does not pay for finding the folder (it imports no store)."""


def option_value(argv: Sequence[str], option: str, shortest: int) -> str | None:
    """The value of `option` (or of a start of it at least `shortest` long, as argparse
    accepts) on the command line, the last one given; None if absent."""
    found: str | None = None
    for index, token in enumerate(argv):
        if token == "--":
            break
        name, has_value, value = token.partition("=")
        if len(name) < shortest or not option.startswith(name):
            continue
        if has_value:
            found = value
        elif index + 1 < len(argv):
            found = argv[index + 1]
    return found


def locale_language(environ: Mapping[str, str]) -> str | None:
    """The language of the first locale variable that is set: "fr_FR.UTF-8" is French;
    "C" and "POSIX" name no language, and a language the app does not speak is none."""
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "").strip()
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
            return code if code in SUPPORTED else None
    return None


def app_language(argv: Sequence[str]) -> str | None:
    """The language chosen in the app's settings, in the data folder this command line
    uses; None when the app never chose one or the folder cannot be read."""
    from companion.store.errors import StoreError
    from companion.store.location import data_dir
    from companion.store.reading import saved_setting

    given = option_value(argv, DATA_DIR_OPTION, len("--da"))
    try:
        folder = data_dir(given, create=False)
    except (StoreError, OSError):
        return None
    if not folder.is_dir():
        return None
    chosen = saved_setting(folder, "language")
    return chosen if isinstance(chosen, str) and chosen in SUPPORTED else None


def cli_language(argv: Sequence[str], command: str | None) -> str:
    """What the command line speaks, in the order the module's docstring gives."""
    given = option_value(argv, LANG_OPTION, len(LANG_OPTION))
    if given in SUPPORTED:
        return str(given)
    if command not in NO_DATA_FOLDER:
        chosen = app_language(argv)
        if chosen:
            return chosen
    return locale_language(os.environ) or "en"


def speak_argparse() -> None:
    """argparse's own words (usage, options, its errors) in the chosen language: it asks
    gettext, which ships no catalog for them, so `companion --help` in French would
    still say "usage:" and "show this help message and exit". argparse looks its `_`
    up at each call, so the words follow the language chosen when they are shown."""
    import argparse

    from companion.i18n import t

    words = {
        "usage: ": lambda: t("usage: "),
        "options": lambda: t("options"),
        "positional arguments": lambda: t("positional arguments"),
        "show this help message and exit": lambda: t("show this help message and exit"),
        "%(prog)s: error: %(message)s\n": lambda: t("%(prog)s: error: %(message)s\n"),
        "argument %(argument_name)s: %(message)s":
            lambda: t("argument %(argument_name)s: %(message)s"),
        "invalid choice: %(value)r (choose from %(choices)s)":
            lambda: t("invalid choice: %(value)r (choose from %(choices)s)"),
        "invalid %(type)s value: %(value)r": lambda: t("invalid %(type)s value: %(value)r"),
        "the following arguments are required: %s":
            lambda: t("the following arguments are required: %s"),
        "unrecognized arguments: %s": lambda: t("unrecognized arguments: %s"),
        "expected one argument": lambda: t("expected one argument"),
        "ambiguous option: %(option)s could match %(matches)s":
            lambda: t("ambiguous option: %(option)s could match %(matches)s"),
    }

    def translated(text: str) -> str:
        word = words.get(text)
        return word() if word else text

    argparse._ = translated  # type: ignore[attr-defined]
