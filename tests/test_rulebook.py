"""The rules in the player's pocket: the shipped rulebook, its search, `companion rules`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.cli import main
from companion.i18n import SUPPORTED, language, set_language, t
from companion.shipped.paths import assets_dir
from companion.shipped.rulebook import (
    RulebookError,
    Tableau,
    examples,
    parse_examples,
    parse_rulebook,
    rank_examples,
    rulebook,
    search,
    supremacy_examples,
    worked_examples,
)

TOPICS = {
    "game": ["setup", "draft", "planning", "production", "supremacy", "construction",
             "krystallium", "characters", "score", "two-players"],
    "solo": ["solo", "solo-rank", "solo-scenarios"],
    "expansions": ["corruption", "duo", "ca-players", "war-or-peace"],
}
"""What a player asks about at the table (issue: setup, the draft, planning, the five
steps, supremacy, construction, Krystallium, characters, the score pad, solo and its
ranks, the two-player variant, Corruption & Ascension, War or Peace)."""


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    before = language()
    yield
    set_language(before)


def test_every_topic_a_player_asks_about_is_there_in_its_section() -> None:
    book = rulebook()
    assert [section.id for section in book.sections] == list(TOPICS)
    for section, topics in TOPICS.items():
        assert [topic.id for topic in book.in_section(section)] == topics


@pytest.mark.parametrize("code", [code for code in SUPPORTED if code != "en"])
def test_every_text_of_the_rulebook_is_translated(code: str) -> None:
    catalog = json.loads((assets_dir() / "i18n" / f"{code}.json").read_text("utf-8"))
    untranslated = [text[:50] for text in rulebook().messages()
                    if not str(catalog.get(text, "")).strip()]
    assert untranslated == []


def _facts(topic_id: str) -> str:
    return " ".join(rulebook().topic(topic_id).text)  # type: ignore[union-attr]


def test_the_texts_carry_the_rules_numbers() -> None:
    """Numbers written by hand from the rules digest, looked for in the rule's text."""
    for number in ("60", "80", "100", "15"):
        assert number in _facts("solo-rank")
    assert "5" in _facts("krystallium")
    for number in ("8", "4", "6", "3", "5", "2", "7"):
        assert number in _facts("ca-players")
    assert "10" in _facts("two-players") and "3" in _facts("two-players")
    for word in ("left", "right"):
        assert word in _facts("draft")


PRINTED_RULES = [
    # (what the printed rulebooks say, its topic, English words, another language's words)
    ("resources are unlimited, and what to do when cubes run out (seeds 000-004)",
     "construction", "unlimited colour runs out", ("fr", "illimitées")),
    ("the same, in Portuguese words (seed 003)", "construction", "cubes in the box",
     ("pt", "não são limitados")),
    ("the round tracker is flipped, then moved (seeds 000-003)", "production", "flip tracker",
     ("es", "voltea indicador")),
    ("a persisting tie may be shared or played again (seed 000)", "score", "Spanish play again",
     ("es", "compartir jugar de nuevo")),
    ("the Empire cards are dealt at random (seed 000)", "setup", "Empire card random",
     ("es", "al azar Carta de Imperio")),
    ("solo: each sequence takes a pool at random (seeds 003, 004)", "solo", "pools random",
     ("it", "a caso mazzi")),
    ("C&A's Financier and General tokens marked x3 (seed 002)", "characters", "marked ×3",
     ("fr", "marqués ×3")),
    ("War or Peace: a card named by name and number (seed 002)", "war-or-peace", "PAX-10",
     ("de", "Namen Nummer")),
    ("War or Peace: unused cards stay in the envelope (seed 002)", "war-or-peace",
     "did not use stay envelope", ("fr", "restent dans leur enveloppe")),
    ("War or Peace: the winner of a scenario is better rewarded (seed 002)", "war-or-peace",
     "better reward", ("es", "recompensa mejor")),
    ("War or Peace: the Heritage booster and the Secret box (seed 002)", "war-or-peace",
     "Heritage booster Secret box", ("fr", "booster Héritage boîte Secrète")),
    ("C&A may join the campaign; 7 players in a free game with all unlocked (seed 002)",
     "war-or-peace", "unlocked 7 players", ("it", "sbloccato 7 giocatori")),
]
"""Rules the printed books state, each looked for as a player would: a few words of it,
in English and in another language, find its topic first."""


