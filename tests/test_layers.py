"""The house's shape, read from the code's own imports: layers, no circles, small rooms.

From the bottom: the rules (pure game logic), the shipped data and its translations, the
store, the app's use cases, then the web host and the screens, then the command line. An
import may go down or stay on its floor, never up; no two modules import each other, even
through others or inside a function (a lazy import is still a dependency). Every import
counts, those only for type checking too.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "companion"
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("rules", ("companion.rules",)),
    ("shipped data", ("companion.shipped", "companion.i18n")),
    ("store", ("companion.store",)),
    ("use cases", ("companion.usecases",)),
    ("web host and screens", ("companion.web", "companion.ui", "companion.webapp")),
    ("command line", ("companion.cli", "companion.__main__", "companion")),
)
"""Each layer by the modules it holds; the longest matching prefix decides."""
APART = (("companion.ui", "companion.web"),)
"""Floor-mates that never import the one from the other: no screen knows the host."""
MAX_LINES = 600
MAX_FILES = 25


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES: dict[str, Path] = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _ours(name: str) -> str | None:
    """The module of ours that `name` is or is inside (`a.b.func` -> `a.b`)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(module: str) -> set[str]:
    """Our modules that `module` imports, anywhere in its text."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            for alias in node.names:
                found.add(_ours(f"{base}.{alias.name}") or "")
        elif isinstance(node, ast.Import):
            found.update(_ours(alias.name) or "" for alias in node.names)
    return found - {"", module}


GRAPH: dict[str, set[str]] = {module: imports_of(module) for module in MODULES}


def layer(module: str) -> int:
    matches = [(len(prefix), floor) for floor, (_, prefixes) in enumerate(LAYERS)
               for prefix in prefixes if module == prefix or module.startswith(prefix + ".")]
    assert matches, f"{module} is in no layer: add it to LAYERS"
    return max(matches)[1]


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Groups of modules that reach each other (Tarjan's strongly connected components,
    without recursion so that a long chain cannot overflow the stack)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_the_checker_sees_a_circle_and_a_climb() -> None:
    """The two checks below find what they look for (else passing proves nothing)."""
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
    assert layer("companion.rules.engine") < layer("companion.store.journal")
    assert layer("companion.ui.app") > layer("companion.usecases.session")
    assert "companion.rules.cards" in GRAPH["companion.shipped.catalog"]


def test_no_import_circle() -> None:
    assert circles(GRAPH) == []


def test_no_import_climbs_a_layer() -> None:
    climbs = [f"{module} ({LAYERS[layer(module)][0]}) imports {target} "
              f"({LAYERS[layer(target)][0]})"
              for module, targets in GRAPH.items() for target in sorted(targets)
              if layer(target) > layer(module)]
    assert not climbs, "\n".join(climbs)


@pytest.mark.parametrize(("one", "other"), APART)
def test_floor_mates_kept_apart(one: str, other: str) -> None:
    crossing = [f"{module} imports {target}" for module, targets in GRAPH.items()
                for target in targets
                if module.startswith(one + ".") and target.startswith(other + ".")]
    assert crossing == []


def test_no_file_over_600_lines() -> None:
    long = {module: n for module, path in MODULES.items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


def test_no_folder_of_more_than_25_files() -> None:
    crowded = {folder: n for folder, n in Counter(
        str(path.parent.relative_to(PACKAGE.parent)) for path in PACKAGE.rglob("*.py")).items()
        if n > MAX_FILES}
    assert crowded == {}
