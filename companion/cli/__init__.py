"""The `companion` command: the app by default, and headless sub-commands that share its core.

Each command is one module of this package (`companion.cli.score`...), and only the
command that runs is imported: `companion score` sits behind other tools, one process a
tableau, so it must not pay for the store, Flet or the scenario files it never uses.
This module holds what the parser needs before knowing the command: the table of
command names with their one-line help (`companion --help` lists it without importing
any command) and the options every command shares (`--data-dir`, `--lang`), accepted
before the command or after it. A command's module
gives `add_arguments(parser)`, which adds its own arguments and description, and
`run(args)`, which returns the exit code. The app itself, `companion` with no command,
is `companion.cli.app`; its options (`--port`, `--share`...) are the main parser's, as
they come without a command.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence

from companion import __version__
from companion.cli.lang import LANG_OPTION, NO_DATA_FOLDER, cli_language, speak_argparse
from companion.i18n import SUPPORTED, set_language, t

APP_MODULE = "companion.cli.app"


TYPE_CHECKING = False
"""typing.TYPE_CHECKING without importing typing: `companion score` imports nothing it
does not use (mypy and ruff read `if TYPE_CHECKING:` by its name)."""


class Command:
    """A sub-command: its name, the module that has its code, its one line of help."""

    __slots__ = ("help", "module", "name")

    def __init__(self, name: str, module: str, help: str) -> None:
        self.name, self.module, self.help = name, module, help


if TYPE_CHECKING:  # for mypy only: at run time each module is imported when it runs
    from typing import Protocol

    class CommandModule(Protocol):
        """What a command's module gives (mypy checks each one against it, below)."""

        def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...
        def run(self, args: argparse.Namespace) -> int: ...

    from companion.cli import (
        app,
        build_web,
        campaign,
        check,
        export,
        history,
        import_,
        medals,
        rules,
        scenarios,
        score,
        serve_web,
    )

    _CHECKED: tuple[CommandModule, ...] = (
        app, build_web, campaign, check, export, history, import_, medals, rules, scenarios,
        score, serve_web)


def commands() -> tuple[Command, ...]:
    """Every sub-command, in the order `companion --help` lists them."""
    return (
        Command("score", "companion.cli.score", t("score a final tableau given as JSON")),
        Command("export", "companion.cli.export",
                t("save all your games, medals, campaigns and settings to one file")),
        Command("import", "companion.cli.import_", t("add the content of an exported file")),
        Command("history", "companion.cli.history",
                t("list finished and abandoned games, newest first")),
        Command("medals", "companion.cli.medals",
                t("show the medal board of the solo scenarios")),
        Command("scenarios", "companion.cli.scenarios",
                t("list the solo scenarios with their medals")),
        Command("campaign", "companion.cli.campaign",
                t("record a campaign (War or Peace) scenario by scenario")),
        Command("rules", "companion.cli.rules",
                t("print a rule of the game, or find the rules that mention some words")),
        Command("check", "companion.cli.check",
                t("verify every file of your data and report any problem")),
        Command("build-web", "companion.cli.build_web",
                t("write the phone app, which works offline, as a static web site")),
        Command("serve-web", "companion.cli.serve_web",
                t("serve the phone app's site to the phones on the same Wi-Fi")),
    )


_DATA_DIR = "--data-dir"
_SHORTEST_DATA_DIR = "--da"
"""argparse accepts any unambiguous start of an option; `--d` could be `--desktop`."""


