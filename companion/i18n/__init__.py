"""The one translation function every shown word goes through.

Messages are keyed by their English text (as gettext does), so code stays readable and
a missing translation falls back to English instead of to a cryptic key. Catalogs are
JSON files `assets/i18n/<language>.json` mapping English templates to translations.

Three kinds of entry, the three gettext gives translators:

* `"Round {round}"` -> a string (gettext's `msgid`/`msgstr`);
* a plural, keyed by its English singular -> an object of the language's CLDR plural
  categories, `{"one": "{count} cube", "other": "{count} cubes"}` (gettext's
  `msgid_plural`/`msgstr[n]`). The code writes `tn("{count} cube", "{count} cubes", n)`,
  or hands a `Plural` to any template sink (`Rejected(Plural(...), count=n)`);
* a word with a context, keyed `"<context>|<text>"` (gettext's `msgctxt`), for a short
  text whose translation depends on what it names: `tc("resource letter", "G")`.

Why this is as good as gettext's `.po` for the six languages shipped: gettext's
Plural-Forms for them are `n != 1` (en, de, es, it) and `n > 1` (fr, pt_BR), two forms
each, exactly the `one`/`other` categories CLDR gives for whole numbers below a million
(`companion.rules.plural`); the catalogs stay the JSON the merge tool already writes, and every
plural entry is checked (tests/test_i18n.py) to have both forms with the placeholders of
the English. French also elides in the template: "de {x}" becomes "d'{x}" when the
filled-in word starts with a vowel ("cubes d'Énergie", "Total d'Ann").
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache

from companion.i18n.numbers import format_number
from companion.rules.plural import Plural, plural_category
from companion.shipped.paths import assets_dir

TYPE_CHECKING = False
"""typing.TYPE_CHECKING without importing typing (see companion.cli): this module is on
the path of `companion score`, which must start fast."""
if TYPE_CHECKING:
    from typing import Any

SUPPORTED = ("en", "fr", "es", "pt", "it", "de")
LANGUAGE_NAMES = {
    "en": "English",
    "fr": "Français",
    "es": "Español",
    "pt": "Português",
    "it": "Italiano",
    "de": "Deutsch",
}
"""Each language by its own name, so a player can find theirs whatever is shown now."""
PLURAL_CATEGORIES = ("one", "other")
"""The CLDR categories every plural entry holds, in every shipped language. CLDR adds
`many` for exact millions in fr/es/it/pt ("1 000 000 de cubes"); no count this app
shows comes near, so `many` falls back to `other`, as gettext's two forms do."""
CONTEXT_SEPARATOR = "|"
_language = "en"


def set_language(language: str) -> None:
    """Switch every later `t()` call to `language` (unknown languages fall back to English).

    This is the process's language (the command line's). In the app each browser tab
    has its own, kept in its session: see `follow_sessions`."""
    global _language
    _language = language if language in SUPPORTED else "en"


_session_language: Callable[[], str | None] | None = None


def follow_sessions(source: Callable[[], str | None] | None) -> None:
    """Take the language from `source` when it names one: the app gives the language of
    the browser tab whose handler is running, so two phones at one table each read their
    own language. Outside any tab (`source` returns None) the process's language holds."""
    global _session_language
    _session_language = source


def language() -> str:
    if _session_language is not None:
        found = _session_language()
        if found in SUPPORTED:
            return str(found)
    return _language


Entry = str | dict[str, str]


@cache
def _messages(language: str) -> dict[str, Entry]:
    path = assets_dir() / "i18n" / f"{language}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): ({str(c): str(f) for c, f in v.items()} if isinstance(v, dict) else str(v))
            for k, v in data.items()}


def _choose(entry: Entry, template: str, params: dict[str, Any]) -> str:
    """The form of `entry` (or of the English `template`) for the number in `params`."""
    number = template.number if isinstance(template, Plural) else "count"
    count = params.get(number)
    if isinstance(entry, str):
        if isinstance(template, Plural) and entry == template:
            one = isinstance(count, int) and plural_category("en", count) == "one"
            return str(template) if one else template.plural
        return str(entry)
    category = plural_category(language(), count) if isinstance(count, int) else "other"
    return entry.get(category) or entry.get("other") or str(template)


