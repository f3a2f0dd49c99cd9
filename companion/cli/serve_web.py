"""`companion serve-web [SITE]`: serve the built phone app to the phones on the same Wi-Fi.

It listens on every interface by default, unlike the app (`companion`, which holds your
games): the site holds no data of anyone, only the app's own files, and its point is to
be opened from a phone. What it serves and how is `companion.webapp.host`; uvicorn and
Starlette (which Flet brings) do the HTTP, imported only when this command runs.

A phone on a plain-http address opens and plays the app while this computer serves it,
but cannot install it or keep its offline copy: browsers run a service worker only on
https or on localhost. The command says so, beside the addresses.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path

from companion.i18n import t

DEFAULT_SITE = "site"
DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 8000
"""The port of `python3 -m http.server`, which the README advised before: the same
address keeps working for anyone who bookmarked it."""
EVERY_INTERFACE = frozenset({"", "0.0.0.0", "::", "*"})


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = t("Serve the phone app built by build-web to the phones on the same "
                           "Wi-Fi, with its compressed copies and the right caching. Over "
                           "plain http a phone opens and plays it but cannot install it: "
                           "for that, host the site over https.")
    parser.add_argument("site", metavar="SITE", nargs="?", default=DEFAULT_SITE,
                        help=t("the folder build-web wrote (default: {folder})",
                               folder=DEFAULT_SITE + "/"))
    parser.add_argument("--port", type=int, default=None,
                        help=t("port to serve on (default: {port}, or a free one if it is "
                               "busy)", port=DEFAULT_PORT))
    parser.add_argument("--host", default=DEFAULT_HOST,
                        help=t("address to listen on (default: {host}, every interface, "
                               "so that phones on the same Wi-Fi reach it; 127.0.0.1: this "
                               "computer only)", host=DEFAULT_HOST))


def choose_port(host: str, wanted: int | None) -> int:
    """The port to listen on; `ValueError` with a readable message when `wanted` cannot be
    used (without `--port`, a busy default gives way to a free port)."""
    from companion.web import ports

    return ports.choose_port(host, wanted, usual=DEFAULT_PORT, busy=lambda port: t(
        "Port {port} is busy or cannot be used here: choose another with --port, or leave "
        "--port out", port=port))


def addresses(host: str, port: int) -> tuple[str, str | None]:
    """The address to open on this computer, and the one a phone on the same Wi-Fi
    opens (None when the server is not reachable from the network, or when this
    computer has no address on one)."""
    from companion.web.sharing import browser_host, lan_address

    if host in EVERY_INTERFACE:
        found = lan_address()
        return f"http://localhost:{port}/", (f"http://{found}:{port}/" if found else None)
    own = f"http://{browser_host(host)}:{port}/"
    if host in ("localhost", "::1") or host.startswith("127."):
        return own, None
    return own, own


def run(args: argparse.Namespace) -> int:
    from companion.webapp.host import NotASite, SiteHost, check_site

    folder = Path(os.path.expanduser(args.site))
    try:
        root = check_site(folder)
        port = choose_port(args.host, args.port)
    except (NotASite, ValueError) as exc:
        print(str(exc), file=sys.stderr)
        return 2
    from companion.web.server import phone_code, serve

    here, phone = addresses(args.host, port)

    def listening() -> None:
        print(t("Serving the phone app from {folder} (press Ctrl+C to stop).",
                folder=str(folder)))
        print(t("On this computer: {url}", url=here))
        if args.host in EVERY_INTERFACE or phone is not None:
            if phone is None:
                print(t("No address of this computer on a local network was found: is it "
                        "on the Wi-Fi?"))
            else:
                print(t("On a phone on the same Wi-Fi: {url} (or scan this code)", url=phone))
                with contextlib.suppress(UnicodeError):  # a terminal without block characters
                    print(phone_code(phone), end="")
            print(t("Over plain http a phone opens and plays the app while this computer "
                    "serves it, but cannot install it or keep it offline: browsers allow "
                    "that only over https or on localhost."))
        sys.stdout.flush()

    serve(SiteHost(root), host=args.host, port=port, on_listening=listening)
    print(t("Stopped."))
    return 0
