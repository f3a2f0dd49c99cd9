"""The store's imports: an export file merged into the data, or put in its place.

Every record of the file is checked first, down to replaying each game under the rules
(`validate.py`, `derive.py`); only then are the new contents of the files worked out,
in memory, and written as one commit (see "How a change is committed" in `store.py`).
A merge keeps, for each record, the newer of its two versions (`identity.py`), and lets a
deletion mark win over the versions not newer than it (`marks.py`); a merge that brings
nothing new writes nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from companion.i18n import t
from companion.store import identity, marks, schema, validate
from companion.store.atomic import encode, seal
from companion.store.errors import StoreError
from companion.store.folder import _unwritable
from companion.store.marks import CAMPAIGN, GAME
from companion.store.mending import LOST
from companion.store.queries import Queries
from companion.store.reading import ATTEMPTS, CAMPAIGNS, DELETED, GAMES, HISTORY, PLAYERS, SETTINGS
from companion.store.records import _copy, _table_data, archived, revision_of, shard_of
from companion.store.schema import ARCHIVE, MAIN, ONGOING, Data

IMPORT_COUNTS = ("games", "games_updated", "games_unchanged", "attempts", "attempts_updated",
                 "attempts_unchanged", "campaigns", "campaigns_updated",
                 "campaigns_unchanged", "players", "games_deleted", "campaigns_deleted")
"""What `import_all` counts: added, updated and left alone, of each kind of record, and
the games and campaigns deleted here because they were deleted elsewhere (`marks.py`)."""
CHANGED = ("games", "games_updated", "attempts", "attempts_updated", "campaigns",
           "campaigns_updated", "players", "games_deleted", "campaigns_deleted")



class Imports(Queries):
    """Imports and the reset; `Store` (see `changes.py`) adds every other change."""

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
        Built from the settings, not from an export of the data it forgets."""
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
        if (isinstance(version, int) and not isinstance(version, bool)  # true is no version
                and 1 <= version < schema.SCHEMA_VERSION):
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
            self._tidy_game_backups()  # of the games a replacing import took away
            # Records corrected from their moves (see derive.py): told, when any.
            counts.update((k, v) for k, v in checked.corrections.items() if v)
            return counts

    def _write_import(self, new: validate.Export, replace: bool) -> dict[str, int]:
        shards = {s.path.stem: s for s in self._all_shards()}
        current = self._export()
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
        entries = [self._entry(g, shard_of(g)) for g in finished]
        if not replace:  # the summaries of games whose moves were lost stay (mending.py)
            ids = {g["id"] for g in games}
            entries += [dict(e) for e in self._main.table(HISTORY).all() if e.get(LOST)
                        and e["id"] not in ids and (GAME, e["id"]) not in found]
        main[HISTORY] = _table_data(entries)
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
    and what the record says of its result (finished, score, round, built, drafted) is
    worked out again from its moves, never taken from the file (see `derive.py`)."""
    from companion.store.derive import replay_game

    return replay_game(game, where)
