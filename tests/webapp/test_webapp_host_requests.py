"""`companion serve-web`'s host (`companion/webapp/host.py`) asked what a server or a
browser may send beyond the common case: a site mounted under a root path, paths that
only their raw form shows to be odd, If-None-Match lists, links to hidden files, a copy
that does not decode, a machine whose table of types is wrong. A small site written by
hand here, so that each file is the one the test is about.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from pathlib import Path
from typing import Any

import pytest
from asgi_get import asgi_get
from starlette.testclient import TestClient

from companion.webapp import host

PAGE = b"<!DOCTYPE html><p>home</p>"


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """index.html with its gzip copy, a page two folders down, Pyodide's module and a
    wasm file, both without copies."""
    folder = tmp_path / "site"
    (folder / "help" / "more").mkdir(parents=True)
    (folder / "pyodide").mkdir()
    (folder / "index.html").write_bytes(PAGE)
    (folder / "index.html.gz").write_bytes(gzip.compress(PAGE))
    (folder / "help" / "more" / "index.html").write_bytes(b"<p>more</p>")
    (folder / "pyodide" / "pyodide.mjs").write_bytes(b"export {};\n")
    (folder / "main.dart.wasm").write_bytes(b"\0asm")
    return folder


def _raw(app: host.SiteHost, raw: bytes) -> int:
    """The status of a GET of `raw` as it came on the wire, decoded as uvicorn does."""
    from urllib.parse import unquote

    return asgi_get(app, {"raw_path": raw, "path": unquote(raw.decode("ascii")),
                       "root_path": "", "query_string": b"", "headers": []})[0]


@pytest.mark.parametrize(("make", "says"), [
    (lambda folder: None,
     "{folder} does not exist. Build the phone app there first: "
     "companion build-web {folder}"),
    (lambda folder: folder.write_text("x", encoding="utf-8"),
     "{folder} is a file, not the folder of a built site. Build the phone app in a "
     "folder: companion build-web site/"),
    (lambda folder: folder.mkdir(),
     "{folder} holds no built phone app (it has no index.html). Build it there first: "
     "companion build-web {folder}"),
])
def test_no_built_site_is_refused_naming_the_folder(tmp_path: Path, make: Any,
                                                    says: str) -> None:
    """The message names the folder as it was given and the command that builds it."""
    folder = tmp_path / "site"
    make(folder)
    with pytest.raises(host.NotASite) as refused:
        host.check_site(folder)
    assert str(refused.value) == says.format(folder=folder)


def test_a_built_site_is_its_resolved_folder(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(site.parent)
    assert host.check_site(Path("site")) == site.resolve()


@pytest.mark.parametrize("raw", [
    b"/index%2ehtml", b"/index%2Ehtml", b"/pyodide%2fpyodide.mjs", b"/pyodide%2Fpyodide.mjs",
])
def test_an_encoded_dot_or_slash_is_refused_though_it_decodes_to_a_file(
        site: Path, raw: bytes) -> None:
    """Only the raw path shows them: decoded, each is the address of a file served."""
    app = host.SiteHost(site)
    assert _raw(app, raw.replace(b"%2e", b".").replace(b"%2E", b".")
                .replace(b"%2f", b"/").replace(b"%2F", b"/")) == 200
    assert _raw(app, raw) == 404


@pytest.mark.parametrize("raw", [b"//index.html", b"/pyodide//pyodide.mjs"])
def test_an_empty_part_is_refused(site: Path, raw: bytes) -> None:
    assert _raw(host.SiteHost(site), raw) == 404


def test_a_backslash_is_refused_even_where_a_file_is_named_with_one(site: Path) -> None:
    """On Linux a backslash is a letter of a name; the address is refused all the same
    (a server on Windows would take it for a separator)."""
    (site / "a\\b.html").write_bytes(PAGE)
    assert _raw(host.SiteHost(site), b"/a\\b.html") == 404


def test_a_nul_in_the_path_is_refused(site: Path) -> None:
    assert _raw(host.SiteHost(site), b"/index.html\x00") == 404


def test_a_name_too_long_for_the_system_is_not_found(site: Path) -> None:
    """The system refuses to look the name up at all: that is a 404, not a failure."""
    app = host.SiteHost(site)
    assert _raw(app, b"/" + b"a" * 300) == 404
    assert _raw(app, b"/pyodide/" + b"a" * 300 + b".mjs") == 404


def test_a_site_mounted_under_a_root_path(site: Path) -> None:
    """The root path is taken off the path (servers send it in both), and put back in
    front of a redirect."""
    app = host.SiteHost(site)
    scope = {"root_path": "/app", "query_string": b"", "headers": []}
    assert asgi_get(app, {**scope, "path": "/app/index.html"})[::2] == (200, PAGE)
    status, headers, _ = asgi_get(app, {**scope, "path": "/app/help/more"})
    assert (status, headers["location"]) == (301, "/app/help/more/")


def test_a_path_sent_without_its_root_path_is_taken_as_it_is(site: Path) -> None:
    """Older servers sent the path without the root path: nothing is cut off it."""
    status, _, body = asgi_get(host.SiteHost(site), {
        "root_path": "/app", "path": "/index.html", "query_string": b"", "headers": []})
    assert (status, body) == (200, PAGE)


def test_a_scope_with_only_what_asgi_requires(site: Path) -> None:
    """raw_path, root_path and query_string are optional in ASGI."""
    app = host.SiteHost(site)
    status, headers, _ = asgi_get(app, {"path": "/help/more", "headers": []})
    assert (status, headers["location"]) == (301, "/help/more/")
    assert asgi_get(app, {"path": "/index.html", "headers": []})[::2] == (200, PAGE)


def test_a_folder_two_down_gets_its_slash_and_no_query_is_added(site: Path) -> None:
    with TestClient(host.SiteHost(site)) as client:
        moved = client.get("/help/more", follow_redirects=False)
        assert (moved.status_code, moved.headers["location"]) == (301, "/help/more/")
        assert client.get("/help/more/").content == b"<p>more</p>"


def test_the_etag_is_the_hash_of_the_file_s_bytes_and_the_coding_sent(site: Path) -> None:
    digest = hashlib.sha256(PAGE).hexdigest()[:20]
    with TestClient(host.SiteHost(site)) as client:
        zipped = client.get("/index.html", headers={"Accept-Encoding": "gzip"})
        plain = client.get("/index.html", headers={"Accept-Encoding": "identity"})
    assert zipped.headers["etag"] == f'"{digest}-gzip"'
    assert plain.headers["etag"] == f'"{digest}-identity"'


@pytest.mark.parametrize("asked", ['*', '{etag}, "other"', '"other",{etag}', 'W/{etag}'])
def test_if_none_match_any_tag_or_star_answers_304(site: Path, asked: str) -> None:
    etag = f'"{hashlib.sha256(PAGE).hexdigest()[:20]}-gzip"'
    with TestClient(host.SiteHost(site)) as client:
        again = client.get("/index.html", headers={
            "Accept-Encoding": "gzip", "If-None-Match": asked.format(etag=etag)})
    assert (again.status_code, again.content, again.headers["etag"]) == (304, b"", etag)


def test_if_none_match_with_other_tags_only_sends_the_file(site: Path) -> None:
    with TestClient(host.SiteHost(site)) as client:
        answer = client.get("/index.html", headers={
            "Accept-Encoding": "identity", "If-None-Match": '"a-identity", "b-gzip"'})
    assert (answer.status_code, answer.content) == (200, PAGE)


def test_hidden_files_are_not_reached_through_links(site: Path) -> None:
    """A visible name linking to a hidden file, and a hidden name linking to a page."""
    (site / ".marker.html").write_bytes(b"hidden")
    (site / "visible.html").symlink_to(site / ".marker.html")
    (site / ".home.html").symlink_to(site / "index.html")
    with TestClient(host.SiteHost(site)) as client:
        assert client.get("/visible.html").status_code == 404
        assert client.get("/.home.html").status_code == 404
        assert client.get("/index.html").status_code == 200


@pytest.mark.parametrize("content", [b"", b"console.log(1);\n"])
def test_a_copy_that_does_not_decode_is_never_sent(site: Path, content: bytes) -> None:
    """Damaged by hand after the build: the file goes out as it is, uncompressed (an empty
    file too, whose hash is the hash of nothing decoded)."""
    (site / "app.js").write_bytes(content)
    (site / "app.js.gz").write_bytes(b"not gzip at all")
    with TestClient(host.SiteHost(site)) as client:
        answer = client.get("/app.js", headers={"Accept-Encoding": "gzip"})
    assert (answer.status_code, answer.content) == (200, content)
    assert "content-encoding" not in answer.headers


def test_other_methods_are_refused_naming_the_allowed_ones(site: Path) -> None:
    with TestClient(host.SiteHost(site)) as client:
        answer = client.put("/index.html", content=b"x")
    assert (answer.status_code, answer.headers["allow"]) == (405, "GET, HEAD")
    assert (site / "index.html").read_bytes() == PAGE


def test_the_type_is_the_build_s_whatever_the_machine_s_table_says(
        site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Windows registry can map `.js` to text/plain (and a browser then refuses the
    module); browsers compile wasm while it downloads only as application/wasm."""
    table = mimetypes.MimeTypes()
    for suffix in (".js", ".mjs", ".wasm"):
        table.add_type("text/plain", suffix)
    monkeypatch.setattr(mimetypes, "_db", table)
    with TestClient(host.SiteHost(site)) as client:
        module = client.get("/pyodide/pyodide.mjs")
        wasm = client.get("/main.dart.wasm")
    assert module.headers["content-type"] == "text/javascript; charset=utf-8"
    assert wasm.headers["content-type"] == "application/wasm"
