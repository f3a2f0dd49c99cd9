"""Where the phones at the table find the app (`companion.usecases.share`): the address a
player types, the links a QR code holds, and whether another device can open them."""

from __future__ import annotations

import pytest

from companion.usecases.share import CODE_PARAM, Share, reachable_from_afar


def test_the_address_and_the_links_with_the_code() -> None:
    share = Share("192.168.1.20", 8550, "K7QM4XPD")
    assert share.address == "http://192.168.1.20:8550/"
    assert share.url == "http://192.168.1.20:8550/?code=K7QM4XPD"
    assert share.link("/tables/abc") == "http://192.168.1.20:8550/tables/abc?code=K7QM4XPD"
    assert share.link("take-home/t1/2") == (
        "http://192.168.1.20:8550/take-home/t1/2?code=K7QM4XPD")
    assert share.link("//x") == "http://192.168.1.20:8550/x?code=K7QM4XPD"
    assert share.link("X/1") == "http://192.168.1.20:8550/X/1?code=K7QM4XPD"
    assert CODE_PARAM == "code"


def test_a_code_is_quoted_whole() -> None:
    """Every character that means something in an address is escaped, "/" included."""
    share = Share("[fe80::1]", 9000, "AB CD/2?&=é")
    assert share.url == "http://[fe80::1]:9000/?code=AB%20CD%2F2%3F%26%3D%C3%A9"


@pytest.mark.parametrize(("host", "reachable"), [
    ("localhost", False), ("LocalHost", False), ("[localhost]", False),
    ("app.localhost", False), ("127.0.0.1", False), ("127.1.2.3", False),
    ("[::1]", False), ("::1", False),
    ("[fe80::1]", True), ("192.168.1.20", True), ("10.0.0.7", True), ("my-pc.local", True),
    ("notlocalhost", True), ("Xlocalhost", True),
])
def test_which_addresses_another_device_can_open(host: str, reachable: bool) -> None:
    assert reachable_from_afar(host) is reachable
    assert Share(host, 8550, "K7QM4XPD").reachable is reachable
