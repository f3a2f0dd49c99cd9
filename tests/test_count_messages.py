"""Every message that holds a count says it with the count's plural, in the command line
as in the app, in all six languages: "1 point short of gold", never "1 points".

Three checks: no template counts a noun without being a plural (read from the code's
own templates, so a new "{count} cards" cannot slip in); the messages players read most
give, for 0, 1 and 2, exactly the English and French written here by hand; every plural
of every language fills in 0, 1 and 2 with the form its language's rule picks."""

from __future__ import annotations

import importlib.util
import re
import string
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest

from companion.i18n import SUPPORTED, Plural, language, plural_category, set_language, t
from companion.i18n import counts as counts_text
from companion.rules.errors import Rejected
from companion.rules.scenarios import Medal
from companion.rules.supremacy import wins_with_rivals
from companion.ui.campaigns.words import progress
from companion.ui.records.medals import short_text, threshold_text

ROOT = Path(__file__).resolve().parent.parent

COUNTED = ("points?|players?|cards?|scenarios?|actions?|attempts?|games?|campaigns?|"
           "files?|problems?|copies|envelopes?|slots?|entries|characters|letters|digits|"
           "bytes|cubes?|tokens?|other|base|expansion|finished|known|victory|printable|"
           "deep")
"""The nouns a number counts in the app's messages (and the words that start such a
noun phrase: "{others} other players", "{count} finished games")."""

COUNTING = re.compile(r"\{(?!(?:resource|expansion|slot|token|card|empire)\})(\w+)\} (?:"
                      + COUNTED + r")\b")
"""A number before a counted noun (a resource, an expansion or a card is a word, not a
number: "its {resource} cube")."""

NEVER_ONE = {
    "{per} cards built now in your game: {count}, so {amount} × {count} = {worth}.":
        "{per} is a card type, not a number",
    "{per} tokens held now in your game: {count}, so {amount} × {count} = {worth}.":
        "{per} is a character, not a number",
    "'{label}' holds {count} actions; a game has at most {limit}": "over a limit of 200",
    "holds {count} actions; a game has at most {limit}": "over a limit of 200",
    "holds {count} entries; the limit is {limit}": "over a limit in the thousands",
    "lists and objects nested {depth} deep; at most {limit} is allowed": "over a limit of 20",
    "{where}.built lists {count} cards; no Empire holds that many": "over the deck's size",
    "A draft is dealt to 2 to {most} players, not {players}": "at least 2 players",
    "A table has 2 to {most} players with these expansions, not {players}":
        "at least 2 players",
    "Table game, {n} players": "a table has 2 to 7 players",
    "Table of {players} players": "a table has 2 to 7 players",
    "Every seat plays a table game of {players} players": "a table has 2 to 7 players",
    "Quick score, {n} players": "shown only for 2 players or more",
    "Deal {count} cards each": "the rulebook deals 5 to 10",
    "Deal {count} cards each; the last {discarded} are discarded": "the rulebook deals 10",
    "Draft with Corruption & Ascension: deal {base} base cards and {extra} expansion cards "
    "to each player; everyone drafts 7 and discards the rest.": "the deal is 5+2 to 6+4",
    "Deal {base} base and {ca} Corruption & Ascension cards each, keep 7": "as above",
    "Take a pool ({base} base + {ca} Corruption & Ascension cards); build or recycle each "
    "card. Any time: discard 2 cards to draw 5 base or 3 C&A cards and keep 1.": "the solo pool",
    "Face A: {points} points are taken off before reading the rank.": "always 15",
    "{cubes} cubes on your Empire became {amount} Krystallium": "a multiple of 5",
    "{count} cubes were on your Empire card: every 5 become 1 Krystallium at once, so all"
    " {count} became {made} Krystallium and none stays there. You hold {held} Krystallium.":
        "a multiple of 5, said when 5 or more became Krystallium",
    "A solo round plays at most {most} cards, two pools of {pool}: this would be card "
    "{number}. Start production, or undo a card played by mistake.": "always 10",
    "Each player keeps {most} drafted cards a round: this would be card {number}. Start "
    "production, or undo a card played by mistake.": "always 7, and a card 8 or later",
    "{where} is {length} characters long; no name is longer than {limit}":
        "over a limit of 60",
    "a number of about {digits} digits": "a number far too long to be a count",
    "The code in {variable} must have at least {length} letters or digits: choose a "
    "longer one, or leave {variable} unset for a random one.": "a fixed length of 4 or more",
    "The code must have at most {length} letters or digits: it is typed on phones.":
        "a fixed length",
    "The input is larger than {limit} bytes; a tableau is far smaller": "a fixed limit",
    "is {size} bytes; the limit is {limit}": "over a limit in the megabytes",
    "is longer than {limit} characters": "a fixed limit",
    "must be 1 to {limit} printable characters": "a fixed limit",
    "a player's name must be 1 to {limit} printable characters": "a fixed limit",
    "A player's name is 1 to {limit} printable characters": "a fixed limit (60)",
    "Player name '{player}' is too long (at most {limit} characters)": "a fixed limit",
    "The resolution is longer than {limit} characters; keep what matters": "a fixed limit",
    "Campaign card id '{card}' is longer than {limit} characters": "a fixed limit",
    "Campaign card {card}: its name is longer than {limit} characters": "a fixed limit",
    "must be a list of at most {limit} card numbers": "a fixed limit",
    "must list at most {limit} known card numbers": "a fixed limit",
    "The box has {copies} copies of {card}, all already counted.":
        "a card with one copy has its own message",
}
"""Templates whose number is never 1 (nor 0 in French), each with the reason."""


def _extractor() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "extract_messages", ROOT / "tools" / "extract_messages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)
    spec.loader.exec_module(module)
    return module


