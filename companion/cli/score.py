"""`companion score`: JSON in, JSON out, for a player's or a whole table's final tableau.

The checks and the scoring are `companion.usecases.scorer`; this reads the input (a file or
standard input) and prints the output, or one line on stderr and exit code 2 for
anything wrong, never a traceback. It starts fast: other tools run it once a tableau.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion.i18n import t
from companion.rules.errors import Refusal, Rejected
from companion.usecases.scorer import one_line, parse_json, score_input

MAX_INPUT_BYTES = 2**20


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = t("Read one player's or a table's final tableau as JSON and print "
                           "the score as JSON.")
    parser.add_argument("file", nargs="?", default="-",
                        help=t("JSON file to read, or - for standard input (default)"))


def _read(source: str) -> bytes:
    """The input's bytes, at most `MAX_INPUT_BYTES`. A file is read only if it is a
    regular file (`companion.store.files.read_regular`): a named pipe or a device named
    by mistake is refused instead of waiting forever or reading without end."""
    if source != "-":
        from companion.store.files import read_regular

        return read_regular(Path(source), MAX_INPUT_BYTES)
    if sys.stdin is None:  # started with standard input closed
        raise Rejected(Refusal.UNREADABLE, "Standard input is closed: name the JSON file to read")
    try:
        raw = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
    except OSError as exc:
        raise Rejected(Refusal.UNREADABLE, "Cannot read standard input: {reason}",
                       reason=exc.strerror or str(exc)) from None
    if len(raw) > MAX_INPUT_BYTES:
        raise Rejected(Refusal.TOO_LONG,
                       "The input is larger than {limit} bytes; a tableau is far smaller",
                       limit=MAX_INPUT_BYTES)
    return raw


def run(args: argparse.Namespace) -> int:
    from companion.store.errors import StoreError
    from companion.store.files import JsonRefused

    try:
        output = score_input(parse_json(_read(args.file)))
    except Rejected as exc:
        message = t(exc.template, **exc.params)
    except JsonRefused as exc:  # its message says what, the file's name says where
        source = t("standard input") if args.file == "-" else args.file
        if "integer string conversion" in str(exc.params.get("reason")):
            # Python's own words for a number of more than 4,300 digits.
            message = t("{source}: a number in it has thousands of digits; no count in a "
                        "game is that long", source=source)
        else:
            message = f"{source}: {exc}"
    except StoreError as exc:  # the file could not be read (`FileRefused`)
        message = str(exc)
    else:
        json.dump(output, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    print(one_line(message), file=sys.stderr)
    return 2
