"""No link breaks a tab: an address made to hurt (2,000 nested brackets in a "?", a
segment of 5,000 characters, a thousand segments) shows a page that says what is wrong,
and a screen that raises while it is made from its address shows a message, in the
tab's language, with one line in the log and no traceback."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import pytest
from harness import Ui

from companion.ui import routes
from companion.usecases.services import Services
from companion.usecases.why import MAX_ROWS_TEXT, reason_for

NESTED = "[" * 2000 + "]" * 2000
HOSTILE = {
    "/rules/supremacy?resource=Energy&totals=" + NESTED: "rule-supremacy",
    "/rules/score?standings=" + NESTED: "rule-score",
}


def _no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"
    assert "Traceback" not in caplog.text


@pytest.mark.parametrize("link", list(HOSTILE))
def test_a_nested_link_opens_the_rule_alone_and_says_why(
        link: str, open_ui: Callable[..., Ui], services: Services,
        caplog: pytest.LogCaptureFixture) -> None:
    ui = open_ui(services)
    ui.go(link)
    assert ui.has_id(HOSTILE[link]) and not ui.has_id("rule-why")
    assert "could not be read" in ui.text("rule-unread")
    assert ui.notice() is None
    # Opened straight from the link (a new tab): the same page, not the home screen.
    fresh = open_ui(services, route=link)
    assert fresh.has_id(HOSTILE[link]) and fresh.has_id("rule-unread")
    _no_traceback(caplog)


def test_the_rows_of_a_link_are_refused_before_they_are_decoded(
        monkeypatch: pytest.MonkeyPatch, services: Services) -> None:
    import companion.usecases.why as why

    decoded: list[str] = []
    real = why.json.loads
    monkeypatch.setattr(why.json, "loads", lambda text: decoded.append(text) or real(text))
    for totals in (NESTED, "[[[\"A\",1]]]", "[" + ",".join(['["A",1]'] * 2000) + "]",
                   '[["' + "A" * (MAX_ROWS_TEXT) + '",1]]'):
        numbers = {"resource": "Energy", "totals": totals}
        assert reason_for("supremacy", numbers, services.scenarios) is None
    assert decoded == []
    good = {"resource": "Energy", "totals": '[["Ana",3],["Bruno",5]]'}
    assert reason_for("supremacy", good, services.scenarios) is not None


def test_an_overlong_or_endless_address_is_an_unknown_page(
        open_ui: Callable[..., Ui], services: Services) -> None:
    ui = open_ui(services)
    for link in ("/" + "x" * 300, "/history/" + "g" * 300, "/cards/" + "9" * 5000,
                 "/rules/score?over=" + "/x" * 5000, "/a" * 5000):
        began = time.perf_counter()
        ui.go(link)
        assert time.perf_counter() - began < 2, link[:40]
        assert ui.screen_text().startswith("Not found"), link[:40]
        shown = ui.text("not-found")
        assert len(shown) < 200 and shown.startswith("There is no page at "), link[:40]
    assert routes.parents("/a" * 100_000) == ["/"]


@pytest.mark.parametrize("where", ["from_route", "build"])
def test_a_screen_that_fails_on_its_address_says_so_in_the_tabs_language(
        where: str, open_ui: Callable[..., Ui], services: Services,
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    from companion.ui.cards.view import CardScreen

    def broken(*args: object, **kwargs: object) -> None:
        raise RecursionError("maximum recursion depth exceeded\nwhile doing something")

    monkeypatch.setattr(CardScreen, where, broken)
    ui = open_ui(services)
    ui.click("Settings")
    ui.click("Français")  # the tab's language, set back to English by the fixture
    caplog.clear()
    with caplog.at_level(logging.ERROR):
        ui.go("/cards/46")
    assert ui.route == "/cards/46"
    assert ui.screen_text().startswith("Impossible d'ouvrir cette page")
    assert "n'a pas pu être ouverte" in ui.text("not-found")
    lines = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(lines) == 1 and "\n" not in lines[0].getMessage()
    assert "/cards/46" in lines[0].getMessage() and "RecursionError" in lines[0].getMessage()
    _no_traceback(caplog)
    ui.click("Retour à l'accueil")
    assert ui.route == "/"


def test_a_seat_number_no_table_has_is_not_found(open_ui: Callable[..., Ui],
                                                 services: Services,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    host = open_ui(services, route="/tables/new")
    host.click("One player fewer")
    host.fill("Name of player 1", "Ana")
    host.fill("Name of player 2", "Bo")
    host.click("Open the table")
    table = host.route
    assert table.startswith("/tables/") and "This is me: Ana" in host.names()
    for seat in ("²", "٣", "9" * 200, "0", "3"):  # "²" and "٣" are digits to Python
        host.go(f"{table}/{seat}")
        assert host.screen_text().startswith("Not found"), seat[:10]
        assert "no seat" in host.text("not-found"), seat[:10]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
