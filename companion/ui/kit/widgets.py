"""Small building blocks shared by every screen.

They exist so that two promises hold everywhere without each screen remembering them:
every tappable control is at least 48 px in both directions (a finger, not a mouse), and
every one carries an accessible name (visible text, or a label for icon-only buttons),
which is also how the browser tests find them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.i18n import t
from companion.rules.cards import SlotKind
from companion.ui.kit import symbols

TOUCH = 48
"""Minimum size of anything tappable, in logical pixels."""
QR_SIZE = 240
"""A QR code's side, quiet zone included, in logical pixels: a phone reads it from an
arm's length off a laptop's screen."""

Handler = Callable[..., Any]

RESOURCE_COLOURS = symbols.RESOURCE_COLOURS
"""(background, text) per resource and token: the game's cube colours (`symbols.py`)."""

resource_name = symbols.resource_name
"""The translated name of a resource, or of one token (singular)."""


def _min_style() -> ft.ButtonStyle:
    return ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=8))


def button(
    label: str,
    on_click: Handler | None,
    *,
    icon: ft.IconData | None = None,
    kind: str = "filled",
    disabled: bool = False,
    expand: bool | int | None = None,
    data: Any = None,
) -> ft.Control:
    """A text button; its text is its accessible name."""
    factory: dict[str, Any] = {
        "filled": ft.FilledButton,
        "tonal": ft.FilledTonalButton,
        "outlined": ft.OutlinedButton,
        "text": ft.TextButton,
    }
    made: ft.Control = factory[kind](
        label,
        icon=icon,
        on_click=on_click,
        disabled=disabled,
        height=TOUCH,
        expand=expand,
        data=data,
        style=_min_style(),
    )
    return made


def icon_button(
    icon: ft.IconData,
    label: str,
    on_click: Handler | None,
    *,
    disabled: bool = False,
    data: Any = None,
    filled: bool = False,
) -> ft.Control:
    """An icon-only button, named for screen readers (and tests) by `label`."""
    factory = ft.FilledTonalIconButton if filled else ft.IconButton
    # No tooltip: with the Semantics label it would make the name say everything twice.
    inner = factory(
        icon=icon,
        on_click=on_click,
        disabled=disabled,
        width=TOUCH,
        height=TOUCH,
        data=data,
    )
    return ft.Semantics(content=inner, label=label, button=True, container=True)


