"""List every English message template the app can show, so the catalogs can be checked.

Messages are keyed by their English text (see `companion.i18n`), so the only way to know
which keys a catalog needs is to read the code. This script does it with `ast`:

* string literals passed to the template argument of a *sink*: `t()`, the error and event
  types that carry a template (`Rejected`, `StoreError`, `Invalid`, `Notice`, `Event`),
  and, found automatically, every function or class that hands one of its own
  parameters straight to a sink (`require_phase(state, phase, template)`,
  `_writing(what)`, `message(template, params)`, subclasses of `StoreError`...);
* when the argument is a local variable, the literals assigned to it in that function
  (`template = ("..." if replace else "...")`);
* the values of the enums and tuples the UI passes to `t()` as data
  (`t(card.type.value)`, `t(rank.value)`, `t(record["mode"])`);
* plurals, wherever they are written: `tn("{count} cube", "{count} cubes", n)` and
  `Plural("...", "...")` (handed to any sink), keyed by the singular, the plural kept in
  `Found.plurals` so the catalogs' plural entries can be checked;
* words with a context, `tc("resource letter", "G")`, keyed `"resource letter|G"`.

Run `python tools/extract_messages.py` to print the templates (one JSON string a line,
sorted); `--warn` also lists, on stderr, sink calls whose text cannot be known
statically (f-strings, computed values), which are either translated elsewhere or
need a fix in the code.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "companion"

BASE_SINKS: dict[str, int] = {
    "t": 0,
    "Rejected": 1,
    "StoreError": 0,
    "Notice": 0,
    "Invalid": 1,
    "Event": 1,
    "Reason": 1,
}
"""Callable name -> position of its English template argument."""

TUPLE_SINKS: dict[str, str] = {"_Reading": "problem", "Reading": "problem"}
"""Callable name -> keyword whose value is a `(template, params)` pair."""

RULEBOOK = "assets/rules/rulebook.json"
"""The rules as the app tells them: every title and paragraph is a message."""

DATA_SOURCES: tuple[tuple[str, str, str], ...] = (
    ("rules/cards.py", "CardType", "card.type.value"),  # card_picker
    ("rules/scoring.py", "SoloRank", "rank.value"),  # labels.solo_rank_label
    ("rules/scenarios.py", "Medal", "row.best_medal"),  # store cli medal board
    ("store/validate.py", "MODES", "str(record.get('mode', ''))"),  # store cli history
    ("rules/moves.py", "PHASE_NAMES", "value"),  # labels.translate_params
    ("rules/moves.py", "EXPANSION_TITLES", "value"),  # labels.translate_params
)
"""(module, enum class or tuple constant, the expression the code passes to `t()`):
string values that reach `t()` at run time, and the call they explain (no warning)."""


@dataclass
class Found:
    """Templates found, with where each one is used (for messages about stale keys)."""

    where: dict[str, list[str]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    plurals: dict[str, str] = field(default_factory=dict)
    """English singular -> English plural, for each plural template."""

    def add(self, text: str, place: str) -> None:
        self.where.setdefault(text, []).append(place)


def _sources(package: Path) -> list[Path]:
    return sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.parts)


def _callee(node: ast.Call) -> str | None:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


PLURAL_CALLS = ("tn", "Plural")
"""Calls whose first two arguments are an English singular and plural."""
CONTEXT_CALLS = ("tc",)
"""Calls whose first two arguments are a context and a text (key "context|text")."""
CONTEXT_SEPARATOR = "|"


def _literal(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _strings(node: ast.AST | None) -> Iterator[str]:
    """String constants an expression can evaluate to (`"a"`, `"a" if x else "b"`,
    the singular of `Plural("a", "as")`...)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif (isinstance(node, ast.Call) and _callee(node) == "Plural" and node.args
          and _literal(node.args[0]) is not None):
        yield str(_literal(node.args[0]))
    elif isinstance(node, ast.IfExp):
        yield from _strings(node.body)
        yield from _strings(node.orelse)
    elif isinstance(node, ast.BoolOp):
        for value in node.values:
            yield from _strings(value)


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _scope(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> ast.AST:
    while node in parents:
        node = parents[node]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
            return node
    return node


def _assigned(scope: ast.AST, name: str) -> list[ast.AST]:
    """Values assigned to `name` anywhere in `scope` (a function or module)."""
    values: list[ast.AST] = []
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign):
            targets: list[ast.expr] = node.targets
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets = [node.target]
        else:
            continue
        if any(isinstance(tg, ast.Name) and tg.id == name for tg in targets):
            assert node.value is not None
            values.append(node.value)
    return values


