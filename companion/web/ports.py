"""Which port a server of ours listens on: the one asked for, or the usual one, or a
free one when the usual one is taken.

The app (`companion`) and the phone app's host (`companion serve-web`) both choose
this way; only their usual port and the words for a busy one differ (the app's busy
port is most often the app already running).
"""

from __future__ import annotations

import socket
from collections.abc import Callable

from companion.i18n import t


def _family(host: str) -> socket.AddressFamily:
    """IPv6 for a host written with colons (`::`, `::1`), IPv4 otherwise."""
    return socket.AF_INET6 if ":" in host else socket.AF_INET


def can_listen(host: str, port: int) -> bool:
    """Whether a server could listen on `port` of `host` now (port 0: any free port)."""
    with socket.socket(_family(host), socket.SOCK_STREAM) as probe:
        # As the server itself will: a port a closed connection still waits on is usable.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def free_port(host: str) -> int:
    """A port of `host` no one listens on, as the system hands them out."""
    with socket.socket(_family(host), socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def choose_port(host: str, wanted: int | None, *, usual: int,
                busy: Callable[[int], str]) -> int:
    """The port to listen on. Without `wanted`, the usual port (a stable address to
    bookmark), or a free one when it is taken; a `wanted` port is used as asked or
    refused with `ValueError` and a readable message (`busy(port)` for a taken one), since
    the person asked for that address."""
    if wanted is None:
        return usual if can_listen(host, usual) else free_port(host)
    if not 1 <= wanted <= 65535:
        raise ValueError(t("Port {port} does not exist: choose a number from 1 to 65535",
                           port=wanted))
    if not can_listen(host, wanted):
        raise ValueError(busy(wanted))
    return wanted
