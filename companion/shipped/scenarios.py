"""Loads the solo scenarios, the solo setup text and the campaign boxes from data files.

The shipped files are checked as strictly as the card data: a fault there is a bug in
the app, so loading stops and names the file and the field. Players may add their own
scenarios (the publisher's extra ones, home-made ones) as files of the same format in a
user folder; a broken user file must never stop the app, so it is set aside in
`rejected` with the reason, and the rest load.

Scenario file format (one JSON object per file, `*.json`):

    {
      "id": "base-1",                      lowercase letters, digits and dashes
      "expansion": "base",                 "base", "ca" (Corruption & Ascension) or "wop"
      "number": 1,                         optional: the rulebook's number, for sorting
      "names": {"en": "...", "fr": "..."}, English required; fr/es/pt/it/de optional
      "translated_names": ["en", "it"],    languages whose name is ours, not a rulebook's
      "summary": {"en": "one line"},       English required, one line; shipped: all six
      "translated_summaries": ["en", "de"], languages whose summary is ours, not condensed
                                           from that language's rulebook story
      "required": [{"card": "Icebreaker", "count": 3}, "Hyperborea"],
      "thresholds": {"bronze": 95, "silver": 105, "gold": 120},
      "face": "B"                          optional; scenarios are played on face B
    }

A required card is its name in any language the card data knows, or its number; write
it as an object with a "count" for several copies, or simply repeat the name.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import msgspec

from companion.rules.campaign import CampaignBox
from companion.rules.cards import Card, Expansion
from companion.rules.errors import Refusal, Rejected
from companion.rules.scenarios import Scenario, Thresholds
from companion.shipped.catalog import Catalog, catalog, normalize
from companion.shipped.paths import scenarios_dir, user_scenarios_dir

SOLO_FOLDER = "solo"
CAMPAIGN_FOLDER = "campaigns"
SETUP_FILE = "solo-setup.json"

NAME_LANGUAGES = ("en", "fr", "es", "pt", "it", "de")
SHIPPED_LANGUAGES = ("en", "fr", "es", "pt", "it")
"""Every shipped scenario has a name in these (ours where no rulebook gives one)."""
SUMMARY_LANGUAGES = NAME_LANGUAGES
"""Every shipped scenario has a one-line summary in each language the app speaks."""
SUMMARY_LIMIT = 200
MAX_FILE_BYTES = 256 * 1024
"""A scenario file is a few hundred bytes; anything this big is not one."""
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_EXPANSION_ORDER = {e.value: i for i, e in enumerate(Expansion)}


class ScenarioError(Exception):
    """A scenario, setup or campaign file that cannot be used; the message says where."""


class _RequiredCard(msgspec.Struct, forbid_unknown_fields=True):
    card: str | int
    count: int = 1


class _ThresholdsRecord(msgspec.Struct, forbid_unknown_fields=True):
    bronze: int
    silver: int
    gold: int


class _ScenarioRecord(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    expansion: str
    names: dict[str, str]
    summary: dict[str, str]
    required: list[str | _RequiredCard]
    thresholds: _ThresholdsRecord
    translated_names: list[str] = []
    translated_summaries: list[str] = []
    number: int | None = None
    face: str = "B"


@dataclass(frozen=True)
class ScenarioLibrary:
    """The scenarios the app can offer, and the user files it had to set aside."""

    scenarios: dict[str, Scenario]
    rejected: list[tuple[Path, str]] = field(default_factory=list)

    def scenario(self, key: str) -> Scenario:
        """A scenario by id or by its name in any language; `Rejected` with a hint otherwise."""
        if key in self.scenarios:
            return self.scenarios[key]
        wanted = _fold(key)
        for scenario in self.scenarios.values():
            if wanted == _fold(scenario.id) or wanted in map(_fold, scenario.names.values()):
                return scenario
        raise Rejected(
            Refusal.UNKNOWN_SCENARIO,
            "Unknown scenario '{scenario}': use one of {known}",
            scenario=key,
            known=", ".join(self.scenarios),
        )


def _fold(text: str) -> str:
    return normalize(text)


# --- one scenario file ----------------------------------------------------------------


def _fail(path: Path, field_name: str, problem: object) -> ScenarioError:
    return ScenarioError(f"{path.name}: field '{field_name}': {problem}")


def _read_json(path: Path) -> object:
    """A scenario file's JSON, read only if it is a regular file (a pipe or a device in
    the player's folder must never hang or flood the app) of at most `MAX_FILE_BYTES`,
    with no key twice and bounded nesting (see `player_files`)."""
    from companion.shipped.player_files import (
        FileRefused,
        JsonRefused,
        decode_json,
        read_regular,
    )

    try:
        return decode_json(read_regular(path, MAX_FILE_BYTES))
    except FileRefused as exc:
        raise ScenarioError(str(exc)) from None
    except JsonRefused as exc:
        raise ScenarioError(f"{path.name}: {exc}") from None


_NAMED_FIELD = re.compile(r"(?:missing required|unknown) field `([^`]+)`")


def _located(path: Path, exc: msgspec.ValidationError) -> ScenarioError:
    """Turn msgspec's "... - at `$.a.b`" into the file + field message every loader gives."""
    problem, _, where = str(exc).partition(" - at `$")
    field_name = where.rstrip("`").lstrip(".")
    named = _NAMED_FIELD.search(problem)
    if named:
        field_name = f"{field_name}.{named.group(1)}" if field_name else named.group(1)
    return _fail(path, field_name or "?", problem)


