"""Serve the app in the browser: Flet's FastAPI app behind the door (`door.py`), on uvicorn.

`ft.run` would build the same Flet app but gives no place to put a middleware in front
of the WebSocket, and keeps a closed tab's session for an hour. So the app is built here
from Flet's own parts (`flet_web.fastapi.app`: `/ws`, the static client, the app manager
started and stopped in its lifespan) and served by uvicorn, which Flet uses anyway.
"""

from __future__ import annotations

import asyncio
import html
import io
import json
import os
import secrets
import signal
import socket
from collections.abc import Callable
from datetime import UTC, datetime
from functools import cache
from types import FrameType
from typing import Any

import uvicorn
from starlette.types import ASGIApp, Receive, Scope, Send

from companion.i18n import SUPPORTED, language, t
from companion.shipped.paths import assets_dir
from companion.usecases import share
from companion.usecases.share import CODE_PARAM
from companion.usecases.take_home import TakenHome
from companion.web.client_files import precompressed
from companion.web.closing import QuietClose, quiet_gone_tabs
from companion.web.door import TOKEN, Door, Prompt, cookie_name
from companion.web.downloads import Downloads

IDLE_SESSION_SECONDS = 300
"""How long Flet keeps a tab's session after its socket closed (Flet's default: an hour,
about 77 KB each). Five minutes covers a phone's screen going dark or a flaky Wi-Fi; a
tab that comes back later reloads into a fresh session at the same address, and the game
is in the store, so nothing is lost. Flet's FLET_SESSION_TIMEOUT environment variable
still overrides it (the browser tests use it to let a session go at once). A session is
let go when that time is up (`let_go_on_time`), not at Flet's next look for expired
sessions, which comes only every 10 s."""

GRACE_SECONDS = 3
"""Ctrl+C waits this long for open tabs to close before the server stops anyway."""

ANY_ADDRESS = frozenset({"", "0.0.0.0", "::", "*"})
UNUSED_ROUTES = frozenset({"/docs", "/redoc", "/openapi.json", "/docs/oauth2-redirect"})
"""FastAPI's API explorer, which the app does not need (its page would load from a CDN)."""
MAX_FILE_NAME = 255
"""The longest file name (in bytes) file systems take: a longer part of a path cannot
name a client file."""


def new_secret() -> str:
    """The key of one launch: 128 random bits, short enough to type on a phone if needed."""
    return secrets.token_urlsafe(16)


def display_host(host: str) -> str:
    """The host name to put in the address: one a browser can open."""
    if host in ANY_ADDRESS:
        return "127.0.0.1"
    return f"[{host}]" if ":" in host else host


def address(host: str, port: int, secret: str, path: str = "") -> str:
    """The address that opens the app (at `path`, for example `new/table`) with its key."""
    return f"http://{display_host(host)}:{port}/{path.lstrip('/')}?{TOKEN}={secret}"


def reachable_from_afar(host: str) -> bool:
    """Whether the printed address opens the app from another device (a phone)."""
    return share.reachable_from_afar(display_host(host))


def phone_code(url: str) -> str:
    """The address as a QR code drawn with text blocks, for a phone's camera: nobody
    types a key of 22 random characters on a phone."""
    import segno

    out = io.StringIO()
    segno.make(url, error="L").terminal(out=out, compact=True)
    return out.getvalue()


def own_hosts(host: str) -> frozenset[str]:
    """The names this computer answers to, besides IP addresses and `localhost`."""
    names = {socket.gethostname(), socket.gethostname() + ".local"}
    if host not in ANY_ADDRESS:
        names.add(host)
    return frozenset(name.lower() for name in names if name)


def let_go_on_time(manager: Any) -> None:
    """Make Flet's app manager let a closed tab's session go the moment its idle time is
    up. Flet only marks the session (`expires_at`) when the tab's socket closes, and looks
    for marked sessions every 10 s; here each closing also sets a timer for that moment,
    which lets the session go through the manager itself (`delete_session`: the app's
    `page.on_close` runs, as at Flet's own look) unless the tab came back meanwhile.
    Once per manager (it is Flet's one `app_manager`, shared by every app built)."""
    if getattr(manager, "_companion_on_time", False):
        return
    disconnect = manager.disconnect_session
    timers: set[asyncio.Task[None]] = set()

    async def let_go(session_id: str) -> None:
        session = await manager.get_session(session_id)
        if session is None or session.connection is not None or session.expires_at is None:
            return  # already let go, or the tab came back
        left = (session.expires_at - datetime.now(UTC)).total_seconds()
        if left > 0:  # closed again since, or the timer was early
            wait(session_id, left)
        else:
            await manager.delete_session(session_id)

    def wait(session_id: str, seconds: float) -> None:
        def due() -> None:
            task = asyncio.ensure_future(let_go(session_id))
            timers.add(task)
            task.add_done_callback(timers.discard)

        asyncio.get_running_loop().call_later(seconds, due)

    async def disconnect_session(session_id: str, session_timeout_seconds: int) -> None:
        await disconnect(session_id, session_timeout_seconds)
        wait(session_id, session_timeout_seconds)

    manager.disconnect_session = disconnect_session
    manager._companion_on_time = True


