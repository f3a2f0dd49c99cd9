"""Text fields with a length limit, whose counter speaks the player's language.

Under a field with `max_length` Flutter draws its own counter ("12/40") and tells a
screen reader "28 characters remaining" from its English Material strings, whatever
language the app shows: Flet 1.0.5 gives Flutter no translations of its own. Setting the
field's `counter` replaces it, since Flutter builds its counter only when the decoration
has neither a counter nor a counter text (Flet sends a string as the counter text, a
control as the counter).
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n import tn

COUNTED_FROM = 200
"""A limit this long is free text (a campaign's resolution): the writer may reach it and
wants to know how much is left. A name or an id (40, 80 characters) never needs a
counter; `max_length` alone stops it."""


def limited_field(label: str, max_length: int, *, on_change: Any = None,
                  **options: Any) -> ft.TextField:
    """A `TextField` of at most `max_length` characters, without Flutter's English
    counter: no counter for a short limit, "12 characters left" (a plural, in the
    player's language, kept up to date as they type) for a long one. `on_change`, if
    any, takes the change event, as Flet gives it."""
    field = ft.TextField(label=label, max_length=max_length, **options)
    if max_length < COUNTED_FROM:
        field.counter = ""  # an empty counter text: Flutter draws no counter at all
        field.on_change = on_change
        return field
    counter = ft.Text(size=12)

    def count() -> None:
        left = max(0, max_length - len(str(field.value or "")))
        counter.value = tn("{count} character left", "{count} characters left", left)

    def changed(event: ft.Event[ft.TextField]) -> None:
        count()
        if on_change is not None:
            on_change(event)

    count()
    field.counter = counter
    field.on_change = changed
    return field
