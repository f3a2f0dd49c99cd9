"""A catalog just loaded answers every lookup: by number, by name in any language, by the
Empire's name and face, by part of a name; and a name not found gets the closest ones.

Each test loads its own catalog (`load_catalog`), not the one the app keeps for the
whole process: the lookups are built as the catalog is made, and a test of them has to
see them being made.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from catalog_files import entries, write

from companion.rules.errors import Refusal, Rejected
from companion.shipped.catalog import EMPIRES_FILE, Catalog, load_catalog
from companion.shipped.paths import assets_dir

SPELLING = ("Check the spelling; names work in English, French, German, Spanish, Italian, "
            "Portuguese.")


@pytest.fixture
def loaded() -> Catalog:
    return load_catalog()


def test_without_a_folder_the_shipped_files_are_loaded(loaded: Catalog) -> None:
    assert loaded == load_catalog(assets_dir())
    assert (len(loaded.cards), len(loaded.empires)) == (129, 42)


@pytest.mark.parametrize("key", [9, "9", " 9 ", "Wind Turbines", "éoliennes",
                                 "Windkraftanlagen", "Turbinas Eólicas", "Aerogenerador",
                                 "turbine eoliche"])
def test_a_card_is_found_by_number_or_by_any_of_its_names(loaded: Catalog,
                                                         key: int | str) -> None:
    assert loaded.card(key) is loaded.cards[8]


def test_an_empire_face_is_found_by_the_empires_name_in_any_language(loaded: Catalog) -> None:
    noram_b = loaded.empire("États du Noram", " b ")
    assert (noram_b.name, noram_b.face) == ("Noram States", "B")
    assert loaded.empire("estados de noram").face == "A"
    assert loaded.empire_names()[:3] == ["Aztec Empire", "Federation of Asia", "Noram States"]


def test_every_face_of_an_empire_is_found_under_each_of_its_names(loaded: Catalog) -> None:
    for face in loaded.empires:
        for name in face.names.values():
            assert loaded.empire(name, face.face) is face


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        pytest.param("Base L", "Unknown card 'Base L'. Did you mean Polar Base, Mobile Base, "
                               "Lunar Base?", id="three-close"),
        pytest.param("Airorne Laboratory",
                     "Unknown card 'Airorne Laboratory'. Did you mean Airborne Laboratory, "
                     "Offshore Laboratory, Secret Laboratory, Robot Factory?",
                     id="four-at-most"),
        pytest.param("qqqq", f"Unknown card 'qqqq'. {SPELLING}", id="nothing-close"),
    ],
)
def test_a_card_name_not_found_suggests_the_closest_cards(loaded: Catalog, name: str,
                                                         expected: str) -> None:
    """The eight names nearest to the spelling (a card counts once, whichever of its
    names came close), four cards at most; none close: a reminder of the languages."""
    with pytest.raises(Rejected) as refused:
        loaded.card(name)
    assert (refused.value.kind, str(refused.value)) == (Refusal.UNKNOWN_CARD, expected)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        pytest.param("Noram State", "Unknown Empire 'Noram State'. Did you mean Noram States?",
                     id="close"),
        pytest.param("xyzzy", f"Unknown Empire 'xyzzy'. {SPELLING}", id="nothing-close"),
    ],
)
def test_an_empire_name_not_found_suggests_the_closest(loaded: Catalog, name: str,
                                                       expected: str) -> None:
    with pytest.raises(Rejected) as refused:
        loaded.empire(name)
    assert (refused.value.kind, str(refused.value)) == (Refusal.UNKNOWN_EMPIRE, expected)


def test_an_empire_with_a_single_face_is_suggested_too(assets: Path) -> None:
    """A data file may list one face of an Empire (face A only, say): the hint names it."""
    write(assets, EMPIRES_FILE, entries(assets, EMPIRES_FILE)[:1])
    with pytest.raises(Rejected) as refused:
        load_catalog(assets).empire("Aztec Empir")
    assert str(refused.value) == "Unknown Empire 'Aztec Empir'. Did you mean Aztec Empire?"


def test_finding_cards_with_nothing_typed_lists_the_first_twenty(loaded: Catalog) -> None:
    """The card picker before a letter is typed: the first cards, twenty at most."""
    assert loaded.find_cards("") == list(loaded.cards[:20])
    assert loaded.find_cards(" - ", limit=3) == list(loaded.cards[:3])


def test_finding_cards_puts_names_that_start_with_the_letters_first(loaded: Catalog) -> None:
    """"Submarine" starts with "sub"; "Ciudad Subterránea" only has it inside."""
    assert [card.name for card in loaded.find_cards("sub")] == [
        "Submarine", "Underground City", "Underwater City"]
    assert [card.name for card in loaded.find_cards("éolien")] == ["Wind Turbines"]


def test_a_truth_value_is_no_card_number(loaded: Catalog) -> None:
    """True is 1 to Python, but a file that says `true` where a card goes is wrong."""
    with pytest.raises(Rejected) as refused:
        loaded.card(True)
    assert refused.value.kind is Refusal.MALFORMED
    assert str(refused.value) == "A card is named by its name or its number, not True"


def test_a_card_number_is_read_up_to_nine_digits(loaded: Catalog) -> None:
    """Leading zeros are a number still; longer digit strings are refused before they
    are turned into a number (no card has one, and a huge one costs time to convert)."""
    assert loaded.card("000000001") == loaded.card(1)
    with pytest.raises(Rejected) as refused:
        loaded.card("0000000001")
    assert refused.value.kind is Refusal.UNKNOWN_CARD


@pytest.mark.parametrize(("key", "quoted"), [
    (123456789, "123456789"), (1234567890, "123456789…"), ("98765432109", "987654321…"),
    (10 ** 5000, "…"),  # Python will not even write it as text
], ids=["9 digits", "10 digits", "11 as text", "5001 digits"])
def test_a_card_number_too_long_is_quoted_cut(loaded: Catalog, key: int | str,
                                              quoted: str) -> None:
    with pytest.raises(Rejected) as refused:
        loaded.card(key)
    assert str(refused.value) == (f"There is no card number {quoted}: cards are numbered"
                                  f" 1 to {max(card.id for card in loaded.cards)}")


def test_an_empire_is_named_by_text_and_its_face_by_a_letter(loaded: Catalog) -> None:
    with pytest.raises(Rejected) as refused:
        loaded.empire(5)  # type: ignore[arg-type]
    assert refused.value.kind is Refusal.MALFORMED
    assert str(refused.value) == "An Empire is named by its name, not 5"
    with pytest.raises(Rejected) as refused:
        loaded.empire("Noram States", 1)  # type: ignore[arg-type]
    assert refused.value.kind is Refusal.EMPIRE_FACE


def test_a_face_missing_from_an_empire_of_one_face_names_the_empire(assets: Path) -> None:
    write(assets, EMPIRES_FILE, entries(assets, EMPIRES_FILE)[:1])
    with pytest.raises(Rejected) as refused:
        load_catalog(assets).empire("Aztec Empire", "B")
    assert str(refused.value).startswith("Aztec Empire has no face 'B': choose one of")


@pytest.mark.parametrize("key", [None, 2.5, ["Zeppelin"]], ids=["null", "decimal", "list"])
def test_a_card_is_named_by_text_or_a_whole_number(loaded: Catalog, key: object) -> None:
    """What a hand-edited file may hold where a card goes: refused, saying what it was."""
    with pytest.raises(Rejected) as refused:
        loaded.card(key)  # type: ignore[arg-type]
    assert refused.value.kind is Refusal.MALFORMED
    assert str(refused.value) == f"A card is named by its name or its number, not {key}"
