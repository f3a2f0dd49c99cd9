"""The rules at the table, in a real browser: a "?" from a production step opens its
rule with the game's numbers and back returns to the game; the Rules are searched in
French, accents optional, and each rule has its own address."""

from __future__ import annotations

import re

import pytest
from app_page import AppPage

pytestmark = pytest.mark.browser


def test_a_why_from_production_then_the_rules_searched_in_french(app_server, page) -> None:
    server = app_server()
    app = AppPage(page)
    app.open(server.url)
    app.start_solo()
    app.click("Start production")  # Noram States A: 3 Materials
    app.wait_text("produced", "You produce 3 Materials")
    game = page.url
    app.click("Why this supremacy?")
    app.wait_for_address("/rules/supremacy\\?")
    app.wait_text("why", "You produced 3 Materials: playing alone, the supremacy bonus needs"
                         " 5 or more.")
    page.go_back()
    app.wait_for_address("^" + re.escape(game) + "$")
    app.wait_text("produced", "You produce 3 Materials")

    app.click("Settings")
    app.click("Français")
    app.click("Lire les règles")
    app.wait_for_address("/rules$")
    app.fill("Chercher dans les règles", "SUPREMATIE")  # no accent
    app.click("Suprématie")
    app.wait_for_address("/rules/supremacy$")
    app.wait_for_text("au moins 5")  # solo: at least 5 (rules digest, 3.2)
    app.screenshots("rule")
    page.go_back()
    app.button("Suprématie").wait_for(state="visible")
