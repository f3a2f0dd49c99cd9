"""Where the phones at the table find the app: a value the services hold and the screens show.

Made by the web host when it serves the app on the local network (`companion --share`,
`companion.web.sharing`); kept here so that the screens can show it without knowing the
host.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from urllib.parse import quote

CODE_PARAM = "code"
"""The query parameter and form field that carry the code."""


@dataclass(frozen=True, slots=True)
class Share:
    """Where the phones find the app, and the code that lets them in."""

    host: str
    """The address as a browser writes it (`192.168.1.20`, `[fe80::1]`)."""
    port: int
    code: str

    @property
    def address(self) -> str:
        """What a player types in the phone's address bar (then the code on the page)."""
        return f"http://{self.host}:{self.port}/"

    @property
    def url(self) -> str:
        """The address with the code in it: what the QR code holds, so a scan opens the app."""
        return self.link("/")

    def link(self, path: str) -> str:
        """An address of the app (`/tables/abc`) with the code in it: a phone that scans it
        is let in and lands there, however it got the link."""
        return f"{self.address}{path.lstrip('/')}?{CODE_PARAM}={quote(self.code, safe='')}"

    @property
    def reachable(self) -> bool:
        """Whether another device can open this address (not when it is this computer's
        own loopback, for want of a network)."""
        return reachable_from_afar(self.host)


def reachable_from_afar(host: str) -> bool:
    """Whether an address at `host` (as a browser writes it) opens from another device:
    not `localhost` (in any case, or a name under it: RFC 6761) nor a loopback address."""
    shown = host.strip("[]")
    name = shown.lower()
    if name == "localhost" or name.endswith(".localhost"):
        return False
    try:
        return not ipaddress.ip_address(shown).is_loopback
    except ValueError:
        return True
