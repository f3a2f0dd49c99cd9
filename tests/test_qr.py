"""A QR code's dark runs rebuild segno's code exactly, inside a quiet zone."""

from __future__ import annotations

import itertools

import pytest
import segno
from qr_read import Grid, read_modules

from companion.usecases.bgstats import CREATE_PLAY
from companion.usecases.qr import QUIET_ZONE, QrModules, Run, qr_modules, row_runs

TEXTS = [
    "http://192.168.1.20:8550/?code=K7QM4XPD",
    "http://[fe80::1]:9000/take-home/0f8e2c4b-table/2?code=AB%20CD-23",
    CREATE_PLAY + "?data=" + "%7B%22players%22%3A%5B%7B%22name%22%3A%22Zo%C3%A9%22%7D%5D%7D" * 8,
]
"""The Share page's address, a take-home link, and a BG Stats link as long as a game's."""


def grid_of(code: QrModules) -> Grid:
    """The square of modules the runs paint, each module painted at most once."""
    grid = [[False] * code.size for _ in range(code.size)]
    for run in code.runs:
        assert run.length >= 1
        for column in range(run.column, run.column + run.length):
            assert not grid[run.row][column], "runs overlap"
            grid[run.row][column] = True
    return grid


@pytest.mark.parametrize("text", TEXTS)
def test_the_runs_rebuild_segnos_code_inside_a_quiet_zone(text: str) -> None:
    code = qr_modules(text)
    symbol = [[bool(m) for m in row]
              for row in segno.make(text, error="m", micro=False).matrix]
    assert code.size == len(symbol) + 2 * QUIET_ZONE
    grid = grid_of(code)
    inside = [row[QUIET_ZONE:-QUIET_ZONE] for row in grid[QUIET_ZONE:-QUIET_ZONE]]
    assert inside == symbol
    # The quiet zone: four light modules on every side, so nothing else is drawn.
    assert sum(map(sum, grid)) == sum(map(sum, symbol))
    assert read_modules(grid) == [text]


@pytest.mark.parametrize("text", TEXTS)
def test_neighbouring_dark_modules_are_one_run(text: str) -> None:
    """Few rectangles to draw: two runs of a row never touch (they would be one)."""
    runs = qr_modules(text).runs
    for before, after in itertools.pairwise(runs):
        assert (before.row, before.column) < (after.row, after.column)
        if before.row == after.row:
            assert after.column > before.column + before.length
    assert len(runs) < 0.6 * sum(run.length for run in runs)  # about half the modules


def test_a_wider_quiet_zone_on_request() -> None:
    narrow, wide = qr_modules("hello", border=4), qr_modules("hello", border=6)
    assert wide.size == narrow.size + 4
    assert [(r.row - 2, r.column - 2, r.length) for r in wide.runs] == [
        (r.row, r.column, r.length) for r in narrow.runs]


@pytest.mark.parametrize("text", ["1", "hello"])
def test_a_short_text_is_a_full_qr_code_never_a_micro_one(text: str) -> None:
    """Phones' cameras do not read Micro QR, which segno would choose for a text this
    short: version 1 (21 modules a side) plus the quiet zone on both sides."""
    assert qr_modules(text).size == 21 + 2 * QUIET_ZONE


@pytest.mark.parametrize(("row", "runs"), [
    ([True], [Run(7, 0, 1)]),
    ([False, True, True, False, True], [Run(7, 1, 2), Run(7, 4, 1)]),
    ([True, True, False], [Run(7, 0, 2)]),
    ([False, False], []),
    ([], []),
])
def test_a_row_s_runs_end_with_the_row(row: list[bool], runs: list[Run]) -> None:
    assert row_runs(7, row) == runs
