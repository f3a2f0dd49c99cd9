"""`companion` with no sub-command: serve the app on this machine and open it in the browser.

Flet is imported only inside the handler: every other sub-command (`companion score`,
`companion games`...) goes through this module's `register`, and must stay quick to start.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import sys
from typing import TYPE_CHECKING, Any

from companion.i18n import t
from companion.ui.sharing import Share, check_code, new_code

if TYPE_CHECKING:
    from companion.ui.services import Services

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8550
"""A fixed port gives the app a stable address to bookmark; a busy one falls back to a free one."""


def register(sub: Any, parser: argparse.ArgumentParser) -> None:
    """Add the app's options to the main parser and make the app the default command."""
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
        help=t("with --share: the access code to use instead of a random one"),
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
    parser.default_handler = run_app  # type: ignore[attr-defined]


def _port_free(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def _free_port(host: str) -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def choose_port(host: str, wanted: int | None) -> int:
    """The port to serve on; `ValueError` with a readable message when `wanted` cannot be used."""
    if wanted is None:
        return DEFAULT_PORT if _port_free(host, DEFAULT_PORT) else _free_port(host)
    if not 1 <= wanted <= 65535:
        raise ValueError(t("Port {port} does not exist: choose a number from 1 to 65535",
                           port=wanted))
    if not _port_free(host, wanted):
        raise ValueError(t("Port {port} is already in use (is the app already running?): "
                           "choose another with --port, or leave --port out", port=wanted))
    return wanted


def share_host() -> str:
    """Where `--share` listens without `--host`: this computer's address on the local
    network, or every interface when it cannot be found (then `shown_host` picks one)."""
    from companion.ui.sharing import lan_address

    return lan_address() or "0.0.0.0"


def shown_host(host: str) -> str:
    """The host a phone puts in the address: the one listened on, or for "every
    interface" this computer's address on the network (loopback if it has none)."""
    from companion.ui.server import ANY_ADDRESS
    from companion.ui.sharing import browser_host, lan_address

    if host in ANY_ADDRESS:
        return browser_host(lan_address() or DEFAULT_HOST)
    return browser_host(host)


def run_app(args: argparse.Namespace) -> int:
    """Open the data folder, then serve the app until Ctrl+C (or the window is closed)."""
    from companion.ui.services import ServicesError, open_services

    share = bool(getattr(args, "share", False))
    code = getattr(args, "code", None)
    if code is not None and not share:
        print(t("--code goes with --share: add --share to serve the app on the network."),
              file=sys.stderr)
        return 2
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
            _run_desktop(services, host, port)
        else:
            _run_web(services, host, port, open_browser=not args.no_browser)
    finally:
        with contextlib.suppress(Exception):
            services.close()
    return 0


def _run_web(services: Services, host: str, port: int, *, open_browser: bool) -> None:
    """Serve the app behind its door (`companion.ui.server`) until Ctrl+C."""
    import threading
    import webbrowser

    from companion.ui.app import make_main
    from companion.ui.server import (
        address,
        build_app,
        new_secret,
        phone_code,
        reachable_from_afar,
        serve,
    )

    # The client's renderer comes from the wheel, never from a CDN: the app works offline.
    os.environ["FLET_WEB_NO_CDN"] = "true"
    secret = new_secret()
    share = services.share
    # Shared: the token address uses the same host as the phones, so it is the host's own
    # browser that opens the app without typing the code.
    url = address(share.host.strip("[]") if share else host, port, secret)
    app = build_app(make_main(services), host=host, port=port, secret=secret,
                    code=share.code if share else None)

    def listening() -> None:
        # The first http:// address of the output, key included (as Jupyter does), so
        # that --no-browser users and scripts can open it.
        print(t("Wonderful Companion is running at {url} (press Ctrl+C to stop).", url=url),
              flush=True)
        if share is not None:
            print(t("Shared on the local network. On each phone, on the same Wi-Fi, open "
                    "{address} and type the access code {code}, or scan this QR code:",
                    address=share.address, code=share.code))
            with contextlib.suppress(UnicodeError):
                print(phone_code(share.url), flush=True)
            print(t("Only people with the code can open the app; the connection is not "
                    "encrypted, so share it only on a network you trust."), flush=True)
        elif reachable_from_afar(host):
            print(t("To open it on a phone on the same network, scan this code:"))
            with contextlib.suppress(UnicodeError):  # a terminal without block characters
                print(phone_code(url), flush=True)
        if open_browser:
            threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()

    serve(app, host=host, port=port, on_listening=listening)


def _run_desktop(services: Services, host: str, port: int) -> None:
    """A native window talks to the app over a local socket, not through the browser:
    it needs no door, so Flet runs it as usual."""
    import flet as ft

    from companion.shipped.paths import assets_dir
    from companion.ui.app import make_main

    # Our options win over Flet's own environment variables, so the app never listens
    # anywhere the user did not choose.
    os.environ["FLET_SERVER_IP"] = host
    os.environ["FLET_SERVER_PORT"] = str(port)
    print(t("Opening the app in its own window. The first time, Flet downloads its window "
            "client: this needs an internet connection once."))
    ft.run(
        make_main(services),
        view=ft.AppView.FLET_APP,
        host=host,
        port=port,
        no_cdn=True,
        assets_dir=str(assets_dir().resolve()),
    )
