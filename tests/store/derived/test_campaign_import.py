"""An imported campaign is rebuilt by the campaign rules; one they cannot rebuild is
refused with where it is and why, whole (`derive.check_campaign`)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from companion.rules.campaign import Campaign
from companion.store.derive import Known, check_campaign
from companion.store.errors import Invalid

GOOD = {"id": "c-1", "name": "Friday", "box": "war-or-peace", "players": ["Ana", "Bo"],
        "scenarios": []}
FIRST = {"envelope": "C01-SC01", "scores": {"Ana": 54, "Bo": 61}, "winners": ["Bo"]}


@pytest.mark.parametrize(("changed", "message"), [
    ({"players": ["Ana", "ana"]},
     "campaigns[2]: Player 'ana' is listed twice; give each player a different name"),
    ({"scenarios": [FIRST | {"envelope": "C09"}]},
     "campaigns[2]: Unknown envelope 'C09': War or Peace has C01-SC01, C01-SC02, C01-SC03,"
     " C01-SC04, C01-SC05, C01-SC06"),
    ({"scenarios": [FIRST | {"scores": {"Ana": -5, "Bo": 61}}]},
     "campaigns[2]: Ana's score must be a whole number from 0 to 999, not -5"),
])
def test_a_campaign_its_rules_refuse_is_refused_with_their_words(changed: dict[str, Any],
                                                                message: str) -> None:
    with pytest.raises(Invalid) as refused:
        check_campaign(copy.deepcopy(GOOD | changed), "campaigns[2]", Known.shipped().boxes)
    assert str(refused.value) == message


def test_a_campaign_the_rules_rebuild_is_kept() -> None:
    check_campaign(copy.deepcopy(GOOD | {"scenarios": [FIRST]}), "campaigns[0]",
                   Known.shipped().boxes)


@pytest.mark.parametrize("error", [TypeError, ValueError, KeyError, AttributeError])
def test_a_campaign_the_rules_cannot_read_is_refused_with_the_error_s_kind(
        monkeypatch: pytest.MonkeyPatch, error: type[Exception]) -> None:
    """What the record checks did not foresee is still refused, never a crash."""
    def unforeseen(*args: object) -> Campaign:
        raise error("deep inside")

    monkeypatch.setattr(Campaign, "from_json", unforeseen)
    with pytest.raises(Invalid) as refused:
        check_campaign(copy.deepcopy(GOOD), "campaigns[1]", Known.shipped().boxes)
    assert str(refused.value) == (f"campaigns[1]: is not a campaign this app can read"
                                  f" ({error.__name__})")
