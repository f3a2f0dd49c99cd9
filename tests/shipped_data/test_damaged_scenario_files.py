"""A damaged solo scenario file is refused with its whole message: the file, the field and
what is wrong. The message is the behaviour here: whoever edits the file (the app's
authors for a shipped one, a player for their own) reads it to know what to fix, so a
test compares it word for word, not a fragment of it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion.rules.errors import Rejected
from companion.rules.scenarios import Scenario
from companion.shipped.catalog import Card, Catalog
from companion.shipped.paths import scenarios_dir
from companion.shipped.scenarios import (
    ScenarioError,
    load_scenarios,
    parse_scenario,
    shipped_scenarios,
)

SHIPPED = scenarios_dir() / "solo"
BASE_1 = json.loads((SHIPPED / "base-1.json").read_text(encoding="utf-8"))
"""A shipped scenario as it is: every case below damages one thing of it."""


def _damaged(**changes: object) -> dict[str, object]:
    return {**BASE_1, **changes}


def _without(field: str) -> dict[str, object]:
    return {key: value for key, value in BASE_1.items() if key != field}


def _refusal(raw: object, cards: Catalog, *, shipped: bool = True) -> str:
    with pytest.raises(ScenarioError) as refused:
        parse_scenario(Path("/anywhere/base-1.json"), raw, cards, shipped=shipped)
    return str(refused.value)


DAMAGES: list[tuple[str, object, str]] = [
    # (the damage, the file's content, the whole message)
    ("a list instead of one scenario", [BASE_1],
     "base-1.json: expected one JSON object describing a scenario"),
    ("a field it does not know", _damaged(bonus=3),
     "base-1.json: field 'bonus': Object contains unknown field `bonus`"),
    ("no names at all", _without("names"),
     "base-1.json: field 'names': Object missing required field `names`"),
    ("names that are not an object", _damaged(names=3),
     "base-1.json: field 'names': Expected `object`, got `int`"),
    ("a name that is not text", _damaged(names={**BASE_1["names"], "fr": 3}),
     "base-1.json: field 'names[...]': Expected `str`, got `int`"),
    ("a medal with no score", _damaged(thresholds={"bronze": 70, "silver": 95}),
     "base-1.json: field 'thresholds.gold': Object missing required field `gold`"),
    ("a medal score that is text", _damaged(thresholds={"bronze": 70, "silver": 95,
                                                        "gold": "115"}),
     "base-1.json: field 'thresholds.gold': Expected `int`, got `str`"),
    ("a card count that is text", _damaged(required=[{"card": "Polar Base", "count": "2"}]),
     "base-1.json: field 'required[0].count': Expected `int`, got `str`"),
    ("a misspelt key in a required card", _damaged(required=[{"cards": "Polar Base"}]),
     "base-1.json: field 'required[0].cards': Object contains unknown field `cards`"),
    ("an id that is a number", _damaged(id=5),
     "base-1.json: field 'id': Expected `str`, got `int`"),
    ("a name in a language the app does not speak",
     _damaged(names={**BASE_1["names"], "ja": "地球の中心へ"}),
     "base-1.json: field 'names.ja': unknown language; use en, fr, es, pt, it, de"),
    ("a name said to be ours in a language with no name",
     _damaged(names={k: v for k, v in BASE_1["names"].items() if k != "de"},
              translated_names=["en", "de"]),
     "base-1.json: field 'translated_names': 'de' has no name in 'names'"),
    ("a summary in a language the app does not speak",
     _damaged(summary={**BASE_1["summary"], "ja": "トンネル"}),
     "base-1.json: field 'summary.ja': unknown language"),
    ("a summary of more than one line", _damaged(summary={**BASE_1["summary"], "pt": "a\nb"}),
     "base-1.json: field 'summary.pt': must be one line"),
    ("a summary longer than the screen's line",
     _damaged(summary={**BASE_1["summary"], "fr": "x" * 201}),
     "base-1.json: field 'summary.fr': longer than 200 characters"),
    ("a blank French summary in a shipped file",
     _damaged(summary={**BASE_1["summary"], "fr": "  "}),
     "base-1.json: field 'summary.fr': missing or empty"),
    ("a summary said to be ours that is not there",
     _damaged(translated_summaries=["en", "ja"]),
     "base-1.json: field 'translated_summaries': 'ja' has no summary"),
    ("an id written with capitals and an underscore", _damaged(id="Base_1"),
     "base-1.json: field 'id': use lowercase letters, digits and single dashes, like 'base-1'"),
    ("an id that is not the file's name", _damaged(id="base-2"),
     "base-1.json: field 'id': 'base-2' must match the file name 'base-1'"),
    ("an expansion the box does not have", _damaged(expansion="moon"),
     "base-1.json: field 'expansion': use one of base, ca, wop"),
    ("a solo scenario on face A", _damaged(face="A"),
     "base-1.json: field 'face': solo scenarios are played on Empire face B"),
    ("a scenario numbered 0", _damaged(number=0),
     "base-1.json: field 'number': must be at least 1"),
    ("no required card", _damaged(required=[]),
     "base-1.json: field 'required': a scenario needs at least one required card"),
    ("a required card 0 times", _damaged(required=[{"card": "Polar Base", "count": 0}]),
     "base-1.json: field 'required[0].count': must be at least 1"),
    ("a card name misspelt", _damaged(required=[{"card": "Polar Bass"}]),
     "base-1.json: field 'required[0].card': Unknown card 'Polar Bass'. Did you mean "
     "Polar Base, Lunar Base?"),
    ("a card of another expansion", _damaged(required=["Border Patrol"]),
     "base-1.json: field 'required[0].card': Border Patrol is a 'ca' card, but the"
     " scenario's expansion is 'base'"),
    ("more copies than the box holds", _damaged(required=[{"card": "Polar Base", "count": 9}]),
     "base-1.json: field 'required': Polar Base is required 9 times but the game has only "
     "1 copy"),
    ("medals that do not rise", _damaged(thresholds={"bronze": 95, "silver": 70, "gold": 115}),
     "base-1.json: field 'thresholds': medal thresholds must rise: bronze 95 < silver 70 < "
     "gold 115"),
]


@pytest.mark.parametrize(("damage", "raw", "message"), DAMAGES,
                         ids=[damage for damage, _, _ in DAMAGES])
def test_a_damaged_scenario_is_refused_with_file_field_and_fault(
        damage: str, raw: object, message: str, cards: Catalog) -> None:
    assert _refusal(raw, cards) == message, damage


def test_a_summary_of_exactly_200_characters_fits(cards: Catalog) -> None:
    """200 is the limit, not the first length refused."""
    scenario = parse_scenario(SHIPPED / "base-1.json",
                              _damaged(summary={**BASE_1["summary"], "fr": "x" * 200}),
                              cards, shipped=True)
    assert scenario.summary["fr"] == "x" * 200


def test_a_shipped_scenario_keeps_what_its_file_says(cards: Catalog) -> None:
    """A shipped file's scenario says it is shipped, and keeps which names are our own
    translation and the Empire face it is played on."""
    scenario = parse_scenario(SHIPPED / "base-1.json", BASE_1, cards, shipped=True)
    assert (scenario.source, scenario.translated_names, scenario.face) == (
        "shipped", ("en", "it", "de"), "B")


def test_a_players_scenario_needs_english_only(cards: Catalog) -> None:
    """A player's own file may have an English name and summary alone, but not less."""
    english = _damaged(names={"en": "Mine"}, summary={"en": "My own."},
                       translated_names=[], translated_summaries=[])
    mine = parse_scenario(Path("mine.json"), english, cards)
    assert (mine.names, mine.summary, mine.source) == ({"en": "Mine"}, {"en": "My own."},
                                                       "user")
    no_summary = {**english, "summary": {"fr": "Le mien."}}
    assert _refusal(no_summary, cards, shipped=False) == (
        "base-1.json: field 'summary.en': missing or empty")


