"""The build's import scan and compiler (`companion/webapp/node/prepare.py`), run here on
CPython: Pyodide runs the same file under Node.js at build time, and what it keeps of the
standard library is all the phone has. A module it misses is an ImportError on the phone;
one it keeps for nothing is downloaded at every install. Its `APP` and `OUT` (Pyodide's
mounted folders) point at temporary folders here."""

from __future__ import annotations

import ast
import importlib.util
import io
import marshal
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from stand_in import deflated_size, words

from companion.webapp.node import prepare


def _test(text: str) -> ast.expr:
    """The test of `if <text>:`, as the scan sees it."""
    statement = ast.parse(f"if {text}:\n    pass\n").body[0]
    assert isinstance(statement, ast.If)
    return statement.test


@pytest.mark.parametrize(("text", "runs"), [
    # Never at run time, whatever else the test says.
    ('__name__ == "__main__"', False),
    ("TYPE_CHECKING", False),
    ("typing.TYPE_CHECKING", False),
    # Decided by the browser's platform: Emscripten, a POSIX system.
    ('sys.platform == "emscripten"', True),
    ('sys.platform == "win32"', False),
    ('os.name == "posix"', True),
    ('os.name == "nt"', False),
    ('sys.platform.startswith("emscripten") and os.name == "posix"', True),
    ('sys.platform.startswith("linux")', False),
    # Anything else cannot be told: both branches count.
    ("sys.version_info >= (3, 12)", None),
    ('sys.platform.lower() == "emscripten"', None),
    ('sys.platform in [name for name in ("emscripten", "wasi")]', None),
    ("HAVE_FAST", None),
    ("1", None),
    ('sys.platform.startswith()', None),  # fails when evaluated: both branches
    # `not` turns a known answer round and leaves an unknown one unknown.
    ("not TYPE_CHECKING", True),
    ('not sys.platform == "emscripten"', False),
    ("not HAVE_FAST", None),
])
def test_an_if_runs_in_the_browser_only_when_its_test_can_tell(text: str,
                                                                runs: bool | None) -> None:
    assert prepare._branch(_test(text)) is runs


def test_every_kind_of_block_is_read_and_functions_only_when_deep() -> None:
    source = b'''
with open("x") as handle:
    import in_with
for item in items:
    import in_for
else:
    import in_for_else
while waiting:
    import in_while
try:
    import in_try
except ImportError:
    import in_handler
else:
    import in_try_else
finally:
    import in_finally
match value:
    case 1:
        import in_case
async def later():
    import in_async
from os.path import *
'''
    shallow = prepare.imports_in(source, "m", False, deep=False)
    assert shallow == {"in_with", "in_for", "in_for_else", "in_while", "in_try", "in_handler",
                       "in_try_else", "in_finally", "in_case", "os.path"}
    assert prepare.imports_in(source, "m", False, deep=True) == shallow | {"in_async"}


def test_relative_imports_resolve_from_the_package_a_module_is_in() -> None:
    source = b"from . import sibling\nfrom .. import uncle\nfrom ..aunt import cousin\n"
    assert prepare.imports_in(source, "a.b.c.mod", False, deep=False) == {
        "a.b.c", "a.b.c.sibling", "a.b", "a.b.uncle", "a.b.aunt", "a.b.aunt.cousin"}
    # In a package's __init__ the package is the module itself.
    assert prepare.imports_in(source, "a.b.c", True, deep=False) == {
        "a.b.c", "a.b.c.sibling", "a.b", "a.b.uncle", "a.b.aunt", "a.b.aunt.cousin"}
    # A star names no module of its own, and an empty name is no module.
    assert prepare.imports_in(b"from . import *", "m", False, deep=False) == set()


def test_the_branch_the_browser_runs_is_read_and_the_other_is_not() -> None:
    source = b'''
import sys
if sys.platform == "win32":
    import on_windows
else:
    import elsewhere
if __name__ == "__main__":
    import as_a_script
else:
    import as_a_module
if sys.version_info >= (3, 12):
    import new
else:
    import old
'''
    assert prepare.imports_in(source, "m", False, deep=False) == {
        "sys", "elsewhere", "as_a_module", "new", "old"}


def test_a_name_brings_every_package_above_it() -> None:
    assert prepare.with_parents({"a.b.c", "d"}) == {"a", "a.b", "a.b.c", "d"}
    assert prepare.with_parents(set()) == set()


def test_bytecode_is_an_unchecked_hash_based_pyc_of_the_source_alone() -> None:
    """Unchecked: the source is not shipped, so nothing could check it; compiled without
    this file's own `from __future__ import annotations`."""
    source = b"def f(x: int) -> int:\n    return x\n"
    data = prepare.bytecode(source, "pkg/m.py")
    assert data[:4] == importlib.util.MAGIC_NUMBER
    assert data[4:8] == (1).to_bytes(4, "little")  # hash-based, not checked
    assert data[8:16] == importlib.util.source_hash(source)
    code = marshal.loads(data[16:])
    assert code.co_filename == "pkg/m.py"
    namespace: dict[str, object] = {}
    exec(code, namespace)
    assert namespace["f"].__annotations__ == {"x": int, "return": int}  # type: ignore[attr-defined]


