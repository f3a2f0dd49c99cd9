"""Fixtures of the phone app's tests."""

from __future__ import annotations

import locale
from collections.abc import Iterator

import pytest


@pytest.fixture
def ascii_locale() -> Iterator[None]:
    """A machine whose locale writes ASCII (`LANG=C` under cron, a container without
    locales, an old Latin-1 setup): Python's default encoding is then not UTF-8, and a
    build that relied on it would break on the page's and Flutter's UTF-8 texts."""
    before = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, "C")
    try:
        yield
    finally:
        locale.setlocale(locale.LC_CTYPE, before)
