"""`companion score`: the documented input and output, tables, and every kind of bad input."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rulebook import simon_input

from companion.cli import main
from companion.rules.errors import Refusal, Rejected
from companion.shipped.catalog import Catalog
from companion.store.files import JsonRefused
from companion.usecases.scorer import parse_json, score_input

SIMON = simon_input()


def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        data: object | str) -> tuple[int, str, str]:
    text = data if isinstance(data, str) else json.dumps(data)
    monkeypatch.setattr(sys, "stdin", _Stdin(text))
    code = main(["score", "-"])
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
            cards: Catalog, data: object) -> tuple[Rejected, str]:
    """The scorer's refusal of `data`, and the one line `companion score` prints for it
    (exit 2, nothing on standard output)."""
    with pytest.raises(Rejected) as refusal:
        score_input(data, cards)
    code, out, err = run(capsys, monkeypatch, data)
    assert (code, out, err.count("\n")) == (2, "", 1), err
    return refusal.value, err.rstrip("\n")


def place(line: str) -> str:
    """Where in the input a refusal's line says the fault is: its first word."""
    return re.split(r"[ :]", line, maxsplit=1)[0]


class _Stdin:
    def __init__(self, text: str) -> None:
        import io

        self.buffer = io.BytesIO(text.encode("utf-8"))


def test_issue_example_shape(capsys, monkeypatch) -> None:
    code, out, err = run(capsys, monkeypatch, {
        "empire": "Noram States", "face": "B", "players": 1,
        "built": ["Zeppelin", "Zeppelin", {"card": "Wind Turbines", "count": 2}],
        "generals": 2, "financiers": 6, "krystallium": 0, "scenario": "base-1"})
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert set(result) == {"production", "score", "built_cards", "characters", "solo",
                           "scenario"}
    # Noram B: M2 E1 S1; Zeppelins X1 each; Wind Turbines E1 each.
    assert result["production"] == {"materials": 2, "energy": 3, "science": 1, "gold": 0,
                                    "exploration": 2}
    assert result["score"] == {"raw": 0, "combo": 0, "duo": 0, "generals": 2,
                               "financiers": 6, "total": 8}
    assert (result["built_cards"], result["characters"]) == (4, 8)
    assert result["solo"] == {"adjusted": 8, "rank": "Apprentice"}
    assert result["scenario"] == {
        "id": "base-1", "won": False, "medal": None,
        "missing": ["Polar Base", "Mega-Drill", "Super-Sonar", "Center of the Earth"]}


def test_simon_62(capsys, monkeypatch) -> None:
    code, out, _ = run(capsys, monkeypatch, SIMON)
    result = json.loads(out)
    assert code == 0
    assert result["score"] == {"raw": 12, "combo": 30, "duo": 0, "generals": 2,
                               "financiers": 18, "total": 62}
    assert result["solo"] == {"adjusted": 62, "rank": "Dictator"}


def test_defaults_face_a_and_solo(cards: Catalog) -> None:
    result = score_input({"empire": "Noram States", "financiers": 70}, cards)
    # Face A: M3 G1 and 1/Financier → 70 × 2 = 140, adjusted 125.
    assert result["production"]["materials"] == 3
    assert result["score"]["financiers"] == 140
    assert result["solo"] == {"adjusted": 125, "rank": "Living God"}


def test_names_in_any_language_and_ids(cards: Catalog) -> None:
    a = score_input({"empire": "États du Noram", "face": "B",
                     "built": ["Éoliennes", "zeppelin", 18, "18"]}, cards)
    b = score_input({"empire": "Noram States", "face": "B",
                     "built": ["Wind Turbines", {"card": "Zeppelin", "count": 3}]}, cards)
    assert a == b


def test_players_above_one_has_no_solo(cards: Catalog) -> None:
    assert "solo" not in score_input({"empire": "Noram States", "players": 3}, cards)


