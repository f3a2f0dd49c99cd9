"""Which port the app and `serve-web` listen on (`companion/web/ports.py`): the one asked
for or a clear refusal, the usual one, or a free one when the usual one is taken."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from companion.cli import serve_web
from companion.web import launch, ports


@pytest.fixture
def taken() -> Iterator[int]:
    """A port of 127.0.0.1 someone listens on while the test runs."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        yield int(server.getsockname()[1])


def _busy(port: int) -> str:
    return f"busy {port}"


def test_a_free_port_asked_for_is_used() -> None:
    port = ports.free_port("127.0.0.1")
    assert ports.can_listen("127.0.0.1", port)
    assert ports.choose_port("127.0.0.1", port, usual=1, busy=_busy) == port


def test_a_taken_port_asked_for_is_refused_in_the_callers_words(taken: int) -> None:
    assert not ports.can_listen("127.0.0.1", taken)
    with pytest.raises(ValueError, match=f"^busy {taken}$"):
        ports.choose_port("127.0.0.1", taken, usual=1, busy=_busy)


@pytest.mark.parametrize("port", [0, -1, 65536, 70000])
def test_a_port_that_does_not_exist_is_refused(port: int) -> None:
    with pytest.raises(ValueError, match=f"Port {port} does not exist: choose a number "
                                         "from 1 to 65535"):
        ports.choose_port("127.0.0.1", port, usual=1, busy=_busy)


@pytest.mark.parametrize("port", [1, 65535])
def test_the_first_and_last_ports_exist(port: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ports, "can_listen", lambda host, wanted: True)
    assert ports.choose_port("127.0.0.1", port, usual=1, busy=_busy) == port


def test_without_a_port_the_usual_one_is_used_when_free() -> None:
    usual = ports.free_port("127.0.0.1")
    assert ports.choose_port("127.0.0.1", None, usual=usual, busy=_busy) == usual


def test_without_a_port_a_taken_usual_one_gives_way_to_a_free_one(taken: int) -> None:
    chosen = ports.choose_port("127.0.0.1", None, usual=taken, busy=_busy)
    assert chosen != taken
    assert ports.can_listen("127.0.0.1", chosen)


def _has_ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


@pytest.mark.skipif(not _has_ipv6_loopback(), reason="this machine has no IPv6 loopback")
def test_an_ipv6_host_is_probed_as_ipv6() -> None:
    port = ports.free_port("::1")
    assert ports.choose_port("::1", port, usual=1, busy=_busy) == port
    with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as server:
        server.bind(("::1", port))
        server.listen()
        assert not ports.can_listen("::1", port)


def test_the_app_and_serve_web_each_say_why_a_port_is_taken(taken: int) -> None:
    with pytest.raises(ValueError, match="is the app already running"):
        launch.choose_port("127.0.0.1", taken)
    with pytest.raises(ValueError, match=f"Port {taken} is busy or cannot be used here"):
        serve_web.choose_port("127.0.0.1", taken)


def test_the_app_and_serve_web_have_their_usual_ports(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ports, "can_listen", lambda host, port: True)
    assert launch.choose_port("127.0.0.1", None) == 8550
    assert serve_web.choose_port("0.0.0.0", None) == 8000
