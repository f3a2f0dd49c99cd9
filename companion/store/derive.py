"""Derived values are derived: what an imported record claims about its own result.

A game record carries values the app works out from its moves, kept so that listing
years of history needs no replay: whether it is finished, its score, its round, the
cards it built and every card it drafted. An imported file could claim anything there
("finished, 999 points" for a game whose moves stop in round 4), so on import every
game is replayed and those values are worked out again. A record that claims otherwise
is corrected, not refused: its moves are the game, and refusing would lose the whole
file for a cache that is wrong; the import's result counts the corrected records, so
the player is told.

- A game played in the app: `finished`, `score`, `round` and `built` come from the
  replayed state, `drafted` from its moves (`planning.drafts`: an undone move waits on
  the redo list, so it is no draft). A game whose moves do not reach the end is
  imported unfinished (it joins the games in progress), however finished it says it
  is; a finished one is never "abandoned".
- A quick score (its tableaux were typed in after a game played without the app; its
  only move is the setup): each tableau's score, place and solo rank come from its cards
  and characters, and the game's score is the winner's. It is finished by nature.
- A scenario attempt whose game is in the same file, finished and of the same scenario,
  takes its score from that game and `won` and `medal` from the scenario's rules. Any
  other attempt of a known scenario gets the medal its score earns if it was won.
  Attempts of a scenario this app does not know are kept as they are.
- A campaign is rebuilt through `Campaign.from_json`, which replays its records with
  every check of the campaign rules: one that cannot be rebuilt is refused, with why.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.store.errors import Invalid

if TYPE_CHECKING:
    from companion.rules.campaign import CampaignBox
    from companion.rules.scenarios import Scenario

QUICK = "quick-score"
GAMES_CORRECTED = "games_corrected"
ATTEMPTS_CORRECTED = "attempts_corrected"


@dataclass(frozen=True)
class Played:
    """What the moves of one game give, for checking the attempt that names it."""

    finished: bool
    total: int | None
    built: tuple[int, ...]
    face: str
    scenario: str | None
    corrected: bool = False
    """The record claimed something else; it now says what the moves give."""


@dataclass
class Corrections:
    games: int = 0
    attempts: int = 0

    def counts(self) -> dict[str, int]:
        return {GAMES_CORRECTED: self.games, ATTEMPTS_CORRECTED: self.attempts}


def _changed(record: dict[str, Any], key: str, value: object) -> bool:
    """Set a derived field; True if the record said something else."""
    before = record.get(key)
    record[key] = value
    return before != value


def replay_game(game: dict[str, Any], where: str) -> Played:
    """Replay a checked game record and put its derived fields right (see the module)."""
    from companion.rules.errors import Rejected
    from companion.rules.game import Game
    from companion.rules.planning import drafts
    from companion.shipped.catalog import catalog

    payload = {"actions": game["actions"], "redo": game["redo"]}
    for key in ("version", "back"):  # "back": what the next Undo or Redo moves at once
        if key in game:
            payload[key] = game[key]
    try:
        replayed = Game.from_json(payload, catalog())
    except Rejected as exc:
        raise Invalid(f"{where}.actions", exc.template, **exc.params) from None
    except Exception as exc:
        raise Invalid(f"{where}.actions", "cannot be replayed ({reason})",
                      reason=type(exc).__name__) from None
    state = replayed.state
    built = state.built_ids()
    corrected = False
    if "built" in game:  # kept for the statistics; absent in older records
        corrected |= _changed(game, "built", built)
    if "drafted" in game:  # kept for the card picker; absent in older records
        corrected |= _changed(game, "drafted", drafts(replayed.actions))
    if "round" in game:
        corrected |= _changed(game, "round", state.round)
    if game.get("kind") == QUICK:
        claimed = _claims(game)
        total = _quick_score(game, where)
        corrected |= _changed(game, "finished", True) or _claims(game) != claimed
        return Played(True, total, tuple(built), state.empire.face, state.scenario, corrected)
    corrected |= _changed(game, "finished", state.finished)
    if state.finished:  # never "abandoned"; the record said unfinished, so is corrected
        game.pop("abandoned", None)
    score = state.score().as_dict() if state.finished else None
    corrected |= _total(game.get("score")) != _total(score)
    game["score"] = score
    return Played(state.finished, score["total"] if score is not None else None,
                  tuple(built), state.empire.face, state.scenario, corrected)


def _total(score: object) -> object:
    return score.get("total") if isinstance(score, dict) else score


def _claims(game: dict[str, Any]) -> list[object]:
    """What a quick score says of its results: its total, and each tableau's and place."""
    tableaux = game.get("tableaux")
    listed = tableaux if isinstance(tableaux, list) else []
    return [_total(game.get("score")), *((_total(e.get("score")), e.get("place"))
                                         for e in listed if isinstance(e, dict))]


