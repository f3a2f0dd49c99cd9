"""Production totals: Empire face + built cards, per-type icons, corruption, the extra step."""

from __future__ import annotations

from companion.rules.cards import Resource, Token
from companion.rules.production import per_round_tokens, produced, production, sources
from companion.shipped.catalog import Catalog

M, E, S, G, X = Resource


def test_cards_under_construction_never_count(cards: Catalog) -> None:
    # Only the Empire and the built list are inputs: an empty tableau is the face alone.
    assert production(cards.empire("Noram States", "A"), []) == {M: 3, E: 0, S: 0, G: 1, X: 0}


def test_per_type_icon_counts_the_card_itself(cards: Catalog) -> None:
    empire = cards.empire("Noram States", "B")
    carrier = cards.card("Aircraft Carrier")  # X1 per Vehicle, itself a Vehicle
    assert produced(X, empire, [carrier]) == 1
    assert produced(X, empire, [carrier, cards.card("Zeppelin")]) == 1 + 1 + 1
    assert produced(X, empire, [carrier, carrier]) == 2 * 2
    neuroscience = cards.card("Neuroscience")  # S1 per Research, a Research
    assert produced(S, empire, [neuroscience, cards.card("Mega-Bomb")]) == 1 + 2


def test_per_type_icon_ignores_other_types(cards: Catalog) -> None:
    empire = cards.empire("Noram States", "B")
    # Super-Sonar is a Research producing X1 per Vehicle: with no Vehicle it gives nothing.
    assert produced(X, empire, [cards.card("Super-Sonar")]) == 0


def test_corruption_is_subtracted_and_floored_at_zero(cards: Catalog) -> None:
    empire = cards.empire("Aztec Empire", "B")  # M2 E1 S1
    assert produced(E, empire, [cards.card("Luxury Clinic")]) == 0  # E1 - 1
    assert produced(E, empire, [cards.card("Luxury Clinic")] * 3) == 0  # never negative
    assert produced(G, empire, [cards.card("Raiders")]) == 0
    assert produced(M, empire, [cards.card("Robot Factory")]) == 1


def test_variant_face_with_corruption_is_floored(cards: Catalog) -> None:
    face = cards.empire("Aztec Empire", "E")  # M4 E2 S-1 G-1 X-1
    assert production(face, []) == {M: 4, E: 2, S: 0, G: 0, X: 0}


def test_war_or_peace_tokens_are_not_resources(cards: Catalog) -> None:
    empire = cards.empire("Noram States", "B")
    built = [cards.card("Cargo Fleet"), cards.card("Security Ships"), cards.card("Tower of Babel")]
    assert production(empire, built) == {M: 2, E: 1, S: 1, G: 1, X: 1}
    assert per_round_tokens(empire, built) == {
        Token.KRYSTALLIUM: 2, Token.FINANCIER: 1, Token.GENERAL: 1}


def test_sources_explain_the_total(cards: Catalog) -> None:
    empire = cards.empire("Panafrican Union", "A")
    built = [cards.card("Recycling Plant"), cards.card("Mega-Drill")]
    found = sources(M, empire, built)
    assert [(s.name, s.amount) for s in found] == [
        ("Panafrican Union", 2), ("Recycling Plant", 2), ("Mega-Drill", 1)]
    assert sum(s.amount for s in found) == produced(M, empire, built)
