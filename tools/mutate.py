"""Mutation testing of the packages that decide: which mistakes would no test notice?

    .venv/bin/python tools/mutate.py rules            # one package (or several)
    .venv/bin/python tools/mutate.py --changed main   # the modules a change touched
    .venv/bin/python tools/mutate.py rules --survivors  # and each surviving change
    .venv/bin/python tools/mutate.py rules --again      # the survivors again, after new tests
    .venv/bin/python tools/mutate.py companion/rules/story.py --again  # one module of it

mutmut changes the code one small way at a time (a comparison flipped, a number moved by
one, a branch dropped) and runs the tests that reach the changed function; a change no
test notices is a mistake the tests would let through. Each package is tried in a
scratch copy of its own, `.mutation/<package>/`, where only that package is mutated (the
rest runs at full speed) and each mutant's result is kept: a second run only tries the
functions that changed since. The share caught is told per package, or per module.
The browser tests are left out: they cannot run in mutmut's forked workers.
Not part of CI (tens of minutes per package); run it on the package you changed before
you commit, and kill each survivor with a test that states the behaviour, or mark it
`# pragma: no mutate` with the reason when it is equivalent.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = ROOT / ".mutation"
PACKAGES = ("rules", "usecases", "store", "i18n", "shipped", "webapp")
"""The packages that decide things: the screens and the host are held by browser tests."""
READ_OUR_SOURCE = (
    "tests/rules/test_refusals.py::test_every_refusal_gives_its_kind",
    "tests/store/test_store_readonly.py::test_writing_methods_of_a_read_only_store_refuse",
    "tests/test_cli.py::test_score_imports_neither_flet_nor_the_store_nor_another_command",
    "tests/test_count_messages.py::test_no_template_counts_a_noun_without_its_plural",
    "tests/test_count_messages.py::test_every_plural_fills_in_0_1_and_2",
    "tests/test_i18n.py::test_english_plurals_have_the_same_placeholders",
    "tests/test_i18n.py::test_every_template_is_translated",
    "tests/test_install.py",
    "tests/test_layers.py",
    "tests/test_reason_topics.py::test_every_reason_leads_to_a_rule_that_exists",
    "tests/webapp/test_webapp_bundle.py::test_compiling_works_from_relative_folders",
)
"""Tests of the source text itself (its messages, its length, its imports, its methods,
its wheel): in mutmut's copy every function sits beside its mutants and a switchboard, so
they read mutants, not our code."""
OWN_PROCESS = (
    "tests/webapp/test_webapp_host.py::test_the_command_serves_says_where_and_stops_on_ctrl_c",
)
"""Tests that serve the app from a process of their own: in mutmut's copy that process
answers every request with an error 500 (mutmut's wrapper of an async method returns a
coroutine where the host awaits a response), so the run stopped before its first
mutant. The host's answers are held by its in-process tests."""
TESTS = ["-m", "not browser and not slow", "-p", "no:cacheprovider", "-q",
         "--ignore=tests/ui",
         *(arg for test in (*READ_OUR_SOURCE, *OWN_PROCESS) for arg in ("--deselect", test))]
"""The quick suite without the screens' tests: the browser tests cannot run in mutmut's
forked workers, and the slow ones (thousands of random games) would take hours through
mutmut's switchboards. The screens' tests (tests/ui, two thirds of the quick suite's
time) are left out too: each package below the screens is to be held by tests of its
own, and a mutant they miss would otherwise cost every screen test before it is told."""


def settings(only: list[str], beside: list[str]) -> str:
    """mutmut's section of the scratch copy's pyproject: which files, which tests, and
    what else the tests read (the data, the tools, the README)."""
    quoted = ", ".join(json.dumps(path) for path in only)
    return (
        "\n[tool.mutmut]\n"
        'source_paths = ["companion"]\n'
        f"only_mutate = [{quoted}]\n"
        f"also_copy = {json.dumps(beside)}\n"
        f"pytest_add_cli_args_test_selection = {json.dumps(['tests', *TESTS])}\n"
        'pytest_add_cli_args = ["-p", "tools.mutation_order"]\n'
    )