def stepper(
    label: str,
    value: int,
    on_change: Callable[[int], Any],
    *,
    minimum: int = 0,
    maximum: int = 99,
    more_label: str | None = None,
    less_label: str | None = None,
    identifier: str | None = None,
    on_number: Callable[[], Any] | None = None,
) -> ft.Control:
    """`label  [−] value [+]`: counts the player taps rather than types. With
    `on_number`, a tap on the value runs it (the screen offers the numbers to pick one:
    six Financiers in two taps rather than six)."""

    def less() -> None:
        if value > minimum:
            on_change(value - 1)

    def more() -> None:
        if value < maximum:
            on_change(value + 1)

    shown: ft.Control = ft.Text(str(value), size=18, weight=ft.FontWeight.BOLD, width=36,
                                text_align=ft.TextAlign.CENTER)
    if on_number is not None:
        # Named once, by the Semantics around it, as `icon_button` is.
        shown = ft.TextButton(content=ft.Semantics(content=shown, exclude_semantics=True),
                              on_click=on_number, height=TOUCH,
                              style=ft.ButtonStyle(padding=ft.Padding.all(0)))
    number = ft.Semantics(
        content=shown,
        label=t("{label}: {value}", label=label, value=value),
        identifier=identifier,
        button=True if on_number is not None else None,
        container=on_number is not None,
    )
    return ft.Row(
        [
            ft.Text(label, expand=True),
            icon_button(ft.Icons.REMOVE, less_label or t("Fewer {what}", what=label), less,
                        disabled=value <= minimum),
            number,
            icon_button(ft.Icons.ADD, more_label or t("More {what}", what=label), more,
                        disabled=value >= maximum),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def chip(kind: SlotKind, text: str, *, tooltip: str | None = None) -> ft.Control:
    """A chip in the resource's colour with its glyph (`symbols.chip`): the text as given,
    and the resource named for screen readers when the text does not say it."""
    return symbols.chip(kind, text, tooltip=tooltip)


def heading(text: str) -> ft.Control:
    return ft.Semantics(
        content=ft.Text(text, theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                        weight=ft.FontWeight.BOLD),
        header=True,
    )


def value_text(identifier: str, text: str, *, size: int | None = None,
               bold: bool = False) -> ft.Control:
    """A text the tests read back by its identifier (totals, production...)."""
    return ft.Semantics(
        content=ft.Text(text, size=size, weight=ft.FontWeight.BOLD if bold else None),
        identifier=identifier,
    )


def card_box(*controls: ft.Control, identifier: str | None = None,
             label: str | None = None) -> ft.Control:
    """A bordered group; `identifier` lets tests look inside one group only."""
    box = ft.Container(
        content=ft.Column(list(controls), spacing=8,
                          horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        padding=12,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        border_radius=12,
    )
    if identifier is None and label is None:
        return box
    return ft.Semantics(content=box, identifier=identifier, label=label, container=True)


def choice_dialog(
    page: ft.Page,
    title: str,
    options: Sequence[tuple[str, Any]],
    on_pick: Callable[[Any], Any],
) -> None:
    """A list of choices as big buttons in a dialog (screen-reader friendly, unlike menus)."""

    def picked(value: Any) -> Callable[[], None]:
        def handler() -> None:
            page.pop_dialog()
            on_pick(value)

        return handler

    dialog = ft.AlertDialog(
        title=ft.Text(title),
        content=ft.Column(
            [button(label, picked(value), kind="outlined") for label, value in options],
            scroll=ft.ScrollMode.AUTO,
            tight=True,
            spacing=8,
        ),
        actions=[button(t("Cancel"), lambda: page.pop_dialog(), kind="text")],
        scrollable=True,
    )
    page.show_dialog(dialog)


def toggle_row(
    options: Sequence[tuple[str, Any]],
    selected: Any,
    on_select: Callable[[Any], Any],
    *,
    disabled: bool = False,
) -> ft.Control:
    """Mutually exclusive choices as full-size buttons; the chosen one is filled."""

    def chooser(value: Any) -> Callable[[], None]:
        return lambda: on_select(value)

    return ft.Row(
        [
            button(label, chooser(value), kind="filled" if value == selected else "outlined",
                   disabled=disabled, expand=True)
            for label, value in options
        ],
        spacing=8,
    )


def confirm_dialog(page: ft.Page, title: str, text: str, confirm: str,
                   on_confirm: Callable[[], Any]) -> None:
    """Ask before something the player may regret (abandon, delete, reset)."""

    def confirmed() -> None:
        page.pop_dialog()
        on_confirm()

    page.show_dialog(ft.AlertDialog(
        title=ft.Text(title),
        content=ft.Text(text),
        actions=[button(t("Cancel"), lambda: page.pop_dialog(), kind="text"),
                 button(confirm, confirmed, kind="filled")],
    ))


def why_button(question: str, on_click: Handler) -> ft.Control:
    """The "?" beside a result a rule decides: it opens that rule with the game's numbers.
    `question` is its name for a screen reader, and says which result it explains."""
    return icon_button(ft.Icons.HELP_OUTLINE, question, on_click)


def with_why(result: ft.Control, question: str, on_click: Handler) -> ft.Control:
    """A result with its "?" at the end of the line."""
    return ft.Row([ft.Container(content=result, expand=True), why_button(question, on_click)],
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def qr_code(text: str, label: str, *, identifier: str | None = None) -> ft.Control:
    """`text` as a QR code for a phone's camera, on a white card (a camera reads dark on
    light, whatever the theme); `label` is what a screen reader says of it.

    Drawn as rectangles on a canvas, not shown as a picture: on the plain-http address of
    a shared app the browser has no image decoder for the page, and a picture stayed a
    white square (`companion.usecases.qr`)."""
    import flet.canvas as cv  # only here: a fifth of the screens' imports, for one code

    from companion.usecases.qr import qr_modules

    code = qr_modules(text)
    module = QR_SIZE / code.size
    dark = cv.Path(
        [cv.Path.Rect(run.column * module, run.row * module, run.length * module, module)
         for run in code.runs],
        paint=ft.Paint(color="#000000", style=ft.PaintingStyle.FILL))
    drawn = cv.Canvas(shapes=[dark], width=QR_SIZE, height=QR_SIZE)
    card = ft.Container(drawn, bgcolor="#FFFFFF", padding=8, border_radius=8)
    return ft.Row([ft.Semantics(content=card, label=label, image=True, container=True,
                                identifier=identifier)],
                  alignment=ft.MainAxisAlignment.CENTER)
