"""The house's shape, read from the code's own imports: layers, no circles, small rooms.

From the bottom: the rules (pure game logic), the shipped data and its translations, the
store, the app's use cases, then the web host and the screens, then the command line. An
import may go down or stay on its floor, never up; no two modules import each other, even
through others or inside a function (a lazy import is still a dependency). Every import
counts, those only for type checking too, and those made by name: a string that is
exactly one of our modules (`"companion.ui.home"`, or `"companion.ui.home:HomeScreen"` as
the route table names a screen) is a module the code can import without an `import`
line, and an `import_module(f"companion.rules.{name}")` may import any module under its
fixed start. A name computed from elsewhere cannot be read: `BY_COMPUTED_NAME` lists
every such call and where its names come from.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "companion"
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


IMPORTERS = frozenset({"import_module", "__import__"})
"""The calls that import a module given its name (`importlib.import_module`, the builtin)."""
NOT_A_MODULE = frozenset({"companion"})
"""Texts that are exactly one of our modules' names and yet name something else here:
`"companion"` is also the command (`prog="companion"`, `companion --share`) and the
package's folder in a bundle. The package itself holds only the version and imports
nothing (the self-check below makes sure), so naming it can close no circle."""
BY_COMPUTED_NAME: dict[tuple[str, str], str | None] = {
    ("companion.cli", "_module"): "companion.cli",
    ("companion.store", "__getattr__"): "companion.store",
    ("companion.ui.routes", "screen_class"): "companion.ui.routes",
    ("companion.webapp.node.prepare", "imported_by"): "companion.webapp.bundle",
    ("companion.webapp.main_in_browser", "browser_module"): None,
}
"""Every import of a computed name, by (module, function), and the module whose strings
hold the names it imports, so that they are read as that module's imports: a command's
module from the table of commands, a name's home in the store's package, a screen from
the route table, the bundle's entry modules (imported again, in Pyodide, to see what
they load). None: the worker's own modules (`pyodide_js`, `companion_web`), none ours."""


def named_module(text: str) -> str | None:
    """The module of ours a string names, if it is exactly one: `"companion.ui.home"`,
    or `"companion.ui.home:HomeScreen"` (a module and one of its names, as in a table of
    screens or an entry point). Any other text, even one that mentions a module inside a
    sentence or a script, is not an import."""
    name, colon, attr = text.partition(":")
    if name in MODULES and name not in NOT_A_MODULE and (not colon or attr.isidentifier()):
        return name
    return None


def _called(node: ast.Call) -> str:
    """The name a call is made by: `import_module` for both `importlib.import_module(...)`
    and `import_module(...)`."""
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return node.func.id if isinstance(node.func, ast.Name) else ""


def imported_by_name(tree: ast.AST) -> tuple[set[str], list[ast.Call]]:
    """Our modules a module's text names as strings or imports by an f-string's fixed
    start, and its import calls whose name is computed (which no reading can follow)."""
    found: set[str] = set()
    computed: list[ast.Call] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.add(named_module(node.value) or "")
        elif isinstance(node, ast.Call) and _called(node) in IMPORTERS and node.args:
            name = node.args[0]
            if isinstance(name, ast.Constant):
                continue  # a string: read above
            start = (name.values[0] if isinstance(name, ast.JoinedStr) and name.values
                     else None)
            if isinstance(start, ast.Constant) and isinstance(start.value, str):
                found.update(m for m in MODULES if m.startswith(start.value))
            else:
                computed.append(node)
    return found, computed


def _where(tree: ast.AST, call: ast.Call) -> str:
    """The function (or class body) a call is in, by name; `<module>` at the top."""
    inside = "<module>"
    for node in ast.walk(tree):
        if (isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
                and any(child is call for child in ast.walk(node))):
            inside = node.name  # walk is breadth-first: the innermost comes last
    return inside