def _params(func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    return [a.arg for a in (*func.args.posonlyargs, *func.args.args)]


def _template_arg(call: ast.Call, position: int, keyword: str | None) -> ast.AST | None:
    if position < len(call.args) and not any(
        isinstance(a, ast.Starred) for a in call.args[: position + 1]
    ):
        return call.args[position]
    if keyword is not None:
        for kw in call.keywords:
            if kw.arg == keyword:
                return kw.value
    return None


def _discover_sinks(trees: dict[Path, ast.Module]) -> dict[str, tuple[int, str | None]]:
    """Grow the sink table: a function passing its parameter to a sink is a sink too."""
    sinks: dict[str, tuple[int, str | None]] = {k: (v, None) for k, v in BASE_SINKS.items()}
    changed = True
    while changed:
        changed = False
        for tree in trees.values():
            for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
                if cls.name in sinks:
                    continue
                for base in cls.bases:
                    base_name = base.id if isinstance(base, ast.Name) else (
                        base.attr if isinstance(base, ast.Attribute) else None)
                    if base_name in sinks:
                        sinks[cls.name] = sinks[base_name]
                        changed = True
                        break
            for func in (n for n in ast.walk(tree)
                         if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
                params = _params(func)
                for call in (n for n in ast.walk(func) if isinstance(n, ast.Call)):
                    name = _callee(call)
                    if name not in sinks or name == func.name:
                        continue
                    position, keyword = sinks[name]
                    arg = _template_arg(call, position, keyword)
                    if not isinstance(arg, ast.Name) or arg.id not in params:
                        continue
                    index = params.index(arg.id)
                    owner = func.name
                    if params and params[0] in ("self", "cls"):
                        index -= 1
                        if func.name == "__init__":
                            owner = _owner_class(tree, func) or func.name
                    if owner in ("__init__", "t") or owner in sinks:
                        continue
                    sinks[owner] = (index, arg.id)
                    changed = True
    return sinks


def _owner_class(tree: ast.Module, func: ast.AST) -> str | None:
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        if func in cls.body:
            return cls.name
    return None


def _data_values(package: Path, module: str, name: str) -> Iterator[tuple[str, int]]:
    if not (package / module).is_file():
        return
    tree = ast.parse((package / module).read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            for item in node.body:
                if isinstance(item, ast.Assign):
                    for text in _strings(item.value):
                        yield text, item.lineno
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(tg, ast.Name) and tg.id == name for tg in targets):
                assert node.value is not None
                for element in ast.walk(node.value):
                    for text in _strings(element):
                        yield text, node.lineno


def _is_known_dynamic(arg: ast.AST, scope: ast.AST) -> bool:
    """Arguments whose texts are collected elsewhere: a template carried by an error
    (`exc.template`, `template = getattr(error, "template")`), a `Plural(...)`, a
    parameter of a function that is itself a sink, or data listed in DATA_SOURCES."""
    if isinstance(arg, ast.Call) and _callee(arg) == "Plural":
        return True  # its literals are read (or warned about) by _special_calls
    if isinstance(arg, (ast.Attribute, ast.Name)) and "template" in (
            getattr(arg, "attr", None), getattr(arg, "id", None)):
        return True
    if (isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef))
            and isinstance(arg, ast.Name) and arg.id in _params(scope)):
        return True
    return ast.unparse(arg) in {expression for _, _, expression in DATA_SOURCES}