def test_a_body_of_only_a_docstring_keeps_its_line() -> None:
    """The `pass` standing for a removed docstring keeps the docstring's line number."""
    tree = prepare._without_docstrings(ast.parse('x = 1\n\n\ndef f():\n    """Doc."""\n'))
    function = tree.body[1]
    assert isinstance(function, ast.FunctionDef)
    assert [type(node) for node in function.body] == [ast.Pass]
    assert (function.body[0].lineno, function.body[0].col_offset) == (5, 0)
    assert isinstance(tree.body[0], ast.Assign)  # not a docstring: kept
    kept = prepare._without_docstrings(ast.parse('x = "not a docstring"\nx = 2\n'))
    assert len(kept.body) == 2
    number = prepare._without_docstrings(ast.parse("1\n"))
    assert isinstance(number.body[0], ast.Expr)  # a constant, not a string: kept


@pytest.fixture
def imports_undone() -> Iterator[None]:
    """The modules and finders a test's imports add are dropped after it."""
    modules, finders, path = set(sys.modules), set(sys.path_importer_cache), list(sys.path)
    yield
    sys.path[:] = path
    for name in set(sys.modules) - modules:
        del sys.modules[name]
    for name in set(sys.path_importer_cache) - finders:
        del sys.path_importer_cache[name]


def _same_pyc(one: bytes, other: bytes) -> bool:
    """The same header and code (marshal's bytes may differ by which of its objects it
    shares, which depends on what else the interpreter holds)."""
    return one[:16] == other[:16] and marshal.loads(one[16:]) == marshal.loads(other[16:])


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


