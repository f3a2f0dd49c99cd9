"""How a change of a shared table reaches the tabs of this server (`ui/open_games.py`):
every tab but the one whose tap made it, or every tab when no tab of this server made
it, including a tab whose phone went away in the middle of its tap."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from companion.shipped.catalog import catalog
from companion.ui import open_games
from companion.usecases.services import MemoryBackend, Services
from companion.usecases.tables import table_hub


class Tabs:
    """Stands for Flet's hub of one server's tabs: what it was asked to send."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, object, object]] = []

    def send_others_on_topic(self, session_id: str, topic: str, message: object) -> None:
        self.sent.append(("others", session_id, message))

    def send_all_on_topic(self, topic: str, message: object) -> None:
        self.sent.append(("all", None, message))


def tab(tabs: Tabs | None, session_id: str = "tab-1") -> SimpleNamespace:
    """A page whose session is connected to `tabs`, or disconnected (`tabs` None)."""
    connection = SimpleNamespace(pubsubhub=tabs) if tabs is not None else None
    return SimpleNamespace(session=SimpleNamespace(id=session_id, connection=connection))


class Context:
    """Flet's `ft.context`: the page whose handler runs, or RuntimeError outside any."""

    def __init__(self, page: object | None) -> None:
        self._page = page

    @property
    def page(self) -> object:
        if self._page is None:
            raise RuntimeError("no page")
        return self._page


@pytest.fixture
def tell(monkeypatch: pytest.MonkeyPatch) -> tuple[Tabs, Callable[[object | None], list[Any]]]:
    """This server's tabs, and a function that writes a table from a given page (or
    from none) and returns what the tabs were sent."""
    services = Services(catalog=catalog(), backend=MemoryBackend())
    hub = table_hub(services)
    told: list[Callable[[str, int], None]] = []
    monkeypatch.setattr(hub, "listen", lambda key, listener: told.append(listener))
    tabs = Tabs()
    app = SimpleNamespace(services=services, page=tab(tabs))
    open_games._tell_this_server(app)  # type: ignore[arg-type]

    def written_from(page: object | None) -> list[Any]:
        monkeypatch.setattr(open_games.ft, "context", Context(page))
        tabs.sent.clear()
        told[0]("table-1", 7)
        return list(tabs.sent)

    return tabs, written_from


def test_a_tap_on_a_tab_of_this_server_tells_the_other_tabs(tell: Any) -> None:
    tabs, written_from = tell
    assert written_from(tab(tabs, "tab-2")) == [("others", "tab-2", ("table-1", 7))]


def test_a_change_from_outside_any_tab_tells_every_tab(tell: Any) -> None:
    _, written_from = tell
    assert written_from(None) == [("all", None, ("table-1", 7))]


def test_a_tap_from_another_servers_tab_tells_every_tab_of_this_one(tell: Any) -> None:
    _, written_from = tell
    assert written_from(tab(Tabs(), "elsewhere")) == [("all", None, ("table-1", 7))]


def test_a_tab_whose_phone_went_away_mid_tap_still_tells_every_tab(tell: Any) -> None:
    """Its session has no connection left (Flet lets go of it on disconnect): asking it
    for its hub raised AttributeError, logged, and the other tabs were never told."""
    _, written_from = tell
    assert written_from(tab(None, "gone")) == [("all", None, ("table-1", 7))]