def test_won_scenario_medal_boundary(cards: Catalog) -> None:
    built = ["Polar Base", "Mega-Drill", "Super-Sonar", "Center of the Earth"]
    # Raw 1 + 15, combo 2 per Discovery × 1 = 18 points before the Generals.
    base = {"empire": "Aztec Empire", "face": "B", "built": built, "scenario": "base-1"}
    result = score_input(base | {"generals": 51}, cards)
    assert result["score"]["total"] == 69
    assert result["scenario"] == {"id": "base-1", "won": True, "missing": [], "medal": None}
    result = score_input(base | {"generals": 52}, cards)
    assert result["score"]["total"] == 70
    assert result["scenario"]["medal"] == "bronze"
    lost = score_input(base | {"built": built[:3], "generals": 200}, cards)
    assert lost["scenario"] == {"id": "base-1", "won": False, "medal": None,
                                "missing": ["Center of the Earth"]}


def test_table(cards: Catalog) -> None:
    result = score_input({"table": [
        {"empire": "Noram States", "face": "B", "built": ["Zeppelin"], "generals": 1},
        {"empire": "Aztec Empire", "face": "B", "built": ["Zeppelin"], "financiers": 1},
        {"empire": "Panafrican Union", "face": "B", "built": ["Recycling Plant"]},
    ]}, cards)
    assert len(result["players"]) == 3
    assert all("solo" not in p for p in result["players"])
    # Face B: M2 E1 S1 each. Recycling Plant M2: M 2, 2, 4; E and S 1 each; X 1, 1, 0.
    assert result["supremacy"]["materials"] == [2]  # 4 against 2 and 2
    assert result["supremacy"]["energy"] == []  # 1, 1, 1
    assert result["supremacy"]["exploration"] == []  # 1, 1, 0
    # Totals 1, 1, 0: players 0 and 1 tie on points, cards and characters.
    assert result["ranking"] == [{"player": 0, "place": 1}, {"player": 1, "place": 1},
                                 {"player": 2, "place": 3}]


def test_table_tie_breakers(cards: Catalog) -> None:
    result = score_input({"table": [
        {"empire": "Noram States", "face": "B", "generals": 2},
        {"empire": "Aztec Empire", "face": "B", "generals": 1, "financiers": 1,
         "built": ["Zeppelin"]},
    ]}, cards)
    assert result["ranking"] == [{"player": 1, "place": 1}, {"player": 0, "place": 2}]


@pytest.mark.parametrize(("data", "kind", "where"), [
    ({"empire": "Noram States", "built": ["Zepelinn"]}, Refusal.UNKNOWN_CARD, "input.built[0]"),
    ({"empire": "Noram States", "generals": -1}, Refusal.BAD_NUMBER, "input.generals"),
    ({"empire": "Noram States", "financiers": "6"}, Refusal.BAD_NUMBER, "input.financiers"),
    ({"empire": "Noram States", "generals": 2.5}, Refusal.BAD_NUMBER, "input.generals"),
    ({"empire": "Noram States", "built": [{"card": "Zeppelin", "count": -2}]},
     Refusal.BAD_NUMBER, "input.built[0].count"),
    ({"empire": "Noram States", "built": "Zeppelin"}, Refusal.MALFORMED, "input.built"),
    ({"empire": "Noram States", "built": [None]}, Refusal.MALFORMED, "input.built[0]"),
    ({"empire": "Noram States", "built": [{"name": "Zeppelin"}]}, Refusal.MALFORMED,
     "input.built[0]"),
    ({"empire": "Noram Stats"}, Refusal.UNKNOWN_EMPIRE, "input.empire"),
    ({"empire": "Noram States", "face": "Z"}, Refusal.EMPIRE_FACE, "input.empire"),
    ({"built": []}, Refusal.MALFORMED, "input"),  # no "empire"
    ({"empire": "Noram States", "genrals": 2}, Refusal.MALFORMED, "input"),
    ({"empire": "Noram States", "scenario": "base-9", "face": "B"}, Refusal.UNKNOWN_SCENARIO,
     None),
    ({"empire": "Noram States", "scenario": "base-1"}, Refusal.EMPIRE_FACE, None),
    ({"empire": "Noram States", "face": "B", "scenario": "base-1", "players": 2},
     Refusal.PLAYER_COUNT, None),  # scenarios are solo
    ({"empire": "Noram States", "players": 9}, Refusal.BAD_NUMBER, "input.players"),
    ({"table": [{"empire": "Noram States"}]}, Refusal.PLAYER_COUNT, None),
    ({"table": [{"empire": "Noram States"}, {"empire": "Aztec Empire", "players": 2}]},
     Refusal.MALFORMED, "table[1]"),
    ({"table": [{"empire": "Noram States"}, {"empire": "X"}]}, Refusal.UNKNOWN_EMPIRE,
     "table[1].empire"),
    ([1, 2], Refusal.MALFORMED, "input"),
])
def test_bad_input_exit_2_with_one_clear_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, cards: Catalog,
        data: object, kind: Refusal, where: str | None) -> None:
    refusal, line = refused(capsys, monkeypatch, cards, data)
    assert refusal.kind is kind, line
    if where is not None:
        assert place(line) == where


