"""Why a number is what it is: the rule that decided it, with this game's numbers.

Players argue about rules at the table ("a tie gives it to nobody?"). Each function here
returns a `Reason`: the rulebook topic that applies (its page in the Rules section) and
an English sentence with the game's own numbers as parameters, which the screens and the
command line translate like any rules message. The rules decide, here as elsewhere: the
sentence is chosen from what `supremacy_winners`, `solo_rank` and `medal_for` decide,
never worked out a second way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from companion.rules.cards import Card, CardType, Points, Resource, Token
from companion.rules.construction import SLOT_NAMES
from companion.rules.plural import Plural
from companion.rules.scenarios import MEDAL_ORDER, Thresholds, medal_for
from companion.rules.scoring import (
    FACE_A_ADJUSTMENT,
    RULEBOOK_FACES,
    SOLO_RANKS,
    Standing,
    counted,
    ranking,
    solo_adjusted,
    solo_rank,
)
from companion.rules.supremacy import (
    MAX_PLAYERS_BASE,
    supremacy_winners,
)

KRYSTALLIUM_CUBES = 5
"""Resource cubes on the Empire card that make one Krystallium."""

EVENT_TOPICS: dict[str, str] = {
    "recycle": "planning",
    "construct": "planning",
    "discard": "construction",
    "built": "construction",
    "bonus": "construction",
    "krystallium": "krystallium",
    "supremacy": "supremacy",
    "no-supremacy": "supremacy",
    "supremacy-choice": "supremacy",
    "step": "production",
    "tokens": "war-or-peace",
    "finished": "score",
}
"""The rulebook topic behind each kind of event the rules report (`moves.Event.kind`)."""


@dataclass(frozen=True, slots=True)
class Reason:
    """A decision of the rules in words: `template` (English) with `params` filled in."""

    topic: str
    """The rulebook topic that applies (`companion.shipped.rulebook`), e.g. "supremacy"."""
    template: str
    params: Mapping[str, object] = field(default_factory=dict)


def _totals(totals: Sequence[tuple[str, int]]) -> str:
    return ", ".join(f"{name} {total}" for name, total in totals)


def _names(totals: Sequence[tuple[str, int]], indices: Sequence[int]) -> str:
    return ", ".join(totals[i][0] for i in indices)


def supremacy_reason(resource: Resource, totals: Sequence[tuple[str, int]]) -> Reason:
    """Who takes the supremacy bonus of `resource`, and by which case of the rule, from
    every player's (name, net total) in seat order."""
    winners = supremacy_winners([total for _, total in totals])
    params: dict[str, object] = {"resource": SLOT_NAMES[resource], "totals": _totals(totals)}
    top = max(total for _, total in totals)
    if len(totals) == 1:
        params["total"] = top
        if winners:
            return Reason("supremacy", "You produced {total} {resource}: playing alone, 5 or"
                          " more wins the supremacy bonus.", params)
        return Reason("supremacy", "You produced {total} {resource}: playing alone, the"
                      " supremacy bonus needs 5 or more.", params)
    if top == 0:
        return Reason("supremacy", "{totals}: nobody produced any {resource}, and a total"
                      " of 0 never wins the supremacy bonus.", params)
    at_top = [i for i, (_, total) in enumerate(totals) if total == top]
    params.update(top=_names(totals, at_top), count=len(at_top))
    if len(totals) <= MAX_PLAYERS_BASE:
        if winners:
            return Reason("supremacy", "{totals} {resource}: {top} produced more than every"
                          " other player and takes the supremacy bonus.", params)
        return Reason("supremacy", "{totals} {resource}: a tie at the top ({top}), so"
                      " nobody takes the supremacy bonus (2 to 5 players).", params)
    if not winners:
        return Reason("supremacy", Plural(
            "{totals} {resource}: {count} player ties at the top ({top}), so nobody takes"
            " the supremacy bonus (more than two at the top, 6 or 7 players).",
            "{totals} {resource}: {count} players tie at the top ({top}), so nobody takes"
            " the supremacy bonus (more than two at the top, 6 or 7 players)."), params)
    if len(at_top) == 2:
        return Reason("supremacy", "{totals} {resource}: {top} tie at the top, and with 6"
                      " or 7 players the two highest both take the supremacy bonus.", params)
    if len(winners) == 2:
        params["second"] = _names(totals, [i for i in winners if i not in at_top])
        return Reason("supremacy", "{totals} {resource}: {top} produced the most and"
                      " {second} is alone in second place; with 6 or 7 players both take"
                      " the supremacy bonus.", params)
    return Reason("supremacy", "{totals} {resource}: {top} produced the most, and the"
                  " second place is shared or empty; with 6 or 7 players only {top} takes"
                  " the supremacy bonus.", params)


