"""`companion check`: every file of the data folder verified, without writing anything.

What the app trusts when it opens is checked here all the way down, so a player (or a
script) learns of damage before the app has to repair it:

- each data file (store.json, ongoing.json, every month of the archive, and the previous
  generation `<file>.prev` kept of each) can be read, is a regular file, decodes, matches
  its checksum and has the shape this app writes (`reading.decode`, as the app opens it);
- every game is a valid record whose moves replay under the rules and give the finished
  flag, score, round and cards (built, drafted) the record says (see `derive.py`);
  every game the history lists is in its archive month, but those whose moves the app
  found in no copy of a damaged month and told the player about (marked lost: see
  `mending.py`);
- every scenario attempt is valid, of a scenario this app knows, and, when its game is
  there and finished, says the result that game gives; every campaign is rebuilt by the
  campaign rules; player names and settings are valid; the player's own scenario files
  load;
- every deletion mark (see `marks.py`) is valid, once per record, and its record is not
  kept beside it.

Nothing is written: files are read directly, as the read-only store reads them, so the
check runs while the app is open. The app replaces each file whole by a rename, so each
read sees one version of a file; store.json is read again at the end and the whole check
starts over (a few times at most) if the app saved meanwhile.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.i18n import t
from companion.store import schema, validate
from companion.store.atomic import previous, read_regular
from companion.store.derive import Known, Played, check_campaign, derive_attempt, replay_game
from companion.store.mending import LOST
from companion.store.reading import (
    ATTEMPTS,
    CAMPAIGNS,
    DELETED,
    GAMES,
    HISTORY,
    PLAYERS,
    SETTINGS,
    decode,
)
from companion.store.schema import ARCHIVE, ARCHIVE_DIR, MAIN, ONGOING

DERIVED = ("finished", "score", "round", "built", "drafted", "abandoned", "tableaux")
"""The fields of a game record worked out from its moves (see `derive.py`)."""
TRIES = 3
"""Checks started over when the app saved store.json during one."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong: the file, where in it, and what (already in the player's language)."""

    file: str
    where: str
    text: str

    def __str__(self) -> str:
        return f"{self.file}: {self.where}: {self.text}" if self.where else \
            f"{self.file}: {self.text}"


@dataclass
class Report:
    problems: list[Problem] = field(default_factory=list)
    files: int = 0
    games: int = 0
    attempts: int = 0
    campaigns: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        from companion.i18n.counts import checked

        counts = {"games": self.games, "attempts": self.attempts, "campaigns": self.campaigns}
        return checked(self.files, counts, len(self.problems))


def check_folder(folder: Path) -> Report:
    """Check the data folder `folder` (see the module); never writes anything."""
    folder = Path(folder)
    report = Report()
    for _ in range(TRIES):
        before = _bytes(folder / schema.MAIN_FILE)
        report = _Check(folder).run()
        if _bytes(folder / schema.MAIN_FILE) == before:
            break
    return report


def _bytes(path: Path) -> bytes | None:
    try:
        return read_regular(path)
    except OSError:
        return None


