"""One GET sent straight to the site host, with exactly the ASGI scope a test gives: an
HTTP client would tidy the path (`..`, `%2e`) before sending, and the host must also
hold against what a client never tidied."""

from __future__ import annotations

from typing import Any

import anyio
from starlette.types import Message

from companion.webapp import host


def asgi_get(app: host.SiteHost, scope: dict[str, Any]) -> tuple[int, dict[str, str], bytes]:
    """The status, the headers and the body of a GET with exactly `scope`."""
    sent: list[Message] = []
    asked: list[bool] = []

    async def receive() -> Message:
        if asked:  # the response listening for the client leaving: it never leaves
            await anyio.sleep_forever()
        asked.append(True)
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Message) -> None:
        sent.append(message)

    anyio.run(app, {"type": "http", "method": "GET", **scope}, receive, send)
    headers = {bytes(k).decode(): bytes(v).decode() for k, v in sent[0]["headers"]}
    return int(sent[0]["status"]), headers, b"".join(m.get("body", b"") for m in sent[1:])