def krystallium_reason(cubes: int, held: int) -> Reason:
    """What happened to the `cubes` resource cubes that sat on the Empire card: every 5
    became 1 Krystallium at once, the rest stays there for the next one; `held` is the
    Krystallium the player holds now (with the tokens won or spent otherwise)."""
    made, left = divmod(cubes, KRYSTALLIUM_CUBES)
    params: dict[str, object] = {"count": cubes, "held": held, "made": made, "left": left,
                                 "converted": made * KRYSTALLIUM_CUBES,
                                 "to_go": KRYSTALLIUM_CUBES - left}
    if not made:
        return Reason("krystallium", Plural(
            "{count} cube on your Empire card: fewer than 5, so none has become Krystallium"
            " yet ({to_go} more make the next one). You hold {held} Krystallium.",
            "{count} cubes on your Empire card: fewer than 5, so none has become Krystallium"
            " yet ({to_go} more make the next one). You hold {held} Krystallium."), params)
    if not left:
        return Reason("krystallium", "{count} cubes were on your Empire card: every 5 become"
                      " 1 Krystallium at once, so all {count} became {made} Krystallium and"
                      " none stays there. You hold {held} Krystallium.", params)
    return Reason("krystallium", Plural(
        "{count} cubes were on your Empire card: every 5 become 1 Krystallium at once, so"
        " {converted} became {made} Krystallium and {left} stays there for the next one."
        " You hold {held} Krystallium.",
        "{count} cubes were on your Empire card: every 5 become 1 Krystallium at once, so"
        " {converted} became {made} Krystallium and {left} stay there for the next one."
        " You hold {held} Krystallium.", number="left"), params)


def solo_rank_reason(total: int, face: str) -> Reason:
    """The solo rank of `total` on Empire `face`, with face A's 15 points taken off."""
    rank = solo_rank(total, face)
    if rank is None:
        return Reason("solo-rank", "Face {face} is a variant: the rank table is printed for"
                      " faces A and B only.", {"face": face})
    floor = next(threshold for threshold, named in SOLO_RANKS if named is rank)
    params: dict[str, object] = {"total": total, "rank": rank.value, "floor": floor,
                                 "adjusted": solo_adjusted(total, face),
                                 "off": FACE_A_ADJUSTMENT}
    if face == RULEBOOK_FACES[0]:
        if floor == 0:
            return Reason("solo-rank", Plural(
                "{total} point on face A: {adjusted} once the {off} of face A are taken"
                " off, under 60, so {rank}.",
                "{total} points on face A: {adjusted} once the {off} of face A are taken"
                " off, under 60, so {rank}.", "total"), params)
        return Reason("solo-rank", Plural(
            "{total} point on face A: {adjusted} once the {off} of face A are taken off,"
            " {floor} or more, so {rank}.",
            "{total} points on face A: {adjusted} once the {off} of face A are taken off,"
            " {floor} or more, so {rank}.", "total"), params)
    if floor == 0:
        return Reason("solo-rank", Plural("{total} point on face B: under 60, so {rank}.",
                                          "{total} points on face B: under 60, so {rank}.",
                                          "total"), params)
    return Reason("solo-rank", Plural("{total} point on face B: {floor} or more, so {rank}.",
                                      "{total} points on face B: {floor} or more, so {rank}.",
                                      "total"), params)


def medal_reason(total: int, thresholds: Thresholds, won: bool = True) -> Reason:
    """The medal `total` earns against a scenario's `thresholds`, and what the next one
    needs; a scenario whose listed cards are not all built earns none."""
    if not won:
        return Reason("solo-scenarios", "The scenario is lost: every card it lists must be"
                      " built at the end, whatever the score.")
    medal = medal_for(total, thresholds)
    reached = -1 if medal is None else MEDAL_ORDER.index(medal)
    params: dict[str, object] = {"total": total}
    if reached == len(MEDAL_ORDER) - 1:
        params["needs"] = thresholds.gold
        return Reason("solo-scenarios", Plural(
            "Gold needs {needs}: you have {total} point, gold it is.",
            "Gold needs {needs}: you have {total} points, gold it is.", "total"), params)
    following = MEDAL_ORDER[reached + 1]
    params.update(medal=following.value, needs=thresholds.of(following),
                  short=thresholds.of(following) - total)
    return Reason("solo-scenarios", Plural(
        "You have {total}: {medal} needs {needs}, {short} point short.",
        "You have {total}: {medal} needs {needs}, {short} points short.", "short"), params)


def _element(element: CardType | Token) -> str:
    """A card type or a character by its English name, as the messages carry them."""
    return element.value if isinstance(element, CardType) else SLOT_NAMES[element]


