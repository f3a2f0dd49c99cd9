"""Players known by another name are a setting of the data folder: kept, exported, and
refused when the file says something no rename could have written."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.store import Store, StoreError, open_store


def test_aliases_are_kept_and_travel_in_the_export(store: Store, tmp_path: Path) -> None:
    store.update_settings(player_aliases={"bo": "Bob", "": "Zoé"})
    assert store.settings()["player_aliases"] == {"bo": "Bob", "": "Zoé"}
    exported = store.export_all()
    assert exported["settings"]["player_aliases"] == {"bo": "Bob", "": "Zoé"}
    with open_store(tmp_path / "other") as other:
        other.import_all(exported)
        assert other.settings()["player_aliases"] == {"bo": "Bob", "": "Zoé"}


@pytest.mark.parametrize(("aliases", "says"), [
    ({"Bo": "Bob"}, "not written as names are compared"),
    ({"bo": "x" * 61}, "1 to 60 printable characters"),
    ({"bo": " Bob"}, "1 to 60 printable characters"),
    ({"bo": "Bob\n"}, "1 to 60 printable characters"),
    (["bo", "Bob"], "an object of names"),
])
def test_an_alias_no_rename_could_write_is_refused(store: Store, aliases: object,
                                                   says: str) -> None:
    before = store.settings()
    with pytest.raises(StoreError, match=says):
        store.update_settings(player_aliases=aliases)
    assert store.settings() == before


def test_renames_travel_and_this_devices_own_stand(store: Store, tmp_path: Path) -> None:
    store.update_settings(player_aliases={"bo": "Bob", "cy": "Cyril"})
    with open_store(tmp_path / "phone") as phone:
        phone.update_settings(player_aliases={"bo": "Bobby", "zoe": "Zoé"})
        phone.import_all(store.export_all())
        assert phone.settings()["player_aliases"] == {"bo": "Bobby", "cy": "Cyril",
                                                      "zoe": "Zoé"}
        again = phone.import_all(store.export_all())
        assert not any(again.values()), "the same file twice changes nothing"


@pytest.mark.parametrize(("value", "kept"), [(None, True), (0, True), (6, True),
                                             (7, False), (-1, False), (True, False),
                                             ("1", False)])
def test_the_last_quick_score_answer_is_a_player_of_a_table_or_none(
        store: Store, value: object, kept: bool) -> None:
    """Players 1 to 7 of a table (from 0), or none of them."""
    if kept:
        store.update_settings(quick_score_me=value)
        assert store.settings()["quick_score_me"] == value
    else:
        with pytest.raises(StoreError, match="must be one of 0, 1, 2, 3, 4, 5, 6, null"):
            store.update_settings(quick_score_me=value)


def test_a_quick_scores_own_tableau_is_one_of_its_tableaux() -> None:
    from companion.store.validate import Invalid, game_record

    game = {"id": "q", "actions": [], "mode": "table", "created": "2026-01-01T10:00:00",
            "updated": "2026-01-01T10:00:00", "finished": True, "kind": "quick-score",
            "tableaux": [{"name": "Ann"}, {"name": "Bob"}]}
    assert game_record({**game, "me": 1})["me"] == 1
    assert "me" not in game_record(game) and game_record({**game, "me": None})["me"] is None
    for wrong in (2, -1, True, "0"):
        with pytest.raises(Invalid, match="must be one of 0, 1, null"):
            game_record({**game, "me": wrong})
    with pytest.raises(Invalid):
        game_record({**game, "from_game": 5})
    assert game_record({**game, "from_game": "t1"})["from_game"] == "t1"
