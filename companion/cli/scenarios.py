"""`companion scenarios [SCENARIO] [--setup]`: the solo scenarios with their medals.

A thin command: the rules live in `companion.rules.scenarios`, the files in
`companion.shipped.scenarios`, the medals in the store, so the app's screens and this
command say the same. It only reads: the store is opened read-only (it works while the
app is open), and a folder that cannot be opened only hides the medals. Bad input is one
line on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from companion.cli.storage import data_folder, guarded, open_for
from companion.i18n import language, t
from companion.rules.scenarios import Scenario
from companion.shipped.catalog import Catalog, catalog
from companion.shipped.scenarios import (
    ScenarioLibrary,
    load_scenarios,
    solo_setup,
    user_scenarios_dir,
)

if TYPE_CHECKING:
    from companion.store.store import Store


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = t("List the solo scenarios (shipped and your own files), their"
                           " required cards, medal thresholds and your best medal.")
    parser.add_argument("scenario", nargs="?",
                        help=t("show one scenario (id or name) with your progress"))
    parser.add_argument("--setup", action="store_true",
                        help=t("show the setup of solo play, the Corruption & Ascension solo"
                               " variant and the scenario rules"))


def run(args: argparse.Namespace) -> int:
    return guarded(_list_scenarios)(args)


def _library(args: argparse.Namespace) -> ScenarioLibrary:
    library = load_scenarios(user_folder=user_scenarios_dir(data_folder(args)))
    for path, reason in library.rejected:
        print(t("Skipped scenario file {file}: {reason}", file=path.name, reason=reason),
              file=sys.stderr)
    return library


def _cards_text(scenario: Scenario, cards: Catalog) -> str:
    lang = language()
    parts: list[str] = []
    for card_id, count in scenario.required_counts():
        name = cards.card(card_id).name_in(lang)
        parts.append(name if count == 1 else t("{card} ×{count}", card=name, count=count))
    return ", ".join(parts)


def _medal_word(medal: object) -> str:
    if not medal:
        return "–"
    return {"bronze": t("bronze"), "silver": t("silver"), "gold": t("gold")}.get(
        str(medal), str(medal)
    )


def _progress(store: Store | None, scenario_id: str) -> dict[str, Any]:
    if store is None:
        return {}
    found = store.scenario_progress(scenario_id)
    if isinstance(found, dict):
        return found
    return {k: getattr(found, k) for k in dir(found) if not k.startswith("_")}


@contextmanager
def _optional_store(args: argparse.Namespace) -> Iterator[Store | None]:
    """The store if it opens; listing scenarios must work even when it does not."""
    from companion.store.errors import StoreError

    try:
        store = open_for(args, read_only=True)
    except StoreError as exc:
        print(t("Medals not shown: {reason}", reason=str(exc)), file=sys.stderr)
        yield None
        return
    try:
        yield store
    finally:
        store.close()


def _list_scenarios(args: argparse.Namespace) -> int:
    library = _library(args)
    cards = catalog()
    lang = language()
    if args.scenario:
        return _show_scenario(args, library.scenario(args.scenario), cards)
    if args.setup:
        return _show_setup()
    with _optional_store(args) as store:
        rows = [
            (
                s.id,
                s.name_in(lang),
                _cards_text(s, cards),
                f"{s.thresholds.bronze}/{s.thresholds.silver}/{s.thresholds.gold}",
                _medal_word(_progress(store, s.id).get("best_medal")),
            )
            for s in library.scenarios.values()
        ]
    header = (t("id"), t("scenario"), t("required cards"), t("bronze/silver/gold"),
              t("best medal"))
    _table([header, *rows])
    return 0


def _table(rows: Sequence[Sequence[str]]) -> None:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        cells = [cell.ljust(widths[i]) for i, cell in enumerate(row)]
        print("  ".join(cells).rstrip())


def _show_scenario(args: argparse.Namespace, scenario: Scenario, cards: Catalog) -> int:
    lang = language()
    th = scenario.thresholds
    print(f"{scenario.id}: {scenario.name_in(lang)}")
    print(scenario.summary_in(lang))
    expansion = {"base": t("base game"), "ca": t("Corruption & Ascension"),
                 "wop": t("War or Peace")}.get(scenario.expansion, scenario.expansion)
    print(t("Expansion: {expansion}; Empire face {face}", expansion=expansion,
            face=scenario.face))
    print(t("Required cards (start under construction): {cards}",
            cards=_cards_text(scenario, cards)))
    print(t("Medals: bronze {bronze}+, silver {silver}+, gold {gold}+ (only if every required"
            " card is built)", bronze=th.bronze, silver=th.silver, gold=th.gold))
    with _optional_store(args) as store:
        found = _progress(store, scenario.id)
    if found:
        print(t("Attempts: {attempts}, won: {wins}, best score: {best}, best medal: {medal},"
                " first gold: {gold}",
                attempts=found.get("attempts", 0), wins=found.get("wins", 0),
                best=found.get("best_score") if found.get("best_score") is not None else "–",
                medal=_medal_word(found.get("best_medal")),
                gold=found.get("first_gold_date") or found.get("first_gold") or "–"))
    return 0


def _show_setup() -> int:
    setup = solo_setup()
    lang = language()
    for text in (setup.free_solo, setup.ca_variant, setup.scenario_rules):
        print(text.title_in(lang))
        for step in text.steps_in(lang):
            print(f"  - {step}")
        if text is setup.free_solo:
            print("  " + t("Rank (face B score):"))
            starts = [r.start for r in setup.ranks]
            for index, rank in enumerate(setup.ranks):
                if index + 1 < len(starts):
                    span = t("{low} to {high}", low=rank.start, high=starts[index + 1] - 1)
                else:
                    span = t("{low} or more", low=rank.start)
                print(f"    {span}: {rank.name_in(lang)}")
        print()
    return 0
