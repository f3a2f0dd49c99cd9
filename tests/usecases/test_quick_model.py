"""Quick score without a screen (`companion.usecases.quick_model`): players added and
dropped, each Empire dealt once, one face for the table, the box's copies shared, and the
record the history keeps, field by field.

Apolline's tableau is the rulebook's score board (examples.md, example 6): Aztec Empire
B, nine cards and 3 Generals, 61 points: raw 12, combo 9, duos 10 + 27, Generals 3."""

from __future__ import annotations

import re
from typing import Any

import pytest

from companion.i18n import set_language
from companion.rules.errors import Refusal, Rejected
from companion.rules.scoring import TieBreak
from companion.shipped.catalog import catalog
from companion.usecases.quick_model import QuickScore, Tableau, default_name

CARDS = catalog()
APOLLINE = ("Luxury Clinic", "Mining Asteroid", "Border Patrol", "Offshore Laboratory",
            "Immortality", "Universal Exposition", "Mega-Bomb", "High-Security Prison",
            "Satellites")
STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00")


def card(name: str) -> int:
    return CARDS.card(name).id


def apolline(model: QuickScore, index: int = 0) -> Tableau:
    player = model.players[index]
    player.name, player.empire, player.face, player.generals = (
        "Apolline", "Aztec Empire", "B", 3)
    for name in APOLLINE:
        model.add_copy(index, CARDS.card(name))
    return player


def test_the_rulebooks_score_board_is_61() -> None:
    model = QuickScore()
    player = apolline(model)
    assert player.score(CARDS).as_dict() == {"raw": 12, "combo": 9, "duo": 37,
                                             "generals": 3, "financiers": 0, "total": 61}
    assert player.built_count() == 9
    assert [c.name for c in player.built(CARDS)] == list(APOLLINE)
    assert player.empire_face(CARDS).face == "B"
    assert player.standing(CARDS).total == 61


def test_players_are_added_with_the_first_free_empire_and_the_tables_face() -> None:
    model = QuickScore()
    assert [p.name for p in model.players] == ["Player 1"]
    assert model.empires == tuple(CARDS.empire_names()) and len(model.empires) == 7
    model.choose_face("B")
    model.choose_empire(0, model.empires[2])
    model.set_count(3)
    assert [(p.name, p.empire, p.face) for p in model.players] == [
        ("Player 1", model.empires[2], "B"), ("Player 2", model.empires[0], "B"),
        ("Player 3", model.empires[1], "B")]
    model.players[1].face = "A"  # only the first player's face is the table's
    model.set_count(4)
    assert model.players[3].face == "B"
    model.set_count(2)
    assert [p.name for p in model.players] == ["Player 1", "Player 2"]
    model.set_count(0)
    assert len(model.players) == 1
    model.set_count(99)
    assert len(model.players) == 7 and len({p.empire for p in model.players}) == 7


def test_an_eighth_empire_is_never_needed_but_would_be_the_default() -> None:
    model = QuickScore(empires=("Aztec Empire",))
    model.set_count(2)
    assert [p.empire for p in model.players] == ["Noram States", "Aztec Empire"]
    model = QuickScore(empires=("Noram States",))
    model.set_count(2)
    assert [p.empire for p in model.players] == ["Noram States", "Noram States"]


def test_an_empire_is_dealt_to_one_player() -> None:
    model = QuickScore()
    model.set_count(2)
    model.players[1].name = "Bo"
    taken = model.players[1].empire
    model.choose_empire(1, taken)  # one's own: nothing to refuse
    with pytest.raises(Rejected) as refused:
        model.choose_empire(0, taken)
    assert (refused.value.kind, str(refused.value)) == (
        Refusal.EMPIRE_TAKEN,
        f"{taken} is already Bo's Empire: each Empire card is dealt to one player")
    assert model.owner(0, taken) is model.players[1] and model.owner(1, taken) is None
    assert model.players[0].empire != taken
    model.choose_empire(0, model.empires[5])
    assert model.players[0].empire == model.empires[5]


def test_a_table_the_box_does_not_allow_is_refused_in_words() -> None:
    model = QuickScore()
    model.set_count(2)
    model.players[1].face = "A"
    model.players[0].face = "B"
    with pytest.raises(Rejected) as refused:
        model.check()
    assert refused.value.kind is Refusal.EMPIRE_FACE
    with pytest.raises(Rejected):
        model.to_record(CARDS, "q1")


def test_the_table_shares_one_box_of_each_card() -> None:
    model = QuickScore()
    model.set_count(2)
    plant = CARDS.card("Transportation Network")  # 2 copies
    model.add_copy(0, plant)
    model.add_copy(1, plant)
    assert model.counted(plant.id) == 2 and model.counted(card("Satellites")) == 0
    with pytest.raises(Rejected) as refused:
        model.add_copy(0, plant)
    assert (refused.value.kind, str(refused.value)) == (
        Refusal.NO_COPY_LEFT,
        "The box has 2 copies of Transportation Network, all already counted.")
    model.remove_copy(1, plant.id)
    model.remove_copy(1, plant.id)  # none left: nothing happens
    assert model.players[1].cards == {} and model.players[0].cards == {plant.id: 1}
    model.add_copy(0, plant)
    assert model.players[0].cards == {plant.id: 2}
    model.remove_copy(0, plant.id)
    assert model.players[0].cards == {plant.id: 1}


def test_a_tableau_counts_its_copies_and_forgets_a_card_at_none() -> None:
    player = Tableau("Ana")
    player.add(8)
    player.add(8)
    player.add(9, 3)
    assert player.cards == {8: 2, 9: 3} and player.built_count() == 5
    player.add(9, -3)
    player.add(8, -1)
    assert player.cards == {8: 1}
    player.add(8, -5)
    player.add(9, -1)  # a card it never had
    assert player.cards == {}


