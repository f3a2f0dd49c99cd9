"""`companion check` reports each problem whole: the file, where in it and what, in the
player's words, and counts what it read. Each case below spoils a good folder in one way,
as a hand edit, a crash or another program could, and states the whole report.

The good folder: games "done" (January 2025) and "later" (February) in the archive,
"going" in ongoing.json, two honest base-1 attempts, two campaigns, the player Zoé."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from store_samples import attempt, lost_scenario_game, play, record

from companion.rules.campaign import Campaign
from companion.shipped.scenarios import campaign_boxes
from companion.store import check, open_store
from companion.store.atomic import encode, read_regular, seal, unseal
from companion.store.check import Problem, check_folder

Damage = Callable[[Path], None]
GOOD = "Checked 5 files, 3 games, 2 scenario attempts and 2 campaigns: all is well."
MARK = {"id": "gone", "kind": "game", "deleted": "2025-05-01T10:00:00+00:00"}


def campaign(campaign_id: str) -> dict[str, Any]:
    return Campaign.new(campaign_id, campaign_id.title(), campaign_boxes()["war-or-peace"],
                        ["Ann", "Bob"]).to_json()


@pytest.fixture
def filled(folder: Path) -> Path:
    with open_store(folder) as store:
        store.save_game(record("done", play(1)))
        store.save_game(record("later", play(2), minutes=60 * 24 * 40))
        store.save_game(record("going", play(3, limit=30, finish=False), minutes=5))
        store.record_attempt(attempt("base-1", 100, medal="silver"))
        store.record_attempt(attempt("base-1", 50, won=False, minutes=1))
        store.save_campaign(campaign("friday"))
        store.save_campaign(campaign("sunday"))
        store.add_player("Zoé")
    return folder


def edited(name: str, change: Callable[[dict[str, Any]], object]) -> Damage:
    """Change one data file as a hand edit would, its checksum made good again."""
    def run(folder: Path) -> None:
        path = folder / name
        data = json.loads(unseal(path.read_bytes())[0])
        change(data)
        path.write_bytes(seal(encode(data)))
    return run


def stored(change: Callable[[Any], object]) -> Damage:
    def run(folder: Path) -> None:
        with open_store(folder) as store:
            change(store)
    return run


def both(*damages: Damage) -> Damage:
    def run(folder: Path) -> None:
        for damage in damages:
            damage(folder)
    return run


def written(name: str, content: bytes) -> Damage:
    def run(folder: Path) -> None:
        (folder / name).parent.mkdir(exist_ok=True)
        (folder / name).write_bytes(content)
    return run


def removed(name: str) -> Damage:
    return lambda folder: (folder / name).unlink()


def fifo(folder: Path) -> None:
    (folder / "ongoing.json").unlink()
    os.mkfifo(folder / "ongoing.json")


def flipped(folder: Path) -> None:
    path = folder / "ongoing.json"
    raw = bytearray(path.read_bytes())
    raw[len(raw) // 2] ^= 0x01
    path.write_bytes(bytes(raw))


def marked(**mark: object) -> Damage:
    return edited("store.json", lambda data: data.update(deleted={"1": MARK | mark}))


def lying_tableau(data: dict[str, Any]) -> None:
    data["games"]["1"]["tableaux"][0]["score"]["total"] = 998


QUICK = json.loads((Path(__file__).parent.parent / "fixtures" / "export-v3.json")
                   .read_text(encoding="utf-8"))["games"]
QUICK_GAME = next(game for game in QUICK if game.get("kind") == "quick-score")
"""Two tableaux scored by hand on 2025-06-08, Ana winning with 5 points."""


def scenario_claim(store: Any) -> None:
    """The attempt says it won gold with 130; its game, lost with 0 points, says not."""
    store.save_game(record("sc", lost_scenario_game(), scenario="base-1", minutes=10))
    store.record_attempt(attempt("base-1", 130, medal="gold", game="sc", minutes=2))


def summary(files: int = 5, games: int = 3, attempts: int = 2, campaigns: int = 2,
            problems: int = 1) -> str:
    """The last line, with the counts of the good folder unless told."""
    def counted(count: int, noun: str) -> str:
        return f"{count} {noun}" + ("" if count == 1 else "s")
    return (f"Checked {counted(files, 'file')}, {counted(games, 'game')},"
            f" {counted(attempts, 'scenario attempt')} and {counted(campaigns, 'campaign')}:"
            f" {counted(problems, 'problem')} found.")


def lists(game_id: str, month: str, what: str) -> str:
    return f"lists game {game_id} in archive/{month}.json, which {what}"


CHECKSUM = "its checksum does not match its content: it was changed or damaged on the disk"
FILES = [
    ("a damaged file (read, so counted)", flipped,
     [("ongoing.json", "", f"damaged: {CHECKSUM}")], summary(games=2)),
    ("a previous generation cut short", written("store.json.prev", b"{"),
     [("store.json.prev", "", "damaged: it is not valid JSON (cut short or corrupted)")],
     summary()),
    ("a pipe in place of a file", fifo,
     [("ongoing.json", "", "cannot be read: not a regular file")], summary(files=4, games=2)),
    ("a newer app's file", edited("store.json", lambda d: d["_meta"]["1"].update(
        schema_version=5)),
     [("store.json", "", "written by a newer version of the app (data version 5): update"
       " the app")], summary(attempts=0, campaigns=0)),
    ("a scenario file too deep", written("scenarios/deep.json", b"[" * 100 + b"]" * 100),
     [("scenarios/deep.json", "", "this scenario file is skipped: deep.json: lists and"
       " objects nested 100 deep; at most 64 is allowed")], summary()),
]
GAMES = [
    ("a game's record", edited("archive/2025-01.json",
                               lambda d: d["games"]["1"].update(mode="bogus")),
     [("archive/2025-01.json", "games[1].mode", "must be one of solo, table")], summary()),
    ("a game's moves", edited("archive/2025-01.json", lambda d: d["games"]["1"]["actions"]
                              .insert(1, {"type": "construct", "card": 99999})),
     [("archive/2025-01.json", "games[1].actions", "Action 2 (construct) cannot be replayed:"
       " There is no card number 99999: cards are numbered 1 to 129")], summary()),
    ("an ongoing game said finished", edited("ongoing.json", lambda d: d["games"]["1"].update(
        finished=True, score={"total": 999})),
     [("ongoing.json", "games[1]", "its finished, score are not what its moves give"
       " (finished: False, score None)")], summary()),
    ("a quick score's tableau", both(stored(lambda s: s.save_game(QUICK_GAME)),
                                     edited("archive/2025-06.json", lying_tableau)),
     [("archive/2025-06.json", "games[1]", "its tableaux are not what its moves give"
       " (finished: True, score 5)")], summary(files=6, games=4)),
]
HISTORY = [
    ("a month missing", removed("archive/2025-02.json"),
     [("store.json", "history[2]", lists("later", "2025-02", "is missing"))],
     summary(files=4, games=2)),
    ("a month without the game", edited("archive/2025-02.json",
                                        lambda d: d["games"]["1"].update(id="other")),
     [("store.json", "history[2]", lists("later", "2025-02", "does not have it"))],
     summary()),
    ("a month without games", edited("archive/2025-02.json", lambda d: d.pop("games")),
     [("store.json", "history[2]", lists("later", "2025-02", "does not have it"))],
     summary(games=2)),
]
ATTEMPTS = [
    ("an attempt's field", edited("store.json", lambda d: d["attempts"]["1"].update(
        score="x")),
     [("store.json", "attempts[1].score", "must be a whole number, not a string")],
     summary()),
    ("an unknown scenario", edited("store.json", lambda d: d["attempts"]["1"].update(
        scenario="nowhere-9")),
     [("store.json", "attempts[1].scenario", "'nowhere-9' is not a scenario this app"
       " knows")], summary()),
    ("a medal its score does not earn", edited("store.json", lambda d: d["attempts"]["1"]
                                               .update(medal="gold")),
     [("store.json", "attempts[1]", "says score 100, won: True, medal gold, but its"
       " scenario's rules give score 100, won: True, medal silver")], summary()),
    ("a result its game does not give", stored(scenario_claim),
     [("store.json", "attempts[3]", "says score 130, won: True, medal gold, but its"
       " scenario's rules give score 0, won: False, medal None")],
     summary(files=6, games=4, attempts=3)),
]
PEOPLE = [
    ("a campaign's name", edited("store.json", lambda d: d["campaigns"]["2"].update(
        name="")),
     [("store.json", "campaigns[2]", "A campaign needs a name")], summary()),
    ("a campaign's id", edited("store.json", lambda d: d["campaigns"]["1"].update(id="")),
     [("store.json", "campaigns[1].id", "must be 1 to 100 printable characters")],
     summary()),
    ("a player twice", edited("store.json", lambda d: d["players"].update(
        {"2": {"name": "zoé "}})),
     [("store.json", "players[2]", "'zoé' appears twice")], summary()),
    ("a player's name", edited("store.json", lambda d: d["players"].update(
        {"2": {"name": ""}})),
     [("store.json", "players[2].name", "a player's name must be 1 to 60 printable"
       " characters")], summary()),
    ("a setting", edited("store.json", lambda d: d.update(settings={"1": {"theme": "pink"}})),
     [("store.json", "settings[1].theme", "must be one of system, light, dark")], summary()),
]
MARKS = [
    ("an ongoing game", marked(id="going"),
     [("store.json", "deleted[1]", "marks game going as deleted, but the game is still"
       " there")], summary()),
    ("a campaign", marked(id="sunday", kind="campaign"),
     [("store.json", "deleted[1]", "marks campaign sunday as deleted, but the campaign is"
       " still there")], summary()),
    ("a game only the history lists", both(removed("archive/2025-02.json"),
                                           marked(id="later")),
     [("store.json", "history[2]", lists("later", "2025-02", "is missing")),
      ("store.json", "deleted[1]", "marks game later as deleted, but the game is still"
       " there")], summary(files=4, games=2, problems=2)),
    ("a game only its month holds", both(edited("store.json", lambda d: d["history"].pop("1")),
                                         marked(id="done")),
     [("store.json", "deleted[1]", "marks game done as deleted, but the game is still"
       " there")], summary()),
]
CASES = FILES + GAMES + HISTORY + ATTEMPTS + PEOPLE + MARKS


@pytest.mark.parametrize(("damage", "problems", "last"), [case[1:] for case in CASES],
                         ids=[case[0] for case in CASES])
def test_each_problem_is_reported_whole(filled: Path, damage: Damage,
                                        problems: list[tuple[str, str, str]],
                                        last: str) -> None:
    damage(filled)
    report = check_folder(filled)
    assert report.problems == [Problem(*problem) for problem in problems]
    assert report.summary() == last


@pytest.mark.parametrize("change", [
    stored(lambda s: s.save_game(QUICK_GAME)),
    both(written("scenarios/mine.json", json.dumps({
        "id": "home-1", "expansion": "base", "names": {"en": "Mine"}, "summary": {"en": "Mine"},
        "required": ["Polar Base"], "thresholds": {"bronze": 10, "silver": 20, "gold": 30},
    }).encode()), stored(lambda s: s.record_attempt(attempt("home-1", 25, medal="silver")))),
    edited("store.json", lambda d: d["attempts"]["1"].update(game="done")),
    stored(lambda s: (s.delete_game("later"), s.delete_campaign("friday"))),
], ids=["a quick score", "an attempt of the player's own scenario",
        "an attempt naming a game of no scenario", "deleted records"])
def test_what_is_no_problem_is_not_reported(filled: Path, change: Damage) -> None:
    change(filled)
    report = check_folder(filled)
    assert report.problems == [] and report.summary().endswith(": all is well.")


def test_a_good_folder_is_counted(filled: Path) -> None:
    report = check_folder(filled)
    assert (report.files, report.games, report.attempts, report.campaigns) == (5, 3, 2, 2)
    assert report.summary() == GOOD


def test_a_file_the_system_cannot_read_is_told_with_its_reason(
        filled: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An error of the system that names no reason of its own is told by its message."""
    def read(path: Path) -> bytes:
        if path.name == "ongoing.json":
            raise OSError("the disk went away")
        return read_regular(path)

    monkeypatch.setattr("companion.store.check.read_regular", read)
    report = check_folder(filled)
    assert report.problems == [Problem("ongoing.json", "", "cannot be read: the disk went"
                                       " away")]


def test_a_check_the_app_saved_during_starts_over(
        filled: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What was read before the app's save may be half of the old state: the report is
    that of the check after it."""
    real = check._Check.run
    runs: list[check.Report] = []

    def run(self: check._Check) -> check.Report:
        runs.append(real(self))
        if len(runs) == 1:
            stored(lambda s: s.save_campaign(campaign("monday")))(filled)
        return runs[-1]

    monkeypatch.setattr(check._Check, "run", run)
    report = check_folder(filled)
    assert len(runs) == 2 and report is runs[1]
    assert report.summary() == GOOD.replace("2 campaigns", "3 campaigns")
