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
