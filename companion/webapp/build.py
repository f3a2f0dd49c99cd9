"""`companion build-web DIR`: the whole app as a static site, Python running in the browser.

What goes in, and why:

- **The client and the runtime come from the flet-web wheel** already installed (its
  `web/` folder: Flutter's client and Pyodide). `flet publish` cannot be used: it asks
  the internet for a manifest and for Pyodide, and its worker installs requirements
  with micropip from the package index at every load. Debug symbols, source maps,
  renderer variants Flet never turns on, micropip and the Node.js launchers are left
  out.
- **Our package and its dependencies are one archive, `app.zip`**, unpacked by the
  worker at start: no micropip, no package index. The dependencies are the wheels for
  Pyodide's platform (`pip install --target` with its platform tags, the same versions
  as this install), fetched once per version set into the user cache folder. When
  Node.js is on the machine, every module is compiled to bytecode by the same Pyodide
  (so the browser does not compile ~700 modules at each start), and a snapshot of
  Pyodide's memory with Flet imported is saved (`pyodide/snapshot.bin`): a visit served
  by the service worker restores it instead of starting Python (3.3 s to the home
  screen instead of 5 s, bench/bench_web.py).
- **No request to any other host.** The page config points CanvasKit, fonts and
  Pyodide at the site; Roboto is named in the font manifest (else Flutter fetches it
  from Google Fonts); the Rive animation runtime, which Flet's client loads from a CDN
  although this app shows no Rive animation, is pointed at an address inside the site
  that does not exist (same length, so the compiled client is otherwise unchanged).
- **Offline**: `sw.js` precaches every file under a cache name that changes with any
  byte of the site; `manifest.json` and the icons (drawn by `icons.py`) make the site
  installable.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass, field
from importlib import resources
from importlib.metadata import version
from pathlib import Path

from companion.i18n import t
from companion.webapp import icons

APP_NAME = "Wonderful Companion"
SHORT_NAME = "Companion"
THEME_COLOUR = "#00695C"
BACKGROUND_COLOUR = "#FFFFFF"
CACHE_PREFIX = "wonderful-companion-"
REQUIREMENTS = ("flet", "flet-charts", "tinydb", "msgspec", "platformdirs", "filelock",
                "segno", "msgpack", "repath", "six")
"""What the app imports in the browser, at the versions installed here."""
SNAPSHOT = "snapshot.bin"
"""Pyodide's memory with the first page's modules imported (see `_snapshot`)."""
MARKER = ".wonderful-companion-site"
"""Written into a built site: only such a folder is ever emptied by a new build."""

SKIPPED_NAMES = re.compile(
    r"(\.symbols|\.map|\.d\.ts)$|^(flutter_service_worker\.js|python\.js|python-worker\.js"
    r"|manifest\.json|favicon\.png|version\.json)$")
SKIPPED_DIRS = ("canvaskit/wimp", "canvaskit/experimental_webparagraph", "icons/",
                "assets/packages/flutter_math_fork/", "assets/packages/cupertino_icons/")
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
UNUSED_FONTS = ("packages/flutter_math_fork/", "packages/cupertino_icons/")
RIVE_CDN = b"https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"


class BuildError(Exception):
    """The site cannot be built: the message says why."""


@dataclass
class BuildReport:
    dest: Path
    files: int = 0
    size: int = 0
    cache_name: str = ""
    precompiled: bool = False
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)

    def summary(self) -> str:
        lines = [t("Built the phone app in {folder}: {files} files, {size} MB, in {seconds} s."
                   " Serve this folder from any web server (python -m http.server"
                   " --directory {folder}) and open its address once.",
                   folder=str(self.dest), files=self.files,
                   size=f"{self.size / 2**20:.1f}", seconds=f"{self.seconds:.1f}"),
                 *self.notes]
        return "\n".join(lines)


def flet_web_dir() -> Path:
    spec = importlib.util.find_spec("flet_web")
    if spec is None or spec.origin is None:
        raise BuildError(t("The flet-web package is missing: reinstall the app."))
    return Path(spec.origin).resolve().parent / "web"


def _package_dir() -> Path:
    return Path(__file__).resolve().parent.parent


def _shipped(name: str) -> Path:
    """`assets/` or `scenarios/`: inside the installed package, or beside it in a checkout."""
    package = _package_dir()
    for candidate in (package / "_data" / name, package.parent / name):
        if candidate.is_dir():
            return candidate
    raise BuildError(t("The {folder} folder of the app is missing: reinstall the app.",
                       folder=name))


def _cache_root() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir("wonderful-companion", appauthor=False)) / "web"


def _pyodide_platform(web: Path) -> tuple[str, str]:
    """(pip platform tag, Python version) of the Pyodide shipped in the client."""
    info = json.loads((web / "pyodide" / "pyodide-lock.json").read_text())["info"]
    python = ".".join(str(info["python"]).split(".")[:2])
    return f"pyemscripten_{info['abi_version']}_{info['arch']}", python


def _requirements() -> list[str]:
    return [f"{name}=={version(name)}" for name in REQUIREMENTS]


def _dependencies(web: Path, report: BuildReport) -> Path:
    """Pyodide's wheels of our dependencies, installed in a folder of the cache (made
    once per version set, with bytecode when Node.js can compile it)."""
    platform, python = _pyodide_platform(web)
    requirements = _requirements()
    key = hashlib.sha256(json.dumps([platform, python, requirements,
                                     version("flet-web")]).encode()).hexdigest()[:16]
    folder = _cache_root() / f"site-packages-{key}"
    if (folder / ".complete").exists():
        report.precompiled = (folder / ".compiled").exists()
        return folder
    staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=_ensure(folder.parent)))
    try:
        abi = "cp" + python.replace(".", "")
        command = [sys.executable, "-m", "pip", "install", "--quiet", "--no-compile",
                   "--no-deps", "--disable-pip-version-check", "--target", str(staging),
                   "--platform", platform, "--python-version", python,
                   "--implementation", "cp", "--abi", abi, "--abi", "abi3", "--abi", "none",
                   "--only-binary=:all:", *requirements]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise BuildError(t("Could not get the packages for the browser (pip needs the "
                               "package index once):") + "\n" + done.stderr.strip())
        for extra in ("bin", "share"):
            shutil.rmtree(staging / extra, ignore_errors=True)
        if _compile(web, staging):
            (staging / ".compiled").touch()
        (staging / ".complete").touch()
        shutil.rmtree(folder, ignore_errors=True)
        staging.rename(folder)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    report.precompiled = (folder / ".compiled").exists()
    return folder


def _ensure(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return folder


COMPILE_JS = """
const [pyodideDir, target] = process.argv.slice(2);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
py.FS.mkdirTree("/target");
py.FS.mount(py.FS.filesystems.NODEFS, { root: target }, "/target");
py.runPython(`
import compileall, py_compile, sys
ok = compileall.compile_dir("/target", quiet=1, workers=1,
    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
if not ok:
    sys.exit("compileall failed")
`);
"""


def _node(script: str, *args: str) -> bool:
    """Run a script of Node.js (an ES module); False when Node.js is missing or fails."""
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        return False
    with tempfile.TemporaryDirectory() as work:
        path = Path(work) / "script.mjs"
        path.write_text(script, encoding="utf-8")
        done = subprocess.run([node, str(path), *args], capture_output=True, text=True,
                              check=False)
    return done.returncode == 0


def _compile(web: Path, folder: Path) -> bool:
    """Compile every module of `folder` to bytecode with the site's own Pyodide (run by
    Node.js); False, and nothing compiled, when Node.js is missing or fails."""
    if not _node(COMPILE_JS, str(web / "pyodide"), str(folder)):
        for cache in folder.rglob("__pycache__"):
            shutil.rmtree(cache, ignore_errors=True)
        return False
    return True


SNAPSHOT_JS = """
import fs from "fs";
const [pyodideDir, tree, target, modules] = process.argv.slice(2);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: pyodideDir + "/", _makeSnapshot: true });
py.FS.mkdirTree("/app");
py.FS.mount(py.FS.filesystems.NODEFS, { root: tree }, "/app");
py.globals.set("preloaded", modules);
py.runPython(`
import importlib, sys
sys.path.insert(0, "/app")
for name in preloaded.split(","):
    importlib.import_module(name)
# A compiled extension lives outside Pyodide's memory (its code and function table are
# loaded by JavaScript): restored from a snapshot, calling it crashes.
loaded = [name for name, module in sys.modules.items()
          if str(getattr(module, "__file__", None) or "").endswith(".so")]
if loaded:
    sys.exit(f"compiled extensions imported: {loaded}")
del name, preloaded, loaded
`);
py.FS.unmount("/app");
fs.writeFileSync(target, py.makeMemorySnapshot());
"""
PRELOADED = ("flet", "tinydb", "platformdirs", "filelock", "companion.webapp.main_in_browser")
"""Imported into the memory snapshot: what the first page needs that loads no compiled
extension (our store imports msgspec's, so it is imported at each start)."""


def _snapshot(web: Path, tree: Path, target: Path) -> bool:
    """Pyodide's memory after start and after importing `PRELOADED` from `tree`, made by
    the site's own Pyodide under Node.js: a later visit restores it instead of starting
    Python and importing Flet. False when Node.js is missing or fails; the site then
    starts Python the usual way."""
    if not _node(SNAPSHOT_JS, str(web / "pyodide"), str(tree), str(target),
                 ",".join(PRELOADED)):
        target.unlink(missing_ok=True)
        return False
    # Mostly zeros: 31 MB becomes about 7.5 MB for the first visit to download. The
    # worker inflates it itself (by its first bytes), so a host that adds its own
    # Content-Encoding, or none, both work.
    target.write_bytes(gzip.compress(target.read_bytes(), compresslevel=6))
    return True


def _app_tree(web: Path, work: Path, dependencies: Path, report: BuildReport) -> Path:
    """Our package (with its shipped data, as in the wheel) beside its dependencies."""
    tree = work / "app"
    shutil.copytree(dependencies, tree, ignore=shutil.ignore_patterns(".complete",
                                                                      ".compiled"))
    package = tree / "companion"
    shutil.copytree(_package_dir(), package,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "_data", "site"))
    shutil.copytree(_shipped("assets"), package / "_data" / "assets")
    shutil.copytree(_shipped("scenarios"), package / "_data" / "scenarios")
    if report.precompiled and not _compile(web, package):
        report.notes.append(t("The app could not be compiled ahead: it starts about a "
                              "second slower."))
    return tree


