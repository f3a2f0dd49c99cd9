"""A table shares one box: no card is built more times than the box has copies."""

from __future__ import annotations

import pytest

from companion.rules.errors import Refusal, Rejected
from companion.rules.tableau import check_box_copies
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
