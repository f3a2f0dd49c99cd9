"""The game's things in the player's words (`companion.usecases.labels`), in English and in
French, whose plural starts at 2 ("0 Général", "2 Généraux") where English's starts at 0:
a form chosen by the wrong number shows in one of the two.

Each case holds the whole text a player reads: on the Undo button, in an event of the
game's log, in the "?" of a number.
"""

from __future__ import annotations

import pytest

from companion.i18n import set_language
from companion.rules.actions import (
    Action,
    ChooseScience,
    Construct,
    Discard,
    End,
    NextStep,
    Opponents,
    Place,
    PlaceCharacter,
    Recycle,
    Rivals,
    SpendKrystallium,
    Start,
    Together,
)
from companion.rules.cards import CardType, Expansion, Resource, SlotKind, Token
from companion.rules.construction import FreeSlots
from companion.rules.reasons import Reason
from companion.rules.scenarios import Medal
from companion.rules.scoring import SoloRank, TieBreak
from companion.shipped.catalog import Catalog
from companion.usecases.labels import (
    amount_words,
    card_name,
    describe_action,
    empire_label,
    expansion_name,
    medal_label,
    message,
    reason_text,
    resource_label,
    resource_letter,
    resource_name,
    solo_rank_label,
    tie_break_label,
    translate_params,
    type_name,
    word_in_number,
)

KINDS: list[SlotKind] = [*Resource, *Token]
"""Materials, Energy, Science, Gold, Exploration, Krystallium, Financier, General."""


@pytest.mark.parametrize(("language", "names", "letters"), [
    ("en", ["Materials", "Energy", "Science", "Gold", "Exploration", "Krystallium",
            "Financier", "General"], ["M", "E", "S", "G", "X", "K", "Fin", "Gen"]),
    ("fr", ["Matériaux", "Énergie", "Science", "Or", "Exploration", "Krystallium",
            "Financier", "Général"], ["M", "E", "S", "O", "X", "K", "Fin", "Gén"]),
    # Wissenschaft, Ciência and Investidor: the other letters that differ from English's.
    ("de", ["Material", "Energie", "Wissenschaft", "Gold", "Erkundung", "Krystallium",
            "Finanzier", "General"], ["M", "E", "W", "G", "X", "K", "Fin", "Gen"]),
    ("pt", ["Materiais", "Energia", "Ciência", "Ouro", "Exploração", "Krystallium",
            "Investidor", "General"], ["M", "E", "C", "O", "X", "K", "Inv", "Gen"]),
])
def test_resource_and_token_names(language: str, names: list[str], letters: list[str]) -> None:
    set_language(language)
    assert [resource_name(kind) for kind in KINDS] == names
    assert [resource_label(kind) for kind in KINDS] == names
    assert [resource_letter(kind) for kind in KINDS] == letters


@pytest.mark.parametrize(("language", "amounts"), [
    ("en", [["0 Materials", "1 Material", "2 Materials"], ["0 Energy", "1 Energy", "2 Energy"],
            ["0 Science", "1 Science", "2 Science"], ["0 Gold", "1 Gold", "2 Gold"],
            ["0 Exploration", "1 Exploration", "2 Exploration"],
            ["0 Krystallium", "1 Krystallium", "2 Krystallium"],
            ["0 Financiers", "1 Financier", "2 Financiers"],
            ["0 Generals", "1 General", "2 Generals"]]),
    ("fr", [["0 Matériau", "1 Matériau", "2 Matériaux"], ["0 Énergie", "1 Énergie", "2 Énergie"],
            ["0 Science", "1 Science", "2 Science"], ["0 Or", "1 Or", "2 Or"],
            ["0 Exploration", "1 Exploration", "2 Exploration"],
            ["0 Krystallium", "1 Krystallium", "2 Krystallium"],
            ["0 Financier", "1 Financier", "2 Financiers"],
            ["0 Général", "1 Général", "2 Généraux"]]),
])
def test_amounts_in_words(language: str, amounts: list[list[str]]) -> None:
    set_language(language)
    assert [[amount_words(kind, n) for n in (0, 1, 2)] for kind in KINDS] == amounts
    assert [[word_in_number(kind, n) for n in (0, 1, 2)] for kind in KINDS] == [
        [text.split(" ", 1)[1] for text in row] for row in amounts]