def build_app(main: Callable[[Any], Any], *, host: str, port: int, secret: str,
              code: str | None = None,
              take_home: Callable[[str], TakenHome | None] | None = None) -> ASGIApp:
    """The whole web app: Flet's client, `/ws` and app manager, behind the door; with
    `code`, shared on the network behind that access code as well (`door.py`); with
    `take_home`, the files of a shared table's seats as downloads (`downloads.py`)."""
    import flet_web.fastapi as flet_fastapi  # type: ignore[import-untyped]

    let_go_on_time(flet_fastapi.app_manager)
    flet_app = flet_fastapi.app(
        main,
        assets_dir=str(assets_dir().resolve()),
        no_cdn=True,
        session_timeout_seconds=IDLE_SESSION_SECONDS,
    )
    flet_app.router.routes[:] = [route for route in flet_app.router.routes
                                 if getattr(route, "path", None) not in UNUSED_ROUTES]
    # Inside the door: the key or the code still guards every client file. A tab that
    # closes while Flet sends to it is a tab closing, not an error (`closing.py`).
    quiet_gone_tabs()
    served: ASGIApp = QuietClose(routes_not_files(
        precompressed(flet_app, assets_dir=assets_dir().resolve())))
    if take_home is not None:
        served = Downloads(served, take_home, missing_page)
    return Door(served, secret=secret, cookie=cookie_name(port), own_hosts=own_hosts(host),
                denied_page=denied_page, code=code, code_page=code_page)


def routes_not_files(app: ASGIApp) -> ASGIApp:
    """`app`, with a path too long to be a file answered as any other unknown address.

    Flet serves the app's page for an address that names no file (the app then shows
    its own "Not found" screen), but a part of a path over 255 bytes makes the file
    system refuse the name, and Starlette then answers a bare JSON 404. Such a path is
    served the app's page too; one that looks like a file (`.js`, `.png`...) stays a 404,
    as a missing file of the client is."""

    async def serving(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and _too_long_for_a_file(str(scope["path"])):
            scope = {**scope, "path": "/", "raw_path": b"/"}
        await app(scope, receive, send)

    return serving


def _too_long_for_a_file(path: str) -> bool:
    if os.path.splitext(path)[1].lower() not in ("", ".html"):
        return False
    return any(len(part.encode("utf-8", "surrogateescape")) > MAX_FILE_NAME
               for part in path.split("/"))


class _Server(uvicorn.Server):
    """uvicorn's server, telling the app once it really listens (not before: a script
    reading the printed address must find the port open)."""

    def __init__(self, config: uvicorn.Config, on_listening: Callable[[], None]) -> None:
        super().__init__(config)
        self.on_listening = on_listening

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        if self.started:
            self.on_listening()


def server_config(app: ASGIApp, *, host: str, port: int) -> uvicorn.Config:
    """How uvicorn serves the app. Its own log stays quiet below warnings, so the first
    `http://` address of the output is the one with the key.

    No proxy header is believed: the app is never behind a proxy, and uvicorn by default
    takes `X-Forwarded-For` (and `-Proto`) from any connection of this computer as the
    client's address, so one program here could claim a new address with every wrong
    code and never wait (the door counts wrong codes by address, `throttle.py`)."""
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        ws="websockets-sansio",
        timeout_graceful_shutdown=GRACE_SECONDS,
        proxy_headers=False,
        forwarded_allow_ips=[],
    )


def serve(app: ASGIApp, *, host: str, port: int, on_listening: Callable[[], None]) -> None:
    """Serve until Ctrl+C (or SIGTERM)."""
    config = server_config(app, host=host, port=port)
    # uvicorn stops on Ctrl+C or SIGTERM, then raises the signal again once stopped;
    # both end here as KeyboardInterrupt, so the caller still closes the data folder.
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        _Server(config, on_listening).run()
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


