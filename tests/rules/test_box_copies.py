"""A table shares one box: no card is built more times than the box has copies; and the
seating rules of a table, which the same refusals guard."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.rules.errors import Refusal, Rejected
from companion.rules.tableau import check_box_copies, check_seating, check_table_copies
from companion.shipped.catalog import catalog


def test_the_box_copies_bound_what_a_table_can_count() -> None:
    cards = catalog()
    tower = cards.card("Giant Tower")  # cards.csv: 1 copy
    harbor = cards.card("Harbor Zone")  # cards.csv: 2 copies
    check_box_copies(tower, 0)
    check_box_copies(harbor, 1)
    with pytest.raises(Rejected) as refused:
        check_box_copies(tower, 1)
    assert (refused.value.kind, refused.value.params) == (
        Refusal.NO_COPY_LEFT, {"card": "Giant Tower"})
    with pytest.raises(Rejected) as refused:
        check_box_copies(harbor, 2)
    assert (refused.value.kind, refused.value.params) == (
        Refusal.NO_COPY_LEFT, {"copies": 2, "card": "Harbor Zone"})


# --- the refusals as players read them ---------------------------------------------------

TOWER, HARBOR = "Giant Tower", "Harbor Zone"  # cards.csv: 1 copy, 2 copies


def _refusal(check: Callable[[], None]) -> tuple[Refusal, str]:
    with pytest.raises(Rejected) as refused:
        check()
    return refused.value.kind, str(refused.value)


@pytest.mark.parametrize(("name", "counted", "message"), [
    (TOWER, 1, "The box has only one Giant Tower, and it is already counted."),
    (HARBOR, 2, "The box has 2 copies of Harbor Zone, all already counted."),
])
def test_a_copy_the_box_lacks_is_named(name: str, counted: int, message: str) -> None:
    card = catalog().card(name)
    assert _refusal(lambda: check_box_copies(card, counted)) == (Refusal.NO_COPY_LEFT,
                                                                  message)


@pytest.mark.parametrize(("built", "message"), [
    ({"Ana": [TOWER], "Bo": [TOWER]},
     "The box has only 1 Giant Tower; the table counts 2 (Ana 1, Bo 1)"),
    ({"Ana": [HARBOR, HARBOR], "Bo": [], "Cy": [HARBOR]},
     "The box has only 2 copies of Harbor Zone; the table counts 3 (Ana 2, Cy 1)"),
])
def test_a_table_counting_more_copies_than_the_box_says_who(
        built: dict[str, list[str]], message: str) -> None:
    cards = catalog()
    players = [(who, [cards.card(name) for name in names]) for who, names in built.items()]
    assert _refusal(lambda: check_table_copies(players)) == (Refusal.NO_COPY_LEFT, message)


@pytest.mark.parametrize(("seats", "kind", "message"), [
    ([("Ana", "Noram States", "A"), ("Bo", "Aztec Empire", "B")], Refusal.EMPIRE_FACE,
     "Bo plays face B and Ana face A: every player of a table uses the same face"),
    ([("Ana", "Noram States", "A"), ("Bo", "Aztec Empire", "A"), ("Cy", "Noram States", "A")],
     Refusal.EMPIRE_TAKEN,
     "Ana and Cy both play Noram States: each Empire card is dealt to one player"),
])
def test_a_seating_the_rulebook_forbids_is_explained(
        seats: list[tuple[str, str, str]], kind: Refusal, message: str) -> None:
    assert _refusal(lambda: check_seating(seats)) == (kind, message)