@pytest.mark.parametrize(("language", "words"), [
    ("en", ["Generals", "Financiers", "Materials", "Energy"]),
    ("fr", ["Généraux", "Financiers", "Matériaux", "Énergie"]),
    ("de", ["Generäle", "Finanziers", "Material", "Energie"]),
])
def test_the_word_after_a_number_written_with_thousands(language: str,
                                                        words: list[str]) -> None:
    """"1,000 Generals": the grouped number is not taken for a singular word."""
    set_language(language)
    kinds = [Token.GENERAL, Token.FINANCIER, Resource.MATERIALS, Resource.ENERGY]
    assert [word_in_number(kind, 1000) for kind in kinds] == words
    assert word_in_number(Token.GENERAL, 999) == words[0]


@pytest.mark.parametrize(("language", "types", "boxes", "ranks", "medals", "ties"), [
    ("en", ["Structure", "Vehicle", "Research", "Project", "Discovery", "Memorial"],
     ["Base game", "Corruption & Ascension", "War or Peace"],
     ["Apprentice", "Dictator", "Emperor", "Living God"],
     ["no medal", "bronze", "silver", "gold"],
     ["more built cards", "more character tokens", "shared place"]),
    ("fr", ["Structure", "Véhicule", "Recherche", "Projet", "Découverte", "Mémorial"],
     ["Jeu de base", "Corruption & Ascension", "Guerre ou Paix"],
     ["Apprenti", "Dictateur", "Empereur", "Dieu vivant"],
     ["aucune médaille", "bronze", "argent", "or"],
     ["plus de cartes construites", "plus de jetons Personnage", "place partagée"]),
])
def test_names_of_things(language: str, types: list[str], boxes: list[str], ranks: list[str],
                         medals: list[str], ties: list[str]) -> None:
    set_language(language)
    assert [type_name(card_type) for card_type in CardType] == types
    assert [expansion_name(box) for box in Expansion] == boxes
    assert [solo_rank_label(rank) for rank in SoloRank] == ranks
    assert [medal_label(medal) for medal in (None, *Medal)] == medals
    assert [tie_break_label(reason) for reason in TieBreak] == ties


