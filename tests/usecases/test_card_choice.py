"""The keyboard-free card picker's choices: the types and cards in play, likely first, and
the cards no copy of which can be in a hand, refused before the tap with the reason."""

from __future__ import annotations

from companion.rules.actions import Construct, NextStep, Recycle, Start
from companion.rules.cards import CardType
from companion.rules.errors import Refusal
from companion.rules.game import Game
from companion.shipped.catalog import Catalog
from companion.usecases.card_choice import (
    choices,
    copy_refusal,
    device_drafts,
    game_drafts,
    likely_first,
    types_in_play,
)
from companion.usecases.services import MemoryBackend, Services


def table_seat(cards: Catalog, empire: str) -> Game:
    return Game.new(Start(empire=empire, face="A", mode="table", players=2), cards)


def test_the_types_are_those_the_expansions_in_play_have(cards: Catalog) -> None:
    five = [CardType.STRUCTURE, CardType.VEHICLE, CardType.RESEARCH, CardType.PROJECT,
            CardType.DISCOVERY]
    assert types_in_play(cards.cards, ["base"]) == five
    assert types_in_play(cards.cards, ["base", "ca"]) == five  # C&A has the same five
    assert types_in_play(cards.cards, ["base", "wop"]) == [*five, CardType.MEMORIAL]


def test_a_grid_holds_one_type_of_the_expansions_in_play_in_the_box_order(
        cards: Catalog) -> None:
    grid = choices(cards.cards, CardType.VEHICLE, ["base"], (), {}, lambda card: None)
    box = [c for c in cards.cards if c.type is CardType.VEHICLE and c.expansion.value == "base"]
    assert [choice.card for choice in grid] == box  # nothing drafted yet: the box's order
    assert len(grid) == 9  # cards.csv: the base game's 9 Vehicles
    assert not any(choice.required or choice.refused for choice in grid)
    with_ca = choices(cards.cards, CardType.VEHICLE, ["base", "ca"], (), {}, lambda c: None)
    assert len(with_ca) > len(grid)


def test_required_cards_come_first_then_the_most_drafted(cards: Catalog) -> None:
    zeppelin, tank, icebreaker, submarine, carrier = (cards.card(name) for name in (
        "Zeppelin", "Tank Division", "Icebreaker", "Submarine", "Aircraft Carrier"))
    drafted = {zeppelin.id: 1, tank.id: 5, carrier.id: 2}
    grid = choices(cards.cards, CardType.VEHICLE, ["base"], {icebreaker.id, submarine.id},
                   drafted, lambda card: None)
    order = [choice.card for choice in grid]
    box = [c for c in cards.cards if c.type is CardType.VEHICLE and c.expansion.value == "base"]
    first_two = sorted((icebreaker, submarine), key=box.index)  # required: the box's order
    assert order[:5] == [*first_two, tank, carrier, zeppelin]
    assert order[5:] == [c for c in box if c not in order[:5]]
    assert [choice.required for choice in grid[:3]] == [True, True, False]


def test_likely_first_keeps_the_given_order_among_equals(cards: Catalog) -> None:
    box = list(cards.cards[:6])
    assert likely_first(box, (), {}) == box
    assert likely_first(box, (), {box[4].id: 1, box[2].id: 1}) == [
        box[2], box[4], box[0], box[1], box[3], box[5]]


def test_a_card_whose_every_copy_is_in_this_empire_is_refused_with_the_reason(
        cards: Catalog) -> None:
    carrier = cards.card("Aircraft Carrier")  # 1 copy
    game = Game.new(Start(empire="Noram States", face="A"), cards)
    assert copy_refusal(carrier, game.state) is None
    game.play(Construct(carrier.id))
    refused = copy_refusal(carrier, game.state)
    assert refused is not None and refused.kind is Refusal.NO_COPY_LEFT
    assert str(refused) == "The deck has 1 Aircraft Carrier, already in your Empire or under " \
                           "construction"
    grid = choices(cards.cards, CardType.VEHICLE, ["base"], (), {},
                   lambda card: copy_refusal(card, game.state))
    assert [c.card.name for c in grid if c.refused] == ["Aircraft Carrier"]
    assert grid[-1].card == carrier  # what cannot be taken comes last
    drafted = {carrier.id: 9}
    assert choices(cards.cards, CardType.VEHICLE, ["base"], {carrier.id}, drafted,
                   lambda card: copy_refusal(card, game.state))[-1].card == carrier