def _record(path: Path, raw: object) -> _ScenarioRecord:
    if not isinstance(raw, dict):
        raise ScenarioError(f"{path.name}: expected one JSON object describing a scenario")
    try:
        return msgspec.convert(raw, _ScenarioRecord)
    except msgspec.ValidationError as exc:
        raise _located(path, exc) from None


def _names(path: Path, record: _ScenarioRecord, shipped: bool) -> dict[str, str]:
    names = {k: v.strip() for k, v in record.names.items()}
    for language in names:
        if language not in NAME_LANGUAGES:
            raise _fail(
                path,
                f"names.{language}",
                f"unknown language; use {', '.join(NAME_LANGUAGES)}",
            )
    for language in SHIPPED_LANGUAGES if shipped else ("en",):
        if not names.get(language):
            raise _fail(path, f"names.{language}", "missing or empty")
    for language in record.translated_names:
        if language not in names:
            raise _fail(path, "translated_names", f"'{language}' has no name in 'names'")
    return {k: v for k, v in names.items() if v}


def _summary(path: Path, record: _ScenarioRecord, shipped: bool = False) -> dict[str, str]:
    """The one-line summaries: English always, every language for a shipped file (a
    French screen must not fall back to English), and each language said to be our own
    translation must have one."""
    summary = {k: v.strip() for k, v in record.summary.items()}
    for language, text in summary.items():
        if language not in NAME_LANGUAGES:
            raise _fail(path, f"summary.{language}", "unknown language")
        if "\n" in text:
            raise _fail(path, f"summary.{language}", "must be one line")
        if len(text) > SUMMARY_LIMIT:
            raise _fail(path, f"summary.{language}", f"longer than {SUMMARY_LIMIT} characters")
    for language in SUMMARY_LANGUAGES if shipped else ("en",):
        if not summary.get(language):
            raise _fail(path, f"summary.{language}", "missing or empty")
    for language in record.translated_summaries:
        if not summary.get(language):
            raise _fail(path, "translated_summaries", f"'{language}' has no summary")
    return {k: v for k, v in summary.items() if v}