def tracked() -> list[str]:
    """Every file of the working tree that git would commit, as it is now."""
    out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                         check=True, capture_output=True).stdout.decode()
    return [name for name in out.split("\0") if name and (ROOT / name).is_file()]


def prepare(name: str, only: list[str]) -> Path:
    """The scratch copy: today's files (untouched ones keep their times, so mutmut keeps
    its earlier results for them), the reference beside it as beside the checkout."""
    place = SCRATCH / name
    place.mkdir(parents=True, exist_ok=True)
    wanted = set(tracked())
    for relative in wanted:
        source, target = ROOT / relative, place / relative
        if target.is_file() and target.read_bytes() == source.read_bytes():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        # Written now, not with the checkout's time: mutmut makes a module's mutants
        # again only when its file is newer than them, and a checkout's file (a commit
        # picked from elsewhere, a branch switched back) can be older.
        shutil.copyfile(source, target)
    # A module or test moved or deleted since: gone from both copies (mutmut's own,
    # `mutants/`, keeps every file it ever copied, and pytest would still collect it).
    for copy in (place, place / "mutants"):
        for old in (copy / "companion", copy / "tests"):
            for path in old.rglob("*.py"):
                if str(path.relative_to(copy)) not in wanted:
                    path.unlink()
    beside = sorted({relative.split("/")[0] for relative in wanted} - {"companion", "tests"})
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8") + settings(only, beside)
    (place / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    shared = ROOT.parent / "shared"
    link = place / "shared"
    if shared.is_dir() and not link.exists():
        link.symlink_to(shared)
    return place


def own_temp(place: Path) -> Path:
    """A temporary folder inside the scratch copy, emptied now: each mutant's pytest ends
    with `os._exit`, so what its tests leave in the temporary folder is never removed
    (thousands of folders piled up in /tmp), and here it goes with the scratch copy."""
    temp = place / "tmp"
    shutil.rmtree(temp, ignore_errors=True)
    temp.mkdir(parents=True)
    return temp


def mutmut(place: Path, *args: str, quiet: bool = True) -> subprocess.CompletedProcess[str]:
    binary = Path(sys.executable).parent / "mutmut"
    return subprocess.run([str(binary), *args], cwd=place, text=True, capture_output=quiet,
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1",
                               "TMPDIR": str(own_temp(place))})


CAUGHT = {1, 3, 24, -24, 36, 37, 152, 255, -9, -11}
"""mutmut's exit codes for a mutant the tests caught: a test failed, the run crashed, or
it ran past its time limit and was stopped (-9, -11: mutmut calls it a segfault)."""
MISSED = {0: "survived", 5: "reached by no test", 33: "reached by no test"}


def own(module: str) -> str:
    """How the names of `module`'s own mutants begin. mutmut names a mutant by module and
    function (`companion.rules.story.x_told__mutmut_3`, methods `xǁClassǁ…`): a package's
    name is followed by its modules', a module's only by its functions' (`x`), so a
    package's `__init__` is told apart from the modules beside it."""
    whole_package = module in {f"companion.{name}" for name in PACKAGES}
    return module + ("." if whole_package else ".x")


def codes(meta: Path) -> dict[str, int | None]:
    """mutmut's result per mutant of one module (None: not tried yet), from its `.meta`."""
    found: dict[str, int | None] = json.loads(meta.read_text())["exit_code_by_key"]
    return found


def results(place: Path, module: str) -> tuple[list[str], list[str]]:
    """The mutants of `module` (a dotted prefix) the tests caught, and those they missed."""
    caught: list[str] = []
    missed: list[str] = []
    for meta in sorted((place / "mutants").rglob("*.py.meta")):
        for name, code in codes(meta).items():
            if not name.startswith(own(module)):
                continue
            if code in CAUGHT:
                caught.append(name)
            elif code in MISSED:
                missed.append(name)
    return caught, missed