def _zip_tree(tree: Path, target: Path) -> None:
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        for path in sorted(tree.rglob("*")):
            if path.is_file():
                archive.write(path, path.relative_to(tree).as_posix())


def _copy_client(web: Path, dest: Path) -> None:
    for path in sorted(web.rglob("*")):
        relative = path.relative_to(web).as_posix()
        if not path.is_file() or relative.startswith("pyodide/"):
            continue
        if SKIPPED_NAMES.search(path.name) or relative.startswith(SKIPPED_DIRS):
            continue
        target = dest / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    for name in ("python.js", "python-worker.js"):
        (dest / name).write_text(_site_file(name), encoding="utf-8")
    for name in PYODIDE_FILES:
        _ensure(dest / "pyodide")
        shutil.copyfile(web / "pyodide" / name, dest / "pyodide" / name)


def _site_file(name: str) -> str:
    return resources.files("companion.webapp").joinpath("site", name).read_text("utf-8")


def _patch_client(dest: Path) -> None:
    """The few changes that keep every request on this site (see the module's doc)."""
    for name in ("main.dart.wasm", "main.dart.js"):
        path = dest / name
        data = path.read_bytes()
        local = b"./rive-is-not-bundled/"
        local = local[:-1] + b"_" * (len(RIVE_CDN) - len(local)) + b"/"
        if RIVE_CDN in data:
            path.write_bytes(data.replace(RIVE_CDN, local))
    fonts_path = dest / "assets" / "FontManifest.json"
    fonts = [family for family in json.loads(fonts_path.read_text("utf-8"))
             if not any(font.get("asset", "").startswith(UNUSED_FONTS)
                        for font in family.get("fonts", []))]
    if not any(family.get("family") == "Roboto" for family in fonts):
        fonts.append({"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]})
    fonts_path.write_text(json.dumps(fonts), encoding="utf-8")
    bootstrap = dest / "flutter_bootstrap.js"
    text = bootstrap.read_text("utf-8")
    # Flutter's own (deprecated) service worker would be registered and waited for;
    # the site has its own (sw.js), registered by the page.
    text, count = re.subn(r"serviceWorkerSettings:\s*\{[^{}]*\},", "", text)
    if count != 1:
        raise BuildError(t("This version of flet-web is not supported: {file} changed.",
                           file="flutter_bootstrap.js"))
    bootstrap.write_text(text, encoding="utf-8")
    _write_index(dest)


INDEX_CONFIG = """<script>
flet.pyodide = true;
flet.noCdn = true;
flet.pythonModuleName = "companion.webapp.main_in_browser";
flet.pyodideUrl = "./pyodide/pyodide.mjs";
flet.canvasKitBaseUrl = "canvaskit/";
flet.fontFallbackBaseUrl = "assets/fonts/";
flet.webRenderer = "auto";
flet.routeUrlStrategy = "hash";
flet.entrypointBaseUrl = "./";
flet.assetBase = "./";
</script>
<script>
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("sw.js").catch(
      (error) => console.warn("No offline copy:", error));
  });
}
</script>"""


def _write_index(dest: Path) -> None:
    index = dest / "index.html"
    text = index.read_text("utf-8")
    replacements = [
        (r'<base href="[^"]*">', '<base href="./">'),
        (r"<title>[^<]*</title>", f"<title>{APP_NAME}</title>"),
        (r'(<meta name="apple-mobile-web-app-title" content=")[^"]*', rf"\g<1>{SHORT_NAME}"),
        (r'(<meta name="description" content=")[^"]*',
         r"\g<1>A companion for the board game It's a Wonderful World."),
        (r'href="icons/apple-touch-icon-192.png"', 'href="icons/apple-touch-icon.png"'),
        (r'src="icons/loading-animation.png"', 'src="icons/icon-192.png"'),
        (r"<!-- fletAppConfig -->", INDEX_CONFIG.replace("\\", "\\\\")),
        (r"(<meta charset=\"UTF-8\">)",
         rf'\g<1>\n  <meta name="theme-color" content="{THEME_COLOUR}">'
         '\n  <meta name="viewport" content="width=device-width, initial-scale=1">'),
    ]
    for pattern, replacement in replacements:
        text, count = re.subn(pattern, replacement, text, count=1)
        if count != 1:
            raise BuildError(t("This version of flet-web is not supported: {file} changed.",
                               file="index.html"))
    index.write_text(text, encoding="utf-8")


def _write_manifest_and_icons(dest: Path) -> None:
    folder = _ensure(dest / "icons")
    for size in (192, 512):
        (folder / f"icon-{size}.png").write_bytes(icons.png(size))
        (folder / f"icon-maskable-{size}.png").write_bytes(icons.png(size, maskable=True))
    (folder / "apple-touch-icon.png").write_bytes(icons.png(180, maskable=True))
    (dest / "favicon.png").write_bytes(icons.png(32))
    manifest = {
        "name": APP_NAME,
        "short_name": SHORT_NAME,
        "description": "Production, supremacy, construction and scores for It's a "
                       "Wonderful World, round by round. Works offline.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND_COLOUR,
        "theme_color": THEME_COLOUR,
        "icons": [
            *({"src": f"icons/icon-{size}.png", "sizes": f"{size}x{size}",
               "type": "image/png", "purpose": "any"} for size in (192, 512)),
            *({"src": f"icons/icon-maskable-{size}.png", "sizes": f"{size}x{size}",
               "type": "image/png", "purpose": "maskable"} for size in (192, 512)),
        ],
    }
    (dest / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")


def _write_service_worker(dest: Path, report: BuildReport) -> None:
    files = sorted(path.relative_to(dest).as_posix() for path in dest.rglob("*")
                   if path.is_file() and not path.name.startswith("."))
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (dest / name).read_bytes())
    report.cache_name = CACHE_PREFIX + digest.hexdigest()[:16]
    precached = ["./", *(name for name in files if name != "index.html")]
    worker = (_site_file("sw.js").replace("__CACHE_NAME__", report.cache_name)
              .replace("__CACHE_PREFIX__", CACHE_PREFIX)
              .replace("__FILES__", json.dumps(precached, indent=1)))
    (dest / "sw.js").write_text(worker, encoding="utf-8")
    report.files = len(files) + 1
    report.size = sum((dest / name).stat().st_size for name in [*files, "sw.js"])


def _prepare(dest: Path) -> None:
    """An empty folder, or a previous build (emptied); anything else is refused."""
    if dest.exists():
        if not dest.is_dir():
            raise BuildError(t("{folder} is a file: choose a folder for the site.",
                               folder=str(dest)))
        if any(dest.iterdir()):
            if not (dest / MARKER).exists():
                raise BuildError(t("{folder} is not empty and holds no earlier build of "
                                   "the app: choose an empty or new folder.",
                                   folder=str(dest)))
            for child in dest.iterdir():
                if child.is_dir() and not child.is_symlink():
                    shutil.rmtree(child)
                else:
                    child.unlink()
    dest.mkdir(parents=True, exist_ok=True)


def build_site(dest: Path) -> BuildReport:
    """Write the static site to `dest` (new, empty, or an earlier build of it)."""
    started = time.monotonic()
    dest = Path(dest)
    report = BuildReport(dest=dest)
    web = flet_web_dir()
    dependencies = _dependencies(web, report)
    if not report.precompiled:
        report.notes.append(t("Node.js was not found: the app could not be compiled "
                              "ahead, so it starts about 3 seconds slower."))
    _prepare(dest)
    (dest / MARKER).write_text("A site built by `companion build-web`.\n", encoding="utf-8")
    _copy_client(web, dest)
    _patch_client(dest)
    _write_manifest_and_icons(dest)
    with tempfile.TemporaryDirectory() as work:
        tree = _app_tree(web, Path(work), dependencies, report)
        _zip_tree(tree, dest / "app.zip")
        if report.precompiled and not _snapshot(web, tree, dest / "pyodide" / SNAPSHOT):
            report.notes.append(t("Python could not be prepared ahead: the app starts "
                                  "about 2 seconds slower."))
    (dest / ".nojekyll").touch()  # GitHub Pages: serve every file as it is
    _write_service_worker(dest, report)
    report.seconds = time.monotonic() - started
    return report