_ELIDABLE = re.compile(r"\b([Dd]e|[Qq]ue) \{(\w+)\}")
_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüœæ")


def _elide_french(text: str, params: dict[str, Any]) -> str:
    """French "de"/"que" before a filled-in word that starts with a vowel: d'/qu'."""

    def elide(match: re.Match[str]) -> str:
        value = params.get(match[2])
        if isinstance(value, str) and value[:1].lower() in _VOWELS:
            return f"{match[1][:-1]}'{{{match[2]}}}"
        return match[0]

    return _ELIDABLE.sub(elide, text)


class Later:
    """A text worded only when it is shown, so in the language of whoever reads it: a
    message made once (a notice about the data folder, made when the folder opens) may be
    read in several tabs, each in its own language. A parameter of `t` may be one (a
    date, a list of dates): it is worded before the template is filled in, so French
    elides before it as before any text ("d'avril")."""

    __slots__ = ("_word",)

    def __init__(self, word: Callable[[], str]) -> None:
        self._word = word

    def __str__(self) -> str:
        return self._word()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Later({self._word()!r})"


def t(template: str, /, **params: Any) -> str:
    """Translate `template` into the current language and fill in `params` (a `Plural`
    template takes the form its number asks for; a `Later` is worded first)."""
    code = language()
    for name, value in params.items():
        if isinstance(value, Later):
            params[name] = str(value)
    entry: Entry = _messages(code).get(template, template)  # en.json is empty
    text = _choose(entry, template, params)
    if not params:
        return text
    if code == "fr":
        text = _elide_french(text, params)
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return _choose(template, template, params).format(**params)


def tn(singular: str, plural: str, count: int, /, **params: Any) -> str:
    """`t()` of a message with a number: `tn("{count} cube", "{count} cubes", n)`.
    `count` is also the `{count}` placeholder unless `params` names it otherwise.

    The numbers of a plural message are quantities (games, points, files), never a port
    or a year, so those from 1,000 on are grouped as the language writes them ("1 000
    parties", "1.000 Partien"); smaller ones stay as they are."""
    params.setdefault("count", count)
    for name, value in params.items():
        if type(value) is int:
            params[name] = quantity(value)
    return t(Plural(singular, plural, "_n"), _n=count, **params)


def quantity(value: int) -> str:
    """A whole number as `tn` writes it: grouped from 1,000 on ("1 000" in French), as it
    is; for a text built around a plural message that must find the number in it."""
    if abs(value) < 1000:
        return str(value)
    return number(value, 0)  # pragma: no mutate (an int has no decimals)


def number(value: float, decimals: int = 1, *, signed: bool = False) -> str:
    """`value` as the current language writes it: "28.2" in English, "28,2" in French
    and German, at most `decimals` digits after the separator and none when they are
    zeros; thousands grouped ("1,234.5", "1 234,5"). `signed` writes "+3.5" (a margin).
    Every decimal number on a screen goes through here (see `companion.i18n.numbers`)."""
    return format_number(value, language(), decimals, signed=signed)


def tc(context: str, text: str, /) -> str:
    """The translation of a short text whose translation depends on `context` (gettext's
    msgctxt): `tc("resource letter", "G")` is "O" (Or) in French, "G" in English. The
    English catalog holds no such entry, so English reads the text itself."""
    translated = _messages(language()).get(f"{context}{CONTEXT_SEPARATOR}{text}")
    return translated if isinstance(translated, str) else text


__all__ = [
    "LANGUAGE_NAMES",
    "PLURAL_CATEGORIES",
    "SUPPORTED",
    "Later",
    "Plural",
    "language",
    "number",
    "plural_category",
    "quantity",
    "set_language",
    "t",
    "tc",
    "tn",
]


class PlayerError(Exception):
    """Something the app will not do, told to the player in their language. The English
    template and its parameters are kept apart, so a screen can translate the template
    again (another tab's language) while the command line prints the text as is."""

    def __init__(self, template: str, /, **params: Any) -> None:
        self.template = template
        self.params = params
        super().__init__(t(template, **params))

    @property
    def message(self) -> str:
        return str(self)
