"""What `companion score` says when its input is wrong, word for word, and what it answers
when the input is right, number for number.

The command sits behind other tools and in front of people typing JSON by hand: each
refusal is one line naming the place in the input and what is wrong there, and its kind
(`Refusal`) is what a caller branches on. So each case below holds the whole line.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.i18n import set_language
from companion.rules.errors import Refusal, Rejected
from companion.shipped.catalog import Catalog
from companion.store.files import JsonRefused
from companion.usecases.scorer import one_line, parse_json, score_input

NORAM: dict[str, Any] = {"empire": "Noram States"}
AZTEC: dict[str, Any] = {"empire": "Aztec Empire"}
ALLOWED = ("built, empire, face, financiers, generals, krystallium, players, scenario, "
           "variant_faces")
SCENARIOS = "base-1, base-2, base-3, base-4, base-5, base-6, ca-1, ca-2, ca-3, ca-4, ca-5, ca-6"


def refusal(data: object, cards: Catalog) -> tuple[Refusal, str]:
    with pytest.raises(Rejected) as caught:
        score_input(data, cards)
    return caught.value.kind, str(caught.value)


NUMBERS = [
    # A number quoted back: as written below 10^18, by its length from 10^18 on.
    (NORAM | {"generals": 10**18}, Refusal.BAD_NUMBER,
     "input.generals is a number of about 18 digits; no game has more than 1000"),
    (NORAM | {"generals": 10**18 - 1}, Refusal.BAD_NUMBER,
     "input.generals is 999999999999999999; no game has more than 1000"),
    (NORAM | {"generals": -(10**18)}, Refusal.BAD_NUMBER,
     "input.generals cannot be negative (a number of about 18 digits)"),
    (NORAM | {"generals": -(10**18) + 1}, Refusal.BAD_NUMBER,
     "input.generals cannot be negative (-999999999999999999)"),
    (NORAM | {"generals": 2**200}, Refusal.BAD_NUMBER,
     "input.generals is a number of about 60 digits; no game has more than 1000"),
    # A wrong value quoted as JSON, whole up to 60 characters, then cut.
    (NORAM | {"generals": "a" * 58}, Refusal.BAD_NUMBER,
     f'input.generals must be a whole number, not "{"a" * 58}"'),
    (NORAM | {"generals": "a" * 59}, Refusal.BAD_NUMBER,
     f'input.generals must be a whole number, not "{"a" * 59}…'),
    (NORAM | {"generals": "é"}, Refusal.BAD_NUMBER,
     'input.generals must be a whole number, not "é"'),
    (NORAM | {"generals": True}, Refusal.BAD_NUMBER,
     "input.generals must be a whole number, not true"),
    (NORAM | {"generals": None}, Refusal.BAD_NUMBER,
     "input.generals must be a whole number, not null"),
    (NORAM | {"financiers": 2.5}, Refusal.BAD_NUMBER,
     "input.financiers must be a whole number, not 2.5"),
    (NORAM | {"krystallium": -1}, Refusal.BAD_NUMBER,
     "input.krystallium cannot be negative (-1)"),
    (NORAM | {"generals": 1001}, Refusal.BAD_NUMBER,
     "input.generals is 1001; no game has more than 1000"),
    (NORAM | {"financiers": 1001}, Refusal.BAD_NUMBER,
     "input.financiers is 1001; no game has more than 1000"),
    (NORAM | {"krystallium": 1001}, Refusal.BAD_NUMBER,
     "input.krystallium is 1001; no game has more than 1000"),
    (NORAM | {"players": 8}, Refusal.BAD_NUMBER, "input.players is 8; no game has more than 7"),
    (NORAM | {"players": "2"}, Refusal.BAD_NUMBER,
     'input.players must be a whole number, not "2"'),
    (NORAM | {"players": 0}, Refusal.PLAYER_COUNT, "input.players must be 1 to 7"),
    (NORAM | {"built": [{"card": "Zeppelin", "count": 201}]}, Refusal.BAD_NUMBER,
     "input.built[0].count is 201; no game has more than 200"),
    (NORAM | {"built": [{"card": "Zeppelin", "count": False}]}, Refusal.BAD_NUMBER,
     "input.built[0].count must be a whole number, not false"),
]

CARDS = [
    (NORAM | {"built": [True]}, Refusal.MALFORMED,
     "input.built[0] must be a card name or number, not true"),
    (NORAM | {"built": ["Zeppelin", 2.0]}, Refusal.MALFORMED,
     "input.built[1] must be a card name or number, not 2.0"),
    (NORAM | {"built": [10000]}, Refusal.UNKNOWN_CARD,
     "input.built[0]: 10000 is not a card number"),
    (NORAM | {"built": [-10000]}, Refusal.UNKNOWN_CARD,
     "input.built[0]: -10000 is not a card number"),
    (NORAM | {"built": [9999]}, Refusal.UNKNOWN_CARD,
     "input.built[0]: There is no card number 9999: cards are numbered 1 to 129"),
    (NORAM | {"built": ["12345"]}, Refusal.UNKNOWN_CARD,
     'input.built[0]: "12345" is not a card number'),
    (NORAM | {"built": [" 12345 "]}, Refusal.UNKNOWN_CARD,
     'input.built[0]: " 12345 " is not a card number'),
    (NORAM | {"built": ["1234"]}, Refusal.UNKNOWN_CARD,
     "input.built[0]: There is no card number 1234: cards are numbered 1 to 129"),
    (NORAM | {"built": ["Nothing Like It"]}, Refusal.UNKNOWN_CARD,
     "input.built[0]: Unknown card 'Nothing Like It'. Check the spelling; names work in "
     "English, French, German, Spanish, Italian, Portuguese."),
    (NORAM | {"built": "Zeppelin"}, Refusal.MALFORMED,
     'input.built must be a list of card names, numbers or {"card": name, "count": n}'),
    (NORAM | {"built": [{"count": 2}]}, Refusal.MALFORMED,
     'input.built[0] must look like {"card": "Zeppelin", "count": 2}'),
    (NORAM | {"built": ["Zeppelin", {"card": "Zeppelin", "n": 2}]}, Refusal.MALFORMED,
     'input.built[1] must look like {"card": "Zeppelin", "count": 2}'),
    (NORAM | {"built": [{"card": True}]}, Refusal.MALFORMED,
     "input.built[0] must be a card name or number, not true"),
    (NORAM | {"built": [1] * 201}, Refusal.TOO_LONG,
     "input.built lists 201 cards; no Empire holds that many"),
    (NORAM | {"built": [{"card": "Zeppelin", "count": 150}, {"card": 1, "count": 51}]},
     Refusal.TOO_LONG, "input.built lists 201 cards; no Empire holds that many"),
    (NORAM | {"built": [{"card": "Zeppelin", "count": 200}, "Zeppelin"]},
     Refusal.TOO_LONG, "input.built lists 201 cards; no Empire holds that many"),
    # 200 is allowed: then the box, not the length, is what refuses them.
    (NORAM | {"built": [1] * 200}, Refusal.NO_COPY_LEFT,
     "input.built: the box has only 5 copies of Financial Center, not 200"),
    (NORAM | {"built": [{"card": "Zeppelin", "count": 200}]}, Refusal.NO_COPY_LEFT,
     "input.built: the box has only 6 copies of Zeppelin, not 200"),
    (NORAM | {"built": ["Aircraft Carrier", "Aircraft Carrier"]}, Refusal.NO_COPY_LEFT,
     "input.built: the box has only 1 Aircraft Carrier, not 2"),
    (NORAM | {"built": [{"card": "Icebreaker", "count": 5}]}, Refusal.NO_COPY_LEFT,
     "input.built: the box has only 4 copies of Icebreaker, not 5"),
]

PLAYERS = [
    ([1], Refusal.MALFORMED, 'input must be a JSON object like {"empire": "Noram States"}'),
    ("Noram States", Refusal.MALFORMED,
     'input must be a JSON object like {"empire": "Noram States"}'),
    ({"face": "A"}, Refusal.MALFORMED, 'input needs an "empire", e.g. "Noram States"'),
    (NORAM | {"face": 1}, Refusal.MALFORMED, 'input.face must be a letter such as "A" or "B"'),
    (NORAM | {"face": None}, Refusal.MALFORMED,
     'input.face must be a letter such as "A" or "B"'),
    ({"empire": "Nowhere"}, Refusal.UNKNOWN_EMPIRE,
     "input.empire: Unknown Empire 'Nowhere'. Check the spelling; names work in English, "
     "French, German, Spanish, Italian, Portuguese."),
    (NORAM | {"face": "C"}, Refusal.EMPIRE_FACE,
     "input.face: face C of Noram States is a variant, not the rulebook's A or B; add "
     '"variant_faces": true to score it'),
    (NORAM | {"face": "C", "variant_faces": False}, Refusal.EMPIRE_FACE,
     "input.face: face C of Noram States is a variant, not the rulebook's A or B; add "
     '"variant_faces": true to score it'),
    (NORAM | {"variant_faces": 1}, Refusal.MALFORMED,
     "input.variant_faces must be true or false"),
    (NORAM | {"variant_faces": None}, Refusal.MALFORMED,
     "input.variant_faces must be true or false"),
    (NORAM | {"genrals": 2}, Refusal.MALFORMED,
     f"input has an unknown field genrals; allowed: {ALLOWED}"),
    (NORAM | {f"x{i}": 1 for i in range(5)}, Refusal.MALFORMED,
     f"input has unknown fields x0, x1, x2, x3, x4; allowed: {ALLOWED}"),
    (NORAM | {f"x{i}": 1 for i in range(6)}, Refusal.MALFORMED,
     f"input has unknown fields x0, x1, x2, x3, x4, …; allowed: {ALLOWED}"),
    (NORAM | {"scenario": 5, "face": "B"}, Refusal.UNKNOWN_SCENARIO,
     f"Unknown scenario 5: use one of {SCENARIOS}"),
    (NORAM | {"scenario": "base-9", "face": "B"}, Refusal.UNKNOWN_SCENARIO,
     f'Unknown scenario "base-9": use one of {SCENARIOS}'),
    (NORAM | {"scenario": "base-1", "players": 2}, Refusal.PLAYER_COUNT,
     'Scenarios are solo games: remove "scenario" or set players to 1'),
]

TABLES = [
    ({"table": [NORAM, AZTEC], "x": 1, "a": 2}, Refusal.MALFORMED,
     'A table input holds only "table" and "variant_faces", not a, x'),
    ({"table": [NORAM, AZTEC], **{f"x{i}": 1 for i in range(6)}}, Refusal.MALFORMED,
     'A table input holds only "table" and "variant_faces", not x0, x1, x2, x3, x4'),
    ({"table": [NORAM]}, Refusal.PLAYER_COUNT, '"table" must list 2 to 7 players'),
    ({"table": [NORAM] * 8}, Refusal.PLAYER_COUNT, '"table" must list 2 to 7 players'),
    ({"table": NORAM}, Refusal.PLAYER_COUNT, '"table" must list 2 to 7 players'),
    ({"table": [NORAM, AZTEC], "variant_faces": "no"}, Refusal.MALFORMED,
     "input.variant_faces must be true or false"),
    ({"table": [NORAM, "Aztec Empire"]}, Refusal.MALFORMED,
     'table[1] must be a JSON object like {"empire": "Noram States"}'),
    ({"table": [NORAM, AZTEC | {"players": 2}]}, Refusal.MALFORMED,
     "table[1] has an unknown field players; allowed: built, empire, face, financiers, "
     "generals, krystallium, scenario"),
    ({"table": [NORAM | {"scenario": "base-1"}, AZTEC]}, Refusal.PLAYER_COUNT,
     "table[0]: scenarios are solo games, not table games"),
    ({"table": [NORAM, AZTEC | {"generals": -2}]}, Refusal.BAD_NUMBER,
     "table[1].generals cannot be negative (-2)"),
    ({"table": [NORAM, {"face": "B"}]}, Refusal.MALFORMED,
     'table[1] needs an "empire", e.g. "Noram States"'),
    ({"table": [NORAM | {"face": "C"}, AZTEC | {"face": "C"}]}, Refusal.EMPIRE_FACE,
     "table[0].face: face C of Noram States is a variant, not the rulebook's A or B; add "
     '"variant_faces": true to score it'),
    ({"table": [NORAM, AZTEC, NORAM]}, Refusal.EMPIRE_TAKEN,
     "table[0] and table[2] both play Noram States: each Empire card is dealt to one player"),
    ({"table": [NORAM | {"face": "A"}, AZTEC | {"face": "B"}]}, Refusal.EMPIRE_FACE,
     "table[1] plays face B and table[0] face A: every player of a table uses the same face"),
]

TEXTS = [
    # Every kind of character no name holds, by its code point.
    (NORAM | {"built": ["Zep\npelin"]}, "input.built[0] contains the invisible character U+000A"),
    (NORAM | {"built": ["\u202eZeppelin"]}, "input.built[0] contains the invisible character "
     "U+202E"),
    (NORAM | {"built": ["\ud800"]}, "input.built[0] contains the invisible character U+D800"),
    (NORAM | {"built": ["\ue000"]}, "input.built[0] contains the invisible character U+E000"),
    (NORAM | {"built": ["\u0378"]}, "input.built[0] contains the invisible character U+0378"),
    (NORAM | {"built": ["\U000f0000"]}, "input.built[0] contains the invisible character "
     "U+F0000"),
    (NORAM | {"e\u2028": 1}, "a field name in input contains the invisible character U+2028"),
    ({"table": [{"empire": "a\u2029"}, AZTEC]},
     "table[0].empire contains the invisible character U+2029"),
    ({"table": [NORAM, AZTEC | {"built": [{"card": "\x07"}]}]},
     "table[1].built[0].card contains the invisible character U+0007"),
    ({"e": {"k\n": 1}}, "a field name in input.e contains the invisible character U+000A"),
    ({"table": {"k\n": 1}}, "a field name in table contains the invisible character U+000A"),
    ({"x": {"table": "\n"}}, "input.x.table contains the invisible character U+000A"),
]


@pytest.mark.parametrize(("data", "kind", "message"), NUMBERS + CARDS + PLAYERS + TABLES)
def test_each_refusal_in_whole(cards: Catalog, data: object, kind: Refusal,
                               message: str) -> None:
    assert refusal(data, cards) == (kind, message)


@pytest.mark.parametrize(("data", "message"), TEXTS)
def test_a_name_no_card_could_have(cards: Catalog, data: object, message: str) -> None:
    assert refusal(data, cards) == (Refusal.BAD_NAME, message + "; names are printed text")


def test_names_up_to_200_characters_are_looked_up(cards: Catalog) -> None:
    long = "x" * 200
    kind, message = refusal(NORAM | {"built": [long]}, cards)
    assert (kind, message.split(":")[0]) == (Refusal.UNKNOWN_CARD, "input.built[0]")
    assert refusal(NORAM | {"built": [long + "x"]}, cards) == (
        Refusal.BAD_NAME, "input.built[0] is 201 characters long; no name is longer than 200")
    assert refusal(NORAM | {long + "y": 1}, cards) == (
        Refusal.BAD_NAME, "a field name in input is 201 characters long; no name is longer "
                          "than 200")


def test_the_number_s_length_in_french(cards: Catalog) -> None:
    set_language("fr")
    assert refusal(NORAM | {"generals": 10**18}, cards)[1] == (
        "input.generals is un nombre d’environ 18 chiffres; no game has more than 1000")


def test_card_numbers_are_read_as_the_catalog_reads_them(cards: Catalog) -> None:
    """Up to four ASCII digits (spaces around them allowed) are a card number; 18 is the
    Zeppelin (X1)."""
    face_b = NORAM | {"face": "B"}
    for entry in (18, "18", " 18 ", "0018"):
        result = score_input(face_b | {"built": [entry]}, cards)
        assert result["production"]["exploration"] == 1, entry


def test_a_whole_player_answer(cards: Catalog) -> None:
    # Noram B: M2 E1 S1. Zeppelins X1 each; Wind Turbines E1 each; 2 Generals, 3
    # Financiers, 4 Krystallium (no points of their own here).
    result = score_input(NORAM | {"face": "B", "players": 1, "generals": 2, "financiers": 3,
                                  "krystallium": 4,
                                  "built": [{"card": "Zeppelin", "count": 2}, "Wind Turbines"]},
                         cards)
    assert result == {
        "production": {"materials": 2, "energy": 2, "science": 1, "gold": 0,
                       "exploration": 2},
        "score": {"raw": 0, "combo": 0, "duo": 0, "generals": 2, "financiers": 3, "total": 5},
        "built_cards": 3,
        "characters": 5,
        "solo": {"adjusted": 5, "rank": "Apprentice"},
    }
    assert score_input(NORAM | {"players": 7}, cards) == score_input(NORAM | {"players": 2},
                                                                     cards)
    assert "solo" not in score_input(NORAM | {"players": 2}, cards)
    assert score_input(NORAM | {"scenario": None}) == score_input(NORAM)


def test_a_card_without_a_count_is_one_copy(cards: Catalog) -> None:
    one = score_input(NORAM | {"built": [{"card": "Aircraft Carrier"}]}, cards)
    assert one["built_cards"] == 1


def test_the_catalog_given_is_the_one_read(cards: Catalog) -> None:
    """A caller's catalog (one without the Zeppelin here) decides which cards exist."""
    without = Catalog(cards=tuple(card for card in cards.cards if card.name != "Zeppelin"),
                      empires=cards.empires)
    assert refusal(NORAM | {"built": ["Zeppelin"]}, without) == (
        Refusal.UNKNOWN_CARD, "input.built[0]: Unknown card 'Zeppelin'. Check the spelling; "
        "names work in English, French, German, Spanish, Italian, Portuguese.")
    assert score_input(NORAM | {"built": ["Zeppelin"]})["built_cards"] == 1