# --- the folders --------------------------------------------------------------------------


def test_a_missing_scenario_folder_says_reinstall(tmp_path: Path) -> None:
    folder = tmp_path / "solo"
    with pytest.raises(ScenarioError) as refused:
        load_scenarios(folder)
    assert str(refused.value) == f"The scenario folder {folder} is missing; reinstall the app"


def test_an_empty_scenario_folder_says_reinstall(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as refused:
        load_scenarios(tmp_path)
    assert str(refused.value) == (
        f"The scenario folder {tmp_path} holds no scenario; reinstall the app")


def _write(folder: Path, name: str, data: object) -> None:
    (folder / name).write_text(json.dumps(data), encoding="utf-8")


def _players_own(scenario_id: str, number: int | None = None) -> dict[str, object]:
    own = _damaged(id=scenario_id, names={"en": scenario_id.title()},
                   summary={"en": "One of mine."}, translated_names=[],
                   translated_summaries=[])
    if number is None:
        del own["number"]
    else:
        own["number"] = number
    return own


def test_the_players_scenarios_follow_the_rulebook_numbers_then_the_unnumbered(
        tmp_path: Path) -> None:
    """The player's scenarios come after the shipped ones, by expansion, then by their
    number, and those without a number last (by id): not by file name."""
    for scenario_id, number in (("a-late", 3), ("b-early", 1), ("c-none", None),
                                ("d-middle", 2), ("aa-none", None)):
        _write(tmp_path, f"{scenario_id}.json", _players_own(scenario_id, number))
    library = load_scenarios(user_folder=tmp_path)
    assert library.rejected == []
    assert list(library.scenarios)[len(shipped_scenarios()):] == [
        "b-early", "d-middle", "a-late", "aa-none", "c-none"]


class _CardsFailingOnOneCard(Catalog):
    """The shipped catalog, failing on one card as no catalog should."""

    def card(self, key: int | str) -> Card:
        if key == "Aircraft Carrier":
            raise RuntimeError("a fault nobody foresaw")
        return super().card(key)


def test_a_players_file_that_breaks_the_loader_is_set_aside_and_the_rest_load(
        tmp_path: Path, cards: Catalog) -> None:
    """Whatever goes wrong with a player's file, even a fault the loader did not foresee
    (here a catalog that fails on one card), sets that file aside and the next files
    still load: the catalog given is the one the scenarios are checked against."""
    _write(tmp_path, "a-broken.json", {**_players_own("a-broken"),
                                       "required": ["Aircraft Carrier"]})
    _write(tmp_path, "b-fine.json", _players_own("b-fine"))
    faulty = _CardsFailingOnOneCard(cards=cards.cards, empires=cards.empires)
    library = load_scenarios(user_folder=tmp_path, cards=faulty)
    assert library.rejected == [
        (tmp_path / "a-broken.json", "a-broken.json: cannot be read (RuntimeError)")]
    assert "b-fine" in library.scenarios


def test_the_scenarios_are_checked_against_the_catalog_given(
        tmp_path: Path, cards: Catalog) -> None:
    """A catalog without a card (an older card list, say) refuses a player's scenario
    that needs it, even though the shipped catalog has it."""
    missing = cards.card("Aircraft Carrier")
    smaller = Catalog(cards=tuple(c for c in cards.cards if c.id != missing.id),
                      empires=cards.empires)
    _write(tmp_path, "mine.json", {**_players_own("mine"), "required": ["Aircraft Carrier"]})
    library = load_scenarios(user_folder=tmp_path, cards=smaller)
    (path, reason), = library.rejected
    assert path == tmp_path / "mine.json"
    assert reason.startswith("mine.json: field 'required[0].card': Unknown card"
                             " 'Aircraft Carrier'.")
    assert "mine" not in library.scenarios


def test_a_copy_of_the_shipped_folder_loads_as_the_shipped_scenarios(tmp_path: Path) -> None:
    folder = tmp_path / "solo"
    shutil.copytree(SHIPPED, folder)
    loaded: dict[str, Scenario] = load_scenarios(folder).scenarios
    assert loaded == shipped_scenarios()


# --- looking a scenario up ----------------------------------------------------------------


def test_an_unknown_scenario_lists_every_known_one() -> None:
    """The player typed a scenario the app does not have: the message lists the ids to
    choose from, in the library's order, separated by commas."""
    library = load_scenarios()
    with pytest.raises(Rejected) as refused:
        library.scenario("base-9")
    assert str(refused.value) == (
        "Unknown scenario 'base-9': use one of base-1, base-2, base-3, base-4, base-5,"
        " base-6, ca-1, ca-2, ca-3, ca-4, ca-5, ca-6")


@pytest.mark.parametrize(("required", "message"), [
    ([{"card": "Polar Base", "count": 10**18}],
     "Polar Base is required 1000000000000000000 times but the game has only 1 copy"),
    ([{"card": "Icebreaker", "count": 3}, "Polar Base", {"card": "Eisbrecher", "count": 2}],
     "Icebreaker is required 5 times but the game has only 4 copies"),
])
def test_a_player_asking_for_more_copies_than_the_game_has_is_told_so(
        tmp_path: Path, required: list[object], message: str) -> None:
    """Copies are counted over every entry naming the card, in any language, and counted
    before they are listed: a count of 10**18 is refused by this message, where it once
    made the loader run out of memory ("cannot be read (MemoryError)")."""
    _write(tmp_path, "greedy.json", {**_players_own("greedy"), "required": required})
    library = load_scenarios(user_folder=tmp_path)
    assert library.rejected == [
        (tmp_path / "greedy.json", f"greedy.json: field 'required': {message}")]
