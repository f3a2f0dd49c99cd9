"""The game log's own words (`companion.usecases.game_log`), whole: its heading in the
singular and plural, each round's number, a step's supremacy note only once it is settled,
and what going back and bringing back say."""

from __future__ import annotations

from companion.rules.actions import NextStep, Opponents, Place, Start
from companion.shipped.catalog import catalog
from companion.usecases.game_log import brought_back_message, game_log, went_back_message
from companion.usecases.services import MemoryBackend, Services
from companion.usecases.session import GameSession


def new_game() -> GameSession:
    return GameSession.new(Services(catalog=catalog(), backend=MemoryBackend()),
                           Start(empire="Noram States"))


def test_a_new_game_has_one_move_its_setup() -> None:
    log = game_log(new_game())
    assert log.heading() == "1 move so far, latest first"
    assert (log.count, log.earliest, log.refusal) == (1, 1, None)


def test_each_round_of_the_log_has_its_number_latest_first() -> None:
    session = new_game()
    for _ in range(5):  # round 1: Planning and every production step
        session.play(NextStep())
        if session.state.to_place:
            session.play(Place(None, session.state.to_place))
    session.play(NextStep())  # round 2's Planning
    log = game_log(session)
    assert [r.number for r in log.rounds] == [2, 1]
    assert log.heading() == f"{log.count} moves so far, latest first"


def test_bringing_back_says_how_many_moves_and_where_the_game_is_again() -> None:
    session = new_game()
    session.play(NextStep())
    session.play(Place(None, 3))
    session.go_back(1)
    session.undo()
    assert brought_back_message(session, 2) == (
        "2 moves brought back, now at Round 1 · Production: Materials.")
    assert brought_back_message(session, 1) == (
        "1 move brought back, now at Round 1 · Production: Materials.")
    session.go_back(1)
    assert went_back_message(session, 2) == (
        "2 moves taken back, now at Round 1 · Planning. Undo brings them back.")


def test_a_step_whose_supremacy_is_still_to_settle_says_nothing_of_it_yet() -> None:
    """Until the other players' totals are given, nobody knows who takes the supremacy:
    the log must not say "No supremacy" for the step being played."""
    session = GameSession.new(Services(catalog=catalog(), backend=MemoryBackend()),
                              Start(empire="Noram States", mode="table", players=2))
    session.play(NextStep())  # Materials: Noram States A produces 3, the others unknown
    assert session.state.supremacy is None
    materials = game_log(session).rounds[0].steps[0]
    assert materials.title == "Materials"
    assert materials.notes == ()
    session.play(Opponents((2,)))  # 3 against 2
    assert game_log(session).rounds[0].steps[0].notes == (
        "Supremacy: you took 1 Financier",)
