"""Renaming and merging the players of the records (`companion.usecases.people`): what
the player is told, whole, what is saved, and the filters of the players' pages."""

from __future__ import annotations

from datetime import UTC, date
from typing import Any

import pytest

from companion.i18n import set_language
from companion.rules.errors import Refusal, Rejected
from companion.rules.players import OWNER, Period
from companion.usecases.people import (
    aliases,
    games_of,
    one_stop,
    period_from,
    rename,
    this_is_me,
)


class Settings:
    """The app's settings as `people` reads and writes them."""

    def __init__(self, **values: Any) -> None:
        self.values: dict[str, Any] = dict(values)

    def setting(self, key: str, default: Any) -> Any:
        return self.values.get(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        self.values[key] = value


def test_a_count_of_players_alone_filters_all_time() -> None:
    assert period_from("3", "all", date(2026, 7, 14), UTC) == (Period(3), 3, "all")
    assert period_from("5", None, date(2026, 7, 14)) == (Period(5), 5, "all")


@pytest.mark.parametrize("typed", ["", "   ", "x" * 61, "Ann\tB"])
def test_a_name_that_cannot_be_one_is_refused_whole(typed: str) -> None:
    settings = Settings()
    with pytest.raises(Rejected) as refused:
        rename(settings, "ann", "Ann", typed, [])
    assert (refused.value.kind, str(refused.value)) == (
        Refusal.BAD_NAME, "A player's name is 1 to 60 printable characters")
    assert settings.values == {}


def test_the_same_name_again_is_nothing_to_do() -> None:
    with pytest.raises(Rejected) as refused:
        rename(Settings(), "ann", "Ann", " Ann ", ["ann"])
    assert (refused.value.kind, str(refused.value)) == (
        Refusal.NOTHING_TO_DO, "Ann is already this player's name")


def test_a_name_already_played_merges_under_the_name_it_is_shown_by() -> None:
    settings = Settings()
    told, before = rename(settings, "bo", "Bo", "carla", {"bo": "Bo", "carla": "Carla"})
    assert told == "Bo and Carla are now one player: Carla."
    assert before == {} and settings.values["player_aliases"] == {"bo": "Carla"}
    told, _ = rename(Settings(), "bo", "Bo", "carla", {"bo": "Bo", "carla": ""})
    assert told == "Bo and carla are now one player: carla."


def test_the_apps_own_player_is_renamed_as_you() -> None:
    settings = Settings(player_aliases={"ann": "Ann"})
    told, before = rename(settings, OWNER, "", "Zoé", ["ann"])
    assert told == "You are now called Zoé."
    assert before == {"ann": "Ann"}
    assert settings.values["player_aliases"] == {"ann": "Ann", OWNER: "Zoé"}
    settings = Settings()
    rename(settings, OWNER, "Me", "Zoé", [])  # whatever name a screen passes for them
    assert settings.values["player_aliases"] == {OWNER: "Zoé"}


def test_this_is_me_makes_a_name_the_apps_own_player() -> None:
    settings = Settings()
    told, before = this_is_me(settings, "bob", "Bob")
    assert (told, before) == ("Bob was you: their games are now yours.", {})
    assert settings.values["player_aliases"] == {"bob": OWNER}
    settings = Settings()
    with pytest.raises(Rejected) as refused:
        this_is_me(settings, OWNER, "")
    assert refused.value.kind is Refusal.NOTHING_TO_DO and settings.values == {}
    assert str(refused.value) == "These games are already yours"


def test_you_merged_into_a_name_already_played_are_still_called_you() -> None:
    told, _ = rename(Settings(), OWNER, "", "carla", {"carla": "Carla"})
    assert told == "You and Carla are now one player: Carla."


def test_you_take_your_own_sentences_in_every_language() -> None:
    set_language("fr")
    assert rename(Settings(), OWNER, "", "Zoé", [])[0] == "Vous vous appelez désormais Zoé."
    assert this_is_me(Settings(), "bob", "Bob")[0] == (
        "Bob, c'était vous : ses parties sont désormais les vôtres.")
    set_language("de")
    assert rename(Settings(), OWNER, "", "Zoé", [])[0] == "Du heißt jetzt Zoé."


@pytest.mark.parametrize(("name", "told"), [
    ("Carla M.", "Bo is now called Carla M."),
    ("Carla…", "Bo is now called Carla…"),
    ("Carla!", "Bo is now called Carla!"),
    ("Carla?", "Bo is now called Carla?"),
    ("Carla", "Bo is now called Carla."),
    ("Carla,", "Bo is now called Carla,."),
])
def test_a_name_with_its_own_stop_ends_the_sentence(name: str, told: str) -> None:
    assert rename(Settings(), "bo", "Bo", name, ["bo"])[0] == told


@pytest.mark.parametrize(("sentence", "name", "kept"), [
    ("Bo is now called Carla M..", "Carla M.", "Bo is now called Carla M."),
    ("Carla M. and Bo are now one player: Bo.", "Carla M.",
     "Carla M. and Bo are now one player: Bo."),
    ("A.", "A.", "A."),
    ("Is it A!.", "A!", "Is it A!"),
])
def test_one_stop_only_drops_the_stop_after_a_final_name(sentence: str, name: str,
                                                         kept: str) -> None:
    assert one_stop(sentence, name) == kept


def test_the_games_are_read_with_the_names_the_players_are_known_by() -> None:
    records = [{"id": "q", "kind": "quick-score", "mode": "table", "finished": True,
                "updated": "2026-01-01T10:00:00", "tableaux": [
                    {"name": "ann", "score": {"total": 50}, "place": 1,
                     "empire": "Noram States"},
                    {"name": "Bob", "score": {"total": 40}, "place": 2,
                     "empire": "Aztec Empire"}]}]
    settings = Settings(player_aliases={"ann": "Anne"})
    [game] = games_of(records, settings)
    assert [(s.name, s.total, s.place) for s in game.seats] == [("Anne", 50, 1),
                                                                ("Bob", 40, 2)]
    assert games_of(records, Settings(player_aliases="not a mapping"))[0].seats[0].name == (
        "ann")
    assert aliases(Settings()) == {}
