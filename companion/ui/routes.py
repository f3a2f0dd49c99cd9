"""Every screen's address, in one table: how screens find each other.

A screen never imports another screen; it asks the app to go to a route such as
`/history/<game>`. The route is what the browser shows, so a reload comes back to the
same screen, and the back button or the phone's back gesture walk the route's parents
(`/history/<game>` → `/history` → `/`) without leaving the app.

Screens are named by "module:Class" and imported only when first shown, so opening
the home screen does not pay for the statistics and their charts. Naming a screen is
depending on it: only the app shell reads this table, and a screen makes its addresses
with `address.path` and asks the shell for anything the table knows.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from companion.ui.address import HOME, OVER, Place, place

if TYPE_CHECKING:
    from companion.ui.screen import Screen, Shell


@dataclass(frozen=True, slots=True)
class Route:
    pattern: str
    """Segments, with `{name}` for a value: `/history/{game}`."""
    screen: str
    """"module:Class" of the screen; the class has `from_route(app, **values)`."""
    section: str | None = None
    """The navigation bar destination this screen belongs to, if it is a section."""

    @property
    def segments(self) -> tuple[str, ...]:
        return tuple(s for s in self.pattern.split("/") if s)

    def match(self, parts: tuple[str, ...]) -> dict[str, str] | None:
        """The route's values if `parts` is an address of this route, else None."""
        if len(parts) != len(self.segments):
            return None
        values: dict[str, str] = {}
        for pattern, part in zip(self.segments, parts, strict=True):
            if pattern.startswith("{") and pattern.endswith("}"):
                if not part:
                    return None
                values[pattern[1:-1]] = part
            elif pattern != part:
                return None
        return values


ROUTES: tuple[Route, ...] = (
    Route("/", "companion.ui.home:HomeScreen", section="home"),
    Route("/new/{mode}", "companion.ui.game.setup:SetupScreen"),
    Route("/play/{game}", "companion.ui.game.play:PlayScreen"),
    Route("/play/{game}/log", "companion.ui.game.log:GameLogScreen"),
    Route("/quick", "companion.ui.game.quick_score:QuickScoreScreen"),
    Route("/scenarios", "companion.ui.records.medals:MedalBoardScreen", section="scenarios"),
    Route("/scenarios/{scenario}", "companion.ui.records.medals:ScenarioScreen",
          section="scenarios"),
    Route("/campaigns", "companion.ui.campaigns.view:CampaignListScreen", section="campaigns"),
    Route("/campaigns/new", "companion.ui.campaigns.new:NewCampaignScreen", section="campaigns"),
    Route("/campaigns/{campaign}", "companion.ui.campaigns.view:CampaignScreen",
          section="campaigns"),
    Route("/campaigns/{campaign}/record", "companion.ui.campaigns.form:RecordScreen",
          section="campaigns"),
    Route("/cards", "companion.ui.cards.view:CardsScreen", section="cards"),
    Route("/cards/empires", "companion.ui.cards.empires:EmpiresScreen", section="cards"),
    Route("/cards/{card}", "companion.ui.cards.view:CardScreen", section="cards"),
    Route("/rules", "companion.ui.rules.view:RulesScreen", section="cards"),
    Route("/rules/{topic}", "companion.ui.rules.view:RuleScreen", section="cards"),
    Route("/history", "companion.ui.records.history:HistoryScreen", section="history"),
    Route("/history/{game}", "companion.ui.records.story:HistoryGameScreen", section="history"),
    Route("/stats", "companion.ui.records.stats:StatsScreen", section="history"),
    Route("/players", "companion.ui.records.players:PlayersScreen", section="history"),
    Route("/players/{player}", "companion.ui.records.players:PlayerScreen",
          section="history"),
    Route("/settings", "companion.ui.settings.view:SettingsScreen"),
    Route("/share", "companion.ui.table.share:ShareScreen"),
    Route("/tables/new", "companion.ui.table.view:NewTableScreen"),
    Route("/tables/{table}", "companion.ui.table.view:TableScreen"),
    Route("/tables/{table}/{seat}", "companion.ui.table.view:SeatScreen"),
)
"""Routes are tried in order: put fixed segments (`/campaigns/new`) before values."""

