"""A message's words for one and for many, as the rules write their messages.

The rules speak English and leave translating to `companion.i18n`; a message that holds
a count carries both English forms, so the translation can pick the form the player's
language needs for that number ("0 cube" in French, "0 cubes" in English).
"""

from __future__ import annotations

TYPE_CHECKING = False
"""typing.TYPE_CHECKING without importing typing: this module is on the path of
`companion score`, which must start fast."""
if TYPE_CHECKING:
    from typing import Any


def plural_category(language: str, count: int) -> str:
    """CLDR's plural category of a whole number (cldr.unicode.org, "Language Plural
    Rules"): French and Portuguese (Brazilian, as the catalog is) say "0 cube"/"1 cube",
    the others "0 cubes"/"1 cube"; every other number is plural. Only the six languages
    shipped have a rule: any other code is a mistake in the code, told as one."""
    count = abs(count)
    if language in ("fr", "pt"):
        return "one" if count in (0, 1) else "other"
    if language in ("en", "de", "es", "it"):
        return "one" if count == 1 else "other"
    raise ValueError(f"No plural rule for the language {language!r}: a language code "
                     "mistyped in the code, which English rules would have hidden")


class Plural(str):
    """An English template with its plural form; the selecting number is the parameter
    named `number` (default `count`). It *is* the singular string, so every place that
    takes a template (`t`, `Rejected`, `StoreError`, `Event`...) takes a `Plural` too,
    and `t()` chooses the form when it fills the parameters in."""

    plural: str
    number: str

    def __new__(cls, singular: str, plural: str, number: str = "count") -> Plural:
        made = super().__new__(cls, singular)
        made.plural = plural
        made.number = number
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Plural, (str(self), self.plural, self.number))

    def format(self, /, *args: Any, **params: Any) -> str:
        """The English text for the number in `params`: errors that format their own
        template (`str(Rejected(...))`, logs, the command line) read right too."""
        count = params.get(self.number)
        one = isinstance(count, int) and plural_category("en", count) == "one"
        return str.format(str(self) if one else self.plural, *args, **params)
