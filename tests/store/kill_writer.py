"""The process the kill -9 test kills: saves games as fast as it can, reporting each save
on stdout only after the store call returned."""

from __future__ import annotations

import sys
from pathlib import Path

from store_samples import attempt, fake_record

from companion.store import open_store


def minutes(trial: int, game: int) -> int:
    return trial * 1000 + game


def length(trial: int, game: int) -> int:
    return 2 + (trial * 7 + game) % 7


def main() -> None:
    folder, trial = Path(sys.argv[1]), int(sys.argv[2])
    with open_store(folder) as store:
        print("ready", flush=True)
        game = 0
        while True:
            ident, total, when = f"t{trial}-g{game}", length(trial, game), minutes(trial, game)
            for count in range(1, total + 1):
                store.save_game(fake_record(ident, count, minutes=when))
                print(f"saved {ident} {count}", flush=True)
            store.save_game(fake_record(ident, total, finished=True, minutes=when))
            print(f"finished {ident} {total}", flush=True)
            store.record_attempt(attempt("kill", total, won=False, minutes=when, game=ident))
            print(f"attempt {ident} {total}", flush=True)
            game += 1


if __name__ == "__main__":
    main()
