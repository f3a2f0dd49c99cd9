"""Add translations to the shipped catalogs, and drop the entries no code uses any more.

Input: a JSON file `{"<English template>": {"fr": "...", "es": "...", "pt": "...",
"it": "...", "de": "..."}, ...}`. Each catalog is rewritten sorted, once, under a lock,
so that several people adding templates at once never lose each other's entries.
`--prune` also removes the entries `tools/extract_messages.py` no longer finds, and
`--missing` prints the templates some catalog still lacks (to write the input file).
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


def _templates() -> set[str]:
    spec = importlib.util.spec_from_file_location(
        "extract_messages", ROOT / "tools" / "extract_messages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return set(module.templates())


def _load(code: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((CATALOGS / f"{code}.json").read_text(encoding="utf-8"))
    return data


def _save(code: str, data: dict[str, Any]) -> None:
    text = json.dumps(dict(sorted(data.items())), ensure_ascii=False, indent=2) + "\n"
    (CATALOGS / f"{code}.json").write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", help="JSON file of new translations")
    parser.add_argument("--prune", action="store_true", help="drop unused entries")
    parser.add_argument("--missing", action="store_true", help="list untranslated templates")
    args = parser.parse_args(argv)
    new: dict[str, dict[str, str]] = {}
    if args.file:
        new = json.loads(Path(args.file).read_text(encoding="utf-8"))
    with open(CATALOGS / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        used = _templates() if (args.prune or args.missing) else set()
        missing: set[str] = set()
        for code in LANGUAGES:
            data = _load(code)
            for template, texts in new.items():
                if code in texts:
                    data[template] = texts[code]
            if args.prune:
                data = {k: v for k, v in data.items() if k in used}
            if args.missing:
                missing |= used - set(data)
            _save(code, data)
    for template in sorted(missing):
        print(json.dumps(template, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
