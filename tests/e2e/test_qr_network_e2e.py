"""The QR codes draw and read on the shared app's network address, in a real browser.

On `http://<network address>:<port>` the page is not a secure context (Chromium counts
only https, localhost and 127.0.0.0/8 as secure), so it has no `ImageDecoder`, and
Flutter's web client drew a QR code shown as a PNG as a white square, on every phone.
The tests in test_share_e2e.py serve on loopback and could not see it; these serve on a
real non-loopback address of this machine, open the Share page and a seat's final page
as a phone does, screenshot each QR code's own region and read it with ZXing, the
decoder many phone scanners use.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from app_page import AppPage
from qr_read import read_picture
from table_play import finished_table

from companion.shipped.catalog import catalog
from companion.store import open_store
from companion.usecases.services import Services
from companion.usecases.store_backend import StoreBackend
from companion.web.sharing import lan_address

pytestmark = pytest.mark.browser

CODE = "SOMECODE"
READ_TIMEOUT = 60.0
"""Seconds a QR code may take to be drawn and read: long, since a busy machine is slow,
and only ever spent when the code never draws."""
ADDED = "192.0.2.10"
"""An address from TEST-NET-1 (RFC 5737, never routed), put on the loopback interface
for the test when the machine has no network address of its own: Chromium judges the
address, not the interface, so a page there is not a secure context either."""


@pytest.fixture
def network_host() -> Iterator[str]:
    """A non-loopback IPv4 address of this machine, found as `companion --share` finds
    it; without one, one added for the test (as root) and removed after; else a skip,
    except in CI, where the test must run."""
    found = lan_address()
    if found is not None:
        yield found
        return
    ip = shutil.which("ip")
    if os.geteuid() == 0 and ip is not None:
        subprocess.run([ip, "addr", "add", f"{ADDED}/32", "dev", "lo"], check=True)
        try:
            yield ADDED
        finally:
            subprocess.run([ip, "addr", "del", f"{ADDED}/32", "dev", "lo"], check=False)
        return
    problem = ("this machine has no non-loopback IPv4 address, and the test can add one "
               "only as root with iproute2's `ip`")
    if os.environ.get("CI"):
        pytest.fail(problem)
    pytest.skip(problem)


def read_qr(app: AppPage, identifier: str) -> list[str]:
    """What ZXing reads in screenshots of the QR code's own region (its semantics node),
    taken until it reads something or `READ_TIMEOUT` passes: the wait is for the state
    asserted, the code drawn, never for a fixed time."""
    region = app.scope(identifier).first
    region.wait_for(state="visible")
    deadline = time.monotonic() + READ_TIMEOUT
    while True:
        read = read_picture(region.screenshot(animations="disabled"))
        if read or time.monotonic() > deadline:
            return read
        time.sleep(0.1)  # a poll's pace, not a wait for anything


def open_as_phone(page: Any, address: str, first: str) -> AppPage:
    """The app opened at `address` as a phone that scanned a code, on a page that must
    not be a secure context (else this test would prove nothing)."""
    app = AppPage(page)
    app.open(address, first=first)
    assert page.evaluate("window.isSecureContext") is False, page.url
    return app


def test_the_share_qr_code_reads_as_the_address_and_code_shown(
        app_server: Any, page: Any, network_host: str) -> None:
    server = app_server(args=["--share", "--host", network_host], env={"COMPANION_CODE": CODE})
    root = f"http://{network_host}:{server.port}/"
    app = open_as_phone(page, f"{root}share?code={CODE}", first="Set up the table")
    address, code = app.text("share-address"), app.text("share-code")
    assert (address, code) == (root, CODE)
    assert read_qr(app, "share-qr") == [f"{address}?code={code}"]


def test_the_take_home_qr_code_reads_as_the_link_to_the_file(
        app_server: Any, browser: Any, data_dir: Path, network_host: str) -> None:
    with open_store(data_dir) as store:
        table, _ = finished_table(Services(catalog=catalog(), backend=StoreBackend(store)))
    server = app_server(args=["--share", "--host", network_host], env={"COMPANION_CODE": CODE})
    root = f"http://{network_host}:{server.port}/"
    # A tall phone: the code, below the ranking, is on screen without scrolling.
    context = browser.new_context(viewport={"width": 390, "height": 1600},
                                  color_scheme="light")
    try:
        tab = context.new_page()
        tab.set_default_timeout(60_000)
        app = open_as_phone(tab, f"{root}tables/{table.id}/2?code={CODE}",
                            first="Take this game home")
        assert read_qr(app, "take-home-code") == [
            f"{root}take-home/{table.id}/2?code={CODE}"]
    finally:
        context.close()
