"""What a screen shows and a screen reader says holds its numbers as the player's
language writes them: a decimal comma outside English, and every count with the form of
its plural ("1 victory point", never "1 victory points" or "1 Siegpunkte"). Text fields
never leave Flutter's English counter ("40 characters remaining") in place."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import flet as ft
import pytest
from harness import Ui, walk

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "rules"))

from builders import memory_services
from story_samples import quick_pair

from companion.i18n import set_language
from companion.shipped.catalog import catalog
from companion.ui.kit.card_face import points_words
from companion.ui.kit.fields import limited_field
from companion.usecases.services import MemoryBackend

ROOT = Path(__file__).resolve().parents[3]
LANGUAGES = ("en", "fr", "es", "pt", "it", "de")
ROUTES = ("/", "/settings", "/new/solo", "/new/scenario", "/new/table", "/quick",
          "/history", "/stats", "/players", "/players/Bo", "/campaigns/new", "/cards",
          "/cards/empires", "/rules")
ENGLISH = re.compile(r"\b(?:victory|points? (?:per|for)|remaining|characters?|average|"
                     r"games?|best|wins?|left)\b")
"""English words of the texts that count things, which no other language spells alike
(a card's name may be English in a language without its own; these never are)."""
SHORT_DATE = re.compile(r"\b\d\d\.\d\d\.")
"""A day as German writes it under a chart's point ("27.11."), not a decimal."""
CARDS = ("Secret Society", "Transportation Network", "Universal Exposition",
         "Propaganda Center", "Zeppelin")
"""Cards with flat points, points per type and points per character, opened one by one."""


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def _history(language: str) -> MemoryBackend:
    """Bo scores 3, 4 and 4 (an average of 3.67: 3.7); Ana wins each game by 21, 20, 20
    (an average margin of 20.33: 20.3). The app is in `language`."""
    backend = MemoryBackend(settings={"language": language})
    for number, generals in enumerate((3, 4, 4)):
        backend.save_game(quick_pair(f"quick-{number}", number, generals))
    return backend


def _said(ui: Ui) -> tuple[list[str], list[str]]:
    """Every text of the screen on top, and apart the names a screen reader says that
    are not shown as text (labels, tooltips, counters)."""
    texts: list[str] = []
    names = list(ui.names())
    for root in ui.roots():
        for control, _ in walk(root):
            for attribute in ("value", "label", "tooltip", "semantics_label", "counter"):
                value = getattr(control, attribute, None)
                if isinstance(value, str) and value.strip():
                    (texts if attribute == "value" else names).append(value.strip())
    return texts, names


def _miscounted(language: str) -> re.Pattern[str]:
    """"1 <plural form>" of every plural the catalog holds whose two forms differ: "1
    points de victoire", "1 Siegpunkte"; and a count of points left before "per", the
    shape "1 per Vehicle victory points" had."""
    if language == "en":
        forms = {"{count} victory point": {"one": "{count} victory point",
                                           "other": "{count} victory points"}}
    else:
        forms = json.loads((ROOT / "assets" / "i18n" / f"{language}.json").read_text(
            encoding="utf-8"))
    wrong = []
    for entry in forms.values():
        if isinstance(entry, dict) and entry["one"] != entry["other"] and \
                entry["other"].startswith("{count} "):
            tail = entry["other"].removeprefix("{count} ").split("{")[0].strip()
            if tail and tail != entry["one"].removeprefix("{count} ").split("{")[0].strip():
                wrong.append(re.escape(tail))
    return re.compile(r"(?<![\d.,])1 (?:" + "|".join(wrong) + r")(?!\w)"
                      r"|(?<![\d.,])1 (?:\S+ ){1,3}(?:victory points|points de victoire|"
                      r"Siegpunkte|puntos de victoria|pontos de vitória|punti vittoria)")


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_screen_miscounts_or_writes_an_english_decimal(open_ui: Callable[..., Ui],
                                                        language: str) -> None:
    services = memory_services(_history(language))
    cards = catalog()
    routes = [*ROUTES, *(f"/cards/{cards.card(name).id}" for name in CARDS)]
    miscounted = _miscounted(language)
    point_decimal = re.compile(r"\d\.\d")
    problems: dict[str, list[str]] = {}
    for route in routes:
        ui = open_ui(services, route=route)
        set_language(language)
        texts, names = _said(ui)
        found = [text for text in texts + names if miscounted.search(text)]
        if language != "en":
            found += [text for text in texts + names  # a German date (27.11.) is no decimal
                      if point_decimal.search(SHORT_DATE.sub("", text))]
            found += [name for name in names if ENGLISH.search(name)]
        set_language("en")
        if found:
            problems[route] = found
    assert problems == {}


@pytest.mark.parametrize(("language", "average", "margin"),
                         [("en", "3.7", "+20.3"), ("fr", "3,7", "+20,3"),
                          ("de", "3,7", "+20,3"), ("es", "3,7", "+20,3"),
                          ("pt", "3,7", "+20,3"), ("it", "3,7", "+20,3")])
def test_an_average_is_written_as_the_language_writes_it(
        open_ui: Callable[..., Ui], language: str, average: str, margin: str) -> None:
    services = memory_services(_history(language))
    ui = open_ui(services, route="/players/Ana")
    set_language(language)
    assert "24" in ui.text("player-scores")
    assert margin in ui.text("rival-Bo")
    ui = open_ui(services, route="/players/Bo")
    assert average in ui.text("player-scores")
    assert margin.replace("+", "-") in ui.text("rival-Ana")


@pytest.mark.parametrize(("language", "said"), [
    ("en", ("1 victory point", "2 victory points", "1 victory point per Vehicle")),
    ("fr", ("1 point de victoire", "2 points de victoire", "1 point de victoire par Véhicule")),
    ("de", ("1 Siegpunkt", "2 Siegpunkte", "1 Siegpunkt pro Fahrzeug")),
    ("es", ("1 punto de victoria", "2 puntos de victoria",
            "1 punto de victoria por cada Vehículo")),
    ("pt", ("1 ponto de vitória", "2 pontos de vitória", "1 ponto de vitória por Veículo")),
    ("it", ("1 punto vittoria", "2 punti vittoria", "1 punto vittoria per ogni Veicolo")),
])
def test_a_cards_points_are_counted(language: str, said: tuple[str, str, str]) -> None:
    from companion.rules.cards import CardType, Points

    set_language(language)
    assert (points_words(Points(1)), points_words(Points(2)),
            points_words(Points(1, (CardType.VEHICLE,)))) == said


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_field_keeps_flutters_english_counter(open_ui: Callable[..., Ui],
                                                 language: str) -> None:
    """A field with a length limit sets its own counter (Flutter draws its English one
    only when none is set); a long one counts in the player's language."""
    services = memory_services(language=language)
    unset: list[str] = []
    for route in ("/new/solo", "/new/table", "/campaigns/new", "/players"):
        ui = open_ui(services, route=route)
        unset += [str(c.label) for c, _ in ui.controls()
                  if isinstance(c, ft.TextField) and c.max_length and c.counter is None]
    assert unset == []
    set_language(language)
    resolution = limited_field("", 500)
    assert isinstance(resolution.counter, ft.Text)
    assert resolution.counter.value == {
        "en": "500 characters left", "fr": "500 caractères restants",
        "es": "Quedan 500 caracteres", "pt": "Restam 500 caracteres",
        "it": "500 caratteri rimanenti", "de": "Noch 500 Zeichen"}[language]
