"""`companion check` names exactly the fields of a game its moves contradict. A score
is compared by its total: an older app kept fewer rows of it, which is no error."""

from __future__ import annotations

from pathlib import Path

from store_samples import play, record

from companion.store import open_store
from companion.store.check import check_folder


def test_a_game_whose_round_is_wrong_but_whose_total_is_right_is_told_by_its_round(
        folder: Path) -> None:
    game = play(1)
    total = game.state.score().total
    with open_store(folder) as store:
        store.save_game(record("g", game, round=99, score={"total": total}))
    report = check_folder(folder)
    assert [str(p) for p in report.problems] == [
        f"archive/2025-01.json: games[1]: its round are not what its moves give (finished:"
        f" True, score {total})"]
