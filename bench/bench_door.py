"""The door of a shared app: how many wrong access codes a guesser gets checked.

The app is started as a host starts it for the phones at a table (`python -m companion
--no-browser --share --host 127.0.0.1`, its code in the COMPANION_CODE environment
variable, or with `--old`, given with `--code` as earlier builds took it), on its own
port and an empty data folder. Then, from this computer:

- **forged**: for `--seconds` (30), wrong codes as fast as `--threads` (4) connections
  send them, each request claiming another client address in `X-Forwarded-For`. A
  server that believed the header would count every request as a new client.
- **rotating**: `--addresses` (1,100) real client addresses (Linux answers the whole of
  127.0.0.0/8 on the loopback, so each connection is bound to its own 127.x.y.z), five
  wrong codes from each, one after the other: what a guesser with many addresses on the
  network gets, and whether the door's memory of addresses can be worn out.

For each: wrong codes checked and refused (401), answers to wait (429: the first of a
wait is the wrong code that started it, checked too; the others were not checked), and
the time taken. Target: at most 20 checked a minute, from everywhere together. A code is
8 symbols of 31 (about 8.5 × 10^11 codes): at 20 checks a minute, finding it takes on
average about 40,000 years.

Run from the repository root: `python bench/bench_door.py` (`--old` for a build that
still takes `--code`). Not part of the tests: the numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CODE = "K7QM4XPD"
WRONG = "WRONG{:04d}"


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start(old: bool, data: Path, log: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COMPANION_CODE": CODE}
    args = [sys.executable, "-m", "companion", "--no-browser", "--share", "--host",
            "127.0.0.1", "--port", str(port), "--data-dir", str(data)]
    if old:
        args += ["--code", CODE]
    with log.open("wb") as out:
        process = subprocess.Popen(args, cwd=ROOT, env=env, stdout=out,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the app stopped:\n{log.read_text(errors='replace')}")
        if re.search(r"http://\S+", log.read_text(errors="replace")):
            return process, port
        time.sleep(0.1)
    raise SystemExit("the app did not start within 60 s")


def ask(connection: http.client.HTTPConnection, number: int,
        headers: dict[str, str]) -> int:
    connection.request("GET", "/?code=" + WRONG.format(number % 10_000), headers=headers)
    answer = connection.getresponse()
    answer.read()
    return answer.status


def forged(port: int, seconds: float, threads: int) -> tuple[Counter[int], float]:
    counts: Counter[int] = Counter()
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def guess() -> None:
        mine: Counter[int] = Counter()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        number = 0
        while time.monotonic() < stop:
            fake = ".".join(str(random.randint(1, 254)) for _ in range(4))
            mine[ask(connection, number, {"X-Forwarded-For": fake})] += 1
            number += 1
        connection.close()
        with lock:
            counts.update(mine)

    began = time.monotonic()
    workers = [threading.Thread(target=guess) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return counts, time.monotonic() - began


def rotating(port: int, addresses: int) -> tuple[Counter[int], float]:
    counts: Counter[int] = Counter()
    began = time.monotonic()
    for index in range(addresses):
        source = f"127.{10 + index // 62500}.{index // 250 % 250}.{index % 250 + 2}"
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10,
                                                source_address=(source, 0))
        for number in range(5):
            counts[ask(connection, index * 5 + number, {})] += 1
        connection.close()
    return counts, time.monotonic() - began


TARGET = 20
"""Wrong codes checked a minute at most, from all addresses together."""


def report(name: str, counts: Counter[int], took: float) -> None:
    checked = counts.get(401, 0)
    other = {k: v for k, v in counts.items() if k not in (401, 429)}
    allowed = TARGET * max(1.0, took / 60)
    print(f"{name:>9}: {checked:>7} answered 401, {counts.get(429, 0):>7} answered 429"
          f"{f', other {other}' if other else ''}, in {took:.1f} s "
          f"(target: at most {TARGET} a minute) "
          f"{'PASS' if checked <= allowed and not other else 'MISS'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", action="store_true", help="give the code with --code")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--addresses", type=int, default=1100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        for test in ("forged", "rotating"):  # each on a fresh server: no wait carried over
            process, port = start(args.old, Path(scratch) / test, Path(scratch) / f"{test}.log")
            try:
                if test == "forged":
                    report(test, *forged(port, args.seconds, args.threads))
                else:
                    report(test, *rotating(port, args.addresses))
            finally:
                os.killpg(process.pid, signal.SIGTERM)
                process.wait(timeout=20)


if __name__ == "__main__":
    main()