class _Check:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.report = Report()
        self.played: dict[str, Played] = {}

    def problem(self, path: Path, where: str, template: str, **params: Any) -> None:
        self.report.problems.append(Problem(self._name(path), where, t(template, **params)))

    def _name(self, path: Path) -> str:
        """Every file checked is in the folder (the player's scenarios too)."""
        return str(path.relative_to(self.folder))

    def run(self) -> Report:
        main_path = self.folder / schema.MAIN_FILE
        main = self.file(main_path, MAIN)
        ongoing = self.file(self.folder / schema.ONGOING_FILE, ONGOING)
        shards = {path.stem: self.file(path, ARCHIVE) for path in self._shard_paths()}
        for path, kind in self._previous_generations(shards):
            self.file(path, kind)
        known = self._known()
        if ongoing is not None:
            self.games(self.folder / schema.ONGOING_FILE, ongoing)
        for name, data in shards.items():
            if data is not None:
                self.games(self.folder / ARCHIVE_DIR / f"{name}.json", data)
        if main is not None:
            self.history(main_path, main, shards)
            self.attempts(main_path, main, known)
            self.campaigns(main_path, main, known)
            self.players_and_settings(main_path, main)
            self.deletions(main_path, main, ongoing, shards)
        return self.report

    # files

    def _shard_paths(self) -> list[Path]:
        archive = self.folder / ARCHIVE_DIR
        try:
            return sorted(p for p in archive.iterdir() if schema.is_shard_name(p.name))
        except OSError:
            return []

    def _previous_generations(self, shards: dict[str, Any]) -> Iterable[tuple[Path, str]]:
        found = [(self.folder / schema.MAIN_FILE, MAIN),
                 (self.folder / schema.ONGOING_FILE, ONGOING)]
        found += [(self.folder / ARCHIVE_DIR / f"{name}.json", ARCHIVE) for name in shards]
        for path, kind in found:
            if previous(path).exists() or previous(path).is_symlink():
                yield previous(path), kind

    def file(self, path: Path, kind: str) -> schema.Data | None:
        """The decoded content of one data file, or None (and the problem noted)."""
        try:
            raw = read_regular(path)
        except FileNotFoundError:
            return None
        except OSError as exc:
            self.problem(path, "", "cannot be read: {reason}",
                         reason=exc.strerror or str(exc))
            return None
        self.report.files += 1
        reading = decode(raw, kind)
        if reading.problem is not None:
            template, params = reading.problem
            self.problem(path, "", "damaged: {problem}", problem=t(template, **params))
            return None
        if reading.version > schema.SCHEMA_VERSION:
            self.problem(path, "", "written by a newer version of the app (data version"
                         " {version}): update the app", version=reading.version)
            return None
        if reading.version < schema.SCHEMA_VERSION:
            return None  # the app upgrades it at its next opening
        return reading.data

    def _known(self) -> Known:
        from companion.shipped.scenarios import load_scenarios, user_scenarios_dir

        library = load_scenarios(user_folder=user_scenarios_dir(self.folder))
        for path, reason in library.rejected:
            self.problem(path, "", "this scenario file is skipped: {reason}", reason=reason)
        return Known.shipped(library.scenarios)

    # records

    def _each(self, path: Path, data: schema.Data, table: str,
              check: Callable[[dict[str, Any], str], None]) -> None:
        # Each check reads `doc` and changes only the copies `validate` makes of it.
        for key, doc in data.get(table, {}).items():
            where = f"{table}[{key}]"
            try:
                check(doc, where)
            except validate.Invalid as exc:
                self.problem(path, exc.where, exc.template, **exc.params)

    def games(self, path: Path, data: schema.Data) -> None:
        def game(doc: dict[str, Any], where: str) -> None:
            self.report.games += 1
            record = validate.game_record(doc, where)
            claimed = copy.deepcopy(record)
            played = replay_game(record, where)
            self.played[record["id"]] = played
            if played.corrected:
                wrong = [key for key in DERIVED if _said(claimed, key) != _said(record, key)]
                raise validate.Invalid(
                    where, "its {fields} are not what its moves give (finished: {finished},"
                    " score {total})", fields=", ".join(wrong), finished=played.finished,
                    total=played.total)

        self._each(path, data, GAMES, game)

    def history(self, path: Path, data: schema.Data, shards: dict[str, Any]) -> None:
        def entry(doc: dict[str, Any], where: str) -> None:
            if doc.get(LOST) is True:
                return  # moves in no copy, found and told when the app mended the month
            shard = shards.get(doc["shard"])
            if doc["shard"] not in shards:
                raise validate.Invalid(where, "lists game {id} in archive/{shard}.json, which"
                                       " is missing", id=doc["id"], shard=doc["shard"])
            if shard is not None and not any(
                    g.get("id") == doc["id"] for g in shard.get(GAMES, {}).values()):
                raise validate.Invalid(where, "lists game {id} in archive/{shard}.json, which"
                                       " does not have it", id=doc["id"], shard=doc["shard"])

        self._each(path, data, HISTORY, entry)

    def attempts(self, path: Path, data: schema.Data, known: Known) -> None:
        def attempt(doc: dict[str, Any], where: str) -> None:
            self.report.attempts += 1
            checked = validate.attempt_record(doc, where)
            if checked["scenario"] not in known.scenarios:
                raise validate.Invalid(f"{where}.scenario", "'{id}' is not a scenario this"
                                       " app knows", id=checked["scenario"])
            game = self.played.get(checked["game"])  # None: it names no game, or one not here
            if derive_attempt(checked, game, known.scenarios, where):
                raise validate.Invalid(where, "says score {score}, won: {won}, medal {medal},"
                                       " but its scenario's rules give score {real}, won:"
                                       " {really_won}, medal {real_medal}",
                                       score=doc.get("score"), won=doc.get("won"),
                                       medal=doc.get("medal"), real=checked["score"],
                                       really_won=checked["won"], real_medal=checked["medal"])

        self._each(path, data, ATTEMPTS, attempt)

    def campaigns(self, path: Path, data: schema.Data, known: Known) -> None:
        def campaign(doc: dict[str, Any], where: str) -> None:
            self.report.campaigns += 1
            check_campaign(validate.campaign_data(doc, where), where, known.boxes)

        self._each(path, data, CAMPAIGNS, campaign)

    def players_and_settings(self, path: Path, data: schema.Data) -> None:
        seen: set[str] = set()

        def player(doc: dict[str, Any], where: str) -> None:
            name = validate.player_name(doc.get("name"), f"{where}.name")
            if validate.name_key(name) in seen:
                raise validate.Invalid(where, "'{name}' appears twice", name=name)
            seen.add(validate.name_key(name))

        def settings(doc: dict[str, Any], where: str) -> None:
            validate.settings_values(doc, where)

        self._each(path, data, PLAYERS, player)
        self._each(path, data, SETTINGS, settings)

    def deletions(self, path: Path, data: schema.Data, ongoing: schema.Data | None,
                  shards: dict[str, Any]) -> None:
        kept = _kept(data, ongoing, shards)
        seen: set[tuple[str, str]] = set()

        def deletion(doc: dict[str, Any], where: str) -> None:
            found = validate.deletion_mark(doc, where)
            key = (found["kind"], found["id"])
            if key in seen:
                raise validate.Invalid(where, "'{id}' appears twice", id=found["id"])
            seen.add(key)
            if key in kept and found["kind"] == "game":
                raise validate.Invalid(where, "marks game {id} as deleted, but the game is"
                                       " still there", id=found["id"])
            if key in kept:
                raise validate.Invalid(where, "marks campaign {id} as deleted, but the"
                                       " campaign is still there", id=found["id"])

        self._each(path, data, DELETED, deletion)


def _kept(main: schema.Data, ongoing: schema.Data | None,
          shards: dict[str, Any]) -> set[tuple[str, str]]:
    """(kind, id) of every game and campaign the files hold."""
    found = {("campaign", c.get("id")) for c in main.get(CAMPAIGNS, {}).values()}
    found |= {("game", e.get("id")) for e in main.get(HISTORY, {}).values()}
    for data in [ongoing, *shards.values()]:
        if data is not None:
            found |= {("game", g.get("id")) for g in data.get(GAMES, {}).values()}
    return found


def _said(record: dict[str, Any], key: str) -> object:
    """What a record says in one derived field (of a score, its total: the rows of an
    older record may be missing)."""
    value = record.get(key)
    return value.get("total") if key == "score" and isinstance(value, dict) else value
