"""A door that cannot be worn down: the wait for wrong codes holds whatever addresses a
guesser claims or uses, and each device holds a key of its own.

The forged-header test serves the door with the app's own uvicorn settings
(`server_config`) on a real socket: that is where the client address is decided. The
others drive the door in process with a fake clock, in front of a fake app.
"""

from __future__ import annotations

import http.client
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest
import uvicorn
from starlette.testclient import TestClient
from starlette.types import Receive, Scope, Send

from companion.web.door import Devices, Door
from companion.web.server import code_page, denied_page, server_config
from companion.web.throttle import (
    FIRST_WAIT,
    GLOBAL_TRIES,
    GLOBAL_WINDOW,
    MAX_CLIENTS,
    MAX_TRIES,
    Throttle,
)

PORT = 8550
HOST = "192.168.1.20"
ORIGIN = f"http://{HOST}:{PORT}"
SECRET = "launch-token-of-the-host"
CODE = "K7QM4XPD"
COOKIE = f"companion-{PORT}"
PLENTY = 10**9
"""A global limit no test reaches, to look at the per-address limit alone."""


async def fake_app(scope: Scope, receive: Receive, send: Send) -> None:
    """Answers every HTTP request with a 200: whatever reaches it got through."""
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-length", b"10")]})
        await send({"type": "http.response.body", "body": b"APP SERVED"})
    elif scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def make_door(throttle: Throttle) -> Door:
    return Door(fake_app, secret=SECRET, cookie=COOKIE, own_hosts=frozenset(),
                denied_page=denied_page, code=CODE, code_page=code_page, throttle=throttle)


def phone(door: Door, address: str) -> TestClient:
    return TestClient(door, base_url=ORIGIN, follow_redirects=False, client=(address, 50000))


def key_of(answer: httpx.Response) -> str:
    name, _, key = answer.headers["set-cookie"].split(";")[0].partition("=")
    assert name == COOKIE
    return key


# --- no header makes a new client ---------------------------------------------------------


