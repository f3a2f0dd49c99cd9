"""One word per game term in each language: the printed edition's where a rulebook of
that language gives it, ours where none does (assets/i18n/glossary.json).

Every shown text is searched for the glossary's rejected variants: the catalogs (the
interface, the why-sentences and the rulebook's paragraphs and worked examples, which
are translated through them), the scenario files and the solo setup. The card and
Empire names shown in Spanish and Portuguese are the ones the rulebooks print."""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.i18n import set_language, t
from companion.shipped.catalog import Catalog, normalize

ROOT = Path(__file__).resolve().parent.parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"
LANGUAGES = ("en", "fr", "es", "pt", "it", "de")
GLOSSARY = json.loads((ROOT / "assets" / "i18n" / "glossary.json").read_text("utf-8"))["terms"]

PRINTED_NAMES = {
    # Copied from the rulebooks: the Spanish one's solo scenarios, examples and figures,
    # and the Portuguese one's solo scenarios (English name: printed name).
    "es": {"Polar Base": "Base Polar", "Mega-Drill": "Tuneladora", "Super-Sonar": "Supersónar",
           "Center of the Earth": "Centro de la Tierra", "Recycling Plant": "Planta de Reciclaje",
           "Wind Turbines": "Aerogenerador", "Universal Vaccine": "Vacuna Universal",
           "Aquaculture": "Acuicultura", "Unknown Technology": "Tecnología Desconocida",
           "Saucer Squadron": "Escuadrón Aéreo", "Lunar Base": "Base Lunar",
           "Secret Laboratory": "Laboratorio Secreto", "Research Center": "Centro de Investigación",
           "Neuroscience": "Neurociencia", "Time Travel": "Viaje en el Tiempo",
           "Industrial Complex": "Complejo Industrial", "Underground City": "Ciudad Subterránea",
           "Underwater City": "Ciudad Submarina", "Secret Society": "Sociedad Secreta",
           "Financial Center": "Centro Financiero", "Propaganda Center": "Centro de Propaganda",
           "National Monument": "Monumento Nacional", "Transmutation": "Transmutación",
           "Parallel Dimension": "Dimensión Paralela"},
    "pt": {"Polar Base": "Base Polar", "Mega-Drill": "Megaperfurador", "Super-Sonar": "Supersonar",
           "Center of the Earth": "Centro da Terra", "Recycling Plant": "Fábrica Recicladora",
           "Wind Turbines": "Turbinas Eólicas", "Universal Vaccine": "Vacina Universal",
           "Aquaculture": "Aquacultura", "Unknown Technology": "Tecnologia Desconhecida",
           "Saucer Squadron": "Esquadrão de Discos Voadores", "Lunar Base": "Base Lunar",
           "Secret Laboratory": "Laboratório Secreto", "Research Center": "Centro de Pesquisa",
           "Neuroscience": "Neurociência", "Time Travel": "Viagem no Tempo",
           "Industrial Complex": "Complexo Industrial", "Underground City": "Cidade Subterrânea",
           "Underwater City": "Cidade Subaquática", "Secret Society": "Sociedade Secreta",
           "Financial Center": "Centro Financeiro", "Propaganda Center": "Centro de Propaganda",
           "National Monument": "Monumento Nacional"},
}
OLD_NAMES = {"Mega-Perforadora": "Mega-Drill", "Turbinas Eólicas": "Wind Turbines",
             "Escuadrón de Platillos": "Saucer Squadron"}
"""Names shown before the printed ones (the reference list's): still found by a search."""


