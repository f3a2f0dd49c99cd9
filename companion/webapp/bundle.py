"""The Python half of the phone app: `app.zip` (our package and its dependencies) and the
standard library Pyodide loads, both as small as the app allows.

- The dependencies are the wheels for Pyodide's platform (`pip install --target` with
  its platform tags, the same versions as this install), fetched once per version set
  into the user cache folder.
- What a browser never runs is left out: type stubs, `py.typed`, packages' metadata and
  tests, Flet's test harness and Dart sources, our command line and the site's own
  build files.
- With Node.js on the machine, the site's own Pyodide compiles every module to bytecode
  (the source is not shipped: the phone never compiles) and keeps of the standard
  library only what the app can import (`node/prepare.py`). Without Node.js the sources
  and the whole standard library are shipped, and the app starts a few seconds slower.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from importlib import resources
from importlib.metadata import version
from pathlib import Path

from companion.i18n import t

REQUIREMENTS = ("flet", "flet-charts", "tinydb", "msgspec", "platformdirs", "filelock",
                "segno", "msgpack", "repath", "six")
"""What the app imports in the browser, at the versions installed here."""
ENTRY_MODULES = ("companion.webapp.main_in_browser", "companion.ui.app", "msgspec",
                 "msgpack")
"""Imported at build time to see what the compiled extensions import (`node/prepare.py`)."""
LEFT_OUT_DIRS = ("tests", "test", "testing", "__pycache__", "flutter")
"""Folders of packages that the app never imports (`flet/testing`, Flet's Dart sources
in `flutter/`); bytecode is made anew."""
LEFT_OUT_FILES = (".pyi", ".typed", ".pyc", ".dart", ".yaml", ".md")
LEFT_OUT_NAMES = ("cli.py", "__main__.py", "pytest_plugin.py")
"""The dependencies' command lines and test plugins: never imported by the app."""
OUR_LEFT_OUT = ("cli/", "webapp/node/", "webapp/site/", "_data/", "webapp/build.py",
                "webapp/bundle.py", "webapp/offline.py", "webapp/icons.py", "webapp/glyphs.py",
                "web/")
"""Ours that a browser never runs: the command line, the site's build, the web host."""


class BundleError(Exception):
    """The Python half cannot be made: the message says why."""


def _cache_root() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir("wonderful-companion", appauthor=False)) / "web"


def package_dir() -> Path:
    return Path(__file__).resolve().parent.parent


def shipped(name: str) -> Path:
    """`assets/` or `scenarios/`: inside the installed package, or beside it in a checkout."""
    package = package_dir()
    for candidate in (package / "_data" / name, package.parent / name):
        if candidate.is_dir():
            return candidate
    raise BundleError(t("The {folder} folder of the app is missing: reinstall the app.",
                        folder=name))


def pyodide_platform(pyodide: Path) -> tuple[str, str]:
    """(pip platform tag, Python version) of the Pyodide shipped in the client."""
    info = json.loads((pyodide / "pyodide-lock.json").read_text())["info"]
    python = ".".join(str(info["python"]).split(".")[:2])
    return f"pyemscripten_{info['abi_version']}_{info['arch']}", python


def dependencies(pyodide: Path) -> Path:
    """Pyodide's wheels of our dependencies, installed in a folder of the cache (made
    once per version set)."""
    platform, python = pyodide_platform(pyodide)
    requirements = [f"{name}=={version(name)}" for name in REQUIREMENTS]
    key = hashlib.sha256(json.dumps([platform, python, requirements, "sources"])
                         .encode()).hexdigest()[:16]
    folder = _cache_root() / f"packages-{key}"
    if (folder / ".complete").exists():
        return folder
    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=folder.parent))
    try:
        abi = "cp" + python.replace(".", "")
        command = [sys.executable, "-m", "pip", "install", "--quiet", "--no-compile",
                   "--no-deps", "--disable-pip-version-check", "--target", str(staging),
                   "--platform", platform, "--python-version", python,
                   "--implementation", "cp", "--abi", abi, "--abi", "abi3", "--abi", "none",
                   "--only-binary=:all:", *requirements]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise BundleError(t("Could not get the packages for the browser (pip needs the "
                                "package index once):") + "\n" + done.stderr.strip())
        (staging / ".complete").touch()
        shutil.rmtree(folder, ignore_errors=True)
        staging.rename(folder)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return folder


