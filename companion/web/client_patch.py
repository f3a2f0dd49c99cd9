"""Flet's compiled web client, kept from asking another host for Rive's runtime.

Flet's client starts every extension it was built with, and its Rive extension starts
the Rive runtime at once (`RiveNative.init()`), even in an app that shows no Rive
animation (this one shows none): on the web that adds a `<script>` whose address is
`https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@<version>/wasm/rive_native.js`,
waits for it to load, then calls the `RiveNative` function it defines. So every load
asked a CDN for a file (and told it the app was opened), and failed without a network.

The address is a constant inside the compiled client (`main.dart.wasm` for Chromium,
`main.dart.js` for Safari and Firefox), so it is replaced there, by one of the same
length (the compiled file is otherwise unchanged): a `data:` address whose script
defines `RiveNative` as "no Rive here" (a function whose promise is refused, which the
loader takes as "no runtime"; a promise of `null` would throw in the page). The client
tries its second build of the runtime the same way, then gives up on Rive at once;
nothing is fetched, from any host, and no placeholder address answers 404 at every
visit. A Rive control would show nothing, and the app has none.

Both clients use it: the served app (`client_cache`, which serves the patched copies)
and the phone app's build (`companion.webapp.build`).
"""

from __future__ import annotations

import re

PATCHED = ("main.dart.wasm", "main.dart.js")
"""The compiled client's files, the ones holding the address."""
RIVE_CDN = re.compile(rb"https://cdn\.jsdelivr\.net/npm/@rive-app/[A-Za-z0-9._@-]+/")
"""Where Rive's extension loads its runtime from (the version is part of the address)."""
NO_RIVE = b"data:text/javascript,window.RiveNative=()=>Promise.reject()//"
"""The script standing for the runtime: Rive's loader calls `RiveNative()` and reads a
refused promise as "no runtime". What follows (`//`) is a comment: the padding and the
file name the loader appends to the address."""


def _local(found: re.Match[bytes]) -> bytes:
    length = len(found.group(0))
    if length < len(NO_RIVE):  # not a runtime address: left alone
        return found.group(0)
    return NO_RIVE + b"_" * (length - len(NO_RIVE))


def without_rive(data: bytes) -> bytes:
    """The compiled client with Rive's runtime address replaced (the same bytes when it
    holds none)."""
    return RIVE_CDN.sub(_local, data)
