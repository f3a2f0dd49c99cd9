"""Switch a module's mutants on, one at a time, against the tests you name: did a new
test kill them?

    .venv/bin/python tools/try_mutants.py companion/store/marks.py survived -- tests/store
    .venv/bin/python tools/try_mutants.py companion/store/marks.py all -- tests/store/folder
    .venv/bin/python tools/try_mutants.py companion/store/marks.py '~x_survives' -- tests/store
    .venv/bin/python tools/try_mutants.py companion/store/marks.py x_alive__mutmut_1

mutmut keeps, per function, the tests it found reaching it in its last run, and a test
written since may never be run against a mutant; a whole run again costs a package's
every survivor. This runs the mutants `tools/mutate.py` made of one module (made first
if there are none) against the tests of today's checkout, as mutmut does: the mutated
module in a copy of the checkout (one per run, so two runs can share the cores),
`MUTANT_UNDER_TEST` naming the mutant, pytest stopped at the first failure. Which
mutants: `survived` (those the last run missed), `untried`, `all`, `~text` (the names
holding text) or names separated by commas. It prints each mutant no test caught; a
mutant that runs past `--timeout` is caught (it loops), and named, as a busy machine can
make a whole run that long: raise `--timeout` and try it again.

Narrow tests first (a mutant caught by them is caught), then the survivors against
the wider ones: each mutant costs a pytest start.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import mutate

ROOT = mutate.ROOT
MISSED = set(mutate.MISSED)


def mutants_of(path: str) -> Path:
    """The mutated copy of `path` in its package's scratch copy, made again when missing or
    when the module changed since."""
    package = mutate.package_of(path)
    if package is None or package == path:
        raise SystemExit(f"{path}: name a module of {', '.join(mutate.PACKAGES)}, as "
                         "companion/store/marks.py")
    place = mutate.SCRATCH / package
    mutated = place / "mutants" / path
    copied = place / path
    # Mutants of an older version of the module would try code the checkout no longer has.
    stale = not copied.is_file() or copied.read_bytes() != (ROOT / path).read_bytes()
    if stale or not (mutated.with_name(mutated.name + ".meta")).is_file():
        place = mutate.prepare(package, [f"companion/{package}/*"])
        subprocess.run([sys.executable, "-c", "from mutmut.__main__ import create_mutants;"
                        f" create_mutants({os.cpu_count() or 1})"], cwd=place, check=True)
    return mutated


def chosen(mutated: Path, module: str, which: str) -> list[str]:
    codes = mutate.codes(mutated.with_name(mutated.name + ".meta"))
    if which in ("survived", "untried", "all"):
        return [name for name, code in codes.items()
                if which == "all" or (which == "survived" and code in MISSED)
                or (which == "untried" and code is None)]
    if which.startswith("~"):
        return [name for name in codes if which[1:] in name]
    return [name if name.startswith("companion.") else f"{module}.{name}"
            for name in which.split(",")]


def copy_checkout(path: str, mutated: Path) -> Path:
    """Today's checkout, with the one module mutated: its other modules and its tests
    stay as they are now."""
    place = mutate.SCRATCH / f"try-{os.getpid()}"
    shutil.rmtree(place, ignore_errors=True)
    for relative in mutate.tracked():
        target = place / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / relative, target)
    shutil.copyfile(mutated, place / path)
    # The tests read the reference beside the checkout (../shared), as in mutate.py.
    shared, link = ROOT.parent / "shared", place.parent / "shared"
    if shared.is_dir() and not link.exists():
        link.symlink_to(shared)
    return place


def outcome(name: str, args: list[str], timeout: float) -> int | str:
    """pytest's exit code with `name` switched on, in a child forked from this process
    (pytest and the test modules are imported once, before)."""
    child = os.fork()
    if child == 0:
        quiet = os.open(os.devnull, os.O_WRONLY)
        if name:
            os.dup2(quiet, 1)
            os.dup2(quiet, 2)
        os.environ["MUTANT_UNDER_TEST"] = name
        import pytest
        os._exit(int(pytest.main(args)))
    start = time.monotonic()
    while True:
        done, status = os.waitpid(child, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() - start > timeout:
            os.kill(child, signal.SIGKILL)
            os.waitpid(child, 0)
            return "ran past the time limit"
        time.sleep(0.02)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    own, tests = (argv[:argv.index("--")], argv[argv.index("--") + 1:]) if "--" in argv \
        else (argv, [])
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("module", help="a module of a deciding package: companion/store/marks.py")
    parser.add_argument("which", help="survived, untried, all, ~text, or names with commas")
    parser.add_argument("--timeout", type=float, default=300.0,
                        help="seconds after which a mutant counts as caught (it loops)")
    args = parser.parse_args(own)
    mutated = mutants_of(args.module)
    module = mutate.dotted(args.module)
    names = chosen(mutated, module, args.which)
    place = copy_checkout(args.module, mutated)
    try:
        return try_each(names, place, args.module, tests, args.timeout)
    finally:
        os.chdir(ROOT)
        shutil.rmtree(place, ignore_errors=True)


def try_each(names: list[str], place: Path, path: str, tests: list[str],
             timeout: float) -> int:
    os.chdir(place)
    sys.path.insert(0, str(place))
    os.environ["TMPDIR"] = tempfile.tempdir = str(mutate.own_temp(place))
    skipped = [arg for test in (*mutate.READ_OUR_SOURCE, *mutate.OWN_PROCESS)
               for arg in ("--deselect", test)]
    pytest_args = [*skipped, "-x", "-q", "-p", "no:cacheprovider", "-p", "no:hypothesispytest",
                   "-o", "addopts=", *(tests or ["tests", *mutate.TESTS])]
    import pytest  # noqa: F401  (once, before the forks)
    first = outcome("", pytest_args, timeout)
    if isinstance(first, str):
        raise SystemExit(f"With no mutant switched on the tests {first}: raise --timeout.")
    if first != 0:
        raise SystemExit("The tests fail with no mutant switched on: mend them first.")
    alive, slow = [], []
    for name in names:
        result = outcome(name, pytest_args, timeout)
        if result in (0, 5):
            alive.append(name)
            print(f"survived: {name}", flush=True)
        elif isinstance(result, str):  # a loop, or a busy machine: try it alone again
            slow.append(name)
            print(f"{result}: {name}", flush=True)
    print(f"{path}: {len(names) - len(alive)} of {len(names)} mutants caught"
          + (f", {len(slow)} of them by the time limit" if slow else ""))
    return 1 if alive else 0


if __name__ == "__main__":
    sys.exit(main())