EXTRACTOR = _extractor()
FOUND = EXTRACTOR.extract()
"""The code's templates, read once (each reading parses every module: seconds)."""
TEMPLATES = sorted(FOUND.where)
PLURALS: dict[str, str] = dict(FOUND.plurals)


@pytest.fixture
def speaking() -> Iterator[None]:
    before = language()
    yield
    set_language(before)


def test_no_template_counts_a_noun_without_its_plural() -> None:
    singular = [template for template in TEMPLATES
                if template not in PLURALS and COUNTING.search(template)
                and template not in NEVER_ONE]
    assert singular == [], "make these plurals (tn or Plural), or say why in NEVER_ONE"
    assert set(NEVER_ONE) <= set(TEMPLATES), "NEVER_ONE names a gone template"


def test_the_guard_sees_a_counted_noun() -> None:
    assert COUNTING.search("{total} points") and COUNTING.search("of the {others} other")
    assert not COUNTING.search("{name} plays") and not COUNTING.search("{total} or more")
    assert not COUNTING.search("its {resource} cube went")


def _supremacy_refusal(others: int) -> str:
    try:
        wins_with_rivals(10, others + 1, others + 1)
    except Rejected as refusal:
        return t(refusal.template, **refusal.params)
    raise AssertionError("an impossible count was accepted")


MESSAGES: dict[str, tuple[Callable[[int], str], dict[int, str], dict[int, str]]] = {
    "score": (counts_text.points_total,
              {0: "0 points", 1: "1 point", 2: "2 points"},
              {0: "0 point", 1: "1 point", 2: "2 points"}),
    "short of a medal": (lambda n: short_text(Medal.GOLD, n),
                         {0: "0 more points for the gold medal",
                          1: "1 more point for the gold medal",
                          2: "2 more points for the gold medal"},
                         {0: "Encore 0 point pour la médaille d'or",
                          1: "Encore 1 point pour la médaille d'or",
                          2: "Encore 2 points pour la médaille d'or"}),
    "threshold": (lambda n: threshold_text(Medal.SILVER, n),
                  {0: "Silver medal: 0 points or more", 1: "Silver medal: 1 point or more",
                   2: "Silver medal: 2 points or more"},
                  {0: "Médaille d'argent : 0 point ou plus",
                   1: "Médaille d'argent : 1 point ou plus",
                   2: "Médaille d'argent : 2 points ou plus"}),
    "supremacy refusal": (_supremacy_refusal,
                          {1: "Between 0 and 1 other player can reach your total, not 2",
                           2: "Between 0 and 2 other players can reach your total, not 3"},
                          {1: "Entre 0 et 1 autre joueur peuvent atteindre votre total, "
                              "pas 2",
                           2: "Entre 0 et 2 autres joueurs peuvent atteindre votre total, "
                              "pas 3"}),
    "attempts": (lambda n: counts_text.attempts(n),
                 {0: "0 scenario attempts", 1: "1 scenario attempt",
                  2: "2 scenario attempts"},
                 {0: "0 tentative de scénario", 1: "1 tentative de scénario",
                  2: "2 tentatives de scénario"}),
}


# Every count a message was written by hand for, and only those: a refusal for 0 other
# players cannot be built (a table of one is refused before it), so it has no 0 case.
WRITTEN = [(name, n) for name in sorted(MESSAGES) for n in sorted(MESSAGES[name][1])]


def test_each_message_is_written_in_both_languages_for_the_same_counts() -> None:
    for name, (_, english, french) in MESSAGES.items():
        assert sorted(english) == sorted(french), name
    assert len(WRITTEN) == 14


@pytest.mark.parametrize(("name", "n"), WRITTEN)
def test_english_and_french_as_written_by_hand(name: str, n: int, speaking: None) -> None:
    say, english, french = MESSAGES[name]
    set_language("en")
    assert say(n) == english[n]
    set_language("fr")
    assert say(n) == french[n]


class _Campaign:
    """Just what `progress` reads of a campaign."""

    def __init__(self, played: int, total: int) -> None:
        self.plays = [None] * played
        self.box = type("Box", (), {"scenarios_played": total})()


@pytest.mark.parametrize(("played", "total", "english", "french"), [
    (0, 1, "0 of 1 scenario", "0 sur 1 scénario"),
    (1, 1, "1 of 1 scenario", "1 sur 1 scénario"),
    (1, 2, "1 of 2 scenarios", "1 sur 2 scénarios"),
    (2, 2, "2 of 2 scenarios", "2 sur 2 scénarios"),
])
def test_campaign_progress_counts_the_scenarios(played: int, total: int, english: str,
                                                french: str, speaking: None) -> None:
    set_language("en")
    assert progress(_Campaign(played, total)) == english  # type: ignore[arg-type]
    set_language("fr")
    assert progress(_Campaign(played, total)) == french  # type: ignore[arg-type]


def _names(template: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


@pytest.mark.parametrize("code", SUPPORTED)
def test_every_plural_fills_in_0_1_and_2(code: str, speaking: None) -> None:
    set_language(code)
    for singular, plural in sorted(PLURALS.items()):
        names = _names(singular)
        for n in (0, 1, 2):
            for number in names or ["count"]:
                text = t(Plural(singular, plural, number), **dict.fromkeys(names, n))
                assert "{" not in text and str(n) in text, (code, singular, number, n)
        if code == "en" and singular != plural and names:
            number = "count" if "count" in names else names[0]
            one = t(Plural(singular, plural, number), **dict.fromkeys(names, 1))
            two = t(Plural(singular, plural, number), **dict.fromkeys(names, 2))
            assert one == singular.format(**dict.fromkeys(names, 1)), singular
            assert two == plural.format(**dict.fromkeys(names, 2)), plural
    assert plural_category(code, 1) == "one"
