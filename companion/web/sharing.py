"""Sharing the app with the phones at one table: its address on the local network and its code.

`companion --share` serves the app on the local network, where anyone on the same Wi-Fi
could open it; the access code is what keeps them out (the door, `door.py`, asks for it
on every request and refuses the live connection without it). The code is short enough
to type on a phone, in an alphabet without look-alikes (no 0/O, 1/I/L), and compared
the way it is typed: spaces, dashes and letter case do not matter.

This module knows nothing of Flet or of the web server: the launch makes a `Share`
(`companion.usecases.share`), the server's door checks its code, and the Share screen
shows it.
"""

from __future__ import annotations

import ipaddress
import re
import secrets
import socket

from companion.i18n import t

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""31 symbols no one confuses when reading them off a screen: 8 of them are about
40 bits, far beyond what the door's slow-down lets anyone try."""
CODE_LENGTH = 8
MIN_CODE = 6
"""A code of one's own (`COMPANION_CODE`) is at least this long (after dropping spaces
and dashes)."""
MAX_CODE = 64

_TYPED = re.compile(r"[A-Za-z0-9]+")
_PRIVATE_PROBE = ("10.254.254.254", 1)
"""Any private address will do: connecting a UDP socket sends nothing, it only makes
the system choose the interface (and so the address) it would use to reach it."""


def new_code() -> str:
    """A random code for one launch."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise(code: str) -> str:
    """A code as compared: without spaces or dashes, in capitals (phones capitalise)."""
    return "".join(code.split()).replace("-", "").upper()


def check_code(code: str) -> str:
    """A code of one's own (`COMPANION_CODE`), as it will be shown; `ValueError` says what
    is wrong."""
    shown = code.strip()
    bare = normalise(shown)
    if len(bare) < MIN_CODE:
        raise ValueError(t("The code in {variable} must have at least {length} letters or "
                           "digits: choose a longer one, or leave {variable} unset for a "
                           "random one.", length=MIN_CODE, variable="COMPANION_CODE"))
    if len(bare) > MAX_CODE:
        raise ValueError(t("The code must have at most {length} letters or digits: it is "
                           "typed on phones.", length=MAX_CODE))
    if not _TYPED.fullmatch(bare):
        raise ValueError(t("The code may hold only letters A to Z, digits and dashes, so "
                           "that every phone can type it."))
    return shown


def browser_host(host: str) -> str:
    """An IP address or name as it goes in an address (IPv6 in brackets)."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def lan_address() -> str | None:
    """This computer's address on the local network, found without sending anything;
    None when it has none (no network, or only the loopback)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PRIVATE_PROBE)
            found = str(probe.getsockname()[0])
    except OSError:
        found = ""
    if _usable(found):
        return found
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    for info in infos:
        candidate = str(info[4][0])
        if _usable(candidate):
            return candidate
    return None


def _usable(found: str) -> bool:
    try:
        ip = ipaddress.ip_address(found)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local)

