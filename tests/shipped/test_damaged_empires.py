"""Every kind of damage to empires.json is refused, and the message says how to fix it.

The Empire faces are typed in by hand from the printed boards; a typo must stop the app
at once with the file, the entry (its number, the Empire and the face), the field and
what is wrong with it, never load a wrong face or fail later with a Python error. The
message is the behaviour here, so each test states it whole.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from catalog_files import damage, entries, refusal, write

from companion.rules.cards import CardType, EmpireFace, Expansion, Icon, Points, Resource
from companion.shipped.catalog import EMPIRES_FILE, LANGUAGES, load_catalog

AZTEC = {"en": "Aztec Empire", "fr": "Empire d’Azteca", "de": "Aztekenreich",
         "es": "Imperio Azteca", "it": "Impero Azteco", "pt": "Império Asteca"}
"""The names of the first entry of empires.json, the one damaged here."""
FIRST = "empires.json: Empire entry 1 (Aztec Empire A)"


def _without(language: str) -> dict[str, object]:
    return {k: v for k, v in AZTEC.items() if k != language}


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        pytest.param({"expansion": "moon"},
                     f"{FIRST}: field 'expansion': 'moon' is not a valid Expansion",
                     id="unknown-expansion"),
        pytest.param({"face": "G"}, "empires.json: Empire entry 1 (Aztec Empire G): "
                                    "field 'face': must be one letter A to F",
                     id="face-past-F"),
        pytest.param({"face": "X"}, "empires.json: Empire entry 1 (Aztec Empire X): "
                                    "field 'face': must be one letter A to F",
                     id="face-X"),
        pytest.param({"face": "a"}, "empires.json: Empire entry 1 (Aztec Empire a): "
                                    "field 'face': must be one letter A to F",
                     id="face-lower-case"),
        pytest.param({"face": "AB"}, "empires.json: Empire entry 1 (Aztec Empire AB): "
                                     "field 'face': must be one letter A to F",
                     id="face-two-letters"),
        pytest.param({"face": ""}, "empires.json: Empire entry 1 (Aztec Empire ): "
                                   "field 'face': must be one letter A to F",
                     id="face-empty"),
        pytest.param({"face": 1}, "empires.json: Empire entry 1 (Aztec Empire 1): "
                                  "field 'face': Expected `str`, got `int`",
                     id="face-a-number"),
        pytest.param({"production": "M2 E1 Z1"},
                     f"{FIRST}: field 'production': 'Z1' is not an amount like M4, K1 or Fin2",
                     id="production-unknown-resource"),
        pytest.param({"production": "X1 per"},
                     f"{FIRST}: field 'production': 'X1 per' ends after 'per'",
                     id="production-per-nothing"),
        pytest.param({"production": "X1 per Starship"},
                     f"{FIRST}: field 'production': 'Starship' is not a card type",
                     id="production-per-unknown-type"),
        pytest.param({"production": "M0 E2"},
                     f"{FIRST}: field 'production': 'M0' must be a positive amount",
                     id="production-zero"),
        pytest.param({"victory_points": "2/Dragons"},
                     f"{FIRST}: field 'victory_points': 'Dragons' is not a card type, "
                     "Financier or General", id="points-per-unknown-word"),
        pytest.param({"victory_points": "many"},
                     f"{FIRST}: field 'victory_points': 'many' is not victory points like "
                     "10, 2/Project or 6/Structure+Vehicle", id="points-not-a-number"),
        pytest.param({"start_krystallium": -1},
                     f"{FIRST}: field 'start_krystallium': cannot be negative",
                     id="krystallium-negative"),
        pytest.param({"start_krystallium": "5"},
                     f"{FIRST}: field 'start_krystallium': Expected `int`, got `str`",
                     id="krystallium-text"),
        pytest.param({"start_krystallium": True},
                     f"{FIRST}: field 'start_krystallium': Expected `int`, got `bool`",
                     id="krystallium-true"),
        pytest.param({"start_krystallium": 1.5},
                     f"{FIRST}: field 'start_krystallium': Expected `int`, got `float`",
                     id="krystallium-fraction"),
        pytest.param({"start_krystallium": None},
                     f"{FIRST}: field 'start_krystallium': Expected `int`, got `null`",
                     id="krystallium-null"),
        pytest.param({"status": 3}, f"{FIRST}: field 'status': Expected `str`, got `int`",
                     id="status-a-number"),
        pytest.param({"names": _without("fr")},
                     f"{FIRST}: field 'names.fr': missing or empty", id="no-french-name"),
        pytest.param({"names": AZTEC | {"it": "  "}},
                     f"{FIRST}: field 'names.it': missing or empty", id="blank-italian-name"),
        pytest.param({"names": AZTEC | {"de": 7}},
                     f"{FIRST}: field 'names.de': Expected `str`, got `int`",
                     id="german-name-a-number"),
        pytest.param({"names": "Aztec Empire"},
                     "empires.json: Empire entry 1 (None A): field 'names': "
                     "Expected `object`, got `str`", id="names-one-text"),
        pytest.param({"names": ["Aztec Empire"]},
                     "empires.json: Empire entry 1 (None A): field 'names': "
                     "Expected `object`, got `array`", id="names-a-list"),
        pytest.param({"translated_names": ["xx"]},
                     f"{FIRST}: field 'translated_names': 'xx' has no name in 'names'",
                     id="translated-language-without-a-name"),
        pytest.param({"translated_names": "pt"},
                     f"{FIRST}: field 'translated_names': Expected `array`, got `str`",
                     id="translated-names-one-text"),
        pytest.param({"translated_names": [1]},
                     f"{FIRST}: field 'translated_names': Expected `str`, got `int`",
                     id="translated-names-a-number"),
        pytest.param({"translated_names": [1, True]},
                     f"{FIRST}: field 'translated_names': Expected `str`, got `int`",
                     id="translated-names-first-wrong-told"),
        pytest.param({"colour": "red"},
                     f"{FIRST}: field 'colour': Object contains unknown field `colour`",
                     id="unknown-field"),
    ],
)
def test_a_damaged_empire_entry_is_refused_naming_file_entry_field_and_fault(
        assets: Path, changes: dict[str, object], expected: str) -> None:
    """The whole message, as the maintainer who made the typo reads it."""
    damage(assets, EMPIRES_FILE, 0, changes)
    assert refusal(assets) == expected


@pytest.mark.parametrize(
    ("dropped", "expected"),
    [
        pytest.param("status", f"{FIRST}: field 'status': "
                               "Object missing required field `status`", id="status"),
        pytest.param("start_krystallium", f"{FIRST}: field 'start_krystallium': "
                     "Object missing required field `start_krystallium`", id="krystallium"),
        pytest.param("names", "empires.json: Empire entry 1 (None A): field 'names': "
                              "Object missing required field `names`", id="names"),
    ],
)
def test_an_empire_entry_missing_a_field_is_refused(assets: Path, dropped: str,
                                                    expected: str) -> None:
    """Every field of a face is needed but `translated_names` (none are ours)."""
    damage(assets, EMPIRES_FILE, 0, {}, dropped=(dropped,))
    assert refusal(assets) == expected


def test_an_empire_entry_without_translated_names_loads_with_all_its_names_printed(
        assets: Path) -> None:
    """`translated_names` may be left out: the entry's names are then all printed ones."""
    damage(assets, EMPIRES_FILE, 0, {}, dropped=("translated_names",))
    assert load_catalog(assets).empire("Aztec Empire", "A").names == AZTEC


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        pytest.param(["Aztec Empire", "C"], "empires.json: Empire entry 3 (None None): "
                                            "Expected `object`, got `array`", id="a-list"),
        pytest.param(None, "empires.json: Empire entry 3 (None None): "
                           "Expected `object`, got `null`", id="null"),
        pytest.param("Aztec Empire C", "empires.json: Empire entry 3 (None None): "
                                       "Expected `object`, got `str`", id="a-text"),
    ],
)
def test_an_empire_entry_that_is_no_object_is_refused_by_its_number(
        assets: Path, entry: object, expected: str) -> None:
    """An entry with no names and no face is told by its place in the file."""
    data = entries(assets, EMPIRES_FILE)
    data[2] = entry
    write(assets, EMPIRES_FILE, data)
    assert refusal(assets) == expected


