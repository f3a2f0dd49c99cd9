"""Benchmark of the command line's start: `companion score` next to a bare Python.

Run: `python bench/bench_cli.py` (from the repository root, with the project's Python;
`--quick` for fewer runs). `companion score` is meant to sit behind other tools, one
process per tableau, so most of its time is starting: the interpreter, the imports, the
card catalog. Starting the app's other commands (the store, Flet, the scenario files)
is not its business. Target (issue 12): at most 3× a bare `python3 -c "import json"`
of the same interpreter.

Each command is a fresh process, and the commands take turns run after run, so a busy
moment of the machine (2 shared cores) falls on all of them alike: the ratio of two
medians measured side by side is what the target is about, not a time measured alone.
`companion --version` and `companion --help` are shown for reference (no target).

Every process may write and read compiled bytecode, as an installed app does (pip
compiles a wheel's modules when it installs it): without it each start would compile
the app's sources again and the bench would time the compiler. It goes to a temporary
folder (PYTHONPYCACHEPREFIX), written by one warm-up run of each command, so the working
tree gets no __pycache__ folders and a PYTHONDONTWRITEBYTECODE set in the environment
does not change what is measured.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = 3.0
"""`companion score` may take at most this many times a bare Python start."""
INPUT = '{"empire": "Noram States", "face": "A", "built": ["Zeppelin", "Wind Turbines"]}\n'
"""A small valid tableau: the work is the start, not the scoring."""


def _run(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed: {done.stderr.decode(errors='replace')}")
    return elapsed


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:9.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs")
    parser.add_argument("--runs", type=int, help="runs of each command (default 40)")
    args = parser.parse_args()
    runs = args.runs or (10 if args.quick else 40)
    python = sys.executable
    # The console script sits next to the interpreter in the venv (bin/ or Scripts/).
    script = Path(python).with_name("companion")
    companion = [str(script)] if script.exists() else [python, "-m", "companion"]
    with tempfile.TemporaryDirectory() as folder:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "pycache")
        tableau = Path(folder) / "tableau.json"
        tableau.write_text(INPUT, encoding="utf-8")
        commands = {
            'python -c "import json"': [python, "-c", "import json"],
            "python -m companion score FILE": [python, "-m", "companion", "score", str(tableau)],
            "companion score FILE": [*companion, "score", str(tableau)],
            "companion --version": [*companion, "--version"],
            "companion --help": [*companion, "--help"],
        }
        times: dict[str, list[float]] = {label: [] for label in commands}
        for command in commands.values():  # warm the disk cache, write the bytecode
            _run(command, env)
        for _ in range(runs):
            for label, command in commands.items():
                times[label].append(_run(command, env))

    bare = statistics.median(times['python -c "import json"'])
    width = max(len(label) for label in commands)
    print(f"{runs} runs of each command, interleaved; {python}")
    print(f"{'command':<{width}}  {'min':>12}  {'median':>12}  {'× bare':>7}  target  result")
    misses: list[str] = []
    for label, found in times.items():
        median = statistics.median(found)
        ratio = median / bare
        verdict = target = ""
        if " score " in f"{label} ":
            target = f"≤ {TARGET:g}×"
            verdict = "PASS" if ratio <= TARGET else "MISS"
            if verdict == "MISS":
                misses.append(label)
        print(f"{label:<{width}}  {_ms(min(found))}  {_ms(median)}  {ratio:6.1f}×  "
              f"{target:>6}  {verdict}")
    print()
    print("all targets met" if not misses else "targets missed: " + "; ".join(misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
