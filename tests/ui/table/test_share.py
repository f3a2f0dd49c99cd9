"""The Share screen: the address, the code and its QR code, or how to share the app."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft
import flet.canvas as cv
from harness import Ui
from qr_read import drawn_modules, read_modules

from companion.usecases.services import Services
from companion.usecases.share import Share


def test_a_shared_app_shows_its_address_code_and_qr(open_ui: Callable[..., Ui],
                                                     services: Services) -> None:
    services.share = Share(host="192.168.1.20", port=8550, code="K7QM4XPD")
    ui = open_ui(services)
    ui.click("Play on phones")
    assert ui.route == "/share"
    assert ui.text("share-address") == "http://192.168.1.20:8550/"
    assert ui.text("share-code") == "K7QM4XPD"
    # The QR code is drawn (no picture a browser must decode) and reads as the address
    # with the code.
    assert not [control for control, _ in ui.controls() if isinstance(control, ft.Image)]
    (canvas,) = [c for c, _ in ui.controls(within="share-qr") if isinstance(c, cv.Canvas)]
    assert read_modules(drawn_modules(canvas)) == ["http://192.168.1.20:8550/?code=K7QM4XPD"]
    assert not ui.has_id("share-off")


def test_an_app_on_this_computer_only_says_how_to_share_it(open_ui: Callable[..., Ui],
                                                           services: Services) -> None:
    ui = open_ui(services, route="/settings")
    ui.click("Play on phones")
    assert ui.route == "/share"
    assert "companion --share" in ui.text("share-off")
    assert not ui.has_id("share-code")


def test_the_qr_code_holds_the_address_with_the_code() -> None:
    share = Share(host="[fe80::1]", port=9000, code="AB CD-23")
    assert share.address == "http://[fe80::1]:9000/"
    assert share.url == "http://[fe80::1]:9000/?code=AB%20CD-23"


def test_a_link_into_the_app_carries_the_code_and_says_if_a_phone_can_reach_it() -> None:
    share = Share(host="192.168.1.20", port=8550, code="K7QM4XPD")
    assert share.link("/take-home/abc/2") == "http://192.168.1.20:8550/take-home/abc/2?code=K7QM4XPD"
    assert share.reachable
    assert not Share(host="127.0.0.1", port=8550, code="K7QM4XPD").reachable
    assert not Share(host="[::1]", port=8550, code="K7QM4XPD").reachable
