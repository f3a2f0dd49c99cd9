"""`companion check`: verify every file of the data folder and report, writing nothing.

`companion.store.check` (which replays every game) is imported only when the command
runs. Exit codes: 0 all is well, 1 something is wrong: a problem found (one line each on
stdout, then a summary line) or a folder that cannot be checked (one line on stderr).
"""

from __future__ import annotations

import argparse
import sys

from companion.i18n import t

OK, PROBLEMS = 0, 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = t(
        "Read every file of the data folder (also while the app is open), check its checksum"
        " and content, replay every game and check every scenario attempt and campaign."
        " Nothing is written in the data folder; the temporary files an interrupted export"
        " left beside its file are removed. Exit code 0 when all is well, 1 when a problem"
        " is found.")


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
    report = check_folder(folder)
    for problem in report.problems:
        print(str(problem))
    print(report.summary())
    return OK if report.ok else PROBLEMS
