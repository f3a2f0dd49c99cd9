"""Run by the site's own Pyodide under Node.js at build time (never imported by the app):
the app's modules and the standard library the app can reach, as bytecode only.

Why: Pyodide ships its standard library as 560 source files (2.5 MB), compiled again at
every start, most of which the app never imports (email, unittest, multiprocessing,
xml, the REPL...). Here:

- every module of the app's tree (`/app`: our package and its dependencies) is compiled
  in place (`x.py` becomes `x.pyc`, the source is removed: the browser never compiles);
- the standard-library modules the app can reach are found by reading the import
  instructions of every code object (functions' late imports too), from the app's
  modules and what Pyodide itself imports at start, followed through the standard
  library; to these are added the modules the app's compiled extensions import (seen
  by importing the app) and the codecs a file may name;
- those modules are written, compiled, to `/out/python_stdlib.zip`, which replaces the
  shipped one.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import os
import sys
import zipfile

APP = "/app"
OUT = "/out/python_stdlib.zip"
KEPT_CODECS = (
    "aliases", "ascii", "base64_codec", "charmap", "cp1252", "cp437", "hex_codec", "idna",
    "latin_1", "punycode", "raw_unicode_escape", "undefined", "unicode_escape", "utf_16",
    "utf_16_be", "utf_16_le", "utf_32", "utf_32_be", "utf_32_le", "utf_8", "utf_8_sig",
)
"""Codecs are imported by name (`bytes.decode("cp437")`): the ones a JSON, ZIP or web
file may use."""
ALWAYS = ("encodings", "site", "sitecustomize", "_sysconfigdata")


class _Platform:
    """What `sys` and `os` say in the browser, for `if sys.platform == "win32":`."""

    platform = "emscripten"
    name = "posix"


def _branch(test: ast.expr) -> bool | None:
    """Whether an `if` runs in the browser, when its test can tell: never for
    `__name__ == "__main__"` or `TYPE_CHECKING`; by the browser's values for a test that
    reads only `sys.platform` and `os.name`; None for any other test (both branches). A
    `not` turns its operand's answer round: `if not TYPE_CHECKING:` runs."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _branch(test.operand)
        return None if inner is None else not inner
    text = ast.unparse(test)
    if "__main__" in text or "TYPE_CHECKING" in text:
        return False
    names = {node.id for node in ast.walk(test) if isinstance(node, ast.Name)}
    attributes = {node.attr for node in ast.walk(test) if isinstance(node, ast.Attribute)}
    if not names or not names <= {"sys", "os"} or not attributes <= {
            "platform", "name", "startswith"}:
        return None
    try:
        code = compile(ast.Expression(test), "<test>", "eval")
        return bool(eval(code, {"__builtins__": {}, "sys": _Platform, "os": _Platform}))
    except Exception:
        return None


def imports_in(source: bytes, module: str, is_package: bool, deep: bool) -> set[str]:
    """Absolute names of the modules `source` imports: when it runs (`deep` False: the
    module's body and its classes' bodies), or ever (`deep`: functions' late imports
    too)."""
    found: set[str] = set()
    package = module.split(".") if is_package else module.split(".")[:-1]

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package[: len(package) - (node.level - 1)]
                    base = ".".join([*parts, base] if base else parts)
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names
                             if alias.name != "*")
            elif isinstance(node, ast.If) and _branch(node.test) is not None:
                visit(node.body if _branch(node.test) else node.orelse)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if deep:
                    visit(node.body)
            else:
                for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                    children = getattr(node, field, None)
                    if isinstance(children, list):
                        visit([child for child in children if isinstance(child, ast.stmt)]
                              + [grand for child in children
                                 if isinstance(child, (ast.ExceptHandler, ast.match_case))
                                 for grand in child.body])

    visit(ast.parse(source).body)
    return {name for name in found if name}


def with_parents(names: set[str]) -> set[str]:
    return {".".join(name.split(".")[:n]) for name in names
            for n in range(1, name.count(".") + 2)}


