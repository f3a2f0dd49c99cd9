"""Where the phones at the table find the app: a value the services hold and the screens show.

Made by the web host when it serves the app on the local network (`companion --share`,
`companion.web.sharing`); kept here so that the screens can show it without knowing the
host.
"""

from __future__ import annotations

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
        return f"{self.address}?{CODE_PARAM}={quote(self.code, safe='')}"
