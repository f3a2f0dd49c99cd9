"""The records' filters, drawn the same on the statistics and on a player's page: the
table sizes played, then the period. Each tap goes to an address (the filter is in it),
so back, reload and a link keep it."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import flet as ft

from companion.i18n import t, tn
from companion.ui.kit import widgets as w


def period_filters(counts: Iterable[int], count: int | None, period: str,
                   choose: Callable[[int | None, str], None], identifier: str) -> ft.Control:
    """`choose(count, period)` is called with the new choice."""

    def tap(new_count: int | None, new_period: str) -> w.Handler:
        return lambda: choose(new_count, new_period)

    sizes: list[tuple[str, int | None]] = [(t("Any table"), None)]
    sizes += [(tn("{count} player", "{count} players", n), n) for n in sorted(set(counts))]
    periods = [(t("All time"), "all"), (t("This year"), "year"), (t("Last 12 months"), "12m")]
    return ft.Semantics(content=ft.Column([
        ft.Row([w.button(label, tap(value, period),
                         kind="filled" if value == count else "outlined")
                for label, value in sizes], wrap=True, spacing=8, run_spacing=8),
        ft.Row([w.button(label, tap(count, value),
                         kind="filled" if value == period else "outlined")
                for label, value in periods], wrap=True, spacing=8, run_spacing=8),
    ], spacing=8), identifier=identifier, container=True)