def test_a_shared_table_seat_sees_the_cards_the_others_hold_every_copy_of(
        cards: Catalog) -> None:
    """Refused before the tap: the grid marks the card, with the reason the table gives."""
    carrier, zeppelin = cards.card("Aircraft Carrier"), cards.card("Zeppelin")
    ana, bo = table_seat(cards, "Noram States"), table_seat(cards, "Panafrican Union")
    bo.play(Construct(carrier.id))  # the only copy: under construction in Bo's Empire
    seats = [ana.state, bo.state]
    refused = copy_refusal(carrier, ana.state, seats)
    assert refused is not None and refused.kind is Refusal.NO_COPY_LEFT
    assert str(refused) == "The deck has 1 Aircraft Carrier, already taken at this table"
    assert copy_refusal(carrier, ana.state) is None  # Ana's own Empire alone has none
    assert copy_refusal(zeppelin, ana.state, seats) is None
    assert copy_refusal(carrier, ana.state, [ana.state, None]) is None  # Bo not set up


def test_how_often_a_card_is_drafted_counts_builds_and_recycles(cards: Catalog) -> None:
    tank, zeppelin = cards.card("Tank Division"), cards.card("Zeppelin")
    game = Game.new(Start(empire="Noram States", face="A"), cards)
    for action in (Construct(tank.id), Recycle(zeppelin.id), Construct(tank.id)):
        game.play(action)
    assert game_drafts(game.actions) == {tank.id: 2, zeppelin.id: 1}


def finished(game_id: str, built: object, **more: object) -> dict[str, object]:
    return {"id": game_id, "finished": True, "updated": f"2026-01-0{len(game_id)}T10:00:00",
            "built": built, **more}


def test_the_device_counts_what_its_older_games_built_and_the_game_being_played(
        cards: Catalog) -> None:
    """Games saved before their records kept the cards drafted count the cards built."""
    services = Services(catalog=cards, backend=MemoryBackend(settings={}))
    tank, zeppelin, carrier = (cards.card(name).id for name in
                               ("Tank Division", "Zeppelin", "Aircraft Carrier"))
    assert device_drafts(services, []) == {}
    services.backend.save_game(finished("a", [tank, zeppelin]))
    services.backend.save_game(finished("bb", [tank], abandoned=True, finished=False))
    services.backend.save_game(finished("ccc", [carrier], finished=False))  # being played
    playing = [Construct(zeppelin), Recycle(carrier), NextStep()]
    assert device_drafts(services, playing) == {tank: 2, zeppelin: 2, carrier: 1}
    assert services.backend.setting("drafted_counts", None) is None  # nothing written


def test_a_card_often_drafted_to_be_recycled_comes_first(cards: Catalog) -> None:
    """The Zeppelin was drafted three times and never built: the Tank Division, built
    twice, comes after it; a card the scenario gave, built but not drafted, not at all."""
    services = Services(catalog=cards, backend=MemoryBackend(settings={}))
    tank, zeppelin, carrier, icebreaker = (cards.card(name).id for name in (
        "Tank Division", "Zeppelin", "Aircraft Carrier", "Icebreaker"))
    services.backend.save_game(finished("a", [tank, icebreaker],
                                        drafted=[zeppelin, tank, zeppelin]))
    services.backend.save_game(finished("bb", [tank, carrier], drafted=[tank, zeppelin, carrier]))
    services.backend.save_game(finished("ccc", [icebreaker], drafted=[]))  # nothing drafted
    assert device_drafts(services, []) == {zeppelin: 3, tank: 2, carrier: 1}
    grid = choices(cards.cards, CardType.VEHICLE, ["base"], (), device_drafts(services, []),
                   lambda card: None)
    assert [choice.card.id for choice in grid[:3]] == [zeppelin, tank, carrier]


def test_older_games_count_what_they_built_beside_newer_ones_drafts(cards: Catalog) -> None:
    services = Services(catalog=cards, backend=MemoryBackend(settings={}))
    tank, zeppelin = cards.card("Tank Division").id, cards.card("Zeppelin").id
    services.backend.save_game(finished("a", [tank], drafted=[zeppelin, zeppelin]))
    services.backend.save_game(finished("bb", [tank, tank]))  # saved before "drafted"
    assert device_drafts(services, [Recycle(zeppelin)]) == {zeppelin: 3, tank: 2}


def test_a_damaged_list_of_built_or_drafted_cards_counts_nothing(cards: Catalog) -> None:
    services = Services(catalog=cards, backend=MemoryBackend(settings={}))
    services.backend.save_game(finished("a", "18,45"))
    services.backend.save_game(finished("bb", [18, "45", True, None, 45]))
    assert device_drafts(services, []) == {18: 1, 45: 1}
    services.backend.save_game(finished("ccc", [18], drafted="18"))  # not the built ones
    services.backend.save_game(finished("dddd", [18], drafted=[45, False]))
    assert device_drafts(services, []) == {18: 1, 45: 2}
