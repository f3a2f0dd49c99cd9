"""The score pad's rows, as the game's end and the quick score both show them."""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.rules.scoring import Score
from companion.ui import widgets as w


def breakdown_rows(result: Score, prefix: str) -> list[ft.Control]:
    """The score pad's rows; each value can be read back by `<prefix>-<row>`."""
    rows = [
        ("raw", t("Raw points")),
        ("combo", t("Combo points")),
        ("duo", t("Duo points")),
        ("generals", t("Generals")),
        ("financiers", t("Financiers")),
    ]
    values = result.as_dict()
    lines: list[ft.Control] = [
        ft.Row([ft.Text(label, expand=True),
                w.value_text(f"{prefix}-{key}", str(values[key]))])
        for key, label in rows
    ]
    lines.append(
        ft.Row([ft.Text(t("Total"), expand=True, weight=ft.FontWeight.BOLD),
                w.value_text(f"{prefix}-total", t("{total} points", total=result.total),
                             size=20, bold=True)])
    )
    return lines
