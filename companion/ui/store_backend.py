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

    def save_game(self, record: dict[str, Any]) -> None:
        self.store.save_game(record)

    def current_game(self) -> dict[str, Any] | None:
        return self.store.current_game()

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

    def close(self) -> None:
        self.store.close()


def open_store_backend(data_dir_arg: str | None) -> StoreBackend:
    """The store of the chosen data folder; raises `StoreError` with a readable message."""
    return StoreBackend(open_store(data_dir(data_dir_arg)))
