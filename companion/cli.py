"""The `companion` command: the app by default, and headless sub-commands that share its core.

Each area registers its own sub-commands, so this file only wires them together.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from companion import __version__
from companion.i18n import t


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description=t("Companion for the board game It's a Wonderful World."),
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--data-dir",
        help=t("folder holding your games and settings (default: your OS data folder)"),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    from companion import scorer

    scorer.register(sub, parser)
    for module in ("companion.store.cli", "companion.scenario_cli", "companion.check_cli",
                   "companion.ui.launch"):
        try:
            registered = __import__(module, fromlist=["register"])
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            continue
        registered.register(sub, parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        default = getattr(parser, "default_handler", None)
        if default is None:
            parser.print_help()
            return 0
        handler = default
    try:
        return int(handler(args) or 0)
    except BrokenPipeError:
        # The reader went away (`companion history | head`): stop quietly, like other tools.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
