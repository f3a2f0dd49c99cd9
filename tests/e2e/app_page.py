"""Drives the app in Chromium through Flutter's accessibility tree, as a screen reader would."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screens"
DRAWN_LIMIT = 10.0
"""The longest a screenshot waits for Flutter to draw the screen in a colour scheme."""
ATTEMPTS = 5
QUIET_JS = """([quiet, frames, turn]) => {
  let seen = window.__companionQuiet;
  if (!seen || seen.turn !== turn) {
    if (seen) seen.observer.disconnect();
    const host = document.querySelector('flt-semantics-host') || document.body;
    seen = window.__companionQuiet = {turn, last: performance.now(), frames: 0};
    const changed = () => { seen.last = performance.now(); seen.frames = 0; };
    seen.observer = new MutationObserver(changed);
    seen.observer.observe(host, {subtree: true, childList: true, attributes: true,
                                 characterData: true});
    const counted = window.__companionSocket;
    seen.received = counted ? counted.received : 0;
    const tick = () => {
      if (window.__companionQuiet !== seen) return;
      if (counted && counted.received !== seen.received) {
        seen.received = counted.received;
        changed();
      }
      seen.frames += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }
  return seen.frames >= frames && performance.now() - seen.last >= quiet;
}"""
"""True once, since this `turn` of waiting began, neither the accessibility tree nor the
server's messages have changed for `quiet` ms and `frames` frames the browser drew: a
busy machine draws fewer frames, so the wait stretches with it instead of ending in the
middle of a slow redraw. Polled by Playwright with a timeout: a page that never answers
fails the wait instead of hanging the run (a plain `evaluate` has no timeout)."""
PAGE_CALL_TIMEOUT_MS = 60_000
"""The longest any read of the page may take before the test fails."""
LANDED_TIMEOUT_MS = 20_000
"""How long a tap may take to leave the tab. Flutter sends a tap it took at once, with no
server in the way; on a busy machine it was seen to drop a tap on a screen it was still
building, and such a tap is tapped again (one still on its way would be tapped twice, so
the wait is long)."""
ANSWER_TIMEOUT_MS = 60_000
"""How long a tap may wait for the server's answer: long, since a busy machine is slow,
and never spent when the answer comes (the wait ends the moment it arrives)."""
COUNT_ANSWERS_JS = """(() => {
  if (window.__companionSocket) return;
  const Real = window.WebSocket;
  const seen = window.__companionSocket = {opened: 0, received: 0, sent: 0};
  function Counted(...args) {
    const socket = new Real(...args);
    seen.opened += 1;
    socket.addEventListener('message', () => { seen.received += 1; });
    socket.send = function (...data) {
      seen.sent += 1;
      return Real.prototype.send.apply(this, data);
    };
    return socket;
  }
  Counted.prototype = Real.prototype;
  Object.assign(Counted, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = Counted;
})()"""
"""Counts the messages this tab sends the app's server and those it sends back: a tap
Flutter took is sent at once, and every tap that changes the screen is answered, so a test
can tell a tap that landed from one Flutter dropped, and wait for the answer to its own tap
before the next (the phone app runs Python in the page and opens no socket: nothing to
count)."""
READ = "e => [e.getAttribute('aria-label') || '', e.innerText || ''].filter(Boolean).join('\\n')"


class AppPage:
    """The app in one tab. `taps` and `keys` count what a player would do with a finger:
    every `click` is one tap, every `fill` one tap on the field plus one key per letter,
    every `press` one key (a retry after Flutter replaced a node is not counted again)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.taps = 0
        self.keys = 0
        self._turns = 0
        self._dark: bytes | None = None
        page.context.add_init_script(COUNT_ANSWERS_JS)

    def answers(self) -> int | None:
        """How many messages the server has sent this tab; None without a socket."""
        return self._counted()[0]

    def _counted(self) -> tuple[int | None, int | None]:
        """Messages received from the server and sent to it so far, in one read of the
        page; None for both without a socket."""
        counted = self.page.wait_for_function(  # always true: a read with a timeout
            "() => [window.__companionSocket && window.__companionSocket.opened"
            " ? [window.__companionSocket.received, window.__companionSocket.sent]"
            " : [null, null]]", timeout=PAGE_CALL_TIMEOUT_MS)
        received, sent = counted.json_value()[0]
        return received, sent

    def landed(self, before: int | None) -> bool:
        """Whether a tap left the tab since `before` messages had been sent (a tab with no
        socket cannot tell, so its tap counts as landed)."""
        from playwright.sync_api import TimeoutError as Slow

        if before is None:
            return True
        try:
            self.page.wait_for_function(
                "n => window.__companionSocket.sent > n", arg=before,
                timeout=LANDED_TIMEOUT_MS)
        except Slow:
            return False
        return True

    def wait_for_answer(self, before: int | None, what: str) -> None:
        """Wait until the server has answered since `before` (a tap's event went to the
        server, which sent the screen's change back): the state this tap made is then
        on its way to the screen, and `settle` sees it drawn."""
        from playwright.sync_api import TimeoutError as Slow

        if before is None:
            return
        try:
            self.page.wait_for_function(
                "n => window.__companionSocket.received > n", arg=before,
                timeout=ANSWER_TIMEOUT_MS)
        except Slow:
            raise AssertionError(f"the server never answered {what}") from None

    def reset_counts(self) -> None:
        """Start counting from here (after opening the app, say)."""
        self.taps = 0
        self.keys = 0

    def counts(self) -> str:
        return f"{self.taps} taps, {self.keys} keys"

    def open(self, url: str | None, *, first: str = "Quick score") -> float:
        """Load the app (`None`: the page the tab has just gone back or forward to), turn
        on the accessibility tree; returns seconds until `first` shows."""
        started = time.monotonic()
        if url is not None:
            self.page.goto(url)
        self.page.wait_for_selector("flt-semantics-placeholder", state="attached")
        self.page.locator("flt-semantics-placeholder").dispatch_event("click")
        self.button(first).wait_for(state="visible")
        return time.monotonic() - started

    def scope(self, within: str | None) -> Any:
        if within is None:
            return self.page
        return self.page.locator(f'[flt-semantics-identifier="{within}"]')

    def button(self, name: str, *, exact: bool = True, within: str | None = None) -> Any:
        return self.scope(within).get_by_role("button", name=name, exact=exact)

    def scroll_to(self, name: str) -> None:
        """Bring a button into view, found again when Flutter replaces its node meanwhile
        (the answer to the last tap still being drawn, seen on a busy machine)."""
        from playwright.sync_api import Error

        for attempt in range(ATTEMPTS):
            try:
                self.button(name).scroll_into_view_if_needed()
                break
            except Error as exc:
                if "not attached" not in str(exc) or attempt == ATTEMPTS - 1:
                    raise
                self.settle()
        self.settle()

    def click(self, name: str, *, exact: bool = True, within: str | None = None,
              answered: bool = True, first: bool = False) -> None:
        """Tap a button and wait for the server's answer, then for the screen to draw it,
        so the next tap never lands on a screen that is still changing (`answered=False`
        for a tap that changes nothing)."""
        def found() -> Any:
            button = self.button(name, exact=exact, within=within)
            return button.first if first else button

        self.tap(found, f"the tap on {name!r}", answered=answered)

    def tap(self, found: Callable[[], Any], what: str, *, answered: bool = True) -> None:
        """One tap on what `found` finds, counted once; tapped again when Flutter replaces
        its node between lookup and tap, or drops the tap (nothing left the tab)."""
        from playwright.sync_api import Error

        self.taps += 1
        for attempt in range(ATTEMPTS):
            try:
                before, sent = self._counted() if answered else (None, None)
                found().click()
                if not self.landed(sent) and attempt < ATTEMPTS - 1:
                    continue
                self.wait_for_answer(before, what)
                self.settle()
                return
            except Error as exc:
                if "not attached" not in str(exc) or attempt == ATTEMPTS - 1:
                    raise
                time.sleep(0.2)

    def click_until(self, name: str, shows: str, *, attempts: int = 3) -> None:
        """Tap `name` until the button `shows` is on screen. At a shared table another
        phone's move redraws this screen too, and a tap landing on a node being redrawn
        can be lost (seen on a busy machine); only a tap whose button is still on screen,
        so whose effect did not happen, is tapped again."""
        from playwright.sync_api import TimeoutError as Slow

        for attempt in range(attempts):
            self.click(name)
            try:
                self.button(shows).wait_for(state="visible", timeout=ANSWER_TIMEOUT_MS // 3)
                return
            except Slow:
                if attempt == attempts - 1 or not self.button(name).count():
                    raise
            self.taps -= 1  # a repeated tap is the robot's, not the player's

    def start_solo(self, face: str = "A") -> None:
        """From the home screen, a new solo game on Empire face `face`: three taps."""
        self.click("New solo game")
        self.click(f"Face {face}")
        self.click("Start the game")

    def section(self, label: str) -> None:
        """Tap a destination of the navigation bar (Flutter names each one a tab)."""
        self.tap(lambda: self.page.get_by_role("tab", name=label, exact=True),
                 f"the tap on the {label!r} section")

    def fill(self, label: str, text: str) -> None:
        """Type into a field and check it kept the text: a field Flutter rebuilds while
        the previous tap's answer is still arriving can come back empty; type again then."""
        self.taps += 1
        self.keys += len(text)
        for _ in range(ATTEMPTS):
            box = self.page.get_by_role("textbox", name=label)
            box.click()
            box.fill(text)
            self.settle()
            box = self.page.get_by_role("textbox", name=label)
            if box.count() and box.first.input_value() == text:
                return
            time.sleep(0.3)
        raise AssertionError(f"the field {label!r} does not keep {text!r}")

    def press(self, key: str) -> None:
        """One key on the keyboard (Enter, Backspace...), counted in `keys`."""
        self.keys += 1
        self.page.keyboard.press(key)
        self.settle()

    def settle(self, quiet_ms: int = 120, frames: int = 8, limit_ms: int = 5000) -> None:
        """Wait until the accessibility tree stops changing: the server has answered the
        last tap and Flutter has drawn it (a tap on a node being replaced would be lost)."""
        from playwright.sync_api import TimeoutError as Slow

        self._turns += 1
        # Still changing after `limit_ms` (an animation): go on, as a player would.
        with contextlib.suppress(Slow):
            self.page.wait_for_function(QUIET_JS, arg=[quiet_ms, frames, self._turns],
                                        polling=50, timeout=limit_ms)

    def text(self, identifier: str) -> str:
        """What a screen reader reads for the element: its label (Flutter merges the plain
        texts of a group into it), then the text of its children."""
        return str(self.scope(identifier).first.evaluate(
            READ, timeout=PAGE_CALL_TIMEOUT_MS)).strip()

    def wait_for_address(self, pattern: str) -> None:
        """Wait until the address bar matches `pattern` (a regular expression, searched):
        the app changes the address in place, after the screen's answer, with no page load
        a test could wait for."""
        from playwright.sync_api import expect

        expect(self.page).to_have_url(re.compile(pattern), timeout=ANSWER_TIMEOUT_MS)

    def wait_text(self, identifier: str, expected: str, timeout: float = 60.0) -> None:
        """Wait until the element's text equals `expected` (numbers update after a tap)."""
        deadline = time.monotonic() + timeout
        seen = ""
        while time.monotonic() < deadline:
            locator = self.scope(identifier)
            if locator.count():
                seen = str(locator.first.evaluate(READ, timeout=5_000)).strip()
                if seen == expected:
                    return
            time.sleep(0.1)
        raise AssertionError(f"{identifier!r} shows {seen!r}, expected {expected!r}")

    def wait_for_text(self, pattern: str, timeout: float = 60.0) -> None:
        self.page.get_by_text(re.compile(pattern)).first.wait_for(timeout=timeout * 1000)

    def screenshots(self, name: str) -> list[Path]:
        """Phone-size pictures of the current screen, light then dark, each taken once
        Flutter has drawn that scheme; then back to light, drawn again before the test
        goes on: a field typed into while Flutter rebuilds for the scheme can keep the
        text on screen and never tell the app (the search of 'eoliennes' was lost so)."""
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        light = self.drawn(unlike=self._dark)
        self.page.emulate_media(color_scheme="dark")
        self._dark = self.drawn(unlike=light)
        self.page.emulate_media(color_scheme="light")
        self.drawn(unlike=self._dark)
        self.settle()
        paths = [ARTIFACTS / f"{name}-{scheme}.png" for scheme in ("light", "dark")]
        for path, picture in zip(paths, (light, self._dark), strict=True):
            path.write_bytes(picture)
        return paths

    def drawn(self, *, unlike: bytes | None = None) -> bytes:
        """The page's picture once Flutter has drawn it: two pictures in a row the same
        (no animation under way), and other than `unlike` (the other colour scheme, just
        left). After DRAWN_LIMIT s, the last one: it is only a picture for a person to
        look at, which no test reads."""
        deadline = time.monotonic() + DRAWN_LIMIT
        last = self.page.screenshot()
        while time.monotonic() < deadline:
            picture = self.page.screenshot()
            if picture == last and picture != unlike:
                return picture
            last = picture
        return last
