"""`companion import FILE [--replace]`: add (or restore) the content of an exported file.

It changes the data, so it takes the data folder's lock and is refused while the app
has it. Everything is checked first: a file with any problem changes nothing. Exit codes
are those of `companion.cli.storage`. (The module's name ends with `_`: `import` is a
Python keyword.)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from companion.cli.storage import BAD_INPUT, OK, with_store
from companion.i18n import t
from companion.store.errors import StoreError

if TYPE_CHECKING:
    from companion.store.store import Store


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = t("Read a file written by 'companion export'. Everything is checked"
                           " first: a file with any problem changes nothing.")
    parser.add_argument("file", help=t("the JSON file to read"))
    parser.add_argument("--replace", action="store_true",
                        help=t("replace all your data by the file's content instead of"
                               " adding to it (a backup is made first)"))


def run(args: argparse.Namespace) -> int:
    def do_import(store: Store) -> int:
        try:
            counts = store.import_file(Path(args.file), replace=args.replace)
        except StoreError as exc:
            print(str(exc), file=sys.stderr)
            return BAD_INPUT
        from companion.i18n.counts import imported

        print(imported(counts, args.replace))
        from companion.store.derive import correction_notes

        for note in correction_notes(counts):
            print(note)
        return OK

    return with_store(args, do_import)
