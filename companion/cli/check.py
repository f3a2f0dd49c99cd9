"""`companion check`: verify every file of the data folder and report, writing nothing.

`companion.store.check` (which replays every game) is imported only when the command
runs. Exit codes: 0 all is well, 1 something is wrong: a problem found (one line each on
stdout, then a summary line) or a folder that cannot be checked (one line on stderr).

`--repair` first opens the folder as the app does, which repairs what it finds (see
`companion.store.mending`: damaged files set aside and mended from their copies, each
repair told on stderr), then checks it: the way to repair from the command line alone,
where the read-only commands only read around the damage.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.i18n import t

OK, PROBLEMS = 0, 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = t(
        "Read every file of the data folder (also while the app is open), check its checksum"
        " and content, replay every game and check every scenario attempt and campaign."
        " Nothing is written in the data folder; the temporary files an interrupted export"
        " left beside its file are removed. Exit code 0 when all is well, 1 when a problem"
        " is found.")
    parser.add_argument(
        "--repair", action="store_true",
        help=t("first repair what the app repairs when it opens the folder (damaged files"
               " are kept aside and rebuilt from their copies); the app must be closed"))


def run(args: argparse.Namespace) -> int:
    from companion.cli.storage import tell_leftovers_removed
    from companion.store.check import check_folder
    from companion.store.errors import StoreError
    from companion.store.location import data_dir

    tell_leftovers_removed(sys.stdout)
    try:
        folder = data_dir(getattr(args, "data_dir", None), create=False)
    except StoreError as exc:
        print(str(exc), file=sys.stderr)
        return PROBLEMS
    if not folder.is_dir():
        print(t("The data folder {folder} does not exist yet: there is nothing to check.",
                folder=str(folder)))
        return OK
    if getattr(args, "repair", False) and not _repaired(folder):
        return PROBLEMS
    report = check_folder(folder)
    for problem in report.problems:
        print(str(problem))
    print(report.summary())
    return OK if report.ok else PROBLEMS


def _repaired(folder: Path) -> bool:
    """Open the folder as the app does (it repairs what it finds) and say what it did;
    False, with why on stderr, if it cannot be opened (the app holds it...)."""
    from companion.store.errors import StoreError
    from companion.store.store import open_store

    try:
        with open_store(folder) as store:
            for notice in store.notices:
                print(str(notice), file=sys.stderr)
    except StoreError as exc:
        print(str(exc), file=sys.stderr)
        return False
    return True
