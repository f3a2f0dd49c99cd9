"""`companion score`: the documented input and output, tables, and every kind of bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.catalog import Catalog
from companion.cli import main
from companion.rules.errors import Rejected
from companion.scorer import parse_json, score_input

SIMON = {
    "empire": "Noram States", "face": "B", "players": 1,
    "built": ["Harbor Zone", "Giant Tower", "World Congress", "National Monument",
              "Universal Vaccine", "Aquaculture", "Secret Society", "Recycling Plant",
              "Wind Turbines"],
    "generals": 2, "financiers": 6,
}


def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        data: object | str) -> tuple[int, str, str]:
    text = data if isinstance(data, str) else json.dumps(data)
    monkeypatch.setattr(sys, "stdin", _Stdin(text))
    code = main(["score", "-"])
    out, err = capsys.readouterr()
    return code, out, err


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
    lost = score_input(base | {"built": built[:3] + built[:1], "generals": 200}, cards)
    assert lost["scenario"] == {"id": "base-1", "won": False, "medal": None,
                                "missing": ["Center of the Earth"]}


def test_table(cards: Catalog) -> None:
    result = score_input({"table": [
        {"empire": "Noram States", "face": "B", "built": ["Zeppelin"], "generals": 1},
        {"empire": "Aztec Empire", "face": "B", "built": ["Zeppelin"], "financiers": 1},
        {"empire": "Panafrican Union", "face": "A", "built": ["Recycling Plant"]},
    ]}, cards)
    assert len(result["players"]) == 3
    assert all("solo" not in p for p in result["players"])
    assert result["supremacy"]["materials"] == [2]  # 4 against 2 and 2
    assert result["supremacy"]["exploration"] == []  # 1, 1, 0
    # Totals 1, 1, 0: players 0 and 1 tie on points, cards and characters.
    assert result["ranking"] == [{"player": 0, "place": 1}, {"player": 1, "place": 1},
                                 {"player": 2, "place": 3}]


def test_table_tie_breakers(cards: Catalog) -> None:
    result = score_input({"table": [
        {"empire": "Noram States", "face": "B", "generals": 2},
        {"empire": "Noram States", "face": "B", "generals": 1, "financiers": 1,
         "built": ["Zeppelin"]},
    ]}, cards)
    assert result["ranking"] == [{"player": 1, "place": 1}, {"player": 0, "place": 2}]


@pytest.mark.parametrize(("data", "message"), [
    ({"empire": "Noram States", "built": ["Zepelinn"]},
     "input.built[0]: Unknown card 'Zepelinn'. Did you mean Zeppelin"),
    ({"empire": "Noram States", "generals": -1}, "input.generals cannot be negative (-1)"),
    ({"empire": "Noram States", "financiers": "6"}, "input.financiers must be a whole number"),
    ({"empire": "Noram States", "generals": 2.5}, "input.generals must be a whole number"),
    ({"empire": "Noram States", "built": [{"card": "Zeppelin", "count": -2}]},
     "input.built[0].count cannot be negative"),
    ({"empire": "Noram States", "built": "Zeppelin"}, "input.built must be a list"),
    ({"empire": "Noram States", "built": [None]}, "input.built[0] must be a card name"),
    ({"empire": "Noram States", "built": [{"name": "Zeppelin"}]}, "input.built[0] must look"),
    ({"empire": "Noram Stats"}, "input.empire: Unknown Empire 'Noram Stats'. Did you mean"),
    ({"empire": "Noram States", "face": "Z"}, "no face 'Z'"),
    ({"built": []}, "needs an \"empire\""),
    ({"empire": "Noram States", "genrals": 2}, "an unknown field genrals"),
    ({"empire": "Noram States", "scenario": "base-9", "face": "B"}, "Unknown scenario"),
    ({"empire": "Noram States", "scenario": "base-1"}, "face B, not face A"),
    ({"empire": "Noram States", "face": "B", "scenario": "base-1", "players": 2},
     "Scenarios are solo"),
    ({"empire": "Noram States", "players": 9}, "no game has more than 7"),
    ({"table": [{"empire": "Noram States"}]}, "2 to 7 players"),
    ({"table": [{"empire": "Noram States"}, {"empire": "Noram States", "players": 2}]},
     "table[1] has an unknown field players"),
    ({"table": [{"empire": "Noram States"}, {"empire": "X"}]}, "table[1].empire: Unknown"),
    ([1, 2], "must be a JSON object"),
])
def test_bad_input_exit_2_with_one_clear_line(capsys, monkeypatch, data, message) -> None:
    code, out, err = run(capsys, monkeypatch, data)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert message in err


def test_malformed_json_gives_line_and_column(capsys, monkeypatch) -> None:
    code, _, err = run(capsys, monkeypatch, '{\n  "empire": "Noram States",,\n}')
    assert code == 2
    assert err.startswith("Malformed JSON at line 2, column 28")
    with pytest.raises(Rejected, match="line 1, column 1"):
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
    assert bad.stderr.startswith("Malformed JSON at line 1")
