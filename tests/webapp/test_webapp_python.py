"""The Python half of the phone app (`companion/webapp/bundle.py`) without pip, Node.js or
the network: pip and Node.js are stood in for, so each test states what the build asks
of them and what it makes of their answers."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import platformdirs
import pytest
from stand_in import deflated_size, words

from companion.webapp import bundle

LOCK_INFO = {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3",
             "python": "3.14.2"}


def _pyodide(folder: Path) -> Path:
    """A Pyodide folder with its lock file, as the flet-web wheel ships it."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pyodide-lock.json").write_text(json.dumps({"info": LOCK_INFO, "packages": {}}),
                                              encoding="utf-8")
    return folder


def test_the_platform_is_pyodide_s_abi_and_its_python_without_the_patch_level(
        tmp_path: Path) -> None:
    assert bundle.pyodide_platform(_pyodide(tmp_path)) == ("pyemscripten_2026_0_wasm32",
                                                           "3.14")


def test_the_cache_is_the_user_s_cache_folder_of_the_app(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    asked: list[tuple[Any, ...]] = []

    def user_cache_dir(*args: Any, **kwargs: Any) -> str:
        asked.append((args, kwargs))
        return str(tmp_path / "cache")

    monkeypatch.setattr(platformdirs, "user_cache_dir", user_cache_dir)
    assert bundle._cache_root() == tmp_path / "cache" / "web"
    assert asked == [(("wonderful-companion",), {"appauthor": False})]


class Pip:
    """Stands for `pip install --target`: writes one module into the target, or fails."""

    def __init__(self, fails: str | None = None) -> None:
        self.fails = fails
        self.calls: list[tuple[list[str], dict[str, Any]]] = []

    def __call__(self, command: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
        self.calls.append((command, kwargs))
        if self.fails is not None:
            return subprocess.CompletedProcess(command, 1, "", self.fails)
        target = Path(command[command.index("--target") + 1])
        (target / "flet").mkdir()
        (target / "flet" / "__init__.py").write_text("x = 1\n", encoding="utf-8")
        return subprocess.CompletedProcess(command, 0, "", "")


@pytest.fixture
def cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The build's cache folder in the test's folder (not made yet), and the versions
    installed here."""
    root = tmp_path / "cache" / "web"
    monkeypatch.setattr(bundle, "_cache_root", lambda: root)
    monkeypatch.setattr(bundle, "version", VERSIONS.__getitem__)
    return root


VERSIONS = {"flet": "1.0.5", "flet-charts": "1.0.2", "tinydb": "4.8.2", "msgspec": "0.19.0",
            "platformdirs": "4.5.0", "filelock": "3.20.0", "segno": "1.6.6",
            "msgpack": "1.1.2", "repath": "0.9.0", "six": "1.17.0"}
"""The version of each requirement installed here, as `importlib.metadata` says."""


def _key() -> str:
    """The cache's name for this version set: Pyodide's platform, its Python, the
    requirements (a new version of any makes a new folder) and the kind of files."""
    requirements = [f"{name}=={VERSIONS[name]}" for name in bundle.REQUIREMENTS]
    return hashlib.sha256(json.dumps(["pyemscripten_2026_0_wasm32", "3.14", requirements,
                                      "sources"]).encode()).hexdigest()[:16]


def test_the_dependencies_are_pyodide_s_wheels_at_this_install_s_versions(
        cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pip = Pip()
    monkeypatch.setattr(bundle.subprocess, "run", pip)
    folder = bundle.dependencies(_pyodide(tmp_path / "pyodide"))
    assert folder == cache / f"packages-{_key()}"
    [(command, kwargs)] = pip.calls
    staging = Path(command[command.index("--target") + 1])
    assert staging.parent == cache and staging.name.startswith(".staging-")
    assert command == [
        sys.executable, "-m", "pip", "install", "--quiet", "--no-compile", "--no-deps",
        "--disable-pip-version-check", "--target", str(staging),
        "--platform", "pyemscripten_2026_0_wasm32", "--python-version", "3.14",
        "--implementation", "cp", "--abi", "cp314", "--abi", "abi3", "--abi", "none",
        "--only-binary=:all:", "flet==1.0.5", "flet-charts==1.0.2", "tinydb==4.8.2",
        "msgspec==0.19.0", "platformdirs==4.5.0", "filelock==3.20.0", "segno==1.6.6",
        "msgpack==1.1.2", "repath==0.9.0", "six==1.17.0"]
    assert kwargs == {"capture_output": True, "text": True, "check": False}
    # The staging folder became the cache's folder, marked complete; nothing else is left.
    assert sorted(path.name for path in cache.iterdir()) == [folder.name]
    assert sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*")) == [
        ".complete", "flet", "flet/__init__.py"]


def test_a_complete_download_is_used_again_without_pip(
        cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bundle.subprocess, "run", Pip())
    first = bundle.dependencies(_pyodide(tmp_path / "pyodide"))
    pip = Pip(fails="pip must not run again")
    monkeypatch.setattr(bundle.subprocess, "run", pip)
    assert bundle.dependencies(_pyodide(tmp_path / "pyodide")) == first
    assert pip.calls == []


def test_an_unfinished_download_is_replaced(
        cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder without `.complete` (a build stopped half-way) is made again."""
    stale = cache / f"packages-{_key()}"
    stale.mkdir(parents=True)
    (stale / "half.py").write_text("", encoding="utf-8")
    monkeypatch.setattr(bundle.subprocess, "run", Pip())
    folder = bundle.dependencies(_pyodide(tmp_path / "pyodide"))
    assert folder == stale
    assert sorted(path.name for path in folder.iterdir()) == [".complete", "flet"]


def test_a_failing_pip_leaves_nothing_and_says_what_pip_said(
        cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bundle.subprocess, "run", Pip(fails="\n  ERROR: no index here  \n"))
    with pytest.raises(bundle.BundleError) as raised:
        bundle.dependencies(_pyodide(tmp_path / "pyodide"))
    assert str(raised.value) == ("Could not get the packages for the browser (pip needs the "
                                 "package index once):\nERROR: no index here")
    assert list(cache.iterdir()) == []


def _fake_package(root: Path) -> Path:
    """A checkout's shape: the package, and its data beside it."""
    files = {
        "companion/__init__.py": "", "companion/rules/engine.py": "",
        "companion/ui/screens/deep/page.py": "", "companion/ui/notes.txt": "",
        "companion/cli/__init__.py": "", "companion/web/server.py": "",
        "companion/webapp/__init__.py": "", "companion/webapp/main_in_browser.py": "",
        "companion/webapp/build.py": "", "companion/webapp/bundle.py": "",
        "companion/webapp/offline.py": "", "companion/webapp/icons.py": "",
        "companion/webapp/node/prepare.py": "", "companion/webapp/site/x.py": "",
        "assets/cards.json": "[]", "assets/i18n/fr.json": "{}", "assets/icons/icon.svg": "",
        "assets/i18n/icons/x.txt": "", "assets/.merge.lock": "", "assets/i18n/.fr.json.swp": "",
        "scenarios/solo/one.json": "{}", "scenarios/.DS_Store": "", "scenarios/icons/a.json": "",
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root / "companion"


def test_the_tree_holds_what_a_browser_runs_and_nothing_else(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bundle, "package_dir", lambda: tmp_path / "repo" / "companion")
    _fake_package(tmp_path / "repo")
    packages = tmp_path / "packages"
    for name in ("flet/controls/material/buttons.py", "flet/inner.dist-info/RECORD",
                 "flet/testing/app.py", "stray.dist-info", "share/jupyter/kernel.json",
                 "bin/flet", "flet/cli.py", "flet/__main__.py", "flet/pytest_plugin.py",
                 "flet/notes.md", "flet/build.yaml", "flet/x.dart", "six.py"):
        (packages / name).parent.mkdir(parents=True, exist_ok=True)
        (packages / name).write_text("", encoding="utf-8")
    (tmp_path / "work").mkdir()
    tree = bundle.app_tree(tmp_path / "work", packages)
    assert tree == tmp_path / "work" / "app"
    assert sorted(path.relative_to(tree).as_posix() for path in tree.rglob("*")
                  if path.is_file()) == [
        "companion/__init__.py", "companion/_data/assets/cards.json",
        "companion/_data/assets/i18n/fr.json", "companion/_data/scenarios/icons/a.json",
        "companion/_data/scenarios/solo/one.json", "companion/rules/engine.py",
        "companion/ui/screens/deep/page.py", "companion/webapp/__init__.py",
        "companion/webapp/main_in_browser.py", "flet/controls/material/buttons.py", "six.py"]


def test_the_data_is_the_installed_copy_or_the_checkout_s(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "repo" / "companion"
    monkeypatch.setattr(bundle, "package_dir", lambda: package)
    package.mkdir(parents=True)
    with pytest.raises(bundle.BundleError) as raised:
        bundle.shipped("assets")
    assert str(raised.value) == "The assets folder of the app is missing: reinstall the app."
    (tmp_path / "repo" / "assets").mkdir()
    assert bundle.shipped("assets") == tmp_path / "repo" / "assets"  # a checkout
    (package / "_data").mkdir()
    (package / "_data" / "assets").write_text("a file, not the folder", encoding="utf-8")
    assert bundle.shipped("assets") == tmp_path / "repo" / "assets"
    (package / "_data" / "assets").unlink()
    (package / "_data" / "assets").mkdir()
    assert bundle.shipped("assets") == package / "_data" / "assets"  # installed: first


def test_the_package_is_the_one_this_module_belongs_to() -> None:
    import companion

    assert bundle.package_dir() == Path(companion.__file__).resolve().parent


@pytest.mark.parametrize(("found", "expected"), [
    ({"node": "/bin/node", "nodejs": "/bin/nodejs"}, "/bin/node"),
    ({"nodejs": "/bin/nodejs"}, "/bin/nodejs"),  # Debian's older name
    ({}, None),
])
def test_node_is_found_by_either_name(monkeypatch: pytest.MonkeyPatch,
                                      found: dict[str, str], expected: str | None) -> None:
    monkeypatch.setattr(bundle.shutil, "which", found.get)
    assert bundle.node() == expected


def test_without_node_no_script_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bundle, "node", lambda: None)
    monkeypatch.setattr(bundle.subprocess, "run", Pip(fails="must not run"))
    assert bundle.run_node("console.log(1)", "a") is None


@pytest.mark.usefixtures("ascii_locale")
def test_a_node_script_runs_as_an_es_module_with_its_arguments(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Written as UTF-8, which Node.js reads, whatever the machine's locale."""
    seen: dict[str, Any] = {}

    def run(command: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
        script = Path(command[1])
        seen.update(command=command, kwargs=kwargs, name=script.name,
                    text=script.read_text(encoding="utf-8"), script=script)
        return subprocess.CompletedProcess(command, 0, "out", "")

    monkeypatch.setattr(bundle, "node", lambda: "/bin/node")
    monkeypatch.setattr(bundle.subprocess, "run", run)
    done = bundle.run_node("import fs from 'fs'; // Pyodide’s", "one", "two")
    assert done is not None and done.stdout == "out"
    assert seen["command"] == ["/bin/node", str(seen["script"]), "one", "two"]
    assert seen["name"] == "script.mjs" and seen["text"] == "import fs from 'fs'; // Pyodide’s"
    assert seen["kwargs"] == {"capture_output": True, "text": True, "check": False}
    assert not seen["script"].exists()  # its folder is gone with the run


class Node:
    """Stands for `run_node`: records the call and answers as told."""

    def __init__(self, done: subprocess.CompletedProcess[str] | None) -> None:
        self.done = done
        self.calls: list[tuple[str, ...]] = []

    def __call__(self, script: str, *args: str) -> subprocess.CompletedProcess[str] | None:
        self.calls.append((script, *args))
        return self.done


def test_compiling_hands_pyodide_absolute_folders_and_the_program(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    node = Node(subprocess.CompletedProcess([], 0, 'loading\nwarning\n["json", "os"]\n', ""))
    monkeypatch.setattr(bundle, "run_node", node)
    kept = bundle.compile_with_pyodide(Path("pyodide"), Path("app"), Path("out"),
                                       entries=("a", "b.c"))
    assert kept == ["json", "os"]  # the last line of what the script printed
    program = (Path(bundle.__file__).parent / "node" / "prepare.py").read_text("utf-8")
    assert node.calls == [(bundle.PREPARE_JS, str(tmp_path / "pyodide"), str(tmp_path / "app"),
                           str(tmp_path / "out"), program, "a,b.c")]
    default = Node(None)
    monkeypatch.setattr(bundle, "run_node", default)
    assert bundle.compile_with_pyodide(Path("p"), Path("t"), Path("o")) is None  # no Node.js
    assert default.calls[0][-1] == ",".join(bundle.ENTRY_MODULES)


def test_a_failing_compiler_is_an_error_with_the_end_of_what_it_said(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    stderr = "x" * 3000 + "Traceback: the end\n"
    monkeypatch.setattr(bundle, "run_node", Node(subprocess.CompletedProcess([], 1, "", stderr)))
    with pytest.raises(bundle.BundleError) as raised:
        bundle.compile_with_pyodide(tmp_path, tmp_path, tmp_path)
    assert str(raised.value) == ("Could not compile the app for the browser:\n"
                                 + stderr.strip()[-2000:])


def test_the_archive_holds_every_file_by_its_path_in_the_tree(tmp_path: Path) -> None:
    tree = tmp_path / "app"
    (tree / "pkg" / "empty").mkdir(parents=True)
    (tree / "pkg" / "mod.pyc").write_bytes(b"code" * 100)
    (tree / "top.py").write_text("x = 1\n", encoding="utf-8")
    bundle.zip_tree(tree, tmp_path / "app.zip")
    with zipfile.ZipFile(tmp_path / "app.zip") as archive:
        assert archive.namelist() == ["pkg/mod.pyc", "top.py"]
        assert archive.read("pkg/mod.pyc") == b"code" * 100
        assert archive.read("top.py") == b"x = 1\n"
        assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_DEFLATED}


def test_the_archive_is_compressed_at_zlib_s_best(tmp_path: Path) -> None:
    """Downloaded by every phone: the few more seconds of the build are worth it."""
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "table.txt").write_bytes(words())
    bundle.zip_tree(tmp_path / "app", tmp_path / "app.zip")
    with zipfile.ZipFile(tmp_path / "app.zip") as archive:
        assert archive.getinfo("table.txt").compress_size == deflated_size(words(), 9)
