"""`companion scenarios` and `companion campaign`: a whole War or Peace campaign from the shell."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.store import open_store

Run = tuple[int, str, str]


class Cli:
    """`companion --data-dir <temp> ...` run in this process, output captured."""

    def __init__(self, data: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.data = data
        self.capsys = capsys

    def __call__(self, *argv: str) -> Run:
        code = main(["--data-dir", str(self.data), *argv])
        out, err = self.capsys.readouterr()
        return code, out, err


@pytest.fixture
def run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(tmp_path / "data", capsys)


def _ok(result: Run) -> str:
    code, out, err = result
    assert code == 0, err
    return out


def _bad(result: Run, words: str) -> None:
    code, out, err = result
    assert code == 2, (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert words in lines[0], lines[0]


def _record(run: Cli, envelope: str, *extra: str, scores: str = "Ann=54 Bob=61 Cid=47") -> Run:
    argv = ["campaign", "record", "wop", "--envelope", envelope, "--date", "2025-03-01"]
    for score in scores.split():
        argv += ["--score", score]
    return run(*argv, *extra)


def _stored(run: Cli) -> dict[str, Any]:
    return json.loads(_ok(run("campaign", "show", "wop", "--json")))


def test_whole_war_or_peace_campaign_for_three(run: Cli) -> None:
    out = _ok(run("campaign", "new", "Friday nights", "--id", "wop", "--player", "Ann",
                  "--player", "Bob", "--player", "Cid"))
    assert "first envelope: C01-SC01" in out

    out = _ok(_record(run, "C01-SC01", "--card", "Bob:PAX-10 (1-01):orange",
                      "--card", "Ann:Spy (1-02):grey:Double agent"))
    assert "Bob wins" in out and "Next envelope: C01-SC02" in out

    # The branch: SC02's resolution sends the table to SC04, skipping SC03.
    out = _ok(_record(run, "C01-SC02", "--resolution", "Peace signed: open C01-SC04",
                      "--next", "C01-SC04", scores="Ann=70 Bob=66 Cid=58"))
    assert "Ann wins" in out and "Next envelope: C01-SC04" in out

    # An illegal record (SC03 was skipped by the resolution) is refused and changes nothing.
    before = _stored(run)
    _bad(_record(run, "C01-SC03", scores="Ann=1 Bob=2 Cid=3"),
         "The next envelope is C01-SC04, not C01-SC03")
    _bad(_record(run, "C01-SC04", "--winner", "Dan", scores="Ann=1 Bob=2 Cid=3"),
         "'Dan' is not a player of campaign Friday nights")
    _bad(_record(run, "C01-SC04", "--card", "Ann:PAX-10 (1-01):orange"),
         "already held by Bob")
    assert _stored(run) == before

    _ok(_record(run, "C01-SC04", "--card", "Cid:Hacking (1-04):orange",
                scores="Ann=60 Bob=72 Cid=75"))
    out = _ok(_record(run, "C01-SC05", "--winner", "Bob", scores="Ann=80 Bob=80 Cid=79"))
    assert "Bob wins" in out and "Next envelope: C01-SC06 (scenario 5 of 5)" in out

    # The final scenario ends in a perfect tie: the table replays it.
    _bad(_record(run, "C01-SC06", "--winner", "Ann", "--winner", "Cid",
                 scores="Ann=90 Bob=70 Cid=90"), "has no single winner")
    out = _ok(_record(run, "C01-SC06", "--winner", "Ann", "--winner", "Cid", "--final", "replay",
                      scores="Ann=90 Bob=70 Cid=90"))
    assert "shared victory: Ann, Cid" in out and "replay C01-SC06" in out
    out = _ok(_record(run, "C01-SC06", scores="Ann=88 Bob=70 Cid=93"))
    assert "Campaign over: Cid wins the campaign." in out

    _bad(_record(run, "C01-SC03"), "is over: 5 scenarios were played and Cid won it")

    shown = _ok(run("campaign", "show", "Friday NIGHTS"))
    assert "3. C01-SC04 (2025-03-01): Ann 60, Bob 72, Cid 75; Cid wins" in shown
    assert "Next envelope chosen: C01-SC04" in shown
    assert "Orange cards carried in: Bob: PAX-10 (1-01) (orange); Cid: Hacking (1-04)" in shown
    assert "Spy (1-02) Double agent (grey)" in shown
    assert "Final scenario replayed after 1 perfect tie" in shown
    assert "Scenarios won: Ann 1, Bob 2, Cid 2" in shown

    data = _stored(run)
    assert [s["envelope"] for s in data["scenarios"]] == [
        "C01-SC01", "C01-SC02", "C01-SC04", "C01-SC05", "C01-SC06"]
    assert data["final_winner"] == "Cid"
    assert data["replayed"][0]["winners"] == ["Ann", "Cid"]
    # Grey card gone after SC01; both orange cards listed in the final scenario.
    assert data["scenarios"][1]["held"] == [
        {"id": "PAX-10 (1-01)", "name": "", "colour": "orange", "player": "Bob"}]
    assert [c["id"] for c in data["scenarios"][4]["held"]] == ["PAX-10 (1-01)", "Hacking (1-04)"]
    assert "Friday nights (Ann, Bob, Cid); 5 of 5" in _ok(run("campaign", "list"))


def test_table_can_name_the_winner_after_a_final_tie(run: Cli) -> None:
    _ok(run("campaign", "new", "Quick", "--id", "wop", "--player", "Ann", "--player", "Bob",
            "--player", "Cid"))
    for envelope in ("C01-SC01", "C01-SC02", "C01-SC03", "C01-SC04"):
        _ok(_record(run, envelope))
    out = _ok(_record(run, "C01-SC05", "--winner", "Ann", "--winner", "Bob", "--final", "Cid",
                      scores="Ann=80 Bob=80 Cid=60"))
    assert "Cid wins the campaign" in out
    _ok(run("campaign", "undo", "wop"))
    assert "Next envelope: C01-SC05" in _ok(run("campaign", "show", "wop"))


def test_a_resolution_takes_an_orange_card_away(run: Cli) -> None:
    _ok(run("campaign", "new", "Quick", "--id", "wop", "--player", "Ann", "--player", "Bob",
            "--player", "Cid"))
    _ok(_record(run, "C01-SC01", "--card", "Bob:PAX-10 (1-01):orange"))
    _ok(_record(run, "C01-SC02", "--lose", "bob:pax-10 (1-01)"))
    shown = _ok(run("campaign", "show", "wop"))
    assert "   Cards lost: Bob: PAX-10 (1-01) (orange)\n" in shown
    assert "Orange cards held" not in shown
    assert _stored(run)["scenarios"][1]["lost"] == [
        {"id": "PAX-10 (1-01)", "name": "", "colour": "orange", "player": "Bob"}]


def test_solo_campaign_and_names(run: Cli) -> None:
    out = _ok(run("campaign", "new", "Zoé's evenings!", "--player", "Zoé"))
    assert "id zoes-evenings" in out
    out = _ok(run("campaign", "new", "Zoé's evenings!", "--player", "Zoé"))
    assert "id zoes-evenings-2" in out
    out = _ok(run("campaign", "record", "zoes-evenings", "--envelope", "c01-sc01",
                  "--score", "zoe=40", "--victory", "scenario"))
    assert "nobody won" in out


@pytest.mark.parametrize("argv, words", [
    (["campaign", "new", "Big", "--player", "A", "--player", "B", "--player", "C", "--player",
      "D", "--player", "E", "--player", "F"], "played by 1 to 5 players, not 6"),
    (["campaign", "new", "X", "--player", "A", "--box", "Dune"], "Unknown campaign box 'Dune'"),
    (["campaign", "show", "nope"], "No campaign 'nope'"),
    (["campaign", "record", "wop", "--envelope", "C01-SC01", "--score", "Ann:54"],
     "Write a score as PLAYER=POINTS"),
    (["campaign", "record", "wop", "--envelope", "C01-SC01", "--score", "Ann=54",
      "--score", "Bob=3", "--card", "Ann:PAX-10"], "Write a campaign card as PLAYER:CARD:COLOUR"),
    (["campaign", "record", "wop", "--envelope", "C01-SC01", "--score", "Ann=54",
      "--score", "Bob=3", "--card", "Ann:PAX-10 (1-01):blue"], "'orange' (kept) or 'grey'"),
    (["campaign", "record", "wop", "--envelope", "C01-SC01", "--score", "Ann=54",
      "--score", "Bob=3", "--date", "yesterday"], "'yesterday' is not a date"),
    (["campaign", "record", "wop", "--envelope", "C01-SC01", "--score", "Ann=54"],
     "missing: Bob"),
    (["campaign", "record", "wop", "--envelope", "C01-SC01", "--score", "Ann=5",
      "--score", "ann=6"], "ann has two scores"),
    (["scenarios", "base-9"], "Unknown scenario 'base-9'"),
])
def test_bad_input_is_one_line_and_exit_2(run: Cli, argv: list[str], words: str) -> None:
    _ok(run("campaign", "new", "W", "--id", "wop", "--player", "Ann", "--player", "Bob"))
    before = _stored(run)
    _bad(run(*argv), words)
    assert _stored(run) == before


def test_scenarios_list_shows_best_medal_and_user_files(run: Cli) -> None:
    data = run.data
    data.mkdir(parents=True, exist_ok=True)
    with open_store(data) as store:
        history = ((130, False, None, 1), (96, True, "silver", 2), (80, True, "bronze", 3))
        for score, won, medal, day in history:
            store.record_attempt({"scenario": "base-1", "date": f"2025-01-0{day}T10:00:00",
                                  "score": score, "won": won, "medal": medal, "game": None})
    mine = data / "scenarios"
    mine.mkdir()
    (mine / "deep-freeze.json").write_text(json.dumps({
        "id": "deep-freeze", "expansion": "base", "names": {"en": "Deep Freeze"},
        "summary": {"en": "Icebreakers everywhere."},
        "required": [{"card": "Icebreaker", "count": 2}],
        "thresholds": {"bronze": 50, "silver": 70, "gold": 90}}), encoding="utf-8")
    (mine / "broken.json").write_text("{", encoding="utf-8")
    code, out, err = run("scenarios")
    assert code == 0
    lines = {line.split()[0]: line for line in out.splitlines()[1:]}
    assert list(lines)[:12] == [f"base-{i}" for i in range(1, 7)] + [f"ca-{i}" for i in range(1, 7)]
    assert lines["base-1"].rstrip().endswith("70/95/115           silver")
    assert lines["base-2"].rstrip().endswith("–")
    assert "Icebreaker ×3" in lines["ca-5"]
    assert "Deep Freeze" in lines["deep-freeze"] and "Icebreaker ×2" in lines["deep-freeze"]
    assert "Skipped scenario file broken.json: broken.json: not valid JSON" in err
    detail = _ok(run("scenarios", "base-1"))
    assert "Attempts: 3, won: 2, best score: 130, best medal: silver, first gold: –" in detail
    assert "Apprentice" in _ok(run("scenarios", "--setup"))


def test_runs_as_a_command(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "companion", "--data-dir", str(tmp_path), "campaign", "record",
         "nope", "--envelope", "C01-SC01", "--score", "A=1"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 2
    assert result.stderr.strip() == "No campaign 'nope'; campaigns: none yet"
