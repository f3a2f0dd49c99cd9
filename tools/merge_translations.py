"""Add translations to the shipped catalogs, and drop the entries no code uses any more.

Input: a JSON file `{"<English template>": {"fr": "...", "es": "...", "pt": "...",
"it": "...", "de": "..."}, ...}`. A plural template (`tn`/`Plural`, keyed by its English
singular) takes an object of plural categories per language instead of a string:
`{"{count} cube": {"fr": {"one": "{count} cube", "other": "{count} cubes"}, ...}}`;
a word with a context (`tc`) is keyed `"<context>|<text>"`. Each catalog is rewritten
sorted, once, under a lock, so that several people adding templates at once never lose
each other's entries. `--prune` also removes the entries `tools/extract_messages.py` no
longer finds, and `--missing` prints the templates some catalog still lacks or holds in
the wrong shape (a string for a plural), to write the input file.
"""

from __future__ import annotations

import argparse
import fcntl
import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = ROOT / "assets" / "i18n"
LANGUAGES = ("fr", "es", "pt", "it", "de")


PLURAL_CATEGORIES = ("one", "other")
"""What every plural entry holds (see `companion.i18n.PLURAL_CATEGORIES`)."""


def _extractor() -> Any:
    spec = importlib.util.spec_from_file_location(
        "extract_messages", ROOT / "tools" / "extract_messages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _load(code: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((CATALOGS / f"{code}.json").read_text(encoding="utf-8"))
    return data


def _check(template: str, code: str, text: object) -> None:
    """Refuse an input entry in neither shape before anything is written."""
    if isinstance(text, str) and text.strip():
        return
    if (isinstance(text, dict) and set(text) == set(PLURAL_CATEGORIES)
            and all(isinstance(v, str) and v.strip() for v in text.values())):
        return
    raise SystemExit(f"{template!r} ({code}): give a non-empty string, or for a plural an "
                     f"object with exactly {', '.join(PLURAL_CATEGORIES)}")


def _wrong_shape(data: dict[str, Any], plurals: dict[str, str]) -> set[str]:
    """Entries whose shape does not match the code: a string for a plural or back."""
    return {k for k, v in data.items() if isinstance(v, dict) != (k in plurals)}


def _save(code: str, data: dict[str, Any]) -> None:
    text = json.dumps(dict(sorted(data.items())), ensure_ascii=False, indent=2) + "\n"
    (CATALOGS / f"{code}.json").write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", help="JSON file of new translations")
    parser.add_argument("--prune", action="store_true", help="drop unused entries")
    parser.add_argument("--missing", action="store_true", help="list untranslated templates")
    args = parser.parse_args(argv)
    new: dict[str, dict[str, Any]] = {}
    if args.file:
        new = json.loads(Path(args.file).read_text(encoding="utf-8"))
    for template, texts in new.items():
        for code, text in texts.items():
            _check(template, code, text)
    with open(CATALOGS / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        found = _extractor().extract() if (args.prune or args.missing) else None
        used: set[str] = set(found.where) if found else set()
        plurals: dict[str, str] = dict(found.plurals) if found else {}
        missing: set[str] = set()
        for code in LANGUAGES:
            data = _load(code)
            for template, texts in new.items():
                if code in texts:
                    data[template] = texts[code]
            if args.prune:
                data = {k: v for k, v in data.items() if k in used}
            if args.missing:
                missing |= (used - set(data)) | (_wrong_shape(data, plurals) & used)
            _save(code, data)
    for template in sorted(missing):
        line = json.dumps(template, ensure_ascii=False)
        if template in plurals:
            line += "  # plural: " + json.dumps(plurals[template], ensure_ascii=False)
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
