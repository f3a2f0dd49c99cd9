"""A medal drawn as a medal: a disc of bronze, silver or gold hanging from its ribbon.

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


RIBBON = ("#1565C0", "#C62828")
"""The ribbon's two bands, the same for every medal: the metal tells them apart."""


def _ribbon(size: float) -> ft.Control:
    """Two bands crossing behind the disc, as a medal hangs from its ribbon."""
    band_width, band_height = size * 0.26, size * 0.5
    return ft.Stack([
        ft.Container(left=size * 0.24, top=0, width=band_width, height=band_height,
                     bgcolor=colour, rotate=ft.Rotate(angle, alignment=ft.Alignment.TOP_CENTER))
        for colour, angle in zip(RIBBON, (0.35, -0.35), strict=True)
    ], width=size * 0.75, height=band_height)


def _disc(medal: Medal, size: float) -> ft.Control:
    """The struck disc: the metal lit from the top left, a raised rim, a star at the
    centre."""
    fill, ink, rim = METAL_COLOURS[medal]
    return ft.Container(
        width=size, height=size, border_radius=size / 2,
        border=ft.Border.all(max(2, size * 0.06), rim),
        gradient=ft.RadialGradient(colors=["#FFFFFF", fill, fill], stops=[0.0, 0.45, 1.0],
                                   center=ft.Alignment(-0.4, -0.45), radius=0.9),
        alignment=ft.Alignment.CENTER,
        content=ft.Container(
            width=size * 0.7, height=size * 0.7, border_radius=size * 0.35,
            border=ft.Border.all(1, rim), alignment=ft.Alignment.CENTER,
            content=ft.Icon(ft.Icons.STAR, size=size * 0.42, color=ink)),
    )


def medal_badge(medal: Medal | str | None, *, size: int = 36,
                identifier: str | None = None) -> ft.Control:
    """The drawn medal, a disc hanging from its ribbon, named for screen readers by
    `medal_name`; "no medal yet" is the disc's empty outline, the same size."""
    found = as_medal(medal)
    disc_size = size * 0.78
    if found is None:
        drawn: ft.Control = ft.Container(
            width=disc_size, height=disc_size, border_radius=disc_size / 2,
            border=ft.Border.all(2, ft.Colors.OUTLINE),
            content=ft.Icon(ft.Icons.STAR_BORDER, size=disc_size * 0.5,
                            color=ft.Colors.OUTLINE_VARIANT),
            alignment=ft.Alignment.CENTER,
        )
    else:
        drawn = _disc(found, disc_size)
    picture = ft.Stack(
        [ft.Container(content=_ribbon(size), left=size * 0.125, top=0)
         if found is not None else ft.Container(),
         ft.Container(content=drawn, left=(size - disc_size) / 2, top=size - disc_size)],
        width=size, height=size)
    return ft.Semantics(content=picture, label=medal_name(found), identifier=identifier,
                        image=True)