def _required(path: Path, record: _ScenarioRecord, cards: Catalog) -> tuple[int, ...]:
    if not record.required:
        raise _fail(path, "required", "a scenario needs at least one required card")
    allowed = {Expansion.BASE.value, record.expansion}
    wanted: list[tuple[Card, int]] = []
    for index, entry in enumerate(record.required):
        item = entry if isinstance(entry, _RequiredCard) else _RequiredCard(entry)
        where = f"required[{index}]"
        if item.count < 1:
            raise _fail(path, f"{where}.count", "must be at least 1")
        try:
            card = cards.card(item.card)
        except Rejected as exc:
            raise _fail(path, f"{where}.card", exc) from None
        if card.expansion.value not in allowed:
            raise _fail(
                path,
                f"{where}.card",
                f"{card.name} is a '{card.expansion.value}' card, but the scenario's"
                f" expansion is '{record.expansion}'",
            )
        wanted.append((card, item.count))
    # Counted before any list of copies is made: a player's file asking for a card 10**9
    # times is refused by this message, not by the memory it would take.
    totals: dict[int, tuple[Card, int]] = {}
    for card, count in wanted:
        totals[card.id] = (card, totals.get(card.id, (card, 0))[1] + count)
    for card, total in totals.values():
        if total > card.copies:
            raise _fail(
                path,
                "required",
                f"{card.name} is required {total} times but the game has only"
                f" {card.copies} {'copy' if card.copies == 1 else 'copies'}",
            )
    return tuple(card.id for card, count in wanted for _ in range(count))


def parse_scenario(
    path: Path, raw: object, cards: Catalog, *, shipped: bool = False
) -> Scenario:
    """One scenario from its decoded JSON; `ScenarioError` names the file and the field."""
    record = _record(path, raw)
    if not _ID.match(record.id):
        raise _fail(path, "id", "use lowercase letters, digits and single dashes, like 'base-1'")
    if shipped and path.stem != record.id:
        raise _fail(path, "id", f"'{record.id}' must match the file name '{path.stem}'")
    if record.expansion not in _EXPANSION_ORDER:
        raise _fail(path, "expansion", f"use one of {', '.join(_EXPANSION_ORDER)}")
    if record.face != "B":
        raise _fail(path, "face", "solo scenarios are played on Empire face B")
    if record.number is not None and record.number < 1:
        raise _fail(path, "number", "must be at least 1")
    t = record.thresholds
    try:
        thresholds = Thresholds(t.bronze, t.silver, t.gold)
    except ValueError as exc:
        raise _fail(path, "thresholds", exc) from None
    return Scenario(
        id=record.id,
        expansion=record.expansion,
        names=_names(path, record, shipped),
        required=_required(path, record, cards),
        thresholds=thresholds,
        summary=_summary(path, record, shipped),
        translated_names=tuple(record.translated_names),
        face=record.face,
        number=record.number,
        source="shipped" if shipped else "user",
    )


def _sort_key(scenario: Scenario) -> tuple[int, int, str]:
    return (
        _EXPANSION_ORDER.get(scenario.expansion, len(_EXPANSION_ORDER)),
        scenario.number if scenario.number is not None else 10_000,
        scenario.id,
    )


def _files(folder: Path) -> Iterator[Path]:
    """The `*.json` entries of a folder (whatever they are: `_read_json` checks that)."""
    try:
        return iter(sorted(p for p in folder.glob("*.json") if not p.name.startswith(".")))
    except OSError:
        return iter(())


# --- libraries ------------------------------------------------------------------------