def forget_missed(place: Path, modules: list[str]) -> int:
    """Forget which mutants of `modules` the tests missed, so they are tried again:
    mutmut keeps a mutant's result until its function changes, and a new test that
    kills it changes no function."""
    forgotten = 0
    for meta in (place / "mutants").rglob("*.py.meta"):
        data = json.loads(meta.read_text())
        codes: dict[str, int | None] = data["exit_code_by_key"]
        for name, code in codes.items():
            if code in MISSED and any(name.startswith(own(m)) for m in modules):
                codes[name] = None
                forgotten += 1
        meta.write_text(json.dumps(data))
    return forgotten


def run(place: Path, modules: list[str], children: int, show: bool) -> None:
    """Try every mutant of `modules`, then tell each its share of mutants caught."""
    done = mutmut(place, "run", "--max-children", str(children),
                  *(f"{own(m)}*" for m in modules), quiet=False)
    if done.returncode != 0:
        raise SystemExit(f"mutmut stopped (exit {done.returncode}) before trying the mutants "
                         f"of {', '.join(modules)}: see its output above")
    for module in modules:
        caught, missed = results(place, module)
        total = len(caught) + len(missed)
        percent = 100 * len(caught) / total if total else 100.0
        print(f"{module}: {len(caught)} of {total} mutants caught ({percent:.1f} %)")
        if show:
            for mutant in missed:
                print(mutmut(place, "show", mutant).stdout)


def changed(base: str) -> list[str]:
    """The files of the deciding packages' modules that differ from `base`."""
    out = subprocess.run(["git", "diff", "--name-only", base, "--", "companion"], cwd=ROOT,
                         check=True, capture_output=True, text=True).stdout
    paths = [path for path in out.split() if path.endswith(".py") and (ROOT / path).is_file()
             and path.split("/")[1] in PACKAGES]
    return paths


def package_of(name: str) -> str | None:
    """The deciding package `name` is, or holds as a module file; None for anything else."""
    if name in PACKAGES:
        return name
    parts = name.split("/")
    if (len(parts) >= 3 and parts[0] == "companion" and parts[1] in PACKAGES
            and name.endswith(".py") and (ROOT / name).is_file()):
        return parts[1]
    return None


def dotted(path: str) -> str:
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("packages", nargs="*", metavar="PACKAGE",
                        help=f"packages under companion/ to mutate ({', '.join(PACKAGES)}), "
                             "or modules of them (companion/rules/story.py)")
    parser.add_argument("--changed", metavar="BASE",
                        help="mutate the modules changed since this git revision")
    parser.add_argument("--survivors", action="store_true",
                        help="print each change no test caught")
    parser.add_argument("--again", action="store_true",
                        help="try again the mutants the tests missed last time (after "
                             "adding tests: mutmut keeps results until the code changes)")
    parser.add_argument("--children", type=int, default=os.cpu_count() or 2,
                        help="tests run side by side (default: one per core)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.packages if package_of(name) is None]
    if unknown:
        parser.error(f"no package {', '.join(unknown)}: choose among {', '.join(PACKAGES)}, "
                     "or name a module of one (companion/rules/story.py)")
    if not args.packages and not args.changed:
        parser.error("name a package or give --changed BASE")
    for name in args.packages:
        package = package_of(name) or name
        # A module is tried in its package's scratch copy: the package's other results
        # and the tests' timings are kept, and only that module's mutants run.
        place = prepare(package, [f"companion/{package}/*"])
        modules = [f"companion.{package}" if name in PACKAGES else dotted(name)]
        if args.again:
            forget_missed(place, modules)
        run(place, modules, args.children, args.survivors)
    if args.changed:
        touched = changed(args.changed)
        if not touched:
            print(f"No module of {', '.join(PACKAGES)} changed since {args.changed}.")
            return 0
        place = prepare("changed", touched)
        if args.again:
            forget_missed(place, [dotted(path) for path in touched])
        run(place, [dotted(path) for path in touched], args.children, args.survivors)
    return 0


if __name__ == "__main__":
    sys.exit(main())
