"""The door of a shared app (`companion --share`): nothing without the access code.

The door stands in front of a fake app here, which answers every HTTP path and accepts
every WebSocket: whatever reaches it got through. The real app behind the real door,
over the network, is tested in tests/e2e/test_share_e2e.py.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from companion.web.door import Door
from companion.web.server import code_page, denied_page
from companion.web.sharing import CODE_ALPHABET, CODE_LENGTH, check_code, lan_address, new_code
from companion.web.throttle import FIRST_WAIT, MAX_CLIENTS, MAX_TRIES, TRY_WINDOW, Throttle

PORT = 8550
HOST = "192.168.1.20"
ORIGIN = f"http://{HOST}:{PORT}"
SECRET = "launch-token-of-the-host"
CODE = "K7QM4XPD"
COOKIE_NAME = f"companion-{PORT}"
HOSTS_KEY = f"{COOKIE_NAME}={SECRET}"
"""The launch's secret as a cookie: no browser is ever given it, and it opens nothing."""
PATHS = ("/", "/play/abc", "/main.dart.js", "/flutter_bootstrap.js", "/ws", "/assets/x.png")


async def fake_app(scope: Scope, receive: Receive, send: Send) -> None:
    """Answers everything: a 200 for HTTP, an accepted socket saying hello."""
    if scope["type"] == "http":
        body = f"APP SERVED {scope['path']}".encode()
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-length", str(len(body)).encode()),
                                (b"access-control-allow-origin", b"*")]})
        await send({"type": "http.response.body", "body": body})
    elif scope["type"] == "websocket":
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": "hello from the app"})
        await send({"type": "websocket.close", "code": 1000})
    else:  # lifespan: started and stopped at once
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def door(clock: Clock) -> Door:
    return Door(fake_app, secret=SECRET, cookie=f"companion-{PORT}", own_hosts=frozenset(),
                denied_page=denied_page, code=CODE, code_page=code_page,
                throttle=Throttle(clock))


@pytest.fixture
def phone(door: Door) -> Iterator[TestClient]:
    """A phone's browser on the network, with no cookie yet."""
    with TestClient(door, base_url=ORIGIN, follow_redirects=False,
                    client=("192.168.1.31", 50000)) as client:
        yield client


def other_phone(door: Door, address: str) -> TestClient:
    return TestClient(door, base_url=ORIGIN, follow_redirects=False, client=(address, 50000))


def device_key(answer: httpx.Response) -> str:
    """The key a device was let in with: the value of the cookie the door set."""
    attributes = answer.headers["set-cookie"].split("; ")
    name, _, key = attributes[0].partition("=")
    assert name == COOKIE_NAME and {"HttpOnly", "SameSite=Strict", "Path=/"} <= set(attributes)
    assert key not in (SECRET, CODE) and len(key) >= 40
    return key


def socket_refused(client: TestClient, headers: dict[str, str]) -> bool:
    try:
        with client.websocket_connect(f"ws://{HOST}:{PORT}/ws", headers=headers) as ws:
            assert ws.receive_text() == "hello from the app"
    except WebSocketDisconnect as closed:
        assert closed.code == 1008
        return True
    return False


# --- no code, wrong code, right code ------------------------------------------------------


def test_without_the_code_every_path_is_the_prompt(phone: TestClient) -> None:
    for path in PATHS:
        answer = phone.get(path)
        assert answer.status_code == 401, path
        assert "APP SERVED" not in answer.text, path
        assert '<form method="post"' in answer.text and 'name="code"' in answer.text
        assert "set-cookie" not in answer.headers
        assert "access-control-allow-origin" not in answer.headers
    # A form of another kind, or a post without a form, is no way in either.
    assert phone.post("/", content=b"{}", headers={"Content-Type": "application/json"}
                      ).status_code == 401
    assert phone.put("/upload", content=b"x").status_code == 401