@pytest.mark.parametrize(("rule", "topic", "english", "other"), PRINTED_RULES,
                         ids=[rule[0][:40] for rule in PRINTED_RULES])
def test_a_rule_the_rulebooks_print_is_found_by_its_words(
        rule: str, topic: str, english: str, other: tuple[str, str]) -> None:
    set_language("en")
    assert [found.id for found in search(rulebook(), english, t)][:1] == [topic], rule
    code, words = other
    set_language(code)
    assert [found.id for found in search(rulebook(), words, t)][:1] == [topic], rule


def test_the_printed_rules_carry_their_numbers() -> None:
    """Written by hand from seed 002 (War or Peace, C&A) and seed 000 (the tie)."""
    assert "PAX-10 (1-01)" in _facts("war-or-peace")
    assert "up to 7 players" in _facts("war-or-peace")
    assert "×3" in _facts("characters") and "3 tokens" in _facts("characters")
    assert "share the victory or play again" in _facts("score")


def _book(**change: object) -> bytes:
    book: dict[str, object] = {
        "sections": [{"id": "game", "title": "The game"}],
        "topics": [{"id": "draft", "section": "game", "title": "The draft",
                    "text": ["Seven cards each."]}]}
    book.update(change)
    return json.dumps(book).encode()


@pytest.mark.parametrize(("raw", "says"), [
    (b"{", "not valid JSON"),
    (_book(sections=[{"id": "game", "title": "The game", "colour": "red"}]), "colour"),
    (_book(topics=[{"id": "a", "section": "nowhere", "title": "A", "text": ["x"]}]),
     "unknown section 'nowhere'"),
    (_book(topics=[{"id": "a", "section": "game", "title": "A", "text": ["x"]},
                   {"id": "a", "section": "game", "title": "B", "text": ["y"]}]),
     "topic id 'a' is used twice"),
    (_book(topics=[{"id": "A b", "section": "game", "title": "A", "text": ["x"]}]),
     "is not lower-case words"),
    (_book(topics=[{"id": "a", "section": "game", "title": "A", "text": []}]), "no text"),
    (_book(topics=[{"id": "a", "section": "game", "title": "A", "text": ["{count} cubes"]}]),
     "brace"),
])
def test_a_broken_rulebook_says_what_and_where(raw: bytes, says: str) -> None:
    with pytest.raises(RulebookError, match="rulebook.json") as caught:
        parse_rulebook(raw)
    assert says in str(caught.value)


def test_a_well_formed_rulebook_loads() -> None:
    book = parse_rulebook(_book())
    assert book.topic("draft") is not None and book.topic("nothing") is None


def test_search_reads_the_players_language_with_accents_optional() -> None:
    set_language("es")
    found = [topic.id for topic in search(rulebook(), "supremacia", t)]
    assert found[0] == "supremacy"
    set_language("fr")
    assert search(rulebook(), "KRYSTALLIUM", t)[0].id == "krystallium"
    assert search(rulebook(), "   ", t) == []
    assert search(rulebook(), "zzzyx", t) == []
    # Punctuation alone holds no word to look for: it finds nothing, not everything.
    assert search(rulebook(), "?! -", t) == []


def test_a_topics_id_finds_it() -> None:
    # The topic "characters" is titled "Financiers and Generals" and its text never says
    # "characters": its id, as the command line lists it, still finds it.
    set_language("en")
    assert [topic.id for topic in search(rulebook(), "characters", t)][:1] == ["characters"]
    assert "setup" in {topic.id for topic in search(rulebook(), "setup", t)}