def load_scenarios(
    folder: Path | None = None,
    user_folder: Path | None = None,
    cards: Catalog | None = None,
) -> ScenarioLibrary:
    """Shipped scenarios (a fault raises `ScenarioError`), then the player's own files (a
    fault sets the file aside in `rejected`)."""
    folder = folder if folder is not None else scenarios_dir() / SOLO_FOLDER
    cards = cards if cards is not None else catalog()
    shipped: list[Scenario] = []
    seen: dict[str, Path] = {}
    if not folder.is_dir():
        raise ScenarioError(f"The scenario folder {folder} is missing; reinstall the app")
    for path in _files(folder):
        scenario = parse_scenario(path, _read_json(path), cards, shipped=True)
        if scenario.id in seen:
            raise _fail(path, "id", f"'{scenario.id}' is also used by {seen[scenario.id].name}")
        seen[scenario.id] = path
        shipped.append(scenario)
    if not shipped:
        raise ScenarioError(f"The scenario folder {folder} holds no scenario; reinstall the app")
    scenarios = {s.id: s for s in sorted(shipped, key=_sort_key)}
    rejected: list[tuple[Path, str]] = []
    if user_folder is not None and user_folder.is_dir():
        mine: list[Scenario] = []
        for path in _files(user_folder):
            try:
                scenario = parse_scenario(path, _read_json(path), cards)
            except ScenarioError as exc:
                rejected.append((path, str(exc)))
                continue
            except Exception as exc:  # whatever a player's file holds, the rest must load
                rejected.append((path, f"{path.name}: cannot be read ({type(exc).__name__})"))
                continue
            if scenario.id in scenarios:
                rejected.append(
                    (path, f"{path.name}: field 'id': '{scenario.id}' is a scenario shipped with"
                     " the app; give yours another id")
                )
                continue
            if scenario.id in seen:
                rejected.append(
                    (path, f"{path.name}: field 'id': '{scenario.id}' is also used by"
                     f" {seen[scenario.id].name}")
                )
                continue
            seen[scenario.id] = path
            mine.append(scenario)
        scenarios.update((s.id, s) for s in sorted(mine, key=_sort_key))
    return ScenarioLibrary(scenarios=scenarios, rejected=rejected)


@cache
def _shipped() -> ScenarioLibrary:
    return load_scenarios()


def shipped_scenarios() -> dict[str, Scenario]:
    """The scenarios that come with the app, in rulebook order (loaded once per process)."""
    return dict(_shipped().scenarios)


# --- solo setup text ------------------------------------------------------------------


class _Rank(msgspec.Struct, forbid_unknown_fields=True, rename={"start": "from"}):
    start: int
    names: dict[str, str]


class _FreeSolo(msgspec.Struct, forbid_unknown_fields=True):
    title: dict[str, str]
    steps: dict[str, list[str]]
    face_a_adjustment: int
    ranks: list[_Rank]
    translated_rank_names: list[str] = []


class _DrawOption(msgspec.Struct, forbid_unknown_fields=True):
    deck: str
    draw: int
    keep: int


class _CaVariant(msgspec.Struct, forbid_unknown_fields=True):
    title: dict[str, str]
    steps: dict[str, list[str]]
    pool: dict[str, int]
    discard: int
    draw_options: list[_DrawOption]


class _Section(msgspec.Struct, forbid_unknown_fields=True):
    title: dict[str, str]
    steps: dict[str, list[str]]


class _Setup(msgspec.Struct, forbid_unknown_fields=True):
    free_solo: _FreeSolo
    ca_variant: _CaVariant
    scenario_rules: _Section


@dataclass(frozen=True)
class Text:
    """A titled list of steps in several languages, shown as is."""

    title: dict[str, str]
    steps: dict[str, tuple[str, ...]]

    def title_in(self, language: str) -> str:
        return self.title.get(language) or self.title["en"]

    def steps_in(self, language: str) -> tuple[str, ...]:
        return self.steps.get(language) or self.steps["en"]


@dataclass(frozen=True)
class Rank:
    start: int
    """Lowest face-B score for this rank."""
    names: dict[str, str]

    def name_in(self, language: str) -> str:
        return self.names.get(language) or self.names["en"]


@dataclass(frozen=True)
class DrawOption:
    deck: str
    draw: int
    keep: int


@dataclass(frozen=True)
class SoloSetup:
    free_solo: Text
    ranks: tuple[Rank, ...]
    """Rising by `start`; the first starts at 0."""
    face_a_adjustment: int
    ca_variant: Text
    pool: dict[str, int]
    """Cards of each deck in each of the 8 pools with Corruption & Ascension."""
    discard: int
    draw_options: tuple[DrawOption, ...]
    scenario_rules: Text

    def rank_for(self, total: int, face: str) -> Rank:
        adjusted = total - self.face_a_adjustment if face == "A" else total
        reached = [r for r in self.ranks if adjusted >= r.start]
        return reached[-1] if reached else self.ranks[0]


