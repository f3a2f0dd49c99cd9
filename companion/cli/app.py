"""`companion` with no command: serve the app on this machine and open it in the browser.

Its options (`--port`, `--host`, `--share`, `--no-browser`, `--desktop`) are the main
parser's, since they come without a command. A code of one's own for `--share` comes
from the `COMPANION_CODE` environment variable, never from the command line: any user
of the computer can read a program's command line (`ps`), not its environment. Flet, the
web server and the store are imported only when the app starts, so `companion --help`
and `--version` stay quick; serving itself is `companion.web.launch`.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys

from companion.i18n import t
from companion.web.launch import DEFAULT_HOST, DEFAULT_PORT

CODE_VARIABLE = "COMPANION_CODE"
"""The environment variable that holds a code of one's own for `--share`."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The app's options, on the main parser: the app is the command line without a command."""
    parser.add_argument(
        "--port",
        type=int,
        default=None,
        help=t("port to serve the app on (default: {port}, or a free one if it is busy)",
               port=DEFAULT_PORT),
    )
    parser.add_argument(
        "--host",
        default=None,
        help=t("address to listen on (default: {host}, this computer only)", host=DEFAULT_HOST),
    )
    parser.add_argument(
        "--share",
        action="store_true",
        help=t("serve the app on the local network, for the phones at the table, behind an "
               "access code (default address: this computer's on the network)"),
    )
    parser.add_argument(
        "--code",
        default=None,
        help=t("no longer taken (it showed in the list of running programs): put your "
               "own code in the {variable} environment variable instead",
               variable=CODE_VARIABLE),
    )
    parser.add_argument(
        "--no-browser",
        action="store_true",
        help=t("serve the app without opening a browser tab"),
    )
    parser.add_argument(
        "--desktop",
        action="store_true",
        help=t("open a native window instead of the browser (downloads the Flet window "
               "client on first use: needs internet once)"),
    )


def run(args: argparse.Namespace) -> int:
    """Open the data folder, then serve the app until Ctrl+C (or the window is closed)."""
    from companion.usecases.services import ServicesError, open_services
    from companion.usecases.share import Share
    from companion.web.launch import choose_port, run_desktop, run_web, share_host, shown_host
    from companion.web.sharing import check_code, new_code

    share = bool(getattr(args, "share", False))
    if getattr(args, "code", None) is not None:
        print(t("--code is not taken: a code on the command line can be read by anyone on "
                "this computer in the list of running programs. Put it in the {variable} "
                "environment variable instead (for example {example}), or leave it out for "
                "a random code.", variable=CODE_VARIABLE,
                example=f"{CODE_VARIABLE}=K7QM-4XPD companion --share"), file=sys.stderr)
        return 2
    code = os.environ.get(CODE_VARIABLE) or None
    if share and args.desktop:
        print(t("--share serves the app to browsers: leave --desktop out."), file=sys.stderr)
        return 2
    try:
        code = (check_code(code) if code is not None else new_code()) if share else None
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    host = args.host or (share_host() if share else DEFAULT_HOST)
    try:
        port = choose_port(host, args.port)
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    try:
        services = open_services(args.data_dir)
    except ServicesError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if code is not None:
        services.share = Share(host=shown_host(host), port=port, code=code)

    try:
        if args.desktop:
            run_desktop(services, host, port)
        else:
            run_web(services, host, port, open_browser=not args.no_browser)
    finally:
        with contextlib.suppress(Exception):
            services.close()
    return 0