def points_reason(points: Points) -> Reason:
    """How a card (or an Empire face) scores at the end of the game, in words."""
    params: dict[str, object] = {"amount": points.amount}
    if points.is_flat:
        return Reason("score", Plural("{amount} victory point, once the card is built.",
                                      "{amount} victory points, once the card is built.",
                                      "amount"), params)
    if points.is_duo:
        first, second = points.per
        params.update(first=_element(first), second=_element(second))
        return Reason("duo", Plural(
            "{amount} victory point for each pair of {first} and {second} at the end: the"
            " smaller of the two counts is the number of pairs.",
            "{amount} victory points for each pair of {first} and {second} at the end: the"
            " smaller of the two counts is the number of pairs.", "amount"), params)
    (per,) = points.per
    params["per"] = _element(per)
    if isinstance(per, Token):
        return Reason("characters", Plural(
            "{amount} victory point for each {per} you hold at the end of the game.",
            "{amount} victory points for each {per} you hold at the end of the game.",
            "amount"), params)
    return Reason("score", Plural(
        "{amount} victory point for each {per} card you have built at the end of the game,"
        " this one included if it is one.",
        "{amount} victory points for each {per} card you have built at the end of the game,"
        " this one included if it is one.", "amount"), params)


def completion_reason(card: Card) -> Reason:
    """What happens when the last slot of `card`'s cost is filled: it is built at once,
    pays its construction bonus now, and produces from the next production step on."""
    params: dict[str, object] = {"card": card.name}
    if not card.construction_bonus:
        return Reason("construction", "{card} is built: its last slot is filled, so it joins"
                      " your Empire at once and produces from the next production step on.",
                      params)
    bonus = [(amount, element) for element, amount in card.construction_bonus
             if isinstance(element, Token)]
    params["bonus"] = tuple(bonus)
    return Reason("construction", "{card} is built: its last slot is filled, so it joins"
                  " your Empire at once, gives {bonus} now, and produces from the next"
                  " production step on.", params)


def points_now_reason(points: Points, counts: Mapping[CardType | Token, int]) -> Reason | None:
    """What a card's points are worth with what a game has now (`counts` of built cards
    by type and tokens held, `scoring.element_counts`); None for flat points, which
    count nothing."""
    if points.is_flat:
        return None
    times = counted(points, counts)
    params: dict[str, object] = {"count": times, "amount": points.amount,
                                 "worth": points.amount * times}
    if points.is_duo:
        first, second = points.per
        params.update(first=_element(first), second=_element(second),
                      have_first=counts.get(first, 0), have_second=counts.get(second, 0))
        return Reason("duo", "Now in your game: {first} {have_first}, {second}"
                      " {have_second}; the smaller count is the pairs, so {amount} × {count}"
                      " = {worth}.", params)
    (per,) = points.per
    params["per"] = _element(per)
    if isinstance(per, Token):
        return Reason("characters", "{per} tokens held now in your game: {count}, so"
                      " {amount} × {count} = {worth}.", params)
    return Reason("score", "{per} cards built now in your game: {count}, so {amount} ×"
                  " {count} = {worth}.", params)


def victory_reason(standings: Sequence[tuple[str, Standing]]) -> Reason:
    """Who wins a table and by which step of the rule: the highest total, then the most
    built cards, then the most character tokens; still equal, the victory is shared.
    `standings` holds every player's (name, standing), in seat order."""
    first = [index for index, place in ranking([s for _, s in standings]) if place == 1]
    winner = standings[first[0]][1]
    tied = [name for name, standing in standings if standing.total == winner.total]
    params: dict[str, object] = {"total": winner.total, "tied": ", ".join(tied),
                                 "winners": ", ".join(standings[i][0] for i in first),
                                 "built": winner.built_cards, "characters": winner.characters}
    if len(tied) == 1:
        return Reason("score", Plural(
            "{winners} has the highest total, {total} point, and wins.",
            "{winners} has the highest total, {total} points, and wins.", "total"), params)
    if len(first) > 1:
        return Reason("score", Plural(
            "{tied} tie on {total} point; {winners} also tie on built cards ({built}) and"
            " character tokens ({characters}), so they share the victory.",
            "{tied} tie on {total} points; {winners} also tie on built cards ({built}) and"
            " character tokens ({characters}), so they share the victory.", "total"), params)
    same_built = [standing for _, standing in standings
                  if standing.total == winner.total and standing.built_cards == winner.built_cards]
    if len(same_built) == 1:
        return Reason("score", Plural(
            "{tied} tie on {total} point; {winners} has the most built cards ({built}) and"
            " wins.",
            "{tied} tie on {total} points; {winners} has the most built cards ({built}) and"
            " wins.", "total"), params)
    return Reason("score", Plural(
        "{tied} tie on {total} point and on built cards ({built}); {winners} has the most"
        " character tokens ({characters}) and wins.",
        "{tied} tie on {total} points and on built cards ({built}); {winners} has the most"
        " character tokens ({characters}) and wins.", "total"), params)
