"""A real, non-editable install works: the wheel carries its data and its commands.

Tests that import `companion` from the checkout cannot tell whether `assets/` and
`scenarios/` made it into the wheel, nor whether the console script is declared, so
this one builds the wheel, installs it into a fresh virtual environment (dependencies
from the package index, as a newcomer would get them) and runs the installed commands
from a folder outside the repository.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rulebook import SIMON_TOTAL, simon_input

from companion.usecases.scorer import score_input

ROOT = Path(__file__).resolve().parent.parent

SIMON = simon_input()  # 62 points (the rulebooks' example)


def _run(args: list[str | Path], cwd: Path, timeout: float = 300,
         stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run outside the checkout, with nothing pointing Python back at it."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME",
                                                              "VIRTUAL_ENV")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return subprocess.run([str(a) for a in args], cwd=cwd, env=env, input=stdin,
                          capture_output=True, text=True, timeout=timeout, check=False)


def _ok(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, (
        f"{' '.join(result.args)} exited {result.returncode}\n{result.stdout}\n{result.stderr}"
    )
    return result.stdout


@pytest.mark.slow
def test_wheel_installs_into_a_fresh_venv_and_scores_from_anywhere(tmp_path: Path) -> None:
    venv, wheels, elsewhere = tmp_path / "venv", tmp_path / "wheels", tmp_path / "elsewhere"
    elsewhere.mkdir()
    _ok(_run([sys.executable, "-m", "venv", venv], cwd=tmp_path, timeout=120))
    bindir = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / ("python.exe" if os.name == "nt" else "python")

    _ok(_run([python, "-m", "pip", "wheel", "--no-deps", "-q", "-w", wheels, ROOT],
             cwd=tmp_path))
    (wheel,) = wheels.glob("wonderful_companion-*.whl")
    _ok(_run([python, "-m", "pip", "install", "-q", wheel], cwd=tmp_path))

    # The package imported is the installed copy, not the checkout.
    location = _ok(_run([python, "-c", "import companion; print(companion.__file__)"],
                        cwd=elsewhere)).strip()
    assert Path(location).resolve().is_relative_to(venv.resolve()), location
    assert not Path(location).resolve().is_relative_to(ROOT)

    (elsewhere / "simon.json").write_text(json.dumps(SIMON), encoding="utf-8")
    command = bindir / ("companion.exe" if os.name == "nt" else "companion")
    output = json.loads(_ok(_run([command, "score", "simon.json"], cwd=elsewhere)))
    assert output["score"]["total"] == SIMON_TOTAL
    assert output == score_input(SIMON), "the installed app scores unlike the checkout"

    # Card names are found from the wheel's data too: a typo gets suggestions, exit 2.
    typo = _run([command, "score", "-"], cwd=elsewhere, timeout=60,
                stdin='{"empire": "Noram States", "built": ["Wind Turbine"]}')
    assert typo.returncode == 2
    assert "Wind Turbines" in typo.stderr and typo.stdout == ""

    usage = _ok(_run([python, "-m", "companion", "--help"], cwd=elsewhere, timeout=60))
    assert "score" in usage
