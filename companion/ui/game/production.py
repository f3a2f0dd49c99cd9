"""The production step of the game screen: what you produce, the supremacy, the cubes.

At a table the others' totals are asked only when they can change your bonus (the rule
is `supremacy.others_can_matter`), and then as one tap: how many of them reached your
total (`supremacy.rival_answers`). Their exact totals can still be typed on a number pad.
The supremacy is said once, in one line, whatever the step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.i18n import t, tn
from companion.rules.actions import ChooseScience, NextStep, Opponents, Rivals
from companion.rules.cards import SUPREMACY_BONUS, Token
from companion.rules.suggest import (
    Placement,
    check_placement,
    placement_move,
    placement_targets,
    suggest_placement,
)
from companion.rules.supremacy import SOLO_THRESHOLD, others_can_matter, rival_answers
from companion.ui.kit import widgets as w
from companion.ui.kit.fields import limited_field
from companion.usecases.labels import resource_label
from companion.usecases.tables import table_hub
from companion.usecases.why import step_numbers

if TYPE_CHECKING:
    from companion.ui.game.board import GameBoard

MAX_TOTAL = 99


def production_panel(screen: GameBoard) -> list[ft.Control]:
    state = screen.state
    assert state.step is not None
    resource = state.step
    lines: list[ft.Control] = [
        w.heading(t("Production: {resource}", resource=resource_label(resource))),
        w.value_text("produced", t("You produce {total} {resource}", total=state.produced,
                                    resource=resource_label(resource)),
                     size=18, bold=True),
    ]
    seated = table_hub(screen.app.services).waiting(screen.session)
    if seated is not None and state.supremacy is None:
        lines += waiting_rows(screen, *seated)
        return lines
    if not state.solo and state.supremacy is None:
        lines += rivals_rows(screen)
        return lines
    lines.append(w.with_why(w.value_text("supremacy", supremacy_text(screen)),
                            t("Why this supremacy?"),
                            lambda: screen.app.open_on_top(
                                "rules", "supremacy", **supremacy_why(screen))))
    if state.science_pending:
        lines.append(ft.Row([
            w.button(t("Take a Financier"), lambda: screen.play(ChooseScience("Fin")),
                     expand=True),
            w.button(t("Take a General"), lambda: screen.play(ChooseScience("Gen")),
                     expand=True),
        ], spacing=8))
    if state.to_place > 0:
        lines += placement_rows(screen)
    if seated is not None:
        lines += waiting_rows(screen, *seated)
    lines.append(screen.next_button())
    return lines


def waiting_rows(screen: GameBoard, arriving: list[str], placing: list[str]
                 ) -> list[ft.Control]:
    """At a shared table: who the step waits for. Before the supremacy is settled, those
    still to reach the step (their totals are needed); after, those still to reach it
    (a seat that produced nothing knows its supremacy at once) and those still placing,
    each said for what it is."""
    lines: list[str] = []
    if arriving and screen.state.supremacy is None:
        lines.append(t("Waiting for {names}: the supremacy is settled when every player "
                       "has produced.", names=", ".join(arriving)))
    elif arriving:
        lines.append(t("Not at this step yet: {names}", names=", ".join(arriving)))
    if placing and screen.state.supremacy is not None:
        lines.append(t("Still placing: {names}", names=", ".join(placing)))
    if not lines:
        return []
    return [w.value_text("waiting", "\n".join(lines), size=12)]


def supremacy_text(screen: GameBoard) -> str:
    """The step's supremacy in one sentence (the only place the screen states it)."""
    state = screen.state
    assert state.step is not None
    bonus = SUPREMACY_BONUS[state.step]
    token = resource_label(bonus) if bonus is not None else t("General or Financier")
    if state.supremacy and state.science_pending:
        return t("{total} — supremacy: choose a General or a Financier", total=state.produced)
    if state.supremacy and bonus is None:
        chosen = science_choice(screen)
        return t("{total} — supremacy: you take 1 {token}", total=state.produced,
                 token=resource_label(chosen) if chosen else token)
    if state.solo:
        if state.supremacy:
            return t("{total} — supremacy: you take 1 {token}", total=state.produced,
                     token=token)
        return t("{total}: not enough for a {token} (solo needs {needed})",
                 total=state.produced, token=token, needed=SOLO_THRESHOLD)
    if not others_can_matter(state.produced, state.players):
        return t("No supremacy: a total of 0 never wins it")
    others = ", ".join(str(x) for x in state.opponents or ())
    if state.supremacy:
        if others:
            return t("Supremacy is yours (others: {others}): +1 {token}", others=others,
                     token=token)
        return t("Supremacy is yours: +1 {token}", token=token)
    if others:
        return t("No supremacy for you (others: {others})", others=others)
    return t("No supremacy for you")


