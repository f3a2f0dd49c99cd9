"""Reading a QR code back, as a phone's camera would: from the shapes the app draws, or
from a picture of the screen.

The decoder is ZXing's (`zxing-cpp`), the library many phone scanners are built on: a
test that says "the code reads" means a real reader read it, not that some dark pixels
were found.
"""

from __future__ import annotations

import io
from typing import Any

import flet.canvas as cv
import zxingcpp
from PIL import Image, ImageDraw

Grid = list[list[bool]]
"""Modules row by row, True for dark."""


def drawn_modules(canvas: cv.Canvas) -> Grid:
    """The modules a canvas from `qr_code` draws, read back from its rectangles: each one
    must be one module tall and sit exactly on the module grid (a drawing off by any
    fraction of a module fails here, not in a phone's hands)."""
    (path,) = canvas.shapes
    assert isinstance(path, cv.Path)
    rects = path.elements
    assert rects and all(isinstance(r, cv.Path.Rect) for r in rects)
    assert canvas.width == canvas.height
    module = rects[0].height
    size = _whole(float(canvas.width) / module)
    grid = [[False] * size for _ in range(size)]
    for rect in rects:
        assert rect.height == module
        row, column, length = (_whole(rect.y / module), _whole(rect.x / module),
                               _whole(rect.width / module))
        for x in range(column, column + length):
            assert not grid[row][x], f"module ({row}, {x}) drawn twice"
            grid[row][x] = True
    return grid


def _whole(value: float) -> int:
    """`value` as a whole number of modules; a drawing that is not fails."""
    near = round(value)
    assert abs(value - near) < 1e-6, f"{value} modules is off the grid"
    return near


def read_modules(grid: Grid, scale: int = 4) -> list[str]:
    """The texts ZXing reads from `grid` painted black on white, `scale` pixels a module
    (the grid's own light border is its only quiet zone: none is added here)."""
    size = len(grid) * scale
    picture = Image.new("L", (size, size), 255)
    pen = ImageDraw.Draw(picture)
    for y, row in enumerate(grid):
        for x, dark in enumerate(row):
            if dark:
                pen.rectangle([x * scale, y * scale, (x + 1) * scale - 1, (y + 1) * scale - 1],
                              fill=0)
    return read_picture(picture)


def read_picture(picture: Any) -> list[str]:
    """The texts of the QR codes ZXing finds in a picture (a PIL image or PNG bytes)."""
    if isinstance(picture, bytes):
        picture = Image.open(io.BytesIO(picture))
    return [found.text for found in zxingcpp.read_barcodes(picture.convert("L"))
            if found.format == zxingcpp.BarcodeFormat.QRCode]