def imports_of(module: str) -> set[str]:
    """Our modules that `module` imports, anywhere in its text, by statement or by name."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found, _ = imported_by_name(tree)
    for node in ast.walk(tree):
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


def test_the_checker_sees_imports_by_name() -> None:
    """A string naming a module, an f-string's fixed start and a computed name are each
    seen; a sentence that mentions a module is not an import."""
    tree = ast.parse(
        'import importlib\n'
        'SCREENS = ("companion.ui.home:HomeScreen",)\n'
        'importlib.import_module("companion.store.journal")\n'
        'RULE = importlib.import_module(f"companion.rules.{NAME}")\n'
        'NOTE = "the home screen is companion.ui.home, drawn by companion.ui.app"\n'
        'def load(name):\n'
        '    return __import__(name)\n')
    found, computed = imported_by_name(tree)
    assert found - {""} == {"companion.ui.home", "companion.store.journal",
                            *(m for m in MODULES if m.startswith("companion.rules."))}
    assert [_where(tree, call) for call in computed] == ["load"]
    assert named_module("companion.ui.home:HomeScreen") == "companion.ui.home"
    assert named_module("companion.ui.home:") is None
    assert named_module("companion.ui.homes") is None
    assert GRAPH["companion"] == set()  # what NOT_A_MODULE leaves out could import nothing
    # The route table's screens are its imports; a screen that imported the app back, or
    # a rule that named a screen, would be a circle and a climb.
    assert "companion.ui.home" in GRAPH["companion.ui.routes"]
    looped = {**GRAPH, "companion.ui.home": GRAPH["companion.ui.home"] | {"companion.ui.app"}}
    assert any("companion.ui.routes" in circle for circle in circles(looped))
    climbing, _ = imported_by_name(ast.parse('SCREEN = "companion.ui.app:CompanionApp"'))
    assert "companion.ui.app" in climbing
    assert layer("companion.ui.app") > layer("companion.rules.engine")


def test_every_import_by_computed_name_is_accounted_for() -> None:
    """An import whose name no reading can follow is listed with where its names are
    written, and they are written there: else an import could hide from every check."""
    found: set[tuple[str, str]] = set()
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found.update((module, _where(tree, call)) for call in imported_by_name(tree)[1])
    assert found == set(BY_COMPUTED_NAME)
    for source in filter(None, BY_COMPUTED_NAME.values()):
        named, _ = imported_by_name(ast.parse(MODULES[source].read_text(encoding="utf-8")))
        assert named - {"", source}, f"{source} names none of our modules"


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


FLET = ("flet", "flet_web", "flet_charts")
"""Flet's packages: what they name with a leading `_` is theirs to change in any release."""


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_flet_names(tree: ast.AST) -> list[str]:
    """Flet's private names a module imports (`from flet.controls.context import
    _context_page`, `import flet._x`) or reaches through a Flet module it imported
    (`ft.context._something`, `ctx._context_page`)."""
    found: list[str] = []
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and not node.level and (
                (node.module or "").split(".")[0] in FLET):
            module = node.module or ""
            found += [f"{module}.{a.name}" for a in node.names
                      if _private(a.name) or any(map(_private, module.split(".")))]
            bound.update(a.asname or a.name for a in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in FLET:
                    found += [alias.name] if any(map(_private, alias.name.split("."))) else []
                    bound.add(alias.asname or alias.name.split(".")[0])
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            root: ast.expr = node.value
            while isinstance(root, ast.Attribute):
                root = root.value
            if isinstance(root, ast.Name) and root.id in bound:
                found.append(ast.unparse(node))
    return found


def _our_python() -> list[Path]:
    """Every Python file of the project: the app, its tests, tools and benchmarks."""
    return [path for path in sorted(ROOT.rglob("*.py")) if not any(
        part.startswith(".") or part in ("build", "dist")
        for part in path.relative_to(ROOT).parts)]


def test_the_flet_check_sees_a_private_name() -> None:
    tree = ast.parse("import flet as ft\n"
                     "import flet.controls.context as ctx\n"
                     "from flet.controls.context import _context_page, context\n"
                     "from flet._internal import thing\n"
                     "ft.context._hidden, ctx._context_page, page._dialogs, ft.__name__\n")
    assert private_flet_names(tree) == [
        "flet.controls.context._context_page", "flet._internal.thing",
        "ft.context._hidden", "ctx._context_page"]


def test_no_private_flet_name_is_used() -> None:
    """Only Flet's public API (`ft.context.page`, `page.run_task`...): a private name,
    such as the variable behind `ft.context.page`, can change in any release of Flet,
    and the app would break with no test of ours able to say why."""
    used = {str(path.relative_to(ROOT)): names for path in _our_python()
            if (names := private_flet_names(ast.parse(path.read_text(encoding="utf-8"))))}
    assert used == {}