def test_the_same_face_of_an_empire_twice_is_refused(assets: Path) -> None:
    """Two entries for Aztec Empire A would make the face a player gets depend on order."""
    damage(assets, EMPIRES_FILE, 1, {"face": "A"})
    assert refusal(assets) == "empires.json: Empire face ('Aztec Empire', 'A') appears twice"


def test_an_empire_file_that_is_no_list_is_refused(assets: Path) -> None:
    write(assets, EMPIRES_FILE, {"Aztec Empire": []})
    assert refusal(assets) == f"{assets / EMPIRES_FILE}: expected a list of entries"


def test_an_empire_face_yields_what_its_entry_says(assets: Path) -> None:
    """Face C of the Aztec Empire: a variant (not among the rulebook's A and B) with no
    production, starting with 5 Krystallium, its status telling where it was seen."""
    faces = load_catalog(assets)
    aztec_c = faces.empire("Aztekenreich", "c")
    assert aztec_c == EmpireFace(names=AZTEC, expansion=Expansion.BASE, face="C",
                                 production=(), points=Points(0), start_krystallium=5,
                                 variant=True)
    assert aztec_c.status == ("variant: printed faces seen in a digital edition, "
                              "boxed product not confirmed")
    assert [aztec_c.name_in(language) for language in LANGUAGES] == list(AZTEC.values())
    aztec_a = faces.empire("Imperio Azteca")
    assert aztec_a == EmpireFace(
        names=AZTEC, expansion=Expansion.BASE, face="A",
        production=(Icon(Resource.ENERGY, 2), Icon(Resource.EXPLORATION, 1)),
        points=Points(3, (CardType.DISCOVERY,)), start_krystallium=0, variant=False)
    assert aztec_a.status == "rulebook"


def test_empire_names_are_read_without_the_spaces_around_them(assets: Path) -> None:
    damage(assets, EMPIRES_FILE, 0, {"names": AZTEC | {"fr": "  Empire d’Azteca "}})
    assert load_catalog(assets).empire("Empire d’Azteca").name_in("fr") == "Empire d’Azteca"
