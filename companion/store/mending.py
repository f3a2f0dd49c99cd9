"""Damage found when the data folder opens, and mended before anything else is read.

At every opening the checksum of every data file is checked, and of the previous
version `<file>.prev` kept of each (of the archive months', as large as the archive and
only ever read as copies, at the first opening of the day): the archive months are read
without being decoded (`reading.verify`), which is cheap, so a damaged month is found at
once rather than the day one of its games is opened. Then, before anything else
happens:

- a damaged store.json or ongoing.json is set aside (renamed `<file>.damaged-<stamp>`,
  never deleted) and its newest good copy put in its place (`_recover`);
- a game in progress whose own backup is newer than what that copy holds of it, or
  that it does not hold at all, is put back from that backup (`backups.GameBackups`);
- a damaged archive month is set aside and rebuilt game by game from its copies (see
  below), and so is a month the history lists games in but that is missing;
- a damaged previous version is set aside (it is only a copy: nothing is lost), so that
  it is neither trusted later nor reported by `companion check` again.

The copies of an archive month are its previous version (one change behind), the
folder's backups, newest first, and each game's own backup. The previous version alone
would lose the month's last change, which is its last game: so the month is rebuilt
game by game. Its history entries in store.json say which games it must hold, and in
which version; the first copy that reads whole gives the month, and each game it lacks,
or has in an older version, is looked for in every other copy (`rebuild_month`). A
game in no copy is lost: its entry stays in the history with its summary (players,
score...), marked `moves_lost`, so that `companion check` and the export know the loss
was found and told. A game the month holds but the history no longer lists (deleted,
or taken up again since that copy) is left out, unless store.json itself was damaged:
then the archive is what the history is rebuilt from.

Each repair is told at once as a `Notice`, in words: which file, what was done, and
what is lost ("the game of July 2025 played after July 3"). A `Notice` keeps its English
template and parameters and is worded when shown, so each tab reads it in its own
language; the dates and months it names are `Later` texts for the same reason. The
read-only store (`readonly.py`) does the same work in memory, writes nothing, and tells
the same games.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

from companion.i18n import Later, Plural, t
from companion.i18n.dates import day_of_month, full_date, month_of_year
from companion.store import schema
from companion.store.atomic import atomic_copy, encode, seal
from companion.store.atomic import previous as previous_generation
from companion.store.backups import Backups, GameBackups
from companion.store.errors import StoreError
from companion.store.journal import Journal
from companion.store.marks import DELETED
from companion.store.reading import GAMES, HISTORY, Reading, good_copy, read, unreadable, verify
from companion.store.records import _Q, _order, _summary, _table_data, archived, revision_of
from companion.store.schema import ARCHIVE, ARCHIVE_DIR, MAIN, ONGOING, Data
from companion.store.storage import _File

Problem = tuple[str, dict[str, Any]]

LOST = "moves_lost"
"""The mark of a history entry whose game's moves are in no copy (see the module)."""


@dataclass
class Copies:
    """The copies of one data file, each read once, when first needed."""

    paths: list[Path]
    kind: str
    damaged: list[tuple[Path, tuple[str, dict[str, Any]]]] = field(default_factory=list)
    """Copies that exist but do not read whole, with why."""
    _read: list[tuple[Path, Data]] = field(default_factory=list)
    _next: int = 0

    def good(self) -> Iterator[tuple[Path, Data]]:
        """(path, data at this app's version) of each copy that reads whole, in order."""
        number = 0
        while True:
            if number < len(self._read):
                yield self._read[number]
                number += 1
                continue
            if self._next >= len(self.paths):
                return
            path = self.paths[self._next]
            self._next += 1
            data = self._data(path)
            if data is not None:
                self._read.append((path, data))

    def _data(self, path: Path) -> Data | None:
        try:
            reading = read(path, self.kind)
        except OSError:
            return None
        if reading.missing:
            return None
        if reading.problem is not None:
            self.damaged.append((path, reading.problem))
            return None
        assert reading.data is not None
        if reading.version > schema.SCHEMA_VERSION:
            return None
        if reading.version < schema.SCHEMA_VERSION:
            try:
                return schema.migrate(self.kind, reading.data)
            except (LookupError, ValueError, TypeError, KeyError):
                return None
        return reading.data


