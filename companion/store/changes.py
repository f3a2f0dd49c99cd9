"""The store's writing side: every change to games, attempts, campaigns, players, settings.

Each change is one operation (`_writing`): checked first (`validate.py`), serialised,
and committed as one step at its end, every file it changed or none (see "How a change
is committed" in `store.py`). Imports and the reset replace whole files in one commit.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, MutableMapping
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import msgspec
from tinydb.table import Document, Table

from companion.i18n import t
from companion.store import identity, marks, schema, validate
from companion.store.atomic import encode, seal
from companion.store.errors import StoreConflict, StoreError
from companion.store.folder import _unwritable
from companion.store.marks import CAMPAIGN, GAME
from companion.store.queries import Queries
from companion.store.reading import (
    ATTEMPTS,
    CAMPAIGNS,
    DELETED,
    GAMES,
    HISTORY,
    PLAYERS,
    SETTINGS,
)
from companion.store.records import _Q, _copy, _order, archived
from companion.store.schema import ARCHIVE, MAIN, ONGOING, SET_ASIDE_DIR, Data

T = TypeVar("T")

IMPORT_COUNTS = ("games", "games_updated", "games_unchanged", "attempts", "attempts_updated",
                 "attempts_unchanged", "campaigns", "campaigns_updated",
                 "campaigns_unchanged", "players", "games_deleted", "campaigns_deleted")
"""What `import_all` counts: added, updated and left alone, of each kind of record, and
the games and campaigns deleted here because they were deleted elsewhere (`marks.py`)."""
CHANGED = ("games", "games_updated", "attempts", "attempts_updated", "campaigns",
           "campaigns_updated", "players", "games_deleted", "campaigns_deleted")


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


def shard_of(record: dict[str, Any]) -> str:
    created = datetime.fromisoformat(record["created"])
    return f"{created.year:04d}-{created.month:02d}"


def _table_data(docs: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {str(number): doc for number, doc in enumerate(docs, start=1)}


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


def revision_of(record: dict[str, Any] | None) -> int:
    """The revision a stored game (or its summary) carries; 0 for none or a bad one."""
    value = record.get("revision") if record is not None else None
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _put(table: Table, key: str, doc: dict[str, Any]) -> None:
    """Insert `doc`, or replace (not merge into) the document with the same `key`."""
    existing = table.get(_Q[key] == doc[key])
    if isinstance(existing, Document):
        table.update(_replacing(doc), doc_ids=[existing.doc_id])
    else:
        table.insert(doc)


class Store(Queries):
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
        with self._writing("the deletion"):
            updated = self._forget_game(game_id)
            if updated is None:
                return False
            self._mark(GAME, game_id, updated)
            return True

    def _forget_game(self, game_id: str) -> str | None:
        """Remove a game from every file; the 'updated' it had, None if there was none."""
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
            later = entry["summary"]["updated"]
            if updated is None or _order(later) > _order(updated):
                updated = later
        return updated

    def _mark(self, kind: str, record_id: str, updated: str | None) -> None:
        """Leave the mark of a deleted record: dated now, or just after the version it
        deleted if the clock is behind, so that it wins over that version everywhere."""
        self._unmark(kind, record_id)
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
        with self._writing("the game set aside"):
            record = self.game(game_id)
            if record is None:
                return None
            safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in game_id)[:80]
            target = self.folder / SET_ASIDE_DIR / f"{safe or 'game'}.json"
            self._journal.stage(target, encode({"games": [record]}))
            # Not a deletion: no mark, so another device's copy, which may open, stays.
            self._forget_game(game_id)
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
            updated = found.get("updated")
            self._mark(CAMPAIGN, campaign_id, updated if isinstance(updated, str) else None)
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

    # import

    def import_file(self, path: Path, replace: bool = False) -> dict[str, int]:
        """Import an export file: a regular file (or a link to one) of at most
        `MAX_IMPORT_BYTES`, read without waiting on a pipe or reading a device, decoded
        with no key twice and bounded nesting (see `files.py`), then `import_all`."""
        from companion.store.files import JsonRefused, decode_json, read_regular

        raw = read_regular(Path(path), validate.MAX_IMPORT_BYTES)
        try:
            data = decode_json(raw)
        except JsonRefused as exc:
            raise StoreError("Import refused, nothing was changed: {path}: {problem}.",
                             path=str(path), problem=str(exc)) from None
        return self.import_all(data, replace=replace)

    def reset(self) -> None:
        """Forget every game, attempt, campaign and player; settings stay. It goes through
        a replacing import, so it is one commit and the folder is first copied to backups/.
        Built from the settings, not from an export: an export is refused while damage has
        cost games their moves, and a reset must still be possible then."""
        self.import_all({"format": validate.EXPORT_FORMAT,
                         "schema_version": schema.SCHEMA_VERSION, "games": [],
                         "attempts": [], "campaigns": [], "players": [],
                         "settings": self.settings()}, replace=True)

    def import_all(self, data: dict[str, Any], replace: bool = False) -> dict[str, int]:
        """Add (or with `replace`, substitute) an export's content, after checking all of it.

        Merging adds each record this store does not have, takes the newer version of
        each it has, and leaves the others alone: games, attempts and campaigns by their
        id, players by their name, so nothing is ever doubled (see `identity.py`). Two
        devices that import each other's export, one after the other, then hold the same
        records, and a file imported twice changes nothing the second time (nothing is
        written then). Settings belong to the device: those chosen here are kept, the
        file's fill in the others, so they may still differ between two devices.

        Returns how many games, attempts and campaigns were added (`games`...), updated
        (`games_updated`...) and left alone (`games_unchanged`...), and players added.
        """
        version = data.get("schema_version") if isinstance(data, dict) else None
        if isinstance(version, int) and 1 <= version < schema.SCHEMA_VERSION:
            try:
                data = schema.migrate_export(_copy(data))
            except Exception as exc:
                raise StoreError("Import refused, nothing was changed: the file was exported"
                                 " by an older version of the app (version {version}) and"
                                 " could not be upgraded: {reason}.", version=version,
                                 reason=str(exc)) from None
        try:
            checked = validate.export_document(data, schema.SCHEMA_VERSION, _check_actions)
        except validate.Invalid as exc:
            raise StoreError("Import refused, nothing was changed: {where}: {problem}",
                             where=exc.where, problem=t(exc.template, **exc.params)) from None
        except RecursionError:
            raise StoreError("Import refused, nothing was changed: the file is nested too"
                             " deeply to be an export of this app.") from None
        with self._mutex:
            self._check_open()
            counts = self._write_import(checked, replace)
            # Records corrected from their moves (see derive.py): told, when any.
            counts.update((k, v) for k, v in checked.corrections.items() if v)
            return counts

    def _write_import(self, new: validate.Export, replace: bool) -> dict[str, int]:
        shards = {s.path.stem: s for s in self._all_shards()}
        current = self._export(strict=False)
        counts = dict.fromkeys(IMPORT_COUNTS, 0)
        if replace:
            found = marks.newest(new.deleted)
            games = marks.apply(GAME, new.games, found)
            campaigns = marks.apply(CAMPAIGN, new.campaigns, found)
            attempts = identity.newest(new.attempts, identity.attempt_time)
            # A window still showing a replaced game must not overwrite it: a game that
            # was here already moves past the revision it had.
            before = {g["id"]: revision_of(g) for g in current["games"]}
            for game in games:
                if game["id"] in before:
                    game["revision"] = max(revision_of(game), before[game["id"]]) + 1
            players = new.players
            settings = new.settings
            counts.update(games=len(games), attempts=len(attempts),
                          campaigns=len(campaigns), players=len(players))
        else:
            # A mark wins over the versions not newer than it, from either side: those of
            # the file are not taken in, those here are deleted (see marks.py).
            found = marks.newest([*current[DELETED], *new.deleted])
            games = identity.merged("games", current["games"],
                                    marks.alive(GAME, new.games, found), identity.game_time,
                                    counts, self._as_imported)
            games = marks.apply(GAME, games, found, counts)
            here = {g["id"]: g for g in current["games"]}
            for game in games:
                old = here.get(game["id"])
                if old is not None and game is not old:
                    # A window still showing the old game must not overwrite this one.
                    game["revision"] = max(revision_of(game), revision_of(old)) + 1
            attempts = identity.merged("attempts", current["attempts"], new.attempts,
                                       identity.attempt_time, counts, _attempt_as_imported)
            campaigns = identity.merged("campaigns", current["campaigns"],
                                        marks.alive(CAMPAIGN, new.campaigns, found),
                                        identity.campaign_time, counts)
            campaigns = marks.apply(CAMPAIGN, campaigns, found, counts)
            players, counts["players"] = identity.merged_players(
                current["players"], new.players, validate.name_key)
            stored = dict(self._main.table(SETTINGS).get(doc_id=1) or {})
            settings = new.settings | stored
            # A name known by another name on the other device is known so here too
            # (renames and merges travel); where both devices say, this one's stands.
            known_as = {**new.settings.get(validate.ALIASES, {}),
                        **stored.get(validate.ALIASES, {})}
            if known_as:
                settings[validate.ALIASES] = known_as
            defaults = validate.DEFAULT_SETTINGS
            if (not any(counts[key] for key in CHANGED) and players == current["players"]
                    and defaults | settings == defaults | stored
                    and sorted(found) == [marks.key(m) for m in current[DELETED]]
                    and all(found[marks.key(m)] is m for m in current[DELETED])):
                return counts  # nothing new: nothing to write, no backup to make
        finished = [g for g in games if archived(g)]
        shard_docs: dict[str, list[dict[str, Any]]] = {name: [] for name in shards}
        for game in finished:
            shard_docs.setdefault(shard_of(game), []).append(game)
        main = schema.fresh(MAIN)
        main[HISTORY] = _table_data([self._entry(g, shard_of(g)) for g in finished])
        main[ATTEMPTS] = _table_data(attempts)
        main[CAMPAIGNS] = _table_data(campaigns)
        main[PLAYERS] = _table_data([{"name": p} for p in players])
        if settings:
            main[SETTINGS] = _table_data([settings])
        deleted = list(found.values())
        marks.sort(deleted)
        if deleted:
            main[DELETED] = _table_data(deleted)
        ongoing = schema.fresh(ONGOING)
        ongoing[GAMES] = _table_data([g for g in games if not archived(g)])
        plan: dict[str, Data] = {}
        for name, docs in sorted(shard_docs.items()):
            content = schema.fresh(ARCHIVE)
            content[GAMES] = _table_data(docs)
            plan[name] = content
        try:
            backup = self.backups.snapshot("before-import")
        except OSError as exc:
            raise _unwritable(self.folder, exc) from exc
        self._commit_files(plan, main, ongoing, backup)
        return counts

    @staticmethod
    def _as_imported(game: dict[str, Any]) -> dict[str, Any]:
        """A stored game as an import would check it, for `identity.newer`: the same,
        unless an older app saved it with a result its moves do not give."""
        try:
            checked = validate.game_record(game)
            _check_actions(checked, "game")
        except validate.Invalid:
            return game
        return checked

    def _commit_files(self, shards: dict[str, Data], main: Data, ongoing: Data,
                      backup: Path) -> None:
        """Write the whole new content of these files as one commit, then show it."""
        files = [(self._shard(name), data) for name, data in shards.items()]
        files += [(self._main, main), (self._ongoing, ongoing)]
        bodies = [encode(data) for _, data in files]
        try:
            self._journal.commit({f.path: seal(body)
                                  for (f, _), body in zip(files, bodies, strict=True)})
        except OSError as exc:
            raise StoreError(
                "The import could not be written ({reason}); nothing was changed. A copy"
                " from just before the import is in {backup}.",
                reason=exc.strerror or str(exc), backup=str(backup),
            ) from exc
        for (target, _), body in zip(files, bodies, strict=True):
            target.replaced(msgspec.json.decode(body), body)


def _attempt_as_imported(attempt: dict[str, Any]) -> dict[str, Any]:
    """A stored attempt as an import would check it, for `identity.newer`: with the medal
    its score earns at its scenario (see `derive.py`)."""
    from companion.store.derive import Known, derive_attempt

    checked = dict(attempt)
    derive_attempt(checked, None, Known.shipped().scenarios, "attempt")
    return checked


def _check_actions(game: dict[str, Any], where: str) -> validate.Played:
    """Replay the game under the rules: unknown cards and impossible moves are refused,
    and what the record says of its result (finished, score, round, built) is worked
    out again from its moves, never taken from the file (see `derive.py`)."""
    from companion.store.derive import replay_game

    return replay_game(game, where)