def test_the_app_is_compiled_in_place_and_its_imports_collected(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = tmp_path / "app"
    # Python files first, then data: listed in another order on many file systems, and
    # a data file must not end the folder's compilation.
    _write(app, {"pkg/__init__.py": "from . import child\n",
                 "pkg/child.py": "import json\ndef later():\n    import email.message\n",
                 "package/module.py": "from . import sibling\n",
                 "top.py": '"""Doc."""\nimport csv\n'})
    _write(app, {"pkg/data.txt": "data", "pkg/more.json": "{}", "notes.md": "notes"})
    monkeypatch.setattr(prepare, "APP", str(app))
    wanted = prepare.compile_app()
    assert wanted == {"pkg", "pkg.child", "json", "email.message", "csv", "package",
                      "package.sibling"}
    left = {path.relative_to(app).as_posix() for path in app.rglob("*") if path.is_file()}
    assert left == {"pkg/__init__.pyc", "pkg/child.pyc", "package/module.pyc", "top.pyc",
                    "pkg/data.txt", "pkg/more.json", "notes.md"}
    assert _same_pyc((app / "top.pyc").read_bytes(),
                     prepare.bytecode(b'"""Doc."""\nimport csv\n', "top.py"))
    code = marshal.loads((app / "pkg/child.pyc").read_bytes()[16:])
    assert code.co_filename == "pkg/child.py"  # tracebacks name the file in the app


@pytest.mark.usefixtures("imports_undone")
def test_importing_the_entry_modules_from_the_app_shows_what_they_load(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's folder comes first: its modules, not others of the same name."""
    app, elsewhere = tmp_path / "app", tmp_path / "elsewhere"
    _write(app, {"zz_probe_entry.py": "import zz_probe_loaded\n",
                 "zz_probe_loaded.py": "ORIGIN = 'app'\n"})
    _write(elsewhere, {"zz_probe_entry.py": "raise ImportError('the wrong folder')\n"})
    sys.path.insert(0, str(elsewhere))
    monkeypatch.setattr(prepare, "APP", str(app))
    before = set(sys.modules)
    loaded = prepare.imported_by(["zz_probe_entry"])
    assert loaded == set(sys.modules)
    assert loaded - before == {"zz_probe_entry", "zz_probe_loaded"}


def _archive(files: dict[str, str]) -> zipfile.ZipFile:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return zipfile.ZipFile(buffer)


def test_the_closure_goes_on_after_a_module_already_reached() -> None:
    """Each root reaches itself again first (a module may import itself): the scan must
    still go on to the other root."""
    archive = _archive({"a.py": "import a\n", "c.py": "import c\n"})
    assert prepare.stdlib_closure({"a", "c"}, archive) == {"a": "a.py", "c": "c.py"}


def test_the_closure_goes_on_after_a_module_outside_the_standard_library() -> None:
    archive = _archive({"a.py": "import not_stdlib_a\n", "c.py": "import not_stdlib_c\n"})
    assert prepare.stdlib_closure({"a", "c"}, archive) == {"a": "a.py", "c": "c.py"}


def test_the_closure_reaches_the_packages_above_a_module() -> None:
    archive = _archive({"xml/__init__.py": "", "xml/dom/__init__.py": "from . import minidom\n",
                        "xml/dom/minidom.py": "", "xml/sax.py": ""})
    assert prepare.stdlib_closure({"xml.dom"}, archive) == {
        "xml": "xml/__init__.py", "xml.dom": "xml/dom/__init__.py",
        "xml.dom.minidom": "xml/dom/minidom.py"}


def test_the_codecs_and_site_hooks_are_kept_whatever_the_scan_says() -> None:
    archive = _archive({
        "encodings/__init__.py": "", "encodings/utf_8.py": "", "encodings/cp1252.py": "",
        "encodings/idna.py": "", "encodings/mac_roman.py": "", "encodings/README.txt": "",
        "site.py": "", "sitecustomize.py": "", "_sysconfigdata__emscripten_wasm32.py": "",
        "utf_8.py": "", "json/__init__.py": "", "mysite.py": "",
    })
    assert prepare.whole_packages(archive) == {
        "encodings", "encodings.utf_8", "encodings.cp1252", "encodings.idna", "site",
        "sitecustomize", "_sysconfigdata__emscripten_wasm32"}


def test_the_standard_library_written_holds_the_kept_modules_compiled_and_their_data(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    archive = _archive({
        "json/__init__.py": "import re\n", "json/decoder.py": "x = 1\n", "json/data.bin": "d",
        "json/py.typed": "", "json/": "", "site.py": "y = 2\n", "top.txt": "t",
        "tkinter/__init__.py": "", "tkinter/data.bin": "unused",
    })
    out = tmp_path / "python_stdlib.zip"
    monkeypatch.setattr(prepare, "OUT", str(out))
    prepare.write_stdlib(archive, {"json": "json/__init__.py", "json.decoder": "json/decoder.py",
                                   "site": "site.py"})
    with zipfile.ZipFile(out) as written:
        assert written.namelist() == ["json/__init__.pyc", "json/decoder.pyc", "site.pyc",
                                      "json/data.bin"]
        assert _same_pyc(written.read("json/decoder.pyc"),
                         prepare.bytecode(b"x = 1\n", "json/decoder.py"))
        assert _same_pyc(written.read("site.pyc"), prepare.bytecode(b"y = 2\n", "site.py"))
        assert written.read("json/data.bin") == b"d"
        assert {info.compress_type for info in written.infolist()} == {zipfile.ZIP_DEFLATED}


def test_a_package_s_data_is_kept_by_its_own_folder_not_its_parent_s(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`xml.dom.minidom` kept: the data of `xml/dom/` goes with it, not that of `xml/`."""
    archive = _archive({"xml/dom/minidom.py": "", "xml/dom/data.bin": "kept",
                        "xml/other.bin": "left out", "xml/__init__.py": ""})
    monkeypatch.setattr(prepare, "OUT", str(tmp_path / "out.zip"))
    prepare.write_stdlib(archive, {"xml.dom.minidom": "xml/dom/minidom.py"})
    with zipfile.ZipFile(tmp_path / "out.zip") as written:
        assert written.namelist() == ["xml/dom/minidom.pyc", "xml/dom/data.bin"]


def test_the_standard_library_is_compressed_at_zlib_s_best(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Downloaded by every phone: the few more seconds of the build are worth it."""
    data = words()
    archive = _archive({"big/__init__.py": "", "big/table.txt": data.decode()})
    monkeypatch.setattr(prepare, "OUT", str(tmp_path / "out.zip"))
    prepare.write_stdlib(archive, {"big": "big/__init__.py"})
    with zipfile.ZipFile(tmp_path / "out.zip") as written:
        assert written.getinfo("big/table.txt").compress_size == deflated_size(data, 9)


@pytest.mark.usefixtures("imports_undone")
def test_main_compiles_the_app_and_keeps_what_it_reaches(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the app names, what importing its entry loads (a name computed at run time,
    as a compiled extension imports), what this interpreter already runs, and the codecs;
    nothing else of Pyodide's standard library (the last archive on its path)."""
    app = tmp_path / "app"
    _write(app, {"zz_entry.py": 'import importlib\nimportlib.import_module("zz_" + "dynamic")\n',
                 "zz_named.py": "def later():\n    import zz_by_name\n"})
    stdlib = tmp_path / "stdlib.zip"
    with zipfile.ZipFile(stdlib, "w") as archive:
        for name in ("zz_dynamic.py", "zz_by_name.py", "zz_unused.py", "json/__init__.py",
                     "encodings/__init__.py", "encodings/utf_8.py", "tkinter/__init__.py"):
            archive.writestr(name, "")
    sys.path[:] = [*(path for path in sys.path if not path.endswith(".zip")), str(stdlib)]
    monkeypatch.setattr(prepare, "APP", str(app))
    monkeypatch.setattr(prepare, "OUT", str(tmp_path / "out.zip"))
    kept = prepare.main(["zz_entry"])
    assert kept == ["encodings", "encodings.utf_8", "json", "zz_by_name", "zz_dynamic"]
    with zipfile.ZipFile(tmp_path / "out.zip") as written:
        assert sorted(written.namelist()) == [
            "encodings/__init__.pyc", "encodings/utf_8.pyc", "json/__init__.pyc",
            "zz_by_name.pyc", "zz_dynamic.pyc"]
    assert not (app / "zz_entry.py").exists() and (app / "zz_entry.pyc").is_file()
