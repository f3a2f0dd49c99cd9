"""`companion build-web` from end to end (`companion/webapp/build.py`), in well under a
second: the flet-web wheel's folder is a small stand-in, and pip, Pyodide's compiler and
Node.js are stood in for by fakes that record what the build asks of them. What is
stated: the folder a build may write to, the files of the site, what the report and its
summary say, and what is left out when Node.js is missing or the snapshot fails."""

from __future__ import annotations

import gzip
import importlib.util
import subprocess
import zipfile
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from stand_in import icon_font, web, words

from companion.i18n import set_language
from companion.webapp import build, bundle, glyphs, offline

MEMORY = b"\0" * 4000 + words()
"""A memory snapshot: mostly zeros, and some of anything."""


class Python:
    """Stands for pip, the app's tree, Pyodide's compiler and Node.js: records what each
    is asked, and answers as the test says (`kept` None: Node.js is missing)."""

    def __init__(self, packages: Path, kept: list[str] | None = ["json", "os"],  # noqa: B006
                 snapshot: int | None = 0) -> None:
        self.packages = packages
        self.kept = kept
        self.snapshot = snapshot
        self.calls: list[tuple[Any, ...]] = []

    def dependencies(self, pyodide: Path) -> Path:
        self.calls.append(("dependencies", pyodide))
        return self.packages

    def app_tree(self, work: Path, packages: Path) -> Path:
        self.calls.append(("app_tree", packages))
        (work / "app").mkdir()
        (work / "app" / "main.py").write_text("print('app')\n", encoding="utf-8")
        return work / "app"

    def compile_with_pyodide(self, pyodide: Path, tree: Path, out: Path) -> list[str] | None:
        self.calls.append(("compile", pyodide, tree.name, out.name))
        if self.kept is None:
            return None
        (out / "python_stdlib.zip").write_bytes(b"compiled stdlib")
        return self.kept

    def run_node(self, script: str, *args: str) -> subprocess.CompletedProcess[str] | None:
        self.calls.append(("node", script, *args[:1], Path(args[1]).name, *args[2:]))
        if self.snapshot is None:
            return None
        Path(args[2]).write_bytes(MEMORY)  # even when it fails after
        return subprocess.CompletedProcess([], self.snapshot, "", "")


