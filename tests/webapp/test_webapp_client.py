"""The phone app's page and client (`companion/webapp/build.py`), made from a small
stand-in for the flet-web wheel's `web/` folder holding exactly the bits the build
rewrites, as the wheel has them: what the site takes of the client, the page's shell
and settings, the font list, Flutter's bootstrap, the manifest and the icons, and the
refusal of a flet-web whose files changed (a half-patched page would ask other hosts
for its files, or not start)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from stand_in import BOOTSTRAP, INDEX, RIVE, client

from companion.i18n import SUPPORTED, set_language
from companion.i18n import language as current_language
from companion.web.client_patch import NO_RIVE
from companion.webapp import build


@pytest.mark.usefixtures("ascii_locale")
def test_the_page_is_the_app_s_and_starts_from_this_site(tmp_path: Path) -> None:
    build._write_index(client(tmp_path))
    expected = f"""<!DOCTYPE html>
<html>
<head>
  <base href="./">

  <meta charset="UTF-8">
  <meta name="theme-color" content="#00695C">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="description" content="A companion for the board game It's a Wonderful World.">
  <meta name="apple-mobile-web-app-title" content="Companion">
  <link rel="apple-touch-icon" href="icons/apple-touch-icon.png">
  <title>Wonderful Companion</title>
  <!-- Flet’s settings — a host fills them in -->
  {build.INDEX_CONFIG}
  <script src="python.js"></script>
</head>
<body>
  <div id="loading">
    {build._shell()}
  </div>
</body>
</html>
"""
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert page == expected
    assert "Préparation de l'application sur cet appareil." in page  # as UTF-8, not escaped


def test_the_shell_and_the_settings_go_in_as_they_are(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Backslashes included: they are text for the page, not the pattern's groups."""
    monkeypatch.setattr(build, "_shell", lambda: r"<p>a\nb \1</p>")
    monkeypatch.setattr(build, "INDEX_CONFIG", r"<script>x = '\g<0>';</script>")
    build._write_index(client(tmp_path))
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "    <p>a\\nb \\1</p>\n" in page
    assert "  <script>x = '\\g<0>';</script>\n" in page


def test_each_place_is_rewritten_once(tmp_path: Path) -> None:
    index = client(tmp_path) / "index.html"
    index.write_text(INDEX.replace("<!-- fletAppConfig -->",
                                   "<!-- fletAppConfig -->\n<!-- fletAppConfig -->"),
                     encoding="utf-8")
    build._write_index(tmp_path)
    page = index.read_text(encoding="utf-8")
    assert page.count("flet.pyodide = true;") == 1
    assert page.count("<!-- fletAppConfig -->") == 1


@pytest.mark.parametrize("missing", [
    '<base href="/">', "<title>Flet</title>", '<meta name="apple-mobile-web-app-title"',
    '<meta name="description"', 'href="icons/apple-touch-icon-192.png"',
    '<img src="icons/loading-animation.png" alt="" />',
    '<script src="flutter_bootstrap.js" async></script>', "<!-- fletAppConfig -->",
    '<meta charset="UTF-8">',
])
def test_a_page_without_any_one_place_is_refused(tmp_path: Path, missing: str) -> None:
    index = client(tmp_path) / "index.html"
    index.write_text(INDEX.replace(missing, "<changed>"), encoding="utf-8")
    with pytest.raises(build.BuildError) as raised:
        build._write_index(tmp_path)
    assert str(raised.value) == "This version of flet-web is not supported: index.html changed."
    assert index.read_text(encoding="utf-8") == INDEX.replace(missing, "<changed>")