def _strings(node: object, language: str) -> Iterator[str]:
    """Every text of `language` in a scenario file: the values under its language key."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == language:
                yield from _flat(value)
            else:
                yield from _strings(value, language)
    elif isinstance(node, list):
        for item in node:
            yield from _strings(item, language)


def _flat(node: object) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from _flat(value)
    elif isinstance(node, list):
        for item in node:
            yield from _flat(item)


def shown_texts(language: str) -> Iterator[tuple[str, str]]:
    """(where, text) for every text shown in `language` that the data holds."""
    catalog = json.loads((ROOT / "assets" / "i18n" / f"{language}.json").read_text("utf-8"))
    for key, entry in catalog.items():
        for text in _flat(entry):
            yield f"{language}.json {key[:60]!r}", text
    for path in sorted((ROOT / "scenarios").rglob("*.json")):
        for text in _strings(json.loads(path.read_text("utf-8")), language):
            yield path.relative_to(ROOT).as_posix(), text


_NOT_WORDS = re.compile(r"\{[^{}]*\}(?:\.\w+)*|\w+\.\w+")
"""Placeholders and field names ("{where}.face") are not words shown as such."""


def _rejections(language: str) -> list[tuple[str, re.Pattern[str]]]:
    return [(entry[language], re.compile(rf"(?<!\w)(?:{pattern})(?!\w)", re.IGNORECASE))
            for entry in GLOSSARY.values()
            for pattern in entry.get("rejected", {}).get(language, [])]


def test_every_term_has_one_word_in_every_language() -> None:
    assert len(GLOSSARY) >= 30
    for term, entry in GLOSSARY.items():
        assert all(entry[code].strip() for code in LANGUAGES), term
        assert set(entry.get("printed", [])) <= {"fr", "es", "pt", "it"}, term  # no de rulebook
        for code, patterns in entry.get("rejected", {}).items():
            for pattern in patterns:  # a rejected variant is never the word itself
                assert not re.fullmatch(pattern, entry[code], re.IGNORECASE), (term, code)


@pytest.mark.parametrize("language", ["fr", "es", "pt", "it", "de"])
def test_no_shown_text_uses_a_rejected_variant(language: str) -> None:
    rejections = _rejections(language)
    assert rejections or language == "fr"
    found = [f"{where}: {match[0]!r} where the glossary says {word!r}"
             for where, text in shown_texts(language)
             for word, pattern in rejections
             if (match := pattern.search(_NOT_WORDS.sub(" ", text)))]
    assert not found, "\n".join(found[:30])


def test_the_glossary_finds_what_it_rejects() -> None:
    """The search itself: a variant in a text is found, the glossary's word is not, nor a
    field name of an error message ("{where}.face")."""
    pattern = next(p for _, p in _rejections("pt") if p.search("Generais"))
    assert pattern.search("Generais: 2") and not pattern.search("Gerais: 2")
    figure = next(p for _, p in _rejections("de") if p.search("Figuren"))
    assert figure.search("Die Figur eines Schritts") and not figure.search("Figurine")
    face = next(p for _, p in _rejections("pt") if p.search("face"))
    assert not face.search(_NOT_WORDS.sub(" ", "{where}.face: o lado {face}"))


_FRENCH_UNSPACED = re.compile(r"(?<=[^\s\"'])[:;?!](?=\s|$)")


def test_french_puts_a_space_before_a_colon_and_its_kin() -> None:
    found = [f"{where}: {text!r}" for where, text in shown_texts("fr")
             if _FRENCH_UNSPACED.search(re.sub(r"\"[^\"]*\"\s*:|\{\{.*?\}\}", " ", text))]
    assert not found, "\n".join(found[:20])


def test_a_label_and_its_value_keep_the_french_space() -> None:
    try:
        set_language("fr")
        assert t("{label}: {value}", label="Matériaux", value="Pas de suprématie") == \
            "Matériaux : Pas de suprématie"
        set_language("es")
        assert t("{label}: {value}", label="Oro", value="2") == "Oro: 2"
    finally:
        set_language("en")


@pytest.mark.parametrize("language", ["es", "pt"])
def test_cards_show_the_names_their_rulebook_prints(cards: Catalog, language: str) -> None:
    for english, printed in PRINTED_NAMES[language].items():
        assert cards.card(english).name_in(language) == printed, english


def test_every_portuguese_name_is_portuguese(cards: Catalog) -> None:
    english = [c.name for c in cards.cards if c.name_in("pt") == c.name]
    assert len(english) <= 8, english  # names that stay as they are (Roswell, PAX-10...)
    for name in cards.empire_names():
        assert cards.empire(name).name_in("pt") != name


@pytest.mark.parametrize("old", sorted(OLD_NAMES))
def test_the_names_shown_before_still_find_the_card(cards: Catalog, old: str) -> None:
    assert cards.card(old).name == OLD_NAMES[old]
    assert cards.find_cards(old)[0].name == OLD_NAMES[old]
    assert cards.card(OLD_NAMES[old]).name_in("es") != old  # found, no longer shown


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return " ".join(re.findall(r"[a-z]+", "".join(c for c in decomposed
                                                    if not unicodedata.combining(c))))


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks are not beside this checkout")
@pytest.mark.parametrize("language", ["es", "pt"])
def test_the_printed_names_are_in_a_rulebook(language: str) -> None:
    """Each name of the list above is printed in one of the rulebooks (a scanned one
    misreads a letter here and there: "Supersénar")."""
    words = [_plain(p.read_text(encoding="utf-8", errors="replace")).split()
             for p in sorted(SEEDS.iterdir())]
    for printed in PRINTED_NAMES[language].values():
        wanted = _plain(printed)
        size = len(wanted.split())
        spans = {" ".join(book[i:i + size]) for book in words for i in range(len(book))}
        assert difflib.get_close_matches(wanted, spans, n=1, cutoff=0.85), printed


def test_normalize_is_what_the_search_uses() -> None:
    assert normalize("Escuadrón Aéreo") == "escuadronaereo"
