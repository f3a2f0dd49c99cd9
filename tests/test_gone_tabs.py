"""A tab that has gone is not an error, even for a task Flet started for it earlier: an
event the tab sent just before it reloaded is handled after the socket has closed, and
Flet's report of that handler's failed send is one debug line (`closing.GoneTabReports`).
Errors while the tab is there, or outside any tab, reach the terminal whole."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from test_door import _run, _socket

from companion.web import closing

FLET = logging.getLogger(closing.FLET_LOGGER)
REPORT = "Unhandled error in 'on_app_lifecycle_state_change' handler"


@pytest.fixture(autouse=True)
def quiet() -> Iterator[None]:
    """Flet's logger as the server sets it up, then as it was."""
    before = list(FLET.filters)
    closing.quiet_gone_tabs()
    yield
    FLET.filters[:] = before


async def _handle_event() -> None:
    """The tab's event, handled in a task of its own (as Flet does), whose send fails,
    which Flet reports with a traceback."""

    async def handle() -> None:
        try:
            raise AttributeError("'NoneType' object has no attribute 'put_nowait'")
        except AttributeError:
            FLET.error(REPORT, exc_info=True)

    await asyncio.create_task(handle())


def _flet_reporting(*, after_disconnect: bool) -> Any:
    """Flet's connection, as far as this matters."""

    async def flet(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "bytes": b"first screen"})
        if after_disconnect:
            assert (await receive())["type"] == "websocket.disconnect"
        await _handle_event()

    return flet


def _reports(caplog: pytest.LogCaptureFixture, level: int) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name == closing.FLET_LOGGER and r.levelno == level]


def test_a_report_for_a_tab_that_has_gone_is_a_debug_line(
        caplog: pytest.LogCaptureFixture) -> None:
    receive, send, _ = _socket([{"type": "websocket.disconnect", "code": 1001}])
    with caplog.at_level(logging.DEBUG):
        _run(_flet_reporting(after_disconnect=True), receive, send)
    assert _reports(caplog, logging.ERROR) == []
    assert f"while a tab closed: {REPORT}" in [
        r.getMessage() for r in caplog.records if r.name == closing.__name__]


def test_a_report_for_a_tab_whose_send_failed_is_a_debug_line(
        caplog: pytest.LogCaptureFixture) -> None:
    receive, send, _ = _socket([], gone_after=2)

    async def flet(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "bytes": b"first screen"})
        await send({"type": "websocket.send", "bytes": b"the tab has gone"})
        await _handle_event()

    with caplog.at_level(logging.DEBUG):
        _run(flet, receive, send)
    assert _reports(caplog, logging.ERROR) == []


def test_a_report_while_the_tab_is_there_reaches_the_terminal(
        caplog: pytest.LogCaptureFixture) -> None:
    receive, send, _ = _socket([])
    with caplog.at_level(logging.DEBUG):
        _run(_flet_reporting(after_disconnect=False), receive, send)
    assert _reports(caplog, logging.ERROR) == [REPORT]
    (record,) = [r for r in caplog.records if r.getMessage() == REPORT]
    assert record.exc_info is not None  # whole, with its traceback


def test_a_report_outside_any_tab_reaches_the_terminal(
        caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG):
        FLET.error(REPORT)
        FLET.warning("a warning")
    assert _reports(caplog, logging.ERROR) == [REPORT]
    assert _reports(caplog, logging.WARNING) == ["a warning"]


def test_flets_quieter_lines_for_a_gone_tab_are_kept() -> None:
    record = logging.LogRecord("flet", logging.INFO, __file__, 1, "Disposing", None, None)
    tab = closing.Tab(gone=True)
    serving = closing.TAB.set(tab)
    try:
        assert closing.GoneTabReports().filter(record)
        record.levelno = logging.WARNING
        assert not closing.GoneTabReports().filter(record)
    finally:
        closing.TAB.reset(serving)


def test_the_filter_is_put_on_flets_logger_once() -> None:
    closing.quiet_gone_tabs()
    assert sum(isinstance(f, closing.GoneTabReports) for f in FLET.filters) == 1


def test_the_socket_leaves_no_tab_behind() -> None:
    """What runs after a socket in the same task (a server serving sockets one after
    another) is not taken for that socket's tab."""
    receive, send, _ = _socket([{"type": "websocket.disconnect", "code": 1001}])

    async def one_socket_then_more() -> closing.Tab | None:
        await closing.QuietClose(_flet_reporting(after_disconnect=True))(
            {"type": "websocket"}, receive, send)
        return closing.TAB.get()

    assert asyncio.run(one_socket_then_more()) is None
