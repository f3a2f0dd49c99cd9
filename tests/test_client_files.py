"""The client files served compressed (companion/web/client_cache.py, client_files.py).

Most tests build the compressed copies of a small made-up web folder into a temporary
cache and call the middleware directly as an ASGI app, in front of a stand-in for Flet
that answers every request it gets with a marker: a request the middleware must leave
alone is one that reaches the stand-in. Requests are written by hand (scope, raw path)
because an HTTP client would tidy up the `..` and `%2F` paths the traversal tests need.
One test puts the middleware in front of Flet's real app and web folder.
"""

from __future__ import annotations

import asyncio
import gzip
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import brotli  # type: ignore[import-untyped]
import pytest

from companion.web.client_cache import (
    PREFIX,
    ClientFiles,
    brotli_bytes,
    client_files,
    gzip_bytes,
    versioned_bootstrap,
    web_dir,
)
from companion.web.client_files import FONT_MANIFEST, Precompressed, choose, runs_flutter_wasm
from companion.web.client_patch import NO_RIVE, PATCHED, without_rive

WASM = bytes(range(256)) * 400 + b"wasm" * 5000
RIVE = b"https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
MAIN_JS = (b"var x=1;\n" * 500 + b'dvv(){return"' + RIVE + b'"},\n'
           + b'k.src=A.dvv()+"wasm/rive_native.js"\n' * 200)
