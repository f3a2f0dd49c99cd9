"""What the screens need from outside the UI: the card catalog, scenarios and persistence.

The screens talk to `Services` only, never to the store directly, so that the view
tests can run on a real store in a temporary folder or on the in-memory one here,
and so that the one place that knows the store's API is this file.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from companion.i18n import t
from companion.shipped.catalog import Catalog, catalog
from companion.store.errors import StoreConflict
from companion.usecases.watch import WatchedBackend, Watcher, watched

if TYPE_CHECKING:
    from companion.rules.campaign import CampaignBox
    from companion.rules.scenarios import Scenario
    from companion.usecases.share import Share


class ServicesError(Exception):
    """The app cannot start: the message says why and what to do."""


class Backend(Protocol):
    """Persistence as the app uses it; every call is on the disk when it returns.

    Game records have the store's shape: id, mode, players, empires, scenario, created,
    updated, finished, score, and the game itself as version/actions/redo. An abandoned
    game (`"abandoned": true`) is kept with the finished ones, never dropped.
    """

    def setting(self, key: str, default: Any) -> Any: ...

    def set_setting(self, key: str, value: Any) -> None: ...

    def save_game(self, record: dict[str, Any], expected_revision: int | None = None
                  ) -> int:
        """Save; returns the game's new revision. With `expected_revision`, refused with
        `StoreConflict` (nothing written) if the game changed since (another tab)."""
        ...

    def game(self, game_id: str) -> dict[str, Any] | None:
        """One full record (with its actions), in progress or not."""
        ...

    def ongoing_games(self) -> list[dict[str, Any]]:
        """Games in progress (not abandoned), most recently played first, with actions."""
        ...

    def abandon_game(self, game_id: str) -> bool: ...

    def resume_game(self, game_id: str) -> bool: ...

    def delete_game(self, game_id: str) -> None: ...

    def set_aside_game(self, game_id: str) -> str | None:
        """Keep an unopenable game in a file of its own; returns where, for the player."""
        ...

    def notices(self) -> list[str]:
        """What the player must be told about their data folder, already translated."""
        ...

    def finished_games(self) -> list[dict[str, Any]]:
        """The history: finished and abandoned games, newest first, without actions."""
        ...

    def record_attempt(self, attempt: dict[str, Any]) -> None: ...

    def finish_game(self, record: dict[str, Any], attempt: dict[str, Any] | None,
                    expected_revision: int | None = None) -> int:
        """Save a finished game and its scenario attempt (if any) as one step: a crash
        never keeps one without the other. Revisions as in `save_game`."""
        ...

    def attempts(self, scenario_id: str | None = None) -> list[dict[str, Any]]: ...

    def campaigns(self) -> list[dict[str, Any]]: ...

    def campaign(self, campaign_id: str) -> dict[str, Any] | None: ...

    def save_campaign(self, data: dict[str, Any]) -> None: ...

    def delete_campaign(self, campaign_id: str) -> bool:
        """Forget a campaign (its games stay); saving it again is the undo."""
        ...

    def players(self) -> list[str]: ...

    def export_all(self) -> dict[str, Any]: ...

    def export_gaps(self) -> list[str]:
        """What `export_all` had to leave out, already translated (games whose moves were
        lost with a damaged file); empty almost always."""
        ...

    def import_all(self, data: Any, replace: bool = False) -> dict[str, int]: ...

    def data_folder(self) -> str | None:
        """Where the player's data is, to show them (None: kept in memory only)."""
        ...

    def reset(self) -> None:
        """Forget every game, attempt, campaign and player (settings stay); the store
        keeps a copy of the folder from just before (see `backups/`)."""
        ...

    def close(self) -> None: ...


