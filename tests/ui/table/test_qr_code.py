"""The QR code widget draws its modules on a canvas, which reads back as the text.

A picture (`ft.Image`) would need the browser's image decoder, which a page on a
plain-http network address does not have: it stayed a white square there."""

from __future__ import annotations

import flet as ft
import flet.canvas as cv
from harness import walk
from qr_read import drawn_modules, read_modules

from companion.ui.kit.widgets import QR_SIZE, qr_code
from companion.usecases.qr import QUIET_ZONE, qr_modules

URL = "http://192.168.1.20:8550/take-home/abc/2?code=K7QM4XPD"


def test_the_code_is_drawn_on_a_canvas_that_reads_back_as_the_text() -> None:
    drawn = qr_code(URL, "QR code of the link", identifier="take-home-code")
    controls = [control for control, _ in walk(drawn)]
    assert not [c for c in controls if isinstance(c, ft.Image)]
    (canvas,) = [c for c in controls if isinstance(c, cv.Canvas)]
    assert canvas.width == canvas.height == QR_SIZE
    grid = drawn_modules(canvas)
    code = qr_modules(URL)
    assert len(grid) == code.size
    assert [(y, x) for y, row in enumerate(grid) for x, dark in enumerate(row) if dark] == [
        (run.row, x) for run in code.runs for x in range(run.column, run.column + run.length)]
    edge = grid[:QUIET_ZONE] + grid[-QUIET_ZONE:] + [
        row[:QUIET_ZONE] + row[-QUIET_ZONE:] for row in grid]
    assert not any(map(any, edge)), "the quiet zone is light"
    assert read_modules(grid) == [URL]
    # Dark on a white card whatever the theme, one shape for the whole code.
    (path,) = canvas.shapes
    assert isinstance(path, cv.Path) and path.paint.color == "#000000"
    assert any(isinstance(c, ft.Container) and c.bgcolor == "#FFFFFF" and c.content is canvas
               for c in controls)


def test_a_screen_reader_hears_the_label_and_tests_find_the_identifier() -> None:
    (named,) = [c for c, _ in walk(qr_code(URL, "QR code of the link", identifier="qr"))
                if isinstance(c, ft.Semantics)]
    assert (named.label, named.identifier, named.image) == ("QR code of the link", "qr", True)
    (unnamed,) = [c for c, _ in walk(qr_code(URL, "QR code of the link"))
                  if isinstance(c, ft.Semantics)]
    assert (unnamed.label, unnamed.identifier) == ("QR code of the link", None)
