"""Runs the app in-process on a real Flet Session and Page, with a fake client.

What the browser would do is imitated with the session's own entry points: the
register handshake (the page patch goes through Flet's msgpack encoder, which is what
lets later diffs register), control events through `Session.dispatch_event`, text
typed through `Session.apply_patch` followed by a `change` event, and replies to
client-side method calls (clipboard...) sent at once. It relies on Flet internals, so
it is tied to the pinned flet version (1.0.5).

Controls are found the way a screen reader (and the browser tests) find them: by
their accessible name (visible text, tooltip, Semantics label, text field label) or
by a Semantics identifier.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.messaging.connection import Connection
from flet.messaging.protocol import (
    Message,
    MessageAction,
    RegisterClientResponseBody,
    configure_encode_object_for_msgpack,
)
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

assert ft.version.flet_version == "1.0.5", "the harness uses Flet internals: re-check it"

CLICKABLE = (
    ft.Button,
    ft.FilledButton,
    ft.FilledTonalButton,
    ft.OutlinedButton,
    ft.TextButton,
    ft.IconButton,
    ft.ListTile,
)


class FakeClient(Connection):
    """Encodes every message like the real transport and answers method calls."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self.loop = loop
        self.executor = ThreadPoolExecutor(max_workers=1)
        self.pubsubhub = PubSubHub(loop=loop, executor=self.executor)
        self.session: Session | None = None
        self.messages = 0
        self.bytes_sent = 0
        self.calls: list[tuple[str, Any]] = []
        self.sent_actions: list[Any] = []
        self._encode = configure_encode_object_for_msgpack(BaseControl)
        self.route = "/"
        """The address the browser shows."""
        self.reports: list[str] = []
        """Addresses the app pushed that the browser has yet to report back."""

    def send_message(self, message: Message) -> None:
        self.sent_actions.append(message.action)
        packed = msgpack.packb([message.action, message.body], default=self._encode)
        self.messages += 1
        self.bytes_sent += len(packed)
        if message.action == MessageAction.INVOKE_METHOD and self.session is not None:
            body = message.body
            self.calls.append((body.name, body.args))
            # As Flet's client: a pushed address is reported back as a route change,
            # unless the browser already shows it.
            if body.name == "push_route" and body.args["route"] != self.route:
                self.route = body.args["route"]
                self.reports.append(self.route)
            session = self.session
            self.loop.call_soon(
                session.handle_invoke_method_results, body.control_id, body.call_id, None, None
            )


def _children(control: Any) -> Iterator[Any]:
    if not dataclasses.is_dataclass(control):
        return
    for f in dataclasses.fields(control):
        if f.name.startswith("_") or f.metadata.get("skip", False):
            continue
        value = getattr(control, f.name, None)
        if isinstance(value, BaseControl):
            yield value
        elif isinstance(value, list):
            yield from (v for v in value if isinstance(v, BaseControl))


def walk(root: Any, ancestors: tuple[Any, ...] = ()) -> Iterator[tuple[Any, tuple[Any, ...]]]:
    """Every visible control under `root` with its ancestors (closed dialogs skipped)."""
    if isinstance(root, BaseControl):
        if getattr(root, "visible", True) is False:
            return
        if isinstance(root, ft.DialogControl) and not root.open:
            return
        yield root, ancestors
    for child in _children(root):
        yield from walk(child, (*ancestors, root))


def text_of(control: Any) -> str:
    """All text shown inside a control, joined by spaces."""
    parts: list[str] = []
    for c, _ in walk(control):
        if (isinstance(c, ft.Text) and c.value) or (isinstance(c, ft.TextField) and c.value):
            parts.append(str(c.value))
        elif isinstance(c, CLICKABLE[:5]) and isinstance(c.content, str):
            parts.append(c.content)
    return " ".join(parts)


def accessible_name(control: Any, ancestors: tuple[Any, ...]) -> str:
    """The name a screen reader announces for a clickable control."""
    for parent in reversed(ancestors[-2:]):
        if isinstance(parent, ft.Semantics) and parent.label:
            return str(parent.label)
    if isinstance(control, ft.ListTile):
        return text_of(control.title) if isinstance(control.title, BaseControl) else str(
            control.title or "")
    content = getattr(control, "content", None)
    if isinstance(content, str) and content:
        return content
    if isinstance(content, BaseControl):
        inner = text_of(content)
        if inner:
            return inner
    tooltip = getattr(control, "tooltip", None)
    return str(tooltip) if isinstance(tooltip, str) else ""


