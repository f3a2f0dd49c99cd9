"""Adapts the store (`companion.store`) to the `Backend` the screens use."""

from __future__ import annotations

from typing import Any

from companion.store import Store, data_dir, open_store
from companion.store.validate import SETTINGS


class StoreBackend:
    """The player's data folder. Settings the store does not keep stay in memory."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._volatile: dict[str, Any] = {}

    def setting(self, key: str, default: Any) -> Any:
        if key in SETTINGS:
            return self.store.settings().get(key, default)
        return self._volatile.get(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        if key in SETTINGS:
            self.store.update_settings(**{key: value})
        else:
            self._volatile[key] = value

    def save_game(self, record: dict[str, Any], expected_revision: int | None = None
                  ) -> int:
        return self.store.save_game(record, expected_revision)

    def game(self, game_id: str) -> dict[str, Any] | None:
        return self.store.game(game_id)

    def ongoing_games(self) -> list[dict[str, Any]]:
        return self.store.ongoing_games()

    def abandon_game(self, game_id: str) -> bool:
        return self.store.abandon_game(game_id)

    def resume_game(self, game_id: str) -> bool:
        return self.store.resume_game(game_id)

    def delete_game(self, game_id: str) -> None:
        self.store.delete_game(game_id)

    def set_aside_game(self, game_id: str) -> str | None:
        path = self.store.set_aside_game(game_id)
        return str(path) if path is not None else None

    def notices(self) -> list[str]:
        return [str(notice) for notice in self.store.notices]

    def finished_games(self) -> list[dict[str, Any]]:
        return self.store.games(finished=True)

    def record_attempt(self, attempt: dict[str, Any]) -> None:
        self.store.record_attempt(attempt)

    def finish_game(self, record: dict[str, Any], attempt: dict[str, Any] | None,
                    expected_revision: int | None = None) -> int:
        return self.store.finish_game(record, attempt, expected_revision)

    def attempts(self, scenario_id: str | None = None) -> list[dict[str, Any]]:
        return self.store.attempts(scenario_id)

    def campaigns(self) -> list[dict[str, Any]]:
        return self.store.campaigns()

    def campaign(self, campaign_id: str) -> dict[str, Any] | None:
        return self.store.campaign(campaign_id)

    def save_campaign(self, data: dict[str, Any]) -> None:
        self.store.save_campaign(data)

    def delete_campaign(self, campaign_id: str) -> bool:
        return self.store.delete_campaign(campaign_id)

    def players(self) -> list[str]:
        return self.store.players()

    def export_all(self) -> dict[str, Any]:
        return self.store.export_all()

    def export_gaps(self) -> list[str]:
        return [str(gap) for gap in self.store.export_gaps()]

    def import_all(self, data: Any, replace: bool = False) -> dict[str, int]:
        return self.store.import_all(data, replace=replace)

    def data_folder(self) -> str | None:
        return str(self.store.folder)

    def reset(self) -> None:
        self.store.reset()

    def close(self) -> None:
        self.store.close()


def open_store_backend(data_dir_arg: str | None) -> StoreBackend:
    """The store of the chosen data folder; raises `StoreError` with a readable message."""
    return StoreBackend(open_store(data_dir(data_dir_arg)))