"""The JavaScript build, loading Rive's runtime from a CDN as Flet's does."""
SKWASM_JS = b"export default function skwasm() { return 'skwasm'; }\n" * 300
BOOTSTRAP = (
    b"(()=>{var loader=1;})();\n"
    b'_flutter.buildConfig = {"engineRevision":"abc","builds":[{"compileTarget":"dart2wasm",'
    b'"renderer":"skwasm","mainWasmPath":"main.dart.wasm","jsSupportRuntimePath":'
    b'"main.dart.mjs"},{"compileTarget":"dart2js","renderer":"canvaskit",'
    b'"mainJsPath":"main.dart.js"}]};\n'
    b"if (flet.canvasKitBaseUrl) {\n"
    b"    flutterConfig.canvasKitBaseUrl = flet.canvasKitBaseUrl;\n}\n" + b"// pad\n" * 200
)
FONTS = [{"family": "MaterialIcons", "fonts": [{"asset": "fonts/MaterialIcons-Regular.otf"}]},
         {"family": "packages/cupertino_icons/CupertinoIcons",
          "fonts": [{"asset": "packages/cupertino_icons/assets/CupertinoIcons.ttf"}]},
         {"family": "packages/flutter_math_fork/KaTeX_Main",
          "fonts": [{"asset": "packages/flutter_math_fork/KaTeX_Main-Regular.ttf"}]},
         {"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]}]


@pytest.fixture
def web(tmp_path: Path) -> Path:
    root = tmp_path / "web"
    files = {
        "main.dart.wasm": WASM,
        "main.dart.mjs": SKWASM_JS,
        "main.dart.js": MAIN_JS,
        "canvaskit/skwasm.js": SKWASM_JS,
        "flutter_bootstrap.js": BOOTSTRAP,
        "index.html": b"<html>" + b" " * 2000 + b"</html>",
        "assets/FontManifest.json": json.dumps(FONTS).encode(),
        "icons/icon.png": b"\x89PNG" + b"\0" * 3000,
        "pyodide/pyodide.asm.wasm": WASM,
        "canvaskit/skwasm.js.symbols": b"symbols\n" * 1000,
        "tiny.json": b"{}",
    }
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    outside = tmp_path / "secret.js"
    outside.write_bytes(b"var secret = 'never served';\n" * 100)
    (root / "outside.js").symlink_to(outside)
    return root


def counting(calls: list[str]) -> dict[str, Callable[[bytes], bytes]]:
    def wrap(name: str, coder: Callable[[bytes], bytes]) -> Callable[[bytes], bytes]:
        def run(data: bytes) -> bytes:
            calls.append(name)
            return coder(data)
        return run
    return {"gzip": wrap("gzip", gzip_bytes), "br": wrap("br", brotli_bytes)}


def built(web: Path, cache: Path, calls: list[str] | None = None) -> ClientFiles:
    files = ClientFiles(web, cache_dir=cache, version="9.9.9",
                        coders=counting(calls if calls is not None else []))
    files.build()
    return files


@pytest.fixture
def files(web: Path, tmp_path: Path) -> ClientFiles:
    return built(web, tmp_path / "cache")


# --- driving the middleware ---------------------------------------------------------


class Answer:
    def __init__(self, messages: list[dict[str, Any]]) -> None:
        start = messages[0]
        self.status = int(start["status"])
        self.headers = {bytes(k).decode().lower(): bytes(v).decode()
                        for k, v in start.get("headers", [])}
        self.body = b"".join(m.get("body", b"") for m in messages[1:])
        self.from_flet = self.headers.get("x-from") == "flet"


async def flet_stand_in(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """Answers everything with a marker, as Flet would answer with its own file (the
    page for `/` and addresses without a suffix)."""
    if scope["type"] != "http":
        return
    body = b"flet:" + scope["path"].encode()
    headers = [(b"x-from", b"flet"), (b"content-length", str(len(body)).encode())]
    if "." not in scope["path"]:
        headers.append((b"content-type", b"text/html; charset=utf-8"))
    if scope["path"] == "/" + FONT_MANIFEST:
        body = json.dumps(FONTS).encode()
        headers = [(b"x-from", b"flet"), (b"content-type", b"application/json"),
                   (b"etag", b'"flet-etag"'), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def request(app: Any, path: str, *, method: str = "GET", raw: bytes | None = None,
            kind: str = "http", **headers: str) -> Answer:
    scope = {
        "type": kind, "method": method, "path": path, "raw_path": raw or path.encode(),
        "root_path": "", "query_string": b"",
        "headers": [(k.replace("_", "-").lower().encode(), v.encode())
                    for k, v in headers.items()],
    }
    messages: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        messages.append(message)

    asyncio.run(app(scope, receive, send))
    return Answer(messages)


def middleware(files: ClientFiles) -> Precompressed:
    return Precompressed(flet_stand_in, files)


# --- negotiation --------------------------------------------------------------------


@pytest.mark.parametrize(("accept", "expected"), [
    ("gzip, deflate, br, zstd", "br"),
    ("gzip, deflate", "gzip"),
    ("br;q=0, gzip", "gzip"),
    ("br;q=0, gzip;q=0", None),
    ("GZIP;Q=0.5", "gzip"),
    ("x-gzip", "gzip"),
    ("*", "br"),
    ("*;q=0, gzip", "gzip"),
    ("br;q=0, *", "gzip"),
    ("identity", None),
    ("deflate", None),
    ("", None),
    ("br;q=nonsense, gzip", "gzip"),
])
def test_negotiation_prefers_brotli_and_honours_zero_weights(accept: str,
                                                              expected: str | None) -> None:
    assert choose(accept, ["gzip", "br"]) == expected


def test_only_ready_encodings_are_chosen() -> None:
    assert choose("br, gzip", ["gzip"]) == "gzip"
    assert choose("br", ["gzip"]) is None
    assert choose("br, gzip", []) is None


@pytest.mark.parametrize(("accept", "coding", "unpack"), [
    ("gzip, deflate, br", "br", brotli.decompress),
    ("gzip, deflate", "gzip", gzip.decompress),
])
def test_served_copy_has_its_headers_and_unpacks_to_the_file(
        files: ClientFiles, accept: str, coding: str, unpack: Callable[[bytes], bytes]) -> None:
    answer = request(middleware(files), "/main.dart.wasm", accept_encoding=accept)
    assert answer.status == 200 and not answer.from_flet
    assert answer.headers["content-encoding"] == coding
    assert answer.headers["content-type"] == "application/wasm"
    assert int(answer.headers["content-length"]) == len(answer.body) < len(WASM)
    assert answer.headers["vary"] == "Accept-Encoding"
    assert answer.headers["cache-control"] == "no-cache"
    assert files.tag in answer.headers["etag"] and coding in answer.headers["etag"]
    assert answer.headers["cross-origin-embedder-policy"] == "require-corp"
    assert unpack(answer.body) == WASM


def test_each_encoding_has_its_own_etag(files: ClientFiles) -> None:
    app = middleware(files)
    tags = {request(app, "/main.dart.wasm", accept_encoding=accept).headers["etag"]
            for accept in ("br", "gzip")}
    assert len(tags) == 2


def test_javascript_is_served_as_javascript(files: ClientFiles) -> None:
    answer = request(middleware(files), "/canvaskit/skwasm.js", accept_encoding="gzip")
    assert answer.headers["content-type"] == "text/javascript; charset=utf-8"
    assert gzip.decompress(answer.body) == SKWASM_JS


def test_matching_if_none_match_gets_304_without_body(files: ClientFiles) -> None:
    app = middleware(files)
    etag = request(app, "/main.dart.wasm", accept_encoding="br").headers["etag"]
    for sent in (etag, f"W/{etag}", f'"other", {etag}', "*"):
        answer = request(app, "/main.dart.wasm", accept_encoding="br", if_none_match=sent)
        assert answer.status == 304 and answer.body == b""
        assert answer.headers["etag"] == etag
    changed = request(app, "/main.dart.wasm", accept_encoding="br", if_none_match='"old"')
    assert changed.status == 200 and brotli.decompress(changed.body) == WASM
    other_encoding = request(app, "/main.dart.wasm", accept_encoding="gzip",
                             if_none_match=etag)
    assert other_encoding.status == 200


def test_head_has_the_headers_and_no_body(files: ClientFiles) -> None:
    get = request(middleware(files), "/main.dart.wasm", accept_encoding="gzip")
    head = request(middleware(files), "/main.dart.wasm", method="HEAD",
                   accept_encoding="gzip")
    assert head.status == 200 and head.body == b""
    assert head.headers["content-length"] == get.headers["content-length"]


def test_without_an_acceptable_encoding_flet_answers_with_no_cache(files: ClientFiles) -> None:
    for accept in ({}, {"accept_encoding": "identity"}, {"accept_encoding": "gzip;q=0"}):
        answer = request(middleware(files), "/main.dart.wasm", **accept)
        assert answer.from_flet and answer.body == b"flet:/main.dart.wasm"
        assert answer.headers["cache-control"] == "no-cache"
        assert answer.headers["vary"] == "Accept-Encoding"


@pytest.mark.parametrize("path", ["/index.html", "/", "/some/route", "/icons/icon.png",
                                  "/pyodide/pyodide.asm.wasm", "/canvaskit/skwasm.js.symbols",
                                  "/nothing.js", "/tiny.json"])
def test_files_not_in_the_table_go_to_flet(files: ClientFiles, path: str) -> None:
    answer = request(middleware(files), path, accept_encoding="br, gzip")
    assert answer.from_flet and answer.body == b"flet:" + path.encode()
    assert answer.headers["cache-control"] == "no-cache"


def test_other_methods_and_websockets_go_to_flet_unchanged(files: ClientFiles) -> None:
    app = middleware(files)
    posted = request(app, "/main.dart.wasm", method="POST", accept_encoding="br")
    assert posted.from_flet and "cache-control" not in posted.headers
    seen: list[str] = []

    async def socket_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        seen.append(scope["type"])

    async def call() -> None:
        await Precompressed(socket_app, files)(
            {"type": "websocket", "path": "/ws", "headers": []}, None, None)  # type: ignore[arg-type]

    asyncio.run(call())
    assert seen == ["websocket"]


@pytest.mark.parametrize(("path", "raw"), [
    ("/../secret.js", None),
    ("/canvaskit/../main.dart.wasm", None),
    ("/./main.dart.wasm", None),
    ("//main.dart.wasm", None),
    ("/canvaskit/skwasm.js", b"/canvaskit%2Fskwasm.js"),
    ("/canvaskit/skwasm.js", b"/canvaskit%2fskwasm.js"),
    ("/main.dart.wasm", b"/%2e/main.dart.wasm"),
    ("/canvaskit\\skwasm.js", None),
    ("/main.dart.wasm\x00", None),
    ("/C:/main.dart.wasm", None),
    ("/outside.js", None),
    (f"/{PREFIX}/x/../../secret.js", None),
])
def test_odd_paths_are_never_served_from_here(files: ClientFiles, path: str,
                                              raw: bytes | None) -> None:
    answer = request(middleware(files), path, raw=raw, accept_encoding="br, gzip")
    assert answer.from_flet


def test_symbolic_links_leading_out_are_left_out(web: Path, files: ClientFiles) -> None:
    assert "outside.js" not in client_files(web)
    assert "outside.js" not in files.table


def test_only_files_the_client_asks_for_are_compressed(web: Path) -> None:
    assert set(client_files(web)) == {"main.dart.wasm", "main.dart.mjs", "main.dart.js",
                                      "canvaskit/skwasm.js",
                                      "flutter_bootstrap.js", "tiny.json"}


def test_a_file_shadowed_by_the_apps_assets_is_left_to_flet(web: Path, tmp_path: Path) -> None:
    assets = tmp_path / "assets"
    (assets / "canvaskit").mkdir(parents=True)
    (assets / "canvaskit" / "skwasm.js").write_text("mine")
    assert "canvaskit/skwasm.js" not in client_files(web, [assets])


def test_a_file_compression_does_not_shrink_is_served_plain(files: ClientFiles) -> None:
    assert files.table["tiny.json"].encoded == {}
    assert request(middleware(files), "/tiny.json", accept_encoding="br").from_flet


# --- the versioned addresses --------------------------------------------------------


def test_bootstrap_is_rewritten_to_versioned_addresses(files: ClientFiles) -> None:
    answer = request(middleware(files), "/flutter_bootstrap.js")
    assert answer.status == 200 and not answer.from_flet
    assert answer.headers["cache-control"] == "no-cache"
    text = answer.body.decode()
    assert f'"mainWasmPath":"{PREFIX}/{files.tag}/main.dart.wasm"' in text
    assert f'"jsSupportRuntimePath":"{PREFIX}/{files.tag}/main.dart.mjs"' in text
    assert f'"mainJsPath":"{PREFIX}/{files.tag}/main.dart.js"' in text
    assert f'"{PREFIX}/{files.tag}/canvaskit/"' in text
    packed = request(middleware(files), "/flutter_bootstrap.js", accept_encoding="br")
    assert brotli.decompress(packed.body) == answer.body


def test_unexpected_bootstrap_is_left_as_it_is() -> None:
    assert versioned_bootstrap(b"console.log('something else');", "t") is None
    no_canvaskit = BOOTSTRAP.replace(b"flutterConfig.canvasKitBaseUrl", b"other")
    assert versioned_bootstrap(no_canvaskit, "t") is None


def test_versioned_addresses_are_immutable_even_uncompressed(files: ClientFiles) -> None:
    app = middleware(files)
    path = f"/{PREFIX}/{files.tag}/main.dart.wasm"
    packed = request(app, path, accept_encoding="gzip")
    assert packed.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert gzip.decompress(packed.body) == WASM
    plain = request(app, path)
    assert not plain.from_flet and plain.body == WASM
    assert plain.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert "content-encoding" not in plain.headers


def test_other_versioned_addresses_go_to_flet(files: ClientFiles) -> None:
    app = middleware(files)
    stale = request(app, f"/{PREFIX}/0.0.1-old/main.dart.wasm", accept_encoding="br")
    assert stale.from_flet and stale.body == f"flet:/{PREFIX}/0.0.1-old/main.dart.wasm".encode()
    unknown = request(app, f"/{PREFIX}/{files.tag}/canvaskit/skwasm.js.symbols")
    assert unknown.from_flet and unknown.body == b"flet:/canvaskit/skwasm.js.symbols"


def test_the_tag_changes_with_the_files(web: Path, tmp_path: Path, files: ClientFiles) -> None:
    (web / "main.dart.wasm").write_bytes(WASM + b"new")
    assert built(web, tmp_path / "cache").tag != files.tag


CHROME = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
          "Chrome/131.0.0.0 Mobile Safari/537.36")
SAFARI = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1")


@pytest.mark.parametrize(("agent", "expected"), [
    (CHROME, True),
    ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
     "HeadlessChrome/150.0.0.0 Safari/537.36", True),
    (SAFARI, False),
    ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, "
     "like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1", False),
    ("Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0", False),
    ("Mozilla/5.0 (Linux; Android 9) AppleWebKit/537.36 Chrome/110.0.0.0 Safari/537.36", False),
    ("", False),
])
def test_only_chromium_with_wasm_gets_the_preload(agent: str, expected: bool) -> None:
    assert runs_flutter_wasm(agent) is expected


def test_the_page_names_what_chromium_will_fetch(files: ClientFiles) -> None:
    app = middleware(files)
    page = request(app, "/", user_agent=CHROME)
    assert page.from_flet
    links = page.headers["link"]
    assert f"</{PREFIX}/{files.tag}/main.dart.wasm>; rel=preload; as=fetch; crossorigin" in links
    assert f"</{PREFIX}/{files.tag}/canvaskit/skwasm.js>; rel=modulepreload" in links
    assert "</assets/fonts/MaterialIcons-Regular.otf>; rel=preload" in links
    assert "link" in request(app, "/new/table", user_agent=CHROME).headers
    assert "link" not in request(app, "/", user_agent=SAFARI).headers
    assert "link" not in request(app, "/canvaskit/skwasm.js.symbols",
                                 user_agent=CHROME).headers  # not a page


# --- the font manifest --------------------------------------------------------------


def test_font_manifest_loses_the_unused_fonts(files: ClientFiles) -> None:
    app = middleware(files)
    answer = request(app, "/" + FONT_MANIFEST)
    assert [f["family"] for f in json.loads(answer.body)] == ["MaterialIcons", "Roboto"]
    assert int(answer.headers["content-length"]) == len(answer.body)
    assert answer.headers["cache-control"] == "no-cache"
    assert answer.headers["etag"] != '"flet-etag"'
    again = request(app, "/" + FONT_MANIFEST, if_none_match=answer.headers["etag"])
    assert again.status == 304 and again.body == b""


# --- the cache ----------------------------------------------------------------------


def test_cache_is_built_once(web: Path, tmp_path: Path) -> None:
    calls: list[str] = []
    first = built(web, tmp_path / "cache", calls)
    assert first.compressed > 0
    assert sorted(set(calls)) == ["br", "gzip"]
    calls.clear()
    second = built(web, tmp_path / "cache", calls)
    assert second.compressed == 0
    assert calls.count("br") + calls.count("gzip") == 2  # the rewritten bootstrap, in memory
    assert second.tag == first.tag
    assert second.table["main.dart.wasm"].encoded == first.table["main.dart.wasm"].encoded


def test_damaged_or_partial_copies_are_made_again(web: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first = built(web, cache)
    copy = first.table["main.dart.wasm"].encoded["br"].path
    assert copy is not None
    copy.write_bytes(copy.read_bytes()[:100])  # cut short
    (cache / "leftover.tmp").write_bytes(b"half")
    other = first.table["canvaskit/skwasm.js"].encoded["gzip"].path
    assert other is not None
    damaged = bytearray(other.read_bytes())
    damaged[20] ^= 0xFF
    other.write_bytes(bytes(damaged))
    again = built(web, cache)
    assert again.compressed == 2
    answer = request(middleware(again), "/main.dart.wasm", accept_encoding="br")
    assert brotli.decompress(answer.body) == WASM
    answer = request(middleware(again), "/canvaskit/skwasm.js", accept_encoding="gzip")
    assert gzip.decompress(answer.body) == SKWASM_JS


def test_an_unwritable_cache_serves_uncompressed(web: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    files = ClientFiles(web, cache_dir=blocker / "cache", version="9.9.9")
    files.build()
    assert files.ready.is_set()
    assert request(middleware(files), "/main.dart.wasm", accept_encoding="br").from_flet


def test_background_build_serves_uncompressed_until_ready(web: Path, tmp_path: Path) -> None:
    files = ClientFiles(web, cache_dir=tmp_path / "cache", version="9.9.9")
    assert request(middleware(files), "/main.dart.wasm", accept_encoding="br").from_flet
    files.start()
    assert files.ready.wait(60)
    answer = request(middleware(files), "/main.dart.wasm", accept_encoding="br")
    assert brotli.decompress(answer.body) == WASM


# --- Flet's own files ---------------------------------------------------------------


def test_fits_the_installed_flet_client() -> None:
    """An upgrade of flet-web that moves things shows here first."""
    names = client_files(web_dir())
    for needed in ("main.dart.wasm", "main.dart.mjs", "main.dart.js", "flutter_bootstrap.js",
                   "canvaskit/skwasm.wasm", "canvaskit/skwasm.js", "canvaskit/canvaskit.wasm",
                   "canvaskit/chromium/canvaskit.wasm", "assets/fonts/MaterialIcons-Regular.otf"):
        assert needed in names
    assert not [name for name in names if name.startswith("pyodide/")
                or name.endswith(".symbols") or name in ("index.html", FONT_MANIFEST)]
    bootstrap = (web_dir() / "flutter_bootstrap.js").read_bytes()
    assert versioned_bootstrap(bootstrap, "tag") is not None


def test_in_front_of_flets_real_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import flet as ft
    import flet_web.fastapi as flet_fastapi  # type: ignore[import-untyped]
    from starlette.testclient import TestClient

    monkeypatch.setenv("FLET_WEB_NO_CDN", "true")
    flet_app = flet_fastapi.app(lambda page: page.add(ft.Text("hi")), no_cdn=True)
    # No encodings: nothing to compress, but the table, the bootstrap and the font
    # manifest are the real ones.
    files = ClientFiles(cache_dir=tmp_path / "cache", coders={})
    files.build()
    with TestClient(Precompressed(flet_app, files)) as client:
        page = client.get("/")
        assert page.status_code == 200 and "flet.noCdn=true" in page.text
        assert page.headers["cache-control"] == "no-cache"
        bootstrap = client.get("/flutter_bootstrap.js")
        assert f"{PREFIX}/{files.tag}/main.dart.wasm" in bootstrap.text
        fonts = client.get("/" + FONT_MANIFEST).json()
        families = [font["family"] for font in fonts]
        assert "MaterialIcons" in families and "Roboto" in families  # Flet's patch kept
        assert not [name for name in families if "KaTeX" in name or "Cupertino" in name]
        wasm = client.get(f"/{PREFIX}/{files.tag}/main.dart.wasm")
        assert wasm.content == without_rive((web_dir() / "main.dart.wasm").read_bytes())
        module = client.get(f"/{PREFIX}/{files.tag}/main.dart.mjs")
        assert module.status_code == 200
        assert module.content == (web_dir() / "main.dart.mjs").read_bytes()
        assert module.headers["cache-control"].endswith("immutable")


# --- Rive's runtime is never asked for (client_patch) -------------------------------


def test_the_installed_client_asks_no_cdn_for_rive() -> None:
    """Each compiled build loads Rive's runtime from a CDN; patched, the address is a
    `data:` script of the same length, and no other CDN address is left."""
    for name in PATCHED:
        data = (web_dir() / name).read_bytes()
        assert b"cdn.jsdelivr.net" in data  # else Flet changed: see client_patch
        patched = without_rive(data)
        assert len(patched) == len(data)
        assert b"cdn.jsdelivr.net" not in patched and NO_RIVE in patched
    assert without_rive(WASM) == WASM


def test_the_patched_build_is_served_at_every_address(files: ClientFiles) -> None:
    app = middleware(files)
    expected = without_rive(MAIN_JS)
    assert expected != MAIN_JS
    for path in ("/main.dart.js", f"/{PREFIX}/{files.tag}/main.dart.js"):
        plain = request(app, path)  # no encoding accepted: still not Flet's copy
        assert not plain.from_flet and plain.body == expected
        assert int(plain.headers["content-length"]) == len(expected)
        assert gzip.decompress(request(app, path, accept_encoding="gzip").body) == expected
        assert brotli.decompress(request(app, path, accept_encoding="br").body) == expected


def test_the_patched_copy_is_kept_and_reused(web: Path, tmp_path: Path) -> None:
    calls: list[str] = []
    first = built(web, tmp_path / "cache", calls)
    kept = [path for path in (tmp_path / "cache").iterdir() if path.suffix == ".plain"]
    assert [path.read_bytes() for path in kept] == [without_rive(MAIN_JS)]
    calls.clear()
    again = built(web, tmp_path / "cache", calls)
    assert len(calls) == 2 and again.tag == first.tag  # only the bootstrap, in memory
    kept[0].write_bytes(b"damaged")
    built(web, tmp_path / "cache")
    assert kept[0].read_bytes() == without_rive(MAIN_JS)


def test_without_a_cache_folder_the_patched_build_is_served_from_memory(
        web: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    files = ClientFiles(web, cache_dir=blocker / "cache", version="9.9.9")
    files.build()
    answer = request(middleware(files), "/main.dart.js", accept_encoding="br")
    assert not answer.from_flet and answer.body == without_rive(MAIN_JS)


def test_a_request_during_the_first_build_waits_for_the_patched_build(
        web: Path, tmp_path: Path) -> None:
    files = ClientFiles(web, cache_dir=tmp_path / "cache", version="9.9.9")
    files.start()
    answer = request(middleware(files), "/main.dart.js")
    assert not answer.from_flet and answer.body == without_rive(MAIN_JS)
