"""The records' charts on a 390 × 844 phone, in English and in French, light and dark:
each date once and only under a point, no label over another, and under each bar a
label that fits (its full name in the list below and on tap). The screenshots are for a
person to look at (Flutter reads a chart as one node, so label boxes cannot be measured
here: the in-process tests check the labels' room); the test reads each date once."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from app_page import AppPage

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

from story_samples import benjamin_game, quick_pair, record, table_game

from companion.shipped.catalog import catalog
from companion.store import open_store

pytestmark = pytest.mark.browser

DAYS = (0, 0, 0, 3, 5, 5, 9, 14, 20, 20, 27, 30)
"""Twelve evenings: three games the first day, two on some others."""


def _seed(data_dir: Path, language: str) -> None:
    cards = catalog()
    with open_store(data_dir) as store:
        for index, days in enumerate(DAYS):
            kind = index % 3
            if kind == 0:
                store.save_game(record(benjamin_game(cards), f"solo{index}", days))
            elif kind == 1:
                store.save_game(record(table_game(cards), f"table{index}", days,
                                       names=["Bo", "Cy"]))
            else:
                store.save_game(quick_pair(f"quick{index}", days, index))
        store.update_settings(language=language)


DATE = re.compile(r"\b\d\d[-/.]\d\d\.?(?=\s|$)")
"""A short date as the chart writes it: 03-01 in English, 01/03 in French."""


def _dates_once(app: AppPage, identifier: str) -> None:
    """Flutter reads a chart as one node (its summary, then its axes' labels): each
    date is read once, and the labels come in order, none lost."""
    words = app.text(identifier)
    found = DATE.findall(words)
    assert found and len(found) == len(set(found)), words


def _show(app: AppPage, identifier: str) -> None:
    """Scroll the page (Flutter's, with the wheel) until the element is in view."""
    height = app.page.viewport_size["height"]
    for _ in range(30):
        box = app.scope(identifier).first.bounding_box() if app.scope(identifier).count() \
            else None
        if box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height - 80:
            return
        app.page.mouse.move(195, 400)
        app.page.mouse.wheel(0, 250 if box is None or box["y"] > 0 else -250)
        app.settle()
    raise AssertionError(f"{identifier} never came into view")


@pytest.mark.parametrize(("language", "first"), [("en", "Settings"), ("fr", "Réglages")])
def test_charts_at_phone_width(app_server, page, data_dir: Path, language: str,
                               first: str) -> None:
    _seed(data_dir, language)
    server = app_server()
    app = AppPage(page)
    app.open(server.address("stats"), first=first)
    _show(app, "chart-over-time")
    _dates_once(app, "chart-over-time")
    for key in ("over-time", "empires", "solo-ranks", "categories", "cards"):
        _show(app, f"chart-{key}")
        app.screenshots(f"chart-{key}-{language}")
    app.open(server.address("players/Bo"), first=first)
    _show(app, "chart-player")
    app.screenshots(f"chart-player-{language}")
    _dates_once(app, "chart-player")
