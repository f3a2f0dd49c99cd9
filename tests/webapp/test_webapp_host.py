"""`companion serve-web` (`companion/webapp/host.py`, `companion/cli/serve_web.py`): a
site written by the real build (from the stand-in of flet-web's folder, as in
test_webapp_build.py) served through Starlette's test client, and once by the command
itself on a free port. What is stated: which copy a browser gets for its
Accept-Encoding, the headers of each kind of file, the 304, that nothing outside the
site (nor its hidden files, nor a listing) is ever served, and what a missing site says.
"""

from __future__ import annotations

import gzip
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import brotli  # type: ignore[import-untyped]
import pytest
from asgi_get import asgi_get
from stand_in import web, words
from starlette.testclient import TestClient

from companion.cli import main
from companion.webapp import build, bundle, host, offline

ROOT = Path(__file__).resolve().parents[2]
BROWSER = "gzip, deflate, br, zstd"
"""What Chromium asks for from localhost or https."""
PLAIN_HTTP_PHONE = "gzip, deflate"
"""What a phone's browser asks for from a plain-http address on the Wi-Fi."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site written by `build.build_site` from the stand-in client (its wasm and
    JavaScript made big enough to be compressed); pip and Pyodide's compiler stood in
    for, Node.js missing."""
    folder = tmp_path_factory.mktemp("host")
    client = web(folder / "flet_web" / "web")
    (client / "main.dart.wasm").write_bytes(b"\0asm" + words())
    (client / "main.dart.js").write_bytes(b"var a=1;" + words())

    def tree(work: Path, packages: Path) -> Path:
        (work / "app").mkdir()
        (work / "app" / "main.py").write_text("print('app')\n", encoding="utf-8")
        return work / "app"

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(build, "flet_web_dir", lambda: client)
        patch.setattr(build.icons, "png", lambda size, maskable=False: b"icon")
        patch.setattr(offline, "_copies_cache", lambda: folder / "copies")
        patch.setattr(bundle, "dependencies", lambda pyodide: folder / "packages")
        patch.setattr(bundle, "app_tree", tree)
        patch.setattr(bundle, "compile_with_pyodide", lambda pyodide, tree, out: None)
        build.build_site(folder / "site")
    return folder / "site"


@pytest.fixture
def client(site: Path) -> Iterator[TestClient]:
    with TestClient(host.SiteHost(site), base_url="http://192.0.2.2:8000") as served:
        yield served


def test_brotli_when_asked_else_gzip_else_the_file_itself(site: Path,
                                                          client: TestClient) -> None:
    plain = (site / "main.dart.wasm").read_bytes()
    for asked, coding, decode in [
            (BROWSER, "br", brotli.decompress), (PLAIN_HTTP_PHONE, "gzip", gzip.decompress),
            ("br;q=0, gzip", "gzip", gzip.decompress), ("identity", None, bytes)]:
        # httpx would decode the body itself: read the bytes as they came.
        with client.stream("GET", "/main.dart.wasm",
                           headers={"Accept-Encoding": asked}) as answer:
            sent = b"".join(answer.iter_raw())
        assert answer.status_code == 200
        assert answer.headers.get("content-encoding") == coding
        assert answer.headers["content-type"] == "application/wasm"
        assert answer.headers["vary"] == "Accept-Encoding"
        assert int(answer.headers["content-length"]) == len(sent)
        assert decode(sent) == plain
        if coding:
            suffix = host.COPIES[coding]
            assert sent == (site / f"main.dart.wasm{suffix}").read_bytes()
            assert len(sent) < len(plain)


@pytest.mark.parametrize(("path", "kind"), [
    ("/", "text/html; charset=utf-8"),
    ("/index.html", "text/html; charset=utf-8"),
    ("/sw.js", "text/javascript; charset=utf-8"),
    ("/python.js", "text/javascript; charset=utf-8"),
    ("/pyodide/pyodide.mjs", "text/javascript; charset=utf-8"),
    ("/main.dart.wasm", "application/wasm"),
    ("/manifest.json", "application/json"),
    ("/app.zip", "application/zip"),
    ("/icons/icon-192.png", "image/png"),
])
def test_every_kind_of_file_has_its_type_and_is_revalidated(
        client: TestClient, path: str, kind: str) -> None:
    """No address of the site is versioned (the build writes fixed names whose bytes
    change): a long lifetime would keep an old build's file under a new page."""
    answer = client.get(path, headers={"Accept-Encoding": BROWSER})
    assert answer.status_code == 200
    assert answer.headers["content-type"] == kind
    assert answer.headers["cache-control"] == "no-cache"
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["etag"].startswith('"')


