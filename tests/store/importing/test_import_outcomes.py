"""What an import keeps, and what it tells when it cannot write: a campaign its own file
deleted stays deleted when the file replaces the data; an attempt an older app kept
with a medal its score does not earn takes the imported one, whichever version's digest
is the greater; and a commit that fails says why and where the backup is."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pytest
from store_samples import attempt
from test_store_deletions import campaign

from companion.store import Store, StoreError, validate
from companion.store.validate import EXPORT_FORMAT


def test_a_replacing_import_leaves_out_a_campaign_its_file_deleted_since(store: Store) -> None:
    store.save_campaign(campaign())
    exported = store.export_all()
    (saved,) = exported["campaigns"]
    mark = {"id": "c", "kind": "campaign", "deleted": "2099-01-01T00:00:00+00:00"}
    assert mark["deleted"] > saved["updated"]
    counts = store.import_all(exported | {"deleted": [mark]}, replace=True)
    assert counts["campaigns"] == 0
    assert store.campaigns() == [] and store.deletions() == [mark]


@pytest.mark.parametrize(("score", "kept", "earned"), [
    (99, None, "silver"), (99, "gold", "silver"), (120, None, "gold"), (60, "silver", None),
], ids=["none for silver", "gold for silver", "none for gold", "silver below bronze"])
def test_an_attempt_kept_with_a_wrong_medal_takes_the_imported_one(
        store: Store, score: int, kept: str | None, earned: str | None) -> None:
    """Half of these would lose the tie of two versions dated alike by their digests, had
    the import not checked the stored one as it checks the file's. 95 to 114 earn silver
    at scenario base-1, 115 gold, and 60 no medal, won or not."""
    store.record_attempt(attempt("base-1", score, medal=kept))
    counts = store.import_all(store.export_all())
    assert (counts["attempts"], counts["attempts_updated"]) == (0, 1)
    (stored,) = store.attempts()
    assert stored["medal"] == earned


@pytest.mark.parametrize(("failure", "reason"), [
    (OSError(errno.ENOSPC, "No space left on device"), "No space left on device"),
    (OSError("the disk went away"), "the disk went away"),
], ids=["from the system", "without an error number"])
def test_an_import_that_cannot_be_written_says_why_and_where_the_backup_is(
        store: Store, monkeypatch: pytest.MonkeyPatch, failure: OSError, reason: str) -> None:
    store.add_player("Ana")

    def full(changes: dict[Path, bytes]) -> None:
        raise failure

    monkeypatch.setattr(store._journal, "commit", full)
    data: dict[str, Any] = {"format": EXPORT_FORMAT, "schema_version": 4,
                            "players": ["Bo"]}
    with pytest.raises(StoreError) as refused:
        store.import_all(data)
    (backup,) = (store.folder / "backups").glob("*-before-import")
    assert str(refused.value) == (
        f"The import could not be written ({reason}); nothing was changed. A copy from"
        f" just before the import is in {backup}.")
    assert store.players() == ["Ana"]


def test_a_file_too_deep_to_check_is_refused_in_words_and_nothing_changes(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every part of an export is copied through msgspec, which turns nesting too deep into
    a refusal of its own; this is the last guard, should a check ever recurse first."""
    store.add_player("Ana")

    def too_deep(*args: object, **kwargs: object) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(validate, "export_document", too_deep)
    with pytest.raises(StoreError) as refused:
        store.import_all({"format": EXPORT_FORMAT, "schema_version": 4, "players": ["Bo"]})
    assert str(refused.value) == ("Import refused, nothing was changed: the file is nested"
                                  " too deeply to be an export of this app.")
    assert store.players() == ["Ana"]
