"""Mutation testing, one package at a time: which mistakes in our code would no test notice?

    .venv/bin/python tools/mutate.py rules            # one package (or several)
    .venv/bin/python tools/mutate.py --changed main   # the modules a change touched
    .venv/bin/python tools/mutate.py rules --survivors  # and each surviving change

mutmut changes the code one small way at a time (a comparison flipped, a number moved by
one, a branch dropped) and runs the tests that reach the changed function; a change no
test notices is a mistake the tests would let through. Each package runs in a scratch
copy of its own, `.mutation/<package>/`, so that two can run side by side and a second
run only tries what changed since the first. The browser tests are left out: they cannot
run in mutmut's forked workers, and what they reach is held by the screen tests below.
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
    "tests/test_cli.py::test_score_imports_neither_flet_nor_the_store_nor_another_command",
    "tests/test_count_messages.py::test_every_plural_fills_in_0_1_and_2",
    "tests/test_i18n.py::test_english_plurals_have_the_same_placeholders",
    "tests/test_i18n.py::test_every_template_is_translated",
    "tests/test_install.py",
    "tests/test_layers.py::test_no_file_over_600_lines",
)
"""Tests of the source text itself (its messages, its length, its imports, its wheel): in
mutmut's copy every function sits beside its mutants, so they read mutants, not code."""
TESTS = ["-m", "not browser", "-p", "no:cacheprovider", "-q",
         *(arg for test in READ_OUR_SOURCE for arg in ("--deselect", test))]
"""The whole suite but the browser tests, which cannot run in mutmut's forked workers."""


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
        shutil.copy2(source, target)
    for old in (place / "companion", place / "tests"):
        for path in old.rglob("*.py"):
            if str(path.relative_to(place)) not in wanted:
                path.unlink()
    beside = sorted({relative.split("/")[0] for relative in wanted} - {"companion", "tests"})
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8") + settings(only, beside)
    (place / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    shared = ROOT.parent / "shared"
    link = place / "shared"
    if shared.is_dir() and not link.exists():
        link.symlink_to(shared)
    return place


def mutmut(place: Path, *args: str) -> subprocess.CompletedProcess[str]:
    binary = Path(sys.executable).parent / "mutmut"
    return subprocess.run([str(binary), *args], cwd=place, text=True, capture_output=True,
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})


def score(place: Path) -> dict[str, int]:
    mutmut(place, "export-cicd-stats")
    stats: dict[str, int] = json.loads((place / "mutants" / "mutmut-cicd-stats.json").read_text())
    return stats


def survivors(place: Path) -> list[str]:
    lines = mutmut(place, "results").stdout.splitlines()
    return [line.strip().split(":")[0] for line in lines if line.strip().endswith(": survived")
            or line.strip().endswith(": no tests")]


def run(name: str, only: list[str], children: int, show: bool) -> dict[str, int]:
    place = prepare(name, only)
    done = subprocess.run([str(Path(sys.executable).parent / "mutmut"), "run",
                           "--max-children", str(children)], cwd=place)
    if done.returncode:
        print(f"{name}: mutmut stopped with exit code {done.returncode}", file=sys.stderr)
    stats = score(place)
    tested = stats["total"] - stats["skipped"]
    caught = stats["killed"] + stats["timeout"]
    percent = 100 * caught / tested if tested else 100.0
    print(f"{name}: {caught} of {tested} mutants caught ({percent:.1f} %), "
          f"{stats['survived']} survived, {stats['no_tests']} reached by no test")
    if show:
        for mutant in survivors(place):
            print(mutmut(place, "show", mutant).stdout)
    return stats


def changed(base: str) -> list[str]:
    out = subprocess.run(["git", "diff", "--name-only", base, "--", "companion"], cwd=ROOT,
                         check=True, capture_output=True, text=True).stdout
    return [path for path in out.split() if path.endswith(".py") and (ROOT / path).is_file()
            and path.split("/")[1] in PACKAGES]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("packages", nargs="*", metavar="PACKAGE",
                        help=f"packages under companion/ to mutate: {', '.join(PACKAGES)}")
    parser.add_argument("--changed", metavar="BASE",
                        help="mutate the modules changed since this git revision")
    parser.add_argument("--survivors", action="store_true",
                        help="print each change no test caught")
    parser.add_argument("--children", type=int, default=os.cpu_count() or 2,
                        help="tests run side by side (default: one per core)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.packages if name not in PACKAGES]
    if unknown:
        parser.error(f"no package {', '.join(unknown)}: choose among {', '.join(PACKAGES)}")
    jobs = [(package, [f"companion/{package}/*"]) for package in args.packages]
    if args.changed:
        modules = changed(args.changed)
        if not modules:
            print(f"No module of {', '.join(PACKAGES)} changed since {args.changed}.")
            return 0
        jobs.append(("changed", modules))
    if not jobs:
        parser.error("name a package or give --changed BASE")
    for name, only in jobs:
        run(name, only, args.children, args.survivors)
    return 0


if __name__ == "__main__":
    sys.exit(main())