@dataclass
class MemoryBackend:
    """Keeps everything in memory: for tests, with the same behaviour as the store."""

    settings: dict[str, Any] = field(default_factory=dict)
    games: dict[str, dict[str, Any]] = field(default_factory=dict)
    attempt_list: list[dict[str, Any]] = field(default_factory=list)
    campaign_list: list[dict[str, Any]] = field(default_factory=list)
    player_list: list[str] = field(default_factory=list)
    set_aside: list[dict[str, Any]] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    saves: int = 0

    def setting(self, key: str, default: Any) -> Any:
        return self.settings.get(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        self.settings[key] = value

    def save_game(self, record: dict[str, Any], expected_revision: int | None = None
                  ) -> int:
        stored = self.games.get(record["id"])
        revision = int(stored.get("revision", 0)) if stored is not None else 0
        if expected_revision is not None and expected_revision != revision:
            raise StoreConflict(
                "This game was changed in another window or tab (it is at save {stored},"
                " this one showed save {expected}). Nothing was saved: the game is shown"
                " again as it is now.", id=record["id"], stored=revision,
                expected=expected_revision)
        kept = copy.deepcopy(record)
        kept["revision"] = revision + 1
        self.games[record["id"]] = kept
        self.saves += 1
        return revision + 1

    def game(self, game_id: str) -> dict[str, Any] | None:
        found = self.games.get(game_id)
        return copy.deepcopy(found) if found is not None else None

    def ongoing_games(self) -> list[dict[str, Any]]:
        ongoing = [g for g in self.games.values()
                   if not g["finished"] and not g.get("abandoned")]
        return copy.deepcopy(sorted(ongoing, key=lambda g: (g["updated"], g["id"]),
                                    reverse=True))

    def _flag(self, game_id: str, abandoned: bool) -> bool:
        record = self.games.get(game_id)
        if record is None or record["finished"] or bool(record.get("abandoned")) == abandoned:
            return False
        if abandoned:
            record["abandoned"] = True
        else:
            record.pop("abandoned", None)
        record["updated"] = now()
        # A save, as the store's: a window still showing the game before is refused.
        record["revision"] = int(record.get("revision", 0)) + 1
        return True

    def abandon_game(self, game_id: str) -> bool:
        return self._flag(game_id, True)

    def resume_game(self, game_id: str) -> bool:
        return self._flag(game_id, False)

    def delete_game(self, game_id: str) -> None:
        self.games.pop(game_id, None)

    def set_aside_game(self, game_id: str) -> str | None:
        record = self.games.pop(game_id, None)
        if record is None:
            return None
        self.set_aside.append(record)
        return f"set-aside/{game_id}.json"

    def notices(self) -> list[str]:
        return list(self.messages)

    def finished_games(self) -> list[dict[str, Any]]:
        done = [{k: v for k, v in g.items() if k not in ("actions", "redo")}
                for g in self.games.values() if g["finished"] or g.get("abandoned")]
        return copy.deepcopy(sorted(done, key=lambda g: (g["updated"], g["id"]),
                                    reverse=True))

    def finish_game(self, record: dict[str, Any], attempt: dict[str, Any] | None,
                    expected_revision: int | None = None) -> int:
        revision = self.save_game(record, expected_revision)
        if attempt is not None:
            self.record_attempt(attempt)
        return revision

    def record_attempt(self, attempt: dict[str, Any]) -> None:
        if attempt.get("game") is not None:
            self.attempt_list = [a for a in self.attempt_list
                                 if a.get("game") != attempt["game"]]
        self.attempt_list.append(copy.deepcopy(attempt))

    def attempts(self, scenario_id: str | None = None) -> list[dict[str, Any]]:
        found = [a for a in self.attempt_list
                 if scenario_id is None or a["scenario"] == scenario_id]
        return copy.deepcopy(sorted(found, key=lambda a: str(a["date"])))

    def campaigns(self) -> list[dict[str, Any]]:
        return copy.deepcopy(self.campaign_list)

    def campaign(self, campaign_id: str) -> dict[str, Any] | None:
        for found in self.campaign_list:
            if found.get("id") == campaign_id:
                return copy.deepcopy(found)
        return None

    def save_campaign(self, data: dict[str, Any]) -> None:
        kept = copy.deepcopy(data)
        for number, found in enumerate(self.campaign_list):
            if found.get("id") == data.get("id"):
                self.campaign_list[number] = kept
                return
        self.campaign_list.append(kept)

    def delete_campaign(self, campaign_id: str) -> bool:
        before = len(self.campaign_list)
        self.campaign_list = [c for c in self.campaign_list if c.get("id") != campaign_id]
        return len(self.campaign_list) < before

    def players(self) -> list[str]:
        return list(self.player_list)

    def export_all(self) -> dict[str, Any]:
        return copy.deepcopy({
            "format": "wonderful-companion", "games": list(self.games.values()),
            "attempts": self.attempt_list, "campaigns": self.campaign_list,
            "players": self.player_list, "settings": self.settings,
        })

    def export_gaps(self) -> list[str]:
        return []

    def import_all(self, data: Any, replace: bool = False) -> dict[str, int]:
        if not isinstance(data, dict) or data.get("format") != "wonderful-companion":
            raise ServicesError(t("This file is not an export of Wonderful Companion."))
        if replace:
            self.games.clear()
            self.attempt_list, self.campaign_list = [], []
        for record in data.get("games", []):
            self.games[record["id"]] = copy.deepcopy(record)
        self.attempt_list += copy.deepcopy(data.get("attempts", []))
        self.campaign_list += copy.deepcopy(data.get("campaigns", []))
        return {"games": len(data.get("games", [])), "games_updated": 0, "games_unchanged": 0,
                "attempts": len(data.get("attempts", [])), "attempts_updated": 0,
                "attempts_unchanged": 0, "campaigns": len(data.get("campaigns", [])),
                "campaigns_updated": 0, "campaigns_unchanged": 0, "players": 0}

    def data_folder(self) -> str | None:
        return None

    def reset(self) -> None:
        self.games.clear()
        self.attempt_list, self.campaign_list, self.player_list = [], [], []

    def close(self) -> None:
        pass


def now() -> str:
    """The moment a record is made or saved, as the store keeps it (UTC, to the second)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass
class Services:
    catalog: Catalog
    backend: Backend
    scenarios: Mapping[str, Scenario] = field(default_factory=dict)
    messages: list[str] = field(default_factory=list)
    """What the player must be told at start besides the store's notices."""
    shared_tables: object = field(default=None, init=False, repr=False, compare=False)
    """The shared tables this app hosts, made on first use by `tables.table_hub`."""
    runs_in_browser: bool = False
    """The phone app: Python runs inside this browser, so there is no server to share
    with other phones and no command line to point at."""
    share: Share | None = None
    """Where the phones at the table find the app and its code (`companion --share`);
    None when the app is open on this computer only."""
    _watched: WatchedBackend = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._watched = watched(self.backend)
        self.backend = cast(Backend, self._watched)

    def watch(self, watcher: Watcher) -> None:
        """Be told of every game written from now on, by whatever wrote it (`watch.py`)."""
        self._watched.watchers.append(watcher)

    def setting(self, key: str, default: Any) -> Any:
        return self.backend.setting(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        self.backend.set_setting(key, value)

    def close(self) -> None:
        self.backend.close()

    def campaign_boxes(self) -> Mapping[str, CampaignBox]:
        """The campaign boxes shipped with the app (War or Peace), by key."""
        from companion.shipped.scenarios import campaign_boxes

        return campaign_boxes()


def load_scenarios(user_folder: Path | None = None) -> dict[str, Scenario]:
    """The shipped solo scenarios and the player's own; none if the files cannot be read."""
    return load_scenario_library(user_folder)[0]


def load_scenario_library(user_folder: Path | None) -> tuple[dict[str, Scenario], list[str]]:
    """Scenarios, and a message for each of the player's files that had to be skipped."""
    try:
        from companion.shipped.scenarios import load_scenarios as load

        library = load(user_folder=user_folder)
    except Exception:  # a broken data file must not stop the rest of the app
        return {}, []
    skipped = [t("Skipped scenario file {file}: {reason}", file=str(path), reason=reason)
               for path, reason in library.rejected]
    return dict(library.scenarios), skipped


class ScenarioShelf(Mapping[str, "Scenario"]):
    """The solo scenarios (`load_scenario_library`), read on first use: the home screen
    shows none, and in the browser reading them (with the modules that parse them) is
    time before it. `skipped` is known once they are read."""

    def __init__(self, user_folder: Path | None) -> None:
        self.user_folder = user_folder
        self._scenarios: dict[str, Scenario] | None = None
        self.skipped: list[str] = []

    @property
    def loaded(self) -> bool:
        return self._scenarios is not None

    def read(self) -> dict[str, Scenario]:
        if self._scenarios is None:
            self._scenarios, self.skipped = load_scenario_library(self.user_folder)
        return self._scenarios

    def __getitem__(self, key: str) -> Scenario:
        return self.read()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.read())

    def __len__(self) -> int:
        return len(self.read())


def has_own_files(folder: Path) -> bool:
    """Whether the player put files of their own in `folder` (it may not exist)."""
    try:
        return any(folder.glob("*.json"))
    except OSError:
        return False


def open_services(data_dir_arg: str | None) -> Services:
    """Open the player's data folder; `ServicesError` says what is wrong and how to fix it.
    The scenarios are read on first use, unless the player has files of their own: what
    was wrong with those is said on the home screen."""
    from companion.shipped.paths import user_scenarios_dir
    from companion.store.location import data_dir

    backend = open_backend(data_dir_arg)
    scenarios = ScenarioShelf(user_scenarios_dir(data_dir(data_dir_arg)))
    if scenarios.user_folder is not None and has_own_files(scenarios.user_folder):
        scenarios.read()
    return Services(catalog=catalog(), backend=backend, scenarios=scenarios,
                    messages=list(scenarios.skipped))


def open_backend(data_dir_arg: str | None) -> Backend:
    from companion.usecases.store_backend import open_store_backend

    try:
        return open_store_backend(data_dir_arg)
    except ServicesError:
        raise
    except Exception as exc:  # the store's own errors carry a readable message
        raise ServicesError(t("Cannot open your data: {reason}", reason=str(exc))) from exc
