"""Campaign screens: a War or Peace campaign created, recorded, undone and finished by taps.

The campaign is the one of tests/scenarios/test_campaign_rules.py's end-to-end test,
with its hand-made numbers: Ann, Bob and Cid; C01-SC01 (Bob 61 wins, Bob gains the
orange PAX-10, Ann the grey Spy), C01-SC02 (Ann 70 wins; the resolution sends them to
C01-SC04), C01-SC04 (Cid 75 wins, gains the orange Hacking), C01-SC05 (Ann 80 wins),
then the final C01-SC06 ends 90–90 between Ann and Bob, is replayed, and Bob wins 91.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from builders import memory_services
from harness import Ui

from companion.rules.campaign import Campaign, campaign_slug
from companion.shipped.scenarios import campaign_boxes
from companion.usecases.services import MemoryBackend

PAX = "PAX-10 (1-01)"
SPY = "Spy (1-02)"
HACKING = "Hacking (1-04)"


@pytest.fixture
def backend() -> MemoryBackend:
    return MemoryBackend(player_list=["Ann", "Zoe"])


@pytest.fixture
def app(open_ui: Callable[..., Ui], backend: MemoryBackend) -> Ui:
    services = memory_services(backend)
    return open_ui(services, route="/campaigns")


def stored(backend: MemoryBackend) -> Campaign:
    assert len(backend.campaign_list) == 1
    return Campaign.from_json(backend.campaign_list[-1], campaign_boxes())


def create(ui: Ui) -> None:
    ui.click("New campaign")
    assert ui.route == "/campaigns/new"
    ui.fill("Campaign name", "Friday nights!")
    ui.click("One more player")
    ui.click("Ann", within="quick-picks")  # a player the app already knows
    ui.fill("Name of player 2", "Bob")
    ui.fill("Name of player 3", "Cid")
    assert ui.names("quick-picks") == ["Zoe"]
    ui.click("Create the campaign")


def scores(ui: Ui, ann: str, bob: str, cid: str) -> None:
    ui.fill("Ann's score", ann)
    ui.fill("Bob's score", bob)
    ui.fill("Cid's score", cid)


def gain(ui: Ui, number: int, player: str, card: str, colour: str) -> None:
    ui.click("Add a campaign card gained")
    ui.click(player, within=f"card-{number}-player")
    ui.fill(f"Card {number}: id as printed", card)
    ui.click(colour, within=f"card-{number}-colour")


def test_a_campaign_from_creation_to_its_winner(app: Ui, backend: MemoryBackend) -> None:
    ui = app
    assert "No campaign yet" in ui.screen_text()
    create(ui)
    assert ui.route == "/campaigns/friday-nights"
    assert ui.text("progress") == "0 of 5 scenarios"
    assert ui.text("status") == "Next envelope: C01-SC01 (scenario 1 of 5)."
    assert stored(backend).players == ("Ann", "Bob", "Cid")

    # C01-SC01: the winner follows from the scores; two campaign cards are gained.
    ui.click("Record a scenario")
    assert ui.text("envelope") == "Scenario 1 of 5: envelope C01-SC01"
    scores(ui, "54", "61", "47")
    assert ui.text("outcome") == "Bob wins"
    gain(ui, 1, "Bob", PAX, "Orange (kept)")
    gain(ui, 2, "Ann", SPY, "Grey (this scenario only)")
    ui.click("Save the scenario")
    assert ui.route == "/campaigns/friday-nights"
    assert ui.text("status") == "Next envelope: C01-SC02 (scenario 2 of 5)."
    assert "Bob wins" in ui.text("play-1")
    assert "Ann: Spy (1-02) (grey)" in ui.text("play-1")
    assert PAX in ui.text("held-2")  # Bob keeps the orange card...
    assert "no campaign card" in ui.text("held-1")  # ...Ann's grey one is gone
    assert ui.has_id("legend")

    # C01-SC02: its resolution chooses C01-SC04 as the next envelope.
    ui.click("Record a scenario")
    scores(ui, "70", "66", "58")
    assert ui.text("outcome") == "Ann wins"
    ui.fill("Resolution (optional)", "Peace treaty")
    ui.click("C01-SC04", within="next")
    ui.click("Save the scenario")
    assert ui.text("status") == "Next envelope: C01-SC04 (scenario 3 of 5)."
    assert "Resolution: Peace treaty" in ui.text("play-2")
    assert "Next envelope chosen: C01-SC04" in ui.text("play-2")
    assert PAX in ui.text("held-2")  # orange: still Bob's two scenarios later

    # C01-SC04, recorded wrongly first (Ann's score), undone, then recorded right.
    ui.click("Record a scenario")
    assert ui.text("envelope") == "Scenario 3 of 5: envelope C01-SC04"
    scores(ui, "6", "72", "75")
    ui.click("Save the scenario")
    assert ui.text("progress") == "3 of 5 scenarios"
    ui.click("Undo the last record")
    ui.click("Undo it")
    assert "Removed the last record of Friday nights!" in ui.last_message()
    assert ui.text("progress") == "2 of 5 scenarios"
    assert len(stored(backend).plays) == 2
    ui.click("Record a scenario")
    scores(ui, "60", "72", "75")
    gain(ui, 1, "Cid", HACKING, "Orange (kept)")
    ui.click("Save the scenario")
    assert HACKING in ui.text("held-3") and PAX in ui.text("held-2")

    ui.click("Record a scenario")
    scores(ui, "80", "77", "79")
    ui.click("Save the scenario")
    assert ui.text("status") == "Next envelope: C01-SC06 (scenario 5 of 5)."
    assert ui.text("wins") == "Scenarios won: Ann 2, Bob 1, Cid 1"

    # The final: a perfect tie between Ann and Bob, replayed.
    ui.click("Record a scenario")
    assert ui.text("envelope") == "Scenario 5 of 5: envelope C01-SC06"
    scores(ui, "90", "90", "70")
    assert "Ann and Bob tie on 90" in ui.text("outcome")
    ui.click("Ann", within="winners")
    ui.click("Bob", within="winners")
    assert "C01-SC06 has no single winner" in ui.text("outcome")
    ui.click("Replay it", within="final")
    assert ui.text("outcome") == "shared victory: Ann, Bob"
    ui.click("Save the scenario")
    assert ui.text("status") == ("Perfect tie in the final scenario: replay C01-SC06 and"
                                 " record it again.")
    ui.click("Record a scenario")
    assert ui.text("envelope") == "Replay of the final scenario C01-SC06"
    scores(ui, "88", "91", "70")
    ui.click("Save the scenario")
    assert ui.text("status") == "Campaign over: Bob wins the campaign."
    assert "Final scenario replayed after 1 perfect tie" in ui.screen_text()
    assert "Record a scenario" not in ui.names()
    done = stored(backend)
    assert done.finished and done.final_winner == "Bob" and len(done.replayed) == 1

    ui.click("Back")
    assert ui.route == "/campaigns"
    assert "5 of 5 scenarios" in ui.text("campaign-friday-nights")
    assert "Bob wins the campaign" in ui.text("campaign-friday-nights")
    # Recording after the end: the form says the campaign is over and offers no save.
    ui.go("/campaigns/friday-nights/record")
    assert ui.text("status") == "Campaign over: Bob wins the campaign."
    assert "Save the scenario" not in ui.names()
    assert ui.accessibility_problems() == []


def test_refused_records_change_nothing(app: Ui, backend: MemoryBackend) -> None:
    ui = app
    create(ui)
    before = backend.campaign_list[0]
    ui.click("Record a scenario")
    scores(ui, "50", "61", "61")
    ui.click("Save the scenario")  # a tie needs its tie-break winner
    assert "Bob and Cid tie on 61 in C01-SC01: name the winner" in ui.last_message()
    ui.click("Ann", within="winners")
    ui.click("Save the scenario")
    assert "Ann scored 50, less than Bob's 61" in ui.last_message()
    ui.click("Ann", within="winners")
    ui.fill("Ann's score", "5x")
    assert "Ann's score as a whole number" in ui.text("outcome")
    ui.click("Save the scenario")
    assert "Ann's score as a whole number, like 54, not '5x'" in ui.last_message()
    ui.fill("Ann's score", "50")
    ui.click("Cid", within="winners")
    gain(ui, 1, "Bob", "PAX-10", "Orange (kept)")  # not written as printed
    ui.click("Save the scenario")
    assert "'PAX-10' is not a campaign card id of War or Peace" in ui.last_message()
    assert ui.route == "/campaigns/friday-nights/record"
    assert backend.campaign_list[0] == before
    ui.click("Remove card 1")
    ui.click("Save the scenario")
    assert ui.route == "/campaigns/friday-nights"
    assert "Cid wins" in ui.text("play-1")


def test_creation_refusals_and_unknown_campaign(app: Ui, backend: MemoryBackend) -> None:
    ui = app
    ui.click("New campaign")
    assert ui.accessibility_problems() == []
    ui.fill("Name of player 1", "Ann")
    ui.click("Create the campaign")
    assert ui.last_message() == "A campaign needs a name"
    ui.fill("Campaign name", "Duo")
    ui.fill("Name of player 2", "ann")
    ui.click("Create the campaign")
    assert "Player 'ann' is listed twice" in ui.last_message()
    assert backend.campaign_list == []
    ui.go("/campaigns/nothing-here")
    assert "No campaign 'nothing-here'" in ui.text("not-found")


def test_ids_are_made_from_the_name_as_the_cli_makes_them(app: Ui,
                                                          backend: MemoryBackend) -> None:
    assert campaign_slug("Soirées d'été / 2") == "soirees-dete-2"
    taken = Campaign.new("friday-nights", "Friday nights", campaign_boxes()["war-or-peace"],
                         ["Ann"])
    backend.save_campaign(taken.to_json())
    create(app)
    assert app.route == "/campaigns/friday-nights-2"


def test_a_scenario_won_by_its_own_condition_and_an_orange_card_lost(
        app: Ui, backend: MemoryBackend) -> None:
    ui = app
    create(ui)
    ui.click("Record a scenario")
    scores(ui, "54", "61", "47")
    gain(ui, 1, "Bob", PAX, "Orange (kept)")
    ui.click("Save the scenario")
    ui.click("Record a scenario")
    scores(ui, "70", "66", "58")
    ui.click("The scenario's own condition", within="victory")
    assert ui.text("outcome") == "nobody won"  # nobody met the scenario's condition
    ui.click(f"Bob: {PAX} (orange)", within="lost")
    assert ui.accessibility_problems() == []
    ui.click("Save the scenario")
    assert "nobody won" in ui.text("play-2")
    assert "Victory by the scenario's own condition" in ui.text("play-2")
    assert f"Bob: {PAX} (orange)" in ui.text("play-2")  # listed under the cards lost
    assert "no campaign card" in ui.text("held-2")
    assert stored(backend).plays[1].lost[0].id == PAX
