"""Run store code in a real, separate Python process, optionally without privileges.

Permission tests need a process the mode bits apply to. Root ignores them, so when the
tests run as root the child runs through `setpriv` with every capability dropped: still
uid 0 (so it can reach the interpreter), but bound by permissions like any owner.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
NO_PRIVILEGES = ["setpriv", "--bounding-set=-all", "--inh-caps=-all",
                 "--securebits=+noroot,+noroot_locked,+no_setuid_fixup", "--"]


def env() -> dict[str, str]:
    result = dict(os.environ)
    result["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(HERE)])
    result["PYTHONDONTWRITEBYTECODE"] = "1"
    return result


def can_drop_privileges() -> bool:
    return not AS_ROOT or shutil.which("setpriv") is not None


def run(code: str, *args: str, unprivileged: bool = False, timeout: float = 60
        ) -> subprocess.CompletedProcess[str]:
    """Run `code` with `args` in sys.argv[1:], without root's powers if `unprivileged`."""
    prefix = NO_PRIVILEGES if unprivileged and AS_ROOT else []
    return subprocess.run(
        [*prefix, sys.executable, "-c", textwrap.dedent(code), *args],
        cwd=ROOT, env=env(), capture_output=True, text=True, timeout=timeout,
    )


def result(done: subprocess.CompletedProcess[str]) -> Any:
    """The JSON the child printed last, failing with its stderr if it crashed."""
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])
