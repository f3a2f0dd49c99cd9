"""A QR code as the dark runs a screen draws: rows of modules, no picture file.

The screens used to show a PNG, but a browser decodes a picture only where it trusts the
page: on the plain-http address of a shared app (`companion --share`, not a secure
context) Flutter's web client found no image decoder and drew a white square. Drawing
the modules as rectangles needs no decoder, so the code shows on every address. Each row's
neighbouring dark modules are merged into one run, so a code of a few hundred modules is a
few hundred rectangles, not thousands.

Pure: text in, modules out; how they are drawn is the screens' business (`qr_code` in
`companion.ui.kit.widgets`).
"""

from __future__ import annotations

from dataclasses import dataclass

QUIET_ZONE = 4
"""Light modules around the code on every side: what the QR standard asks, so that a
camera finds the code's edge whatever is around the card."""
ERROR_LEVEL = "m"
"""Error correction M: about 15 % of the code may be smudged or glared and still read."""


@dataclass(frozen=True, slots=True)
class Run:
    """Dark modules side by side in one row: `length` of them from `column` on."""

    row: int
    column: int
    length: int


@dataclass(frozen=True, slots=True)
class QrModules:
    """A QR code, quiet zone included, as the dark runs of its square of `size` modules."""

    size: int
    """Modules per side, the quiet zone on both sides included."""
    runs: tuple[Run, ...]


def qr_modules(text: str, *, border: int = QUIET_ZONE) -> QrModules:
    """`text` as a QR code (never a Micro QR, which phones' cameras do not read), with
    `border` light modules around it."""
    import segno

    code = segno.make(text, error=ERROR_LEVEL, micro=False)
    rows = [[bool(module) for module in row] for row in code.matrix_iter(border=border)]
    return QrModules(size=len(rows), runs=tuple(
        run for number, row in enumerate(rows) for run in row_runs(number, row)))


def row_runs(number: int, row: list[bool]) -> list[Run]:
    """The dark runs of one row of modules, left to right."""
    runs: list[Run] = []
    start: int | None = None
    for column, dark in enumerate([*row, False]):  # a light end closes the last run
        if dark and start is None:
            start = column
        elif not dark and start is not None:
            runs.append(Run(number, start, column - start))
            start = None
    return runs
