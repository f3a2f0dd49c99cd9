"""Numbers written as the player's language writes them: "28.2" in English is "28,2" in
French, German, Spanish, Portuguese and Italian, and "1,234" is "1 234", "1.234" or
"1234".

Why a table of six rows and not Babel: Babel's `format_decimal` is the well-kept way for
any language, but its wheel is 11 MB (33 MB unpacked, 32 MB of it locale data for about
800 locales), while the whole phone app ships 6 MB of packages to Pyodide
(`companion.webapp.bundle`). The app writes six languages and one kind of number (a
signed decimal with at most a digit or two after the point), so the separators CLDR
gives those six languages fit in a table, checked once against Babel 2.19 by hand:

* decimal comma everywhere but English;
* thousands grouped by "," (en), a narrow no-break space U+202F (fr, CLDR since v34, so a
  number is never split across two lines), "." (de, es, it, pt, Brazilian as the catalog
  is);
* CLDR's `minimumGroupingDigits` is 2 for Spanish (the RAE's rule: "1234" but "12.345");
  Babel 2.19 does not apply it, this table does;
* the minus is the hyphen-minus in all six.
"""

from __future__ import annotations

SEPARATORS: dict[str, tuple[str, str, int]] = {
    "en": (".", ",", 1),
    "fr": (",", "\u202f", 1),
    "es": (",", ".", 2),
    "pt": (",", ".", 1),
    "it": (",", ".", 1),
    "de": (",", ".", 1),
}
"""Per language: the decimal separator, the group separator, and CLDR's minimum grouping
digits (1 groups "1,000"; 2 waits for "10.000"). Plain tuples: this module is on the
path of `companion score`, which must start fast (no `typing` import)."""


def format_number(value: float, language: str, decimals: int = 1, *,
                  signed: bool = False) -> str:
    """`value` rounded to at most `decimals` digits after the separator, trailing zeros
    dropped ("28", not "28.0": an average of whole scores reads like a score), grouped by
    thousands as `language` groups them. `signed` writes "+" before a positive number (a
    margin: "+3.5"); zero never has a sign."""
    decimal, group, minimum_grouping = SEPARATORS.get(language, SEPARATORS["en"])
    digits = f"{abs(value):.{max(decimals, 0)}f}"
    whole, _, fraction = digits.partition(".")
    fraction = fraction.rstrip("0")
    if len(whole) >= 3 + minimum_grouping:
        head = len(whole) % 3 or 3
        whole = group.join([whole[:head]] + [whole[i:i + 3]
                                                   for i in range(head, len(whole), 3)])
    text = f"{whole}{decimal}{fraction}" if fraction else whole
    if not fraction and whole.strip("0") == "":
        return text  # rounds to zero: "0", never "-0" or "+0"
    if value < 0:
        return f"-{text}"
    return f"+{text}" if signed else text
