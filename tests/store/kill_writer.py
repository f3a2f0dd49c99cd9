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


GAMES_AGAIN = 3
"""How many games the "again" writer ends over and over."""


def again_score(round_: int, game: int) -> int:
    """The score the "again" writer gives game `game` the `round_`-th time it ends it."""
    return 10 + round_ * GAMES_AGAIN + game


def again(folder: Path) -> None:
    """End the same few scenario games again and again, as after an undo: each time the
    game's attempt is recorded anew, with another score but the same id."""
    with open_store(folder) as store:
        print("ready", flush=True)
        round_ = 0
        while True:
            for game in range(GAMES_AGAIN):
                score = again_score(round_, game)
                store.record_attempt(attempt("again", score, won=False, minutes=game,
                                             game=f"again-g{game}"))
                print(f"attempt again-g{game} {score}", flush=True)
            round_ += 1


def main() -> None:
    if sys.argv[2] == "again":
        again(Path(sys.argv[1]))
        return
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
