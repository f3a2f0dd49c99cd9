"""Every kind of damage to cards.json is refused, and the message says how to fix it.

The cards are typed in from the printed ones in the game's own notation (`M4 E1`,
`X1 per Vehicle`, `6/Structure+Vehicle`); a typo must stop the app with the file, the
card (its number and English name), the field and the fault, never load a wrong card or
fail later with a Python error. Each test states the whole message.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from catalog_files import damage, entries, refusal, write

from companion.rules.cards import Card, CardType, Expansion, Icon, Points, Resource, Token
from companion.shipped.catalog import CARDS_FILE, load_catalog

CENTER = {"en": "Financial Center", "fr": "Place Financière", "de": "Finanzzentrum",
          "es": "Centro Financiero", "it": "Centro Finanziario", "pt": "Centro Financeiro"}
"""The names of card #1, the first entry of cards.json, the one damaged here."""
FIRST = "cards.json: card #1 (Financial Center)"


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        pytest.param({"expansion": "moon"},
                     f"{FIRST}: field 'expansion': 'moon' is not a valid Expansion",
                     id="unknown-expansion"),
        pytest.param({"type": "Spaceship"},
                     f"{FIRST}: field 'type': 'Spaceship' is not a valid CardType",
                     id="unknown-type"),
        pytest.param({"cost": "M4 Q1"},
                     f"{FIRST}: field 'cost': 'Q1' is not an amount like M4, K1 or Fin2",
                     id="cost-unknown-resource"),
        pytest.param({"cost": "M0 E1"},
                     f"{FIRST}: field 'cost': 'M0' must be a positive amount", id="cost-zero"),
        pytest.param({"cost": "M-1 E1"},
                     f"{FIRST}: field 'cost': 'M-1' must be a positive amount",
                     id="cost-negative"),
        pytest.param({"cost": "M4 M1"},
                     f"{FIRST}: field 'cost': 'M4 M1' names the same resource twice",
                     id="cost-same-resource-twice"),
        pytest.param({"cost": ""}, f"{FIRST}: field 'cost': a card always costs something",
                     id="cost-nothing"),
        pytest.param({"construction_bonus": "M1"},
                     f"{FIRST}: field 'construction_bonus': only K, Fin and Gen tokens",
                     id="bonus-a-resource"),
        pytest.param({"construction_bonus": "Fin-1"},
                     f"{FIRST}: field 'construction_bonus': 'Fin-1' must be a positive amount",
                     id="bonus-negative"),
        pytest.param({"production": "G2 per Starship"},
                     f"{FIRST}: field 'production': 'Starship' is not a card type",
                     id="production-per-unknown-type"),
        pytest.param({"victory_points": "2/Dragons"},
                     f"{FIRST}: field 'victory_points': 'Dragons' is not a card type, "
                     "Financier or General", id="points-per-unknown-word"),
        pytest.param({"recycle": "K"},
                     f"{FIRST}: field 'recycle': 'K' is not a valid Resource",
                     id="recycle-krystallium"),
        pytest.param({"copies": 0}, f"{FIRST}: field 'copies': must be at least 1",
                     id="no-copies"),
        pytest.param({"copies": "five"}, f"{FIRST}: field 'copies': Expected `int`, got `str`",
                     id="copies-a-word"),
        pytest.param({"id": "1"}, f"{FIRST}: field 'id': Expected `int`, got `str`",
                     id="id-text"),
        pytest.param({"id": 500, "copies": 0},
                     "cards.json: card #500 (Financial Center): field 'copies': "
                     "must be at least 1", id="told-by-its-number-not-its-place"),
        pytest.param({"names": {"en": "Financial Center"}},
                     f"{FIRST}: field 'names.fr': missing or empty", id="only-english"),
        pytest.param({"names": CENTER | {"fr": 3}},
                     f"{FIRST}: field 'names.fr': Expected `str`, got `int`",
                     id="french-name-a-number"),
        pytest.param({"names": {}}, "cards.json: card #1: field 'names.en': missing or empty",
                     id="no-names"),
        pytest.param({"names": "Financial Center"},
                     "cards.json: card #1: field 'names': Expected `object`, got `str`",
                     id="names-one-text"),
        pytest.param({"other_names": {"fr": "Banque"}},
                     f"{FIRST}: field 'other_names.fr': Expected `array`, got `str`",
                     id="other-name-not-a-list"),
        pytest.param({"other_names": {"fr": ["Banque", 3]}},
                     f"{FIRST}: field 'other_names.fr': Expected `str`, got `int`",
                     id="other-name-a-number"),
        pytest.param({"other_names": ["Banque"]},
                     f"{FIRST}: field 'other_names': Expected `object`, got `array`",
                     id="other-names-a-list"),
        pytest.param({"translated_names": ["xx"]},
                     f"{FIRST}: field 'translated_names': 'xx' has no name in 'names'",
                     id="translated-language-without-a-name"),
        pytest.param({"surprise": 1},
                     f"{FIRST}: field 'surprise': Object contains unknown field `surprise`",
                     id="unknown-field"),
    ],
)
def test_a_damaged_card_is_refused_naming_file_card_field_and_fault(
        assets: Path, changes: dict[str, object], expected: str) -> None:
    """Card #1 has no `translated_names`: a field left out is skipped, and the fields
    after it are still checked."""
    damage(assets, CARDS_FILE, 0, changes)
    assert refusal(assets) == expected