def test_every_word_must_be_found() -> None:
    both = {topic.id for topic in search(rulebook(), "Krystallium Empire", t)}
    only = {topic.id for topic in search(rulebook(), "Krystallium", t)}
    assert "krystallium" in both and both <= only


def _rules(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(["rules", *argv])
    return code, capsys.readouterr().out


def test_companion_rules_lists_the_topics(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _rules(capsys)
    assert code == 0
    assert "The game:" in out and "supremacy" in out and "war-or-peace" in out


def test_companion_rules_prints_a_topic_in_the_chosen_language(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _rules(capsys, "supremacy", "--lang", "fr")
    assert code == 0
    set_language("fr")
    topic = rulebook().topic("supremacy")
    assert topic is not None
    assert out.splitlines()[0] == t(topic.title)
    assert t(topic.text[0]).split()[0] in out


def test_companion_rules_finds_words_and_says_when_nothing_matches(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _rules(capsys, "zzzyx")
    assert code == 1
    assert 'No rule mentions "zzzyx"' in out and "supremacy" in out
    code, out = _rules(capsys, "Krystallium")
    assert code == 0 and "krystallium" in out.lower()


def test_the_drawn_examples_are_the_ones_the_topics_name() -> None:
    named = {example for topic in rulebook().topics for example in topic.examples}
    assert set(worked_examples()) <= named
    assert set(rank_examples()) == {"solo-rank-85"} and "solo-rank-85" in named
    assert set(supremacy_examples()) == {"supremacy-ties"} and "supremacy-ties" in named
    assert {"production-benjamin", "construction-simon", "score-simon", "corruption-apolline",
            "duo-apolline", "score-apolline"} <= set(worked_examples())
    assert named == set(worked_examples()) | set(rank_examples()) | set(supremacy_examples()), (
        "every example a topic names is drawn")


@pytest.mark.parametrize(("raw", "says"), [
    (b'{"examples": [{"id": "x", "shows": "dance", "empire": "E", "face": "A",'
     b' "built": []}]}', "shows 'dance'"),
    (b'{"examples": [{"id": "x", "shows": "score", "empire": "E", "face": "A",'
     b' "built": ["Nothing"]}]}', "no card Nothing"),
    (b'{"examples": [{"id": "x"}]}', "missing required field"),
    (b'{"examples": [{"id": "x", "shows": "score", "empire": "E", "face": "A",'
     b' "built": [], "printed_in": ["en"]}]}', "printed_in ('en',)"),
    (b'{"examples": [{"id": "x", "shows": "construction", "empire": "E", "face": "A",'
     b' "built": ["A", "B"]}]}', "exactly one card"),
    (b'{"examples": [], "supremacy": [{"id": "s", "resource": "Krystallium",'
     b' "totals": [[1]]}]}', "a resource of Materials"),
    (b'{"examples": [], "supremacy": [{"id": "s", "resource": "Gold",'
     b' "totals": [[1, 2, 3, 4, 5, 6, 7, 8]]}]}', "1 to 7 totals"),
    (b'{"examples": [], "supremacy": [{"id": "s", "resource": "Gold",'
     b' "totals": [[]]}]}', "1 to 7 totals"),
])
def test_a_broken_example_says_which_and_why(raw: bytes, says: str) -> None:
    def known(tableau: Tableau) -> str | None:
        return "no card Nothing" if "Nothing" in tableau.built else None

    with pytest.raises(RulebookError, match="examples.json") as caught:
        parse_examples(raw, known)
    assert says in str(caught.value)


def test_a_rank_example_on_a_face_without_a_rank_table_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "examples.json").write_text(
        '{"examples": [], "ranks": [{"id": "r", "scores": [[85, "C"]]}]}', "utf-8")
    monkeypatch.setattr("companion.shipped.rulebook.assets_dir", lambda: tmp_path)
    examples.cache_clear()
    try:
        with pytest.raises(RulebookError, match="85 on face 'C' is not a rulebook score"):
            rank_examples()
    finally:
        examples.cache_clear()
