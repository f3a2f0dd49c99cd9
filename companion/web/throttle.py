"""The door's slow-down: wrong access codes make guessers wait, in bounded memory.

A shared app's code is 8 symbols of 31, about 8.5 × 10^11 codes: safe as long as only a
few can be tried a minute. Three limits keep it so, whatever addresses a guesser uses:

1. **Per address.** After `MAX_TRIES` wrong codes from one client address within
   `TRY_WINDOW` seconds, that address waits `FIRST_WAIT`, twice as long each time it runs
   out again (at most `LONGEST_WAIT`). The address is the connection's own: the app is
   never behind a proxy, so no header that claims another address is believed (the
   server turns uvicorn's proxy headers off, `server.py`).
2. **For everyone.** At most `GLOBAL_TRIES` wrong codes from all addresses together
   within `GLOBAL_WINDOW` seconds; past that, no code is checked from anywhere until the
   oldest of them is a minute old. A guesser with a thousand addresses gets no more
   tries than one with one. A table of seven phones mistyping now and then stays far
   below it; a phone already let in is never asked again, and the host's own address
   (with the key it printed) does not go through the code at all.
3. **A memory that cannot be worn out.** At most `MAX_CLIENTS` addresses are
   remembered. When a new one needs a place, the oldest address that is not waiting
   now is forgotten (first those quiet for `TRY_WINDOW`, which would start afresh
   anyway); an address that is waiting is never forgotten. With every place held by
   a waiting address, a new address is not checked at all until the first of those
   waits ends: flooding the memory cannot buy anyone a fresh start.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass

MAX_TRIES = 5
"""Wrong codes one client address may send within `TRY_WINDOW` before it must wait."""
TRY_WINDOW = 600.0
FIRST_WAIT = 30.0
"""The first wait, in seconds; it doubles each time the same address runs out again."""
LONGEST_WAIT = 3600.0
GLOBAL_TRIES = 20
"""Wrong codes from all addresses together within `GLOBAL_WINDOW` before nobody's code
is checked for a while: 20 a minute is about 40,000 years on average to find a code."""
GLOBAL_WINDOW = 60.0
MAX_CLIENTS = 1024
"""Client addresses remembered at most: a flood of addresses cannot make the door's
memory grow, nor push a waiting address out of it."""


@dataclass(frozen=True, slots=True)
class Wait:
    """How long before a code is checked again, and whether it is for everyone."""

    seconds: int = 0
    everyone: bool = False
    """True: too many wrong codes from all devices together (or from too many
    addresses at once), not from this one."""

    def __bool__(self) -> bool:
        return self.seconds > 0


NO_WAIT = Wait()


@dataclass(slots=True)
class _Tries:
    since: float
    wrong: int = 0
    until: float = 0.0
    wait: float = 0.0


class Throttle:
    """Wrong codes by client address and all together, to slow guessing down."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, *,
                 max_clients: int = MAX_CLIENTS, global_tries: int = GLOBAL_TRIES) -> None:
        self.clock = clock
        self.max_clients = max_clients
        self.clients: OrderedDict[str, _Tries] = OrderedDict()
        self.recent: deque[float] = deque(maxlen=global_tries)
        """When the latest wrong codes came, from anyone (the oldest first)."""

    def wait_left(self, client: str) -> Wait:
        """How long `client` must still wait before its next try (falsy: it may try now)."""
        now = self.clock()
        tries = self.clients.get(client)
        own = max(0, math.ceil(tries.until - now)) if tries is not None else 0
        everyone = 0
        if self.recent.maxlen is not None and len(self.recent) == self.recent.maxlen:
            everyone = max(0, math.ceil(self.recent[0] + GLOBAL_WINDOW - now))
        if tries is None and len(self.clients) >= self.max_clients:
            everyone = max(everyone, self._memory_full(now))
        if own >= everyone:
            return Wait(own)
        return Wait(everyone, everyone=True)

    def failed(self, client: str) -> Wait:
        """Count a wrong code; returns the wait it now has to serve (falsy: none yet)."""
        now = self.clock()
        self.recent.append(now)
        tries = self.clients.pop(client, None)
        if tries is None or now - max(tries.since, tries.until) > TRY_WINDOW:
            tries = _Tries(since=now)  # quiet long enough: start over, waits included
        elif now - tries.since > TRY_WINDOW:
            tries.since, tries.wrong = now, 0
        tries.wrong += 1
        if tries.wrong >= MAX_TRIES:
            tries.wait = min(tries.wait * 2, LONGEST_WAIT) if tries.wait else FIRST_WAIT
            tries.until = now + tries.wait
            tries.since, tries.wrong = now, 0
        if self._make_room(now):
            self.clients[client] = tries
        return self.wait_left(client)

    def passed(self, client: str) -> None:
        """The right code: this address starts afresh."""
        self.clients.pop(client, None)

    def _make_room(self, now: float) -> bool:
        """Forget addresses until there is room for one more; False if every address
        remembered is waiting (none may be forgotten)."""
        if len(self.clients) < self.max_clients:
            return True
        quiet = [client for client, tries in self.clients.items()
                 if now - max(tries.since, tries.until) > TRY_WINDOW]
        for client in quiet:
            del self.clients[client]
        if len(self.clients) < self.max_clients:
            return True
        for client, tries in self.clients.items():  # the oldest first
            if tries.until <= now:
                del self.clients[client]
                return True
        return False

    def _memory_full(self, now: float) -> int:
        """Seconds until an address is no longer waiting, when all remembered are."""
        if any(tries.until <= now for tries in self.clients.values()):
            return 0
        return max(0, math.ceil(min(t.until for t in self.clients.values()) - now))