@pytest.mark.parametrize(
    ("dropped", "expected"),
    [
        pytest.param("id", "cards.json: card #3 (Military Base): field 'id': "
                           "Object missing required field `id`", id="id"),
        pytest.param("recycle", "cards.json: card #3 (Military Base): field 'recycle': "
                                "Object missing required field `recycle`", id="recycle"),
        pytest.param("names", "cards.json: card #3: field 'names': "
                              "Object missing required field `names`", id="names"),
    ],
)
def test_a_card_missing_a_field_is_refused(assets: Path, dropped: str, expected: str) -> None:
    """A card with no number is told by its place in the file (the third here)."""
    damage(assets, CARDS_FILE, 2, {}, dropped=(dropped,))
    assert refusal(assets) == expected


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        pytest.param("Nuclear Plant", "cards.json: card #5: Expected `object`, got `str`",
                     id="a-text"),
        pytest.param(5, "cards.json: card #5: Expected `object`, got `int`", id="a-number"),
    ],
)
def test_a_card_entry_that_is_no_object_is_refused_by_its_place(
        assets: Path, entry: object, expected: str) -> None:
    data = entries(assets, CARDS_FILE)
    data[4] = entry
    write(assets, CARDS_FILE, data)
    assert refusal(assets) == expected


def test_two_cards_with_one_number_are_refused(assets: Path) -> None:
    damage(assets, CARDS_FILE, 0, {"id": 2})
    assert refusal(assets) == "cards.json: card id 2 appears twice"


def test_two_cards_with_one_name_in_any_language_are_refused(assets: Path) -> None:
    """A name finds one card, whatever its case, accents or language: card #2 named in
    Italian as card #1 is in French would leave a player's spelling to luck."""
    names = entries(assets, CARDS_FILE)[1]
    assert isinstance(names, dict)
    damage(assets, CARDS_FILE, 1, {"names": names["names"] | {"it": "PLACE FINANCIERE"}})
    assert refusal(assets) == "cards.json: card #2: name 'PLACE FINANCIERE' is also card #1's"


def test_a_card_file_that_is_no_list_is_refused(assets: Path) -> None:
    write(assets, CARDS_FILE, {"1": "Financial Center"})
    assert refusal(assets) == f"{assets / CARDS_FILE}: expected a list of entries"


def test_a_card_yields_what_its_entry_says(assets: Path) -> None:
    """Card #1 in full, and a card read under another printing's name."""
    cards = load_catalog(assets)
    assert cards.card(1) == Card(
        id=1, expansion=Expansion.BASE, type=CardType.STRUCTURE, copies=5, names=CENTER,
        cost=((Resource.MATERIALS, 4), (Resource.ENERGY, 1)),
        construction_bonus=((Token.FINANCIER, 1),), production=(Icon(Resource.GOLD, 2),),
        points=Points(0), recycle=Resource.GOLD)
    turbines = cards.card("Turbinas Eólicas")
    assert (turbines.id, turbines.other_names) == (9, (("es", "Turbinas Eólicas"),))


def test_card_names_are_read_without_the_spaces_around_them(assets: Path) -> None:
    damage(assets, CARDS_FILE, 0, {"names": CENTER | {"fr": " Place Financière  "},
                                   "other_names": {"es": [" Banco Central "]}})
    center = load_catalog(assets).card("banco central")
    assert (center.name_in("fr"), center.other_names) == ("Place Financière",
                                                          (("es", "Banco Central"),))
