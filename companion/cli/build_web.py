"""`companion build-web DIR`: write the phone app, a static site that works offline.

The builder (`companion.webapp.build`) is imported only when this command runs.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from companion.i18n import t


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = t("Write the phone app to a folder: a static web site where the "
                           "whole app runs in the browser and works offline once opened.")
    parser.add_argument("dir", metavar="DIR",
                        help=t("the folder to write the site to (new, empty, or an "
                               "earlier build)"))
    parser.add_argument("--snapshot", action="store_true",
                        help=t("also ship a snapshot of Python's memory with Flet imported: "
                               "later visits open sooner, but a phone downloads and keeps "
                               "about 5 MB more (needs Node.js)"))


def run(args: argparse.Namespace) -> int:
    from companion.webapp.build import BuildError, build_site

    try:
        report = build_site(Path(os.path.expanduser(args.dir)), snapshot=args.snapshot)
    except BuildError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    print(report.summary())
    return 0