def test_the_shell_speaks_every_language_of_the_app_and_leaves_the_language_alone() -> None:
    set_language("de")
    shell = build._shell()
    assert current_language() == "de"
    found = re.search(r"var texts = (\{.*\});", shell)
    assert found is not None
    texts = json.loads(found[1])
    assert list(texts) == list(SUPPORTED)
    assert texts["en"] == ["Opening the app…", "Getting the app ready on this device. Next "
                           "time it opens sooner, offline too."]
    assert texts["fr"][0] == "Ouverture de l'application…"
    assert texts["de"][0] == "Die App wird geöffnet…"
    assert "<h1>Wonderful Companion</h1>" in shell
    assert "accent-color: #00695C;" in shell
    assert 'localStorage.getItem("flutter.wonderful-companion.language")' in shell
    assert "__" not in shell  # every placeholder filled


@pytest.mark.usefixtures("ascii_locale")
def test_the_client_asks_no_other_host_and_registers_no_worker_of_its_own(
        tmp_path: Path) -> None:
    client(tmp_path)
    build._patch_client(tmp_path)
    script = (tmp_path / "main.dart.js").read_bytes()
    assert script == b"var a='" + NO_RIVE + b"_" * (len(RIVE) - len(NO_RIVE)) + b"rive_native.js';"
    assert (tmp_path / "main.dart.wasm").read_bytes() == b"\0asm no address here"
    assert (tmp_path / "flutter_bootstrap.js").read_text(encoding="utf-8") == (
        "// Flutter’s loader — see flutter.js\n"
        "_flutter.loader.load({\n    config: flutterConfig,\n    \n"
        "    onEntrypointLoaded: async function (engineInitializer) {}\n});\n")
    assert "<title>Wonderful Companion</title>" in (tmp_path / "index.html").read_text("utf-8")
    # Only the fonts the app draws, and Roboto from the site (else from Google Fonts).
    fonts = (tmp_path / "assets" / "FontManifest.json").read_text(encoding="utf-8")
    assert fonts == json.dumps([
        {"family": "MaterialIcons", "fonts": [{"asset": "fonts/MaterialIcons-Regular.otf"}]},
        {"family": "Émoji", "fonts": [{"asset": "fonts/emoji.ttf"}]},
        {"family": "NoAsset", "fonts": [{"weight": 700}]}, {"family": "NoFonts"},
        {"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]}])


def test_roboto_is_added_only_when_missing(tmp_path: Path) -> None:
    fonts = [{"family": "Roboto", "fonts": [{"asset": "fonts/Roboto-Regular.ttf"}]}]
    client(tmp_path, fonts)
    build._patch_client(tmp_path)
    assert json.loads((tmp_path / "assets" / "FontManifest.json").read_text("utf-8")) == fonts


@pytest.mark.parametrize("bootstrap", [BOOTSTRAP.replace("serviceWorkerSettings", "settings"),
                                       BOOTSTRAP + BOOTSTRAP])
def test_a_bootstrap_without_exactly_one_worker_setting_is_refused(
        tmp_path: Path, bootstrap: str) -> None:
    client(tmp_path)
    (tmp_path / "flutter_bootstrap.js").write_text(bootstrap, encoding="utf-8")
    with pytest.raises(build.BuildError) as raised:
        build._patch_client(tmp_path)
    assert str(raised.value) == ("This version of flet-web is not supported: "
                                 "flutter_bootstrap.js changed.")
    assert (tmp_path / "flutter_bootstrap.js").read_text(encoding="utf-8") == bootstrap


def test_the_manifest_and_icons_make_the_site_installable(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each icon file holds the picture of its size and kind (drawn by `icons.png`,
    tested on its own: here each stands for its arguments)."""
    monkeypatch.setattr(build.icons, "png",
                        lambda size, maskable=False: f"{size} {maskable}".encode())
    site = tmp_path / "new" / "site"
    build._write_manifest_and_icons(site)
    build._write_manifest_and_icons(site)  # again over them: the same files
    icons = {path.relative_to(site).as_posix(): path.read_bytes()
             for path in site.rglob("*.png")}
    assert icons == {"icons/icon-192.png": b"192 False", "icons/icon-512.png": b"512 False",
                     "icons/icon-maskable-192.png": b"192 True",
                     "icons/icon-maskable-512.png": b"512 True",
                     "icons/apple-touch-icon.png": b"180 True", "favicon.png": b"32 False"}
    manifest = {
        "name": "Wonderful Companion",
        "short_name": "Companion",
        "description": "Production, supremacy, construction and scores for It's a "
                       "Wonderful World, round by round. Works offline.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": "#FFFFFF",
        "theme_color": "#00695C",
        "icons": [
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png",
             "purpose": "any"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png",
             "purpose": "any"},
            {"src": "icons/icon-maskable-192.png", "sizes": "192x192", "type": "image/png",
             "purpose": "maskable"},
            {"src": "icons/icon-maskable-512.png", "sizes": "512x512", "type": "image/png",
             "purpose": "maskable"},
        ],
    }
    text = (site / "manifest.json").read_text(encoding="utf-8")
    assert text == json.dumps(manifest, indent=2)


@pytest.mark.usefixtures("ascii_locale")
def test_the_site_takes_of_the_client_only_what_this_app_runs(tmp_path: Path) -> None:
    web, dest = tmp_path / "web", tmp_path / "site"
    names = (
        "index.html", "flutter.js", "flutter.js.map", "main.dart.js", "main.dart.wasm",
        "main.dart.symbols", "types.d.ts", "flutter_service_worker.js", "python.js",
        "python-worker.js", "manifest.json", "favicon.png", "version.json",
        "canvaskit/canvaskit.wasm", "canvaskit/chromium/canvaskit.wasm",
        "canvaskit/wimp/canvaskit.wasm", "canvaskit/experimental_webparagraph/x.wasm",
        "icons/Icon-192.png", "assets/fonts/MaterialIcons-Regular.otf",
        "assets/packages/flutter_math_fork/x.ttf", "assets/packages/cupertino_icons/x.ttf",
        "assets/packages/media_kit/x.js", "assets/packages/record_web/x.js",
        "assets/packages/flutter_map/x.png", "assets/packages/flet/kept.png",
        "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
        "pyodide/python_stdlib.zip", "pyodide/micropip-0.11.1-py3-none-any.whl",
        "pyodide/pyodide.js", "pyodide/python")
    for name in names:
        (web / name).parent.mkdir(parents=True, exist_ok=True)
        (web / name).write_text(f"flet's {name}", encoding="utf-8")
    (web / "pyodide" / "pyodide-lock.json").write_text(
        '{"info": {"python": "3.14.2", "note": "Pyodide’s"}, "packages": {"micropip": {}}}',
        encoding="utf-8")
    build._copy_client(web, dest)
    build._copy_client(web, dest)  # again over the same copy: the same result
    copied = {path.relative_to(dest).as_posix() for path in dest.rglob("*") if path.is_file()}
    assert copied == {
        "index.html", "flutter.js", "main.dart.js", "main.dart.wasm", "python.js",
        "python-worker.js", "canvaskit/canvaskit.wasm", "canvaskit/chromium/canvaskit.wasm",
        "assets/fonts/MaterialIcons-Regular.otf", "assets/packages/flet/kept.png",
        "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
        "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json"}
    assert (dest / "main.dart.js").read_text(encoding="utf-8") == "flet's main.dart.js"
    assert (dest / "pyodide" / "pyodide.mjs").read_text(encoding="utf-8") == (
        "flet's pyodide/pyodide.mjs")
    site = Path(build.__file__).parent / "site"
    for name in ("python.js", "python-worker.js"):  # the site's own, not Flet's
        assert (dest / name).read_text(encoding="utf-8") == (site / name).read_text("utf-8")
    assert json.loads((dest / "pyodide" / "pyodide-lock.json").read_text("utf-8")) == {
        "info": {"python": "3.14.2", "note": "Pyodide’s"}, "packages": {}}
