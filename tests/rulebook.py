"""A tableau that tests at every layer share (written once here), built on the
rulebooks' score example.

The rulebooks' Simon (seeds 000, 002, 003, 004) scores 12 + 30 + 2 + 18 = 62. This is a
tableau of ours that gives those very rows: Noram States face B, nine built cards, 2
Generals and 6 Financiers. The printed picture itself (face A, eleven cards) is the one
the Rules page draws (`assets/rules/examples.json`, tested in tests/rules/test_examples.py).
"""

from __future__ import annotations

from typing import Any

SIMON_EMPIRE = "Noram States"
SIMON_FACE = "B"
SIMON_BUILT = ("Harbor Zone", "Giant Tower", "World Congress", "National Monument",
               "Universal Vaccine", "Aquaculture", "Secret Society", "Recycling Plant",
               "Wind Turbines")
SIMON_GENERALS = 2
SIMON_FINANCIERS = 6
SIMON_ROWS = {"raw": 12, "combo": 30, "duo": 0, "generals": 2, "financiers": 18}
"""The score pad's rows, as the rulebook prints them."""
SIMON_TOTAL = 62


def simon_input() -> dict[str, Any]:
    """Simon's tableau as `companion score` reads it."""
    return {"empire": SIMON_EMPIRE, "face": SIMON_FACE, "players": 1,
            "built": list(SIMON_BUILT), "generals": SIMON_GENERALS,
            "financiers": SIMON_FINANCIERS}
