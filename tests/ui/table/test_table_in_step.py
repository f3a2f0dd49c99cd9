"""A table of three phones stays in step: whatever one phone does, the others show at
once, with no reload: a seat opening a step, going back and undoing it, the end undone,
an Empire chosen, a seat taken over. And a seat is played on one phone at a time.

Ana plays Noram States A (M3 G1), Bruno Panafrican Union A (M2 S2), Chloé Aztec Empire
A (E2 X1: no Materials, so in round 1's Materials step she has nothing to place).
"""

from __future__ import annotations

from collections.abc import Callable

from builders import memory_services
from harness import Ui
from test_shared_table import play_round

from companion.usecases.services import Services
from companion.usecases.tables import table_hub

NAMES = ("Ana", "Bruno", "Chloé")
EMPIRES = ("Noram States", "Panafrican Union", "Aztec Empire")


def three_phones(open_ui: Callable[..., Ui], services: Services) -> tuple[Ui, list[Ui]]:
    """The host opens the table; each phone taps its name and its Empire."""
    host = open_ui(services, route="/tables/new")
    for number, name in enumerate(NAMES, start=1):
        host.fill(f"Name of player {number}", name)
    host.click("Open the table")
    table = host.route
    phones = []
    for name, empire in zip(NAMES, EMPIRES, strict=True):
        phone = open_ui(services, route=table, beside=host)
        phone.click(f"This is me: {name}")
        phone.click(empire)
        phones.append(phone)
    return host, phones


def open_materials(phones: list[Ui]) -> None:
    for phone in phones:
        phone.click("Start production")


def test_waiting_for_follows_each_seat_that_opens_the_step(
        open_ui: Callable[..., Ui]) -> None:
    _, (ana, bruno, chloe) = three_phones(open_ui, memory_services())
    ana.click("Start production")
    assert ana.text("waiting").startswith("Waiting for Bruno, Chloé:")
    bruno.click("Start production")  # Bruno produces 2 Materials
    assert ana.text("waiting").startswith("Waiting for Chloé:")
    assert bruno.text("waiting").startswith("Waiting for Chloé:")
    chloe.click("Start production")
    assert "Supremacy is yours (others: 2, 0)" in ana.text("supremacy")


def test_a_seat_that_produced_nothing_names_who_has_not_arrived_apart_from_who_places(
        open_ui: Callable[..., Ui]) -> None:
    _, (ana, bruno, chloe) = three_phones(open_ui, memory_services())
    chloe.click("Start production")  # 0 Materials: her supremacy is known at once
    assert chloe.text("waiting") == "Not at this step yet: Ana, Bruno"
    ana.click("Start production")
    bruno.click("Start production")
    assert chloe.text("waiting") == "Still placing: Ana, Bruno"
    ana.click("Place the cubes")
    assert chloe.text("waiting") == "Still placing: Bruno"
    bruno.click("Place the cubes")
    assert not chloe.has_id("waiting")
    assert chloe.is_enabled("Next: Energy")


def test_going_back_and_undoing_it_reach_the_other_phones(
        open_ui: Callable[..., Ui]) -> None:
    _, (ana, bruno, chloe) = three_phones(open_ui, memory_services())
    open_materials([ana, bruno, chloe])
    for phone in (ana, bruno):
        phone.click("Place the cubes")
    assert chloe.is_enabled("Next: Energy")
    bruno.click("Moves so far")
    bruno.click("Go back to here", within="move-3")  # before his placement
    assert chloe.text("waiting") == "Still placing: Bruno"
    assert not chloe.is_enabled("Next: Energy")
    assert ana.text("waiting") == "Still placing: Bruno"
    bruno.click("Undo: Bring back 1 move")
    assert not chloe.has_id("waiting")
    assert chloe.is_enabled("Next: Energy") and ana.is_enabled("Next: Energy")


def test_the_end_undone_reaches_the_other_phones(open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    _, phones = three_phones(open_ui, services)
    for _ in range(4):
        play_round(*phones)
    for phone in phones:
        assert phone.has_id("rank-1")
    phones[0].click("Undo: End the game")
    for phone in phones[1:]:
        assert not phone.has_id("rank-1")
        assert not phone.has_id("take-home")



def test_the_seats_page_shows_each_empire_as_soon_as_it_is_chosen(
        open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    host = open_ui(services, route="/tables/new")
    host.click("One player fewer")
    host.fill("Name of player 1", "Ana")
    host.fill("Name of player 2", "Bruno")
    host.click("Open the table")
    table = host.route
    bruno = open_ui(services, route=table, beside=host)
    assert bruno.text("seat-1") == "has not chosen an Empire yet"
    ana = open_ui(services, route=table, beside=host)
    ana.click("This is me: Ana")
    ana.click("Noram States")
    assert host.text("seat-1").startswith("Noram States")
    assert bruno.text("seat-1").startswith("Noram States")


def test_a_seat_played_on_another_phone_is_asked_for_then_taken_over(
        open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    host, (ana, bruno, _) = three_phones(open_ui, services)
    seat = ana.route
    # Bruno taps Ana's name on the host's seats page by mistake: asked, not seated.
    bruno.go(host.route)
    bruno.click("This is me: Ana")
    assert bruno.text("seat-held") == ("Ana is playing on another phone: take this seat "
                                       "over here?")
    assert not bruno.has_id("phase")
    bruno.click("Back to the table")
    ana.click("Start production")  # Ana's phone plays on, untouched
    assert "Production: Materials" in ana.text("phase")
    # Ana's phone is lost: her new phone takes the seat over, once asked.
    new_phone = open_ui(services, route=seat, beside=host)
    assert new_phone.has_id("seat-held")
    new_phone.click("Take this seat over here")
    assert "Production: Materials" in new_phone.text("phase")
    # The old phone says so at once, and its moves are refused.
    assert ana.text("seat-lost") == ("Ana's seat is now played on another phone: this "
                                     "phone no longer plays it.")
    assert not ana.has_id("phase")
    game = table_hub(services).find(seat.split("/")[2])
    assert game is not None and table_hub(services).holder(game, 0) != ana.session.id


def test_a_tab_gone_for_good_frees_its_seat_and_a_reload_keeps_it(
        open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    host, (ana, bruno, _) = three_phones(open_ui, services)
    seat = ana.route
    ana.disconnect()  # a reload under way on the same device: it sits again unasked
    again = open_ui(services, route=seat, beside=host)
    assert again.has_id("phase-panel") and not again.has_id("seat-held")
    bruno.go(bruno.route)
    again.expire()  # gone for good: the seat is free for anyone
    other = open_ui(services, route=seat, beside=host)
    assert other.has_id("phase-panel")


def test_the_hosts_home_screen_follows_the_seats(open_ui: Callable[..., Ui]) -> None:
    services = memory_services()
    host, (ana, _, _) = three_phones(open_ui, services)
    table = table_hub(services).find(host.route.split("/")[2])
    assert table is not None and table.seats[0] is not None
    host.go("/")
    entry = f"ongoing-{table.seats[0]}"
    assert "Round 1 · Planning" in host.text(entry)
    ana.click("Start production")
    assert "Round 1 · Production: Materials" in host.text(entry)