@pytest.fixture
def fake(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Python:
    """A build from the stand-ins, run from the test's folder (the site's folder is
    given relative, as the README says it); the copies' cache is the test's."""
    folder = web(tmp_path / "flet_web" / "web")
    monkeypatch.setattr(build, "flet_web_dir", lambda: folder)
    monkeypatch.setattr(build.icons, "png", lambda size, maskable=False: b"icon")
    monkeypatch.setattr(offline, "_copies_cache", lambda: tmp_path / "copies")
    python = Python(tmp_path / "packages")
    for name in ("dependencies", "app_tree", "compile_with_pyodide", "run_node"):
        monkeypatch.setattr(bundle, name, getattr(python, name))
    monkeypatch.chdir(tmp_path)
    return python


def _files(folder: Path) -> set[str]:
    return {path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file()}


SITE = {
    ".wonderful-companion-site", ".nojekyll", "index.html", "flutter_bootstrap.js",
    "assets/FontManifest.json", "main.dart.js", "main.dart.wasm", "python.js",
    "python-worker.js", "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json",
    "icons/icon-192.png", "icons/icon-512.png", "icons/icon-maskable-192.png",
    "icons/icon-maskable-512.png", "icons/apple-touch-icon.png", "favicon.png",
    "manifest.json", "app.zip", "sw.js"}
"""Every file of the stand-in's site but the precompressed copies."""


def test_a_build_writes_the_whole_site_and_says_what_it_made(
        fake: Python, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build, "time", SimpleNamespace(monotonic=iter([100.0, 102.5]).__next__))
    report = build.build_site(Path("site"), snapshot=True)
    site = tmp_path / "site"
    files = _files(site)
    copies = {name for name in files if name.endswith((".br", ".gz"))}
    assert files - copies == {*SITE, "pyodide/snapshot.bin"}
    assert {"index.html.br", "index.html.gz", "python.js.br", "sw.js.gz"} <= copies
    assert (site / build.MARKER).read_text(encoding="utf-8") == (
        "A site built by `companion build-web`.\n")
    assert (site / ".nojekyll").read_bytes() == b""
    assert (site / "pyodide" / "python_stdlib.zip").read_bytes() == b"compiled stdlib"
    assert (site / "pyodide" / "pyodide.mjs").read_bytes() == b"shipped pyodide.mjs"
    with zipfile.ZipFile(site / "app.zip") as archive:
        assert archive.namelist() == ["main.py"]
    assert gzip.decompress((site / "pyodide" / "snapshot.bin").read_bytes()) == (
        MEMORY)
    # Patched: no request to another host (the rest is stated in test_webapp_client.py).
    assert b"jsdelivr" not in (site / "main.dart.js").read_bytes()
    # Pyodide is handed absolute folders: Node.js runs from elsewhere.
    assert fake.calls == [
        ("dependencies", tmp_path / "flet_web" / "web" / "pyodide"),
        ("app_tree", tmp_path / "packages"),
        ("compile", site / "pyodide", "app", "out"),
        ("node", build.SNAPSHOT_JS, str(site / "pyodide"), "app",
         str(site / "pyodide" / "snapshot.bin"),
         "flet,tinydb,platformdirs,filelock,companion.webapp.main_in_browser"),
    ]
    assert report.dest == Path("site")  # as given: the summary names it so
    assert report.cache_name == offline.write_service_worker(site)
    assert (report.precompiled, report.stdlib_modules, report.notes) == (True, 2, [])
    assert report.compressed_copies == len(copies)
    assert report.files == len(files)
    assert report.size == sum((site / name).stat().st_size for name in files)
    assert report.own_size == sum((site / name).stat().st_size for name in files - copies)
    assert report.seconds == 2.5


def test_without_a_snapshot_asked_none_is_made(fake: Python, tmp_path: Path) -> None:
    report = build.build_site(Path("site"))
    assert "pyodide/snapshot.bin" not in _files(tmp_path / "site")
    assert [call[0] for call in fake.calls] == ["dependencies", "app_tree", "compile"]
    assert report.notes == []


def test_without_node_the_app_ships_its_sources_and_the_whole_standard_library(
        fake: Python, tmp_path: Path) -> None:
    fake.kept = None
    report = build.build_site(Path("site"), snapshot=True)
    site = tmp_path / "site"
    assert (site / "pyodide" / "python_stdlib.zip").read_bytes() == b"shipped python_stdlib.zip"
    assert "pyodide/snapshot.bin" not in _files(site)  # Node.js would make it: not asked
    assert [call[0] for call in fake.calls] == ["dependencies", "app_tree", "compile"]
    assert (report.precompiled, report.stdlib_modules) == (False, 0)
    assert report.notes == ["Node.js was not found: the app could not be compiled ahead, so "
                            "it starts a few seconds slower."]
    assert report.summary().endswith("open its address once.\n" + report.notes[0])


@pytest.mark.parametrize("answer", [1, None])
def test_a_failed_snapshot_leaves_none_behind_and_a_note(
        fake: Python, tmp_path: Path, answer: int | None) -> None:
    """Node.js failing (1), or gone between the compilation and the snapshot (None)."""
    fake.snapshot = answer
    report = build.build_site(Path("site"), snapshot=True)
    assert "pyodide/snapshot.bin" not in _files(tmp_path / "site")
    assert report.precompiled
    assert report.notes == ["The snapshot of Python's memory could not be made: the site "
                            "starts Python the usual way."]


def test_a_bundle_that_cannot_be_made_is_a_build_error(
        fake: Python, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(pyodide: Path) -> Path:
        raise bundle.BundleError("pip said no")

    monkeypatch.setattr(bundle, "dependencies", refuse)
    with pytest.raises(build.BuildError) as raised:
        build.build_site(Path("site"))
    assert str(raised.value) == "pip said no"
    assert isinstance(raised.value.__cause__, bundle.BundleError)


def test_an_icon_the_font_cannot_keep_is_a_build_error(
        fake: Python, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The build stops with the icon's name, not a phone drawing an empty box."""
    font = tmp_path / "flet_web" / "web" / glyphs.FONT
    font.parent.mkdir(parents=True)
    icon_font(font)
    monkeypatch.setattr(glyphs, "app_sources", lambda: ["ft.Icons.COPY_OUTLINED"])
    set_language("en")
    with pytest.raises(build.BuildError) as raised:
        build.build_site(Path("site"))
    assert str(raised.value) == ("The icon COPY_OUTLINED is not in the icon font under its "
                                 "own name: name it by the name the font gives it.")
    assert isinstance(raised.value.__cause__, glyphs.GlyphError)


def test_a_new_build_replaces_an_earlier_one(fake: Python, tmp_path: Path) -> None:
    build.build_site(Path("site"), snapshot=True)
    fake.snapshot = None
    build.build_site(Path("site"))
    assert {name for name in _files(tmp_path / "site")
            if not name.endswith((".br", ".gz"))} == SITE


def test_a_snapshot_is_stored_gzipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Mostly zeros: gzip makes it a sixth; the worker inflates it by its first bytes."""
    python = Python(tmp_path)
    monkeypatch.setattr(bundle, "run_node", python.run_node)
    target = tmp_path / "snapshot.bin"
    assert build._snapshot(tmp_path / "pyodide", tmp_path / "app", target)
    # At gzip's level 6 (past its first ten bytes, which hold the time).
    assert target.read_bytes()[10:] == gzip.compress(MEMORY, compresslevel=6)[10:]
    assert python.calls == [("node", build.SNAPSHOT_JS, str(tmp_path / "pyodide"), "app",
                             str(target), ",".join(build.PRELOADED))]
    python.snapshot = 1
    assert not build._snapshot(tmp_path / "pyodide", tmp_path / "app", target)
    assert not target.exists()
    python.snapshot = None
    target.write_bytes(b"an older snapshot")
    assert not build._snapshot(tmp_path / "pyodide", tmp_path / "app", target)
    assert not target.exists()


def test_the_client_comes_from_the_installed_flet_web(monkeypatch: pytest.MonkeyPatch) -> None:
    import flet_web

    assert build.flet_web_dir() == Path(flet_web.__file__).resolve().parent / "web"
    for spec in (None, SimpleNamespace(origin=None)):
        monkeypatch.setattr(importlib.util, "find_spec", lambda name, spec=spec: spec)
        with pytest.raises(build.BuildError) as raised:
            build.flet_web_dir()
        assert str(raised.value) == "The flet-web package is missing: reinstall the app."


def test_a_file_is_no_place_for_a_site(tmp_path: Path) -> None:
    (tmp_path / "site").write_text("mine", encoding="utf-8")
    with pytest.raises(build.BuildError) as raised:
        build._prepare(tmp_path / "site")
    assert str(raised.value) == f"{tmp_path / 'site'} is a file: choose a folder for the site."
    assert (tmp_path / "site").read_text(encoding="utf-8") == "mine"


def test_a_folder_of_other_files_is_never_emptied(tmp_path: Path) -> None:
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "thesis.tex").write_text("mine", encoding="utf-8")
    with pytest.raises(build.BuildError) as raised:
        build._prepare(tmp_path / "site")
    assert str(raised.value) == (f"{tmp_path / 'site'} is not empty and holds no earlier "
                                 "build of the app: choose an empty or new folder.")
    assert _files(tmp_path / "site") == {"thesis.tex"}


def test_a_new_or_empty_folder_is_taken(tmp_path: Path) -> None:
    build._prepare(tmp_path / "new" / "site")
    assert list((tmp_path / "new" / "site").iterdir()) == []
    (tmp_path / "empty").mkdir()
    build._prepare(tmp_path / "empty")
    assert list((tmp_path / "empty").iterdir()) == []


def test_an_earlier_build_is_emptied_without_following_its_links(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("not the site's", encoding="utf-8")
    site = tmp_path / "site"
    (site / "assets" / "fonts").mkdir(parents=True)
    (site / "assets" / "fonts" / "a.otf").write_bytes(b"font")
    (site / "index.html").write_text("old", encoding="utf-8")
    (site / build.MARKER).write_text("", encoding="utf-8")
    (site / "linked").symlink_to(outside, target_is_directory=True)
    (site / "linked-file").symlink_to(outside / "keep.txt")
    build._prepare(site)
    assert list(site.iterdir()) == []
    assert _files(outside) == {"keep.txt"}


def _report(files: int, copies: int, notes: list[str] | None = None) -> build.BuildReport:
    return build.BuildReport(dest=Path("site"), files=files, compressed_copies=copies,
                             own_size=1_350_000, size=2_350_000, seconds=3.25,
                             notes=notes or [])


def test_the_summary_counts_the_site_s_own_files_and_adds_the_notes() -> None:
    assert _report(10, 4, ["First note.", "Second note."]).summary() == (
        "Built the phone app in site: 6 files, 1.4 MB, and compressed copies for hosts that "
        "serve them (2.4 MB in all), in 3.2 s. Serve it with companion serve-web site "
        "(phones on the same Wi-Fi open it, over plain http without installing it), or "
        "from any web server, and open its address once.\n"
        "First note.\nSecond note.")
    assert _report(5, 4).summary() == (
        "Built the phone app in site: 1 file, 1.4 MB, and compressed copies for hosts that "
        "serve them (2.4 MB in all), in 3.2 s. Serve it with companion serve-web site "
        "(phones on the same Wi-Fi open it, over plain http without installing it), or "
        "from any web server, and open its address once.")