class Ui:
    """One browser tab's worth of app, driven from a test."""

    def __init__(self, main: Callable[[ft.Page], Any], width: float = 390,
                 height: float = 844, route: str = "/", beside: Ui | None = None,
                 hold_reports: bool = False) -> None:
        # `beside`: another tab of the same server (one loop, one pubsub hub).
        self.shared = beside is not None
        self.loop = beside.loop if beside is not None else asyncio.new_event_loop()
        self.client = FakeClient(self.loop)
        self.client.route = route
        self.holding = hold_reports
        """Whether the browser's reports of pushed addresses wait for `report()` (a busy
        browser) instead of coming right after each step."""
        if beside is not None:
            self.client.pubsubhub = beside.client.pubsubhub
        self.session = Session(self.client)
        self.client.session = self.session
        self.client.page_url = "http://127.0.0.1:8550"
        # Every tab of a test runs on one device, as the host's browser tabs do.
        self.session.page.client_ip = "127.0.0.1"
        self.session.page.client_user_agent = "test browser"
        self.session.apply_page_patch({"route": route, "width": width, "height": height,
                                       "platform_brightness": "light"})
        self.client.send_message(
            Message(
                MessageAction.REGISTER_CLIENT,
                RegisterClientResponseBody(
                    session_id=self.session.id,
                    page_patch=self.session.get_page_patch(),
                    error="",
                ),
            )
        )
        self.run(self._start(main))

    async def _start(self, main: Callable[[ft.Page], Any]) -> None:
        page = self.session.page

        async def start() -> None:
            result = main(page)
            if asyncio.iscoroutine(result):
                await result
            await self.session.after_event(page)

        # As Flet starts a tab: `main` runs for its page (`ft.context.page` is the page).
        await asyncio.wrap_future(page.run_task(start))

    @property
    def page(self) -> ft.Page:
        return self.session.page

    def run(self, coro: Any) -> Any:
        result = self.loop.run_until_complete(coro)
        # Let tasks the handler started (method-call replies...) finish.
        self.loop.run_until_complete(asyncio.sleep(0))
        while self.client.reports and not self.holding:
            self.report()
        return result

    def report(self) -> None:
        """The browser reports the oldest address the app pushed and it has not yet
        reported, as Flet's client does: a route change."""
        self.loop.run_until_complete(self._route_changed(self.client.reports.pop(0)))
        self.loop.run_until_complete(asyncio.sleep(0))

    async def _route_changed(self, route: str) -> None:
        """What Flet's client sends when its address changes: the page's route, then
        the event."""
        self.session.apply_patch(self.page._i, {"route": route})
        await self.session.dispatch_event(self.page._i, "route_change", {"route": route})

    def settle(self) -> None:
        """Run the tab's loop until every task the app started has ended: a call the app
        makes as a task (the focus, the wakelock) may still be queued after a tap."""
        async def settled() -> None:
            me = asyncio.current_task()
            for _ in range(1000):  # a bound, not a wait: each turn lets queued tasks run
                pending = [task for task in asyncio.all_tasks() if task is not me
                           and not task.done()]
                if not pending:
                    return
                await asyncio.wait(pending, timeout=1)
            raise AssertionError(f"tasks still running: {pending}")

        self.run(settled())

    def wait_for(self, condition: Callable[[], bool], what: str) -> None:
        """Run the tab's loop until `condition` holds (a task of the app's own that waits
        for the browser never ends by itself, so `settle` cannot be used)."""
        async def until() -> None:
            for _ in range(10_000):  # a bound on failure only: ten seconds or more
                if condition():
                    return
                await asyncio.sleep(0.001)
            raise AssertionError(f"never came: {what}")

        self.run(until())

    def calls(self, *names: str) -> list[str]:
        """The client calls named `names` the app made, in order, once it has settled."""
        self.settle()
        return [name for name, _ in self.client.calls if name in names]

    def focus_calls(self) -> int:
        """How many times the app asked for the focus."""
        return len(self.calls("focus"))

    def disconnect(self) -> None:
        """The tab's connection drops (a phone asleep, a reload under way): its session
        stays on the server, as Flet keeps it, until it comes back or expires."""
        self.run(self.session.disconnect(3600))

    def expire(self) -> None:
        """The tab has been gone too long: Flet closes its session."""
        async def close() -> None:
            self.session.close()
            await asyncio.sleep(0)

        self.run(close())

    def close(self) -> None:
        if self.loop.is_closed():
            return
        pending = [task for task in asyncio.all_tasks(self.loop) if not task.done()]
        for task in pending:  # timers the app set (history under a deep address...)
            task.cancel()
        if pending:
            self.loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        self.client.executor.shutdown(wait=False)
        if not self.shared and not self.loop.is_closed():
            self.loop.close()

    # --- finding ------------------------------------------------------------------

    def roots(self) -> list[Any]:
        """What is on screen: the top view of the stack, and open dialogs."""
        page = self.page
        view = page.views[-1]
        roots: list[Any] = []
        if view.appbar is not None:
            roots.append(view.appbar)
        roots.extend(view.controls)
        if view.bottom_appbar is not None:
            roots.append(view.bottom_appbar)
        if view.navigation_bar is not None:
            roots.append(view.navigation_bar)
        roots.extend(d for d in page._dialogs.controls if d.open)
        return roots

    @property
    def route(self) -> str:
        """The route of the screen on top."""
        return str(self.page.views[-1].route)

    def view_routes(self) -> list[str]:
        return [str(v.route) for v in self.page.views]

    def go(self, route: str) -> None:
        """The browser's address changes (a typed address, or back/forward)."""
        self.client.route = route
        self.run(self._route_changed(route))

    def pop_view(self) -> None:
        """The phone's back gesture: Flutter pops the top view and tells the app."""
        route = self.route
        self.run(self.session.dispatch_event(self.page._i, "view_pop", {"route": route}))

    def pushed_routes(self) -> list[str]:
        """Routes the app asked the browser to show, in order."""
        return [args["route"] for name, args in self.client.calls if name == "push_route"]

    def controls(self, within: str | None = None) -> Iterator[tuple[Any, tuple[Any, ...]]]:
        if within is not None:
            box = self.by_id(within)
            yield from walk(box)
            return
        dialogs = [d for d in self.page._dialogs.controls
                   if d.open and isinstance(d, ft.AlertDialog)]
        if dialogs:  # a modal dialog hides the page behind it
            yield from walk(dialogs[-1])
            return
        for root in self.roots():
            yield from walk(root)

    def clickables(self, within: str | None = None) -> list[tuple[Any, str]]:
        found = []
        for control, ancestors in self.controls(within):
            if isinstance(control, CLICKABLE) or (
                isinstance(control, ft.Container) and control.on_click is not None
            ):
                found.append((control, accessible_name(control, ancestors)))
        return found

    def find(self, name: str, *, exact: bool = True, within: str | None = None) -> Any:
        """The one clickable control with this accessible name."""
        matches = [
            c for c, label in self.clickables(within)
            if (label == name if exact else name.lower() in label.lower())
        ]
        if len(matches) != 1:
            names = sorted({label for _, label in self.clickables(within)})
            raise AssertionError(
                f"{len(matches)} controls named {name!r}; on screen: {names}"
            )
        return matches[0]

    def names(self, within: str | None = None) -> list[str]:
        return [label for _, label in self.clickables(within)]

    def field(self, label: str) -> ft.TextField:
        matches = [c for c, _ in self.controls() if isinstance(c, ft.TextField)
                   and c.label == label]
        assert len(matches) == 1, f"{len(matches)} text fields labelled {label!r}"
        return matches[0]

    def by_id(self, identifier: str) -> Any:
        matches = [c for root in self.roots() for c, _ in walk(root)
                   if isinstance(c, ft.Semantics) and c.identifier == identifier]
        assert len(matches) == 1, f"{len(matches)} controls with identifier {identifier!r}"
        return matches[0]

    def has_id(self, identifier: str) -> bool:
        return any(isinstance(c, ft.Semantics) and c.identifier == identifier
                   for root in self.roots() for c, _ in walk(root))

    def text(self, identifier: str) -> str:
        return text_of(self.by_id(identifier))

    def last_message(self) -> str:
        """The text of the latest snack bar message."""
        bars = [d for d in self.page._dialogs.controls if isinstance(d, ft.SnackBar)]
        assert bars, "no message was shown"
        return text_of(bars[-1])

    def notice(self) -> str | None:
        """The text of the snack bar message still showing, if any. The client shows one
        at a time, the latest replacing any before it; a closed one stays in the page's
        list here, as no client reports it gone."""
        bars = [d for d in self.page._dialogs.controls if isinstance(d, ft.SnackBar)]
        return text_of(bars[-1]) if bars and bars[-1].open else None

    def screen_text(self) -> str:
        return " ".join(text_of(root) for root in self.roots())

    # --- acting -------------------------------------------------------------------

    def unsent_changes(self) -> int:
        """How many changes to the page the client has not been sent (should be 0).

        Flet recomputes some buttons' private `_internals` style on every diff; those
        are resent with any update and are not changes the app made, so they are ignored.
        """
        patch, _, _ = self.session._Session__get_update_control_patch(  # type: ignore[attr-defined]
            control=self.page, prev_control=self.page)
        internal: set[int] = set()

        def collect(node: Any, inside: bool) -> None:
            if isinstance(node, list) and node and isinstance(node[0], int):
                if inside:
                    internal.add(node[0])
                if len(node) > 1:
                    collect(node[1], inside)
            elif isinstance(node, dict):
                for key, child in node.items():
                    collect(child, inside or key == "_internals")

        collect(patch[0], False)
        return sum(1 for op in patch[1:] if op[1] not in internal)

    def dispatch(self, control: Any, event: str, data: Any) -> None:
        """Send an event as the browser would, then check the browser was sent every change
        the handler made (Flet only sends what an update covers)."""
        self.run(self.session.dispatch_event(control._i, event, data))
        unsent = self.unsent_changes()
        assert unsent == 0, f"{unsent} change(s) after '{event}' never reached the client"

    def click(self, name: str, *, exact: bool = True, within: str | None = None) -> None:
        control = self.find(name, exact=exact, within=within)
        assert not control.disabled, f"{name!r} is disabled"
        self.dispatch(control, "click", None)

    def section(self, label: str) -> None:
        """Tap a destination of the navigation bar (or rail), as a finger would."""
        bars = [c for root in self.roots() for c, _ in walk(root)
                if isinstance(c, ft.NavigationBar | ft.NavigationRail)]
        assert len(bars) == 1, f"{len(bars)} navigation bars or rails on screen"
        labels = [d.label for d in bars[0].destinations]
        assert label in labels, f"no section {label!r}; the sections: {labels}"
        index = labels.index(label)
        self.session.apply_patch(bars[0]._i, {"selected_index": index})
        self.dispatch(bars[0], "change", index)

    def fill(self, label: str, text: str) -> None:
        field = self.field(label)
        self.session.apply_patch(field._i, {"value": text})
        self.dispatch(field, "change", text)

    def submit(self, label: str) -> None:
        field = self.field(label)
        self.dispatch(field, "submit", field.value)

    def is_enabled(self, name: str, *, exact: bool = True) -> bool:
        return not self.find(name, exact=exact).disabled

    # --- checks -------------------------------------------------------------------

    def accessibility_problems(self) -> list[str]:
        """Clickable controls without a name, or smaller than a finger (48 px)."""
        problems = []
        for control, name in self.clickables():
            kind = type(control).__name__
            if not name.strip():
                problems.append(f"{kind} without an accessible name")
            height = control.height
            if isinstance(control, ft.ListTile):
                continue
            if height is None or height < 48:
                problems.append(f"{kind} {name!r} is {height} px high")
            if isinstance(control, ft.IconButton) and (control.width or 0) < 48:
                problems.append(f"{kind} {name!r} is {control.width} px wide")
        return problems
