"""Reading the data folder while the app holds it, for commands that only read.

The app keeps its data folder behind a lock for its whole life, because TinyDB is not
safe with two writers. Reading needs no lock: the app replaces each file whole, by an
atomic rename, so every read sees one complete version of a file. A read-only store
therefore takes no lock and writes nothing at all in the folder: it removes no temp
file, sets no damaged file aside, upgrades or backs up nothing. What the app would
repair at opening is read around instead, in memory, as the app would repair it
(`mending.py`), and reported: the app repairs it when it next opens the folder, and
`companion check --repair` does it from the command line.

Two files read one after the other may straddle a save of the app. Reading store.json,
then ongoing.json, then store.json again until it has not changed gives the pair as it
was at one instant; at any instant a game being moved between them is in one file or
in both (never in neither), and a game in both is shown once, its newest copy, as the
app's `_reconcile` keeps it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NoReturn

import msgspec

from companion.i18n import Plural
from companion.store import journal, schema
from companion.store.atomic import previous, read_regular
from companion.store.changes import Store
from companion.store.errors import StoreError
from companion.store.mending import (
    Notice,
    date_words,
    day_of,
    elsewhere,
    games_back,
    lost_games,
    month_words,
    problem_words,
)
from companion.store.reading import GAMES, HISTORY, Reading, decode, unreadable, well_formed
from companion.store.records import _order
from companion.store.schema import ARCHIVE, ARCHIVE_DIR, MAIN, ONGOING
from companion.store.storage import AtomicJSONStorage, _File

TRIES = 5
"""Reads around ongoing.json before settling for a pair that straddles a save (still a
state `_reconcile` handles, only not from one instant)."""
_REPAIR = Notice("The app repairs it when it next opens this folder, or run: companion"
                 " check --repair")
"""What follows each damage read around: how it gets repaired (never a dead end)."""


def refusal(folder: Path) -> StoreError:
    """What a change asked of a read-only store raises."""
    return StoreError("Nothing can be changed from here: the data folder {folder} is opened"
                      " read-only. Make the change in the app, or close the app and try"
                      " again.", folder=str(folder))


def open_store_readonly(folder: Path) -> ReadOnlyStore:
    """The data of `folder` as it is now, even while the app has it open; never writes.

    A missing folder or file reads as empty. A damaged file is read as the app would
    repair it (from its previous generation, the backups, the games' own backups; as
    empty if no copy reads whole), with a notice, and left exactly as it is; a file from
    a newer version raises `StoreError`.
    """
    store = ReadOnlyStore(Path(folder), None)
    store._load()
    return store


def _bytes(path: Path, pending: dict[Path, bytes] | None = None) -> bytes | None:
    """The file's content (its committed new content if a commit is being switched), or
    None if there is no such file; trouble reaching it raises `StoreError`."""
    if pending is None:
        pending = journal.view(_folder_of(path))[1]
    if path in pending:
        return pending[path]
    try:
        return read_regular(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise unreadable(path, exc) from exc


def _folder_of(path: Path) -> Path:
    """The data folder a data file is in: an archive month is one folder deeper (and the
    data folder itself may be named "archive")."""
    if path.parent.name == ARCHIVE_DIR and schema.is_shard_name(path.name):
        return path.parent.parent
    return path.parent


class _FrozenStorage(AtomicJSONStorage):
    """The storage of a read-only store: a write is refused and changes nothing."""

    def write(self, data: dict[str, Any]) -> None:
        # TinyDB changed the data in memory before asking to write it: put it back.
        self._data = msgspec.json.decode(self._saved)
        raise refusal(_folder_of(self.path))


class ReadOnlyStore(Store):
    """A `Store` whose reading methods work and whose changing methods raise `StoreError`.

    `export_file` works too: it writes only the file asked for, never in the data folder.
    What the app writes besides a change never runs here: its own `_load` replaces the
    app's opening (which sets damaged spare copies aside and makes the day's backup), and
    the changes, which make the day's backup too, are refused before they begin.
    """

    def _load(self) -> None:
        main_path = self.folder / schema.MAIN_FILE
        ongoing_path = self.folder / schema.ONGOING_FILE
        manifest, pending = journal.view(self.folder)
        main_raw = _bytes(main_path, pending)
        for _ in range(TRIES):
            ongoing_raw = _bytes(ongoing_path, pending)
            manifest_again, pending_again = journal.view(self.folder)
            again = _bytes(main_path, pending_again)
            if again == main_raw and manifest_again == manifest:
                break
            main_raw, manifest, pending = again, manifest_again, pending_again
        main = self._reading(main_path, MAIN, main_raw)
        ongoing = self._reading(ongoing_path, ONGOING, ongoing_raw)
        assert main.data is not None and ongoing.data is not None
        self._own = self.game_backups.load()
        if ongoing.problem is not None:
            self._games_back_told(games_back(ongoing.data, self._own, elsewhere(main.data)))
        self._main = _File(main_path, main.data, storage=_FrozenStorage)
        for name, problem in self._damaged_months().items():
            self._mend_month(name, problem, trust_listing=main.problem is None)
        if main.problem is not None:  # read from an older copy: the history may lag
            self._add_archived(main.data)
        _keep_newest(main.data, ongoing.data)
        self._ongoing = _File(ongoing_path, ongoing.data, storage=_FrozenStorage)

    def _reading(self, path: Path, kind: str, raw: bytes | None) -> Reading:
        """A checked file; what the app would repair or upgrade at opening is reported.

        A damaged file is read from its previous generation or a backup (or as empty if
        no copy reads whole), in memory, with a notice; its `problem` stays set so the
        caller knows it read an older copy.
        """
        if raw is None:
            return Reading(data=schema.fresh(kind))
        reading = decode(raw, kind)
        if reading.problem is not None:
            copy = self._good_copy(path, kind)
            facts = {"path": str(path), "problem": problem_words(reading.problem)}
            if copy is None:
                told = Notice("The data file {path} is damaged ({problem}) and no copy of it"
                              " reads whole: it was read as empty, and left as it is.", facts)
                copy = Reading(data=schema.fresh(kind))
            else:
                told = Notice("The data file {path} is damaged ({problem}); an earlier copy"
                              " of it was read instead, and the file was left as it is.",
                              facts)
            self.notices.append(told.followed_by(_REPAIR))
            copy.problem = reading.problem
            reading = copy
        if reading.version > schema.SCHEMA_VERSION:
            raise self._newer(path, reading.version)
        if reading.version < schema.SCHEMA_VERSION:
            assert reading.data is not None
            try:
                data = schema.migrate(kind, reading.data)
                if not well_formed(data):
                    raise ValueError("upgraded data is not well formed")
            except (LookupError, ValueError, TypeError, KeyError) as exc:
                raise StoreError(
                    "The data file {path} was written by an older version of the app and"
                    " could not be read ({reason}). It was left as it is: open the app to"
                    " upgrade it.", path=str(path), reason=str(exc)) from None
            return Reading(data=data, problem=reading.problem)
        return reading

    def _good_copy(self, path: Path, kind: str) -> Reading | None:
        for copy in [previous(path), *self.backups.copies_of(path)]:
            try:
                raw = read_regular(copy)
            except OSError:
                continue
            found = decode(raw, kind)
            if found.data is not None and found.version <= schema.SCHEMA_VERSION:
                return found
        return None

    # what the app mends, read around

    def _mend_month(self, name: str, problem: tuple[str, dict[str, Any]] | None,
                    trust_listing: bool = True) -> _File:
        """The month as the app would rebuild it, in memory; the file is left as it is."""
        path = self.folder / ARCHIVE_DIR / f"{name}.json"
        month, _ = self._rebuilt(name, trust_listing)
        shard = self._shards[name] = _File(path, month.data, storage=_FrozenStorage)
        facts = {"month": month_words(name), "path": str(path)}
        if problem is not None:
            first = Notice("The archive of {month} ({path}) is damaged ({problem}).",
                           facts | {"problem": problem_words(problem)})
        else:
            first = Notice("The archive of {month} ({path}) is missing, though your history"
                           " lists games in it.", facts)
        then = Notice("It was read from its copies, and left as it is: no game is missing.")
        if month.lost:
            then = Notice("It was read from its copies, and left as it is, but the moves of"
                          " {lost} are in no copy.",
                          {"lost": lost_games(name, [e["summary"] for e in month.lost],
                                              month.games)})
        self.notices.append(first.followed_by(then, _REPAIR))
        return shard

    def _games_back_told(self, back: list[dict[str, Any]]) -> None:
        for record in back:
            self.notices.append(Notice(Plural(
                "The game in progress begun on {date} was read from its own backup, as it"
                " was after {count} move.",
                "The game in progress begun on {date} was read from its own backup, as it"
                " was after {count} moves."),
                {"date": date_words(day_of(record)), "count": len(record["actions"])}))

    def _add_archived(self, main: schema.Data) -> None:
        """List the archived games an older store.json does not know (in memory only)."""
        history = main.setdefault(HISTORY, {})
        known = {doc["id"] for doc in history.values()}
        number = max((int(k) for k in history), default=0)
        for path in self._shard_paths():
            for record in self._shard(path.stem).table(GAMES).all():
                if record["id"] not in known:
                    number += 1
                    history[str(number)] = self._entry(dict(record), path.stem)
                    known.add(record["id"])

    def _shard_paths(self) -> list[Path]:
        """The archive files on the disk, and those a commit being switched is adding."""
        pending = journal.view(self.folder)[1]
        found = set(super()._shard_paths())
        found |= {p for p in pending
                  if p.parent == self.folder / ARCHIVE_DIR and schema.is_shard_name(p.name)}
        return sorted(found)

    def _shard(self, name: str) -> _File:
        """The archive file of one month, read (never created) the first time it is needed."""
        found = self._shards.get(name)
        if found is None:
            path = self.folder / ARCHIVE_DIR / f"{name}.json"
            raw = _bytes(path)
            damage = decode(raw, ARCHIVE).problem if raw is not None else None
            if damage is not None:  # damaged since it was checked at opening
                return self._mend_month(name, damage)
            reading = self._reading(path, ARCHIVE, raw)
            assert reading.data is not None
            found = self._shards[name] = _File(path, reading.data,
                                               storage=_FrozenStorage)
        return found

    def _refuse(self) -> NoReturn:
        raise refusal(self.folder)

    def _writing(self, what: str) -> NoReturn:
        self._refuse()

    def save_game(self, *args: Any, **kwargs: Any) -> NoReturn:
        self._refuse()

    def finish_game(self, *args: Any, **kwargs: Any) -> NoReturn:
        self._refuse()

    def abandon_game(self, *args: Any, **kwargs: Any) -> NoReturn:
        self._refuse()

    def resume_game(self, *args: Any, **kwargs: Any) -> NoReturn:
        self._refuse()

    def delete_game(self, *args: Any, **kwargs: Any) -> NoReturn:
        self._refuse()

    def set_aside_game(self, *args: Any, **kwargs: Any) -> NoReturn:
        self._refuse()

    def record_attempt(self, *args: Any, **kwargs: Any) -> NoReturn:
        self._refuse()

    def save_campaign(self, *args: Any, **kwargs: Any) -> NoReturn:
        self._refuse()

    def delete_campaign(self, *args: Any, **kwargs: Any) -> NoReturn:
        self._refuse()

    def add_player(self, *args: Any, **kwargs: Any) -> NoReturn:
        self._refuse()

    def update_settings(self, *args: Any, **kwargs: Any) -> NoReturn:
        self._refuse()

    def import_file(self, *args: Any, **kwargs: Any) -> NoReturn:
        self._refuse()

    def import_all(self, *args: Any, **kwargs: Any) -> NoReturn:
        self._refuse()


def _keep_newest(main: schema.Data, ongoing: schema.Data) -> None:
    """Show a game found in both files once, its newest copy (in memory only)."""
    history = main.get(HISTORY, {})
    entries = {doc["id"]: key for key, doc in history.items()}
    games = ongoing.get(GAMES, {})
    for key, record in list(games.items()):
        entry = entries.get(record["id"])
        if entry is None:
            continue
        if history[entry]["order"] >= _order(record["updated"]):
            del games[key]
        else:
            del history[entry]
