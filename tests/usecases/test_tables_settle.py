"""What a shared table decides for its seats (`companion.usecases.tables`): it refuses
what one seat may not do alone, and plays every seat's supremacy answer once all have
produced, into the acting seat's session and into the others' saved games alike.

Ana (Noram States A) produces 3 Materials, Bo (Panafrican Union A) 2 and Chloé (Aztec
Empire A) none: Ana alone takes the Materials bonus, a Financier."""

from __future__ import annotations

import logging

import pytest

from companion.rules.actions import End, NextStep, Opponents, Place, Start
from companion.rules.errors import Refusal, Rejected
from companion.shipped.catalog import catalog
from companion.store.errors import StoreError
from companion.usecases.services import MemoryBackend, Services
from companion.usecases.session import GameSession
from companion.usecases.tables import SharedTable, TableHub, table_hub

EMPIRES = ("Noram States", "Panafrican Union", "Aztec Empire")
NAMES = ("Ana", "Bo", "Chloé")


def services(backend: MemoryBackend | None = None) -> Services:
    return Services(catalog=catalog(), backend=backend or MemoryBackend())


def seated(hub: TableHub, players: int = 3) -> tuple[SharedTable, list[GameSession]]:
    table = hub.create(list(NAMES[:players]), "A", [])
    return table, [hub.join(table, seat, EMPIRES[seat]) for seat in range(players)]


def last_saved(services: Services, session: GameSession) -> object:
    record = services.backend.game(session.id)
    assert record is not None
    return GameSession.resume(services, record).game.actions[-1]


# --- what one seat may not do alone ---------------------------------------------------


@pytest.mark.parametrize("leaving", [NextStep(), End()])
def test_a_seat_leaves_a_production_step_only_once_every_seat_has_finished_it(
        leaving: NextStep | End) -> None:
    hub = table_hub(services())
    _, (ana, bo, chloe) = seated(hub)
    ana.play(NextStep())
    with pytest.raises(Rejected) as refused:
        hub.check(ana, leaving)
    assert (refused.value.kind, str(refused.value)) == (
        Refusal.STEP_UNFINISHED,
        "The step ends when every player has placed their cubes: waiting for Bo, Chloé")
    bo.play(NextStep())
    with pytest.raises(Rejected) as refused:
        hub.check(bo, leaving)
    assert str(refused.value) == ("The step ends when every player has placed their "
                                  "cubes: waiting for Ana, Chloé")
    hub.check(chloe, leaving)  # in Planning: leaving it waits for nobody


def test_what_a_seat_does_alone_is_not_the_tables_to_check() -> None:
    hub = table_hub(services())
    _, (ana, _, _) = seated(hub)
    ana.play(NextStep())
    hub.check(ana, Place(None, 1))  # cubes of its own, while the others are not there
    solo = GameSession.new(hub.services, Start(empire="Noram States"))
    solo.play(NextStep())
    hub.check(solo, NextStep())  # a game at no table: nobody to wait for


# --- supremacy, settled ---------------------------------------------------------------


NONE = "No Materials supremacy bonus this round"


@pytest.mark.parametrize(("acting", "told"), [
    (0, ["Materials: you produce 3", "Materials supremacy: you take 1 Financier"]),
    (1, ["Materials: you produce 2", NONE]),
    (2, ["Materials: you produce 0", NONE, NONE]),  # with 0 it was said at the step too
])
def test_the_last_seat_to_produce_settles_every_seat(acting: int, told: list[str]) -> None:
    """The acting seat announces what its step and its answer did, in that order."""
    shared = services()
    hub = table_hub(shared)
    _, seats = seated(hub)
    hooks: list[int] = []
    for number, session in enumerate(seats):
        session.on_played = lambda number=number: hooks.append(number)
    for number, session in enumerate(seats):
        if number != acting:
            session.play(NextStep())
    hub.settle(seats[acting])  # not everyone at the step yet: nothing to settle
    assert all(session.state.opponents is None for session in seats)
    hooks.clear()
    me = seats[acting]
    me.play(NextStep())
    hooks.clear()
    hub.settle(me)
    assert hooks == []  # the table's own work is no move of the seat's
    assert me.on_played is not None
    me.on_played()
    assert hooks == [acting]  # and its hook is back for its next move
    totals = (3, 2, 0)
    answers = [Opponents(totals[:n] + totals[n + 1:]) for n in range(3)]
    assert me.game.actions[-1] == answers[acting]
    for number, session in enumerate(seats):
        assert last_saved(shared, session) == answers[number]
    assert me.announcements() == told


def test_settling_again_changes_nothing() -> None:
    backend = MemoryBackend()
    shared = services(backend)
    hub = table_hub(shared)
    table, (ana, bo) = seated(hub, 2)
    ana.play(NextStep())
    bo.play(NextStep())
    saves = backend.saves
    assert hub.settle_table(table) == 2
    assert backend.saves == saves + 2
    assert hub.settle_table(table) == 0
    bo.reload()
    hub.settle(bo)
    assert backend.saves == saves + 2
    assert last_saved(shared, ana) == Opponents((2,))
    assert last_saved(shared, bo) == Opponents((3,))


def test_a_table_left_unsettled_by_a_stop_is_settled_when_the_host_starts() -> None:
    backend = MemoryBackend()
    first = table_hub(services(backend))
    table, (ana, bo) = seated(first, 2)
    other, (cy, _) = seated(first, 2)
    ana.play(NextStep())
    bo.play(NextStep())  # saved; the host stopped before it settled
    cy.play(NextStep())
    shared = services(backend)
    table_hub(shared).settle_every_table()
    assert last_saved(shared, ana) == Opponents((2,))
    assert last_saved(shared, bo) == Opponents((3,))
    assert last_saved(shared, cy) == NextStep()  # its table waits for its other seat
    assert table_hub(shared).settle_quietly(table) == 0
    assert other.id != table.id


def test_a_seat_without_its_game_is_given_no_answer() -> None:
    backend = MemoryBackend()
    hub = table_hub(services(backend))
    table, (ana, bo) = seated(hub, 2)
    ana.play(NextStep())
    bo.play(NextStep())
    ghost = SharedTable(table.id, table.names, "A", ("base",), [ana.id, None])
    hub._answer_saved(ghost, 1, Opponents((3,)))  # no game: nothing written
    hub._answer_saved(ghost, 0, Opponents((2,)))
    assert last_saved(hub.services, ana) == Opponents((2,))
    assert last_saved(hub.services, bo) == NextStep()


class Failing(MemoryBackend):
    """A data folder turned read-only after the seats' last moves."""

    broken = False

    def save_game(self, record: dict[str, object], expected_revision: int | None = None
                  ) -> int:
        if self.broken:
            raise StoreError("Cannot save\n   the game:  {reason}", reason="x" * 300)
        return super().save_game(record, expected_revision)


def test_a_settling_that_fails_is_logged_in_one_line_and_left_for_later(
        caplog: pytest.LogCaptureFixture) -> None:
    backend = Failing()
    hub = table_hub(services(backend))
    table, (ana, bo) = seated(hub, 2)
    ana.play(NextStep())
    bo.play(NextStep())
    backend.broken = True
    with caplog.at_level(logging.WARNING, logger="companion.usecases.tables"):
        assert hub.settle_quietly(table) == 0
    text = "Cannot save the game: " + "x" * 300
    assert [r.getMessage() for r in caplog.records] == [
        f"Table {table.id} not settled yet: StoreError: {text[:200]}"]
    with pytest.raises(StoreError):
        hub.settle_table(table)
    backend.broken = False
    assert hub.settle_quietly(table) == 2
