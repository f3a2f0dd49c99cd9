"""`companion check` names exactly the fields of a game its moves contradict. A score
is compared by its total: an older app kept fewer rows of it, which is no error."""

from __future__ import annotations

from pathlib import Path

from store_samples import play, record

from companion.rules.planning import drafts
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


def test_a_game_whose_drafted_cards_are_wrong_is_told_by_them(folder: Path) -> None:
    """The card picker ranks what a game drafted: a record that says other cards is told."""
    game = play(1)
    honest = drafts(game.actions)
    with open_store(folder) as store:
        store.save_game(record("g", game, drafted=honest))
        store.save_game(record("h", play(2), minutes=1, drafted=honest))
    report = check_folder(folder)
    assert [str(p) for p in report.problems] == [
        f"archive/2025-01.json: games[2]: its drafted are not what its moves give (finished:"
        f" True, score {play(2).state.score().total})"]
