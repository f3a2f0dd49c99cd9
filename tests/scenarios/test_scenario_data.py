"""The shipped scenario, setup and campaign data against the rules digest (RULES.md §5–§7)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from companion.rules.scoring import FACE_A_ADJUSTMENT, SOLO_RANKS
from companion.shipped.catalog import Catalog
from companion.shipped.scenarios import (
    SHIPPED_LANGUAGES,
    campaign_boxes,
    shipped_scenarios,
    solo_setup,
)


def _section(rules: str, number: int) -> str:
    start = rules.index(f"\n## {number}.")
    end = rules.index(f"\n## {number + 1}.", start)
    return rules[start:end]


def _rows(text: str) -> list[list[str]]:
    rows: list[list[str]] = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.lstrip().startswith("|") and cells[0].isdigit():
            rows.append(cells)
    return rows


def _required(text: str, cards: Catalog) -> Counter[int]:
    wanted: Counter[int] = Counter()
    for item in text.split(","):
        match = re.fullmatch(r"\s*(.+?)(?:\s*×\s*(\d+))?\s*", item)
        assert match, item
        wanted[cards.card(match.group(1)).id] += int(match.group(2) or 1)
    return wanted


def _tables(reference: Path) -> dict[str, list[list[str]]]:
    section = _section((reference / "RULES.md").read_text(encoding="utf-8"), 6)
    base_part, _, ca_part = section.partition("Corruption & Ascension solo scenarios")
    assert ca_part, "RULES.md §6 no longer has the Corruption & Ascension table"
    return {"base": _rows(base_part), "ca": _rows(ca_part)}


def test_every_scenario_of_the_rules_is_shipped_with_its_cards_and_thresholds(
    reference: Path, cards: Catalog
) -> None:
    scenarios = shipped_scenarios()
    checked: list[str] = []
    for expansion, rows in _tables(reference).items():
        assert len(rows) == 6, f"RULES.md §6 {expansion} table should list 6 scenarios"
        for row in rows:
            sid = f"{expansion}-{row[0]}"
            scenario = scenarios[sid]
            bronze, silver, gold = (int(x) for x in row[-3:])
            required = row[-4]
            assert scenario.name == row[1], sid
            if expansion == "ca":
                assert scenario.names["fr"] == row[2], sid
            assert Counter(scenario.required) == _required(required, cards), sid
            assert (scenario.thresholds.bronze, scenario.thresholds.silver,
                    scenario.thresholds.gold) == (bronze, silver, gold), sid
            assert scenario.expansion == expansion
            assert scenario.number == int(row[0])
            checked.append(sid)
    assert checked == list(scenarios), "shipped scenarios and RULES.md §6 differ, or the order"


def test_names_come_from_the_rulebooks_and_ours_are_marked(reference: Path) -> None:
    section = _section((reference / "RULES.md").read_text(encoding="utf-8"), 6)
    # The resolved disagreement on scenario 6's name, as RULES.md words it.
    quoted = re.findall(r'"([^"]+)"', " ".join(section.split()))
    for name in ("Megalomanía", "L'argent n'a pas d'odeur", "O dinheiro não tem cheiro"):
        assert name in quoted
    base6 = shipped_scenarios()["base-6"].names
    assert (base6["es"], base6["fr"], base6["pt"]) == (
        "Megalomanía", "L'argent n'a pas d'odeur", "O dinheiro não tem cheiro")
    for scenario in shipped_scenarios().values():
        for language in SHIPPED_LANGUAGES:
            assert scenario.names[language].strip(), (scenario.id, language)
        # Italian never printed the scenarios, English is our translation (RULES.md §6).
        assert {"en", "it"} <= set(scenario.translated_names), scenario.id
        # C&A scenarios are printed only in French (seed 002).
        printed = {"fr"} if scenario.expansion == "ca" else {"fr", "es", "pt"}
        assert not printed & set(scenario.translated_names), scenario.id
        assert set(scenario.names) - printed == set(scenario.translated_names), scenario.id


def test_every_scenario_is_face_b_with_a_one_line_summary() -> None:
    for scenario in shipped_scenarios().values():
        assert scenario.face == "B"
        summary = scenario.summary["en"]
        assert summary and "\n" not in summary and len(summary) <= 200
        assert scenario.required


def test_ca_scenarios_need_the_expansion_and_base_ones_do_not(cards: Catalog) -> None:
    for scenario in shipped_scenarios().values():
        expansions = {cards.card(i).expansion.value for i in scenario.required}
        assert expansions <= set(scenario.expansions)
        if scenario.expansion == "base":
            assert scenario.expansions == ("base",)
        else:
            assert "ca" in expansions


def test_free_solo_rank_table_matches_rules_and_scoring(reference: Path) -> None:
    section = _section((reference / "RULES.md").read_text(encoding="utf-8"), 5)
    table: list[tuple[int, list[str]]] = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 2:
            continue
        match = re.fullmatch(r"(?:under (\d+)|(\d+)\+)", cells[0])
        if match:
            start = 0 if match.group(1) else int(match.group(2))
            table.append((start, [n.strip() for n in cells[1].split("/")]))
    setup = solo_setup()
    assert [(r.start, [r.names[k] for k in ("en", "fr", "es", "pt")]) for r in setup.ranks] == table
    assert sorted((start, rank.value) for start, rank in SOLO_RANKS) == [
        (r.start, r.names["en"]) for r in setup.ranks]
    assert "subtract 15" in section and setup.face_a_adjustment == FACE_A_ADJUSTMENT == 15
    assert setup.rank_for(59, "B").names["en"] == "Apprentice"
    assert setup.rank_for(60, "B").names["en"] == "Dictator"
    assert setup.rank_for(74, "A").names["en"] == "Apprentice"
    assert setup.rank_for(115, "A").names["en"] == "Living God"


def test_ca_solo_variant_pools_and_draws_match_rules(reference: Path) -> None:
    section = " ".join(_section((reference / "RULES.md").read_text(encoding="utf-8"), 5).split())
    pool = re.search(r"each pool is (\d+) base \+ (\d+) C&A cards", section)
    draws = re.search(r"draw either (\d+) base cards and keep (\d+), or (\d+) C&A cards and keep"
                      r" (\d+)", section)
    assert pool and draws
    setup = solo_setup()
    assert setup.pool == {"base": int(pool.group(1)), "ca": int(pool.group(2))}
    assert [(o.deck, o.draw, o.keep) for o in setup.draw_options] == [
        ("base", int(draws.group(1)), int(draws.group(2))),
        ("ca", int(draws.group(3)), int(draws.group(4))),
    ]
    assert setup.discard == 2
    for text in (setup.free_solo, setup.ca_variant, setup.scenario_rules):
        assert text.title_in("en") and text.steps_in("en")
        assert text.steps_in("xx") == text.steps_in("en")


def test_the_setup_checklists_speak_every_language_of_the_app() -> None:
    """The solo and scenario checklists once stayed in English in four of the six
    languages: each is written in all six, every step of the English said."""
    from companion.i18n import SUPPORTED

    setup = solo_setup()
    for text in (setup.free_solo, setup.ca_variant, setup.scenario_rules):
        assert set(text.title) >= set(SUPPORTED) and set(text.steps) >= set(SUPPORTED)
        english = text.steps_in("en")
        for language in SUPPORTED:
            said = text.steps_in(language)
            assert len(said) == len(english) and all(line.strip() for line in said)
            assert language == "en" or said != english, language
            assert language == "en" or text.title_in(language) != text.title_in("en")
    # the numbers of the rules are the same in every language
    for language in SUPPORTED:
        first = setup.free_solo.steps_in(language)
        assert "8" in first[0] and "5" in first[0], language
        assert "15" in first[-1], language


def test_war_or_peace_box_matches_rules(reference: Path) -> None:
    section = " ".join(_section((reference / "RULES.md").read_text(encoding="utf-8"), 7).split())
    match = re.search(r"(\d+) scenario envelopes \((C\d+-SC\d+) …\), of which a campaign plays"
                      r" (\d+)", section)
    assert match
    box = campaign_boxes()["war-or-peace"]
    assert len(box.envelopes) == int(match.group(1))
    assert box.envelopes[0] == match.group(2)
    assert box.scenarios_played == int(match.group(3))
    assert box.envelopes == tuple(f"C01-SC{i:02d}" for i in range(1, 7))
    example = re.search(r'"([^"]+ \(\d+-\d+\))"', section)
    assert example
    assert box.check_card_id(example.group(1)) == example.group(1)
    assert (box.min_players, box.max_players) == (1, 5)
