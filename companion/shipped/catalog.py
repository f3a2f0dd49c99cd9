"""Loads the card and Empire data shipped in `assets/`, validates it, and finds cards by name.

Loading is the only I/O here; everything after it is a lookup in memory. The data files
keep the game's own short notation (`M4 E1`, `X1 per Vehicle`, `6/Structure+Vehicle`)
so that they can be checked against the printed cards by eye; this module turns that
notation into the value types of `companion.rules.cards` and refuses anything it cannot
read, naming the file, the card and the field.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import MISSING, dataclass, field, fields
from functools import cache, lru_cache
from pathlib import Path

from companion.rules.cards import (
    CHARACTERS,
    Amounts,
    Card,
    CardType,
    EmpireFace,
    Expansion,
    Icon,
    Points,
    Resource,
    SlotKind,
    Token,
    slot_kind,
)
from companion.rules.errors import Refusal, Rejected
from companion.shipped.paths import assets_dir

TYPE_CHECKING = False
"""typing.TYPE_CHECKING without importing typing (see companion.cli)."""

LANGUAGES = ("en", "fr", "de", "es", "it", "pt")
"""Languages every card and Empire has a name in: the printed one, or ours where a
record lists the language in `translated_names` (Portuguese, where the Portuguese
rulebook names no such card: no Portuguese card list is among the printings we have)."""

CARDS_FILE = "cards.json"
EMPIRES_FILE = "empires.json"
RULEBOOK_FACES = ("A", "B")


class CatalogError(Exception):
    """A shipped or user data file that cannot be trusted; the message says where."""


@dataclass(frozen=True)
class _CardRecord:
    """A card's entry in cards.json, its fields checked for type (`_convert`)."""

    id: int
    expansion: str
    type: str
    copies: int
    names: dict[str, str]
    cost: str
    construction_bonus: str
    production: str
    victory_points: str
    recycle: str
    translated_names: list[str] = field(default_factory=list)
    other_names: dict[str, list[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class _EmpireRecord:
    """An Empire face's entry in empires.json, its fields checked for type."""

    names: dict[str, str]
    expansion: str
    face: str
    production: str
    victory_points: str
    start_krystallium: int
    status: str
    translated_names: list[str] = field(default_factory=list)


# --- the notation ---------------------------------------------------------------------

_AMOUNT = re.compile(r"^(M|E|S|G|X|K|Fin|Gen)(-?\d+)$")
_POINTS = re.compile(r"^(\d+)(?:/([A-Za-z]+)(?:\+([A-Za-z]+))?)?$")
_POINT_WORDS: dict[str, CardType | Token] = {t.value: t for t in CardType} | {
    "Financier": Token.FINANCIER,
    "General": Token.GENERAL,
}


def parse_amounts(text: str, *, allow_negative: bool = False) -> Amounts:
    """`M4 E1 Fin1` → ((M, 4), (E, 1), (Fin, 1)). Empty text means nothing."""
    result: list[tuple[SlotKind, int]] = []
    for part in text.split():
        match = _AMOUNT.match(part)
        if not match:
            raise ValueError(f"'{part}' is not an amount like M4, K1 or Fin2")
        amount = int(match.group(2))
        if amount == 0 or (amount < 0 and not allow_negative):
            raise ValueError(f"'{part}' must be a positive amount")
        result.append((slot_kind(match.group(1)), amount))
    kinds = [k for k, _ in result]
    if len(set(kinds)) != len(kinds):
        raise ValueError(f"'{text}' names the same resource twice")
    return tuple(result)


def parse_production(text: str) -> tuple[Icon, ...]:
    """`M1 G1`, `X1 per Vehicle`, `M-1 E2 S2` (corruption), `G1 Fin1` (War or Peace)."""
    icons: list[Icon] = []
    tokens = text.split()
    i = 0
    while i < len(tokens):
        (kind, amount), = parse_amounts(tokens[i], allow_negative=True)
        per: CardType | None = None
        if i + 1 < len(tokens) and tokens[i + 1] == "per":
            if i + 2 >= len(tokens):
                raise ValueError(f"'{text}' ends after 'per'")
            try:
                per = CardType(tokens[i + 2])
            except ValueError:
                raise ValueError(f"'{tokens[i + 2]}' is not a card type") from None
            i += 2
        icons.append(Icon(kind, amount, per))
        i += 1
    return tuple(icons)


def parse_points(text: str) -> Points:
    """`0`, `10`, `2/Project`, `1/Financier`, `6/Structure+Vehicle`."""
    match = _POINTS.match(text.strip())
    if not match:
        raise ValueError(
            f"'{text}' is not victory points like 10, 2/Project or 6/Structure+Vehicle"
        )
    per: list[CardType | Token] = []
    for word in match.group(2, 3):
        if word is None:
            continue
        if word not in _POINT_WORDS:
            raise ValueError(f"'{word}' is not a card type, Financier or General")
        per.append(_POINT_WORDS[word])
    return Points(int(match.group(1)), tuple(per))


# --- names ----------------------------------------------------------------------------


_NOT_ALNUM = re.compile(r"[\W_]+")


@lru_cache(maxsize=4096)
def normalize(name: str) -> str:
    """Case-, accent- and punctuation-free form: "Éoliennes", "EOLIENNES" → "eoliennes"."""
    # Every name of the catalog is normalized as it loads, twice (the check that no two
    # cards share a name, then the index): one pass of C code, remembered. `[\W_]` is
    # what `str.isalnum` refuses, which includes every combining mark NFKD splits off;
    # U+0345 goes first because casefold() would turn that one into a letter (ι).
    decomposed = unicodedata.normalize("NFKD", name).replace("\u0345", "")
    return _NOT_ALNUM.sub("", decomposed.casefold())


def _all_names(card: Card) -> Iterator[str]:
    yield from card.names.values()
    for _, name in card.other_names:
        yield name


def _number_text(key: int | str) -> str:
    """A card number as a message quotes it: a long one is cut, since Python will not
    even convert a number of more than 4,300 digits between int and text."""
    try:
        text = str(key).strip()
    except ValueError:
        return "…"
    return text if len(text) <= 9 else text[:9] + "…"


@dataclass(frozen=True)
class Catalog:
    """Every card and Empire face, with lookups by id and by name in any language."""

    cards: tuple[Card, ...]
    empires: tuple[EmpireFace, ...]
    _by_id: dict[int, Card] = field(init=False, repr=False, compare=False)
    _by_name: dict[str, Card] = field(init=False, repr=False, compare=False)
    _empires_by_name: dict[str, tuple[EmpireFace, ...]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        by_id = {card.id: card for card in self.cards}
        by_name: dict[str, Card] = {}
        for card in self.cards:
            for name in _all_names(card):
                by_name.setdefault(normalize(name), card)
        empires: dict[str, list[EmpireFace]] = {}
        for face in self.empires:
            for name in face.names.values():
                empires.setdefault(normalize(name), []).append(face)
        object.__setattr__(self, "_by_id", by_id)
        object.__setattr__(self, "_by_name", by_name)
        object.__setattr__(
            self, "_empires_by_name", {k: tuple(v) for k, v in empires.items()}
        )

    # cards

    def card(self, key: int | str) -> Card:
        """A card by id (int or digits) or by any printed name; `Rejected` otherwise."""
        if isinstance(key, bool):
            raise Rejected(Refusal.MALFORMED,
                           "A card is named by its name or its number, not {value}", value=key)
        # A number is ASCII digits: "²" or "٣" are digits to isdigit() but no card number
        # is written with them (they are looked up as names, and not found).
        digits = key.strip() if isinstance(key, str) else ""
        if isinstance(key, int) or (digits.isascii() and digits.isdigit()):
            number = key if isinstance(key, int) else int(digits) if len(digits) <= 9 else None
            if number is not None and number in self._by_id:
                return self._by_id[number]
            raise Rejected(
                Refusal.UNKNOWN_CARD,
                "There is no card number {number}: cards are numbered 1 to {last}",
                number=_number_text(key),
                last=max(self._by_id),
            )
        if not isinstance(key, str):
            raise Rejected(Refusal.MALFORMED,
                           "A card is named by its name or its number, not {value}", value=key)
        found = self._by_name.get(normalize(key))
        if found is None:
            raise Rejected(
                Refusal.UNKNOWN_CARD,
                "Unknown card '{name}'. {hint}", name=key, hint=self._hint(key, self._by_name)
            )
        return found

    def find_cards(self, query: str, limit: int = 20) -> list[Card]:
        """Cards whose name in any language contains the query, best matches first."""
        wanted = normalize(query)
        if not wanted:
            return list(self.cards[:limit])
        starts: list[Card] = []
        contains: list[Card] = []
        for card in self.cards:
            forms = [normalize(n) for n in _all_names(card)]
            if any(f.startswith(wanted) for f in forms):
                starts.append(card)
            elif any(wanted in f for f in forms):
                contains.append(card)
        return (starts + contains)[:limit]

    def by_expansion(self, *expansions: Expansion) -> list[Card]:
        return [c for c in self.cards if c.expansion in expansions]

    # Empires

    def empire(self, name: str, face: str = "A", *, variants: bool = True) -> EmpireFace:
        """An Empire face by the Empire's name in any language and the face letter."""
        if not isinstance(name, str):
            raise Rejected(Refusal.MALFORMED,
                           "An Empire is named by its name, not {value}", value=name)
        faces = self._empires_by_name.get(normalize(name))
        if faces is None:
            raise Rejected(
                Refusal.UNKNOWN_EMPIRE,
                "Unknown Empire '{name}'. {hint}",
                name=name,
                hint=self._hint(name, self._empires_by_name),
            )
        letter = face.strip().upper() if isinstance(face, str) else face
        for candidate in faces:
            if candidate.face == letter and (variants or not candidate.variant):
                return candidate
        allowed = ", ".join(f.face for f in faces if variants or not f.variant)
        raise Rejected(
            Refusal.EMPIRE_FACE,
            "{empire} has no face '{face}': choose one of {allowed}",
            empire=faces[0].name,
            face=face,
            allowed=allowed,
        )

    def empire_names(self) -> list[str]:
        seen: dict[str, None] = {}
        for face in self.empires:
            seen.setdefault(face.name)
        return list(seen)

    def _hint(self, name: str, index: Mapping[str, object]) -> str:
        import difflib  # only for a name not found

        close = difflib.get_close_matches(normalize(name), list(index), n=8, cutoff=0.6)
        labels: list[str] = []
        for key in close:
            entry = index[key]
            label = entry[0].name if isinstance(entry, tuple) else getattr(entry, "name", key)
            if label not in labels:
                labels.append(label)
        if not labels:
            return ("Check the spelling; names work in English, French, German, Spanish, "
                    "Italian, Portuguese.")
        return "Did you mean " + ", ".join(labels[:4]) + "?"


# --- loading --------------------------------------------------------------------------


def _read_list(path: Path) -> list[object]:
    try:
        raw = json.loads(path.read_bytes())
    except FileNotFoundError:
        raise CatalogError(f"{path}: file is missing") from None
    except ValueError as exc:  # JSONDecodeError, UnicodeDecodeError
        raise CatalogError(f"{path}: not valid JSON ({exc})") from None
    if not isinstance(raw, list):
        raise CatalogError(f"{path}: expected a list of entries")
    return raw


def _field_error(path: Path, what: str, field_name: str, problem: object) -> CatalogError:
    return CatalogError(f"{path.name}: {what}: field '{field_name}': {problem}")


_JSON_TYPES = {bool: "bool", int: "int", float: "float", str: "str", list: "array",
               dict: "object", type(None): "null"}


def _wrong(expected: str, value: object) -> str:
    return f"Expected `{expected}`, got `{_JSON_TYPES.get(type(value), type(value).__name__)}`"


def _checked(value: object, kind: str, at: str) -> tuple[str, str] | None:
    """Where and how `value` is not of the field type `kind` (as written in the record
    class: `int`, `str`, `list[str]`, `dict[str, str]`, `dict[str, list[str]]`); None if it is."""
    if kind == "int":
        ok = isinstance(value, int) and not isinstance(value, bool)
        return None if ok else (at, _wrong("int", value))
    if kind == "str":
        return None if isinstance(value, str) else (at, _wrong("str", value))
    if kind == "list[str]":
        if not isinstance(value, list):
            return at, _wrong("array", value)
        wrong = [item for item in value if not isinstance(item, str)]
        return (at, _wrong("str", wrong[0])) if wrong else None
    if not isinstance(value, dict):
        return at, _wrong("object", value)
    inner = kind.removeprefix("dict[str, ").removesuffix("]")
    for key, item in value.items():
        if inner == "list[str]":
            if not isinstance(item, list):
                return f"{at}.{key}", _wrong("array", item)
            for entry in item:
                if not isinstance(entry, str):
                    return f"{at}.{key}", _wrong("str", entry)
        elif (found := _checked(item, inner, f"{at}.{key}")) is not None:
            return found
    return None


if TYPE_CHECKING:
    from typing import TypeVar

    Record = TypeVar("Record", _CardRecord, _EmpireRecord)


@cache
def _schema(kind: type[_CardRecord | _EmpireRecord]) -> dict[str, tuple[str, bool]]:
    """Each field of a record class: its type as written, and whether it is required
    (worked out once a class: it is asked for every card)."""
    return {f.name: (str(f.type), f.default is MISSING and f.default_factory is MISSING)
            for f in fields(kind)}


def _convert(path: Path, what: str, raw: object, kind: type[Record]) -> Record:
    """`raw` as a `kind`, every field of the type its class declares, none unknown, none
    missing without a default; `CatalogError` naming the field otherwise."""
    if not isinstance(raw, dict):
        raise CatalogError(f"{path.name}: {what}: {_wrong('object', raw)}")
    schema = _schema(kind)  # type: ignore[arg-type]  # a class hashes; mypy reads its instances' __hash__
    for name in raw:
        if name not in schema:
            raise _field_error(path, what, name, f"Object contains unknown field `{name}`")
    for name, (declared, required) in schema.items():
        if name not in raw:
            if required:
                raise _field_error(path, what, name,
                                   f"Object missing required field `{name}`")
            continue
        wrong = _checked(raw[name], declared, name)
        if wrong is not None:
            raise _field_error(path, what, *wrong)
    return kind(**raw)


def _names(path: Path, what: str, names: dict[str, str],
           translated: list[str]) -> dict[str, str]:
    """The names of a record, one in every language; a language the record marks as
    `translated_names` (ours, not printed) must name one of them."""
    for language in LANGUAGES:
        if not names.get(language, "").strip():
            raise _field_error(path, what, f"names.{language}", "missing or empty")
    for language in translated:
        if language not in names:
            raise _field_error(path, what, "translated_names",
                               f"'{language}' has no name in 'names'")
    return {k: v.strip() for k, v in names.items()}


def _label(raw: object) -> object:
    """The English name an entry gives itself, to name it in a message; None when its
    `names` is no object (`_convert` then says so, naming the field)."""
    names = raw.get("names") if isinstance(raw, dict) else None
    return names.get("en") if isinstance(names, dict) else None


def _card(path: Path, index: int, raw: object) -> Card:
    label = _label(raw)
    what = f"card #{raw.get('id', index + 1) if isinstance(raw, dict) else index + 1}"
    what += f" ({label})" if isinstance(label, str) else ""
    record = _convert(path, what, raw, _CardRecord)
    parsers: dict[str, Callable[[], object]] = {
        "expansion": lambda: Expansion(record.expansion),
        "type": lambda: CardType(record.type),
        "cost": lambda: parse_amounts(record.cost),
        "construction_bonus": lambda: parse_amounts(record.construction_bonus),
        "production": lambda: parse_production(record.production),
        "victory_points": lambda: parse_points(record.victory_points),
        "recycle": lambda: Resource(record.recycle),
    }
    parsed: dict[str, object] = {}
    for name, parse in parsers.items():
        try:
            parsed[name] = parse()
        except ValueError as exc:
            raise _field_error(path, what, name, exc) from None
    if record.copies < 1:
        raise _field_error(path, what, "copies", "must be at least 1")
    if not parsed["cost"]:
        raise _field_error(path, what, "cost", "a card always costs something")
    bonus = parsed["construction_bonus"]
    assert isinstance(bonus, tuple)
    if any(not isinstance(kind, Token) for kind, _ in bonus):
        raise _field_error(path, what, "construction_bonus", "only K, Fin and Gen tokens")
    return Card(
        id=record.id,
        expansion=parsed["expansion"],  # type: ignore[arg-type]
        type=parsed["type"],  # type: ignore[arg-type]
        copies=record.copies,
        names=_names(path, what, record.names, record.translated_names),
        cost=parsed["cost"],  # type: ignore[arg-type]
        construction_bonus=bonus,
        production=parsed["production"],  # type: ignore[arg-type]
        points=parsed["victory_points"],  # type: ignore[arg-type]
        recycle=parsed["recycle"],  # type: ignore[arg-type]
        other_names=tuple(
            (lang, name.strip()) for lang, names in record.other_names.items() for name in names
        ),
    )


def _empire(path: Path, index: int, raw: object) -> EmpireFace:
    label = _label(raw)
    face_letter = raw.get("face") if isinstance(raw, dict) else None
    what = f"Empire entry {index + 1} ({label} {face_letter})"
    record = _convert(path, what, raw, _EmpireRecord)
    try:
        expansion = Expansion(record.expansion)
    except ValueError as exc:
        raise _field_error(path, what, "expansion", exc) from None
    if record.face not in "ABCDEF" or len(record.face) != 1:
        raise _field_error(path, what, "face", "must be one letter A to F")
    try:
        production = parse_production(record.production)
    except ValueError as exc:
        raise _field_error(path, what, "production", exc) from None
    try:
        points = parse_points(record.victory_points)
    except ValueError as exc:
        raise _field_error(path, what, "victory_points", exc) from None
    if record.start_krystallium < 0:
        raise _field_error(path, what, "start_krystallium", "cannot be negative")
    return EmpireFace(
        names=_names(path, what, record.names, record.translated_names),
        expansion=expansion,
        face=record.face,
        production=production,
        points=points,
        start_krystallium=record.start_krystallium,
        variant=record.face not in RULEBOOK_FACES,
        status=record.status,
    )


def _check_unique(path: Path, keys: Iterable[object], what: str) -> None:
    seen: set[object] = set()
    for key in keys:
        if key in seen:
            raise CatalogError(f"{path.name}: {what} {key} appears twice")
        seen.add(key)


def load_catalog(folder: Path | None = None) -> Catalog:
    """Read and validate the card and Empire files; raise `CatalogError` naming the fault."""
    folder = folder if folder is not None else assets_dir()
    cards_path, empires_path = folder / CARDS_FILE, folder / EMPIRES_FILE
    cards = tuple(_card(cards_path, i, raw) for i, raw in enumerate(_read_list(cards_path)))
    _check_unique(cards_path, (c.id for c in cards), "card id")
    names: dict[str, int] = {}
    for card in cards:
        for name in _all_names(card):
            other = names.setdefault(normalize(name), card.id)
            if other != card.id:
                raise CatalogError(
                    f"{cards_path.name}: card #{card.id}: name '{name}' is also card #{other}'s"
                )
    empires = tuple(
        _empire(empires_path, i, raw) for i, raw in enumerate(_read_list(empires_path))
    )
    _check_unique(empires_path, ((e.name, e.face) for e in empires), "Empire face")
    return Catalog(cards, empires)


@cache
def catalog() -> Catalog:
    """The shipped catalog, loaded once per process."""
    return load_catalog()


__all__ = [
    "CHARACTERS",
    "LANGUAGES",
    "Catalog",
    "CatalogError",
    "catalog",
    "load_catalog",
    "normalize",
    "parse_amounts",
    "parse_points",
    "parse_production",
]