def extract(package: Path = PACKAGE) -> Found:
    """Every template under `package`, with the places that use it."""
    found = Found()
    trees = {path: ast.parse(path.read_text(encoding="utf-8"), str(path))
             for path in _sources(package)}
    sinks = _discover_sinks(trees)
    for path, tree in trees.items():
        relative = path.relative_to(package.parent).as_posix()
        parents = _parents(tree)
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
            name = _callee(call)
            place = f"{relative}:{call.lineno}"
            if name in TUPLE_SINKS:
                for kw in call.keywords:
                    if kw.arg == TUPLE_SINKS[name]:
                        for pair in _pairs(kw.value, _scope(call, parents)):
                            for text in _strings(pair):
                                found.add(text, place)
            if name not in sinks:
                continue
            position, keyword = sinks[name]
            arg = _template_arg(call, position, keyword)
            if arg is None:
                continue
            texts = list(_strings(arg))
            if not texts and isinstance(arg, ast.Name):
                for value in _assigned(_scope(call, parents), arg.id):
                    texts.extend(_strings(value))
            for text in texts:
                found.add(text, place)
            if not texts and not _is_known_dynamic(arg, _scope(call, parents)):
                kind = "f-string" if isinstance(arg, ast.JoinedStr) else ast.unparse(arg)
                found.warnings.append(f"{place}: {name}() gets {kind}, not a literal")
    for module, name, _ in DATA_SOURCES:
        for text, line in _data_values(package, module, name):
            found.add(text, f"companion/{module}:{line}")
    for path, tree in trees.items():
        _special_calls(tree, path.relative_to(package.parent).as_posix(), found)
    for text in _rulebook_texts(package.parent / RULEBOOK):
        found.add(text, RULEBOOK)
    found.where.pop("", None)
    return found


def _rulebook_texts(path: Path) -> Iterator[str]:
    """The rulebook's titles and paragraphs (`companion.shipped.rulebook`): data the app
    shows through `t()`, so messages of the catalogs like the code's."""
    if not path.is_file():
        return
    book = json.loads(path.read_text(encoding="utf-8"))
    for section in book.get("sections", []):
        yield section["title"]
    for topic in book.get("topics", []):
        yield topic["title"]
        yield from topic["text"]


def _special_calls(tree: ast.Module, relative: str, found: Found) -> None:
    """Plurals (`tn`, `Plural`) and words with a context (`tc`), wherever they are."""
    for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
        name = _callee(call)
        if name not in PLURAL_CALLS + CONTEXT_CALLS:
            continue
        place = f"{relative}:{call.lineno}"
        first, second = (_literal(a) for a in [*call.args[:2], ast.Constant(None)][:2])
        if first is None or second is None:
            if relative != "companion/i18n/__init__.py":  # where tn() builds its Plural
                found.warnings.append(f"{place}: {name}() gets computed text, not literals")
            continue
        if name in CONTEXT_CALLS:
            found.add(f"{first}{CONTEXT_SEPARATOR}{second}", place)
            continue
        found.add(first, place)
        if found.plurals.setdefault(first, second) != second:
            found.warnings.append(f"{place}: '{first}' has two plurals: "
                                  f"'{found.plurals[first]}' and '{second}'")


def _pairs(value: ast.AST, scope: ast.AST) -> Iterable[ast.AST]:
    """First elements of `(template, params)` tuples, following one local variable."""
    if isinstance(value, ast.Tuple) and value.elts:
        return [value.elts[0]]
    if isinstance(value, ast.Name):
        return [v.elts[0] for v in _assigned(scope, value.id)
                if isinstance(v, ast.Tuple) and v.elts]
    return []


def templates(package: Path = PACKAGE) -> list[str]:
    """The sorted list of templates: what every catalog must translate."""
    return sorted(extract(package).where)


def plurals(package: Path = PACKAGE) -> dict[str, str]:
    """English singular -> English plural of every plural template (their catalog
    entries are objects of plural categories, not strings)."""
    return dict(sorted(extract(package).plurals.items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--warn", action="store_true",
                        help="also list sink calls whose text is not a literal (stderr)")
    parser.add_argument("--where", action="store_true",
                        help="print where each template is used after it")
    args = parser.parse_args(argv)
    found = extract()
    for text in sorted(found.where):
        line = json.dumps(text, ensure_ascii=False)
        if text in found.plurals:
            line += "  # plural: " + json.dumps(found.plurals[text], ensure_ascii=False)
        if args.where:
            line += "  # " + ", ".join(found.where[text])
        print(line)
    if args.warn:
        for warning in found.warnings:
            print(warning, file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
