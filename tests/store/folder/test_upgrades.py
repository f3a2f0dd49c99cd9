"""Files and exports of older versions of the app: upgraded step by step, or refused
whole when a step is missing; attempts saved before they had ids get the id every
device derives; an attempt saved with a medal its score does not earn is put right by
an import of the same attempt."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from store_samples import attempt, fake_record

from companion.store import Store, StoreError, open_store, schema
from companion.store.identity import attempt_id
from companion.store.schema import MAIN_FILE, SCHEMA_VERSION
from companion.store.validate import EXPORT_FORMAT


def rewrite(path: Path, version: int) -> dict[str, Any]:
    """The file as an app of data `version` wrote it (no checksum); its data."""
    data: dict[str, Any] = json.loads(path.read_bytes())
    data.pop("_checksum", None)
    data["_meta"]["1"]["schema_version"] = version
    path.write_text(json.dumps(data))
    path.with_name(path.name + ".prev").unlink(missing_ok=True)
    return data


def test_a_store_of_version_2_without_attempts_is_upgraded(folder: Path) -> None:
    with open_store(folder) as store:
        store.add_player("Ana")
        store.save_game(fake_record("g", 3))
    assert "attempts" not in rewrite(folder / MAIN_FILE, 2)
    with open_store(folder) as store:
        assert f"from version 2 to version {SCHEMA_VERSION}" in str(store.notices[0])
        assert store.players() == ["Ana"] and store.attempts() == []


def test_a_store_whose_upgrade_step_is_missing_is_refused(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_store(folder) as store:
        store.add_player("Ana")
    rewrite(folder / MAIN_FILE, SCHEMA_VERSION - 1)
    monkeypatch.setattr(schema, "MIGRATIONS", {})
    with pytest.raises(StoreError) as refused:
        open_store(folder)
    (backup,) = (folder / "backups").glob("*-before-migration")
    assert str(refused.value) == (
        f"Could not upgrade the data file {folder / MAIN_FILE} (no migration from schema"
        f" version {SCHEMA_VERSION - 1}). A copy of the whole data folder from before the"
        f" upgrade is in {backup}.")


def old_export(version: int, **content: Any) -> dict[str, Any]:
    return {"format": EXPORT_FORMAT, "schema_version": version, **content}


def test_an_export_whose_upgrade_step_is_missing_is_refused(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schema, "EXPORT_MIGRATIONS", {})
    with pytest.raises(StoreError) as refused:
        store.import_all(old_export(1))
    assert str(refused.value) == (
        "Import refused, nothing was changed: the file was exported by an older version of"
        " the app (version 1) and could not be upgraded: no export migration from"
        " version 1.")


def test_an_attempt_of_a_version_2_export_that_is_no_object_is_refused_by_place(
        store: Store) -> None:
    with pytest.raises(StoreError) as refused:
        store.import_all(old_export(2, attempts=[5]))
    assert str(refused.value) == (
        "Import refused, nothing was changed: attempts[0]: must be a scenario attempt (an"
        " object), not a number")


def test_an_attempt_of_a_version_2_export_gets_the_id_every_device_derives(
        store: Store) -> None:
    """Whatever empty id it carries: ids came with version 3."""
    before_ids = {key: value for key, value in attempt("base-1", 40, won=False).items()
                  if key != "id"}
    store.import_all(old_export(2, attempts=[before_ids | {"id": ""}]))
    (kept,) = store.attempts()
    assert kept["id"] == attempt_id(before_ids)


def test_an_attempt_kept_with_a_medal_its_score_does_not_earn_takes_the_imported_one(
        store: Store) -> None:
    """As an older app saved it: the same attempt from another device, whose medal the
    import worked out from its score, is the newer version of it."""
    store.record_attempt(attempt("base-1", 99, medal=None))
    counts = store.import_all(store.export_all())
    assert (counts["attempts"], counts["attempts_updated"]) == (0, 1)
    (kept,) = store.attempts()
    assert kept["medal"] == "silver", "95 to 114 earn silver at scenario base-1"