@dataclass
class Month:
    """An archive month worked out again (see the module)."""

    data: Data
    lost: list[dict[str, Any]] = field(default_factory=list)
    """History entries of games whose moves are in no copy."""
    older: list[dict[str, Any]] = field(default_factory=list)
    """Games found only in an earlier version than the history lists."""

    @property
    def games(self) -> list[dict[str, Any]]:
        return list(self.data.get(GAMES, {}).values())


def rebuild_month(listed: dict[str, dict[str, Any]], copies: Copies,
                  own: dict[str, dict[str, Any]], trust_listing: bool) -> Month:
    """The month whose history entries are `listed` (by game id), from `copies` of its
    file and the games' own backups `own` (by game id); see the module."""
    first = next(copies.good(), None)
    held = first[1].get(GAMES, {}) if first is not None else {}
    records = {r["id"]: r for r in held.values() if not trust_listing or r["id"] in listed}
    lost: list[dict[str, Any]] = []
    older: list[dict[str, Any]] = []
    for game_id, entry in listed.items():
        wanted = (entry["order"], revision_of(entry["summary"]))
        best = records.get(game_id)
        if best is not None and version(best) >= wanted:
            continue
        for candidate in _versions(game_id, copies, own):
            if best is None or version(candidate) > version(best):
                best = candidate
            if version(best) >= wanted:
                break
        if best is None:
            lost.append(entry)
            continue
        records[game_id] = best
        if version(best) < wanted:
            older.append(best)
    data = schema.fresh(ARCHIVE)
    data[GAMES] = _table_data(sorted(records.values(), key=lambda r: (version(r), r["id"])))
    return Month(data, lost, older)


def version(record: dict[str, Any]) -> tuple[str, int]:
    """Which of two versions of a game is the later: its last save, then its revision
    (saved twice in one instant, or changed without a new time)."""
    return _order(record["updated"]), revision_of(record)


def _versions(game_id: str, copies: Copies, own: dict[str, dict[str, Any]]
              ) -> Iterator[dict[str, Any]]:
    """Every finished (or abandoned) version of a game the copies hold, the game's own
    backup first: it is the newest, written when the game ended."""
    mine = own.get(game_id)
    if mine is not None and archived(mine):
        yield mine
    for _, data in copies.good():
        for record in data.get(GAMES, {}).values():
            if record.get("id") == game_id and archived(record):
                yield record


def games_back(ongoing: Data, own: dict[str, dict[str, Any]], elsewhere: set[str]
               ) -> list[dict[str, Any]]:
    """Put back in `ongoing` (a copy of ongoing.json, changed in place) each game in
    progress whose own backup is newer than what the copy holds of it, or that it does
    not hold; `elsewhere`: the games the history lists or a deletion marks. Returns
    the games put back, oldest first."""
    games = ongoing.setdefault(GAMES, {})
    held = {record["id"]: key for key, record in games.items()}
    back: list[dict[str, Any]] = []
    for game_id, record in sorted(own.items(), key=lambda item: _order(item[1]["created"])):
        if archived(record) or game_id in elsewhere:
            continue
        key = held.get(game_id)
        if key is not None and version(games[key]) >= version(record):
            continue
        if key is None:
            key = str(max((int(k) for k in games), default=0) + 1)
        games[key] = record
        back.append(record)
    return back


DATES_SHOWN = 8
"""Dates listed one by one at most; more are counted."""


@dataclass(frozen=True)
class Notice:
    """Something the player must be told about the data folder (a file set aside...)."""

    template: str
    params: dict[str, Any] = field(default_factory=dict)
    then: tuple[Notice, ...] = ()
    """Sentences that follow, each a template of its own (what was damaged, then what
    was done about it)."""

    def __str__(self) -> str:
        return " ".join([t(self.template, **self.params), *map(str, self.then)])

    def followed_by(self, *sentences: Notice) -> Notice:
        return Notice(self.template, self.params, (*self.then, *sentences))


def problem_words(problem: Problem) -> Later:
    """What is wrong with a file (`reading.decode`'s words), worded when shown."""
    template, params = problem
    return Later(lambda: t(template, **params))


