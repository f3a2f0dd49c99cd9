"""The store's reading side: games, scenario attempts, campaigns, players, settings.

Every query is a copy: what the caller does with it never changes the store. None of
them changes the player's data, so the read-only store (`readonly.py`) answers them
all too, `export_file` included: it writes only the file asked for, outside the data
folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tinydb.table import Document

from companion.i18n import Plural
from companion.store import identity, marks, schema, validate
from companion.store.folder import DataFolder
from companion.store.medals import progress
from companion.store.mending import Notice, dates_words, day_of
from companion.store.reading import (
    ATTEMPTS,
    CAMPAIGNS,
    DELETED,
    GAMES,
    HISTORY,
    PLAYERS,
    SETTINGS,
    bulk,
)
from companion.store.records import _Q, _copy, _order, _summary, archived


def _moves_lost(summary: dict[str, Any]) -> dict[str, Any]:
    """A finished game whose archive month is lost with every copy: read as its summary,
    marked so that the app says its moves are gone and never resumes it, whether it is
    read alone or in a listing with the moves."""
    lost: dict[str, Any] = _copy(summary)
    lost.update(actions=[], redo=[], actions_missing=True)
    return lost


class Queries(DataFolder):
    """What the store holds, as copies; `Store` adds the changes (see `changes.py`)."""

    # games

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
            return _moves_lost(entry["summary"])

    def games(self, finished: bool | None = None, *, with_actions: bool = False
              ) -> list[dict[str, Any]]:
        """Games newest first (by 'updated'). Without `with_actions`, records come without
        their 'actions' and 'redo' lists, which keeps listing years of history fast; use
        `game(id)` for one full record.

        `finished=True` gives the history: finished games and abandoned ones (those carry
        "abandoned": true and "finished": false, so none is ever silently hidden);
        `finished=False` the games in progress, which abandoned games are not.
        """
        with self._mutex, bulk():
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
                    if archived(summary):
                        found = full.get(summary["id"])
                        result[number] = (_copy(found) if found is not None
                                          else _moves_lost(summary))
            return result

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

    def settings(self) -> dict[str, Any]:
        with self._mutex:
            self._check_open()
            stored = self._main.table(SETTINGS).get(doc_id=1)
            result: dict[str, Any] = _copy(validate.DEFAULT_SETTINGS | dict(stored or {}))
            return result

    # deletions

    def deletions(self) -> list[dict[str, Any]]:
        """The marks of the games and campaigns deleted here or on another device (see
        `marks.py`), by kind then id."""
        with self._mutex:
            self._check_open()
            found: list[dict[str, Any]] = _copy([dict(m) for m in self._main.table(DELETED).all()])
            marks.sort(found)
            return found

    # export

    def export_all(self) -> dict[str, Any]:
        """Everything, as one JSON object that `import_all` reads back identically: every
        record in one order, without what this device keeps for itself (a game's
        revision), so that two devices holding the same records export the same ones
        (see `identity.py`).

        Never refused over damage: what can be read is exported. A finished game whose
        moves are in no copy of its damaged archive month (see `mending.py`) is not in it,
        since an export holds whole games only; `export_gaps` says which."""
        return identity.public(self._export())

    def _export(self) -> dict[str, Any]:
        """Everything, each game with its revision on this device."""
        with self._mutex:
            self._check_open()
            newest = self._whole_games()
            result: dict[str, Any] = _copy({
                "format": validate.EXPORT_FORMAT,
                "schema_version": schema.SCHEMA_VERSION,
                "games": list(newest.values()),
                "attempts": [dict(a) for a in self._main.table(ATTEMPTS).all()],
                "campaigns": [dict(c) for c in self._main.table(CAMPAIGNS).all()],
                "players": self.players(),
                "settings": self.settings(),
                DELETED: self.deletions(),
            })
            identity.sort(result, validate.name_key)
            return result

    def _whole_games(self) -> dict[str, dict[str, Any]]:
        """Every game held whole, by id. A crash (or, read-only, the app writing between
        two reads) can leave a game in two files: the newest copy, as `_reconcile`
        would keep it."""
        newest: dict[str, dict[str, Any]] = {}
        for game in self._ongoing.table(GAMES).all():
            newest[game["id"]] = dict(game)
        for shard in self._all_shards():
            for game in shard.table(GAMES).all():
                old = newest.get(game["id"])
                if old is None or _order(game["updated"]) >= _order(old["updated"]):
                    newest[game["id"]] = dict(game)
        return newest

    def export_gaps(self) -> list[Notice]:
        """What an export leaves out, for the player to be told: the games of the history
        whose moves were lost with a damaged archive month (none, almost always)."""
        with self._mutex:
            self._check_open()
            held = self._whole_games()
            lost = [e for e in self._main.table(HISTORY).all() if e["id"] not in held]
            if not lost:
                return []
            return [Notice(Plural(
                "{count} game of your history is not in the export: its moves were lost when"
                " its archive file was damaged ({dates}). It stays in your history with its"
                " score.",
                "{count} games of your history are not in the export: their moves were lost"
                " when their archive file was damaged ({dates}). They stay in your history"
                " with their scores."),
                {"count": len(lost), "dates": dates_words(day_of(e["summary"]) for e in lost)})]

    def export_file(self, path: Path) -> dict[str, int]:
        """Write the export to `path` (atomically); returns how many of each were written.

        Only a new file or an existing regular file is written (see `files.py`): a
        symbolic link, a device or a folder there is left as it is, and a path in the
        data folder (also through a linked folder) is refused, since it could replace a
        live data file and would be swept up by backups and imports.
        """
        from companion.store.files import export_bytes, write_regular

        data = self.export_all()
        write_regular(Path(path), export_bytes(data), forbidden=self.folder)
        return {key: len(data[key]) for key in ("games", "attempts", "campaigns", "players")}
