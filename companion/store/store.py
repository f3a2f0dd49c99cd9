"""The player's data: games, scenario attempts, campaigns, players and settings.

One `Store` owns one data folder for the life of the app, behind a lock file, because
TinyDB is not safe with two writers. Every change is on the disk when its method
returns; a change that cannot be written raises `StoreError` and leaves both the disk
and what the app reads exactly as they were.

The folder holds three kinds of files (see `schema.py`): `ongoing.json` with unfinished
games, `store.json` with everything else plus a summary of each finished game, and
`archive/<year>-<month>.json` with the full records of finished games, read on demand.
Opening the store reads only the first two, so it stays fast with years of history.

How a change is committed, in the words of SQLite's "Atomic Commit"
-------------------------------------------------------------------
Every user operation is one commit, however many files it touches: saving an action
(ongoing.json), finishing a game with its scenario attempt (ongoing.json, store.json
and an archive file), abandoning, resuming, deleting or setting aside a game, a
campaign record, an import (merge or replace), a reset, an upgrade of the files.
During the operation TinyDB changes only memory (`Journal.batch`); at its end the new
state of each changed file is written beside the old one, in a temp file, and made
durable; then the switch is made in one atomic step: the rename of the manifest
`commit.json`, which lists every temp and its checksum (a change of a single file
needs no manifest: its own rename is that step). The temps are then renamed over
their targets, each old version kept as `<file>.prev`, and the manifest removed. At
opening, a manifest found is a half-done switch: it is finished (rolled forward) if its
new contents are all there, or undone (rolled back) if it never durably committed; a
stray temp file without a manifest is the leftover of an operation that did not commit,
and is deleted. So after a crash at any instant the data is exactly as before the
operation, or exactly as after it. `journal.py` has the details; the read-only store
reads through a manifest it finds, as if it had been rolled forward, writing nothing.

Damage and trouble
------------------
Each file carries the SHA-256 of its content (`atomic.seal`). A file that cannot be
decoded or fails its checksum is damaged: it is renamed `<file>.damaged-<stamp>` (never
deleted), its previous generation `<file>.prev` is put in its place, or failing that
the newest good daily backup, and a `Notice` tells the player at once. A file that
cannot be reached (permission denied, an I/O error, a folder in its place) is trouble,
not damage: the store refuses to open with a message saying what to fix, and renames
nothing (see `reading.py`).

Revisions
---------
Each saved game carries `"revision"`, set by the store: one more at each save. A caller
that passes the revision it last saw (`save_game(record, expected_revision=n)`) has
its save refused with `StoreConflict` if the game changed since, for example in
another browser tab.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, MutableMapping
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import msgspec
from filelock import FileLock, Timeout
from tinydb.table import Document, Table

from companion.i18n import Plural, t
from companion.store import schema, validate
from companion.store.atomic import encode, seal
from companion.store.errors import StoreConflict, StoreError, StoreLocked
from companion.store.folder import DataFolder, _unwritable
from companion.store.folder import Notice as Notice
from companion.store.location import absolute
from companion.store.medals import progress
from companion.store.reading import (
    ATTEMPTS,
    CAMPAIGNS,
    GAMES,
    HISTORY,
    PLAYERS,
    SETTINGS,
    Reading,
    bulk,
    decode,
    well_formed,
)
from companion.store.records import _Q, _copy, _order, _summary, archived
from companion.store.schema import (
    ARCHIVE,
    ARCHIVE_DIR,
    MAIN,
    ONGOING,
    SET_ASIDE_DIR,
    Data,
)

# The names the read-only store (and older callers) import from here.
_Reading, _decode, _well_formed, _bulk = Reading, decode, well_formed, bulk

T = TypeVar("T")


def _later(previous: str) -> str:
    """Now, or just after `previous` if the clock is behind it: a game moved between
    files must carry the newest 'updated' for `_reconcile` to keep that copy."""
    now = datetime.now(UTC)
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


# --- the store ------------------------------------------------------------------------


def open_store(folder: Path, *, read_only: bool = False) -> Store:
    """Open the data folder for this process alone; `StoreLocked` if another app has it.

    `read_only=True` opens it without the lock and without writing anything, even while
    the app holds it, for commands that only read (see `readonly.py`).
    """
    folder = absolute(folder)
    if read_only:
        from companion.store.readonly import open_store_readonly

        return open_store_readonly(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(
            "Cannot create the data folder {folder}: {reason}. Choose another one with"
            " --data-dir.", folder=str(folder), reason=exc.strerror or str(exc)
        ) from exc
    lock = FileLock(folder / schema.LOCK_FILE, timeout=0, thread_local=False,
                    fallback_to_soft=False)
    try:
        lock.acquire()
    except Timeout:
        raise StoreLocked(
            "The data folder {folder} is already open in another window or copy of the"
            " app. Close it there first, or use another folder with --data-dir.",
            folder=str(folder),
        ) from None
    except OSError as exc:
        raise _unwritable(folder, exc) from exc
    try:
        store = Store(folder, lock)
        store._load()
    except BaseException:
        lock.release()
        raise
    return store


class Store(DataFolder):
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

    def game(self, game_id: str) -> dict[str, Any] | None:
        """The full record of a game (with its actions), or None."""
        with self._mutex:
            self._check_open()
            found = self._ongoing.table(GAMES).get(_Q.id == game_id)
            if isinstance(found, Document):
                return _copy(dict(found))
            entry = self._main.table(HISTORY).get(_Q.id == game_id)
            if not isinstance(entry, Document):
                return None
            record = self._shard(entry["shard"]).table(GAMES).get(_Q.id == game_id)
            if isinstance(record, Document):
                return _copy(dict(record))
            lost = _copy(entry["summary"])
            lost.update(actions=[], redo=[], actions_missing=True)
            result: dict[str, Any] = lost
            return result

    def games(self, finished: bool | None = None, *, with_actions: bool = False
              ) -> list[dict[str, Any]]:
        """Games newest first (by 'updated'). Without `with_actions`, records come without
        their 'actions' and 'redo' lists, which keeps listing years of history fast; use
        `game(id)` for one full record.

        `finished=True` gives the history: finished games and abandoned ones (those carry
        "abandoned": true and "finished": false, so none is ever silently hidden);
        `finished=False` the games in progress, which abandoned games are not.
        """
        with self._mutex, _bulk():
            self._check_open()
            rows: list[tuple[str, str, dict[str, Any]]] = []
            if finished is not True:
                for record in self._ongoing.table(GAMES).all():
                    shown = dict(record) if with_actions else _summary(record)
                    rows.append((_order(record["updated"]), record["id"], shown))
            if finished is not False:
                for entry in self._main.table(HISTORY).all():
                    rows.append((entry["order"], entry["id"], entry["summary"]))
            rows.sort(key=lambda row: (row[0], row[1]), reverse=True)
            result: list[dict[str, Any]] = _copy([row[2] for row in rows])
            if with_actions and finished is not False:
                full = {g["id"]: dict(g) for s in self._all_shards()
                        for g in s.table(GAMES).all()}
                for number, summary in enumerate(result):
                    if archived(summary) and summary["id"] in full:
                        result[number] = _copy(full[summary["id"]])
            return result

    def delete_game(self, game_id: str) -> bool:
        """Forget a game; True if there was one. Its scenario attempt stays recorded."""
        with self._writing("the deletion"):
            deleted = False
            ongoing = self._ongoing.table(GAMES)
            if ongoing.contains(_Q.id == game_id):
                ongoing.remove(_Q.id == game_id)
                deleted = True
            history = self._main.table(HISTORY)
            entry = history.get(_Q.id == game_id)
            if isinstance(entry, Document):
                shard = self._shard(entry["shard"]).table(GAMES)
                if shard.contains(_Q.id == game_id):
                    shard.remove(_Q.id == game_id)
                history.remove(_Q.id == game_id)
                deleted = True
            return deleted

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
            self.delete_game(game_id)
            return target

    def ongoing_games(self) -> list[dict[str, Any]]:
        """The games in progress (unfinished, not abandoned), whole, newest first: the
        ones the player can pick up again or abandon."""
        return self.games(finished=False, with_actions=True)

    def current_game(self) -> dict[str, Any] | None:
        """The unfinished game most recently updated: the one to offer to resume."""
        with self._mutex:
            self._check_open()
            records = self._ongoing.table(GAMES).all()
            if not records:
                return None
            latest = max(records, key=lambda r: (_order(r["updated"]), r["id"]))
            return _copy(dict(latest))

    # solo scenario attempts

    def record_attempt(self, attempt: dict[str, Any]) -> None:
        """Keep one attempt per game: ending a game again after an undo replaces it."""
        checked = self._checked(validate.attempt_record, attempt)
        with self._writing("the scenario attempt"):
            self._put_attempt(checked)

    def _put_attempt(self, checked: dict[str, Any]) -> None:
        table = self._main.table(ATTEMPTS)
        if checked.get("game") is not None:
            table.remove(_Q.game == checked["game"])
        table.insert(checked)

    def attempts(self, scenario_id: str | None = None) -> list[dict[str, Any]]:
        """Attempts oldest first, of one scenario or of all."""
        with self._mutex:
            self._check_open()
            found = [dict(a) for a in self._main.table(ATTEMPTS).all()
                     if scenario_id is None or a["scenario"] == scenario_id]
            found.sort(key=lambda a: _order(a["date"]))
            result: list[dict[str, Any]] = _copy(found)
            return result

    def scenario_progress(self, scenario_id: str) -> dict[str, Any]:
        """{attempts, wins, best_score, best_medal, first_gold_date} of one scenario."""
        return progress(self.attempts(scenario_id))

    # campaigns

    def save_campaign(self, data: dict[str, Any]) -> None:
        checked = self._checked(validate.campaign_data, data)
        with self._writing("the campaign"):
            _put(self._main.table(CAMPAIGNS), "id", checked)

    def campaign(self, campaign_id: str) -> dict[str, Any] | None:
        with self._mutex:
            self._check_open()
            found = self._main.table(CAMPAIGNS).get(_Q.id == campaign_id)
            return _copy(dict(found)) if isinstance(found, Document) else None

    def campaigns(self) -> list[dict[str, Any]]:
        """Campaigns in the order they were first saved."""
        with self._mutex:
            self._check_open()
            result: list[dict[str, Any]] = _copy(
                [dict(c) for c in self._main.table(CAMPAIGNS).all()])
            return result

    # players and settings

    def players(self) -> list[str]:
        with self._mutex:
            self._check_open()
            return [str(p["name"]) for p in self._main.table(PLAYERS).all()]

    def add_player(self, name: str) -> str:
        """Remember a player's name (once, whatever its capitals); returns the name kept."""
        checked = self._checked(validate.player_name, name, "name")
        with self._writing("the player"):
            for known in self.players():
                if validate.name_key(known) == validate.name_key(checked):
                    return known
            self._main.table(PLAYERS).insert({"name": checked})
            return checked

    def settings(self) -> dict[str, Any]:
        with self._mutex:
            self._check_open()
            stored = self._main.table(SETTINGS).get(doc_id=1)
            result: dict[str, Any] = _copy(validate.DEFAULT_SETTINGS | dict(stored or {}))
            return result

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

    # export and import

    def export_all(self) -> dict[str, Any]:
        """Everything, as one JSON object that `import_all` reads back identically.

        Never silently short: if finished games listed in the history lost their record
        (their archive file was damaged and no good copy of it was found), the export is
        refused with a `StoreError` naming the file.
        """
        return self._export(strict=True)

    def _export(self, strict: bool) -> dict[str, Any]:
        with self._mutex:
            self._check_open()
            # A crash (or, read-only, the app writing between two reads) can leave a game
            # in two files: export it once, the newest copy, as `_reconcile` would keep.
            newest: dict[str, dict[str, Any]] = {}
            for game in self._ongoing.table(GAMES).all():
                newest[game["id"]] = dict(game)
            for shard in self._all_shards():
                for game in shard.table(GAMES).all():
                    old = newest.get(game["id"])
                    if old is None or _order(game["updated"]) >= _order(old["updated"]):
                        newest[game["id"]] = dict(game)
            if strict:
                self._check_complete(newest)
            games = sorted(newest.values(), key=lambda g: (_order(g["created"]), g["id"]))
            result: dict[str, Any] = _copy({
                "format": validate.EXPORT_FORMAT,
                "schema_version": schema.SCHEMA_VERSION,
                "games": games,
                "attempts": [dict(a) for a in self._main.table(ATTEMPTS).all()],
                "campaigns": [dict(c) for c in self._main.table(CAMPAIGNS).all()],
                "players": self.players(),
                "settings": self.settings(),
            })
            return result

    def _check_complete(self, found: dict[str, dict[str, Any]]) -> None:
        lost = [e for e in self._main.table(HISTORY).all() if e["id"] not in found]
        if lost:
            files = sorted({str(self.folder / ARCHIVE_DIR / f"{e['shard']}.json") for e in lost})
            raise StoreError(
                Plural("Export refused, nothing was written: {count} finished game of your "
                       "history has lost its moves, which were in {files} (damaged, and no "
                       "good copy of it was found). Put a good copy of that file back, or "
                       "delete that game, then export again.",
                       "Export refused, nothing was written: {count} finished games of your "
                       "history have lost their moves, which were in {files} (damaged, and no "
                       "good copy of it was found). Put a good copy of that file back, or "
                       "delete those games, then export again."),
                count=len(lost), files=", ".join(files))

    def export_file(self, path: Path) -> dict[str, int]:
        """Write the export to `path` (atomically); returns how many of each were written.

        Only a new file or an existing regular file is written (see `files.py`): a
        symbolic link, a device or a folder there is left as it is, and a path in the
        data folder (also through a linked folder) is refused, since it could replace a
        live data file and would be swept up by backups and imports.
        """
        from companion.store.files import write_regular

        data = self.export_all()
        encoded = msgspec.json.format(msgspec.json.encode(data), indent=1)
        write_regular(Path(path), encoded, forbidden=self.folder)
        return {key: len(data[key]) for key in ("games", "attempts", "campaigns", "players")}

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

        Merging keeps what is already here unless the imported record is newer: a game
        with the same id is replaced only if its 'updated' is later (a campaign likewise,
        if both have an 'updated'); attempts and players already present are not doubled;
        settings already chosen are kept. Returns counts of what was added or replaced.
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
        counts = {"games": 0, "games_replaced": 0, "attempts": 0, "campaigns": 0,
                  "players": 0}
        if replace:
            games, attempts, campaigns = new.games, new.attempts, new.campaigns
            # A window still showing a replaced game must not overwrite it: a game that
            # was here already moves past the revision it had (a fresh store keeps the
            # file's revisions, so export then import round-trips).
            before = {g["id"]: revision_of(g) for g in current["games"]}
            for game in games:
                if game["id"] in before:
                    game["revision"] = max(revision_of(game), before[game["id"]]) + 1
            players = new.players
            settings = new.settings
            counts.update(games=len(games), attempts=len(attempts),
                          campaigns=len(campaigns), players=len(players))
        else:
            by_id = {g["id"]: g for g in current["games"]}
            for game in new.games:
                old = by_id.get(game["id"])
                if old is None:
                    counts["games"] += 1
                elif _order(game["updated"]) > _order(old["updated"]):
                    counts["games_replaced"] += 1
                    # A window still showing the old game must not overwrite this one.
                    game["revision"] = max(revision_of(game), revision_of(old)) + 1
                else:
                    continue
                by_id[game["id"]] = game
            games = list(by_id.values())
            attempts = list(current["attempts"])
            for attempt in new.attempts:
                if attempt not in attempts:
                    attempts.append(attempt)
                    counts["attempts"] += 1
            by_campaign = {c["id"]: c for c in current["campaigns"]}
            for campaign in new.campaigns:
                old = by_campaign.get(campaign["id"])
                if old is None or _newer_campaign(campaign, old):
                    by_campaign[campaign["id"]] = campaign
                    counts["campaigns"] += 1
            campaigns = list(by_campaign.values())
            players = list(current["players"])
            folded = {validate.name_key(p) for p in players}
            for name in new.players:
                if validate.name_key(name) not in folded:
                    players.append(name)
                    folded.add(validate.name_key(name))
                    counts["players"] += 1
            stored = self._main.table(SETTINGS).get(doc_id=1)
            settings = new.settings | dict(stored or {})
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


def _newer_campaign(new: dict[str, Any], old: dict[str, Any]) -> bool:
    try:
        return _order(new["updated"]) > _order(old["updated"])
    except (KeyError, TypeError, ValueError):
        return False


def _check_actions(game: dict[str, Any], where: str) -> validate.Played:
    """Replay the game under the rules: unknown cards and impossible moves are refused,
    and what the record says of its result (finished, score, round, built) is worked
    out again from its moves, never taken from the file (see `derive.py`)."""
    from companion.store.derive import replay_game

    return replay_game(game, where)
