"""The app's services for a test: the shipped cards and scenarios, games kept in memory."""

from __future__ import annotations

from typing import Any

from companion.shipped.catalog import catalog
from companion.usecases.services import Backend, MemoryBackend, Services, load_scenarios


def memory_services(backend: Backend | None = None, **settings: Any) -> Services:
    """Services on `backend`, or on a new memory backend holding `settings`."""
    return Services(catalog=catalog(), backend=backend or MemoryBackend(settings=dict(settings)),
                    scenarios=load_scenarios())
