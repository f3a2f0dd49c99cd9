"""The wake lock: a browser that refuses it (headless, or a phone on plain http) is
normal, not an error to print with a traceback."""

from __future__ import annotations

import asyncio
import logging

import pytest

from companion.ui.wakelock import ask


def test_a_refusal_is_quiet_and_said_in_one_line(caplog: pytest.LogCaptureFixture) -> None:
    async def refused() -> None:
        raise RuntimeError("NotAllowedError: Wake Lock permission request denied")

    with caplog.at_level(logging.INFO, logger="companion.ui.wakelock"):
        assert asyncio.run(ask(refused)) is False
    assert [r.levelno for r in caplog.records] == [logging.INFO]
    assert "NotAllowedError" in caplog.records[0].getMessage()
    assert caplog.records[0].exc_info is None, "no traceback"


def test_a_lock_granted_is_granted() -> None:
    async def granted() -> None:
        return None

    assert asyncio.run(ask(granted)) is True


def test_anything_else_is_not_swallowed() -> None:
    async def broken() -> None:
        raise KeyError("a bug")

    with pytest.raises(KeyError):
        asyncio.run(ask(broken))
