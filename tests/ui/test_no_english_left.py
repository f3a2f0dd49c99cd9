"""No English left on a screen shown in another language: every text on every screen is
compared with the English catalog (the templates in the code). A text that is exactly an
English template whose translation differs is a template shown untranslated, or a text
built outside `t()`."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import flet as ft
import pytest
from builders import memory_services
from harness import Ui, walk

from companion.i18n import set_language, t
from companion.rules.actions import Construct, NextStep, Start
from companion.usecases.session import GameSession

ROOT = Path(__file__).resolve().parents[2]
ROUTES = ("/", "/settings", "/new/solo", "/new/scenario", "/new/table", "/quick",
          "/history", "/stats", "/scenarios", "/scenarios/base-1", "/campaigns",
          "/campaigns/new", "/cards", "/cards/empires", "/cards/1", "/share", "/players",
          "/rules", "/rules/score", "/rules/construction")


def _templates() -> list[str]:
    spec = importlib.util.spec_from_file_location("extract_messages",
                                                  ROOT / "tools" / "extract_messages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)
    spec.loader.exec_module(module)
    return [text for text in module.templates() if "{" not in text]


LITERALS = _templates()


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def _shown(ui: Ui) -> set[str]:
    """Every text of the screen on top: the texts, the labels and the accessible names."""
    found = set(ui.names())
    for root in ui.roots():
        for control, _ in walk(root):
            for attribute in ("value", "label", "hint_text", "tooltip", "semantics_label"):
                value = getattr(control, attribute, None)
                if isinstance(value, str) and value.strip():
                    found.add(value.strip())
            if isinstance(control, ft.NavigationBar):
                found |= {str(d.label) for d in control.destinations}
    return found


def _untranslated(language: str) -> set[str]:
    """The English literals that must not show in `language`: those it translates
    differently, and those its catalog lacks (a word spelled the same in both languages,
    "Krystallium", is in the catalog as itself and may show)."""
    catalog = json.loads((ROOT / "assets" / "i18n" / f"{language}.json").read_text(
        encoding="utf-8"))
    set_language(language)
    english = {text for text in LITERALS if text not in catalog or t(text) != text}
    set_language("en")
    return english


@pytest.mark.parametrize("language", ["fr", "es", "pt", "it", "de"])
def test_no_screen_shows_an_english_template(open_ui: Callable[..., Ui], language: str) -> None:
    english = _untranslated(language)
    assert len(english) > 400, "the catalog is read"
    services = memory_services(language=language)
    game = GameSession.new(services, Start(empire="Noram States", expansions=("base", "ca")))
    game.play(Construct(1))
    playing = f"/play/{game.id}"
    producing = GameSession.new(services, Start(empire="Aztec Empire"))
    producing.play(NextStep())
    leftovers: dict[str, list[str]] = {}
    for route in (*ROUTES, playing, f"/play/{producing.id}", f"{playing}/log",
                  f"/play/{producing.id}/log"):
        ui = open_ui(services, route=route)
        set_language(language)
        found = sorted(_shown(ui) & english)
        set_language("en")
        if found:
            leftovers[route] = found
    assert leftovers == {}


def test_the_check_sees_an_english_leftover(open_ui: Callable[..., Ui]) -> None:
    """The same check on a screen showing an English template finds it."""
    english = _untranslated("fr")
    ui = open_ui(memory_services(language="fr"), route="/settings")
    assert "Language" in english
    shown = _shown(ui) | {"Language"}
    assert shown & english == {"Language"}