def supremacy_why(screen: GameBoard) -> dict[str, str]:
    """This step's totals for the supremacy rule's page, when the app knows them all."""
    state = screen.state
    assert state.step is not None
    return step_numbers(state.step, state.produced, state.opponents, solo=state.solo,
                        names=opponent_names(screen))


def science_choice(screen: GameBoard) -> Token | None:
    """The character taken for this step's Science supremacy, from the game's actions."""
    for action in reversed(screen.session.game.actions):
        if isinstance(action, NextStep):
            return None
        if isinstance(action, ChooseScience):
            return Token.FINANCIER if action.token == "Fin" else Token.GENERAL
    return None


def rival_label(reaching: int, last: bool, total: int) -> str:
    """One answer to "did others reach your total?" (the last one: that many or more)."""
    if reaching == 0:
        return t("Nobody has {total} or more", total=total)
    if reaching == 1 and last:
        return t("Someone has {total} or more", total=total)
    if reaching == 1:
        return t("One player has {total} or more", total=total)
    return t("{count} or more players have {total} or more", count=reaching, total=total)


def rivals_rows(screen: GameBoard) -> list[ft.Control]:
    """One tap settles the supremacy: how many others produced at least as much."""
    state = screen.state
    assert state.step is not None
    answers = rival_answers(state.players)
    total = state.produced
    rows: list[ft.Control] = [
        ft.Text(t("Ask the others: does anyone have {total} {resource} or more?",
                  total=total, resource=resource_label(state.step))),
    ]
    for reaching in answers:
        rows.append(w.button(rival_label(reaching, reaching == answers[-1], total),
                             _answer(screen, reaching),
                             kind="filled" if reaching == 0 else "tonal"))
    if screen.exact_totals:
        rows += _totals_rows(screen)
    else:
        rows.append(w.button(t("Enter their exact totals"), screen.show_exact_totals,
                             kind="text", icon=ft.Icons.DIALPAD))
    return rows


def _answer(screen: GameBoard, reaching: int) -> Callable[[], None]:
    def answer() -> None:
        screen.play(Rivals(reaching))

    return answer


def opponent_names(screen: GameBoard) -> list[str]:
    """The other players in the order their totals are given: the names typed at setup
    (at a shared table, the other seats), then "Player N" for the rest."""
    state = screen.state
    names = list(screen.session.names or [])
    names += [t("Player {number}", number=n) for n in range(len(names) + 2, state.players + 1)]
    return names[: state.players - 1]


def _totals_rows(screen: GameBoard) -> list[ft.Control]:
    state = screen.state
    key = (state.round, state.step.value if state.step else None)
    if screen.opponents_key != key:
        screen.opponents_key = key
        screen.opponent_fields = [
            limited_field(
                t("{name}'s total", name=name),
                len(str(MAX_TOTAL)),
                value="",
                keyboard_type=ft.KeyboardType.NUMBER,  # the number pad, never letters
                input_filter=ft.NumbersOnlyInputFilter(),  # type: ignore[no-untyped-call]
                width=160,
            )
            for name in opponent_names(screen)
        ]
    return [
        ft.Row(list(screen.opponent_fields), wrap=True, spacing=8, run_spacing=8),
        w.button(t("Confirm the totals"), lambda: confirm_totals(screen), icon=ft.Icons.CHECK),
    ]


