"""The end of a shared table on every phone: the ranking with its tie-breakers and every
player's score pad, drawn from the seats' finished games (`rules.table.final_ranking`)."""

from __future__ import annotations

import flet as ft

from companion.i18n import t, tn
from companion.rules.state import GameState
from companion.rules.table import final_ranking, standing
from companion.ui.kit import widgets as w
from companion.ui.kit.score_pad import score_pad
from companion.ui.screen import Shell
from companion.ui.table.take_home import take_home_rows
from companion.usecases.labels import empire_label, tie_break_label
from companion.usecases.session import GameSession
from companion.usecases.tables import SharedTable, table_hub
from companion.usecases.why import standings_numbers


def ranking_rows(app: Shell, table: SharedTable,
                 states: list[GameState | None]) -> list[ft.Control]:
    """Every seat's score pad and the ranking with its tie-breakers."""
    rows: list[ft.Control] = [w.heading(t("Final ranking"))]
    for ranked in final_ranking(states):
        reasons = ", ".join(tie_break_label(r) for r in ranked.reasons)
        text = tn("{place}. {name}: {total} point", "{place}. {name}: {total} points",
                  ranked.total, place=ranked.place, name=table.names[ranked.seat],
                  total=ranked.total)
        rows.append(w.value_text(f"rank-{ranked.seat + 1}",
                                 f"{text} ({reasons})" if reasons else text, bold=True))
    numbers = standings_numbers([(table.names[seat], standing(state))
                                 for seat, state in enumerate(states) if state is not None])
    rows[1] = w.with_why(rows[1], t("Why does this player win?"),
                         lambda: app.open_on_top("rules", "score", **numbers))
    for seat, state in enumerate(states):
        assert state is not None
        empire = empire_label(app.services.catalog, state.empire.name)
        rows.append(w.card_box(
            ft.Text(f"{table.names[seat]} · {empire}", weight=ft.FontWeight.BOLD),
            score_pad(state.score(), f"seat-{seat + 1}-", compact=True,
                      duo="ca" in state.expansions)))
    return rows


def seat_end_rows(app: Shell, session: GameSession) -> list[ft.Control]:
    """On a seat's final score: the table's ranking once every game is over, then the
    seat's game to take home; else who is still playing (the screen redraws as they
    finish)."""
    here = table_hub(app.services).at_table(session)
    if here is None:
        return []
    table, states = here.table, here.states
    playing = [table.names[i] for i, s in enumerate(states) if s is None or not s.finished]
    if playing:
        return [w.value_text("table-waiting", t("The ranking comes when every player has "
                                                "finished: still playing: {names}",
                                                names=", ".join(playing)))]
    return ranking_rows(app, table, states) + take_home_rows(app, table, here.seat)