# --- the page shown without the key --------------------------------------------------


def best_language(accept_language: str) -> str:
    """The first language of the browser's list the app speaks, else English."""
    ranked: list[tuple[float, int, str]] = []
    for index, item in enumerate(accept_language.split(",")):
        tag, _, params = item.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        ranked.append((-weight, index, tag.strip().lower().split("-")[0]))
    for weight, _, code in sorted(ranked):
        if weight < 0 and code in SUPPORTED:
            return code
    return "en"


@cache
def _catalog(code: str) -> dict[str, str]:
    try:
        data = json.loads((assets_dir() / "i18n" / f"{code}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def t_in(code: str, template: str, /, **params: Any) -> str:
    """`t` in the visitor's language, leaving the app's own language (which every tab
    shares) alone: this runs next to the tabs' sessions."""
    if code == language():
        return t(template, **params)
    text = _catalog(code).get(template, template) if code != "en" else template
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return template.format(**params)


def _document(code: str, body: str) -> bytes:
    title = html.escape(t_in(code, "Wonderful Companion"))
    return (
        f'<!doctype html><html lang="{code}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><style>body{{font-family:system-ui,sans-serif;"
        "max-width:34em;margin:3em auto;padding:0 1em;line-height:1.5}"
        "input,button{font:inherit;padding:.5em;margin:.25em 0}"
        "input{text-transform:uppercase;letter-spacing:.1em;width:12em}</style></head>"
        f"<body>{body}</body></html>"
    ).encode()


@cache
def _page(code: str) -> bytes:
    heading = html.escape(t_in(code, "Open the app with its own address"))
    why = html.escape(t_in(code, "The app opens only at the address it gives when it starts: "
                                 "that address ends with a key that changes at every start."))
    how = html.escape(t_in(code, "Open the address shown in the terminal where the app is "
                                 "running, or start the app again with the command {command}: "
                                 "it opens that address in your browser.",
                           command="companion"))
    return _document(code, f"<h1>{heading}</h1><p>{why}</p><p>{how}</p>")


def denied_page(accept_language: str) -> bytes:
    """The short page for a request without the key, in the browser's language."""
    return _page(best_language(accept_language))


def missing_page(accept_language: str) -> bytes:
    """The short page for a game to take home that is not (or not yet) here."""
    code = best_language(accept_language)
    heading = html.escape(t_in(code, "No game to take home here"))
    why = html.escape(t_in(code, "This address gives a player's game once it is finished, "
                                 "from the computer that hosts the table while the app runs "
                                 "there. Scan the code again from the game's final screen."))
    return _document(code, f"<h1>{heading}</h1><p>{why}</p>")


def code_page(accept_language: str, prompt: Prompt) -> bytes:
    """The form asking for the access code of a shared app, in the browser's language."""
    code = best_language(accept_language)
    heading = html.escape(t_in(code, "Enter the table's code"))
    where = html.escape(t_in(code, "This app is shared on this network behind a code. The "
                                   "code is shown where the app was started: in its "
                                   "terminal, and in the app under Play on phones."))
    if prompt.wait.everyone:
        why = t_in(code, "Too many wrong codes were typed on this network just now: no code "
                         "is checked for {seconds} s. Wait, then try again.",
                   seconds=prompt.wait.seconds)
    elif prompt.wait:
        why = t_in(code, "Too many wrong codes from this device: wait {seconds} s, then "
                         "try again.", seconds=prompt.wait.seconds)
    elif prompt.wrong:
        why = t_in(code, "That code is not the right one. Check it and try again.")
    else:
        why = ""
    label = html.escape(t_in(code, "Access code"))
    button = html.escape(t_in(code, "Open the app"))
    said = f'<p role="alert"><strong>{html.escape(why)}</strong></p>' if why else ""
    return _document(code, (
        f"<h1>{heading}</h1>{said}<p>{where}</p>"
        f'<form method="post" action="{html.escape(prompt.action, quote=True)}">'
        f'<label for="code">{label}</label><br>'
        f'<input id="code" name="{CODE_PARAM}" required autofocus autocomplete="off" '
        'autocapitalize="characters" spellcheck="false" maxlength="80"> '
        f"<button type=\"submit\">{button}</button></form>"
    ))
