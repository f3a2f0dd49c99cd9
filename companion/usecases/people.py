"""How the screens name and address a player of the records (`companion.rules.players`).

The app's own player has no typed name: the screens say "You", and its address uses a
segment no typed name can be (names are trimmed, so a lone space never is one).
"""

from __future__ import annotations

from companion.i18n import t
from companion.rules.players import OWNER

OWNER_SEGMENT = " "


def player_label(key: str, name: str) -> str:
    """A player's name as the screens show it."""
    return t("You") if key == OWNER else name


def player_segment(key: str, name: str) -> str:
    """The last segment of a player's page address (`/players/<segment>`)."""
    return OWNER_SEGMENT if key == OWNER else name
