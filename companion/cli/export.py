"""`companion export FILE`: everything the app stores, in one JSON file.

It only reads, so it opens the data folder read-only and works while the app is open.
Exit codes are those of `companion.cli.storage`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from companion.cli.storage import BAD_INPUT, OK, tell_leftovers_removed, with_store
from companion.i18n import t
from companion.store.errors import StoreError

if TYPE_CHECKING:
    from companion.store.store import Store


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = t("Write everything the app stores to one JSON file, to keep as a"
                           " backup or to move to another device.")
    parser.add_argument("file", help=t("the JSON file to write"))


def run(args: argparse.Namespace) -> int:
    def export(store: Store) -> int:
        tell_leftovers_removed()
        try:
            counts = store.export_file(Path(args.file))
        except StoreError as exc:
            print(str(exc), file=sys.stderr)
            return BAD_INPUT
        from companion.i18n.counts import exported

        print(exported(counts, args.file))
        return OK

    return with_store(args, export, read_only=True)
