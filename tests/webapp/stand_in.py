"""A small stand-in for the flet-web wheel's `web/` folder: exactly the bits the phone
app's build rewrites or copies, as the wheel has them (the real files are megabytes)."""

from __future__ import annotations

import json
import random
import zlib
from pathlib import Path

INDEX = """<!DOCTYPE html>
<html>
<head>
  <base href="/">

  <meta charset="UTF-8">
  <meta name="description" content="Flet application.">
  <meta name="apple-mobile-web-app-title" content="Flet">
  <link rel="apple-touch-icon" href="icons/apple-touch-icon-192.png">
  <title>Flet</title>
  <!-- Flet’s settings — a host fills them in -->
  <!-- fletAppConfig -->
  <script src="python.js"></script>
</head>
<body>
  <div id="loading">
    <img src="icons/loading-animation.png" alt="" />
  </div>
  <script src="flutter_bootstrap.js" async></script>
</body>
</html>
"""
"""flet-web's index.html, cut to the lines the build rewrites."""
BOOTSTRAP = """// Flutter’s loader — see flutter.js
_flutter.loader.load({
    config: flutterConfig,
    serviceWorkerSettings: {
        serviceWorkerVersion: "1804020039" /* deprecated */,
    },
    onEntrypointLoaded: async function (engineInitializer) {}
});
"""
RIVE = b"https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
FONTS = [
    {"family": "MaterialIcons", "fonts": [{"asset": "fonts/MaterialIcons-Regular.otf"}]},
    {"family": "Émoji", "fonts": [{"asset": "fonts/emoji.ttf"}]},
    {"family": "packages/flutter_math_fork/KaTeX_Main",
     "fonts": [{"asset": "packages/flutter_math_fork/lib/KaTeX_Main-Regular.ttf"}]},
    {"family": "packages/cupertino_icons/CupertinoIcons",
     "fonts": [{"asset": "packages/cupertino_icons/assets/CupertinoIcons.ttf"}]},
    {"family": "Mixed", "fonts": [{"weight": 700},
                                  {"asset": "packages/flutter_math_fork/x.ttf"}]},
    {"family": "NoAsset", "fonts": [{"weight": 700}]},
    {"family": "NoFonts"},
]


def client(folder: Path, fonts: list[dict[str, object]] | None = None) -> Path:
    """The client's files the build reads, as a built site holds them before patching."""
    files: dict[str, bytes] = {
        "index.html": INDEX.encode(), "flutter_bootstrap.js": BOOTSTRAP.encode(),
        "assets/FontManifest.json": json.dumps(FONTS if fonts is None else fonts,
                                               ensure_ascii=False).encode(),  # UTF-8
        "main.dart.js": b"var a='" + RIVE + b"rive_native.js';",
        "main.dart.wasm": b"\0asm no address here",
    }
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    return folder


PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")


def web(folder: Path) -> Path:
    """flet-web's `web/` folder, the few files of each kind the build handles."""
    client(folder)
    (folder / "pyodide").mkdir()
    for name in PYODIDE:
        (folder / "pyodide" / name).write_bytes(b"shipped " + name.encode())
    (folder / "pyodide" / "pyodide-lock.json").write_text(
        '{"info": {"python": "3.14.2"}, "packages": {"micropip": {}}}', encoding="utf-8")
    return folder


def words() -> bytes:
    """Text of 20 kB, the same at every run, that zlib's levels compress to different
    sizes (a source file would, but it changes)."""
    rng = random.Random(7)
    vocabulary = ("the", "app", "a", "phone", "site", "build", "python", "module", "import",
                  "from", "def", "return", "class", "none", "true")
    return " ".join(rng.choice(vocabulary) for _ in range(4000)).encode()


def deflated_size(data: bytes, level: int) -> int:
    """The size of `data` deflated at `level`, as a ZIP archive stores it."""
    packer = zlib.compressobj(level, zlib.DEFLATED, -15)
    return len(packer.compress(data) + packer.flush())


DRAWN = (".notdef", "uni0020", "map_baseline", "map_outlined", "map_sharp")
"""An icon font of five glyphs, each drawn as a box, as a font Flet may ship (TrueType, with
its glyph names, a drawn `.notdef` and names in two languages) holds them."""


def icon_font(path: Path) -> None:
    """Write a font of `DRAWN` to `path`."""
    from fontTools.fontBuilder import FontBuilder  # type: ignore[import-untyped]
    from fontTools.pens.ttGlyphPen import TTGlyphPen  # type: ignore[import-untyped]

    pen = TTGlyphPen(None)
    pen.moveTo((100, 0))
    pen.lineTo((100, 700))
    pen.lineTo((500, 700))
    pen.lineTo((500, 0))
    pen.closePath()
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(list(DRAWN))
    builder.setupCharacterMap({0x20: "uni0020", 0xE55B: "map_baseline",
                               0xF1AE: "map_outlined", 0xF1AF: "map_sharp"})
    builder.setupGlyf({name: pen.glyph() for name in DRAWN})
    builder.setupHorizontalMetrics({name: (600, 100) for name in DRAWN})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": {"en": "Boxes", "fr": "Boîtes"},
                            "styleName": "Regular", "licenseDescription": "Apache 2.0"},
                           mac=False)
    builder.setupOS2()
    builder.setupPost()
    builder.save(str(path))
