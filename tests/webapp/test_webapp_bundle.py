"""What the phone app ships of Python: the import scan that keeps only the standard
library the app can reach (`companion/webapp/node/prepare.py`, run by Pyodide at build
time, tested here on this Python), and the app's tree without what a browser never runs.
"""

from __future__ import annotations

import io
import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest

from companion.webapp import bundle
from companion.webapp.node import prepare

# `node/` is no package of the app (Pyodide runs its one file by its text), but CPython
# imports it as a namespace package: by its real name, so that mutation runs see which
# tests reach it.

SOURCE = b'''
import json, os.path
from . import sibling
from .. import uncle
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    import never_at_run_time
try:
    import _fast
except ImportError:
    import slow
class Holder:
    import in_class_body
def later():
    import only_when_called
    from email import message
if __name__ == "__main__":
    import doctest
'''


def test_a_module_imports_what_runs_and_functions_import_only_when_deep() -> None:
    shallow = prepare.imports_in(SOURCE, "pkg.sub.mod", False, deep=False)
    assert shallow == {"json", "os.path", "pkg.sub", "pkg.sub.sibling", "pkg", "pkg.uncle",
                       "typing", "typing.TYPE_CHECKING", "_fast", "slow", "in_class_body"}
    deep = prepare.imports_in(SOURCE, "pkg.sub.mod", False, deep=True)
    assert deep - shallow == {"only_when_called", "email", "email.message"}
    # In a package's __init__, "." is the package itself.
    assert "pkg.sub.sibling" in prepare.imports_in(b"from . import sibling", "pkg.sub", True,
                                                  deep=False)


def test_only_the_browser_s_platform_branches_count() -> None:
    source = b'''
import sys, os
if sys.platform == "win32":
    import winreg
elif sys.platform.startswith("darwin"):
    import plistlib
else:
    import posix_only
if os.name == "nt":
    import msvcrt
if sys.platform == "emscripten":
    import browser_only
if sys.version_info >= (3, 12):
    import either_way
'''
    found = prepare.imports_in(source, "m", False, deep=False)
    assert {"posix_only", "browser_only", "either_way"} <= found
    assert not found & {"winreg", "plistlib", "msvcrt"}


def test_a_negated_test_runs_the_other_branch() -> None:
    """`if not TYPE_CHECKING:` runs at run time: its imports are kept (they were lost
    when any test naming TYPE_CHECKING counted as never running)."""
    source = b'''
import sys
from typing import TYPE_CHECKING
if not TYPE_CHECKING:
    import at_run_time
else:
    import only_for_the_checker
if not sys.platform == "win32":
    import not_windows
if not (sys.platform == "emscripten"):
    import not_the_browser
if not sys.version_info >= (3, 12):
    import either_way
'''
    found = prepare.imports_in(source, "m", False, deep=False)
    assert {"at_run_time", "not_windows", "either_way"} <= found
    assert not found & {"only_for_the_checker", "not_the_browser"}


def test_bytecode_keeps_asserts_and_line_numbers_but_no_docstrings() -> None:
    import marshal

    source = b'''"""Module doc."""


def f(x):
    """Function doc."""
    assert x > 0, "positive"
    return 1 / 0
'''
    data = prepare.bytecode(source, "m.py")
    code = marshal.loads(data[16:])
    namespace: dict[str, object] = {}
    exec(code, namespace)
    function = namespace["f"]
    assert namespace.get("__doc__") is None and function.__doc__ is None  # type: ignore[attr-defined]
    with pytest.raises(AssertionError, match="positive"):
        function(0)  # type: ignore[operator]
    with pytest.raises(ZeroDivisionError) as raised:
        function(1)  # type: ignore[operator]
    assert raised.traceback[-1].lineno + 1 == 7  # `return 1 / 0`, as in the source