def test_equal_totals_are_told_apart_by_cards_then_characters_else_shared() -> None:
    model = QuickScore()
    model.set_count(4)
    model.players[1].add(card("Recycling Plant"))  # 0 points, one more card
    model.players[2].generals = 1
    model.players[2].add(card("Wind Turbines"))
    assert model.players[2].score(CARDS).total == 1
    assert model.ranking(CARDS) == [(2, 1), (1, 2), (0, 3), (3, 3)]
    assert model.tie_breaks(CARDS) == {1: (TieBreak.BUILT_CARDS,),
                                       0: (TieBreak.SHARED,), 3: (TieBreak.SHARED,)}


def test_characters_tell_apart_equal_totals_of_as_many_cards() -> None:
    model = QuickScore()
    model.set_count(2)
    model.choose_face("B")
    tokens, animals = model.players
    tokens.add(card("Recycling Plant"))  # no points: its points are its 2 characters
    tokens.generals, tokens.financiers = 1, 1
    animals.add(card("Robotic Animals"))  # 2 points, no character
    assert [p.score(CARDS).total for p in model.players] == [2, 2]
    assert model.ranking(CARDS) == [(0, 1), (1, 2)]
    assert model.tie_breaks(CARDS) == {0: (TieBreak.CHARACTERS,)}


def record_of(model: QuickScore, **options: Any) -> dict[str, Any]:
    record = model.to_record(CARDS, "q1", **options)
    assert STAMP.fullmatch(record["created"]) and record["updated"] == record["created"]
    return {key: value for key, value in record.items() if key not in ("created", "updated")}


def test_a_quick_score_is_kept_with_every_tableau_and_its_setup() -> None:
    model = QuickScore()
    model.set_count(2)
    apolline(model, 1)
    bo = model.players[0]
    bo.name, bo.empire, bo.face, bo.financiers = "Bo", "Panafrican Union", "B", 2
    bo.add(card("Recycling Plant"))
    bo_score = bo.score(CARDS).as_dict()
    assert bo_score["financiers"] == 2
    assert record_of(model, me=1, from_game="g7") == {
        "id": "q1", "kind": "quick-score", "mode": "table", "players": ["Bo", "Apolline"],
        "empires": ["Panafrican Union", "Aztec Empire"], "scenario": None, "finished": True,
        "score": {"raw": 12, "combo": 9, "duo": 37, "generals": 3, "financiers": 0,
                  "total": 61, "name": "Apolline"},
        "tableaux": [
            {"name": "Bo", "empire": "Panafrican Union", "face": "B",
             "cards": [[card("Recycling Plant"), 1]], "generals": 0, "financiers": 2,
             "score": bo_score, "place": 2},
            {"name": "Apolline", "empire": "Aztec Empire", "face": "B",
             "cards": [[card(name), 1] for name in APOLLINE], "generals": 3,
             "financiers": 0, "score": {"raw": 12, "combo": 9, "duo": 37, "generals": 3,
                                        "financiers": 0, "total": 61}, "place": 1}],
        "me": 1, "expansions": ["base", "ca"], "from_game": "g7", "version": 1,
        "actions": [{"type": "start", "empire": "Panafrican Union", "face": "B",
                     "mode": "table", "players": 2, "scenario": None, "required": [],
                     "expansions": ["base", "ca"], "variant_faces": False}],
        "redo": []}


@pytest.mark.parametrize(("me", "kept"), [(0, 0), (2, 2), (None, None), (3, None),
                                          (-1, None)])
def test_the_apps_own_player_is_one_of_the_tableaux_or_none(me: int | None,
                                                             kept: int | None) -> None:
    model = QuickScore()
    model.set_count(3)
    record = record_of(model, me=me)
    assert record["me"] == kept and "from_game" not in record


def test_a_shared_first_place_names_the_first_player_as_the_record_winner() -> None:
    model = QuickScore()
    model.set_count(3)
    model.players[2].add(card("Recycling Plant"))
    model.players[1].add(card("Wind Turbines"))
    record = record_of(model)
    assert [t["place"] for t in record["tableaux"]] == [3, 1, 1]
    assert record["score"]["name"] == "Player 2"


def test_a_quick_score_alone_is_a_solo_game_with_its_rank() -> None:
    model = QuickScore()
    apolline(model)
    record = record_of(model)
    assert record["mode"] == "solo" and record["actions"][0]["mode"] == "solo"
    assert record["actions"][0]["players"] == 1
    assert record["tableaux"][0]["solo_rank"] == "Dictator"  # 61 on face B
    model.players[0].face = "C"
    assert record_of(model)["tableaux"][0]["solo_rank"] is None  # a variant face
    model.set_count(2)
    assert "solo_rank" not in record_of(model)["tableaux"][0]


def test_an_empire_of_an_expansion_says_the_game_was_played_with_it() -> None:
    model = QuickScore()
    model.set_count(2)
    model.choose_empire(1, "Nations of Oceania")
    assert record_of(model)["expansions"] == ["base", "ca"]


def test_six_players_need_corruption_and_ascension_and_say_so() -> None:
    model = QuickScore()
    model.set_count(6)
    record = record_of(model)
    assert record["expansions"] == ["base", "ca"]
    assert record["actions"][0]["expansions"] == ["base", "ca"]
    model.set_count(5)
    assert record_of(model)["expansions"] == ["base"]


def test_a_new_player_is_named_in_the_players_language() -> None:
    assert (default_name(0), default_name(6)) == ("Player 1", "Player 7")
    set_language("fr")
    assert default_name(1) == "Joueur 2"