def test_a_file_without_copies_is_sent_as_it_is_without_vary(client: TestClient) -> None:
    answer = client.get("/icons/icon-192.png", headers={"Accept-Encoding": BROWSER})
    assert answer.content == b"icon"
    assert "content-encoding" not in answer.headers and "vary" not in answer.headers


def test_an_unchanged_file_answers_304_even_after_a_new_build_rewrote_it(
        site: Path, tmp_path: Path) -> None:
    copy = shutil.copytree(site, tmp_path / "site")
    with TestClient(host.SiteHost(copy)) as client:
        first = client.get("/main.dart.wasm", headers={"Accept-Encoding": PLAIN_HTTP_PHONE})
        etag = first.headers["etag"]
        later = os.stat(copy / "main.dart.wasm").st_mtime + 60
        for name in ("main.dart.wasm", "main.dart.wasm.gz"):
            os.utime(copy / name, (later, later))  # a new build: same bytes, new dates
        again = client.get("/main.dart.wasm", headers={
            "Accept-Encoding": PLAIN_HTTP_PHONE, "If-None-Match": f"W/{etag}"})
        assert (again.status_code, again.content) == (304, b"")
        assert again.headers["etag"] == etag
        assert again.headers["cache-control"] == "no-cache"
        # Each coding has its own tag: a cached gzip body is never taken for Brotli.
        other = client.get("/main.dart.wasm", headers={"Accept-Encoding": BROWSER,
                                                       "If-None-Match": etag})
        assert other.status_code == 200 and other.headers["etag"] != etag
        # Changed by hand, its copies left behind: the file as it is now, uncompressed.
        (copy / "main.dart.wasm").write_bytes(b"\0asm changed")
        changed = client.get("/main.dart.wasm", headers={
            "Accept-Encoding": BROWSER, "If-None-Match": etag})
        assert changed.status_code == 200 and changed.content == b"\0asm changed"
        assert "content-encoding" not in changed.headers


def test_head_sends_the_headers_only(client: TestClient) -> None:
    answer = client.head("/index.html", headers={"Accept-Encoding": "gzip"})
    assert answer.status_code == 200 and answer.content == b""
    assert answer.headers["content-encoding"] == "gzip"
    assert client.post("/index.html").status_code == 405


def _raw_get(app: host.SiteHost, raw: bytes) -> tuple[int, bytes]:
    """A GET of `raw` exactly as it came on the wire, its path decoded as uvicorn does."""
    status, _, body = asgi_get(app, {
        "raw_path": raw, "query_string": b"", "path": urllib.parse.unquote(raw.decode("ascii")),
        "root_path": "", "headers": [(b"accept-encoding", b"gzip")]})
    return status, body


@pytest.mark.parametrize("path", [
    "/../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/pyodide/%2E%2E/%2e%2e/secret",
    "/..%2fsecret", "/pyodide/..", "/pyodide/../", "/./index.html", "//etc/passwd",
    "/.wonderful-companion-site", "/.nojekyll", "/index.html.br", "/sw.js.gz",
    "/missing.js", "/pyodide/", "/a%00b", "/..\\secret", "/..%5csecret", "etc/passwd",
])
def test_nothing_but_the_site_s_files_is_served(site: Path, path: str) -> None:
    (site.parent / "secret").write_text("secret", encoding="utf-8")
    status, body = _raw_get(host.SiteHost(site), path.encode())
    assert status == 404, path
    assert b"secret" not in body


def test_the_raw_request_reaches_the_files_it_should(site: Path) -> None:
    """The helper above is no wall of its own: plain addresses pass it."""
    assert _raw_get(host.SiteHost(site), b"/pyodide/pyodide.mjs")[0] == 200
    assert _raw_get(host.SiteHost(site), b"/")[0] == 200