def test_bytecode_drops_the_docstrings_of_classes_methods_and_async_functions() -> None:
    import marshal

    source = b'''class C:
    """Class doc."""

    def method(self):
        """Method doc."""
        return "kept"


async def waits():
    """Async doc."""


def only_a_docstring():
    """Nothing else."""
'''
    namespace: dict[str, Any] = {}
    exec(marshal.loads(prepare.bytecode(source, "m.py")[16:]), namespace)
    assert namespace["C"].__doc__ is None
    assert namespace["C"].method.__doc__ is None
    assert namespace["C"]().method() == "kept"
    assert namespace["waits"].__doc__ is None
    assert namespace["only_a_docstring"].__doc__ is None
    assert namespace["only_a_docstring"]() is None


def test_the_closure_follows_the_standard_library_and_keeps_only_what_is_reached() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("json/__init__.py", "from .decoder import x\n")
        archive.writestr("json/decoder.py", "import re\ndef f():\n    import pdb\n")
        archive.writestr("re/__init__.py", "")
        archive.writestr("pdb.py", "import unittest\n")
        archive.writestr("unittest/__init__.py", "")
        archive.writestr("tkinter/__init__.py", "")
    with zipfile.ZipFile(buffer) as archive:
        reached = prepare.stdlib_closure({"json"}, archive)
    assert reached == {"json": "json/__init__.py", "json.decoder": "json/decoder.py",
                       "re": "re/__init__.py"}


def test_the_tree_leaves_out_stubs_tests_metadata_and_the_host(tmp_path: Path) -> None:
    packages = tmp_path / "packages"
    for name in ("flet/__init__.py", "flet/controls/icons.pyi", "flet/py.typed",
                 "flet/testing/app.py", "flet/__pycache__/x.cpython-314.pyc",
                 "flet-1.0.5.dist-info/METADATA", "filelock/tests/test_x.py",
                 "flutter/lib/main.dart", "bin/flet", "six.py", "flet/.DS_Store",
                 ".gitignore"):
        (packages / name).parent.mkdir(parents=True, exist_ok=True)
        (packages / name).write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "work").mkdir()
    tree = bundle.app_tree(tmp_path / "work", packages)
    shipped = {path.relative_to(tree).as_posix() for path in tree.rglob("*") if path.is_file()}
    assert {"flet/__init__.py", "six.py"} <= shipped
    assert not any(name.startswith(("flet/testing", "flet-1.0.5", "filelock", "flutter", "bin"))
                   or name.endswith((".pyi", ".typed", ".pyc")) for name in shipped)
    assert not any(Path(name).name.startswith(".") for name in shipped)  # dotfiles
    ours = {name for name in shipped if name.startswith("companion/")}
    assert "companion/webapp/main_in_browser.py" in ours
    assert "companion/rules/engine.py" in ours
    assert "companion/_data/assets/cards.json" in ours
    for host_only in ("companion/cli/__init__.py", "companion/web/server.py",
                      "companion/web/door.py", "companion/webapp/build.py",
                      "companion/webapp/node/prepare.py"):
        assert host_only not in ours


@pytest.mark.skipif(bundle.node() is None, reason="Node.js is not installed")
def test_compiling_works_from_relative_folders(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """`companion build-web site/`, as the README says it: every path reaches Node.js."""
    from companion.webapp.build import flet_web_dir

    monkeypatch.chdir(tmp_path)
    shutil.copytree(flet_web_dir() / "pyodide", "pyodide")
    Path("app/tiny").mkdir(parents=True)
    Path("app/tiny/__init__.py").write_text('"""Doc."""\nimport json\n', encoding="utf-8")
    Path("out").mkdir()
    kept = bundle.compile_with_pyodide(Path("pyodide"), Path("app"), Path("out"),
                                       entries=("tiny",))
    assert kept is not None and "json" in kept
    assert Path("app/tiny/__init__.pyc").is_file() and not Path("app/tiny/__init__.py").exists()
    with zipfile.ZipFile("out/python_stdlib.zip") as archive:
        names = set(archive.namelist())
    assert "json/__init__.pyc" in names and "tkinter/__init__.pyc" not in names
    assert not any(name.endswith(".py") for name in names)
