"""What the commands that use the data folder share: opening it, telling its notices,
and turning every expected failure into one line on stderr.

Exit codes: 0 done, 1 the data folder cannot be used (open elsewhere, newer data, not
writable), 2 bad input (a file that cannot be read or imported, a wrong argument), 3
done, but not all of it: an export written without the games whose moves were lost
with a damaged file (stderr names them), so that a script that keeps exports does not
take it for a whole one.
Errors are one line on stderr; notices about the data folder (a damaged file set aside...)
go to stderr too, so stdout stays the command's output. Commands that only read open
the folder read-only: they work while the app is open and never write in the folder;
commands that change the data take the folder's lock and are refused while the app has it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from companion.i18n import t, tn
from companion.rules.errors import Rejected
from companion.store.errors import StoreError
from companion.store.location import data_dir

if TYPE_CHECKING:
    from companion.store.store import Store

OK, UNUSABLE, BAD_INPUT, INCOMPLETE = 0, 1, 2, 3


class BadInput(Exception):
    """Input the command cannot use; the message is already translated."""


def data_folder(args: argparse.Namespace, *, read_only: bool = True) -> Path:
    """The data folder; only a command that changes the data may create it."""
    return data_dir(getattr(args, "data_dir", None), create=not read_only)


def open_for(args: argparse.Namespace, *, read_only: bool) -> Store:
    """The data folder's store, its notices (a damaged file set aside or read around)
    told at once on stderr."""
    from companion.store.store import open_store

    opened = open_store(data_folder(args, read_only=read_only), read_only=read_only)
    print_notices(opened, 0)
    return opened


@contextmanager
def opened_store(args: argparse.Namespace, *, read_only: bool = False) -> Iterator[Store]:
    store = open_for(args, read_only=read_only)
    try:
        yield store
    finally:
        store.close()


def with_store(args: argparse.Namespace, action: Callable[[Store], int], *,
               read_only: bool = False) -> int:
    """Run `action` on the store; a folder that cannot be used is exit code 1."""
    from companion.store.store import open_store

    try:
        folder = data_folder(args, read_only=read_only)
        with open_store(folder, read_only=read_only) as store:
            told = print_notices(store, 0)
            try:
                return action(store)
            finally:  # damage met while reading an archive file is told too
                print_notices(store, told)
    except StoreError as exc:
        print(str(exc), file=sys.stderr)
        return UNUSABLE


def print_notices(store: Store, start: int) -> int:
    """Print the store's notices from number `start` on stderr; returns how many there are."""
    for notice in store.notices[start:]:
        print(str(notice), file=sys.stderr)
    return len(store.notices)


def fail(message: str) -> int:
    print(message, file=sys.stderr)
    return BAD_INPUT


def guarded(handler: Callable[[argparse.Namespace], int]
            ) -> Callable[[argparse.Namespace], int]:
    """`handler` with every expected failure turned into one translated line on stderr
    and exit code 2 (the scenario and campaign commands)."""
    from companion.shipped.scenarios import ScenarioError

    def run(args: argparse.Namespace) -> int:
        try:
            return int(handler(args))
        except Rejected as exc:
            return fail(t(exc.template, **exc.params))
        except StoreError as exc:
            return fail(str(exc))
        except (ScenarioError, BadInput) as exc:
            return fail(str(exc))

    return run


def tell_leftovers_removed(stream: TextIO | None = None) -> None:
    """Remove what exports that were killed before they finished left beside their files
    (`store.exports`), and say so: the player never asked for those files."""
    from companion.store.exports import sweep

    removed = sweep()
    if removed:
        print(tn("Removed {count} file an interrupted export left: {files}",
                 "Removed {count} files interrupted exports left: {files}", len(removed),
                 files=", ".join(str(path) for path in removed)),
              file=sys.stderr if stream is None else stream)