def chosen_command(argv: Sequence[str]) -> str | None:
    """The sub-command `argv` names, found before parsing so that only its module is
    imported; None for the app. The command is the first argument when only the options
    every command shares (`--data-dir DIR`) come before it; anything else there (the
    app's `--port 9000`, `--help`, `--version`) makes the line the app's, and argparse
    then reads it with the app's options (`main` builds the parser again if argparse
    finds a command after them)."""
    names = {command.name for command in commands()}
    index = 0
    while index < len(argv):
        token = argv[index]
        if token in names:
            return token
        option, has_value, _ = token.partition("=")
        shared = option == LANG_OPTION or (len(option) >= len(_SHORTEST_DATA_DIR)
                                           and _DATA_DIR.startswith(option))
        if not shared:
            return None
        index += 1 if has_value else 2
    return None


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout, told the terminal's width: left to find it itself,
    argparse imports shutil (and with it zlib, bz2, lzma) on every start, for the
    width of a help text that `companion score` never shows."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        if width is None:
            width = _columns() - 2  # what argparse does with shutil.get_terminal_size()
        super().__init__(prog, indent_increment, max_help_position, width)


def _columns() -> int:
    """The terminal's width as `shutil.get_terminal_size()` finds it: $COLUMNS, else
    the terminal of standard output, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        stdout = sys.__stdout__  # None when Python started without one
        try:
            columns = os.get_terminal_size(stdout.fileno()).columns if stdout else 0
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


def _module(name: str) -> CommandModule:
    module: CommandModule = importlib.import_module(name)
    return module


def build_parser(command: str | None = None, *,
                 app_options: bool = False) -> argparse.ArgumentParser:
    """The parser for a command line whose sub-command is `command` (None: the app).
    Only that command's module is imported to add its arguments; the others are listed
    by name and help alone. The app's options are there for the app, or when asked:
    a command line may give them before a command, which then ignores them."""
    parser = argparse.ArgumentParser(
        prog="companion",
        description=t("Companion for the board game It's a Wonderful World."),
        formatter_class=_Formatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    _add_data_dir(parser, None)
    _add_lang(parser, argparse.SUPPRESS if command else None)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for entry in commands():
        # Another command's parser only names it: it never parses (`main` builds the
        # parser again for the command it finds), so it needs no -h of its own.
        chosen = entry.name == command
        found = sub.add_parser(entry.name, help=entry.help, add_help=chosen,
                               formatter_class=_Formatter)
        if chosen:
            module = _module(entry.module)
            module.add_arguments(found)
            _add_data_dir(found, argparse.SUPPRESS)  # `score` reads none, either side
            _add_lang(found, argparse.SUPPRESS, reads_data=entry.name not in NO_DATA_FOLDER)
            found.set_defaults(handler=module.run)
    if command is None or app_options:
        app = _module(APP_MODULE)
        app.add_arguments(parser)
        if command is None:
            parser.set_defaults(handler=app.run)
    return parser


def _add_data_dir(parser: argparse.ArgumentParser, default: str | None) -> None:
    """`--data-dir`, before a command or after it (`companion check --data-dir X`), as
    people type it; given after the command it wins, as the last option given does
    (the command's parser leaves it unset when absent: `argparse.SUPPRESS`)."""
    parser.add_argument(
        _DATA_DIR, default=default,
        help=t("folder holding your games and settings (default: your OS data folder)"))


def _add_lang(parser: argparse.ArgumentParser, default: str | None, *,
              reads_data: bool = True) -> None:
    """`--lang`, before a command or after it (`companion history --lang fr`); given
    after the command it wins, as the last option given does."""
    parser.add_argument(
        LANG_OPTION, choices=SUPPORTED, default=default, metavar="LANG",
        help=t("language of the messages: en, fr, es, pt, it or de (default: the language "
               "chosen in the app's settings, else the LANG environment variable, else "
               "English)") if reads_data else
        t("language of the messages: en, fr, es, pt, it or de (default: the LANG "
          "environment variable, else English)"))


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    command = chosen_command(arguments)
    set_language(cli_language(arguments, command))
    speak_argparse()
    parser = build_parser(command)
    args, _ = parser.parse_known_args(arguments)
    if args.command != command:  # a command after the app's options: read it as one
        parser = build_parser(args.command, app_options=True)
    args = parser.parse_args(arguments)
    if getattr(args, "lang", None):  # also `--lan fr`, or --lang after the command
        set_language(args.lang)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return int(handler(args) or 0)
    except BrokenPipeError:
        # The reader went away (`companion history | head`): stop quietly, like other tools.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
