"""What an import corrected is told to the player in whole sentences, one per kind of
record, in the singular or the plural (`derive.correction_notes`)."""

from __future__ import annotations

import pytest

from companion.store.derive import correction_notes

GAME = ("1 game said a score or an end that its moves do not give; what the moves give"
        " was kept.")
GAMES = ("3 games said a score or an end that their moves do not give; what the moves"
         " give was kept.")
ATTEMPT = ("1 scenario attempt said a result that its score or game does not give; the"
           " result worked out by the scenario's rules was kept.")
ATTEMPTS = ("2 scenario attempts said a result that their score or game does not give;"
            " the result worked out by the scenario's rules was kept.")


@pytest.mark.parametrize(("games", "attempts", "notes"), [
    (0, 0, []),
    (1, 0, [GAME]),
    (3, 0, [GAMES]),
    (0, 1, [ATTEMPT]),
    (0, 2, [ATTEMPTS]),
    (3, 1, [GAMES, ATTEMPT]),
    (1, 2, [GAME, ATTEMPTS]),
])
def test_each_kind_of_correction_is_one_sentence(games: int, attempts: int,
                                                 notes: list[str]) -> None:
    counts = {"games_corrected": games, "attempts_corrected": attempts}
    assert correction_notes(counts) == notes


def test_a_count_left_out_is_nothing_to_tell() -> None:
    assert correction_notes({}) == []
    assert correction_notes({"attempts_corrected": 2}) == [ATTEMPTS]
