"""A scenario's words in the player's language, and the attempts of the history as they
are read back: which stored field says won, which says when, and which attempt is the
first gold. The refusals are pinned whole: the scenario screens show them."""

from __future__ import annotations

import pytest

from companion.rules.errors import Refusal, Rejected
from companion.rules.scenarios import (
    Attempt,
    Scenario,
    ScenarioSetup,
    Thresholds,
    progress,
    scenario_result,
    setup_for,
)
from companion.shipped.scenarios import shipped_scenarios

BASE_1 = shipped_scenarios()["base-1"]  # gold at 115
GOLD = 120


def test_a_scenario_speaks_the_players_language_else_english() -> None:
    assert BASE_1.name_in("fr") == "Vers le centre de la Terre"
    assert BASE_1.name_in("ja") == "To the Center of the Earth"
    assert BASE_1.summary_in("fr").startswith("Notre expédition polaire a trouvé un passage")
    assert BASE_1.summary_in("ja") == BASE_1.summary["en"]
    bare = Scenario(id="mine", expansion="base", names={"en": "Mine"}, required=(),
                    thresholds=Thresholds(70, 95, 115))
    assert (bare.name_in("fr"), bare.summary_in("fr")) == ("Mine", "")


def test_the_setup_names_its_scenario() -> None:
    assert setup_for(BASE_1) == ScenarioSetup(scenario="base-1", face="B",
                                              required=BASE_1.required, expansions=("base",))


def test_a_scenario_on_the_wrong_face_is_refused_in_words() -> None:
    with pytest.raises(Rejected) as refused:
        scenario_result(BASE_1, BASE_1.required, 100, "A")
    assert (refused.value.kind, str(refused.value)) == (
        Refusal.EMPIRE_FACE, "Scenario base-1 is played with Empire face B, not face A")


@pytest.mark.parametrize(("record", "kind", "message"), [
    ({"total": "90", "won": True}, Refusal.BAD_NUMBER,
     "An attempt needs a whole-number total, not 90"),
    ({"total": 90, "won": True, "medal": "platinum"}, Refusal.NOT_AN_OPTION,
     "An attempt's medal must be bronze, silver or gold, not platinum"),
    ({"total": 90, "won": "yes"}, Refusal.MALFORMED,
     "An attempt's 'won' must be true or false, not yes"),
])
def test_an_unusable_attempt_is_refused_in_words(record: dict[str, object], kind: Refusal,
                                                 message: str) -> None:
    with pytest.raises(Rejected) as refused:
        Attempt.from_mapping(record)
    assert (refused.value.kind, str(refused.value)) == (kind, message)


@pytest.mark.parametrize(("record", "won"), [
    ({"total": 50}, False),  # nothing says it was won
    ({"total": 120, "medal": "gold"}, True),  # only a won game has a medal
    ({"total": 120, "missing": [51]}, False),
    ({"total": 120, "missing": []}, True),
    ({"total": 120, "missing": [], "won": False}, False),  # "won" itself has the last word
])
def test_whether_an_attempt_was_won(record: dict[str, object], won: bool) -> None:
    assert Attempt.from_mapping(record).won is won


@pytest.mark.parametrize(("record", "date"), [
    ({"date": "2024-01-01"}, "2024-01-01"),
    ({"finished": "2024-01-02T20:00:00"}, "2024-01-02T20:00:00"),
    ({"ended": "2024-01-03"}, "2024-01-03"),
    ({"played": "2024-01-04"}, "2024-01-04"),
    ({"played": "2024-01-04", "finished": "2024-01-05"}, "2024-01-05"),
    ({}, None),
])
def test_when_an_attempt_was_played(record: dict[str, object], date: str | None) -> None:
    assert Attempt.from_mapping({"total": 80, "won": True, **record}).date == date


@pytest.mark.parametrize(("dates", "first"), [
    # A date with words after it still counts by its day: January before March.
    (("2024-03-01T09:00:00", "2024-01-10 evening"), "2024-01-10 evening"),
    # A date that cannot be read comes after every date that can, whatever its letters.
    (("(lost)", "2024-05-01"), "2024-05-01"),
    (("someday", "2024-05-01T10:00:00+02:00"), "2024-05-01T10:00:00+02:00"),
    # An attempt without a date comes last of all.
    ((None, "last spring"), "last spring"),
    ((None, "2024-05-01"), "2024-05-01"),
])
def test_the_first_gold_is_the_earliest_date(dates: tuple[str | None, ...],
                                             first: str) -> None:
    attempts = [Attempt(total=GOLD, won=True, date=d) for d in dates]
    assert progress(attempts, BASE_1).first_gold == first
    assert progress(reversed(attempts), BASE_1).first_gold == first