DEEPEST = max(len(entry.segments) for entry in ROUTES)
"""The most segments a route has: a longer prefix of an address is no route's."""
MAX_ROUTE = 8192
"""The longest address looked up: a "?" link with seven players' names at their
longest is under 4,000 characters. A longer one is no route's, unread."""
MAX_SEGMENT = 255
"""The longest part of an address between two slashes that a route takes (an id is
at most 100 characters, a name 60)."""

SECTIONS: tuple[tuple[str, str], ...] = (
    ("home", HOME),
    ("scenarios", "/scenarios"),
    ("campaigns", "/campaigns"),
    ("history", "/history"),
    ("cards", "/cards"),
)
"""The navigation bar's destinations, in order: (section, route). Five at most, so the
labels fit a phone; statistics open from the history and the home screen."""


@dataclass(frozen=True, slots=True)
class Address(Place):
    """A place looked up in the table: which entry, and its values (`{game}`)."""

    route: Route | None = None
    """None for an address the app does not know."""
    values: dict[str, str] = field(default_factory=dict)


def parse(route: str) -> Address:
    """Find the table entry for `route`; an unknown address has `route` None, and so
    has one too long to be any screen's (it is not even split then)."""
    if len(route) > MAX_ROUTE:
        return Address(route[:MAX_ROUTE], {})
    found = place(route)
    if any(len(part) > MAX_SEGMENT for part in found.parts):
        return Address(found.path, found.query)
    for entry in ROUTES:
        values = entry.match(found.parts)
        if values is not None:
            return Address(found.path, found.query, entry, values)
    return Address(found.path, found.query)


def parents(route: str) -> list[str]:
    """The routes under `route` in the view stack, home first, `route` itself excluded.

    The parent of an address is the longest shorter prefix that is a route:
    `/play/<game>` has no `/play`, so its parent is the home screen.
    """
    if len(route) > MAX_ROUTE:
        return [HOME]
    over = _opened_over(route)
    if over is not None:
        return [*parents(over), over]
    parts = [p for p in urlsplit(route or HOME).path.split("/") if p]
    found: list[str] = []
    # Only prefixes a route can match: a link of a thousand segments costs no more.
    for size in range(min(len(parts) - 1, DEEPEST), 0, -1):
        prefix = "/" + "/".join(parts[:size])
        if parse(prefix).route is not None:
            found.insert(0, prefix)
    if parts:
        found.insert(0, HOME)
    return found


OVER_DEPTH = 2
"""How many screens deep an address may be opened over others: a rule opened from the
rules list that was itself opened over a game. Deeper (a hand-made link) is not followed."""


def _opened_over(route: str, depth: int = OVER_DEPTH) -> str | None:
    """The screen `route` was opened over, if it names one this app has, at most
    `depth` levels down."""
    under = parse(route).query.get(OVER)
    if not under or not under.startswith("/") or under.startswith("//"):
        return None
    found = parse(under)
    if found.route is None or found.path == parse(route).path:
        return None
    if OVER in found.query and (depth <= 1 or _opened_over(under, depth - 1) is None):
        return None
    return under


def screen_class(entry: Route) -> Any:
    """Import the screen of a route the first time it is needed."""
    module, _, name = entry.screen.partition(":")
    return getattr(importlib.import_module(module), name)


def screen_for(app: Shell, route: str) -> Screen:
    """The screen an address shows, made for `app`; `ScreenMissing` passes through,
    and an address the table does not have is a `LookupError`."""
    address = parse(route)
    if address.route is None:
        raise LookupError(route)
    screen: Screen = screen_class(address.route).from_route(
        app, **address.query, **address.values)
    return screen


def section_of(route: str) -> str | None:
    """The navigation destination a route belongs to (its first segment's section)."""
    address = parse(route)
    if address.route is not None and address.route.section is not None:
        return address.route.section
    for size in range(len(address.path.strip("/").split("/")), 0, -1):
        prefix = "/" + "/".join(address.path.strip("/").split("/")[:size])
        entry = parse(prefix).route
        if entry is not None and entry.section is not None:
            return entry.section
    return None
