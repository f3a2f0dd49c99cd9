"""A campaign box read as data (companion.rules.campaign.box): every fault of a box file is
refused with its whole message, the edges a box may sit on are accepted, and the
names, notes, envelopes and card ids a box answers with are the ones the players see."""

from __future__ import annotations

from typing import Any

import pytest
from campaign_samples import PATTERN, tiny

from companion.rules.campaign import CampaignBox
from companion.rules.errors import Refusal, Rejected


@pytest.mark.parametrize(("changes", "message"), [
    ({"id": "  "}, "A campaign box needs an id"),
    ({"names": {"fr": "Petite trilogie"}}, "Campaign box tiny needs an English name"),
    ({"names": {"en": "  "}}, "Campaign box tiny needs an English name"),
    ({"envelopes": ()}, "Campaign box tiny lists no envelopes"),
    ({"envelopes": ("A", " ")}, "Campaign box tiny has an empty envelope id"),
    ({"envelopes": ("A", "B", "a")}, "Campaign box tiny lists envelope a twice"),
    ({"scenarios_played": 0},
     "Campaign box tiny: scenarios_played must be between 1 and the number of envelopes (3),"
     " not 0"),
    ({"scenarios_played": 4},
     "Campaign box tiny: scenarios_played must be between 1 and the number of envelopes (3),"
     " not 4"),
    ({"min_players": 0},
     "Campaign box tiny: players must range from at least 1 up to a larger or equal maximum,"
     " not 0 to 3"),
    ({"min_players": 4},
     "Campaign box tiny: players must range from at least 1 up to a larger or equal maximum,"
     " not 4 to 3"),
    ({"card_id_pattern": "("},
     "Campaign box tiny: card_id_pattern is not a valid pattern (missing ), unterminated"
     " subpattern at position 0)"),
])
def test_a_faulty_box_is_refused_with_its_whole_message(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(Rejected) as refused:
        tiny(**changes)
    assert refused.value.kind is Refusal.MALFORMED
    assert str(refused.value) == message


@pytest.mark.parametrize("changes", [
    {"scenarios_played": 1},  # a single scenario is a campaign too
    {"scenarios_played": 3},  # every envelope played
    {"min_players": 1, "max_players": 1},  # a box for one number of players
    {"min_players": 3, "max_players": 3},
])
def test_a_box_on_the_edge_of_its_ranges_is_accepted(changes: dict[str, Any]) -> None:
    box = tiny(**changes)
    assert {name: getattr(box, name) for name in changes} == changes


def test_names_and_notes_fall_back_to_english() -> None:
    box = tiny(notes={"en": ("Open A first.",), "fr": ("Ouvrez A d'abord.",)})
    assert box.name == "Tiny Trilogy"
    assert box.name_in("fr") == "Petite trilogie"
    assert box.name_in("de") == "Tiny Trilogy"
    assert box.notes_in("fr") == ("Ouvrez A d'abord.",)
    assert box.notes_in("de") == ("Open A first.",)
    assert tiny(names={"en": "Tiny Trilogy", "fr": ""}).name_in("fr") == "Tiny Trilogy"
    assert tiny(notes={"en": ("Open A first.",), "fr": ()}).notes_in("fr") == ("Open A first.",)
    assert tiny().notes_in("fr") == ()  # a box without notes has none in any language
    assert tiny().notes_in("en") == ()


def test_an_envelope_is_found_however_it_is_typed() -> None:
    box = tiny(envelopes=("C01-SC01", "C01-SC02"))
    assert box.envelope(" c01-sc02 ") == "C01-SC02"
    with pytest.raises(Rejected) as refused:
        box.envelope("C01-SC03")
    assert refused.value.kind is Refusal.UNKNOWN_ENVELOPE
    assert str(refused.value) == (
        "Unknown envelope 'C01-SC03': Tiny Trilogy has C01-SC01, C01-SC02")


def test_a_card_id_is_cleaned_and_at_most_80_characters_long() -> None:
    box = tiny()
    assert box.check_card_id("  PAX-10   (1-01) ") == "PAX-10 (1-01)"
    longest = "x" * 80
    assert box.check_card_id(longest) == longest
    with pytest.raises(Rejected) as refused:
        box.check_card_id(longest + "y")
    assert refused.value.kind is Refusal.TOO_LONG
    assert str(refused.value) == f"Campaign card id '{longest}…' is longer than 80 characters"
    with pytest.raises(Rejected) as refused:
        box.check_card_id(" \t ")
    assert refused.value.kind is Refusal.MALFORMED
    assert str(refused.value) == "A campaign card needs its id, as printed on the card"


@pytest.mark.parametrize(("example", "shown"), [
    ("PAX-10 (1-01)", "PAX-10 (1-01)"),
    ("", PATTERN),  # no example: the pattern is all the box can show
])
def test_a_card_id_must_be_written_as_printed(example: str, shown: str) -> None:
    box = tiny(card_id_pattern=PATTERN, card_id_example=example)
    assert box.check_card_id("Spy (1-02)") == "Spy (1-02)"
    with pytest.raises(Rejected) as refused:
        box.check_card_id("PAX-10")
    assert refused.value.kind is Refusal.UNKNOWN_CARD
    assert str(refused.value) == (
        f"'PAX-10' is not a campaign card id of Tiny Trilogy: write it as printed, like '{shown}'")


def test_a_box_file_gives_every_field() -> None:
    box = CampaignBox.from_json({
        "id": "tiny",
        "names": {"en": " Tiny Trilogy ", "fr": "Petite trilogie"},
        "envelopes": ["Act  1", " Act 2", "Act 3"],
        "scenarios_played": 2,
        "min_players": 2,
        "max_players": 3,
        "expansion": "base",
        "card_id_pattern": PATTERN,
        "card_id_example": "Spy (1-02)",
        "notes": {"en": ["Open Act 1 first."]},
        "translated_names": ["fr"],
    })
    assert box == CampaignBox(
        id="tiny",
        names={"en": "Tiny Trilogy", "fr": "Petite trilogie"},
        envelopes=("Act 1", "Act 2", "Act 3"),
        scenarios_played=2,
        min_players=2,
        max_players=3,
        expansion="base",
        card_id_pattern=PATTERN,
        card_id_example="Spy (1-02)",
        notes={"en": ("Open Act 1 first.",)},
        translated_names=("fr",),
    )
