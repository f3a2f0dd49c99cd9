"""The rules as a player needs them at the table, in the app's own words.

The text is data (`assets/rules/rulebook.json`), written from the rules digest and the
rulebooks, in English; every title and paragraph is a message of the translation
catalogs like any other, so it reads in the player's language and a missing translation
is caught by the same test. It is validated when loaded: a topic with an unknown
section, a repeated id or a brace (which the translation function would read as a
placeholder) stops the load with a message that says where.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import NamedTuple

import msgspec

from companion.rules.cards import Resource
from companion.rules.construction import SLOT_BY_NAME, SLOT_NAMES
from companion.rules.scoring import RULEBOOK_FACES
from companion.rules.supremacy import MAX_PLAYERS
from companion.shipped.catalog import normalize
from companion.shipped.paths import assets_dir

EDITIONS = ("fr", "es", "pt", "it")
"""The languages of the printed rulebooks the examples come from."""
RESOURCE_NAMES = tuple(SLOT_NAMES[resource] for resource in Resource)
"""What a supremacy example's resource may be."""
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class RulebookError(Exception):
    """The shipped rulebook file is broken; the message says where."""


class Section(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A part of the rulebook: the game, solo, the expansions."""

    id: str
    title: str


class Topic(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One rule, as a page: its address is its id (`/rules/supremacy`)."""

    id: str
    section: str
    title: str
    text: tuple[str, ...]
    """Its paragraphs, in English (each one is a message of the catalogs)."""
    examples: tuple[str, ...] = ()
    """The examples it draws, by id: the rulebooks' own (a `Tableau`) or ours (the
    supremacy and rank examples, which no rulebook prints)."""


class Rulebook(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    sections: tuple[Section, ...]
    topics: tuple[Topic, ...]

    def topic(self, topic_id: str) -> Topic | None:
        return next((topic for topic in self.topics if topic.id == topic_id), None)

    def in_section(self, section_id: str) -> list[Topic]:
        return [topic for topic in self.topics if topic.section == section_id]

    def messages(self) -> Iterator[str]:
        """Every English text of the rulebook: what the catalogs must translate."""
        for section in self.sections:
            yield section.title
        for topic in self.topics:
            yield topic.title
            yield from topic.text


class Tableau(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A rulebook's worked example as its picture shows it (the Empire, its face and the
    built cards printed there), drawn on the rule's page with the app's symbols and
    computed by the rules (so the page shows what the app counts)."""

    id: str
    shows: str
    """"production" (the totals of a production step), "corruption" (the totals with and
    without corruption), "score" (the score pad) or "construction" (one card built during
    a production step, then producing in the next one)."""
    empire: str
    face: str
    built: tuple[str, ...]
    """The built cards; for "construction", the one card put under construction."""
    generals: int = 0
    financiers: int = 0
    printed_in: tuple[str, ...] = ()
    """The languages whose printed edition tells this example, with its own names for the
    players (the French one, seed 002, tells them all); in any other language the page
    says it is the French rulebook's, names included."""


class RankExample(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An example of ours (no rulebook prints one) of solo ranks: final scores and the
    Empire face of each."""

    id: str
    scores: tuple[tuple[int, str], ...]


class SupremacyExample(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An example of ours (no rulebook prints one) of supremacy: the totals of one
    resource at several tables, each read by the supremacy rule."""

    id: str
    resource: str
    totals: tuple[tuple[int, ...], ...]

    @property
    def kind(self) -> Resource:
        """The resource, by the name checked when the file was read."""
        found = SLOT_BY_NAME[self.resource]
        assert isinstance(found, Resource)
        return found


class _Examples(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    examples: tuple[Tableau, ...]
    supremacy: tuple[SupremacyExample, ...] = ()
    ranks: tuple[RankExample, ...] = ()


SHOWS = ("production", "corruption", "score", "construction")


class Examples(NamedTuple):
    tableaux: dict[str, Tableau]
    ranks: dict[str, RankExample]
    supremacy: dict[str, SupremacyExample]


def parse_examples(raw: bytes, known: Callable[[Tableau], str | None],
                   where: str = "examples.json") -> Examples:
    """The worked examples by id; `known` says what of a tableau the catalog lacks, and a
    rank example's face must be one the rank table is printed for."""
    try:
        found = msgspec.json.decode(raw, type=_Examples)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise RulebookError(f"{where}: {exc}") from None
    for tableau in found.examples:
        problem = None if tableau.shows in SHOWS else f"shows {tableau.shows!r}"
        if tableau.shows == "construction" and len(tableau.built) != 1:
            problem = "a construction example builds exactly one card"
        if not set(tableau.printed_in) <= set(EDITIONS):
            problem = f"printed_in {tableau.printed_in!r}: languages of {', '.join(EDITIONS)}"
        problem = problem or known(tableau)
        if problem:
            raise RulebookError(f"{where}: example {tableau.id!r}: {problem}")
    for example in found.ranks:
        for total, face in example.scores:
            if face not in RULEBOOK_FACES or not 0 <= total < 1000:
                raise RulebookError(f"{where}: example {example.id!r}: {total} on face"
                                    f" {face!r} is not a rulebook score")
    for supremacy in found.supremacy:
        if supremacy.resource not in RESOURCE_NAMES or not all(
                1 <= len(totals) <= MAX_PLAYERS and all(0 <= n < 1000 for n in totals)
                for totals in supremacy.totals):
            raise RulebookError(f"{where}: example {supremacy.id!r}: a resource of"
                                f" {', '.join(RESOURCE_NAMES)} and 1 to {MAX_PLAYERS} totals"
                                " of 0 to 999 per table")
    return Examples({tableau.id: tableau for tableau in found.examples},
                    {example.id: example for example in found.ranks},
                    {example.id: example for example in found.supremacy})


@cache
def examples() -> Examples:
    """The shipped worked examples, read and checked against the catalog once."""
    from companion.shipped.catalog import catalog

    cards = catalog()

    def known(tableau: Tableau) -> str | None:
        try:
            cards.empire(tableau.empire, tableau.face)
            for name in tableau.built:
                cards.card(name)
        except Exception as exc:  # Rejected: a name the catalog does not have
            return str(exc)
        return None

    path = assets_dir() / "rules" / "examples.json"
    return parse_examples(path.read_bytes(), known, path.name)


def worked_examples() -> dict[str, Tableau]:
    return examples().tableaux


def rank_examples() -> dict[str, RankExample]:
    return examples().ranks


def supremacy_examples() -> dict[str, SupremacyExample]:
    return examples().supremacy


def rulebook_file() -> Path:
    return assets_dir() / "rules" / "rulebook.json"


def parse_rulebook(raw: bytes, where: str = "rulebook.json") -> Rulebook:
    """The rulebook in `raw`; `RulebookError` says what is wrong, and where."""
    try:
        book = msgspec.json.decode(raw, type=Rulebook)
    except msgspec.ValidationError as exc:
        raise RulebookError(f"{where}: {exc}") from None
    except msgspec.DecodeError as exc:
        raise RulebookError(f"{where}: not valid JSON ({exc})") from None
    _check(book, where)
    return book


def _check(book: Rulebook, where: str) -> None:
    sections = [section.id for section in book.sections]
    topics = [topic.id for topic in book.topics]
    for kind, ids in (("section", sections), ("topic", topics)):
        for found in ids:
            if not _ID.match(found):
                raise RulebookError(f"{where}: {kind} id {found!r} is not lower-case words"
                                    " joined by dashes")
            if ids.count(found) > 1:
                raise RulebookError(f"{where}: {kind} id {found!r} is used twice")
    for topic in book.topics:
        if topic.section not in sections:
            raise RulebookError(f"{where}: topic {topic.id!r} is in an unknown section"
                                f" {topic.section!r}")
        if not topic.text:
            raise RulebookError(f"{where}: topic {topic.id!r} has no text")
    for text in book.messages():
        if not text.strip() or "{" in text or "}" in text:
            raise RulebookError(f"{where}: an empty text, or one with a brace (braces mark"
                                f" placeholders): {text[:60]!r}")


@cache
def rulebook() -> Rulebook:
    path = rulebook_file()
    return parse_rulebook(path.read_bytes(), path.name)


def search(book: Rulebook, query: str, translate: Callable[[str], str]) -> list[Topic]:
    """The topics whose title or text, as the player reads them (`translate`), hold every
    word of `query`: case, accents and punctuation do not matter ("supremacia" finds
    "Supremacía"). The title's matches come first."""
    words = [normalize(word) for word in query.split()]
    words = [word for word in words if word]
    if not words:
        return []
    in_title: list[Topic] = []
    in_text: list[Topic] = []
    for topic in book.topics:
        title = normalize(translate(topic.title)) + normalize(topic.id)
        body = title + "".join(normalize(translate(paragraph)) for paragraph in topic.text)
        if all(word in title for word in words):
            in_title.append(topic)
        elif all(word in body for word in words):
            in_text.append(topic)
    return in_title + in_text
