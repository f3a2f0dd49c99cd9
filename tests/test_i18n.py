"""The translation catalogs stay in step with the code.

Every English template the code can show (found by `tools/extract_messages.py`) must be
translated in each shipped language, with exactly the same placeholders, and no catalog
may keep entries that no code uses any more. A template added or reworded without its
translations fails here, naming the template and the language. Plural templates hold
every plural category their language needs; no shown text says "cube(s)".
"""

from __future__ import annotations

import importlib.util
import json
import re
import string
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from companion import i18n
from companion.i18n import (
    PLURAL_CATEGORIES,
    SUPPORTED,
    Plural,
    language,
    plural_category,
    set_language,
    t,
    tc,
    tn,
)
from companion.shipped.paths import assets_dir

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
_FOUND = extractor.extract()  # read once: each reading parses every module
TEMPLATES: list[str] = sorted(_FOUND.where)
PLURALS: dict[str, str] = dict(sorted(_FOUND.plurals.items()))


def _catalog(code: str) -> dict[str, Any]:
    data = json.loads((CATALOGS / f"{code}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{code}.json must hold one JSON object"
    return data


def _fields(text: str) -> list[tuple[str, str, str]]:
    """The placeholders of a template, as (name, format spec, conversion), sorted."""
    return sorted((name, spec or "", conv or "")
                  for _, name, spec, conv in string.Formatter().parse(text)
                  if name is not None)


def _sample(template: str) -> dict[str, Any]:
    return {name: f"<{name}>" for name, _, _ in _fields(template)}


def _forms(entry: Any) -> list[str]:
    """The texts of a catalog entry: itself, or each form of a plural."""
    return list(entry.values()) if isinstance(entry, dict) else [entry]


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
        "    def __init__(self, kind, template, /, **params): ...\n"
        "class Special(Rejected): ...\n"
        "def shout(state, template):\n"
        "    raise Rejected(KIND, template, x=1)\n"
        "def show(flag):\n"
        "    template = 'Yes {x}' if flag else 'No {x}'\n"
        "    return t(template, x=1)\n"
        "shout(None, 'Via a helper')\n"
        "raise Special(KIND, 'From a subclass')\n"
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
    """Strings, and for plural templates objects of non-empty strings."""
    catalog = _catalog(code)
    wrong = [key for key, value in catalog.items()
             if not (isinstance(value, str) and value.strip()) and not (
                 isinstance(value, dict) and value
                 and all(isinstance(f, str) and f.strip() for f in value.values()))]
    assert not wrong, f"{code}.json: these entries are not non-empty strings:{_short(wrong)}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_entries_have_their_languages_categories(code: str) -> None:
    """A plural template is an object with exactly the categories the language needs
    (what gettext's Plural-Forms would ask), each with the English placeholders; every
    other entry is a plain string."""
    catalog = _catalog(code)
    wrong: list[str] = []
    for template, entry in catalog.items():
        if template not in PLURALS:
            if isinstance(entry, dict):
                wrong.append(f"{template}: not a plural in the code, give one string")
            continue
        if not isinstance(entry, dict) or sorted(entry) != sorted(PLURAL_CATEGORIES):
            wrong.append(f"{template}: needs exactly {PLURAL_CATEGORIES}, has {entry!r}")
            continue
        english = _fields(PLURALS[template])
        wrong += [f"{template} [{category}]: {form}" for category, form in entry.items()
                  if _fields(form) != english]
    assert not wrong, f"{code}.json: wrong plural entries:{_short(wrong)}"


def test_plural_categories_cover_the_languages_numbers() -> None:
    """CLDR's whole-number rules: French and (Brazilian) Portuguese put 0 with 1."""
    expected = {
        "en": ["other", "one", "other", "other"], "de": ["other", "one", "other", "other"],
        "es": ["other", "one", "other", "other"], "it": ["other", "one", "other", "other"],
        "fr": ["one", "one", "other", "other"], "pt": ["one", "one", "other", "other"],
    }
    for code, categories in expected.items():
        assert [plural_category(code, n) for n in (0, 1, 2, 21)] == categories, code
    assert set(expected) == set(SUPPORTED)
    # A negative count (a difference, "-1 point") takes the form of its size.
    assert [plural_category("en", n) for n in (-1, -2)] == ["one", "other"]
    assert [plural_category("fr", n) for n in (-1, -2)] == ["one", "other"]


def test_english_plurals_have_the_same_placeholders() -> None:
    assert PLURALS, "the extractor finds no plural template"
    wrong = [f"{one} / {other}" for one, other in PLURALS.items()
             if _fields(one) != _fields(other)]
    assert not wrong, f"singular and plural differ in placeholders or not at all:{_short(wrong)}"


LEFTOVER = re.compile(r"\w\((?:s|es|x|e|n|en|er|i|a|o|as|os|ns|is)\)"
                      r"|\b\w+/(?:e|n|s|a|o|es|i|los|las|os|as)\b")
"""Singular-or-plural crutches: "cube(s)", "libre(s)", "le(s)", "perfetta/e", "el/los"."""


def test_no_singular_or_plural_crutch_anywhere() -> None:
    """Every number-dependent noun is a plural template instead of "cube(s)"."""
    texts = [(code, key, form) for code in TRANSLATED
             for key, entry in _catalog(code).items() for form in _forms(entry)]
    texts += [("en", key, key) for key in TEMPLATES]
    texts += [("en", key, plural) for key, plural in PLURALS.items()]
    wrong = [f"{code}: {text}" for code, _, text in texts if LEFTOVER.search(text)]
    assert not wrong, f"texts with a '(s)' crutch; use tn()/Plural:{_short(wrong)}"
    assert LEFTOVER.search("1 libre(s)") and LEFTOVER.search("perfetta/e")
    assert not LEFTOVER.search("Materials/Energy 2/3")


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
    for template, entry in catalog.items():
        english = template.partition("|")[2] if _is_context(template) else template
        for translation in _forms(entry):
            try:
                same = _fields(translation) == _fields(english)
            except ValueError as exc:  # a stray brace: "{" or "}" not doubled
                same = False
                translation = f"{translation}  ({exc})"
            if not same:
                wrong.append(f"{template}  ->  {translation}")
    assert not wrong, f"{code}.json: placeholders differ from the English:{_short(wrong)}"


def _is_context(key: str) -> bool:
    return "|" in key and key in TEMPLATES and key not in PLURALS and not _fields(
        key.partition("|")[0])


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
        if template in PLURALS or _is_context(template):
            continue  # tested below
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


@pytest.mark.parametrize(("code", "shown"), [
    ("fr", "Nouvelle partie solo"),
    ("de", "Neue Solopartie"),
    ("es", "Nueva partida en solitario"),
    ("pt", "Novo jogo solo"),
    ("it", "Nuova partita in solitario"),
])
def test_switching_language_changes_a_screen_string(code: str, shown: str) -> None:
    set_language(code)
    assert t("New solo game") == shown
    set_language("en")
    assert t("New solo game") == "New solo game"


def test_rules_messages_show_resources_in_the_players_language() -> None:
    """The rules fill {resource} with English names; the UI swaps in the player's words."""
    from companion.usecases.labels import message

    set_language("fr")
    assert message("{resource}: you produce {total}", {"resource": "Energy", "total": 3}) \
        == "Énergie : vous produisez 3"
    set_language("de")
    assert message("{resource}: you produce {total}", {"resource": "Energy", "total": 3}) \
        == "Energie: du produzierst 3"


def test_catalogs_are_read_once_and_cached() -> None:
    """`t()` is called for every control on every refresh: no file read per call."""
    i18n._messages.cache_clear()
    set_language("de")
    for _ in range(100):
        t("New solo game")
    info = i18n._messages.cache_info()
    assert info.misses == 1 and info.hits >= 99


# --- plurals, contexts and French elision -------------------------------------------


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_templates_take_the_form_of_their_number(code: str) -> None:
    catalog = _catalog(code)
    set_language(code)
    for singular in (s for s in PLURALS if isinstance(catalog.get(s), dict)):
        template = Plural(singular, PLURALS[singular])
        for count in (0, 1, 2, 5):
            params: dict[str, Any] = {**_sample(singular), "count": count}
            form = catalog[singular][plural_category(code, count)]
            assert t(template, **params) == form.format(**params), (code, singular, count)


def test_tn_in_english_and_french_for_0_1_2() -> None:
    def cubes(n: int) -> str:
        return tn("{count} {resource} cube is left to place",
                  "{count} {resource} cubes are left to place", n, resource="Energy")

    assert [cubes(n) for n in (0, 1, 2)] == [
        "0 Energy cubes are left to place", "1 Energy cube is left to place",
        "2 Energy cubes are left to place"]
    set_language("fr")
    assert [tn("{count} card built", "{count} cards built", n) for n in (0, 1, 2)] == [
        "0 carte construite", "1 carte construite", "2 cartes construites"]
    left = Plural("Only {left} {resource} cube is left to place, not {count}",
                  "Only {left} {resource} cubes are left to place, not {count}", "left")
    assert [t(left, left=n, resource="Énergie", count=3) for n in (0, 1, 2)] == [
        "Il ne reste que 0 cube d'Énergie à placer, pas 3",
        "Il ne reste que 1 cube d'Énergie à placer, pas 3",
        "Il ne reste que 2 cubes d'Énergie à placer, pas 3"]


def test_a_plural_survives_being_carried_by_an_error() -> None:
    """Rules refusals carry their template to the screen: a Plural stays one."""
    import pickle

    from companion.rules.errors import Refusal, Rejected

    error = Rejected(Refusal.NOT_HELD, Plural("{count} cube", "{count} cubes"), count=3)
    copy = pickle.loads(pickle.dumps(error.template))
    assert t(copy, **error.params) == "3 cubes"
    assert str(error) == "3 cubes", "the English of the error itself takes the plural too"
    assert str(Rejected(Refusal.NOT_HELD, Plural("{count} cube", "{count} cubes"),
                        count=1)) == "1 cube"


def test_french_elides_de_before_a_vowel() -> None:
    """"Total d'Ann", "cubes d'Énergie", but "Total de Bob", "cubes de Science"."""
    set_language("fr")
    assert t("{name}'s total", name="Ann") == "Total d'Ann"
    assert t("{name}'s total", name="Bob") == "Total de Bob"
    assert t("{name}'s total", name="Élise") == "Total d'Élise"
    recycled = "Recycle {card}: where does the {resource} cube go?"
    assert " d'Énergie " in t(recycled, card="Zeppelin", resource="Énergie")
    assert " de Science " in t(recycled, card="Zeppelin", resource="Science")
    set_language("de")
    assert "d'" not in t("{name}'s total", name="Ann")


def test_a_word_with_a_context() -> None:
    """`tc` keys "context|text": the resource letter G is O (Or) in French."""
    assert tc("resource letter", "G") == "G"
    set_language("fr")
    assert tc("resource letter", "G") == _catalog("fr")["resource letter|G"] == "O"
    assert tc("no such context", "G") == "G"


def test_extractor_finds_plurals_and_contexts(tmp_path: Path) -> None:
    package = tmp_path / "companion"
    (package / "rules").mkdir(parents=True)
    (package / "store").mkdir()
    (package / "mod.py").write_text(
        "from companion.i18n import Plural, t, tc, tn\n"
        "class Rejected(Exception):\n"
        "    def __init__(self, kind, template, /, **params): ...\n"
        "tn('{count} cube', '{count} cubes', 2)\n"
        "raise Rejected(KIND, Plural('{left} card left', '{left} cards left', 'left'), left=2)\n"
        "tc('resource letter', 'G')\n",
        encoding="utf-8",
    )
    found = extractor.extract(package)
    assert sorted(found.where) == ["resource letter|G", "{count} cube", "{left} card left"]
    assert found.plurals == {"{count} cube": "{count} cubes",
                             "{left} card left": "{left} cards left"}
    assert not found.warnings


# --- scenario summaries -------------------------------------------------------------

SEEDS = ROOT.parent / "shared" / "seeds"
"""The publisher's rulebooks (Spanish, French, Portuguese, Italian), as text, when this
checkout sits beside them; the summaries condensed from them are checked against them."""


def _words(text: str) -> list[str]:
    import unicodedata

    plain = unicodedata.normalize("NFKD", text.lower())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return re.findall(r"[a-z]{5,}", plain)


def _best_overlap(summary: str, book: str) -> float:
    """The largest share of the summary's words found in one stretch of the book."""
    wanted = set(_words(summary))
    lines = book.splitlines()
    best = 0.0
    for start in range(0, len(lines), 5):
        window = set(_words("\n".join(lines[start:start + 60])))
        best = max(best, len(wanted & window) / len(wanted))
    return best


def test_every_shipped_scenario_summary_is_in_every_language() -> None:
    from companion.shipped.scenarios import shipped_scenarios

    for scenario in shipped_scenarios().values():
        assert set(scenario.summary) == set(SUPPORTED), scenario.id
        assert len(set(scenario.summary.values())) == len(SUPPORTED), scenario.id


def test_a_french_scenario_summary_is_shown_in_french() -> None:
    from companion.shipped.scenarios import shipped_scenarios

    scenario = shipped_scenarios()["base-1"]
    assert scenario.summary_in("fr").startswith("Notre expédition polaire")
    assert scenario.summary_in("de").startswith("Polarforscher")  # our own translation


def test_loader_refuses_a_shipped_summary_missing_a_language(tmp_path: Path) -> None:
    from companion.shipped.catalog import catalog
    from companion.shipped.scenarios import ScenarioError, parse_scenario

    raw = json.loads((ROOT / "scenarios" / "solo" / "base-1.json").read_text("utf-8"))
    del raw["summary"]["de"]
    raw["translated_summaries"] = ["en"]
    with pytest.raises(ScenarioError, match=r"summary\.de"):
        parse_scenario(tmp_path / "base-1.json", raw, catalog(), shipped=True)
    parse_scenario(tmp_path / "base-1.json", raw, catalog())  # a player's file may
    raw["translated_summaries"] = ["de"]
    with pytest.raises(ScenarioError, match="translated_summaries"):
        parse_scenario(tmp_path / "base-1.json", raw, catalog())


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks are not beside this checkout")
def test_summaries_from_a_rulebook_use_its_words() -> None:
    """A summary not marked as our own translation condenses the story printed in that
    language's rulebook: most of its words are found in one place of one rulebook."""
    books = [p.read_text(encoding="utf-8", errors="replace") for p in sorted(SEEDS.iterdir())]
    checked = 0
    for path in sorted((ROOT / "scenarios" / "solo").glob("*.json")):
        raw = json.loads(path.read_text(encoding="utf-8"))
        ours = set(raw.get("translated_summaries", []))
        assert {"en", "de"} <= ours, f"{path.name}: German and English are our own"
        for code, summary in raw["summary"].items():
            if code in ours:
                continue
            share = max(_best_overlap(summary, book) for book in books)
            assert share >= 0.6, f"{path.name} [{code}]: {share:.0%} of its words in a rulebook"
            checked += 1
    assert checked >= 6 * 3 + 6  # base: es, fr, pt; Corruption & Ascension: fr
