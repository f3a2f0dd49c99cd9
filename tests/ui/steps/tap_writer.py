"""The process the kill -9 test kills: sets up games and plays the tap in each, as fast
as it can, saying on stdout which game it is about to tap and, once the save returned,
that it tapped it."""

from __future__ import annotations

import sys

from taps import TAP, ready_to_tap

from companion.shipped.catalog import catalog
from companion.usecases.services import Services
from companion.usecases.store_backend import open_store_backend


def main() -> None:
    services = Services(catalog(), open_store_backend(sys.argv[1]))
    print("ready", flush=True)
    while True:
        session = ready_to_tap(services)
        print(f"tapping {session.id}", flush=True)
        session.play(TAP)
        print(f"tapped {session.id}", flush=True)
        services.backend.delete_game(session.id)  # keeps each save as small as the first


if __name__ == "__main__":
    main()
