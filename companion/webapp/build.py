"""`companion build-web DIR`: the whole app as a static site, Python running in the browser.

What goes in, and why:

- **The client and the runtime come from the flet-web wheel** already installed (its
  `web/` folder: Flutter's client and Pyodide). `flet publish` cannot be used: it asks
  the internet for a manifest and for Pyodide, and its worker installs requirements
  with micropip from the package index at every load. Debug symbols, source maps,
  renderer variants Flet never turns on, micropip, the Node.js launchers and the assets
  of Flutter packages the app never uses (video, audio recording, maps) are left out.
- **Python** (`bundle.py`): our package and its dependencies in one archive, `app.zip`,
  unpacked by the worker at start (no micropip, no package index), and the standard
  library the app can import, both as bytecode when Node.js is on the machine.
- **No request to any other host.** The page config points CanvasKit, fonts and
  Pyodide at the site; Roboto is named in the font manifest (else Flutter fetches it
  from Google Fonts); the Rive animation runtime, which Flet's client loads from a CDN
  although this app shows no Rive animation, is not loaded at all: its address in the
  compiled client becomes a `data:` script saying "no Rive here"
  (`companion.web.client_patch`), so no placeholder address answers 404 at each visit.
- **Light on a phone** (`offline.py`, `site/sw.js`, `site/python.js`): the page shows
  its shell (the name, a progress line) at once; the service worker takes over before
  anything big is fetched, keeps each file as the page loads it (one download), and
  keeps only the Flutter build and renderer this browser runs; every compressible file
  also has `.br` and `.gz` copies for hosts that serve them; `manifest.json` and the
  icons (drawn by `icons.py`) make the site installable; the icon font keeps only the
  icons the app can show (`glyphs.py`).
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import re
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from companion.i18n import SUPPORTED, number, set_language, t, tn
from companion.i18n import language as current_language
from companion.web.client_patch import PATCHED, without_rive
from companion.webapp import bundle, glyphs, icons, offline

APP_NAME = "Wonderful Companion"
SHORT_NAME = "Companion"
THEME_COLOUR = "#00695C"
BACKGROUND_COLOUR = "#FFFFFF"
SNAPSHOT = "snapshot.bin"
"""Pyodide's memory with the first page's modules imported (see `_snapshot`)."""
MARKER = ".wonderful-companion-site"
"""Written into a built site: only such a folder is ever emptied by a new build."""

SKIPPED_NAMES = re.compile(
    r"(\.symbols|\.map|\.d\.ts)$|^(flutter_service_worker\.js|python\.js|python-worker\.js"
    r"|manifest\.json|favicon\.png|version\.json)$")
SKIPPED_DIRS = ("canvaskit/wimp", "canvaskit/experimental_webparagraph", "icons/",
                "assets/packages/flutter_math_fork/", "assets/packages/cupertino_icons/",
                "assets/packages/media_kit/", "assets/packages/record_web/",
                "assets/packages/flutter_map/")
"""Never drawn by this app: loaded by Flutter only for math, Cupertino icons, video,
audio recording and maps."""
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
UNUSED_FONTS = ("packages/flutter_math_fork/", "packages/cupertino_icons/")


class BuildError(Exception):
    """The site cannot be built: the message says why."""


@dataclass
class BuildReport:
    dest: Path
    files: int = 0
    size: int = 0
    cache_name: str = ""
    precompiled: bool = False
    stdlib_modules: int = 0
    compressed_copies: int = 0
    own_size: int = 0
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)

    def summary(self) -> str:
        own = self.files - self.compressed_copies
        lines = [tn("Built the phone app in {folder}: {count} file, {size} MB, and compressed "
                    "copies for hosts that serve them ({total} MB in all), in {seconds} s. "
                    "Serve it with companion serve-web {folder} (phones on the same Wi-Fi "
                    "open it, over plain http without installing it), or from any web "
                    "server, and open its address once.",
                    "Built the phone app in {folder}: {count} files, {size} MB, and compressed "
                    "copies for hosts that serve them ({total} MB in all), in {seconds} s. "
                    "Serve it with companion serve-web {folder} (phones on the same Wi-Fi "
                    "open it, over plain http without installing it), or from any web "
                    "server, and open its address once.",
                    own, folder=str(self.dest), size=number(self.own_size / 1e6),
                    total=number(self.size / 1e6), seconds=number(self.seconds)),
                 *self.notes]
        return "\n".join(lines)


def flet_web_dir() -> Path:
    spec = importlib.util.find_spec("flet_web")
    if spec is None or spec.origin is None:
        raise BuildError(t("The flet-web package is missing: reinstall the app."))
    return Path(spec.origin).resolve().parent / "web"


SNAPSHOT_JS = """
import fs from "fs";
const [pyodideDir, tree, target, modules] = process.argv.slice(2);
const { pathToFileURL } = await import("url");
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
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
extension. Our own modules cannot be: the rules and the store import msgspec's compiled
extension at their top, so they are imported at each start."""


def _snapshot(pyodide: Path, tree: Path, target: Path) -> bool:
    """Pyodide's memory after start and after importing `PRELOADED` from `tree`, made by
    the site's own Pyodide under Node.js: a later visit restores it instead of starting
    Python and importing Flet. False when Node.js is missing or fails; the site then
    starts Python the usual way."""
    done = bundle.run_node(SNAPSHOT_JS, str(pyodide), str(tree), str(target),
                           ",".join(PRELOADED))
    if done is None or done.returncode != 0:
        target.unlink(missing_ok=True)
        return False
    # Mostly zeros: 31 MB becomes about 5 MB to download. The worker inflates it
    # itself (by its first bytes), so a host that adds its own Content-Encoding, or
    # none, both work.
    target.write_bytes(gzip.compress(target.read_bytes(), compresslevel=6))
    return True


def _python(web: Path, dest: Path, report: BuildReport, snapshot: bool) -> None:
    """`app.zip` and the standard library, compiled when Node.js is here (bundle.py)."""
    packages = bundle.dependencies(web / "pyodide")
    with tempfile.TemporaryDirectory() as work:
        tree = bundle.app_tree(Path(work), packages)
        out = Path(work) / "out"
        out.mkdir()
        kept = bundle.compile_with_pyodide(dest / "pyodide", tree, out)
        if kept is None:
            report.notes.append(t("Node.js was not found: the app could not be compiled "
                                  "ahead, so it starts a few seconds slower."))
        else:
            report.precompiled = True
            report.stdlib_modules = len(kept)
            shutil.copyfile(out / "python_stdlib.zip", dest / "pyodide" / "python_stdlib.zip")
        bundle.zip_tree(tree, dest / "app.zip")
        if snapshot and kept is not None and not _snapshot(dest / "pyodide", tree,
                                                            dest / "pyodide" / SNAPSHOT):
            report.notes.append(t("The snapshot of Python's memory could not be made: the "
                                  "site starts Python the usual way."))


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
    (dest / "pyodide").mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(web / "pyodide" / name, dest / "pyodide" / name)
    # Pyodide reads its package list at start; the app installs none of its packages.
    lock = json.loads((web / "pyodide" / "pyodide-lock.json").read_text("utf-8"))
    lock["packages"] = {}
    (dest / "pyodide" / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")


def _site_file(name: str) -> str:
    return resources.files("companion.webapp").joinpath("site", name).read_text("utf-8")


def _patch_client(dest: Path) -> None:
    """The few changes that keep every request on this site (see the module's doc)."""
    for name in PATCHED:
        path = dest / name
        data = path.read_bytes()
        patched = without_rive(data)
        if patched != data:
            path.write_bytes(patched)
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
</script>"""
SHELL = """<div id="shell">
      <style>
        #loading { flex-direction: column; font-family: Roboto, system-ui, sans-serif;
                   color: #1b1b1b; }
        #shell { display: flex; flex-direction: column; align-items: center; gap: 12px;
                 width: min(80vw, 320px); text-align: center; }
        #shell img { width: 96px; height: 96px; }
        #shell h1 { font-size: 22px; font-weight: 500; margin: 0; }
        #shell progress { width: 100%; height: 4px; accent-color: __COLOUR__; }
        #shell p { margin: 0; font-size: 14px; opacity: 0.75; }
        @media (prefers-color-scheme: dark) { #loading { color: #e6e6e6; } }
      </style>
      <img src="icons/icon-192.png" alt="">
      <h1>__NAME__</h1>
      <progress id="shell-progress" max="100" value="3"></progress>
      <p id="shell-status" role="status">&nbsp;</p>
    </div>
    <script>
      (function () {
        var texts = __TEXTS__;
        var chosen = null;
        try { chosen = JSON.parse(localStorage.getItem("flutter.__LANGUAGE_KEY__")); }
        catch (error) { chosen = null; }
        var wanted = [chosen].concat(navigator.languages || [navigator.language]);
        var found = wanted.map(function (code) { return String(code || "").slice(0, 2); })
          .filter(function (code) { return texts[code]; })[0] || "en";
        document.documentElement.lang = found;
        document.getElementById("shell-status").textContent =
          navigator.serviceWorker && navigator.serviceWorker.controller
            ? texts[found][0] : texts[found][1];
      })();
    </script>"""
LANGUAGE_KEY = "wonderful-companion.language"
"""Where the app keeps this device's language (`ui/device_prefs.py`, through Flutter's
shared preferences: `flutter.` + key, a JSON string)."""


def _shell() -> str:
    """The first thing the page shows, before Flutter or Python have started: the name,
    a progress line (moved by python.js) and one sentence in the device's language."""
    before = current_language()
    texts: dict[str, list[str]] = {}
    try:
        for code in SUPPORTED:
            set_language(code)
            texts[code] = [t("Opening the app…"),
                           t("Getting the app ready on this device. Next time it opens "
                             "sooner, offline too.")]
    finally:
        set_language(before)
    return (SHELL.replace("__TEXTS__", json.dumps(texts, ensure_ascii=False))
            .replace("__NAME__", APP_NAME).replace("__COLOUR__", THEME_COLOUR)
            .replace("__LANGUAGE_KEY__", LANGUAGE_KEY))


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
        (r'<img src="icons/loading-animation.png" alt="" */?>', _shell().replace("\\", "\\\\")),
        # python.js starts Flutter once the offline copy is ready (see there).
        (r'\s*<script src="flutter_bootstrap.js" async></script>', ""),
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
    folder = dest / "icons"
    folder.mkdir(parents=True, exist_ok=True)
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


