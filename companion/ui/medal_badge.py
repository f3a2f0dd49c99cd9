"""A medal drawn as a medal: a disc in bronze, silver or gold with a ribbon icon.

Players read a medal board at a glance by colour, so medals are drawn rather than
written; a screen reader still hears the medal in words (the badge's label). "No medal
yet" is the same disc as an empty outline, so a row keeps its shape before the first
medal. The metal colours are fixed (they are the medals' own colours, like the game's
resource cubes); the outline uses the theme so it shows in light and dark.
"""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.rules.scenarios import Medal

METAL_COLOURS: dict[Medal, tuple[str, str, str]] = {
    # (disc, icon, rim): dark icons on the light metals, light on bronze, for contrast;
    # the rim keeps the disc's edge visible where the metal is close to the page (gold
    # on a light page, bronze on a dark one). Checked in tests/ui/test_symbols.py.
    Medal.BRONZE: ("#A0612B", "#FFFFFF", "#C07A3E"),
    Medal.SILVER: ("#B8C2C8", "#263238", "#263238"),
    Medal.GOLD: ("#F2B705", "#3E2723", "#9C7500"),
}


def medal_name(medal: Medal | None) -> str:
    """The medal in words, as a screen reader says it (and as a sentence can start)."""
    if medal is None:
        return t("No medal yet")
    return {Medal.BRONZE: t("Bronze medal"), Medal.SILVER: t("Silver medal"),
            Medal.GOLD: t("Gold medal")}[medal]


def as_medal(value: str | Medal | None) -> Medal | None:
    """A stored medal ("gold") as a `Medal`; anything unknown counts as no medal."""
    if value is None or isinstance(value, Medal):
        return value
    try:
        return Medal(value)
    except ValueError:
        return None


def medal_badge(medal: Medal | str | None, *, size: int = 36,
                identifier: str | None = None) -> ft.Control:
    """The drawn medal, named for screen readers by `medal_name`."""
    found = as_medal(medal)
    if found is None:
        disc = ft.Container(
            width=size, height=size, border_radius=size / 2,
            border=ft.Border.all(2, ft.Colors.OUTLINE),
            content=ft.Icon(ft.Icons.MILITARY_TECH_OUTLINED, size=size * 0.55,
                            color=ft.Colors.OUTLINE_VARIANT),
            alignment=ft.Alignment.CENTER,
        )
    else:
        fill, ink, rim = METAL_COLOURS[found]
        disc = ft.Container(
            width=size, height=size, border_radius=size / 2, bgcolor=fill,
            border=ft.Border.all(2, rim),
            content=ft.Icon(ft.Icons.MILITARY_TECH, size=size * 0.62, color=ink),
            alignment=ft.Alignment.CENTER,
        )
    return ft.Semantics(content=disc, label=medal_name(found), identifier=identifier,
                        image=True)