def test_malformed_json_gives_line_and_column(capsys, monkeypatch) -> None:
    code, _, err = run(capsys, monkeypatch, '{\n  "empire": "Noram States",,\n}')
    assert code == 2
    assert err.startswith("standard input: not valid JSON (")
    assert "at line 2, column 28)" in err
    with pytest.raises(JsonRefused, match="line 1, column 1"):
        parse_json("")


def test_file_argument_and_missing_file(tmp_path: Path, capsys) -> None:
    path = tmp_path / "simon.json"
    path.write_text(json.dumps(SIMON), encoding="utf-8")
    assert main(["score", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["score"]["total"] == 62
    assert main(["score", str(tmp_path / "nope.json")]) == 2
    assert "Cannot read" in capsys.readouterr().err


def test_console_entry_point_with_stdin() -> None:
    done = subprocess.run([sys.executable, "-m", "companion", "score"], input=json.dumps(SIMON),
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["score"]["total"] == 62
    bad = subprocess.run([sys.executable, "-m", "companion", "score", "-"], input="{",
                         capture_output=True, text=True, timeout=60, check=False)
    assert bad.returncode == 2
    assert bad.stderr.startswith("standard input: not valid JSON (")


# --- what the box makes impossible ------------------------------------------------------
# Copies from cards.csv: Aircraft Carrier 1, Time Travel 1, Harbor Zone 2, Icebreaker 4.


@pytest.mark.parametrize(("data", "says"), [
    ({"empire": "Noram States", "built": [{"card": "Aircraft Carrier", "count": 5}]},
     {"where": "input", "card": "Aircraft Carrier", "count": 1, "built": 5}),
    ({"empire": "Noram States", "built": [{"card": "Time Travel", "count": 200}]},
     {"where": "input", "card": "Time Travel", "count": 1, "built": 200}),
    # By name, number and in French: the same card, counted together.
    ({"empire": "Noram States", "built": ["Icebreaker", 12, {"card": "brise-glace",
                                                             "count": 3}]},
     {"where": "input", "card": "Icebreaker", "count": 4, "built": 5}),
    ({"table": [{"empire": "Noram States", "built": ["Aircraft Carrier"]},
                {"empire": "Aztec Empire", "built": ["Aircraft Carrier"]}]},
     {"card": "Aircraft Carrier", "count": 1, "built": 2, "players": "table[0] 1, table[1] 1"}),
    ({"table": [{"empire": "Noram States", "built": ["Harbor Zone"]},
                {"empire": "Aztec Empire"},
                {"empire": "Panafrican Union", "built": [{"card": 46, "count": 2}]}]},
     {"card": "Harbor Zone", "count": 2, "built": 3, "players": "table[0] 1, table[2] 2"}),
    ({"table": [{"empire": "Noram States", "built": [{"card": "Time Travel", "count": 2}]},
                {"empire": "Aztec Empire"}]},
     {"where": "table[0]", "card": "Time Travel", "count": 1, "built": 2}),
])
def test_more_copies_than_the_box_holds_is_refused(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, cards: Catalog,
        data: object, says: dict[str, object]) -> None:
    refusal, _ = refused(capsys, monkeypatch, cards, data)
    assert refusal.kind is Refusal.NO_COPY_LEFT
    assert {name: refusal.params.get(name) for name in says} == says


def test_every_copy_of_the_box_is_allowed(cards: Catalog) -> None:
    # Noram B: M2 E1 S1. Aircraft Carrier: X1 per Vehicle; 4 Icebreakers X2 each:
    # exploration 5 Vehicles × 1 + 4 × 2 = 13. No points on any of them.
    result = score_input({"empire": "Noram States", "face": "B",
                          "built": ["Aircraft Carrier", {"card": "Icebreaker", "count": 4}]},
                         cards)
    assert result["production"]["exploration"] == 13
    assert result["built_cards"] == 5
    table = score_input({"table": [
        {"empire": "Noram States", "built": ["Harbor Zone"]},
        {"empire": "Aztec Empire", "built": ["Harbor Zone"]}]}, cards)
    # Harbor Zone: 2 points each; Noram A also 1 per Financier (none), Aztec A 3 per
    # Discovery (none).
    assert [p["score"]["total"] for p in table["players"]] == [2, 2]


@pytest.mark.parametrize(("data", "kind", "says"), [
    ({"table": [{"empire": "Noram States", "face": "A"}, {"empire": "Aztec Empire",
                                                          "face": "B"}]},
     Refusal.EMPIRE_FACE, {"player": "table[1]", "face": "B", "first": "table[0]",
                           "first_face": "A"}),
    # The face defaults to A.
    ({"table": [{"empire": "Noram States", "face": "b"}, {"empire": "Aztec Empire"},
                {"empire": "Panafrican Union", "face": "B"}]},
     Refusal.EMPIRE_FACE, {"player": "table[1]", "face": "A", "first": "table[0]",
                           "first_face": "B"}),
    ({"table": [{"empire": "Noram States"}, {"empire": "Aztec Empire"},
                {"empire": "États du Noram"}]},
     Refusal.EMPIRE_TAKEN, {"first": "table[0]", "second": "table[2]",
                            "empire": "Noram States"}),
    ({"empire": "Noram States", "face": "C"},  # a variant, without "variant_faces": true
     Refusal.EMPIRE_FACE, {"where": "input", "face": "C", "empire": "Noram States"}),
    ({"table": [{"empire": "Noram States", "face": "D"}, {"empire": "Aztec Empire",
                                                          "face": "D"}]},
     Refusal.EMPIRE_FACE, {"where": "table[0]", "face": "D", "empire": "Noram States"}),
    ({"empire": "Noram States", "face": "C", "variant_faces": "yes"},
     Refusal.MALFORMED, {"where": "input"}),
    ({"table": [{"empire": "Noram States", "face": "C", "variant_faces": True},
                {"empire": "Aztec Empire", "face": "C"}]},
     Refusal.MALFORMED, {"where": "table[0]", "fields": "variant_faces"}),
    ({"table": [{"empire": "Noram States", "face": "C"}, {"empire": "Aztec Empire",
                                                          "face": "D"}],
      "variant_faces": True},
     Refusal.EMPIRE_FACE, {"player": "table[1]", "face": "D", "first": "table[0]",
                           "first_face": "C"}),
])
def test_faces_and_empires_of_a_table(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, cards: Catalog,
        data: object, kind: Refusal, says: dict[str, object]) -> None:
    refusal, _ = refused(capsys, monkeypatch, cards, data)
    assert refusal.kind is kind, refusal
    assert {name: refusal.params.get(name) for name in says} == says


def test_a_variant_face_scores_but_has_no_solo_rank(cards: Catalog) -> None:
    # Noram C: no production, no points; 70 Financiers are 70 points. On face B that
    # would be "Dictator"; the rank table is the rulebook's, for faces A and B only.
    result = score_input({"empire": "Noram States", "face": "C", "financiers": 70,
                          "variant_faces": True}, cards)
    assert result["score"]["total"] == 70
    assert result["production"] == {"materials": 0, "energy": 0, "science": 0, "gold": 0,
                                    "exploration": 0}
    assert result["solo"]["rank"] is None and result["solo"]["adjusted"] is None
    assert "does not apply" in result["solo"]["note"]
    # Noram D: M3 G1, like face A without its points.
    table = score_input({"variant_faces": True, "table": [
        {"empire": "Noram States", "face": "D"}, {"empire": "Aztec Empire", "face": "D"}]},
        cards)
    assert table["players"][0]["production"]["materials"] == 3
    assert table["supremacy"]["materials"] == [0]  # Aztec D: M2 E2
    assert table["supremacy"]["energy"] == [1]
    # The flag allows variant faces; it does not change the rulebook's.
    plain = score_input({"empire": "Noram States", "face": "B", "financiers": 70,
                         "variant_faces": True}, cards)
    assert plain["solo"] == {"adjusted": 70, "rank": "Dictator"}
