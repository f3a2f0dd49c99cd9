"""The one translation function every shown word goes through.

Messages are keyed by their English text (as gettext does), so code stays readable and
a missing translation falls back to English instead of to a cryptic key. Catalogs are
JSON files `assets/i18n/<language>.json` mapping English templates to translations.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from companion.paths import assets_dir

SUPPORTED = ("en", "fr", "es", "pt", "it", "de")
_language = "en"


def set_language(language: str) -> None:
    """Switch every later `t()` call to `language` (unknown languages fall back to English)."""
    global _language
    _language = language if language in SUPPORTED else "en"


def language() -> str:
    return _language


@cache
def _messages(language: str) -> dict[str, str]:
    path = assets_dir() / "i18n" / f"{language}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def t(template: str, /, **params: Any) -> str:
    """Translate `template` into the current language and fill in `params`."""
    text = _messages(_language).get(template, template) if _language != "en" else template
    if not params:
        return text
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return template.format(**params)