def _quick_score(game: dict[str, Any], where: str) -> int:
    """Score every tableau of a quick score again; returns the game's (winner's) total."""
    from companion.rules.errors import Rejected
    from companion.rules.scoring import Standing, ranking, score, solo_rank
    from companion.shipped.catalog import catalog

    tableaux = game.get("tableaux")
    if not isinstance(tableaux, list) or not tableaux:
        raise Invalid(f"{where}.tableaux", "a quick score needs the list of its tableaux")
    cards = catalog()
    scores: list[dict[str, int]] = []
    faces: list[str] = []  # as the catalog reads them: "b" is face B
    standings: list[Standing] = []
    for number, entry in enumerate(tableaux):
        here = f"{where}.tableaux[{number}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("cards"), list):
            raise Invalid(here, "a tableau needs an empire, a face and its cards")
        try:
            built = [cards.card(card_id) for card_id, copies in entry["cards"]
                     for _ in range(_count(copies))]
            empire = cards.empire(entry["empire"], entry.get("face", "A"))
            result = score(empire, built, entry.get("generals", 0), entry.get("financiers", 0))
        except Rejected as exc:
            raise Invalid(here, exc.template, **exc.params) from None
        except (KeyError, TypeError, ValueError):
            raise Invalid(here, "a tableau needs an empire, a face and its cards as"
                          " [card number, copies] pairs") from None
        scores.append(result.as_dict())
        faces.append(empire.face)
        standings.append(Standing(result.total, len(built),
                                  entry.get("generals", 0) + entry.get("financiers", 0)))
    places = dict(ranking(standings))
    for number, entry in enumerate(tableaux):
        entry["score"] = scores[number]
        entry["place"] = places[number]
        if len(tableaux) == 1:
            rank = solo_rank(scores[number]["total"], faces[number])
            entry["solo_rank"] = None if rank is None else rank.value
    winner = min(range(len(tableaux)), key=lambda i: (places[i], i))
    game["score"] = {**scores[winner], "name": tableaux[winner].get("name")}
    return scores[winner]["total"]


def _count(copies: object) -> int:
    if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= 10:
        raise ValueError(copies)
    return copies


def derive_attempt(attempt: dict[str, Any], played: Played | None,
                   scenarios: Mapping[str, Scenario], where: str) -> bool:
    """Put an attempt's score, `won` and `medal` right; True if it claimed otherwise."""
    from companion.rules.errors import Rejected
    from companion.rules.scenarios import medal_for, scenario_result

    scenario = scenarios.get(attempt["scenario"])
    if scenario is None:
        return False
    before = dict(attempt)
    if (played is not None and played.finished and played.total is not None
            and played.scenario == scenario.id):
        try:
            result = scenario_result(scenario, played.built, played.total, played.face)
        except Rejected as exc:
            raise Invalid(f"{where}.game", exc.template, **exc.params) from None
        attempt["score"] = played.total
        attempt["won"] = result.won
        attempt["medal"] = result.medal.value if result.medal else None
    elif attempt["won"]:
        medal = medal_for(attempt["score"], scenario.thresholds)
        attempt["medal"] = medal.value if medal else None
    else:
        attempt["medal"] = None
    return attempt != before


def check_campaign(data: dict[str, Any], where: str,
                   boxes: Mapping[str, CampaignBox]) -> None:
    """Refuse a campaign the campaign rules cannot rebuild."""
    from companion.rules.campaign import Campaign
    from companion.rules.errors import Rejected

    try:
        Campaign.from_json(data, boxes)
    except Rejected as exc:
        raise Invalid(where, exc.template, **exc.params) from None
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise Invalid(where, "is not a campaign this app can read ({reason})",
                      reason=type(exc).__name__) from None


@dataclass
class Known:
    """The scenarios and campaign boxes an import is checked against."""

    scenarios: Mapping[str, Scenario] = field(default_factory=dict)
    boxes: Mapping[str, CampaignBox] = field(default_factory=dict)

    @classmethod
    def shipped(cls, user_scenarios: Mapping[str, Scenario] | None = None) -> Known:
        from companion.shipped.scenarios import campaign_boxes, shipped_scenarios

        return cls({**shipped_scenarios(), **(user_scenarios or {})}, campaign_boxes())


def correction_notes(counts: Mapping[str, int]) -> list[str]:
    """What an import corrected, in sentences for the player (empty if nothing)."""
    from companion.i18n import tn

    notes: list[str] = []
    if counts.get(GAMES_CORRECTED):
        notes.append(tn("{count} game said a score or an end that its moves do not give;"
                        " what the moves give was kept.",
                        "{count} games said a score or an end that their moves do not give;"
                        " what the moves give was kept.", counts[GAMES_CORRECTED]))
    if counts.get(ATTEMPTS_CORRECTED):
        notes.append(tn("{count} scenario attempt said a result that its score or game"
                        " does not give; the result worked out by the scenario's rules was"
                        " kept.",
                        "{count} scenario attempts said a result that their score or game"
                        " does not give; the result worked out by the scenario's rules was"
                        " kept.", counts[ATTEMPTS_CORRECTED]))
    return notes