def test_the_prompt_speaks_the_browsers_language(phone: TestClient) -> None:
    answer = phone.get("/", headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    assert '<html lang="fr">' in answer.text
    assert "Code d'accès" in answer.text or "Code d&#x27;accès" in answer.text


def test_the_right_code_in_the_address_sets_the_cookie_and_leaves(phone: TestClient) -> None:
    answer = phone.get(f"/?code={CODE}")
    assert (answer.status_code, answer.headers["location"]) == (303, "/")
    device_key(answer)
    phone.cookies.clear()
    deeper = phone.get(f"/new/table?mode=solo&code={CODE}")
    assert deeper.headers["location"] == "/new/table?mode=solo"


def test_the_code_is_typed_as_people_type(phone: TestClient) -> None:
    for typed in ("k7qm4xpd", "K7QM-4XPD", " k7qm 4xpd "):
        phone.cookies.clear()
        answer = phone.post("/", data={"code": typed})
        assert answer.status_code == 303, typed


def test_the_right_code_by_the_form_sets_the_cookie(phone: TestClient) -> None:
    answer = phone.post("/play/abc?seat=2", data={"code": CODE})
    assert answer.status_code == 303
    assert answer.headers["location"] == "/play/abc?seat=2"
    device_key(answer)


def test_with_the_cookie_every_path_is_the_app(phone: TestClient) -> None:
    phone.get(f"/?code={CODE}")  # the client keeps the cookie it was given
    for path in PATHS:
        answer = phone.get(path)
        assert answer.status_code == 200, path
        assert answer.text == f"APP SERVED {path}"
        assert "access-control-allow-origin" not in answer.headers
    # Scanning the code again with the cookie: the address loses the code, nothing else.
    again = phone.get(f"/?code={CODE}")
    assert again.status_code == 303 and again.headers["location"] == "/"


def test_the_hosts_token_still_opens_the_app(phone: TestClient) -> None:
    answer = phone.get(f"/?token={SECRET}")
    assert answer.status_code == 303
    device_key(answer)  # a key of its own, not the token


def test_a_wrong_code_is_refused_with_the_prompt(phone: TestClient) -> None:
    for answer in (phone.get("/?code=WRONG123"), phone.post("/", data={"code": "WRONG123"}),
                   phone.post("/", data={"code": ""}), phone.get(f"/?code={CODE}X")):
        assert answer.status_code == 401
        assert "set-cookie" not in answer.headers
        assert "not the right one" in answer.text
        assert "APP SERVED" not in answer.text
    # The form of a wrong address posts to the address without the wrong code.
    assert 'action="/play/x?seat=1"' in phone.get("/play/x?code=NOPE&seat=1").text


def test_a_token_or_cookie_of_another_kind_opens_nothing(phone: TestClient) -> None:
    assert phone.get(f"/?token={CODE}").status_code == 401
    assert phone.get(f"/?code={SECRET}").status_code == 401
    assert phone.get("/", headers={"Cookie": f"companion-{PORT}={CODE}"}).status_code == 401
    assert phone.get("/", headers={"Cookie": HOSTS_KEY}).status_code == 401


# --- the live connection ------------------------------------------------------------------


def test_the_socket_needs_the_cookie_and_the_apps_origin(phone: TestClient) -> None:
    assert socket_refused(phone, {"Origin": ORIGIN})
    assert socket_refused(phone, {"Origin": ORIGIN, "Cookie": f"companion-{PORT}={CODE}"})
    assert socket_refused(phone, {"Origin": ORIGIN, "Cookie": HOSTS_KEY})
    cookie = f"{COOKIE_NAME}={device_key(phone.get(f'/?code={CODE}'))}"
    phone.cookies.clear()
    assert socket_refused(phone, {"Origin": "http://evil.example", "Cookie": cookie})
    assert not socket_refused(phone, {"Origin": ORIGIN, "Cookie": cookie})


def test_a_socket_with_the_code_in_its_address_is_still_refused(phone: TestClient) -> None:
    try:
        with phone.websocket_connect(f"ws://{HOST}:{PORT}/ws?code={CODE}",
                                     headers={"Origin": ORIGIN}):
            pytest.fail("the handshake was accepted")
    except WebSocketDisconnect as closed:
        assert closed.code == 1008


# --- the slow-down ------------------------------------------------------------------------


def test_wrong_codes_make_the_address_wait_longer_and_longer(door: Door, clock: Clock,
                                                             phone: TestClient) -> None:
    for _ in range(MAX_TRIES - 1):
        assert phone.post("/", data={"code": "WRONG123"}).status_code == 401
    stopped = phone.post("/", data={"code": "WRONG123"})
    assert stopped.status_code == 429
    assert stopped.headers["retry-after"] == str(int(FIRST_WAIT))
    assert f"wait {int(FIRST_WAIT)} s" in stopped.text
    # Waiting means waiting: even the right code is not tried meanwhile.
    clock.now += 10
    held = phone.get(f"/?code={CODE}")
    assert held.status_code == 429 and held.headers["retry-after"] == str(int(FIRST_WAIT) - 10)
    assert "set-cookie" not in held.headers
    # Another phone is not held up by this one.
    with other_phone(door, "192.168.1.32") as neighbour:
        assert neighbour.get(f"/?code={CODE}").status_code == 303
    # Once the wait is over, the next run of wrong codes waits twice as long.
    clock.now += FIRST_WAIT
    for _ in range(MAX_TRIES - 1):
        assert phone.get("/?code=WRONG123").status_code == 401
    assert phone.get("/?code=WRONG123").headers["retry-after"] == str(int(2 * FIRST_WAIT))
    # After the wait the right code opens, and the address starts afresh.
    clock.now += 2 * FIRST_WAIT
    assert phone.get(f"/?code={CODE}").status_code == 303
    assert not door.throttle.wait_left("192.168.1.31")
    assert "192.168.1.31" not in door.throttle.clients


def test_wrong_codes_far_apart_never_make_anyone_wait(phone: TestClient, clock: Clock) -> None:
    for _ in range(3 * MAX_TRIES):
        assert phone.get("/?code=WRONG123").status_code == 401
        clock.now += TRY_WINDOW / (MAX_TRIES - 1) + 1


def test_the_slow_down_remembers_a_bounded_number_of_addresses(clock: Clock) -> None:
    throttle = Throttle(clock)
    for number in range(MAX_CLIENTS + 50):
        throttle.failed(f"10.0.{number // 256}.{number % 256}")
    assert len(throttle.clients) == MAX_CLIENTS
    assert "10.0.0.0" not in throttle.clients  # the oldest went first


# --- the code itself ----------------------------------------------------------------------


def test_a_random_code_is_short_and_unambiguous() -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    assert not set("0O1IL") & set(CODE_ALPHABET)


@pytest.mark.parametrize("code", ["", "  ", "abc", "ab-cd", "abc$%^def", "é" * 8, "x" * 65])
def test_a_chosen_code_that_would_not_do_is_refused(code: str) -> None:
    with pytest.raises(ValueError):
        check_code(code)


def test_a_chosen_code_is_kept_as_written() -> None:
    assert check_code(" table-42-ok ") == "table-42-ok"


# --- the command ------------------------------------------------------------------------


@pytest.mark.parametrize(("argv", "code", "said"), [
    (["--share"], "ab", "at least 6"),
    (["--share"], "  ", "at least 6"),
    (["--share"], "table#42!", "only letters"),
    (["--share", "--code", "SOMECODE"], None, "COMPANION_CODE environment variable"),
    (["--code", "SOMECODE"], None, "COMPANION_CODE environment variable"),
    (["--share", "--desktop"], None, "leave --desktop out"),
])
def test_the_command_refuses_a_code_that_would_not_do(argv: list[str], code: str | None,
                                                       said: str,
                                                       capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    from companion.cli import main

    if code is None:
        monkeypatch.delenv("COMPANION_CODE", raising=False)
    else:
        monkeypatch.setenv("COMPANION_CODE", code)
    assert main([*argv, "--no-browser", "--data-dir", str(tmp_path)]) == 2
    assert said in capsys.readouterr().err
    assert not any(tmp_path.iterdir())  # refused before the data folder was opened


def test_shared_without_host_the_app_listens_on_the_network() -> None:
    from companion.web.launch import share_host, shown_host

    found = lan_address()
    assert share_host() == (found or "0.0.0.0")
    if found is not None:
        assert not ipaddress.ip_address(found).is_loopback
    assert shown_host("0.0.0.0") == (found or "127.0.0.1")
    assert shown_host("fe80::2") == "[fe80::2]"
    assert shown_host("127.0.0.1") == "127.0.0.1"