def finish_site(dest: Path, report: BuildReport) -> None:
    """The service worker for the files now in `dest`, and the precompressed copies:
    the last step of a build (tests run it again on a changed copy of a site to make
    the next build)."""
    report.cache_name = offline.write_service_worker(dest)
    report.compressed_copies = offline.write_precompressed(dest)
    files = [path for path in dest.rglob("*") if path.is_file()]
    report.files = len(files)
    report.size = sum(path.stat().st_size for path in files)
    report.own_size = sum(path.stat().st_size for path in files
                          if path.suffix not in (".br", ".gz"))


def build_site(dest: Path, *, snapshot: bool = False) -> BuildReport:
    """Write the static site to `dest` (new, empty, or an earlier build of it)."""
    started = time.monotonic()
    report = BuildReport(dest=Path(dest))  # as given: the summary names it so
    dest = Path(dest).absolute()  # Node.js and the subprocesses run elsewhere
    web = flet_web_dir()
    _prepare(dest)
    (dest / MARKER).write_text("A site built by `companion build-web`.\n", encoding="utf-8")
    _copy_client(web, dest)
    _patch_client(dest)
    try:
        glyphs.keep_named_icons(dest)
    except glyphs.GlyphError as exc:
        raise BuildError(str(exc)) from exc
    _write_manifest_and_icons(dest)
    try:
        _python(web, dest, report, snapshot)
    except bundle.BundleError as exc:
        raise BuildError(str(exc)) from exc
    (dest / ".nojekyll").touch()  # GitHub Pages: serve every file as it is
    finish_site(dest, report)
    report.seconds = time.monotonic() - started
    return report
