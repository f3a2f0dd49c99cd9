"""The command line's layout: one module a command, and only the command that runs is
imported (`companion score` starts as a process per tableau behind other tools)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import build_parser, chosen_command, commands, main

STORE_PACKAGES = ("flet", "filelock", "tinydb", "platformdirs")
SLOW_TO_IMPORT = ("typing", "msgspec")
"""Modules the scorer does not need at run time and that cost milliseconds to import."""
"""What only the app and the commands that open the data folder need."""


def _imported_by(code: str) -> list[str]:
    """The companion modules and the store's and Flet's packages a fresh process has
    imported after running `code`."""
    probe = (f"import sys\n{code}\n"
             "print(sorted(m for m in sys.modules if m.split('.')[0] in "
             f"{('companion', *STORE_PACKAGES, *SLOW_TO_IMPORT)!r}))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    found: list[str] = json.loads(done.stdout.splitlines()[-1].replace("'", '"'))
    return found


def _commands_modules(except_for: str | None) -> set[str]:
    modules = {command.module for command in commands()} | {"companion.cli.app"}
    return modules - {except_for} if except_for else modules


def test_score_imports_neither_flet_nor_the_store_nor_another_command(tmp_path: Path) -> None:
    tableau = tmp_path / "tableau.json"
    tableau.write_text('{"empire": "Noram States", "built": ["Zeppelin"]}', encoding="utf-8")
    found = _imported_by(f"from companion.cli import main\nmain(['score', {str(tableau)!r}])")
    assert "companion.cli.score" in found and "companion.usecases.scorer" in found
    assert not set(found) & _commands_modules("companion.cli.score")
    assert not [m for m in found if m.split(".")[0] in STORE_PACKAGES]
    assert not [m for m in found if m.startswith(("companion.ui", "companion.store.store"))]
    assert "companion.cli.storage" not in found
    assert not set(found) & set(SLOW_TO_IMPORT)


def test_help_lists_every_command_without_importing_them() -> None:
    found = _imported_by("from companion.cli import build_parser\n"
                         "build_parser().format_help()")
    assert not set(found) & _commands_modules("companion.cli.app")
    assert not [m for m in found if m.split(".")[0] in STORE_PACKAGES]
    text = " ".join(build_parser().format_help().split())  # argparse wraps the lines
    for command in commands():
        assert command.name in text and command.help in text
    assert "--port" in text and "--share" in text  # the app's options


@pytest.mark.parametrize(("argv", "command"), [
    (["score", "x.json"], "score"),
    (["--data-dir", "history", "medals"], "medals"),  # a folder named like a command
    (["--data-dir=/tmp/d", "check"], "check"),
    (["--lang", "fr", "history"], "history"),  # the shared options, in any order
    (["--lang=de", "--data-dir", "/tmp/d", "medals"], "medals"),
    (["--data", "/tmp/d", "export", "f.json"], "export"),  # argparse's abbreviation
    ([], None),
    (["--port", "9000"], None),
    (["--help"], None),
    (["--code", "history", "--share"], None),  # the app's option value, not a command
])
def test_the_command_is_found_before_parsing(argv: list[str], command: str | None) -> None:
    assert chosen_command(argv) == command


def test_the_apps_options_before_a_command_are_read_and_ignored_as_before(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--port", "9000", "--data-dir", str(tmp_path / "data"), "history"]) == 0
    assert "No finished games yet." in capsys.readouterr().out


def test_every_command_has_a_module_with_its_arguments() -> None:
    for command in commands():
        parser = build_parser(command.name)
        args = parser.parse_args([command.name, *{
            "score": ["-"], "export": ["f.json"], "import": ["f.json"],
            "campaign": ["boxes"], "build-web": ["site"]}.get(command.name, []),
        ])
        assert args.command == command.name and callable(args.handler)


def test_build_web_never_empties_a_folder_that_is_not_an_earlier_build(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import main

    keep = tmp_path / "photos"
    keep.mkdir()
    (keep / "holiday.jpg").write_bytes(b"\xff\xd8")
    assert main(["build-web", str(keep)]) == 1
    assert (keep / "holiday.jpg").read_bytes() == b"\xff\xd8"
    assert capsys.readouterr().err.strip()


@pytest.mark.parametrize("argv", [
    ["check", "--data-dir", "{data}"],
    ["--data-dir", "{data}", "check"],
    ["history", "--data-dir", "{data}", "--lang", "fr"],
    ["history", "--lang", "fr", "--data=" + "{data}"],
    ["--data-dir", "elsewhere", "history", "--data-dir", "{data}"],  # the last one wins
])
def test_the_shared_options_come_before_or_after_the_command(
        argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.store import open_store

    data = tmp_path / "data"
    with open_store(data):
        pass  # an empty data folder
    assert main([arg.replace("{data}", str(data)) for arg in argv]) == 0
    out = capsys.readouterr().out
    assert str(tmp_path / "elsewhere") not in out
    if "check" in argv:
        assert "does not exist" not in out
    else:
        assert out.strip() == ("Aucune partie terminée pour l'instant." if "fr" in argv
                               else "No finished games yet.")


def test_history_says_a_quick_score_is_one_with_its_players(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent / "ui"))
    sys.path.insert(0, str(Path(__file__).resolve().parent / "rules"))
    from test_history import quick_record

    from companion.store import open_store

    data = tmp_path / "data"
    with open_store(data) as store:
        store.save_game(quick_record("quick", 2))  # Ana 24 points, Bo 3
    assert main(["history", "--data-dir", str(data)]) == 0
    line = capsys.readouterr().out.strip()
    assert "Quick score  Ana: 24 points, Bo: 3 points" in line, line
    assert "solo" not in line and "table" not in line
