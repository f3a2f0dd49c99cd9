"""The campaign box files (`scenarios/campaigns/*.json`): each loads under its file's
name, and a damaged one is refused with its whole message."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.rules.campaign import CampaignBox
from companion.shipped.paths import scenarios_dir
from companion.shipped.scenarios import ScenarioError, load_campaign_boxes

SHIPPED = scenarios_dir() / "campaigns"
WAR_OR_PEACE: dict[str, Any] = json.loads(
    (SHIPPED / "war-or-peace.json").read_text(encoding="utf-8"))


def _write(folder: Path, name: str, data: object) -> None:
    (folder / name).write_text(json.dumps(data), encoding="utf-8")


def test_the_shipped_boxes_load_by_id() -> None:
    boxes = load_campaign_boxes()
    assert list(boxes) == ["war-or-peace"]
    assert boxes["war-or-peace"] == CampaignBox.from_json(WAR_OR_PEACE)


def test_a_box_in_another_folder_loads_under_its_id(tmp_path: Path) -> None:
    _write(tmp_path, "war-or-peace.json", WAR_OR_PEACE)
    box = load_campaign_boxes(tmp_path)["war-or-peace"]
    assert isinstance(box, CampaignBox)
    assert box.names == {k: v.strip() for k, v in WAR_OR_PEACE["names"].items()}
    assert box.scenarios_played == WAR_OR_PEACE["scenarios_played"]


def test_a_box_whose_id_is_not_its_file_name_is_refused(tmp_path: Path) -> None:
    _write(tmp_path, "peace.json", WAR_OR_PEACE)
    with pytest.raises(ScenarioError) as refused:
        load_campaign_boxes(tmp_path)
    assert str(refused.value) == (
        "peace.json: field 'id': 'war-or-peace' must match the file name 'peace'")


def test_a_box_of_the_wrong_shape_names_its_file_and_field(tmp_path: Path) -> None:
    _write(tmp_path, "war-or-peace.json", {**WAR_OR_PEACE, "scenarios_played": "seven"})
    with pytest.raises(ScenarioError) as refused:
        load_campaign_boxes(tmp_path)
    assert str(refused.value) == (
        "war-or-peace.json: This campaign box data is not valid: Expected `int`, got `str`"
        " - at `$.scenarios_played`")


def test_a_folder_without_a_box_says_reinstall(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("no box here", encoding="utf-8")
    with pytest.raises(ScenarioError) as refused:
        load_campaign_boxes(tmp_path)
    assert str(refused.value) == (
        f"The campaign folder {tmp_path} holds no campaign; reinstall the app")
