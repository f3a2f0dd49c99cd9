"""Loading scenario files: shipped faults stop loading, user faults are set aside."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion.rules.errors import Refusal, Rejected
from companion.shipped.catalog import Catalog
from companion.shipped.paths import scenarios_dir
from companion.shipped.scenarios import (
    ScenarioError,
    load_campaign_boxes,
    load_scenarios,
    load_solo_setup,
    shipped_scenarios,
)

GOOD = {
    "id": "north-2",
    "expansion": "base",
    "names": {"en": "Deep Freeze", "de": "Tiefkühlung"},
    "summary": {"en": "Two icebreakers and a polar base before the ice closes in."},
    "required": ["Polar Base", {"card": "Eisbrecher", "count": 2}],
    "thresholds": {"bronze": 60, "silver": 80, "gold": 100},
}


def _write(folder: Path, name: str, data: object) -> Path:
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def _with(**changes: object) -> dict[str, object]:
    return {**GOOD, **changes}


def test_shipped_order_is_stable() -> None:
    assert list(shipped_scenarios()) == [f"base-{i}" for i in range(1, 7)] + [
        f"ca-{i}" for i in range(1, 7)]
    assert all(s.source == "shipped" for s in shipped_scenarios().values())


def test_user_folder_good_and_broken_files(tmp_path: Path, cards: Catalog) -> None:
    _write(tmp_path, "north-2.json", GOOD)
    _write(tmp_path, "z-extra.json", _with(id="north-3", required=["Icebreaker"] * 4))
    broken = {
        "a-not-json.json": "{ this is not json",
        "b-list.json": [GOOD],
        "c-unknown-card.json": _with(id="c", required=["Polar Bsae"]),
        "d-thresholds.json": _with(id="d", thresholds={"bronze": 90, "silver": 80, "gold": 100}),
        "e-shipped-id.json": _with(id="base-1"),
        "y-duplicate.json": _with(names={"en": "Same id again"}),
        "g-face.json": _with(id="g", face="A"),
        "h-no-cards.json": _with(id="h", required=[]),
        "i-too-many.json": _with(id="i", required=[{"card": "Icebreaker", "count": 5}]),
        "j-missing-field.json": {k: v for k, v in GOOD.items() if k != "thresholds"},
        "k-wrong-expansion.json": _with(id="k", required=["Giant Robot"]),
        "l-bad-id.json": _with(id="My Scenario"),
        "m-two-lines.json": _with(id="m", summary={"en": "one\ntwo"}),
        "n-unknown-field.json": _with(id="n", bonus=3),
    }
    for name, data in broken.items():
        _write(tmp_path, name, data)
    (tmp_path / "notes.txt").write_text("not a scenario", encoding="utf-8")

    library = load_scenarios(user_folder=tmp_path)

    assert list(library.scenarios)[:12] == list(shipped_scenarios())
    assert list(library.scenarios)[12:] == ["north-2", "north-3"]
    mine = library.scenarios["north-2"]
    ice = cards.card("Icebreaker").id
    assert mine.required == (cards.card("Polar Base").id, ice, ice)
    assert mine.source == "user" and mine.face == "B"
    assert library.scenarios["north-3"].required == (ice,) * 4

    reasons = {path.name: reason for path, reason in library.rejected}
    assert sorted(reasons) == sorted(broken)
    expected = {
        "a-not-json.json": "not valid JSON",
        "b-list.json": "one JSON object",
        "c-unknown-card.json": "field 'required[0].card': Unknown card 'Polar Bsae'. Did you"
                               " mean Polar Base",
        "d-thresholds.json": "field 'thresholds': medal thresholds must rise",
        "e-shipped-id.json": "'base-1' is a scenario shipped with the app",
        "y-duplicate.json": "'north-2' is also used by north-2.json",
        "g-face.json": "field 'face'",
        "h-no-cards.json": "field 'required': a scenario needs at least one required card",
        "i-too-many.json": "Icebreaker is required 5 times but the game has only 4 copies",
        "j-missing-field.json": "field 'thresholds'",
        "k-wrong-expansion.json": "Giant Robot is a 'ca' card",
        "l-bad-id.json": "field 'id'",
        "m-two-lines.json": "field 'summary.en': must be one line",
        "n-unknown-field.json": "field 'bonus'",
    }
    for name, words in expected.items():
        assert reasons[name].startswith(name), reasons[name]
        assert words in reasons[name], reasons[name]


def test_missing_user_folder_is_fine(tmp_path: Path) -> None:
    library = load_scenarios(user_folder=tmp_path / "nothing-here")
    assert library.rejected == [] and len(library.scenarios) == 12


def test_lookup_by_id_or_name_in_any_language() -> None:
    library = load_scenarios()
    assert library.scenario("Les glaces du Nord").id == "ca-5"
    assert library.scenario("megalomania").id == "base-6"
    with pytest.raises(Rejected) as refused:
        library.scenario("base-9")
    assert refused.value.kind is Refusal.UNKNOWN_SCENARIO
    assert refused.value.params["scenario"] == "base-9"


@pytest.fixture
def shipped_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "solo"
    shutil.copytree(scenarios_dir() / "solo", folder)
    return folder


def _edit(path: Path, **changes: object) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(changes)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_broken_shipped_card_stops_loading_naming_file_and_card(shipped_copy: Path) -> None:
    _edit(shipped_copy / "base-3.json", required=[{"card": "Lunar Bace"}])
    with pytest.raises(ScenarioError) as caught:
        load_scenarios(shipped_copy)
    message = str(caught.value)
    assert message.startswith("base-3.json: field 'required[0].card'")
    assert "Lunar Bace" in message and "Did you mean Lunar Base" in message


@pytest.mark.parametrize("changes, words", [
    ({"thresholds": {"bronze": 70, "silver": 60, "gold": 100}}, "field 'thresholds'"),
    ({"names": {"en": "Only English"}}, "field 'names.fr': missing or empty"),
    ({"id": "base-9"}, "must match the file name"),
    ({"face": "A"}, "field 'face'"),
    ({"required": []}, "field 'required'"),
    ({"translated_names": ["ja"]}, "field 'translated_names'"),
])
def test_broken_shipped_fields_are_named(
    shipped_copy: Path, changes: dict[str, object], words: str
) -> None:
    _edit(shipped_copy / "ca-2.json", **changes)
    with pytest.raises(ScenarioError, match=words) as caught:
        load_scenarios(shipped_copy)
    assert str(caught.value).startswith("ca-2.json")


def test_user_file_cannot_stop_the_app_even_if_unreadable(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_bytes(b"\xff\xfe\x00not utf8")
    (tmp_path / "huge.json").write_bytes(b" " * 300_000 + b"{}")
    (tmp_path / "folder.json").mkdir()
    library = load_scenarios(user_folder=tmp_path)
    reasons = {p.name: r for p, r in library.rejected}
    assert sorted(reasons) == ["bad.json", "folder.json", "huge.json"]
    assert "larger than 256 KB" in reasons["huge.json"]
    assert "cannot be read" in reasons["folder.json"]


def test_setup_and_box_files_are_validated(tmp_path: Path) -> None:
    setup = json.loads((scenarios_dir() / "solo-setup.json").read_text(encoding="utf-8"))
    setup["free_solo"]["ranks"][1]["from"] = 0
    (tmp_path / "solo-setup.json").write_text(json.dumps(setup), encoding="utf-8")
    with pytest.raises(ScenarioError, match="free_solo.ranks"):
        load_solo_setup(tmp_path)
    setup = json.loads((scenarios_dir() / "solo-setup.json").read_text(encoding="utf-8"))
    setup["scenario_rules"]["steps"]["de"].pop()  # a translation that forgot a step
    (tmp_path / "solo-setup.json").write_text(json.dumps(setup), encoding="utf-8")
    with pytest.raises(ScenarioError, match="scenario_rules.steps.de.*4 steps"):
        load_solo_setup(tmp_path)

    box = json.loads((scenarios_dir() / "campaigns" / "war-or-peace.json").read_text("utf-8"))
    folder = tmp_path / "campaigns"
    folder.mkdir()
    (folder / "war-or-peace.json").write_text(
        json.dumps({**box, "envelopes": ["C01-SC01", "C01-SC01"]}), encoding="utf-8")
    with pytest.raises(ScenarioError, match="war-or-peace.json: .*envelope C01-SC01 twice"):
        load_campaign_boxes(folder)
    (folder / "war-or-peace.json").write_text(
        json.dumps({**box, "scenarios_played": 7}), encoding="utf-8")
    with pytest.raises(ScenarioError, match="scenarios_played"):
        load_campaign_boxes(folder)
