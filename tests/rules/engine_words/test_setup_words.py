"""What a player reads when setting up a game: each setup the rules refuse, with its
kind and its whole sentence, and each setup they accept, with the state it starts from.

The engine is called directly (`start_state`): `Game.new` checks the fields' types
first, and the engine must refuse the values a Python caller can still give it."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.actions import Start
from companion.rules.engine import check_new_start, start_state
from companion.rules.errors import Refusal, Rejected
from companion.rules.state import GameState
from companion.shipped.catalog import Catalog

NORAM = "Noram States"
OCEANIA = "Nations of Oceania"  # a Corruption & Ascension Empire
ZEPPELIN, FINANCIAL_CENTER, SECRET_LABORATORY = 18, 1, 53  # 6, 5 and 2 copies
TOWER_OF_BABEL = 124  # War or Peace, 1 copy


def setup(**fields: Any) -> Start:
    """A Start as a Python caller may build it (msgspec checks no type here)."""
    return Start(**{"empire": NORAM, "face": "B", **fields})


REFUSED_SETUPS = [
    ({"mode": "duo"}, Refusal.NOT_AN_OPTION, "The mode is solo or table, not duo"),
    ({"players": True}, Refusal.BAD_NUMBER, "The number of players must be a whole number"),
    ({"players": "1"}, Refusal.BAD_NUMBER, "The number of players must be a whole number"),
    ({"mode": "table", "players": 2.0}, Refusal.BAD_NUMBER,
     "The number of players must be a whole number"),
    ({"players": 2}, Refusal.PLAYER_COUNT, "A solo game has 1 player, not 2"),
    ({"players": 0}, Refusal.PLAYER_COUNT, "A solo game has 1 player, not 0"),
    ({"mode": "table", "players": 1}, Refusal.PLAYER_COUNT,
     "A table game has 2 to 7 players, not 1"),
    ({"mode": "table", "players": 8, "expansions": ("ca",)}, Refusal.PLAYER_COUNT,
     "A table game has 2 to 7 players, not 8"),
    ({"mode": "table", "players": 6}, Refusal.EXPANSION_MISSING,
     "6 or 7 players need the Corruption & Ascension expansion"),
    ({"mode": "table", "players": 7, "expansions": ("base", "wop")}, Refusal.EXPANSION_MISSING,
     "6 or 7 players need the Corruption & Ascension expansion"),
    ({"expansions": ("base", "cA")}, Refusal.UNKNOWN_EXPANSION,
     "Unknown expansion 'cA': use base, ca (Corruption & Ascension) or wop (War or Peace)"),
    ({"face": ""}, Refusal.EMPIRE_FACE, "Choose the Empire's face: A or B"),
    ({"face": "  "}, Refusal.EMPIRE_FACE, "Choose the Empire's face: A or B"),
    ({"face": None}, Refusal.EMPIRE_FACE, "Choose the Empire's face: A or B"),
    ({"face": "C"}, Refusal.EMPIRE_FACE, "Noram States has no face 'C': choose one of A, B"),
    ({"empire": OCEANIA, "face": "A"}, Refusal.EXPANSION_MISSING,
     "Nations of Oceania comes with the Corruption & Ascension expansion: add it to the "
     "game first"),
    ({"scenario": "1", "mode": "table", "players": 2, "required": (ZEPPELIN,)},
     Refusal.PLAYER_COUNT, "Scenarios are solo games: choose 1 player"),
    ({"scenario": "1", "face": "A", "required": (ZEPPELIN,)}, Refusal.EMPIRE_FACE,
     "Scenarios are played with Empire face B, not face A"),
    ({"scenario": "1", "face": "C", "variant_faces": True, "required": (ZEPPELIN,)},
     Refusal.EMPIRE_FACE, "Scenarios are played with Empire face B, not face C"),
    ({"scenario": "7"}, Refusal.SETUP, "Scenario 7 lists no required cards"),
    ({"required": (ZEPPELIN,)}, Refusal.SETUP, "Required cards come only with a scenario"),
    ({"scenario": "1", "required": (TOWER_OF_BABEL,)}, Refusal.EXPANSION_MISSING,
     "Tower of Babel belongs to the War or Peace expansion, which is not in this game"),
    ({"scenario": "1", "required": (ZEPPELIN, True)}, Refusal.MALFORMED,
     "A card is given by its number, not True"),
]


@pytest.mark.parametrize(("fields", "kind", "message"), REFUSED_SETUPS,
                         ids=[message for _, _, message in REFUSED_SETUPS])
def test_a_setup_the_rules_refuse_says_why(
        cards: Catalog, fields: dict[str, Any], kind: Refusal, message: str) -> None:
    with pytest.raises(Rejected) as refused:
        start_state(setup(**fields), cards)
    assert (refused.value.kind, str(refused.value)) == (kind, message)


def started(cards: Catalog, **fields: Any) -> GameState:
    state, events = start_state(setup(**fields), cards)
    assert events == []
    return state


@pytest.mark.parametrize(("fields", "mode", "players", "expansions"), [
    ({}, "solo", 1, ("base",)),
    ({"mode": "table", "players": 2}, "table", 2, ("base",)),
    ({"mode": "table", "players": 5}, "table", 5, ("base",)),
    ({"mode": "table", "players": 6, "expansions": ("ca",)}, "table", 6, ("base", "ca")),
    ({"mode": "table", "players": 7, "expansions": ("wop", "ca", "wop", "base")}, "table", 7,
     ("base", "wop", "ca")),
    ({"expansions": ()}, "solo", 1, ("base",)),
])
def test_an_accepted_setup_starts_with_those_players_and_expansions(
        cards: Catalog, fields: dict[str, Any], mode: str, players: int,
        expansions: tuple[str, ...]) -> None:
    state = started(cards, **fields)
    assert (state.mode, state.players, state.expansions) == (mode, players, expansions)
    assert (state.empire.name, state.empire.face, state.scenario) == (NORAM, "B", None)
    assert (state.round, state.krystallium, state.under_construction, state.next_uid) == (
        1, 0, [], 1)


def test_a_variant_face_is_played_only_when_asked_and_brings_its_krystallium(
        cards: Catalog) -> None:
    state = started(cards, face="C", variant_faces=True)  # Noram States C: 5 Krystallium
    assert (state.empire.face, state.krystallium) == ("C", 5)


def test_an_expansion_empire_is_played_with_its_expansion(cards: Catalog) -> None:
    state = started(cards, empire=OCEANIA, face="A", expansions=("ca",))
    assert (state.empire.name, state.expansions) == (OCEANIA, ("base", "ca"))


def test_a_scenario_starts_with_its_required_cards_under_construction(cards: Catalog) -> None:
    state, events = start_state(
        setup(scenario="3", required=(ZEPPELIN, FINANCIAL_CENTER, ZEPPELIN)), cards)
    assert [(e.kind, str(e), e.params) for e in events] == [
        ("construct", "Zeppelin is under construction", {"card": "Zeppelin", "uid": 1}),
        ("construct", "Financial Center is under construction",
         {"card": "Financial Center", "uid": 2}),
        ("construct", "Zeppelin is under construction", {"card": "Zeppelin", "uid": 3}),
    ]
    assert [(c.uid, c.card.name) for c in state.under_construction] == [
        (1, "Zeppelin"), (2, "Financial Center"), (3, "Zeppelin")]
    assert (state.scenario, state.next_uid, state.drafted) == ("3", 4, 0)


@pytest.mark.parametrize(("required", "message"), [
    ((SECRET_LABORATORY,) * 3, "The deck has 2 copies of Secret Laboratory, all already in "
     "your Empire or under construction"),
    ((ZEPPELIN, TOWER_OF_BABEL, TOWER_OF_BABEL), "The deck has 1 Tower of Babel, already in "
     "your Empire or under construction"),
])
def test_a_setup_asking_for_more_copies_than_the_deck_holds_is_refused(
        cards: Catalog, required: tuple[int, ...], message: str) -> None:
    with pytest.raises(Rejected) as refused:
        check_new_start(setup(scenario="1", required=required), cards)
    assert (refused.value.kind, str(refused.value)) == (Refusal.NO_COPY_LEFT, message)


@pytest.mark.parametrize("required", [
    (SECRET_LABORATORY,) * 2,  # every copy the deck has, and no more
    ("Secret Laboratory",) * 3,  # not card numbers: the setup itself refuses those
    (True,) * 6,  # True is no card number, though Python counts it as 1
    (),
])
def test_a_setup_within_the_deck_passes_the_copies_check(
        cards: Catalog, required: tuple[Any, ...]) -> None:
    check_new_start(setup(scenario="1", required=required), cards)
