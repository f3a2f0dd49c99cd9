"""The solo setup text (free solo, the C&A variant, scenario rules) and its rank table: a
damaged `solo-setup.json` is refused with its whole message (file, field path, fault),
and the loaded text reads in each language with English where one is missing."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.shipped.paths import scenarios_dir
from companion.shipped.scenarios import (
    DrawOption,
    Rank,
    ScenarioError,
    SoloSetup,
    Text,
    load_solo_setup,
)

SETUP: dict[str, Any] = json.loads((scenarios_dir() / "solo-setup.json").read_text("utf-8"))
"""The shipped file as it is: every case below damages one thing of a copy."""

Damage = Callable[[dict[str, Any]], object]


def _load(folder: Path, damage: Damage | None = None) -> SoloSetup:
    setup = copy.deepcopy(SETUP)
    if damage is not None:
        damage(setup)
    (folder / "solo-setup.json").write_text(json.dumps(setup), encoding="utf-8")
    return load_solo_setup(folder)


def _set(*where: str | int, to: object) -> Damage:
    """Put `to` at the path `where` of the file."""
    def damage(setup: dict[str, Any]) -> None:
        place: Any = setup
        for key in where[:-1]:
            place = place[key]
        place[where[-1]] = to
    return damage


def _drop(*where: str | int) -> Damage:
    def damage(setup: dict[str, Any]) -> None:
        place: Any = setup
        for key in where[:-1]:
            place = place[key]
        del place[where[-1]]
    return damage


ENGLISH_STEPS = len(SETUP["free_solo"]["steps"]["en"])
RANK_NAMES = SETUP["free_solo"]["ranks"][1]["names"]

DAMAGES: list[tuple[str, Damage, str]] = [
    # (the damage, how, the whole message)
    ("a part missing", _drop("ca_variant"),
     "field 'ca_variant': Object missing required field `ca_variant`"),
    ("a rank's start that is text", _set("free_solo", "ranks", 1, "from", to="60"),
     "field 'free_solo.ranks[1].from': Expected `int`, got `str`"),
    ("a rank with no start", _drop("free_solo", "ranks", 1, "from"),
     "field 'free_solo.ranks[1].from': Object missing required field `from`"),
    ("a part the file does not know", _set("solo_campaign", to={}),
     "field 'solo_campaign': Object contains unknown field `solo_campaign`"),
    ("no rank at all", _set("free_solo", "ranks", to=[]),
     "field 'free_solo.ranks': must start at 0 and rise"),
    ("a first rank above 0", _set("free_solo", "ranks", 0, "from", to=5),
     "field 'free_solo.ranks': must start at 0 and rise"),
    ("two ranks from the same score", _set("free_solo", "ranks", 2, "from", to=60),
     "field 'free_solo.ranks': must start at 0 and rise"),
    ("a rank with no English name",
     _set("free_solo", "ranks", 2, "names", to={"fr": "Empereur"}),
     "field 'free_solo.ranks[2].names.en': missing or empty"),
    ("a rank with a blank English name",
     _set("free_solo", "ranks", 3, "names", "en", to="  "),
     "field 'free_solo.ranks[3].names.en': missing or empty"),
    ("no pool", _set("ca_variant", "pool", to={}),
     "field 'ca_variant.pool': every deck gives at least 1 card"),
    ("a deck giving no card to a pool", _set("ca_variant", "pool", "ca", to=0),
     "field 'ca_variant.pool': every deck gives at least 1 card"),
    ("keeping more than drawn", _set("ca_variant", "draw_options", 1, "keep", to=4),
     "field 'ca_variant.draw_options[1]': keep 1 to 'draw' cards"),
    ("keeping none", _set("ca_variant", "draw_options", 0, "keep", to=0),
     "field 'ca_variant.draw_options[0]': keep 1 to 'draw' cards"),
    ("free solo with no English title", _drop("free_solo", "title", "en"),
     "field 'free_solo.title.en': missing or empty"),
    ("the variant with a blank English title", _set("ca_variant", "title", "en", to=" "),
     "field 'ca_variant.title.en': missing or empty"),
    ("scenario rules with no English title", _drop("scenario_rules", "title", "en"),
     "field 'scenario_rules.title.en': missing or empty"),
    ("free solo with no English steps", _drop("free_solo", "steps", "en"),
     "field 'free_solo.steps.en': missing or empty"),
    ("the variant with an empty list of English steps",
     _set("ca_variant", "steps", "en", to=[]),
     "field 'ca_variant.steps.en': missing or empty"),
    ("a blank English step", _set("free_solo", "steps", "en", 2, to="  "),
     "field 'free_solo.steps.en': missing or empty"),
    ("a translation one step short",
     _set("free_solo", "steps", "es", to=SETUP["free_solo"]["steps"]["es"][:-1]),
     f"field 'free_solo.steps.es': must hold {ENGLISH_STEPS} steps, as the English does"),
    ("a blank translated step", _set("ca_variant", "steps", "fr", 0, to=""),
     f"field 'ca_variant.steps.fr': must hold {len(SETUP['ca_variant']['steps']['en'])}"
     " steps, as the English does"),
]


@pytest.mark.parametrize(("damage", "how", "message"), DAMAGES,
                         ids=[damage for damage, _, _ in DAMAGES])
def test_a_damaged_setup_file_is_refused_with_file_field_and_fault(
        damage: str, how: Damage, message: str, tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as refused:
        _load(tmp_path, how)
    assert str(refused.value) == f"solo-setup.json: {message}", damage


def test_a_setup_file_that_is_not_an_object_names_no_field(tmp_path: Path) -> None:
    """The decoder gives no place for the whole file: the message says '?' there."""
    (tmp_path / "solo-setup.json").write_text("[]", encoding="utf-8")
    with pytest.raises(ScenarioError) as refused:
        load_solo_setup(tmp_path)
    assert str(refused.value) == (
        "solo-setup.json: field '?': Expected `object`, got `array`")


def test_the_smallest_allowed_values_load(tmp_path: Path) -> None:
    """1 card of a deck per pool, and keeping every card drawn, are allowed."""
    def smallest(setup: dict[str, Any]) -> None:
        setup["ca_variant"]["pool"] = {"base": 1, "ca": 1}
        setup["ca_variant"]["draw_options"] = [{"deck": "ca", "draw": 3, "keep": 3}]
    loaded = _load(tmp_path, smallest)
    assert loaded.pool == {"base": 1, "ca": 1}
    assert loaded.draw_options == (DrawOption(deck="ca", draw=3, keep=3),)


def test_the_shipped_setup_reads_as_written() -> None:
    """Every number of the file reaches the screen as written there."""
    setup = load_solo_setup()
    variant = SETUP["ca_variant"]
    assert setup.face_a_adjustment == SETUP["free_solo"]["face_a_adjustment"] == 15
    assert setup.pool == variant["pool"]
    assert setup.discard == variant["discard"]
    assert setup.draw_options == tuple(
        DrawOption(o["deck"], o["draw"], o["keep"]) for o in variant["draw_options"])
    assert [rank.start for rank in setup.ranks] == [0, 60, 80, 100]
    for part in ("free_solo", "ca_variant", "scenario_rules"):
        text: Text = getattr(setup, part)
        assert text.title == SETUP[part]["title"]
        assert text.steps == {k: tuple(v) for k, v in SETUP[part]["steps"].items()}


# --- reading it -----------------------------------------------------------------------


@pytest.mark.parametrize(("total", "face", "rank"), [
    (0, "B", "Apprentice"),
    (59, "B", "Apprentice"),
    (60, "B", "Dictator"),
    (79, "B", "Dictator"),
    (80, "B", "Emperor"),
    (99, "B", "Emperor"),
    (100, "B", "Living God"),
    (250, "B", "Living God"),
    (74, "A", "Apprentice"),  # face A: 15 points off first
    (75, "A", "Dictator"),
    (115, "A", "Living God"),
    (114, "A", "Emperor"),
    (10, "A", "Apprentice"),  # below 0 once adjusted: still the lowest rank
])
def test_a_solo_score_reaches_its_rank(total: int, face: str, rank: str) -> None:
    assert load_solo_setup().rank_for(total, face).name_in("en") == rank


def test_text_and_ranks_read_in_each_language_with_english_for_the_others() -> None:
    setup = load_solo_setup()
    rank = setup.rank_for(60, "B")
    assert rank.name_in("fr") == RANK_NAMES["fr"] == "Dictateur"
    assert rank.name_in("ja") == "Dictator"
    assert setup.free_solo.title_in("de") == SETUP["free_solo"]["title"]["de"]
    assert setup.free_solo.title_in("ja") == SETUP["free_solo"]["title"]["en"]


def test_a_missing_or_blank_translation_reads_in_english() -> None:
    text = Text(title={"en": "Solo game", "fr": ""}, steps={"en": ("Shuffle.",)})
    rank = Rank(start=0, names={"en": "Apprentice", "it": ""})
    assert (text.title_in("fr"), text.title_in("pt")) == ("Solo game", "Solo game")
    assert text.steps_in("es") == ("Shuffle.",)
    assert (rank.name_in("it"), rank.name_in("pt")) == ("Apprentice", "Apprentice")
