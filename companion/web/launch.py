"""Serving the app: choosing its port and address, then running it behind its door in
the browser (`run_web`) or in a native window (`run_desktop`) until Ctrl+C.

The command that does it, with its options, is `companion.cli.app`; Flet and the web
server are imported only once the app really starts.
"""

from __future__ import annotations

import contextlib
import logging
import os
from typing import TYPE_CHECKING

from companion.i18n import t
from companion.web import ports

if TYPE_CHECKING:
    from companion.usecases.services import Services

LOG_ENV = "COMPANION_LOG"
"""`COMPANION_LOG=info` (or `debug`) prints the app's and Flet's log from that level on,
to see what the server does: tabs' sessions opened, closed and let go. Without it the
terminal shows only warnings and errors."""
LOG_LEVELS = {"debug": logging.DEBUG, "info": logging.INFO}

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8550
"""A fixed port gives the app a stable address to bookmark; a busy one falls back to a free one."""


def choose_port(host: str, wanted: int | None) -> int:
    """The app's port; `ValueError` with a readable message when `wanted` cannot be used."""
    return ports.choose_port(host, wanted, usual=DEFAULT_PORT, busy=lambda port: t(
        "Port {port} is already in use (is the app already running?): choose another "
        "with --port, or leave --port out", port=port))


def share_host() -> str:
    """Where `--share` listens without `--host`: this computer's address on the local
    network, or every interface when it cannot be found (then `shown_host` picks one)."""
    from companion.web.sharing import lan_address

    return lan_address() or "0.0.0.0"


def shown_host(host: str) -> str:
    """The host a phone puts in the address: the one listened on, or for "every
    interface" this computer's address on the network (loopback if it has none)."""
    from companion.web.server import ANY_ADDRESS
    from companion.web.sharing import browser_host, lan_address

    if host in ANY_ADDRESS:
        return browser_host(lan_address() or DEFAULT_HOST)
    return browser_host(host)


def show_log() -> None:
    """Print the log from the level `COMPANION_LOG` asks for (see `LOG_ENV`)."""
    level = LOG_LEVELS.get(os.environ.get(LOG_ENV, "").strip().lower())
    if level is not None:
        logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")


def run_web(services: Services, host: str, port: int, *, open_browser: bool) -> None:
    """Serve the app behind its door (`companion.web.server`) until Ctrl+C."""
    import threading
    import webbrowser

    from companion.ui.app import make_main
    from companion.usecases.take_home import take_home_at
    from companion.web.server import (
        address,
        build_app,
        new_secret,
        phone_code,
        reachable_from_afar,
        serve,
    )

    # The client's renderer comes from the wheel, never from a CDN: the app works offline.
    os.environ["FLET_WEB_NO_CDN"] = "true"
    show_log()
    secret = new_secret()
    share = services.share
    # Shared: the token address uses the same host as the phones, so it is the host's own
    # browser that opens the app without typing the code.
    url = address(share.host.strip("[]") if share else host, port, secret)
    app = build_app(make_main(services), host=host, port=port, secret=secret,
                    code=share.code if share else None,
                    take_home=lambda path: take_home_at(services, path))

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


def run_desktop(services: Services, host: str, port: int) -> None:
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
