"""The rulebook file and its worked examples: a damaged one is refused with its whole
message (the file, the example or id, what is wrong), and the limits of the checks (a
score of 0 or 999, 7 tables) are accepted, not only refused beyond them."""

from __future__ import annotations

import json

import pytest

from companion.i18n import t
from companion.shipped.paths import assets_dir
from companion.shipped.rulebook import (
    RankExample,
    RulebookError,
    SupremacyExample,
    Tableau,
    parse_examples,
    parse_rulebook,
    rulebook,
    rulebook_file,
    search,
)


def _book(*texts: str, section: str = "game") -> bytes:
    """A one-topic rulebook whose topic's paragraphs are `texts`."""
    return json.dumps({
        "sections": [{"id": section, "title": "The game"}],
        "topics": [{"id": "draft", "section": section, "title": "The draft",
                    "text": list(texts) or ["Seven cards each."]}]}).encode()


LONG = "Each player takes {count} cubes of the colour they chose, then the round begins."

BOOK_DAMAGES: list[tuple[str, bytes, str]] = [
    ("a section id with capitals and a space", _book(section="The Game"),
     "section id 'The Game' is not lower-case words joined by dashes"),
    ("an empty paragraph", _book("Seven cards each.", "   "),
     "an empty text, or one with a brace (braces mark placeholders): '   '"),
    ("an opening brace alone", _book("Take { cards."),
     "an empty text, or one with a brace (braces mark placeholders): 'Take { cards.'"),
    ("a closing brace alone", _book("Take } cards."),
     "an empty text, or one with a brace (braces mark placeholders): 'Take } cards.'"),
    ("a long text with a placeholder, quoted to its 60th character", _book(LONG),
     "an empty text, or one with a brace (braces mark placeholders):"
     f" {LONG[:60]!r}"),
]


@pytest.mark.parametrize(("damage", "raw", "message"), BOOK_DAMAGES,
                         ids=[damage for damage, _, _ in BOOK_DAMAGES])
def test_a_damaged_rulebook_is_refused_with_its_whole_message(
        damage: str, raw: bytes, message: str) -> None:
    with pytest.raises(RulebookError) as refused:
        parse_rulebook(raw)
    assert str(refused.value) == f"rulebook.json: {message}", damage


def test_the_rulebook_file_is_the_shipped_one() -> None:
    assert rulebook_file() == assets_dir() / "rules" / "rulebook.json"
    assert parse_rulebook(rulebook_file().read_bytes()) == rulebook()


def _tableau(**fields: object) -> dict[str, object]:
    return {"id": "x", "shows": "score", "empire": "E", "face": "A", "built": [], **fields}


def _examples(**parts: object) -> bytes:
    return json.dumps({"examples": [], **parts}).encode()


def _known(tableau: Tableau) -> str | None:
    return None


SUPREMACY_RULE = ("a resource of Materials, Energy, Science, Gold, Exploration and 1 to 7"
                  " totals of 0 to 999 per table")

EXAMPLE_DAMAGES: list[tuple[str, bytes, str]] = [
    ("a construction building two cards",
     _examples(examples=[_tableau(shows="construction", built=["A", "B"])]),
     "example 'x': a construction example builds exactly one card"),
    ("printed in English, which has no printed rulebook",
     _examples(examples=[_tableau(printed_in=["fr", "en"])]),
     "example 'x': printed_in ('fr', 'en'): languages of fr, es, pt, it"),
    ("a rank example of 1000 points",
     _examples(ranks=[{"id": "r", "scores": [[1000, "B"]]}]),
     "example 'r': 1000 on face 'B' is not a rulebook score"),
    ("a rank example of -1 point",
     _examples(ranks=[{"id": "r", "scores": [[-1, "B"]]}]),
     "example 'r': -1 on face 'B' is not a rulebook score"),
    ("a supremacy total of 1000",
     _examples(supremacy=[{"id": "s", "resource": "Gold", "totals": [[1000, 3]]}]),
     f"example 's': {SUPREMACY_RULE}"),
    ("a supremacy resource that is not one",
     _examples(supremacy=[{"id": "s", "resource": "Krystallium", "totals": [[1]]}]),
     f"example 's': {SUPREMACY_RULE}"),
    ("eight tables at a game of at most seven",
     _examples(supremacy=[{"id": "s", "resource": "Gold", "totals": [[1] * 8]}]),
     f"example 's': {SUPREMACY_RULE}"),
]


@pytest.mark.parametrize(("damage", "raw", "message"), EXAMPLE_DAMAGES,
                         ids=[damage for damage, _, _ in EXAMPLE_DAMAGES])
def test_a_damaged_example_is_refused_with_its_whole_message(
        damage: str, raw: bytes, message: str) -> None:
    with pytest.raises(RulebookError) as refused:
        parse_examples(raw, _known)
    assert str(refused.value) == f"examples.json: {message}", damage


def test_the_limits_of_an_example_are_allowed() -> None:
    """A solo score of 0 or 999, a supremacy total of 0 or 999, seven tables: all fine,
    and every example is found by its id."""
    found = parse_examples(_examples(
        ranks=[{"id": "low", "scores": [[0, "B"], [999, "A"]]}],
        supremacy=[{"id": "full", "resource": "Science", "totals": [[0, 999, 1, 2, 3, 4, 5]]}],
    ), _known)
    assert found.ranks == {"low": RankExample(id="low", scores=((0, "B"), (999, "A")))}
    assert found.supremacy == {"full": SupremacyExample(
        id="full", resource="Science", totals=((0, 999, 1, 2, 3, 4, 5),))}
    assert found.tableaux == {}


def test_the_search_finds_a_topic_by_its_id() -> None:
    """The command line lists topics by id: typing one finds it first."""
    assert [topic.id for topic in search(rulebook(), "war-or-peace", t)][:1] == [
        "war-or-peace"]


def test_punctuation_alone_finds_nothing() -> None:
    """Punctuation holds no word: such a search finds no rule, rather than every rule."""
    assert search(rulebook(), "... ?! -- ()", t) == []
