"""The game's short notation the data files keep, read into amounts, icons and points.

`M4 E1` (a cost), `X1 per Vehicle` (a production that counts cards), `M-1 E2 S2` (a
Corruption card's production), `6/Structure+Vehicle` (victory points): what each reads
as, and what each wrong spelling is told, as the loader quotes it after the field.
"""

from __future__ import annotations

import pytest

from companion.rules.cards import Amounts, CardType, Icon, Points, Resource, Token
from companion.shipped.catalog import parse_amounts, parse_points, parse_production

M, E, S, G, X = (Resource.MATERIALS, Resource.ENERGY, Resource.SCIENCE, Resource.GOLD,
                 Resource.EXPLORATION)


@pytest.mark.parametrize(
    ("text", "amounts"),
    [
        ("M4 E1 Fin1", ((M, 4), (E, 1), (Token.FINANCIER, 1))),
        ("K2 Gen1", ((Token.KRYSTALLIUM, 2), (Token.GENERAL, 1))),
        ("", ()),
    ],
)
def test_amounts_read(text: str, amounts: Amounts) -> None:
    assert parse_amounts(text) == amounts


def test_negative_amounts_only_where_allowed() -> None:
    """A cost is never negative; a production is, on Corruption cards."""
    assert parse_amounts("M-1 E2", allow_negative=True) == ((M, -1), (E, 2))
    with pytest.raises(ValueError) as refused:
        parse_amounts("M-1 E2")
    assert str(refused.value) == "'M-1' must be a positive amount"


@pytest.mark.parametrize(
    ("text", "allow_negative", "message"),
    [
        ("M4 Q1", False, "'Q1' is not an amount like M4, K1 or Fin2"),
        ("M4 E", False, "'E' is not an amount like M4, K1 or Fin2"),
        ("M0", False, "'M0' must be a positive amount"),
        ("M0", True, "'M0' must be a positive amount"),
        ("M4 E1 M1", False, "'M4 E1 M1' names the same resource twice"),
    ],
)
def test_wrong_amounts_are_told(text: str, allow_negative: bool, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse_amounts(text, allow_negative=allow_negative)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("text", "icons"),
    [
        ("M1 G1", (Icon(M, 1), Icon(G, 1))),
        ("X1 per Vehicle", (Icon(X, 1, CardType.VEHICLE),)),
        ("M1 X1 per Vehicle", (Icon(M, 1), Icon(X, 1, CardType.VEHICLE))),
        ("X1 per Vehicle M1 S2", (Icon(X, 1, CardType.VEHICLE), Icon(M, 1), Icon(S, 2))),
        ("M-1 E2 S2", (Icon(M, -1), Icon(E, 2), Icon(S, 2))),
        ("G1 Fin1", (Icon(G, 1), Icon(Token.FINANCIER, 1))),
        ("", ()),
    ],
)
def test_production_reads_as_icons(text: str, icons: tuple[Icon, ...]) -> None:
    """An icon counts cards only when `per` follows it; the others count nothing."""
    assert parse_production(text) == icons


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("X1 per", "'X1 per' ends after 'per'"),
        ("M1 X1 per", "'M1 X1 per' ends after 'per'"),
        ("X1 per Starship", "'Starship' is not a card type"),
        ("M1 X1 per Starship", "'Starship' is not a card type"),
        ("per Vehicle", "'per' is not an amount like M4, K1 or Fin2"),
        ("M0", "'M0' must be a positive amount"),
    ],
)
def test_wrong_production_is_told(text: str, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse_production(text)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("0", Points(0)),
        ("10", Points(10)),
        ("2/Project", Points(2, (CardType.PROJECT,))),
        ("1/Financier", Points(1, (Token.FINANCIER,))),
        ("1/General", Points(1, (Token.GENERAL,))),
        ("6/Structure+Vehicle", Points(6, (CardType.STRUCTURE, CardType.VEHICLE))),
        (" 3/Discovery ", Points(3, (CardType.DISCOVERY,))),
    ],
)
def test_victory_points_read(text: str, points: Points) -> None:
    assert parse_points(text) == points


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("many", "'many' is not victory points like 10, 2/Project or 6/Structure+Vehicle"),
        ("-2", "'-2' is not victory points like 10, 2/Project or 6/Structure+Vehicle"),
        ("2/Dragons", "'Dragons' is not a card type, Financier or General"),
        ("6/Structure+Dragons", "'Dragons' is not a card type, Financier or General"),
    ],
)
def test_wrong_victory_points_are_told(text: str, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse_points(text)
    assert str(refused.value) == message