def test_links_out_of_the_site_are_not_followed(site: Path, tmp_path: Path) -> None:
    copy = shutil.copytree(site, tmp_path / "site", symlinks=True)
    (tmp_path / "secret.txt").write_text("secret", encoding="utf-8")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "index.html").write_text("secret", encoding="utf-8")
    (copy / "out.txt").symlink_to(tmp_path / "secret.txt")
    (copy / "outside").symlink_to(tmp_path / "elsewhere")
    (copy / "again.html").symlink_to(copy / "index.html")  # inside: served
    with TestClient(host.SiteHost(copy)) as client:
        assert client.get("/out.txt").status_code == 404
        assert client.get("/outside/").status_code == 404
        assert client.get("/outside/index.html").status_code == 404
        assert client.get("/again.html").status_code == 200


def test_a_folder_serves_its_page_and_gets_its_slash(site: Path, tmp_path: Path) -> None:
    copy = shutil.copytree(site, tmp_path / "site")
    (copy / "help").mkdir()
    (copy / "help" / "index.html").write_text("<p>help</p>", encoding="utf-8")
    with TestClient(host.SiteHost(copy)) as client:
        assert client.get("/").content == (copy / "index.html").read_bytes()
        moved = client.get("/help?x=1", follow_redirects=False)
        assert (moved.status_code, moved.headers["location"]) == (301, "/help/?x=1")
        assert client.get("/help/").text == "<p>help</p>"
        assert client.get("/pyodide/").status_code == 404  # no page: no listing either


def test_a_first_visit_sends_fewer_bytes_than_the_files(site: Path,
                                                        client: TestClient) -> None:
    """What the service worker keeps, fetched as a phone on the Wi-Fi fetches it."""
    plain = sent = 0
    for name in offline.kept_files(site):
        with client.stream("GET", "/" + name,
                           headers={"Accept-Encoding": PLAIN_HTTP_PHONE}) as answer:
            sent += len(b"".join(answer.iter_raw()))
        plain += (site / name).stat().st_size
    assert sent < plain * 0.8


@pytest.mark.parametrize(("make", "says"), [
    (lambda folder: None, "does not exist"),
    (lambda folder: folder.mkdir(), "no index.html"),
    (lambda folder: folder.write_text("x", encoding="utf-8"), "is a file"),
])
def test_no_built_site_says_how_to_build_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], make: object, says: str) -> None:
    folder = tmp_path / "site"
    make(folder)  # type: ignore[operator]
    assert main(["serve-web", str(folder), "--lang", "en", "--port", "1"]) == 2
    err = capsys.readouterr().err
    assert says in err and "companion build-web" in err and "Traceback" not in err


def test_an_impossible_port_is_refused(site: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve-web", str(site), "--lang", "en", "--port", "70000"]) == 2
    assert "70000" in capsys.readouterr().err


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_command_serves_says_where_and_stops_on_ctrl_c(site: Path) -> None:
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve-web", str(site), "--host", "127.0.0.1",
         "--port", str(port), "--lang", "en"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        assert first.startswith("Serving the phone app from"), first
        assert server.stdout.readline().strip() == f"On this computer: http://127.0.0.1:{port}/"
        request = urllib.request.Request(f"http://127.0.0.1:{port}/sw.js",
                                         headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert answer.headers["Content-Encoding"] == "gzip"
            assert gzip.decompress(answer.read()) == (site / "sw.js").read_bytes()
    finally:
        server.send_signal(signal.SIGINT)
        deadline = time.monotonic() + 20
        while server.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        if server.poll() is None:
            server.kill()
        out, err = server.communicate()
    assert server.returncode == 0, err
    assert "Stopped." in out and "Traceback" not in err
    # This computer only: no address for the phones, nor the word about plain http.
    assert "Wi-Fi" not in out


def test_every_interface_gives_the_address_a_phone_opens(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.cli import serve_web
    from companion.web import sharing

    monkeypatch.setattr(sharing, "lan_address", lambda: "192.168.1.20")
    assert serve_web.addresses("0.0.0.0", 8000) == (
        "http://localhost:8000/", "http://192.168.1.20:8000/")
    assert serve_web.addresses("127.0.0.1", 8000) == ("http://127.0.0.1:8000/", None)
    assert serve_web.addresses("192.168.1.20", 81) == ("http://192.168.1.20:81/",) * 2
    monkeypatch.setattr(sharing, "lan_address", lambda: None)
    assert serve_web.addresses("0.0.0.0", 8000) == ("http://localhost:8000/", None)
