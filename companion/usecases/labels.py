"""Words for the game's things in the player's language: Empires, ranks, actions, events.

The rules speak English (their messages are translation keys); this module is where
names of things become the player's words, so screens never build sentences themselves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.i18n import language, quantity, t, tc, tn
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
from companion.rules.cards import CardType, Expansion, Resource, SlotKind, Token, slot_kind
from companion.rules.construction import SLOT_BY_NAME, FreeSlots
from companion.rules.engine import EXPANSION_TITLES, PHASE_NAMES
from companion.rules.errors import Rejected
from companion.rules.reasons import Reason
from companion.rules.scenarios import Medal
from companion.rules.scoring import SoloRank, TieBreak
from companion.shipped.catalog import Catalog

ENGLISH_RESOURCE: dict[str, SlotKind] = SLOT_BY_NAME
"""The English resource and token names the rules' messages carry, back to their kind."""


def resource_label(kind: SlotKind) -> str:
    return resource_name(kind)


def resource_name(kind: SlotKind) -> str:
    """The translated name of a resource, or of one token (singular)."""
    names = {
        Resource.MATERIALS: t("Materials"),
        Resource.ENERGY: t("Energy"),
        Resource.SCIENCE: t("Science"),
        Resource.GOLD: t("Gold"),
        Resource.EXPLORATION: t("Exploration"),
        Token.KRYSTALLIUM: t("Krystallium"),
        Token.FINANCIER: t("Financier"),
        Token.GENERAL: t("General"),
    }
    return names[kind]


def amount_words(kind: SlotKind, n: int) -> str:
    """`n` of a resource or token in words: "2 Materials", "1 General", "3 Generals"."""
    if kind is Token.GENERAL:
        return tn("{count} General", "{count} Generals", n)
    if kind is Token.FINANCIER:
        return tn("{count} Financier", "{count} Financiers", n)
    if kind is Resource.MATERIALS:  # the one resource with a plural: "1 Material"
        return tn("{count} Material", "{count} Materials", n)
    return t("{count} {resource}", count=n, resource=resource_name(kind))


def word_in_number(kind: SlotKind, n: int) -> str:
    """The name of a resource or token as it reads after the number `n` ("2 Financiers",
    "1 General"), for a message that places the number itself ("{amount} {token}")."""
    words = amount_words(kind, n)
    written = f"{quantity(n)} "
    return words[len(written):] if words.startswith(written) else resource_name(kind)


def type_name(card_type: CardType) -> str:
    """A card type in the player's language (the templates are the English names)."""
    return t(card_type.value)


def resource_letter(kind: SlotKind) -> str:
    """The short code of a resource or token on chips and card costs ("M2 E1"), in the
    player's language. The rulebooks print icons, not letters, so each language takes
    the initials of its rulebook's resource names (Or -> O, Ciencia -> C), keeping X for
    Exploration where its initial is Energy's, as the English codes do."""
    letters = {
        Resource.MATERIALS: tc("resource letter", "M"),
        Resource.ENERGY: tc("resource letter", "E"),
        Resource.SCIENCE: tc("resource letter", "S"),
        Resource.GOLD: tc("resource letter", "G"),
        Resource.EXPLORATION: tc("resource letter", "X"),
        Token.KRYSTALLIUM: tc("resource letter", "K"),
        Token.FINANCIER: tc("resource letter", "Fin"),
        Token.GENERAL: tc("resource letter", "Gen"),
    }
    return letters[kind]


def expansion_name(expansion: Expansion) -> str:
    """The box's name in the player's language, as its rulebook prints it."""
    return {
        Expansion.BASE: t("Base game"),
        Expansion.CORRUPTION_ASCENSION: t("Corruption & Ascension"),
        Expansion.WAR_OR_PEACE: t("War or Peace"),
    }[expansion]


def empire_label(catalog: Catalog, name: str) -> str:
    try:
        faces = [f for f in catalog.empires if f.name == name]
        return faces[0].name_in(language()) if faces else name
    except Exception:
        return name


def solo_rank_label(rank: SoloRank) -> str:
    try:
        from companion.shipped.scenarios import solo_setup

        for entry in solo_setup().ranks:
            if entry.name_in("en") == rank.value:
                return entry.name_in(language())
    except Exception:
        pass
    return t(rank.value)


def medal_label(medal: Medal | None) -> str:
    if medal is None:
        return t("no medal")
    return {Medal.BRONZE: t("bronze"), Medal.SILVER: t("silver"), Medal.GOLD: t("gold")}[medal]


def card_name(catalog: Catalog, card_id: int) -> str:
    try:
        return catalog.card(card_id).name_in(language())
    except Rejected:
        return t("card #{number}", number=card_id)


def _target(catalog: Catalog, uid: int | None, cards: Mapping[int, int]) -> str:
    if uid is None:
        return t("your Empire")
    card_id = cards.get(uid)
    return card_name(catalog, card_id) if card_id is not None else t("card {uid}", uid=uid)


def _token(code: str, count: int = 1) -> str:
    """A token's name as it reads after `count` ("2 Generals")."""
    try:
        return word_in_number(slot_kind(code), count)
    except ValueError:
        return code


