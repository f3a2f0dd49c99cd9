"""The store's writing side: every change to games, attempts, campaigns, players, settings.

Each change is one operation (`_writing`): checked first (`validate.py`), serialised,
and committed as one step at its end, every file it changed or none (see "How a change
is committed" in `store.py`). Imports and the reset, which replace whole files in one
commit, are in `imports.py`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, MutableMapping
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

from tinydb.table import Document, Table

from companion.i18n import t
from companion.store import marks, validate
from companion.store.atomic import encode
from companion.store.errors import StoreConflict, StoreError
from companion.store.folder import disk_full
from companion.store.imports import CHANGED as CHANGED
from companion.store.imports import IMPORT_COUNTS as IMPORT_COUNTS
from companion.store.imports import Imports
from companion.store.imports import _check_actions as _check_actions
from companion.store.marks import CAMPAIGN, GAME
from companion.store.reading import (
    ATTEMPTS,
    CAMPAIGNS,
    DELETED,
    GAMES,
    HISTORY,
    PLAYERS,
    SETTINGS,
)
from companion.store.records import _Q, _copy, archived, revision_of, shard_of
from companion.store.schema import SET_ASIDE_DIR

T = TypeVar("T")

def _later(previous: str | None) -> str:
    """Now, or just after `previous` if the clock is behind it: a game moved between
    files must carry the newest 'updated' for `_reconcile` to keep that copy, and a
    campaign saved again must be newer than its copy on another device."""
    now = datetime.now(UTC)
    if previous is None:
        return now.isoformat()
    before = datetime.fromisoformat(previous)
    if before.tzinfo is None:
        before = before.replace(tzinfo=UTC)
    return (now if now > before else before + timedelta(microseconds=1)).isoformat()


def _replacing(new: dict[str, Any]) -> Callable[[MutableMapping[Any, Any]], None]:
    def transform(doc: MutableMapping[Any, Any]) -> None:
        doc.clear()
        doc.update(new)

    return transform


def _set(table: Table, game_id: str, doc: dict[str, Any] | None) -> None:
    """Put `doc` as the document with this 'id' (None: remove it). Inside a batch a
    failed commit rolls every file back, so no undo is needed here."""
    found = table.get(_Q.id == game_id)
    if not isinstance(found, Document):
        if doc is not None:
            table.insert(doc)
    elif doc is None:
        table.remove(doc_ids=[found.doc_id])
    else:
        table.update(_replacing(doc), doc_ids=[found.doc_id])


def _put(table: Table, key: str, doc: dict[str, Any]) -> None:
    """Insert `doc`, or replace (not merge into) the document with the same `key`."""
    existing = table.get(_Q[key] == doc[key])
    if isinstance(existing, Document):
        table.update(_replacing(doc), doc_ids=[existing.doc_id])
    else:
        table.insert(doc)


class Store(Imports):
    """The player's data. Use `open_store`; close it (or use `with`) to free the folder."""

    # operations

    @contextlib.contextmanager
    def _writing(self, what: str) -> Iterator[None]:
        """One operation: serialised, committed as one step at the end (every file it
        changed, or none), and a failed write turned into a message that says what to do."""
        with self._mutex:
            self._check_open()
            try:
                with self._journal.batch():
                    yield
            except OSError as exc:
                if disk_full(exc):
                    raise StoreError(
                        "Could not save {what}: the disk that holds {folder} is full"
                        " ({reason}). What was saved before is intact. Make room on that"
                        " disk (empty the trash, move or delete large files you no longer"
                        " need), then try again.",
                        what=t(what), reason=exc.strerror or str(exc), folder=str(self.folder),
                    ) from exc
                raise StoreError(
                    "Could not save {what}: {reason}. What was saved before is intact. Free"
                    " some disk space or check that {folder} is writable, then try again.",
                    what=t(what), reason=exc.strerror or str(exc), folder=str(self.folder),
                ) from exc
            self._daily_backup()

    @staticmethod
    def _checked(check: Callable[..., T], *args: Any) -> T:
        try:
            return check(*args)
        except validate.Invalid as exc:
            raise StoreError("{where}: {problem}", where=exc.where,
                             problem=t(exc.template, **exc.params)) from None

    # games

    def save_game(self, record: dict[str, Any], expected_revision: int | None = None) -> int:
        """Save a game; an unfinished one is cheap to save after every action. Returns
        the revision it now has (the store counts saves: see `revision_of`).

        A finished or abandoned game goes to the history (the index in store.json, the
        record in its month's archive), any other to ongoing.json; moving a game between
        them is one commit. With `expected_revision`, the save is refused with
        `StoreConflict` (nothing written) unless the stored game is at that revision (0:
        not stored yet): a window showing an old state cannot overwrite a newer one.
        """
        return self.finish_game(record, None, expected_revision)

    def finish_game(self, record: dict[str, Any], attempt: dict[str, Any] | None,
                    expected_revision: int | None = None) -> int:
        """Save a game together with its scenario attempt, in one commit: a crash never
        keeps the finished game without its medal attempt, or the attempt without the
        game. Ending a game again after an undo replaces its attempt (see
        `record_attempt`). Returns the game's new revision, as `save_game` does."""
        game = self._checked(validate.game_record, record)
        checked = None if attempt is None else self._checked(validate.attempt_record, attempt)
        with self._mutex:
            with self._writing("the game"):
                revision = self._next_revision(game["id"], expected_revision)
                game["revision"] = revision
                found = self._unmark(GAME, game["id"])
                if not marks.survives(GAME, game, found):
                    # Saved again after its deletion (its undo): newer than that deletion,
                    # wherever its mark has gone (see marks.py).
                    assert found is not None
                    game["updated"] = _later(found["deleted"])
                self._place(game)
                if checked is not None:
                    self._put_attempt(checked)
            # Once the save has committed, the game's own backup if this is a safe point
            # (see backups.GameBackups): it never fails the save.
            self.game_backups.keep(game)
            return revision

    def _next_revision(self, game_id: str, expected: int | None) -> int:
        found = self._ongoing.table(GAMES).get(_Q.id == game_id)
        if not isinstance(found, Document):
            entry = self._main.table(HISTORY).get(_Q.id == game_id)
            found = entry["summary"] if isinstance(entry, Document) else None
        stored = revision_of(found)
        if expected is not None and expected != stored:
            raise StoreConflict(
                "This game was changed in another window or tab (it is at save {stored},"
                " this one showed save {expected}). Nothing was saved: the game is shown"
                " again as it is now.", id=game_id, stored=stored, expected=expected)
        return stored + 1

    def _place(self, game: dict[str, Any]) -> None:
        game_id = game["id"]
        history = self._main.table(HISTORY)
        entry = history.get(_Q.id == game_id)
        ongoing = self._ongoing.table(GAMES)
        if archived(game):
            shard = shard_of(game)
            _set(self._shard(shard).table(GAMES), game_id, game)
            _set(history, game_id, self._entry(game, shard))
            if isinstance(entry, Document) and entry["shard"] != shard:
                _set(self._shard(entry["shard"]).table(GAMES), game_id, None)
            _set(ongoing, game_id, None)
        else:
            _set(ongoing, game_id, game)
            if isinstance(entry, Document):
                _set(history, game_id, None)
                _set(self._shard(entry["shard"]).table(GAMES), game_id, None)

    def abandon_game(self, game_id: str) -> bool:
        """Stop a game in progress without losing it: it leaves the games in progress for
        the history, whole and marked "abandoned", until `resume_game` brings it back.

        False if `game_id` is not a game in progress. Its 'updated' moves to now, so this
        copy is the newest one should a crash leave the game in both files.
        """
        with self._mutex:
            self._check_open()
            found = self._ongoing.table(GAMES).get(_Q.id == game_id)
            if not isinstance(found, Document):
                return False
            record = _copy(dict(found))
            record.update(abandoned=True, updated=_later(record["updated"]))
            self.save_game(record)
            return True

    def resume_game(self, game_id: str) -> bool:
        """Bring an abandoned game back among the games in progress; False if `game_id` is
        not an abandoned game."""
        with self._mutex:
            self._check_open()
            entry = self._main.table(HISTORY).get(_Q.id == game_id)
            if not isinstance(entry, Document) or entry["summary"].get("abandoned") is not True:
                return False
            record = self.game(game_id)
            if record is None or record.get("actions_missing"):
                raise StoreError(
                    "The game {id} cannot be resumed: its moves are missing from the"
                    " archive. It stays in the history.", id=game_id)
            record.pop("abandoned")
            record["updated"] = _later(record["updated"])
            self.save_game(record)
            return True

    def delete_game(self, game_id: str) -> bool:
        """Forget a game; True if there was one. Its scenario attempt stays recorded.

        A deletion mark takes its place in the same commit, so that the next import on
        another device deletes it there too (see `marks.py`); saving the game again
        (the undo) takes the mark away."""
        with self._mutex:
            with self._writing("the deletion"):
                updated = self._forget_game(game_id)
                if updated is None:
                    return False
                self._mark(GAME, game_id, updated)
            self.game_backups.remove({game_id})
            return True

    def _forget_game(self, game_id: str) -> str | None:
        """Remove a game from the files; the 'updated' it had, None if there was none. It
        is in one file only: `_reconcile` leaves each game in one at opening, and every
        change moves a game between files in one commit."""
        updated: str | None = None
        ongoing = self._ongoing.table(GAMES)
        found = ongoing.get(_Q.id == game_id)
        if isinstance(found, Document):
            updated = found["updated"]
            ongoing.remove(doc_ids=[found.doc_id])
        history = self._main.table(HISTORY)
        entry = history.get(_Q.id == game_id)
        if isinstance(entry, Document):
            shard = self._shard(entry["shard"]).table(GAMES)
            if shard.contains(_Q.id == game_id):
                shard.remove(_Q.id == game_id)
            history.remove(_Q.id == game_id)
            updated = entry["summary"]["updated"]
        return updated

    def _mark(self, kind: str, record_id: str, updated: str | None) -> None:
        """Leave the mark of a deleted record: dated now, or just after the version it
        deleted if the clock is behind, so that it wins over that version everywhere. The
        record had no mark: a store holds a record or its mark, never both (see marks.py)."""
        self._main.table(DELETED).insert(marks.mark(kind, record_id, _later(updated)))

    def _unmark(self, kind: str, record_id: str) -> dict[str, Any] | None:
        """Take away the mark of a record saved again; the mark it had, if any."""
        table = self._main.table(DELETED)
        found = table.get((_Q.kind == kind) & (_Q.id == record_id))
        if not isinstance(found, Document):
            return None
        table.remove(doc_ids=[found.doc_id])
        return dict(found)

    def set_aside_game(self, game_id: str) -> Path | None:
        """Move a game the app cannot open out of the way without losing it.

        The record is written whole to `set-aside/<id>.json` in the data folder (where
        the player, or a later version of the app, can still import it) before it is
        removed from the store, in one commit; the path is returned so the player can be
        told.
        """
        with self._mutex:
            with self._writing("the game set aside"):
                record = self.game(game_id)
                if record is None:
                    return None
                # Never empty: a stored game's id is never (`validate.identifier`).
                safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in game_id)[:80]
                target = self.folder / SET_ASIDE_DIR / f"{safe}.json"
                self._journal.stage(target, encode({"games": [record]}))
                # Not a deletion: no mark, so another device's copy, which may open, stays.
                self._forget_game(game_id)
            self.game_backups.remove({game_id})
            return target

    # solo scenario attempts

    def record_attempt(self, attempt: dict[str, Any]) -> None:
        """Keep one attempt per game: ending a game again after an undo replaces it."""
        checked = self._checked(validate.attempt_record, attempt)
        with self._writing("the scenario attempt"):
            self._put_attempt(checked)

    def _put_attempt(self, checked: dict[str, Any]) -> None:
        table = self._main.table(ATTEMPTS)
        table.remove(_Q.id == checked["id"])
        if checked.get("game") is not None:
            table.remove(_Q.game == checked["game"])
        table.insert(checked)

    # campaigns

    def save_campaign(self, data: dict[str, Any]) -> None:
        """Save a campaign; it carries 'updated', set by the store, so that an import
        from another device can tell which version of it is newer (see identity.py)."""
        checked = self._checked(validate.campaign_data, data)
        with self._writing("the campaign"):
            table = self._main.table(CAMPAIGNS)
            old = table.get(_Q.id == checked["id"])
            found = self._unmark(CAMPAIGN, checked["id"])  # saved again: not deleted
            checked["updated"] = _later(old.get("updated") if isinstance(old, Document)
                                        else found["deleted"] if found is not None
                                        else None)
            _put(table, "id", checked)

    def delete_campaign(self, campaign_id: str) -> bool:
        """Forget a campaign; True if there was one. Its games stay. A deletion mark takes
        its place in the same commit, as for a game (see `delete_game`)."""
        with self._writing("the deletion"):
            table = self._main.table(CAMPAIGNS)
            found = table.get(_Q.id == campaign_id)
            if not isinstance(found, Document):
                return False
            table.remove(doc_ids=[found.doc_id])
            # Text, or none before data version 3 (`validate.campaign_data`).
            self._mark(CAMPAIGN, campaign_id, found.get("updated"))
            return True

    # players and settings

    def add_player(self, name: str) -> str:
        """Remember a player's name (once, whatever its capitals); returns the name kept."""
        checked = self._checked(validate.player_name, name, "name")
        with self._writing("the player"):
            for known in self.players():
                if validate.name_key(known) == validate.name_key(checked):
                    return known
            self._main.table(PLAYERS).insert({"name": checked})
            return checked

    def update_settings(self, **values: Any) -> dict[str, Any]:
        """Change some settings (language, theme, expansions, default_face); returns all."""
        checked = self._checked(validate.settings_values, values)
        with self._writing("the settings"):
            table = self._main.table(SETTINGS)
            if table.contains(doc_id=1):
                table.update(checked, doc_ids=[1])
            else:
                table.insert(Document(checked, doc_id=1))
        return self.settings()