def test_a_rank_the_solo_setup_does_not_name_is_still_translated(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The ranks' names come from the solo setup file; without it, from the catalogs."""

    def unreadable() -> None:
        raise OSError("solo setup missing")

    monkeypatch.setattr("companion.shipped.scenarios.solo_setup", unreadable)
    set_language("fr")
    assert [solo_rank_label(rank) for rank in SoloRank] == [
        "Apprenti", "Dictateur", "Empereur", "Dieu vivant"]


def test_an_empire_with_one_face_in_the_catalog(cards: Catalog) -> None:
    only_a = Catalog(cards=cards.cards, empires=tuple(
        face for face in cards.empires if face.name != "Noram States" or face.face == "A"))
    set_language("fr")
    assert empire_label(only_a, "Noram States") == "États du Noram"


def test_empires_and_cards_by_their_names_in_the_language(cards: Catalog) -> None:
    assert (empire_label(cards, "Noram States"), card_name(cards, 6)) == (
        "Noram States", "Recycling Plant")
    set_language("fr")
    assert (empire_label(cards, "Noram States"), card_name(cards, 6)) == (
        "États du Noram", "Usine de Recyclage")
    # A name or number the catalog does not hold (an old save, a damaged file) as it is.
    assert (empire_label(cards, "Zebra"), card_name(cards, 999)) == (
        "Zebra", "carte n°999")
    set_language("en")
    assert card_name(cards, 999) == "card #999"


CONSTRUCTIONS = {7: 6, 8: 999}
"""Construction number → card: 7 is a Recycling Plant, 8 a card the catalog lacks."""

ACTIONS: list[tuple[Action, str, str]] = [
    (Start(empire="Noram States", face="B"), "Set up Noram States (face B)",
     "Mise en place : États du Noram (face B)"),
    (Start(empire="Zebra"), "Set up Zebra (face A)", "Mise en place : Zebra (face A)"),
    (Construct(card=6), "Build Recycling Plant", "Construire Usine de Recyclage"),
    (Construct(card=999), "Build card #999", "Construire carte n°999"),
    (Recycle(card=6), "Recycle Recycling Plant onto your Empire",
     "Recycler Usine de Recyclage sur votre Empire"),
    (Recycle(card=6, onto=7), "Recycle Recycling Plant onto Recycling Plant",
     "Recycler Usine de Recyclage sur Usine de Recyclage"),
    (Recycle(card=6, onto=9), "Recycle Recycling Plant onto card 9",
     "Recycler Usine de Recyclage sur carte 9"),
    (NextStep(), "Go to the next step", "Passer à l'étape suivante"),
    (Opponents(totals=(3, 12)), "Other players' totals: 3, 12",
     "Totaux des autres joueurs : 3, 12"),
    (Rivals(reaching=0), "Nobody else reaches your total",
     "Personne d'autre n'atteint votre total"),
    (Rivals(reaching=2), "Others at or above your total: 2",
     "Autres joueurs à votre total ou au-dessus : 2"),
    (ChooseScience(token="Fin"), "Take a Financier for Science",
     "Prendre un Financier pour la Science"),
    (ChooseScience(token="Gen"), "Take a General for Science",
     "Prendre un Général pour la Science"),
    (Place(count=2), "Place 2 on your Empire", "Placer 2 sur votre Empire"),
    (Place(onto=7, count=1), "Place 1 on Recycling Plant", "Placer 1 sur Usine de Recyclage"),
    (Place(onto=8, count=3), "Place 3 on card #999", "Placer 3 sur carte n°999"),
    (SpendKrystallium(onto=7, slot="E", count=2), "Spend 2 Krystallium on Recycling Plant",
     "Dépenser 2 Krystallium sur Usine de Recyclage"),
    (PlaceCharacter(onto=7, token="Gen", count=2), "Place 2 Generals on Recycling Plant",
     "Placer 2 Généraux sur Usine de Recyclage"),
    (PlaceCharacter(onto=7, token="Fin"), "Place 1 Financier on Recycling Plant",
     "Placer 1 Financier sur Usine de Recyclage"),
    (Discard(construction=7), "Discard Recycling Plant", "Défausser Usine de Recyclage"),
    (Discard(construction=9), "Discard card 9", "Défausser carte 9"),
    (End(), "End the game", "Terminer la partie"),
    (Together(parts=(Place(onto=7, count=2), Place(count=1))),
     "Place 3 cubes: 2 on Recycling Plant, 1 on your Empire",
     "Placer 3 cubes : 2 sur Usine de Recyclage, 1 sur votre Empire"),
    (Together(parts=(Place(onto=7, count=1),)), "Place 1 cube: 1 on Recycling Plant",
     "Placer 1 cube : 1 sur Usine de Recyclage"),
    (Together(parts=(Place(count=0),)), "Place 0 cubes: 0 on your Empire",
     "Placer 0 cube : 0 sur votre Empire"),
    (Together(parts=(Place(onto=7, count=2), PlaceCharacter(onto=7, token="Fin"))),
     "2 moves at once: Place 2 on Recycling Plant; Place 1 Financier on Recycling Plant",
     "2 coups à la fois : Placer 2 sur Usine de Recyclage; Placer 1 Financier sur Usine de "
     "Recyclage"),
    (Together(parts=(SpendKrystallium(onto=7, slot="E"),)),
     "1 move at once: Spend 1 Krystallium on Recycling Plant",
     "1 coup à la fois : Dépenser 1 Krystallium sur Usine de Recyclage"),
]


def test_an_action_of_no_known_kind(cards: Catalog) -> None:
    """A kind of move this version does not know (a newer app's save) is still named."""
    unknown: Action = object()  # type: ignore[assignment]
    assert describe_action(unknown, cards, {}) == "Last action"
    set_language("fr")
    assert describe_action(unknown, cards, {}) == "Dernière action"


@pytest.mark.parametrize(("action", "english", "french"), ACTIONS)
def test_what_the_undo_button_names(cards: Catalog, action: Action, english: str,
                                    french: str) -> None:
    assert describe_action(action, cards, CONSTRUCTIONS) == english
    set_language("fr")
    assert describe_action(action, cards, CONSTRUCTIONS) == french


def test_a_message_s_parameters_in_the_player_s_words() -> None:
    params = {"token": "Financier", "amount": 2, "resource": "Materials", "x": "Energy",
              "slots": FreeSlots(((Resource.ENERGY, 2), (Token.GENERAL, 1))),
              "empty": FreeSlots(()), "phase": "Planning", "box": "base game",
              "card": "Wind Turbines", "empire": "Noram States", "n": 3, "other": "Zebra"}
    assert translate_params(params) == params | {"token": "Financiers",
                                                 "slots": "2 Energy, 1 General",
                                                 "empty": "none"}
    set_language("fr")
    assert translate_params(params) == params | {
        "token": "Financiers", "resource": "Matériaux", "x": "Énergie",
        "slots": "2 Énergie, 1 Général", "empty": "aucune", "phase": "Planification",
        "box": "jeu de base", "card": "Éoliennes", "empire": "États du Noram"}
    # One of a token: its singular; an amount that is no whole number names no form.
    assert translate_params({"token": "General", "amount": 1}) == {"token": "Général",
                                                                   "amount": 1}
    assert translate_params({"token": "General", "amount": "2"}) == {"token": "Général",
                                                                     "amount": "2"}
    assert translate_params({"resource": "Materials", "amount": 1}) == {
        "resource": "Matériau", "amount": 1}
    # A player may be named like an Empire: only an "empire" is an Empire.
    assert translate_params({"player": "Aztec Empire", "winner": "Noram States"}) == {
        "player": "Aztec Empire", "winner": "Noram States"}
    # What no catalog names stays as the rules wrote it.
    assert translate_params({"card": "Zebra", "empire": "Zebra", "token": "Zebra",
                             "card_count": 2}) == {"card": "Zebra", "empire": "Zebra",
                                                   "token": "Zebra", "card_count": 2}


@pytest.mark.parametrize(("params", "english", "french"), [
    ({"card": "Wind Turbines", "amount": 2, "token": "General"},
     "Wind Turbines gives 2 Generals", "Éoliennes donne 2 Généraux"),
    ({"card": "Wind Turbines", "amount": 1, "token": "Financier"},
     "Wind Turbines gives 1 Financier", "Éoliennes donne 1 Financier"),
    ({"card": "Zebra", "amount": 3, "token": "Krystallium"},
     "Zebra gives 3 Krystallium", "Zebra donne 3 Krystallium"),
])
def test_an_event_in_the_player_s_words(params: dict[str, object], english: str,
                                        french: str) -> None:
    assert message("{card} gives {amount} {token}", params) == english
    set_language("fr")
    assert message("{card} gives {amount} {token}", params) == french


EVERY = "{resource}/{rank}/{per}/{first}/{second}/{medal}/{card}/{bonus}"
"""A template naming every parameter a reason's words translate (one the catalogs lack, so
each language reads it as written, with the parameters in its words)."""


@pytest.mark.parametrize(("params", "english", "french"), [
    ({"resource": "Gold", "rank": "Living God", "per": "General", "first": "Vehicle",
      "second": "Energy", "medal": "silver", "card": "Wind Turbines",
      "bonus": ((2, Token.GENERAL), (1, Resource.MATERIALS), (3, Token.KRYSTALLIUM))},
     "Gold/Living God/General/Vehicle/Energy/silver/Wind Turbines/2 Generals, 1 Material, "
     "3 Krystallium",
     "Or/Dieu vivant/Général/Véhicule/Énergie/argent/Éoliennes/2 Généraux, 1 Matériau, "
     "3 Krystallium"),
    ({"resource": "Materials", "rank": "Apprentice", "per": "Discovery", "first": "Gold",
      "second": "Project", "medal": "gold", "card": "Recycling Plant",
      "bonus": ((1, Token.FINANCIER),)},
     "Materials/Apprentice/Discovery/Gold/Project/gold/Recycling Plant/1 Financier",
     "Matériaux/Apprenti/Découverte/Or/Projet/or/Usine de Recyclage/1 Financier"),
    # Words the rules do not name are kept as they are.
    ({"resource": "Nope", "rank": "Nope", "per": "Nope", "first": 3, "second": None,
      "medal": "tin", "card": "Nope", "bonus": "2 G"},
     "Nope/Nope/Nope/3/None/tin/Nope/2 G", "Nope/Nope/Nope/3/None/tin/Nope/2 G"),
])
def test_a_reason_in_the_player_s_words(params: dict[str, object], english: str,
                                        french: str) -> None:
    reason = Reason("score", EVERY, params)
    assert reason_text(reason) == english
    set_language("fr")
    assert reason_text(reason) == french
    assert reason.params == params, "the rules' reason is left as it was"


def test_english_shows_the_rules_own_words() -> None:
    """The rules write English: in English no catalog is asked, so a name reads exactly
    as the rules wrote it (here a French one, lower case)."""
    params = {"card": "éoliennes"}
    assert translate_params(params) == params
    assert reason_text(Reason("score", "{card}", {"card": "éoliennes"})) == "éoliennes"
    set_language("fr")
    assert translate_params(params) == {"card": "Éoliennes"}
    assert reason_text(Reason("score", "{card}", {"card": "éoliennes"})) == "Éoliennes"
    # A card given by number is no name to look up.
    assert reason_text(Reason("score", "{card}", {"card": 9})) == "9"
