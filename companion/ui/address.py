"""An address of the app as the browser shows it: its path and its query.

Screens make addresses (`path("history", game_id)`) and read the one they are at (what
it was opened over) without knowing which screen shows which address. That is the
route table's (`routes.py`), which names every screen's module: a screen that imported
it would import itself back, so only the app shell reads it, and a screen asks the shell
(`Shell.navigate`, `Shell.knows`...) for what needs the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qsl, quote, unquote, urlsplit

HOME = "/"

OVER = "over"
"""The query of a screen opened on top of another (settings in the middle of a game:
`/settings?over=/play/<game>`): back returns to that screen, not to the home screen."""


@dataclass(frozen=True, slots=True)
class Place:
    """An address split into its path (each segment quoted) and its query."""

    path: str
    query: dict[str, str]

    @property
    def parts(self) -> tuple[str, ...]:
        """The path's segments as they were meant (`a b/c`, not `a%20b%2Fc`)."""
        return tuple(unquote(p) for p in self.path.split("/") if p)

    @property
    def key(self) -> str:
        """The address written back, its query in a fixed order: one text per place."""
        return self.path + (("?" + "&".join(f"{k}={quote(v)}" for k, v in
                                            sorted(self.query.items()))) if self.query else "")


def place(route: str) -> Place:
    """Split `route` (the empty address is home); each segment is quoted once, whatever
    quoting it came with."""
    split = urlsplit(route or HOME)
    parts = tuple(unquote(p) for p in split.path.split("/") if p)
    return Place("/" + "/".join(quote(p, safe="") for p in parts),
                 {k: v for k, v in parse_qsl(split.query)})


def path(*segments: str, **query: str) -> str:
    """An address from its segments, quoted: `path("history", game_id)`."""
    text = "/" + "/".join(quote(s, safe="") for s in segments)
    if query:
        text += "?" + "&".join(f"{k}={quote(v, safe='')}" for k, v in query.items())
    return text
