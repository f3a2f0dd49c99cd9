"""A campaign in words, the same on the command line and on the screens.

The facts (who won, what comes next) come from `companion.rules.campaign`; this module
only says them in the player's language, once for both the CLI and the app.
"""

from __future__ import annotations

from companion.i18n import t
from companion.rules.campaign import Campaign, CardColour, ScenarioPlay


def status(campaign: Campaign) -> str:
    """What comes next: the next envelope, the final's replay, or the campaign's winner."""
    if campaign.awaiting_replay:
        return t("Perfect tie in the final scenario: replay {envelope} and record it again.",
                 envelope=campaign.next_envelope)
    if campaign.finished:
        return t("Campaign over: {player} wins the campaign.", player=campaign.final_winner)
    return t("Next envelope: {envelope} (scenario {number} of {total}).",
             envelope=campaign.next_envelope, number=len(campaign.plays) + 1,
             total=campaign.box.scenarios_played)


def winners_text(play: ScenarioPlay) -> str:
    if not play.winners:
        return t("nobody won")
    if len(play.winners) == 1:
        return t("{player} wins", player=play.winners[0])
    return t("shared victory: {players}", players=", ".join(play.winners))


def colour_word(colour: CardColour) -> str:
    return {CardColour.ORANGE: t("orange"), CardColour.GREY: t("grey")}[colour]