def day_of(record: Mapping[str, Any]) -> date | None:
    """The day a game (or its summary) began, as its archive month counts it."""
    try:
        return datetime.fromisoformat(str(record["created"])).date()
    except (KeyError, ValueError):
        return None


def month_words(name: str) -> Later:
    """An archive month by its name ("2025-07"): "July 2025"."""
    year, month = int(name[:4]), int(name[5:7])
    return Later(lambda: month_of_year(year, month))


def date_words(day: date | None) -> Later:
    return Later(lambda: full_date(day) if day is not None else "?")


def dates_words(days: Iterable[date | None]) -> Later:
    """Several days: "July 5, 2025, July 12, 2025" (the first `DATES_SHOWN`, then how
    many more)."""
    ordered = sorted({d for d in days if d is not None})

    def word() -> str:
        shown = ", ".join(full_date(d) for d in ordered[:DATES_SHOWN])
        more = len(ordered) - DATES_SHOWN
        if more > 0:
            shown += " " + t(Plural("and {count} more day", "and {count} more days"),
                             count=more)
        return shown

    return Later(word)


def lost_games(name: str, lost: Sequence[Mapping[str, Any]],
               kept: Sequence[Mapping[str, Any]]) -> Later:
    """The games of the archive month `name` whose moves are in no copy (their summaries),
    beside those it holds (`kept`), in words: "the game of July 2025 played after July 3"
    when they are the month's last ones, "the 2 games of July 2025" when none of the
    month was kept, else "the game played on July 5, 2025". One game is "the game", a
    definite one in every language; more are counted, in the catalogs' plural forms."""
    days = [day_of(summary) for summary in lost]
    kept_days = [d for d in map(day_of, kept) if d is not None]
    count = len(lost)
    month = month_words(name)
    if not kept_days:
        return Later(lambda: t("the game of {month}", month=month) if count == 1 else t(
            Plural("the {count} game of {month}", "the {count} games of {month}"),
            count=count, month=month))
    last = max(kept_days)
    if all(d is not None and d > last for d in days):
        day = Later(lambda: day_of_month(last))
        return Later(lambda: t("the game of {month} played after {day}", month=month,
                               day=day) if count == 1 else t(
            Plural("the {count} game of {month} played after {day}",
                   "the {count} games of {month} played after {day}"),
            count=count, month=month, day=day))
    dates = dates_words(days)
    return Later(lambda: t("the game played on {dates}", dates=dates) if count == 1 else t(
        Plural("the {count} game played on {dates}", "the {count} games played on {dates}"),
        count=count, dates=dates))