def test_a_variant_face_says_why_it_has_no_rank(cards: Catalog) -> None:
    result = score_input(NORAM | {"face": "C", "variant_faces": True}, cards)
    assert result["solo"] == {
        "adjusted": None, "rank": None,
        "note": "The solo rank table does not apply: it is for the rulebook's faces A and B, "
                "not the variant face C"}


def test_a_scenario_answer(cards: Catalog) -> None:
    built = ["Polar Base", "Mega-Drill", "Super-Sonar", "Center of the Earth"]
    result = score_input({"empire": "Aztec Empire", "face": "B", "built": built,
                          "generals": 52, "scenario": "base-1"}, cards)
    assert result["scenario"] == {"id": "base-1", "won": True, "missing": [],
                                  "medal": "bronze"}
    lost = score_input({"empire": "Aztec Empire", "face": "B", "built": built[1:],
                        "scenario": "base-1"}, cards)
    assert lost["scenario"] == {"id": "base-1", "won": False, "missing": ["Polar Base"],
                                "medal": None}


def test_a_whole_table_answer(cards: Catalog) -> None:
    result = score_input({"table": [
        NORAM | {"face": "B", "generals": 1},
        AZTEC | {"face": "B", "built": ["Recycling Plant"], "financiers": 2},
    ]}, cards)
    # Face B: M2 E1 S1 each; the Recycling Plant makes M2 (no points): Aztec makes M4.
    assert result["players"][0] == {
        "production": {"materials": 2, "energy": 1, "science": 1, "gold": 0,
                       "exploration": 0},
        "score": {"raw": 0, "combo": 0, "duo": 0, "generals": 1, "financiers": 0, "total": 1},
        "built_cards": 0, "characters": 1}
    assert (result["players"][1]["score"]["total"], result["players"][1]["built_cards"]) == (
        2, 1)
    assert result["supremacy"] == {"materials": [1], "energy": [], "science": [], "gold": [],
                                   "exploration": []}
    assert result["ranking"] == [{"player": 1, "place": 1}, {"player": 0, "place": 2}]
    seven = [{"empire": e.name} for e in cards.empires if e.face == "A"][:7]
    assert len(score_input({"table": seven}, cards)["players"]) == 7


def test_parse_json_reads_text_and_bytes_alike() -> None:
    assert parse_json('{"a": [1, "é"]}') == parse_json('{"a": [1, "é"]}'.encode()) == {
        "a": [1, "é"]}
    assert parse_json("[" * 16 + "]" * 16) == [[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]
    with pytest.raises(JsonRefused) as deep:
        parse_json("[" * 17 + "]" * 17)
    assert str(deep.value) == "lists and objects nested 17 deep; at most 16 is allowed"
    # A lone surrogate typed into text is not UTF-8 once encoded: a refusal, not a crash.
    with pytest.raises(JsonRefused) as surrogate:
        parse_json('"\ud800"')
    assert str(surrogate.value) == "not UTF-8 text (a bad byte at position 1)"


@pytest.mark.parametrize(("text", "line"), [
    ("plain é ²", "plain é ²"),
    ("a\nb", "a\\u000ab"),
    ("\u202eZ\x1b", "\\u202eZ\\u001b"),
    ("\U000f0000", "\\uf0000"),
])
def test_one_line_escapes_what_would_break_the_line(text: str, line: str) -> None:
    assert one_line(text) == line