def _without_docstrings(tree: ast.Module) -> ast.Module:
    """The module with no docstring (a sixth of its bytecode, read by nobody on a phone);
    unlike `python -OO`, asserts stay, and every line keeps its number."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                    and isinstance(body[0].value.value, str)):
                node.body = body[1:] or [ast.Pass(lineno=body[0].lineno, col_offset=0)]
    return tree


def bytecode(source: bytes, filename: str) -> bytes:
    """A `.pyc` (checked by nobody: the source is not shipped) of `source`."""
    code = compile(_without_docstrings(ast.parse(source)), filename, "exec", dont_inherit=True)
    return bytes(importlib._bootstrap_external._code_to_hash_pyc(  # type: ignore[attr-defined]
        code, importlib.util.source_hash(source), False))


def compile_app() -> set[str]:
    """Compile the app's tree in place; the imports its modules name."""
    wanted: set[str] = set()
    for folder, _dirs, files in os.walk(APP):
        for name in files:
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, APP)
            module = relative[:-3].replace(os.sep, ".").removesuffix(".__init__")
            with open(path, "rb") as handle:
                source = handle.read()
            wanted |= imports_in(source, module, name == "__init__.py", deep=True)
            with open(path + "c", "wb") as compiled:
                compiled.write(bytecode(source, relative))
            os.remove(path)
    return wanted


def imported_by(modules: list[str]) -> set[str]:
    """What importing `modules` (the app's entry and compiled extensions) loads."""
    sys.path.insert(0, APP)
    for name in modules:
        importlib.import_module(name)
    return set(sys.modules)


def stdlib_closure(roots: set[str], archive: zipfile.ZipFile) -> dict[str, str]:
    """Module name -> member of the standard library's archive, for every module the
    roots reach (through the imports of the reached modules)."""
    members = set(archive.namelist())
    reached: dict[str, str] = {}
    todo = list(with_parents(roots))
    while todo:
        name = todo.pop()
        if name in reached:
            continue
        base = name.replace(".", "/")
        member = next((m for m in (f"{base}.py", f"{base}/__init__.py") if m in members), None)
        if member is None:
            continue
        reached[name] = member
        todo.extend(with_parents(imports_in(archive.read(member), name,
                                            member.endswith("__init__.py"), deep=False)))
    return reached


def whole_packages(archive: zipfile.ZipFile) -> set[str]:
    """The codecs and the site hooks, kept whatever the scan says (both are imported by
    name, not by an import statement)."""
    names: set[str] = set()
    for member in archive.namelist():
        if not member.endswith(".py"):
            continue
        name = member[:-3].replace("/", ".").removesuffix(".__init__")
        top = name.split(".")[0]
        codec = top == "encodings"
        if (not codec and top.startswith(ALWAYS)) or (
                codec and (name == "encodings" or name.removeprefix("encodings.") in KEPT_CODECS)):
            names.add(name)
    return names


def write_stdlib(archive: zipfile.ZipFile, modules: dict[str, str]) -> None:
    kept_folders = {member.rsplit("/", 1)[0] for member in modules.values() if "/" in member}
    with zipfile.ZipFile(OUT, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for member in sorted(modules.values()):
            out.writestr(member + "c", bytecode(archive.read(member), member))
        for member in archive.namelist():  # data files of kept packages
            folder = member.rsplit("/", 1)[0] if "/" in member else ""
            if (not member.endswith((".py", "/", ".typed")) and folder in kept_folders):
                out.writestr(member, archive.read(member))


def main(entry_modules: list[str]) -> list[str]:
    wanted = compile_app()
    before = set(sys.modules)
    wanted |= before | imported_by(entry_modules)
    stdlib = next(path for path in sys.path if path.endswith(".zip"))  # Pyodide's
    with zipfile.ZipFile(stdlib) as archive:
        roots = wanted | whole_packages(archive)
        modules = stdlib_closure(roots, archive)
        write_stdlib(archive, modules)
    return sorted(modules)
