"""What a tableau produces and where it comes from, and the small words under every
message: the plural a language picks for a number, a card's name in a language.

Production numbers are the rulebooks' (`examples.md` §1 Benjamin, §4 Apolline's
corruption), not values computed by the code under test.
"""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from companion.rules.cards import CardType, Icon, Resource, slot_kind
from companion.rules.plural import Plural, plural_category
from companion.rules.production import (
    Source,
    before_corruption,
    corruption,
    produced,
    production,
    sources,
)
from companion.rules.state import GameState
from companion.shipped.catalog import Catalog

M, E, S, G, X = (Resource.MATERIALS, Resource.ENERGY, Resource.SCIENCE, Resource.GOLD,
                 Resource.EXPLORATION)


def benjamin(cards: Catalog) -> GameState:
    """examples.md §1: Panafrican Union A (M2 S2), Recycling Plant (M2), Mega-Drill
    (M1 X1)."""
    return GameState(mode="solo", players=1, empire=cards.empire("Panafrican Union", "A"),
                     scenario=None, expansions=("base",),
                     built=[cards.card("Recycling Plant"), cards.card("Mega-Drill")])


def test_benjamin_produces_what_the_rulebook_says(cards: Catalog) -> None:
    assert benjamin(cards).production() == {M: 5, E: 0, S: 2, G: 0, X: 1}


@pytest.mark.parametrize(("kind", "found"), [
    (M, [("Panafrican Union", 2, None), ("Recycling Plant", 2, 6), ("Mega-Drill", 1, 14)]),
    (S, [("Panafrican Union", 2, None)]),
    (X, [("Mega-Drill", 1, 14)]),
    (E, []),
])
def test_each_source_names_its_card(cards: Catalog, kind: Resource,
                                    found: list[tuple[str, int, int | None]]) -> None:
    state = benjamin(cards)
    assert sources(kind, state.empire, state.built) == [Source(*f) for f in found]


def test_an_icon_per_type_counts_each_built_card_of_it(cards: Catalog) -> None:
    """Aircraft Carrier: 1 X per Vehicle, itself included; before corruption too."""
    empire = cards.empire("Noram States", "B")  # no X
    built = [cards.card("Aircraft Carrier"), cards.card("Zeppelin"), cards.card("Raiders")]
    # Raiders (a Vehicle of C&A): -1 G, 2 X. Vehicles: 3, so the Carrier gives 3 X.
    assert produced(X, empire, built) == 3 + 1 + 2
    assert before_corruption(empire, built) == {M: 2, E: 1, S: 1, G: 0, X: 6}
    assert corruption(empire, built) == {M: 0, E: 0, S: 0, G: 1, X: 0}


def test_an_empires_icon_per_type_counts_like_a_cards(cards: Catalog) -> None:
    """No printed face has one, but a face is read like a card: "1 X per Vehicle" on the
    Empire counts the built Vehicles."""
    empire = dataclasses.replace(cards.empire("Noram States", "B"),
                                 production=(Icon(X, 1, CardType.VEHICLE),))
    built = [cards.card("Zeppelin"), cards.card("Tank Division")]
    assert produced(X, empire, built) == 2 + 1 + 1


def test_apollines_corruption_is_taken_off_never_below_0(cards: Catalog) -> None:
    """examples.md §4: one corrupted M and one corrupted G; without them M4 E3 S3 G0 X2,
    with them M3 E3 S3 G0 X2. A tableau giving that: Aztec Empire B (M2 E1 S1), Lawless
    Zone (M1 E1, -G1), Mobile Base (-M1, S2 X2), Robotic Animals (M1), Wind Turbines
    (E1)."""
    empire = cards.empire("Aztec Empire", "B")
    built = [cards.card(n) for n in ("Lawless Zone", "Mobile Base", "Robotic Animals",
                                     "Wind Turbines")]
    assert before_corruption(empire, built) == {M: 4, E: 3, S: 3, G: 0, X: 2}
    assert corruption(empire, built) == {M: 1, E: 0, S: 0, G: 1, X: 0}
    assert production(empire, built) == {M: 3, E: 3, S: 3, G: 0, X: 2}


@pytest.mark.parametrize(("language", "counts"), [
    ("en", {0: "other", 1: "one", 2: "other", -1: "one", 21: "other"}),
    ("de", {0: "other", 1: "one", 2: "other", -1: "one"}),
    ("es", {0: "other", 1: "one", 2: "other", -2: "other"}),
    ("it", {0: "other", 1: "one", 2: "other"}),
    ("fr", {0: "one", 1: "one", 2: "other", -1: "one", 21: "other"}),
    ("pt", {0: "one", 1: "one", 2: "other", -2: "other"}),
])
def test_each_language_picks_its_plural(language: str, counts: dict[int, str]) -> None:
    assert {n: plural_category(language, n) for n in counts} == counts


def test_a_language_without_a_rule_is_a_mistake_said_as_one() -> None:
    with pytest.raises(ValueError) as refused:
        plural_category("ja", 2)
    assert str(refused.value) == ("No plural rule for the language 'ja': a language code "
                                  "mistyped in the code, which English rules would have "
                                  "hidden")


def test_a_plural_survives_pickling_whole() -> None:
    """Refusals cross processes pickled (a shared table's host): the template too."""
    template = Plural("{left} cube left", "{left} cubes left", "left")
    again = pickle.loads(pickle.dumps(template))
    assert (str(again), again.plural, again.number) == (
        "{left} cube left", "{left} cubes left", "left")
    assert again.format(left=1) == "1 cube left"


@pytest.mark.parametrize(("count", "text"), [(1, "Gold: 1 cube"), (3, "Gold: 3 cubes")])
def test_a_plural_fills_in_positional_values_too(count: int, text: str) -> None:
    assert Plural("{0}: {count} cube", "{0}: {count} cubes").format("Gold", count=count) == text


def test_an_unknown_code_is_named() -> None:
    with pytest.raises(ValueError) as refused:
        slot_kind("Q")
    assert str(refused.value) == "unknown resource or token 'Q'"


def test_a_language_the_data_does_not_know_reads_english(cards: Catalog) -> None:
    assert cards.empire("Noram States", "A").name_in("ja") == "Noram States"
    assert cards.empire("Noram States", "A").name_in("fr") == "États du Noram"
    assert cards.card("Zeppelin").name_in("ja") == "Zeppelin"
    assert cards.card("Zeppelin").name_in("es") == "Zepelín"