def confirm_totals(screen: GameBoard) -> None:
    """The totals typed, each checked before it is read: a field left empty, or holding
    what is not a number of digits 0 to 9 (a pasted "²" or "٣" passes `str.isdigit` but
    not `int`), is named in a message and nothing is played."""
    totals: list[int] = []
    for field in screen.opponent_fields:
        text = (field.value or "").strip()
        if not text:
            screen.app.notify(t("Enter each player's total as a number from 0 to {top} "
                                "({name} is missing).", top=MAX_TOTAL, name=field.label))
            return
        if not (text.isascii() and text.isdigit()) or int(text) > MAX_TOTAL:
            screen.app.notify(t("{name}: type a number from 0 to {top}, with the digits 0 "
                                "to 9 only.", top=MAX_TOTAL, name=field.label))
            return
        totals.append(int(text))
    screen.play(Opponents(tuple(totals)))


def placement_rows(screen: GameBoard) -> list[ft.Control]:
    state = screen.state
    assert state.step is not None
    key = (state.round, len(screen.session.game.actions), state.step.value, state.to_place)
    if screen.plan_key != key:
        screen.plan_key = key
        screen.plan = dict(suggest_placement(state))
    targets = placement_targets(state)
    plan = screen.plan
    on_empire = state.to_place - sum(n for uid, n in plan.items() if uid is not None)
    rows: list[ft.Control] = [
        ft.Text(tn("Place your {count} {resource} cube: suggested below, adjust with − "
                   "and +.", "Place your {count} {resource} cubes: suggested below, adjust "
                   "with − and +.", state.to_place, resource=resource_label(state.step))),
        ft.Text(t("The suggestion: first the cards these cubes finish, then the card closest "
                  "to completion, the rest on your Empire."), size=12, italic=True),
    ]
    for uid, free in targets.items():
        rows.append(_plan_stepper(screen, uid, free, plan.get(uid, 0), on_empire))
    rows.append(ft.Row([ft.Text(t("On your Empire"), expand=True),
                        w.value_text("plan-empire", str(on_empire), bold=True)]))
    rows.append(w.button(t("Place the cubes"), lambda: accept_plan(screen),
                         icon=ft.Icons.CHECK))
    return rows


def _plan_stepper(screen: GameBoard, uid: int, free: int, count: int,
                  on_empire: int) -> ft.Control:
    name = screen.uid_name(uid)
    top = min(free, count + on_empire)

    def build() -> ft.Control:
        return w.stepper(
            tn("{card} ({free} free)", "{card} ({free} free)", free, card=name, free=free),
            count, _plan_setter(screen, uid), maximum=top,
            more_label=t("One more cube on {card}", card=name),
            less_label=t("One cube fewer on {card}", card=name),
            identifier=f"plan-{uid}",
        )

    return screen.memo(("plan", uid), (count, free, top, name), build)


def _plan_setter(screen: GameBoard, uid: int) -> Callable[[int], None]:
    def change(count: int) -> None:
        screen.plan[uid] = count
        screen.app.refresh()

    return change


def accept_plan(screen: GameBoard) -> None:
    """Place the cubes as planned, in one move: one tap is one step of the game, saved
    whole and taken back by one Undo, even when the cubes go on several cards."""
    state = screen.state
    plan = screen.plan
    placement: Placement = tuple(
        [(uid, n) for uid, n in plan.items() if uid is not None and n > 0]
        + [(None, state.to_place - sum(n for uid, n in plan.items() if uid is not None))]
    )
    problem = check_placement(state, placement)
    if problem is not None:
        screen.app.explain(problem)
        return
    if screen.play(placement_move(placement)):
        screen.plan_key = None