class Mending:
    """The repairs of `DataFolder` (see the module); the attributes are set there."""

    folder: Path
    notices: list[Notice]
    backups: Backups
    game_backups: GameBackups
    _journal: Journal
    _shards: dict[str, _File]
    _main: _File
    _own: dict[str, dict[str, Any]]
    """The games' own backups, read at opening (`backups.GameBackups`)."""
    _moved_aside: list[tuple[Path, Path]]
    """The damaged files moved aside (where each was, where it is now): put back if the
    opening's repairs fail."""

    # store.json and ongoing.json

    def _recover(self, path: Path, kind: str, reading: Reading) -> Reading:
        """Set a damaged file aside (never delete it) and put its last good copy in its
        place: its previous generation first (only its last change is lost), then the
        newest daily backup that reads whole."""
        assert reading.problem is not None
        aside = self._set_aside(path, reading.problem)
        problem = problem_words(reading.problem)
        older = previous_generation(path)
        for copy in [older, *self.backups.copies_of(path)]:
            candidate = good_copy(copy, kind)
            if candidate is None:
                continue
            try:
                atomic_copy(copy, path)
            except OSError:
                continue
            facts = {"path": str(path), "problem": problem, "aside": str(aside)}
            if copy == older:
                self.notices.append(Notice(
                    "The data file {path} was damaged ({problem}). It was kept aside as"
                    " {aside}, and its previous version was put in its place: only the last"
                    " change made to it is lost.", facts))
            else:
                self.notices.append(Notice(
                    "The data file {path} was damaged ({problem}). It was kept aside as"
                    " {aside}. The backup of {backup} was restored in its place; changes"
                    " made after that backup are in the damaged file only.",
                    facts | {"backup": copy.relative_to(self.backups.root).parts[0]}))
            return candidate
        self.notices.append(Notice(
            "The data file {path} was damaged ({problem}). It was kept aside as {aside}."
            " No good backup of it was found, so it starts empty.",
            {"path": str(path), "problem": problem, "aside": str(aside)},
        ))
        return Reading(data=schema.fresh(kind))

    def _set_aside(self, path: Path, problem: Problem) -> Path:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.name}.damaged-{stamp}")
        number = 1
        while aside.exists():
            number += 1
            aside = path.with_name(f"{path.name}.damaged-{stamp}-{number}")
        try:
            os.replace(path, aside)
        except OSError as exc:
            raise StoreError(
                "The data file {path} is damaged ({problem}) and could not be moved aside:"
                " {reason}. Copy it somewhere safe, then remove it to start again.",
                # The problem is worded when shown, like the template: a screen that
                # words the refusal again, in its own language, words it too.
                path=str(path), problem=problem_words(problem),
                reason=exc.strerror or str(exc),
            ) from exc
        self._moved_aside.append((path, aside))
        return aside

    def _put_back_aside(self) -> None:
        """The opening's repairs were not committed (a failed commit leaves nothing, see
        `journal.py`): each damaged file goes back where it was, so that the next opening
        finds the same damage and repairs it whole. Else the good copy put in its place
        would pass for sound, and the games their own backups bring back would not come."""
        for path, aside in reversed(self._moved_aside):
            with contextlib.suppress(OSError):
                os.replace(aside, path)
        self._moved_aside.clear()

    def _games_back_told(self, back: list[dict[str, Any]]) -> None:
        for record in back:
            self.notices.append(Notice(Plural(
                "The game in progress begun on {date} was brought back from its own"
                " backup, as it was after {count} move.",
                "The game in progress begun on {date} was brought back from its own"
                " backup, as it was after {count} moves."),
                {"date": date_words(day_of(record)), "count": len(record["actions"])}))

    # the archive months

    def _shard_paths(self) -> list[Path]:
        archive = self.folder / ARCHIVE_DIR
        if not archive.is_dir():
            return []
        return sorted(p for p in archive.iterdir() if schema.is_shard_name(p.name))

    def _damaged_months(self) -> dict[str, Problem | None]:
        """The archive months to mend, by name: those whose checksum fails (with what is
        wrong), and those the history lists games in that are missing (None)."""
        found: dict[str, Problem | None] = {}
        on_disk = set()
        for path in self._shard_paths():
            on_disk.add(path.stem)
            try:
                problem = verify(path, ARCHIVE)
            except OSError as exc:
                raise unreadable(path, exc) from exc
            if problem is not None:
                found[path.stem] = problem
        listed = {e["shard"] for e in self._main.data.get(HISTORY, {}).values()
                  if not e.get(LOST)}
        for name in sorted(listed - on_disk):
            if schema.is_shard_name(f"{name}.json"):
                found[name] = None
        return found

    def _rebuilt(self, name: str, trust_listing: bool) -> tuple[Month, Copies]:
        """The month `name` worked out again from its copies (see the module)."""
        path = self.folder / ARCHIVE_DIR / f"{name}.json"
        listed = {e["id"]: dict(e) for e in self._main.data.get(HISTORY, {}).values()
                  if e["shard"] == name and not e.get(LOST)}
        copies = Copies([previous_generation(path), *self.backups.copies_of(path)], ARCHIVE)
        return rebuild_month(listed, copies, self._own, trust_listing), copies

    def _mend_month(self, name: str, problem: Problem | None,
                    trust_listing: bool = True) -> _File:
        """Set a damaged month aside, write it again from its copies, mark in the history
        the games found in none, and tell the player; one commit (or part of the
        current one)."""
        path = self.folder / ARCHIVE_DIR / f"{name}.json"
        aside = self._set_aside(path, problem) if problem is not None else None
        month, copies = self._rebuilt(name, trust_listing)
        spare = previous_generation(path)
        for copy, damage in copies.damaged:
            if copy == spare:  # met as a copy, read whole and found damaged: not trusted again
                self._spare_aside(spare, damage)
        body = encode(month.data)
        with self._journal.batch():
            path.parent.mkdir(exist_ok=True)
            shard = self._shards[name] = _File(path, month.data, body,
                                               journal=self._journal)
            self._journal.stage(path, seal(body))
            history = self._main.table(HISTORY)
            for entry in month.lost:
                history.update({LOST: True}, _Q.id == entry["id"])
            for record in month.older:
                history.update(self._entry(record, name), _Q.id == record["id"])
        facts = {"month": month_words(name), "path": str(path)}
        if problem is not None:
            first = Notice("The archive of {month} ({path}) was damaged ({problem}) and was"
                           " kept aside as {aside}.",
                           facts | {"problem": problem_words(problem),
                                    "aside": str(aside)})
        else:
            first = Notice("The archive of {month} ({path}) was missing, though your history"
                           " lists games in it.", facts)
        self.notices.append(first.followed_by(*self._month_told(name, month)))
        return shard

    @staticmethod
    def _month_told(name: str, month: Month) -> list[Notice]:
        told = [Notice("It was rebuilt from its copies: no game is lost.")]
        lost = {"lost": lost_games(name, [e["summary"] for e in month.lost], month.games)}
        if len(month.lost) == 1:
            told = [Notice("It was rebuilt from its copies, but the moves of {lost} are in"
                           " no copy: that game stays in your history with its score, and"
                           " can no longer be replayed or exported.", lost)]
        elif month.lost:
            told = [Notice("It was rebuilt from its copies, but the moves of {lost} are in"
                           " no copy: those games stay in your history with their scores,"
                           " and can no longer be replayed or exported.", lost)]
        dates = {"dates": dates_words(map(day_of, month.older)), "count": len(month.older)}
        if len(month.older) == 1:
            told.append(Notice("The game played on {dates} came back as it was saved"
                               " earlier: its last change is lost.", dates))
        elif month.older:
            told.append(Notice(Plural(
                "The {count} game played on {dates} came back as it was saved earlier: its"
                " last change is lost.",
                "The {count} games played on {dates} came back as they were saved earlier:"
                " their last changes are lost."), dates))
        return told

    # the previous versions

    def _check_spares(self, *, months: bool) -> None:
        """Set aside each damaged previous version `<file>.prev` (see the module); those of
        the archive months only if `months` (once a day: they are as large as the
        archive, and only ever read as copies, each checked then)."""
        files = [(self.folder / schema.MAIN_FILE, MAIN),
                 (self.folder / schema.ONGOING_FILE, ONGOING)]
        if months:
            files += [(path, ARCHIVE) for path in self._shard_paths()]
        for path, kind in files:
            self._check_spare(previous_generation(path), kind)

    def _check_spare(self, spare: Path, kind: str) -> None:
        try:  # an old month's version from before checksums: checked when used
            problem = verify(spare, kind, unsealed=kind != ARCHIVE)
        except OSError:
            return  # a copy out of reach is only one copy less
        if problem is not None:
            self._spare_aside(spare, problem)

    def _spare_aside(self, spare: Path, problem: Problem) -> None:
        try:
            aside = self._set_aside(spare, problem)
        except StoreError:
            return
        self.notices.append(Notice(
            "The previous version {path}, kept as a spare copy, was damaged ({problem})"
            " and was kept aside as {aside}.",
            {"path": str(spare), "problem": problem_words(problem), "aside": str(aside)}))

    # the history

    def _entry(self, record: dict[str, Any], shard: str) -> dict[str, Any]:
        return {"id": record["id"], "shard": shard, "summary": _summary(record),
                "order": _order(record["updated"])}


def elsewhere(main: Data) -> set[str]:
    """The games store.json knows are not in progress: listed in the history, or marked
    deleted (see `marks.py`)."""
    found = {doc["id"] for doc in main.get(HISTORY, {}).values()}
    found |= {doc["id"] for doc in main.get(DELETED, {}).values() if doc.get("kind") == "game"}
    return found