def describe_action(action: Action, catalog: Catalog, cards: Mapping[int, int]) -> str:
    """What an action did, for the undo/redo buttons ("Undo: place 2 Energy on ...")."""
    match action:
        case Start(empire=empire, face=face):
            return t("Set up {empire} (face {face})", empire=empire_label(catalog, empire),
                     face=face)
        case Construct(card=card):
            return t("Build {card}", card=card_name(catalog, card))
        case Recycle(card=card, onto=onto):
            return t("Recycle {card} onto {target}", card=card_name(catalog, card),
                     target=_target(catalog, onto, cards))
        case NextStep():
            return t("Go to the next step")
        case Opponents(totals=totals):
            return t("Other players' totals: {totals}",
                     totals=", ".join(str(x) for x in totals))
        case Rivals(reaching=0):
            return t("Nobody else reaches your total")
        case Rivals(reaching=reaching):
            return t("Others at or above your total: {count}", count=reaching)
        case ChooseScience(token=token):
            return t("Take a {token} for Science", token=_token(token))
        case Place(onto=onto, count=count):
            return t("Place {count} on {target}", count=count,
                     target=_target(catalog, onto, cards))
        case SpendKrystallium(onto=onto, count=count):
            return t("Spend {count} Krystallium on {target}", count=count,
                     target=_target(catalog, onto, cards))
        case PlaceCharacter(onto=onto, token=token, count=count):
            return t("Place {count} {token} on {target}", count=count,
                     token=_token(token, count),
                     target=_target(catalog, onto, cards))
        case Discard(construction=uid):
            return t("Discard {card}", card=_target(catalog, uid, cards))
        case End():
            return t("End the game")
        case Together(parts=parts):
            return _together_label(parts, catalog, cards)
    return t("Last action")


def _together_label(parts: tuple[Action, ...], catalog: Catalog,
                    cards: Mapping[int, int]) -> str:
    """One tap's moves named as one step: "Place 3 cubes: 2 on Wind Turbines, 1 on your
    Empire"; moves of other kinds each as their own button would name them."""
    placed = [part for part in parts if isinstance(part, Place)]
    if len(placed) == len(parts):
        where = ", ".join(t("{count} on {target}", count=part.count,
                            target=_target(catalog, part.onto, cards)) for part in placed)
        return tn("Place {count} cube: {where}", "Place {count} cubes: {where}",
                  sum(part.count for part in placed), where=where)
    return tn("{count} move at once: {moves}", "{count} moves at once: {moves}", len(parts),
              moves="; ".join(describe_action(part, catalog, cards) for part in parts))


RULE_WORDS = frozenset([*PHASE_NAMES.values(), *EXPANSION_TITLES.values()])
"""Words the rules put in their messages that are translated as they are."""


def translate_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """The rules' messages name resources, cards and phases in English: show the player's."""
    result: dict[str, Any] = {}
    amount = params.get("amount")
    for key, value in params.items():
        if key in ("token", "resource") and value in ENGLISH_RESOURCE and isinstance(amount,
                                                                                   int):
            result[key] = word_in_number(ENGLISH_RESOURCE[value], amount)  # "2 Financiers"
        elif isinstance(value, str) and value in ENGLISH_RESOURCE:
            result[key] = resource_label(ENGLISH_RESOURCE[value])
        elif isinstance(value, FreeSlots):
            result[key] = (", ".join(f"{n} {resource_label(kind)}" for kind, n in value.slots)
                           or t("none"))
        elif isinstance(value, str) and value in RULE_WORDS:
            result[key] = t(value)
        elif key == "card" and isinstance(value, str) and language() != "en":
            result[key] = _card_in_language(value)
        elif key == "empire" and isinstance(value, str) and language() != "en":
            result[key] = _empire_in_language(value)
        else:
            result[key] = value
    return result


def _empire_in_language(name: str) -> str:
    from companion.shipped.catalog import catalog

    return empire_label(catalog(), name)


def _card_in_language(name: str) -> str:
    from companion.shipped.catalog import catalog

    try:
        return catalog().card(name).name_in(language())
    except Rejected:
        return name


def message(template: str, params: Mapping[str, Any]) -> str:
    """A rules message (event or refusal) in the player's language."""
    return t(template, **translate_params(params))


def tie_break_label(reason: TieBreak) -> str:
    """Why a player is placed ahead of, or with, another player of the same total."""
    words = {
        TieBreak.BUILT_CARDS: t("more built cards"),
        TieBreak.CHARACTERS: t("more character tokens"),
        TieBreak.SHARED: t("shared place"),
    }
    return words[reason]


def reason_text(reason: Reason) -> str:
    """Why the rules decided a number (`companion.rules.reasons`), in the player's words:
    the resource, the rank and the medal it names are the player's language's too."""
    params = dict(reason.params)
    resource = params.get("resource")
    if isinstance(resource, str) and resource in ENGLISH_RESOURCE:
        params["resource"] = resource_name(ENGLISH_RESOURCE[resource])
    rank = params.get("rank")
    if isinstance(rank, str) and rank in {r.value for r in SoloRank}:
        params["rank"] = solo_rank_label(SoloRank(rank))
    for key in ("per", "first", "second"):  # what a card's points count
        named = params.get(key)
        if isinstance(named, str) and named in ENGLISH_RESOURCE:
            params[key] = resource_name(ENGLISH_RESOURCE[named])
        elif isinstance(named, str) and named in {c.value for c in CardType}:
            params[key] = type_name(CardType(named))
    medal = params.get("medal")
    if isinstance(medal, str) and medal in {m.value for m in Medal}:
        params["medal"] = medal_label(Medal(medal))
    card = params.get("card")
    if isinstance(card, str) and language() != "en":
        params["card"] = _card_in_language(card)
    bonus = params.get("bonus")
    if isinstance(bonus, tuple):  # a construction bonus: ((amount, token), ...)
        params["bonus"] = ", ".join(amount_words(token, amount) for amount, token in bonus)
    return t(reason.template, **params)
