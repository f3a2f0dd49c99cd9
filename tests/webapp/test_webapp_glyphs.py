"""The icon font of the phone app keeps every icon the app or its widgets can draw, and
only those (`companion.webapp.glyphs`)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from stand_in import icon_font

from companion.i18n import set_language
from companion.webapp import glyphs
from companion.webapp.build import flet_web_dir


@pytest.mark.parametrize(("icon", "glyph"), [
    ("SAVE_ALT", "save_alt_baseline"),
    ("MAP_OUTLINED", "map_outlined"),
    ("MAP_ROUNDED", "map_rounded"),
    ("MAP_SHARP", "map_sharp"),
    ("_10K", "_10k_baseline"),
    ("_10K_OUTLINED", "_10k_outlined"),
    ("SHARP_SHOOTER", "sharp_shooter_baseline"),
    ("10K", "_10k_baseline"),
    ("3D_ROTATION_SHARP", "_3d_rotation_sharp"),
])
def test_an_icon_is_found_by_the_font_s_own_glyph_name(icon: str, glyph: str) -> None:
    """A glyph's name cannot start with a digit: the font puts `_` before such a name."""
    assert glyphs.glyph_name(icon) == glyph


def test_the_icons_named_are_read_from_the_source() -> None:
    text = "a = ft.Icons.MAP\nb = Icons.ARCHIVE_OUTLINED, MyIcons.NOT_OURS\nc = ft.Icons.MAP"
    assert glyphs.named_icons([text, "Icons._10K"]) == {"MAP", "ARCHIVE_OUTLINED", "_10K"}


FONT_GLYPHS = [".notdef", "uni0020", "map_baseline", "map_outlined", "map_rounded",
               "map_sharp", "copy_all_baseline", "copy_all_sharp"]


def test_every_base_glyph_is_kept_and_of_the_others_only_those_named() -> None:
    kept = glyphs.kept_glyphs(FONT_GLYPHS, {"MAP_ROUNDED", "COPY"})
    assert kept == {".notdef", "uni0020", "map_baseline", "copy_all_baseline", "map_rounded"}


def test_an_alias_of_another_style_stops_the_build_with_its_name() -> None:
    set_language("en")
    with pytest.raises(glyphs.GlyphError) as refused:
        glyphs.kept_glyphs(FONT_GLYPHS, {"COPY_OUTLINED"})
    assert str(refused.value) == ("The icon COPY_OUTLINED is not in the icon font under its "
                                  "own name: name it by the name the font gives it.")


def test_the_site_s_font_draws_every_base_icon_and_the_app_s_own(tmp_path: Path) -> None:
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    original = flet_web_dir() / "assets" / "fonts" / "MaterialIcons-Regular.otf"
    site = tmp_path / "site"
    (site / glyphs.FONT).parent.mkdir(parents=True)
    shutil.copyfile(original, site / glyphs.FONT)

    before, after = glyphs.keep_named_icons(site)

    assert after < before / 3
    whole = TTFont(str(original)).getBestCmap()
    kept = TTFont(str(site / glyphs.FONT)).getBestCmap()
    bases = {point: name for point, name in whole.items() if name.endswith("_baseline")}
    assert {point: kept.get(point) for point in bases} == bases
    named = {glyphs.glyph_name(icon) for icon in glyphs.named_icons(glyphs.app_sources())}
    own_styles = {name for name in named if not name.endswith("_baseline")}
    assert "archive_outlined" in own_styles  # the home screen's "Abandon this game"
    assert own_styles <= set(kept.values())
    assert "archive_sharp" not in set(kept.values())


def test_a_client_without_an_icon_font_is_left_as_it_is(tmp_path: Path) -> None:
    assert glyphs.keep_named_icons(tmp_path) == (0, 0)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.usefixtures("ascii_locale")
def test_the_app_s_sources_are_read_as_utf_8_whatever_the_locale() -> None:
    """Its screens hold French and typographic quotes: a locale's ASCII would not read
    them, and the build would stop."""
    widgets = Path(glyphs.__file__).parents[1] / "ui" / "kit" / "widgets.py"
    text = widgets.read_text(encoding="utf-8")
    assert not text.isascii()
    assert text in glyphs.app_sources()


def test_the_font_keeps_the_icons_named_and_all_it_says_of_itself(tmp_path: Path) -> None:
    """Only the sources given name the icons; the glyphs kept keep their names and
    drawings (`.notdef` too: what a phone draws for a missing one), and the font keeps
    every name it gives itself, its licence and other languages too."""
    from fontTools.pens.boundsPen import BoundsPen  # type: ignore[import-untyped]
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    (tmp_path / glyphs.FONT).parent.mkdir(parents=True)
    icon_font(tmp_path / glyphs.FONT)
    names = [(name.nameID, name.langID, str(name))
             for name in TTFont(str(tmp_path / glyphs.FONT))["name"].names]
    assert (13, 0x409, "Apache 2.0") in names and (1, 0x40C, "Boîtes") in names

    glyphs.keep_named_icons(tmp_path, ["ft.Icons.MAP_SHARP"])

    font = TTFont(str(tmp_path / glyphs.FONT))
    assert font.getGlyphOrder() == [".notdef", "uni0020", "map_baseline", "map_sharp"]
    assert font.getBestCmap() == {0x20: "uni0020", 0xE55B: "map_baseline",
                                  0xF1AF: "map_sharp"}
    pen = BoundsPen(font.getGlyphSet())
    font.getGlyphSet()[".notdef"].draw(pen)
    assert pen.bounds == (100, 0, 500, 700)
    assert [(name.nameID, name.langID, str(name)) for name in font["name"].names] == names