@contextmanager
def listening(app: Door) -> Iterator[int]:
    """`app` served as the app serves itself, on a free port of 127.0.0.1."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    server = uvicorn.Server(server_config(app, host="127.0.0.1", port=port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=20)


def test_a_forged_forwarded_address_is_not_believed() -> None:
    """From this computer, claiming another client address with each wrong code (uvicorn
    believed `X-Forwarded-For` from 127.0.0.1 by default) still counts as one client."""
    door = make_door(Throttle(global_tries=PLENTY))
    seen: list[str] = []
    real = door._try_code

    async def noting(scope: Scope, send: Send, typed: str, rest: str) -> None:
        seen.append(str(scope["client"][0]))
        await real(scope, send, typed, rest)

    door._try_code = noting  # type: ignore[method-assign]
    with listening(door) as port:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        statuses = []
        for number in range(MAX_TRIES + 1):
            connection.request("GET", "/?code=WRONG123", headers={
                "X-Forwarded-For": f"10.9.8.{number + 1}",
                "X-Real-IP": f"10.9.7.{number + 1}",
                "Forwarded": f"for=10.9.6.{number + 1}"})
            answer = connection.getresponse()
            answer.read()
            statuses.append(answer.status)
        connection.close()
    assert statuses == [401] * (MAX_TRIES - 1) + [429, 429]
    assert set(seen) == {"127.0.0.1"}


def test_the_server_takes_no_proxy_header() -> None:
    config = server_config(fake_app, host="127.0.0.1", port=PORT)
    assert config.proxy_headers is False and not config.forwarded_allow_ips


# --- many addresses -------------------------------------------------------------------


def test_a_flood_of_addresses_does_not_make_the_door_forget_a_waiting_one() -> None:
    clock = Clock()
    throttle = Throttle(clock, global_tries=PLENTY)
    for _ in range(MAX_TRIES):
        throttle.failed("192.168.1.66")
    assert throttle.wait_left("192.168.1.66").seconds == FIRST_WAIT
    # Twice as many other addresses as the door remembers, one wrong code each.
    for number in range(2 * MAX_CLIENTS):
        throttle.failed(f"10.{number // 65536}.{number // 256 % 256}.{number % 256}")
    assert len(throttle.clients) <= MAX_CLIENTS
    clock.now += 1
    assert throttle.wait_left("192.168.1.66").seconds == FIRST_WAIT - 1


def test_rotating_addresses_through_the_door_cannot_reset_the_wait() -> None:
    clock = Clock()
    door = make_door(Throttle(clock, max_clients=16, global_tries=PLENTY))
    with phone(door, "192.168.1.66") as guesser:
        for _ in range(MAX_TRIES):
            guesser.get("/?code=WRONG123")
        for number in range(100):  # the same guesser from a hundred other addresses
            with phone(door, f"192.168.2.{number + 1}") as other:
                other.get("/?code=WRONG123")
        held = guesser.get(f"/?code={CODE}")
    assert held.status_code == 429 and "set-cookie" not in held.headers


def test_with_every_remembered_address_waiting_a_new_one_is_not_checked() -> None:
    clock = Clock()
    door = make_door(Throttle(clock, max_clients=4, global_tries=PLENTY))
    for number in range(4):
        with phone(door, f"10.0.0.{number + 1}") as waiting:
            for _ in range(MAX_TRIES):
                waiting.get("/?code=WRONG123")
    with phone(door, "10.0.0.99") as newcomer:
        refused = newcomer.get(f"/?code={CODE}")  # even the right code
        assert refused.status_code == 429 and "set-cookie" not in refused.headers
        assert refused.headers["retry-after"] == str(int(FIRST_WAIT))
        assert "no code is checked" in refused.text
        clock.now += FIRST_WAIT
        assert newcomer.get(f"/?code={CODE}").status_code == 303


def test_wrong_codes_from_everyone_together_are_limited() -> None:
    clock = Clock()
    door = make_door(Throttle(clock))
    for number in range(GLOBAL_TRIES):  # one wrong code each: no address is over its limit
        with phone(door, f"10.1.0.{number + 1}") as guesser:
            last = number == GLOBAL_TRIES - 1  # checked, and then everyone waits
            assert guesser.get("/?code=WRONG123").status_code == (429 if last else 401)
        clock.now += 1
    with phone(door, "192.168.1.31") as player:
        held = player.post("/", data={"code": CODE})
        assert held.status_code == 429 and "set-cookie" not in held.headers
        assert held.headers["retry-after"] == str(int(GLOBAL_WINDOW) - GLOBAL_TRIES)
        assert "Too many wrong codes were typed on this network" in held.text
        french = player.get("/?code=WRONG123", headers={"Accept-Language": "fr"})
        assert french.status_code == 429 and "Trop de mauvais codes ont été saisis" in french.text
        clock.now += GLOBAL_WINDOW - GLOBAL_TRIES  # the first wrong code is a minute old
        assert player.post("/", data={"code": CODE}).status_code == 303


# --- a key for each device ------------------------------------------------------------


def test_each_device_gets_a_key_of_its_own_never_the_launchs() -> None:
    door = make_door(Throttle(Clock()))
    with phone(door, "192.168.1.31") as first, phone(door, "192.168.1.32") as second, \
            phone(door, "127.0.0.1") as host:
        keys = [key_of(first.get(f"/?code={CODE}")), key_of(second.post("/", data={"code": CODE})),
                key_of(host.get(f"/?token={SECRET}"))]
    assert len(set(keys)) == 3
    assert not {SECRET, CODE} & set(keys)
    assert len(door.devices) == 3


def test_a_given_key_opens_the_app_and_a_made_up_one_does_not() -> None:
    door = make_door(Throttle(Clock()))
    with phone(door, "192.168.1.31") as given:
        key = key_of(given.get(f"/?code={CODE}"))
    with phone(door, "192.168.1.40") as other:
        assert other.get("/", headers={"Cookie": f"{COOKIE}={key}"}).text == "APP SERVED"
        for made_up in (SECRET, CODE, key[:-1], key + "x", Devices().new()):
            answer = other.get("/", headers={"Cookie": f"{COOKIE}={made_up}"})
            assert answer.status_code == 401, made_up
    # A device already in that scans the code again keeps its key.
    with phone(door, "192.168.1.31") as again:
        again.cookies.set(COOKIE, key)
        rescanned = again.get(f"/?code={CODE}")
        assert rescanned.status_code == 303 and "set-cookie" not in rescanned.headers


def test_the_door_remembers_a_bounded_number_of_devices() -> None:
    devices = Devices(limit=3)
    keys = [devices.new() for _ in range(3)]
    assert devices.known(keys[0])  # seen just now: the least recent is keys[1]
    devices.new()
    assert len(devices) == 3
    assert devices.known(keys[0]) and not devices.known(keys[1]) and devices.known(keys[2])


@pytest.mark.parametrize("cookie", ["", "=", f"{COOKIE}=", f'{COOKIE}="x', "a" * 5000])
def test_a_cookie_of_no_shape_opens_nothing(cookie: str) -> None:
    door = make_door(Throttle(Clock()))
    with phone(door, "192.168.1.31") as browser:
        assert browser.get("/", headers={"Cookie": cookie}).status_code == 401