def _left_out(path: Path, root: Path) -> bool:
    relative = path.relative_to(root)
    parts = relative.parts
    if any(part in LEFT_OUT_DIRS or part.endswith(".dist-info") for part in parts[:-1]):
        return True
    if parts[0].endswith(".dist-info") or parts[0] in ("bin", "share"):
        return True
    return (path.name.endswith(LEFT_OUT_FILES) or path.name in LEFT_OUT_NAMES
            or path.name.startswith("."))


def app_tree(work: Path, packages: Path) -> Path:
    """Our package (with its shipped data, as in the wheel) beside its dependencies,
    without what a browser never runs."""
    tree = work / "app"
    tree.mkdir()
    for path in sorted(packages.rglob("*")):
        if path.is_file() and not _left_out(path, packages):
            target = tree / path.relative_to(packages)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    ours = package_dir()
    package = tree / "companion"
    for path in sorted(ours.rglob("*.py")):
        relative = path.relative_to(ours).as_posix()
        if relative.startswith(OUR_LEFT_OUT):
            continue
        target = package / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    # Dotfiles of a working tree (the catalogs' merge lock, an editor's swap file) are
    # not data: they never go to the phone.
    shutil.copytree(shipped("assets"), package / "_data" / "assets",
                    ignore=shutil.ignore_patterns("icons", ".*"))
    shutil.copytree(shipped("scenarios"), package / "_data" / "scenarios",
                    ignore=shutil.ignore_patterns(".*"))
    return tree


def node() -> str | None:
    return shutil.which("node") or shutil.which("nodejs")


def run_node(script: str, *args: str) -> subprocess.CompletedProcess[str] | None:
    """Run a script of Node.js (an ES module); None when Node.js is missing."""
    found = node()
    if found is None:
        return None
    with tempfile.TemporaryDirectory() as work:
        path = Path(work) / "script.mjs"
        path.write_text(script, encoding="utf-8")
        return subprocess.run([found, str(path), *args], capture_output=True, text=True,
                              check=False)


PREPARE_JS = """
const [pyodideDir, tree, out, program, entries] = process.argv.slice(2);
const { pathToFileURL } = await import("url");
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
// Line numbers without columns in the bytecode: a quarter smaller, tracebacks still
// name the line.
const py = await loadPyodide({ indexURL: pyodideDir + "/",
                               env: { PYTHONNODEBUGRANGES: "1", HOME: "/home/pyodide" } });
for (const [path, root] of [["/app", tree], ["/out", out]]) {
  py.FS.mkdirTree(path);
  py.FS.mount(py.FS.filesystems.NODEFS, { root }, path);
}
py.globals.set("entries", entries);
py.runPython(program + "\\nkept = main(entries.split(','))\\n");
console.log(JSON.stringify(py.globals.get("kept").toJs()));
"""


def compile_with_pyodide(pyodide: Path, tree: Path, out: Path,
                         entries: tuple[str, ...] = ENTRY_MODULES) -> list[str] | None:
    """Compile `tree` in place and write the reachable standard library, compiled, to
    `out/python_stdlib.zip` (see `node/prepare.py`); the modules kept, or None when
    Node.js is missing. A failure of the compiler is an error: a half-compiled tree
    would not run."""
    program = resources.files("companion.webapp").joinpath("node", "prepare.py")
    pyodide, tree, out = pyodide.absolute(), tree.absolute(), out.absolute()
    done = run_node(PREPARE_JS, str(pyodide), str(tree), str(out),
                    program.read_text("utf-8"), ",".join(entries))
    if done is None:
        return None
    if done.returncode != 0:
        raise BundleError(t("Could not compile the app for the browser:") + "\n"
                          + done.stderr.strip()[-2000:])
    return [str(name) for name in json.loads(done.stdout.strip().splitlines()[-1])]


def zip_tree(tree: Path, target: Path) -> None:
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in sorted(tree.rglob("*")):
            if path.is_file():
                archive.write(path, path.relative_to(tree).as_posix())
