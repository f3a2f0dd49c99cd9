"""What the screens need from outside the UI: the card catalog, scenarios and persistence.

The screens talk to `Services` only, never to the store directly, so that the view
tests can run on a real store in a temporary folder or on the in-memory one here,
and so that the one place that knows the store's API is this file.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from companion.catalog import Catalog, catalog
from companion.i18n import t
from companion.rules.scenarios import Scenario


class ServicesError(Exception):
    """The app cannot start: the message says why and what to do."""


class Backend(Protocol):
    """Persistence as the app uses it; every call is on the disk when it returns.

    Game records have the store's shape: id, mode, players, empires, scenario, created,
    updated, finished, score, and the game itself as version/actions/redo.
    """

    def setting(self, key: str, default: Any) -> Any: ...

    def set_setting(self, key: str, value: Any) -> None: ...

    def save_game(self, record: dict[str, Any]) -> None: ...

    def current_game(self) -> dict[str, Any] | None: ...

    def delete_game(self, game_id: str) -> None: ...

    def set_aside_game(self, game_id: str) -> str | None:
        """Keep an unopenable game in a file of its own; returns where, for the player."""
        ...

    def notices(self) -> list[str]:
        """What the player must be told about their data folder, already translated."""
        ...

    def finished_games(self) -> list[dict[str, Any]]: ...

    def record_attempt(self, attempt: dict[str, Any]) -> None: ...

    def close(self) -> None: ...


@dataclass
class MemoryBackend:
    """Keeps everything in memory: for tests, with the same behaviour as the store."""

    settings: dict[str, Any] = field(default_factory=dict)
    games: dict[str, dict[str, Any]] = field(default_factory=dict)
    attempts: list[dict[str, Any]] = field(default_factory=list)
    set_aside: list[dict[str, Any]] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    saves: int = 0

    def setting(self, key: str, default: Any) -> Any:
        return self.settings.get(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        self.settings[key] = value

    def save_game(self, record: dict[str, Any]) -> None:
        self.games[record["id"]] = copy.deepcopy(record)
        self.saves += 1

    def current_game(self) -> dict[str, Any] | None:
        ongoing = [g for g in self.games.values() if not g["finished"]]
        if not ongoing:
            return None
        return copy.deepcopy(max(ongoing, key=lambda g: (g["updated"], g["id"])))

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
        done = [g for g in self.games.values() if g["finished"]]
        return copy.deepcopy(sorted(done, key=lambda g: g["updated"], reverse=True))

    def record_attempt(self, attempt: dict[str, Any]) -> None:
        self.attempts.append(copy.deepcopy(attempt))

    def close(self) -> None:
        pass


@dataclass
class Services:
    catalog: Catalog
    backend: Backend
    scenarios: Mapping[str, Scenario] = field(default_factory=dict)
    messages: list[str] = field(default_factory=list)
    """What the player must be told at start besides the store's notices."""

    def setting(self, key: str, default: Any) -> Any:
        return self.backend.setting(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        self.backend.set_setting(key, value)

    def close(self) -> None:
        self.backend.close()


def load_scenarios(user_folder: Path | None = None) -> dict[str, Scenario]:
    """The shipped solo scenarios and the player's own; none if the files cannot be read."""
    return load_scenario_library(user_folder)[0]


def load_scenario_library(user_folder: Path | None) -> tuple[dict[str, Scenario], list[str]]:
    """Scenarios, and a message for each of the player's files that had to be skipped."""
    try:
        from companion.scenarios import load_scenarios as load

        library = load(user_folder=user_folder)
    except Exception:  # a broken data file must not stop the rest of the app
        return {}, []
    skipped = [t("Skipped scenario file {file}: {reason}", file=str(path), reason=reason)
               for path, reason in library.rejected]
    return dict(library.scenarios), skipped


def open_services(data_dir_arg: str | None) -> Services:
    """Open the player's data folder; `ServicesError` says what is wrong and how to fix it."""
    from companion.scenarios import user_scenarios_dir
    from companion.store.location import data_dir

    backend = open_backend(data_dir_arg)
    scenarios, skipped = load_scenario_library(user_scenarios_dir(data_dir(data_dir_arg)))
    return Services(catalog=catalog(), backend=backend, scenarios=scenarios,
                    messages=skipped)


def open_backend(data_dir_arg: str | None) -> Backend:
    from companion.ui.store_backend import open_store_backend

    try:
        return open_store_backend(data_dir_arg)
    except ServicesError:
        raise
    except Exception as exc:  # the store's own errors carry a readable message
        raise ServicesError(t("Cannot open your data: {reason}", reason=str(exc))) from exc
