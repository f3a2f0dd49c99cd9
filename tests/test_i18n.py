"""The translation catalogs stay in step with the code.

Every English template the code can show (found by `tools/extract_messages.py`) must be
translated in each shipped language, with exactly the same placeholders, and no catalog
may keep entries that no code uses any more. A template added or reworded without its
translations fails here, naming the template and the language.
"""

from __future__ import annotations

import importlib.util
import json
import string
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from companion import i18n
from companion.i18n import SUPPORTED, language, set_language, t
from companion.paths import assets_dir

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = tuple(code for code in SUPPORTED if code != "en")
CATALOGS = assets_dir() / "i18n"


def _load_extractor() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "extract_messages", ROOT / "tools" / "extract_messages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


extractor = _load_extractor()
TEMPLATES: list[str] = extractor.templates()


def _catalog(code: str) -> dict[str, Any]:
    data = json.loads((CATALOGS / f"{code}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{code}.json must hold one JSON object"
    return data


def _fields(text: str) -> list[tuple[str, str, str]]:
    """The placeholders of a template, as (name, format spec, conversion), sorted."""
    return sorted((name, spec or "", conv or "")
                  for _, name, spec, conv in string.Formatter().parse(text)
                  if name is not None)


def _sample(template: str) -> dict[str, str]:
    return {name: f"<{name}>" for name, _, _ in _fields(template)}


def _short(items: list[str], limit: int = 15) -> str:
    shown = "\n  ".join(json.dumps(i, ensure_ascii=False) for i in items[:limit])
    more = f"\n  ... and {len(items) - limit} more" if len(items) > limit else ""
    return f"\n  {shown}{more}"


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


# --- the extractor ------------------------------------------------------------------


def test_extractor_finds_templates_of_every_kind() -> None:
    """One example per route a template takes to the screen, from the real code."""
    found = set(TEMPLATES)
    assert "New solo game" in found  # t("...")
    assert "The game has already started" in found  # Rejected("...")
    assert "{card} is under construction" in found  # Event(kind, "...", ...)
    assert "Cards are recycled during Planning, not during {phase}" in found  # helper
    assert "it is empty" in found  # (template, params) pair of a damaged-file reading
    assert "the game" in found  # a label handed to t() inside the store's writer
    assert {"Structure", "Living God", "silver", "table"} <= found  # enum/tuple data
    assert "" not in found


def test_extractor_on_a_small_package(tmp_path: Path) -> None:
    """Sinks found by following parameters, local variables and class bases."""
    package = tmp_path / "companion"
    package.mkdir()
    (package / "mod.py").write_text(
        "from companion.i18n import t\n"
        "class Rejected(Exception):\n"
        "    def __init__(self, template, /, **params): ...\n"
        "class Special(Rejected): ...\n"
        "def shout(state, template):\n"
        "    raise Rejected(template, x=1)\n"
        "def show(flag):\n"
        "    template = 'Yes {x}' if flag else 'No {x}'\n"
        "    return t(template, x=1)\n"
        "shout(None, 'Via a helper')\n"
        "raise Special('From a subclass')\n"
        "t(f'not {1} a literal')\n",
        encoding="utf-8",
    )
    for module in ("rules", "store"):
        (package / module).mkdir()
    (package / "rules" / "cards.py").write_text(
        "class CardType:\n    A = 'Kind A'\n", encoding="utf-8")
    (package / "rules" / "scoring.py").write_text(
        "class SoloRank:\n    A = 'Rank A'\n", encoding="utf-8")
    (package / "rules" / "scenarios.py").write_text(
        "class Medal:\n    A = 'medal a'\n", encoding="utf-8")
    (package / "store" / "validate.py").write_text("MODES = ('m1', 'm2')\n",
                                                   encoding="utf-8")
    found = extractor.extract(package)
    assert sorted(found.where) == sorted([
        "Yes {x}", "No {x}", "Via a helper", "From a subclass",
        "Kind A", "Rank A", "medal a", "m1", "m2"])
    assert any("f-string" in warning for warning in found.warnings)


# --- the catalogs -------------------------------------------------------------------


@pytest.mark.parametrize("code", SUPPORTED)
def test_catalog_is_a_json_object_of_strings(code: str) -> None:
    catalog = _catalog(code)
    wrong = [key for key, value in catalog.items()
             if not isinstance(value, str) or not value.strip()]
    assert not wrong, f"{code}.json: these entries are not non-empty strings:{_short(wrong)}"


def test_english_needs_no_catalog() -> None:
    assert _catalog("en") == {}, "English is the key itself: keep en.json as {}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_template_is_translated(code: str) -> None:
    catalog = _catalog(code)
    missing = [template for template in TEMPLATES if template not in catalog]
    assert not missing, (
        f"{code}.json lacks {len(missing)} template(s) the code shows; add them "
        f"(list them all with `python tools/extract_messages.py`):{_short(missing)}")


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_stale_entries(code: str) -> None:
    catalog = _catalog(code)
    used = set(TEMPLATES)
    stale = sorted(key for key in catalog if key not in used)
    assert not stale, (
        f"{code}.json has {len(stale)} entr(y/ies) no code uses any more (the English "
        f"text changed or was removed): update or delete them:{_short(stale)}")


@pytest.mark.parametrize("code", TRANSLATED)
def test_placeholders_match(code: str) -> None:
    catalog = _catalog(code)
    wrong: list[str] = []
    for template, translation in catalog.items():
        try:
            same = _fields(translation) == _fields(template)
        except ValueError as exc:  # a stray brace: "{" or "}" not doubled
            same = False
            translation = f"{translation}  ({exc})"
        if not same:
            wrong.append(f"{template}  ->  {translation}")
    assert not wrong, f"{code}.json: placeholders differ from the English:{_short(wrong)}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_catalog_is_not_english(code: str) -> None:
    """Guards against a catalog filled by copying the English keys."""
    catalog = _catalog(code)
    same = [key for key, value in catalog.items() if key == value]
    assert len(same) < len(catalog) // 10, (
        f"{code}.json leaves {len(same)} of {len(catalog)} entries in English")


# --- t() ----------------------------------------------------------------------------


@pytest.mark.parametrize("code", TRANSLATED)
def test_t_returns_the_translation_with_params(code: str) -> None:
    catalog = _catalog(code)
    set_language(code)
    assert language() == code
    for template in (tp for tp in TEMPLATES if tp in catalog):  # missing: see above
        params = _sample(template)
        expected = catalog[template].format(**params) if params else catalog[template]
        assert t(template, **params) == expected, (code, template)
        for name in params:
            assert f"<{name}>" in t(template, **params), (code, template, name)


def test_unknown_language_falls_back_to_english() -> None:
    set_language("xx")
    assert language() == "en"
    assert t("New solo game") == "New solo game"
    assert t("Round {round}: Planning", round=2) == "Round 2: Planning"


def test_unknown_template_falls_back_to_english() -> None:
    set_language("fr")
    assert t("No such message {n}", n=3) == "No such message 3"


def test_switching_language_changes_a_screen_string() -> None:
    english = t("New solo game")
    for code in TRANSLATED:
        set_language(code)
        shown = t("New solo game")
        assert shown == _catalog(code)["New solo game"]
        assert shown != english, code
    set_language("en")
    assert t("New solo game") == english


def test_rules_messages_show_resources_in_the_players_language() -> None:
    """The rules fill {resource} with English names; the UI swaps in the player's words."""
    from companion.ui.labels import message

    set_language("fr")
    shown = message("{resource}: you produce {total}", {"resource": "Energy", "total": 3})
    french = _catalog("fr")
    assert shown == french["{resource}: you produce {total}"].format(
        resource=french["Energy"], total=3)
    assert "Energy" not in shown


def test_catalogs_are_read_once_and_cached() -> None:
    """`t()` is called for every control on every refresh: no file read per call."""
    i18n._messages.cache_clear()
    set_language("de")
    for _ in range(100):
        t("New solo game")
    info = i18n._messages.cache_info()
    assert info.misses == 1 and info.hits >= 99
