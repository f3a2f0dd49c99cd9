"""The icon font a phone downloads: only the icons the app can show.

Flutter's Material icon font holds every icon in four styles (8,600 glyphs, 470 kB
gzipped over the wire). A Flutter app built the usual way keeps only the icons its code
names; Flet's client cannot, since the icons are named by the Python side at run time.
Here the app is known: the build keeps

- every icon of the base style, the one Flutter's and Flet's own widgets draw (a back
  arrow, a menu, a check box), and any icon named by its alias (`Icons.COPY` is
  `content_copy`) in that style;
- the other styles' icons this app names (`ft.Icons.ARCHIVE_OUTLINED`), read from its
  source.

That is a quarter of the font, 155 kB gzipped. An icon of another style named by an
alias, which this cannot resolve, stops the build with its name rather than draw an
empty box on a phone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

from companion.i18n import t

FONT = Path("assets") / "fonts" / "MaterialIcons-Regular.otf"
"""Where the site keeps the icon font."""
STYLES = ("_outlined", "_rounded", "_sharp")
"""The styles other than the base one, as the font names its glyphs: `map_outlined`;
a base icon's glyph is `map_baseline`."""
KEPT_ALWAYS = (".notdef", "uni0020")
NAMED = re.compile(r"\bIcons\.([A-Z0-9_]+)\b")


class GlyphError(Exception):
    """The icon font cannot be made smaller safely: the message says why."""


def glyph_name(icon: str) -> str:
    """The font's glyph for Flet's icon name: `MAP_OUTLINED` → `map_outlined`,
    `SAVE_ALT` → `save_alt_baseline`, `_10K` → `_10k_baseline`."""
    name = icon.lower()
    if not name.endswith(STYLES):
        name += "_baseline"
    return name if not name[0].isdigit() else "_" + name


def named_icons(sources: Iterable[str]) -> set[str]:
    """The icons the app names (`Icons.NAME`) in these source texts."""
    return {found for text in sources for found in NAMED.findall(text)}


def app_sources() -> list[str]:
    """The text of every module of the package: what the phone app can show."""
    root = resources.files("companion")
    return [path.read_text("utf-8") for path in Path(str(root)).rglob("*.py")]


def kept_glyphs(glyphs: Iterable[str], icons: Iterable[str]) -> set[str]:
    """Every base-style glyph, and the glyphs of the other styles that `icons` name."""
    every = set(glyphs)
    kept = {glyph for glyph in every if glyph.endswith("_baseline")}
    kept |= {glyph for glyph in KEPT_ALWAYS if glyph in every}
    for icon in icons:
        glyph = glyph_name(icon)
        if glyph in every:
            kept.add(glyph)
        elif glyph.endswith(STYLES):
            raise GlyphError(t("The icon {icon} is not in the icon font under its own name: "
                               "name it by the name the font gives it.", icon=icon))
    return kept


def keep_named_icons(site: Path, sources: Iterable[str] | None = None) -> tuple[int, int]:
    """Make the site's icon font hold only what the app can show; the sizes before and
    after, in bytes (0 and 0: a client that ships no icon font)."""
    from fontTools import subset  # type: ignore[import-untyped]
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    path = site / FONT
    if not path.is_file():
        return 0, 0
    before = path.stat().st_size
    font = TTFont(str(path))
    kept = kept_glyphs(font.getGlyphOrder(), named_icons(
        app_sources() if sources is None else sources))
    options = subset.Options()
    options.glyph_names = True
    options.notdef_outline = True
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(glyphs=sorted(kept))
    subsetter.subset(font)
    font.save(str(path))
    return before, path.stat().st_size
