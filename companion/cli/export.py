"""`companion export FILE`: everything the app stores, in one JSON file.

It only reads, so it opens the data folder read-only and works while the app is open.
Damage never stops it: what can be read is exported, and what cannot is named on stderr
(exit code 3 then). Exit codes are those of `companion.cli.storage`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from companion.cli.storage import BAD_INPUT, INCOMPLETE, OK, tell_leftovers_removed, with_store
from companion.i18n import t
from companion.store.errors import StoreError

if TYPE_CHECKING:
    from companion.store.store import Store


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = t("Write everything the app stores to one JSON file, to keep as a"
                           " backup or to move to another device. Exit code 0 when"
                           " everything was written, 3 when the file was written without"
                           " games whose moves were lost with a damaged file (named on"
                           " stderr).")
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
        gaps = store.export_gaps()
        for gap in gaps:
            print(str(gap), file=sys.stderr)
        return INCOMPLETE if gaps else OK

    return with_store(args, export, read_only=True)