def _text(path: Path, where: str, title: dict[str, str], steps: dict[str, list[str]]) -> Text:
    if not title.get("en", "").strip():
        raise _fail(path, f"{where}.title.en", "missing or empty")
    if not steps.get("en") or not all(s.strip() for s in steps["en"]):
        raise _fail(path, f"{where}.steps.en", "missing or empty")
    for language, said in steps.items():  # a translation says every step, in order
        if len(said) != len(steps["en"]) or not all(s.strip() for s in said):
            raise _fail(path, f"{where}.steps.{language}",
                        f"must hold {len(steps['en'])} steps, as the English does")
    return Text(title=dict(title), steps={k: tuple(v) for k, v in steps.items()})


def load_solo_setup(folder: Path | None = None) -> SoloSetup:
    """The setup text for free solo play, the solo C&A variant and solo scenarios."""
    path = (folder if folder is not None else scenarios_dir()) / SETUP_FILE
    try:
        setup = msgspec.convert(_read_json(path), _Setup)
    except msgspec.ValidationError as exc:
        raise _located(path, exc) from None
    free = setup.free_solo
    starts = [r.start for r in free.ranks]
    if not starts or starts[0] != 0 or starts != sorted(set(starts)):
        raise _fail(path, "free_solo.ranks", "must start at 0 and rise")
    for index, rank in enumerate(free.ranks):
        if not rank.names.get("en", "").strip():
            raise _fail(path, f"free_solo.ranks[{index}].names.en", "missing or empty")
    variant = setup.ca_variant
    if not variant.pool or any(n < 1 for n in variant.pool.values()):
        raise _fail(path, "ca_variant.pool", "every deck gives at least 1 card")
    for index, option in enumerate(variant.draw_options):
        if not 1 <= option.keep <= option.draw:
            raise _fail(path, f"ca_variant.draw_options[{index}]", "keep 1 to 'draw' cards")
    return SoloSetup(
        free_solo=_text(path, "free_solo", free.title, free.steps),
        ranks=tuple(Rank(r.start, dict(r.names)) for r in free.ranks),
        face_a_adjustment=free.face_a_adjustment,
        ca_variant=_text(path, "ca_variant", variant.title, variant.steps),
        pool=dict(variant.pool),
        discard=variant.discard,
        draw_options=tuple(DrawOption(o.deck, o.draw, o.keep) for o in variant.draw_options),
        scenario_rules=_text(
            path, "scenario_rules", setup.scenario_rules.title, setup.scenario_rules.steps
        ),
    )


@cache
def solo_setup() -> SoloSetup:
    return load_solo_setup()


# --- campaign boxes -------------------------------------------------------------------


def load_campaign_boxes(folder: Path | None = None) -> dict[str, CampaignBox]:
    """Every campaign box definition (`scenarios/campaigns/*.json`), by id."""
    folder = folder if folder is not None else scenarios_dir() / CAMPAIGN_FOLDER
    boxes: dict[str, CampaignBox] = {}
    for path in _files(folder):
        try:
            box = CampaignBox.from_json(_read_json(path))
        except Rejected as exc:
            raise ScenarioError(f"{path.name}: {exc}") from None
        if box.id != path.stem:
            raise _fail(path, "id", f"'{box.id}' must match the file name '{path.stem}'")
        boxes[box.id] = box
    if not boxes:
        raise ScenarioError(f"The campaign folder {folder} holds no campaign; reinstall the app")
    return boxes


@cache
def campaign_boxes() -> dict[str, CampaignBox]:
    return load_campaign_boxes()


__all__ = [
    "ScenarioError",
    "ScenarioLibrary",
    "SoloSetup",
    "campaign_boxes",
    "load_campaign_boxes",
    "load_scenarios",
    "load_solo_setup",
    "parse_scenario",
    "shipped_scenarios",
    "solo_setup",
    "user_scenarios_dir",
]
