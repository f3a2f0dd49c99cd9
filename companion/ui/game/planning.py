"""Planning on the game screen: where the drafted card goes, in as few taps as possible.

A card on screen (a recent card, a search result) is built or recycled from its own row
in one tap: a recycled cube goes where the suggestion says (`suggest.suggest_recycle_target`:
the card closest to completion, else the Empire) and the announcement says where. Opened
by its name, a card asks where its cube goes, unless no card under construction can take
it (`suggest.recycle_targets`): then it goes straight to the Empire, and says so. Solo
games show where the player is in the round's two sequences of five cards
(`planning.sequence_position`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.i18n import t, tn
from companion.rules.actions import Construct, Recycle
from companion.rules.cards import Card
from companion.rules.planning import (
    POOL_SIZE,
    SEQUENCES_PER_ROUND,
    cards_played_this_planning,
    pool_makeup,
    sequence_position,
)
from companion.rules.suggest import recycle_targets, suggest_recycle_target
from companion.rules.table import deal, draft_direction
from companion.ui.kit import widgets as w
from companion.ui.kit.card_picker import card_label
from companion.usecases.labels import resource_label

if TYPE_CHECKING:
    from companion.ui.game.board import GameBoard


def planning_panel(screen: GameBoard) -> list[ft.Control]:
    state = screen.state
    lines: list[ft.Control] = [w.heading(t("Planning"))]
    if state.solo:
        lines.append(w.value_text("sequence", sequence_text(screen), bold=True))
    if screen.pending is not None:
        lines.append(pending_box(screen, screen.pending))
    elif state.solo:
        base, ca = pool_makeup(state.expansions)
        if ca:
            lines.append(ft.Text(t("Take a pool ({base} base + {ca} Corruption & Ascension "
                                   "cards); build or recycle each card. Any time: discard 2 "
                                   "cards to draw 5 base or 3 C&A cards and keep 1.",
                                   base=base, ca=ca), size=12, italic=True))
        else:
            lines.append(ft.Text(t("Take a pool of 5 cards; build or recycle each card. Any "
                                   "time: discard 2 cards to draw 5 and keep 1."),
                                 size=12, italic=True))
    else:
        lines.append(w.value_text("draft", draft_text(state.round, state.players,
                                                      state.expansions), bold=True))
        lines.append(ft.Text(t("Draft your cards, then for each one: build it or "
                               "recycle it."), size=12, italic=True))
    return lines


def draft_text(round_number: int, players: int, expansions: tuple[str, ...]) -> str:
    """This round's deal and the way the cards pass (RULES.md §1)."""
    dealt = deal(players, expansions)
    if draft_direction(round_number) == "left":
        way = t("pass the cards to the left")
    else:
        way = t("pass the cards to the right")
    if dealt.corruption_ascension:
        text = t("Deal {base} base and {ca} Corruption & Ascension cards each, keep 7",
                 base=dealt.base, ca=dealt.corruption_ascension)
    elif dealt.discarded:
        text = t("Deal {count} cards each; the last {discarded} are discarded",
                 count=dealt.base, discarded=dealt.discarded)
    else:
        text = t("Deal {count} cards each", count=dealt.base)
    return t("Draft of round {round}: {deal}; {way}.", round=round_number, deal=text, way=way)


def sequence_text(screen: GameBoard) -> str:
    """"Sequence 1 of 2 · card 3 of 5", from the cards played since Planning began."""
    position = sequence_position(cards_played_this_planning(screen.session.game.actions))
    if position.done:
        return tn("Both sequences played ({count} card)", "Both sequences played ({count} cards)",
                  position.played)
    return t("Sequence {sequence} of {sequences} · card {card} of {cards}",
             sequence=position.sequence, sequences=SEQUENCES_PER_ROUND,
             card=position.card, cards=POOL_SIZE)


def pending_box(screen: GameBoard, card: Card) -> ft.Control:
    name = card_label(card)
    required = screen.required_mark(card.id)
    if not screen.recycling:
        targets = recycle_targets(screen.state, card)
        gives = (t("Recycling gives 1 {resource}", resource=resource_label(card.recycle))
                 if targets else
                 t("Recycling gives 1 {resource}: no card under construction can take it, "
                   "so it goes on your Empire", resource=resource_label(card.recycle)))
        return w.card_box(
            ft.Text(name, weight=ft.FontWeight.BOLD),
            *required,
            ft.Text(gives, size=12),
            ft.Row(
                [
                    w.button(t("Build {card}", card=name), construct(screen, card),
                             icon=ft.Icons.CONSTRUCTION, expand=True),
                    w.button(t("Recycle {card}", card=name), start_recycling(screen, card),
                             icon=ft.Icons.RECYCLING, kind="tonal", expand=True),
                ],
                spacing=8,
            ),
            w.button(t("Cancel"), screen.cancel_pending, kind="text"),
            identifier="pending",
        )
    buttons = [
        w.button(t("Put it on {card}", card=screen.uid_name(uid)),
                 recycle(screen, card, uid), kind="outlined")
        for uid in recycle_targets(screen.state, card)
    ]
    buttons.append(w.button(t("Put it on your Empire"), recycle(screen, card, None),
                            kind="outlined"))
    return w.card_box(
        ft.Text(t("Recycle {card}: where does the {resource} cube go?", card=name,
                  resource=resource_label(card.recycle))),
        *buttons,
        w.button(t("Cancel"), screen.cancel_pending, kind="text"),
        identifier="pending",
    )


def construct(screen: GameBoard, card: Card) -> Callable[[], None]:
    def build() -> None:
        screen.forget_pending()
        screen.play(Construct(card.id))

    return build


def start_recycling(screen: GameBoard, card: Card) -> Callable[[], None]:
    """Recycle from the card's opened box: straight to the Empire when no card can take
    the cube, else ask where."""

    def start() -> None:
        if not recycle_targets(screen.state, card):
            recycle(screen, card, None, empire_note(card))()
            return
        screen.pending = card
        screen.recycling = True
        screen.app.refresh()

    return start


def quick_recycle(screen: GameBoard, card: Card) -> Callable[[], None]:
    """Recycle from the card's row in one tap: the cube goes where the suggestion says
    (the card closest to completion, else the Empire) and the announcement says where;
    Undo, or the card's own box, puts it elsewhere."""

    def run() -> None:
        onto = suggest_recycle_target(screen.state, card)
        if onto is None:
            recycle(screen, card, None, empire_note(card))()
            return
        note = t("Its {resource} cube went on {card}, the card closest to completion (undo "
                 "to put it elsewhere).", resource=resource_label(card.recycle),
                 card=screen.uid_name(onto))
        recycle(screen, card, onto, note)()

    return run


def empire_note(card: Card) -> str:
    return t("No card under construction can take its {resource} cube: it went on "
             "your Empire.", resource=resource_label(card.recycle))


def recycle(screen: GameBoard, card: Card, onto: int | None,
            note: str | None = None) -> Callable[[], None]:
    def done() -> None:
        screen.forget_pending()
        if screen.play(Recycle(card.id, onto)) and note is not None:
            screen.note = note
            screen.app.refresh()

    return done
