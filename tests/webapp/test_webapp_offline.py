"""What a phone downloads and keeps (`companion/webapp/offline.py`): the precompressed
copies and their cache of earlier builds, and the service worker's own file. The cache
of copies is a folder of the test's here, never the user's."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
from pathlib import Path
from typing import Any

import brotli  # type: ignore[import-untyped]
import platformdirs
import pytest

from companion.webapp import offline


@pytest.fixture
def copies(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    folder = tmp_path / "copies"
    monkeypatch.setattr(offline, "_copies_cache", lambda: folder)
    return folder


def test_the_copies_are_kept_in_the_user_s_cache_folder_of_the_app(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    asked: list[tuple[Any, ...]] = []

    def user_cache_dir(*args: Any, **kwargs: Any) -> str:
        asked.append((args, kwargs))
        return str(tmp_path)

    monkeypatch.setattr(platformdirs, "user_cache_dir", user_cache_dir)
    assert offline._copies_cache() == tmp_path / "web" / "compressed"
    assert asked == [(("wonderful-companion",), {"appauthor": False})]


def test_a_file_is_written_whole_or_not_at_all(tmp_path: Path) -> None:
    """Through a temporary file beside it, renamed: a build stopped half-way leaves no
    half a copy in the cache, where the next build would take it for a whole one."""
    target = tmp_path / "new" / "folder" / "x.gz"
    offline._write_atomically(target, b"first")
    offline._write_atomically(target, b"second")
    assert target.read_bytes() == b"second"
    assert os.listdir(target.parent) == ["x.gz"]


def test_the_temporary_file_is_made_beside_the_copy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On the same file system, so that the rename is atomic (and possible at all: the
    system's temporary folder may be another file system)."""
    made: list[Path] = []
    mkstemp = offline.tempfile.mkstemp

    def spy(*args: Any, **kwargs: Any) -> tuple[int, str]:
        handle, name = mkstemp(*args, **kwargs)
        made.append(Path(name))
        return handle, name

    monkeypatch.setattr(offline.tempfile, "mkstemp", spy)
    offline._write_atomically(tmp_path / "ab" / "x.br", b"data")
    assert [path.parent for path in made] == [tmp_path / "ab"]


@pytest.mark.parametrize("kind", ["gz", "br"])
def test_a_copy_is_made_once_and_kept_by_its_content(copies: Path, kind: str) -> None:
    data = b"the same bytes " * 200
    packed = offline._compressed(data, kind)
    expected = (brotli.compress(data, quality=9) if kind == "br"
                else gzip.compress(data, compresslevel=9, mtime=0))
    assert packed == expected  # the same bytes at every build: no date inside
    key = hashlib.sha256(data).hexdigest()
    kept = copies / key[:2] / f"{key}.{kind}"
    assert kept.read_bytes() == packed
    assert [path.name for path in copies.rglob("*") if path.is_file()] == [kept.name]
    kept.write_bytes(b"from the cache")
    assert offline._compressed(data, kind) == b"from the cache"  # not compressed again


def test_a_cache_that_cannot_be_written_only_costs_time(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "a file").write_text("", encoding="utf-8")
    monkeypatch.setattr(offline, "_copies_cache", lambda: tmp_path / "a file" / "copies")
    data = b"x" * 5000
    assert gzip.decompress(offline._compressed(data, "gz")) == data


@pytest.mark.parametrize(("name", "size", "expected"), [
    ("app.js", 1024, True), ("app.js", 1023, False), ("page.html", 5000, True),
    ("NOTICES", 2000, True), ("AssetManifest.bin", 2000, True), ("icon.png", 5000, False),
    ("app.zip", 5000, False), ("font.woff2", 5000, False),
])
def test_only_text_like_files_of_a_kilobyte_or_more_are_compressed(
        tmp_path: Path, name: str, size: int, expected: bool) -> None:
    (tmp_path / name).write_bytes(b"a" * size)
    assert offline.compressible(tmp_path / name) is expected


def test_copies_are_written_only_where_they_are_smaller(copies: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "sub").mkdir(parents=True)
    (site / "big.js").write_bytes(b"let x = 1;\n" * 300)
    (site / "sub" / "big.json").write_bytes(b'{"a": 1}' * 300)
    (site / "random.js").write_bytes(os.urandom(4096))  # does not shrink
    (site / "small.js").write_bytes(b"x" * 100)
    (site / "old.js.gz").write_bytes(b"x" * 5000)  # a copy is not copied again
    (site / "image.png").write_bytes(b"\0" * 5000)
    (site / "vendor.js").mkdir()  # a folder's name, as some packages name theirs
    for number in range(64):
        (site / "vendor.js" / f"part-{number:02}.txt").write_bytes(b"x")
    assert offline.write_precompressed(site) == 4
    assert sorted(path.relative_to(site).as_posix() for path in site.rglob("*")
                  if path.is_file()) == [
        "big.js", "big.js.br", "big.js.gz", "image.png", "old.js.gz", "random.js",
        "small.js", "sub/big.json", "sub/big.json.br", "sub/big.json.gz",
        *(f"vendor.js/part-{number:02}.txt" for number in range(64))]
    assert gzip.decompress((site / "sub/big.json.gz").read_bytes()) == b'{"a": 1}' * 300
    assert brotli.decompress((site / "big.js.br").read_bytes()) == b"let x = 1;\n" * 300


def test_a_copy_no_smaller_than_its_file_is_not_written(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A host would send it in place of the file for nothing."""
    monkeypatch.setattr(offline, "_compressed",
                        lambda data, kind: data if kind == "br" else data[:-1])
    (tmp_path / "app.js").write_bytes(b"x" * 2000)
    assert offline.write_precompressed(tmp_path) == 1
    assert sorted(path.name for path in tmp_path.iterdir()) == ["app.js", "app.js.gz"]


def test_the_worker_lists_every_kept_file_by_hash_and_names_its_cache(tmp_path: Path) -> None:
    site = tmp_path
    files = {"index.html": b"page", "app.zip": b"zip", "main.dart.js": b"js",
             "canvaskit/canvaskit.wasm": b"ck", ".nojekyll": b"", "app.zip.br": b"copy",
             "sw.js": b"old worker"}
    for name, data in files.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(data)
    cache = offline.write_service_worker(site)
    hashes = {"./": hashlib.sha256(b"page").hexdigest()[:16],
              "app.zip": hashlib.sha256(b"zip").hexdigest()[:16],
              "main.dart.js": hashlib.sha256(b"js").hexdigest()[:16],
              "canvaskit/canvaskit.wasm": hashlib.sha256(b"ck").hexdigest()[:16]}
    whole = hashlib.sha256(json.dumps(hashes, sort_keys=True).encode()).hexdigest()[:16]
    assert cache == "wonderful-companion-" + whole
    worker = (site / "sw.js").read_text(encoding="utf-8")
    assert f'const CACHE = "{cache}";' in worker
    assert 'const PREFIX = "wonderful-companion-";' in worker
    assert f"const FILES = {json.dumps(hashes, indent=1, sort_keys=True)};" in worker
    assert 'const CORE = [\n "./",\n "app.zip"\n];' in worker
    assert "__" not in worker  # every placeholder filled
