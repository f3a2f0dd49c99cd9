"""Damage probe: what a player meets after a damaged archive month (issue 34, item 2).

Run: `python tools/damage_probe.py` (from the repository root; `--cases N`, `--seed S`).

It builds one data folder the way days of play do (finished games in June and July 2025,
one in August, a daily backup at the start of each day, a game in progress), then, for
each case, a fresh copy with random damage in one archive month: one to three flipped
bits or the file cut short at a random length. Each case is tried twice:

- the app first: the folder is opened as the app opens it (`open_services`); then
  `companion export` and `companion check` run;
- the command line first: `companion export` on the damaged folder, then `check`.

- the app first again, in a folder without the games' own backups (kept by a version of
  the app that had none, or lost with them), where the previous version of July lacks
  its last game and no daily backup has it.

For each it reports whether the damage was found when the folder opened (a notice, the
file set aside, before any game of that month was read), the exit codes of export and
check (and, command line first, of check after `check --repair`), how many games the
export holds against the games the folder held, and how many games were lost (in no
export and not back in the store) and whether the player was told which month. A last
case damages both `ongoing.json` and `ongoing.json.prev`.

It uses only what the store and the command line offered before this probe was written,
so it runs unchanged against an older checkout (`git worktree`) to compare.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "store"))  # the store tests' sample games

from store_samples import play, record  # noqa: E402

from companion.cli import main  # noqa: E402
from companion.store import open_store  # noqa: E402

MONTHS = ("2025-06", "2025-07")
DAYS = [  # (the day played, the games finished that day: id, created)
    ("2025-06-28", [("june-05", "2025-06-05T18:00:00+00:00"),
                    ("june-28", "2025-06-28T18:00:00+00:00")]),
    ("2025-07-01", [("july-01", "2025-07-01T18:00:00+00:00")]),
    ("2025-07-03", [("july-03", "2025-07-03T18:00:00+00:00")]),
    ("2025-07-12", [("july-12", "2025-07-12T18:00:00+00:00"),
                    ("august-02", "2025-08-02T18:00:00+00:00")]),
]
IN_PROGRESS = ("open", "2025-07-12T20:00:00+00:00")


def _record(game_id: str, created: str, seed: int, finish: bool = True,
            limit: int = 120) -> dict[str, Any]:
    found = record(game_id, play(seed, limit=limit, finish=finish))
    return found | {"created": created, "updated": created.replace("T18", "T19")}


def build(folder: Path) -> list[str]:
    """The folder after the days of play; returns every game id it holds."""
    ids: list[str] = []
    seed = 0
    for day, games in DAYS:
        with open_store(folder) as store:  # the day's backup is made as it opens
            for game_id, created in games:
                store.save_game(_record(game_id, created, seed))
                ids.append(game_id)
                seed += 1
            if day == DAYS[-1][0]:
                game_id, created = IN_PROGRESS
                for moves in (2, 40, 60, 61):  # its start, then a move at a time
                    store.save_game(_record(game_id, created, 99, False, limit=moves))
                ids.append(game_id)
        today = folder / "backups" / date.today().isoformat()
        if today.is_dir():
            today.rename(folder / "backups" / day)
    return ids


def damaged(raw: bytes, rng: random.Random) -> tuple[bytes, str]:
    if rng.random() < 0.3:
        cut = rng.randrange(1, len(raw) - 1)
        return raw[:cut], f"cut at {cut} of {len(raw)} bytes"
    flips = rng.randint(1, 3)
    data = bytearray(raw)
    for _ in range(flips):
        at = rng.randrange(len(data))
        data[at] ^= 1 << rng.randrange(8)
    return bytes(data), f"{flips} bit(s) flipped"


def cli(folder: Path, *args: str) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            code = main(["--data-dir", str(folder), *args])
        except SystemExit as exc:  # an option this version does not have
            code = exc.code if isinstance(exc.code, int) else 2
    return code, err.getvalue()


@dataclass
class Outcome:
    found_at_open: bool = False
    export_code: int = -1
    exported: int = 0
    check_code: int = -1
    repaired_check_code: int = -1
    """`companion check --repair` (command line first only), then `companion check`."""
    lost: list[str] = field(default_factory=list)
    told: bool = False


def exported_ids(path: Path) -> set[str]:
    try:
        return {g["id"] for g in json.loads(path.read_bytes())["games"]}
    except (OSError, ValueError, KeyError):
        return set()


def held_ids(folder: Path) -> set[str]:
    """The games the store holds whole (its moves there), after everything ran."""
    with open_store(folder, read_only=True) as store:
        found = set()
        for summary in store.games():
            full = store.game(summary["id"])
            if full is not None and not full.get("actions_missing") and full.get("actions"):
                found.add(summary["id"])
        return found


def app_first(folder: Path, name: str, ids: list[str], out: Path) -> Outcome:
    from companion.usecases.services import open_services

    result = Outcome()
    services = open_services(str(folder))
    try:
        notices = services.backend.notices()
        aside = list((folder / "archive").glob(f"{name}.json.damaged-*"))
        result.found_at_open = bool(aside) and any(name in n for n in notices)
    finally:
        services.close()
    return finish(folder, ids, out, result, "\n".join(notices))


def cli_first(folder: Path, name: str, ids: list[str], out: Path) -> Outcome:
    result = Outcome()
    _, err = cli(folder, "history")
    result.found_at_open = name in err
    result = finish(folder, ids, out, result, err)
    cli(folder, "check", "--repair")
    result.repaired_check_code = cli(folder, "check")[0]
    return result


def finish(folder: Path, ids: list[str], out: Path, result: Outcome, told: str) -> Outcome:
    result.export_code, err = cli(folder, "export", str(out))
    told += err
    games = exported_ids(out)
    result.exported = len(games)
    result.check_code, _ = cli(folder, "check")
    held = held_ids(folder)
    result.lost = sorted(set(ids) - games - held)
    months = {"june": "June 2025", "july": "July 2025"}
    result.told = bool(result.lost) and all(months[game_id.split("-")[0]] in told
                                            for game_id in result.lost)
    return result


def both_ongoing(base: Path, ids: list[str], work: Path) -> str:
    folder = work / "ongoing"
    shutil.copytree(base, folder)
    for name in ("ongoing.json", "ongoing.json.prev"):
        path = folder / name
        raw = path.read_bytes()
        path.write_bytes(raw[: len(raw) // 2])
    codes = {command: cli(folder, command)[0] for command in ("history", "medals")}
    codes["export"] = cli(folder, "export", str(work / "ongoing-first.json"))[0]
    with open_store(folder) as store:
        told = " ".join(str(n) for n in store.notices)
        kept = store.game(IN_PROGRESS[0]) is not None
    check = cli(folder, "check")[0]
    return (f"both ongoing copies damaged: command line first {codes}; after opening, game"
            f" in progress kept: {kept}; check exit {check}; told: {told[:160]!r}")


def main_probe() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=27)
    parser.add_argument("--seed", type=int, default=34)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        work = Path(temp)
        base = work / "base"
        ids = build(base)
        rows: dict[str, list[Outcome]] = {}
        rng = random.Random(args.seed)
        ways = [("app first", app_first, True), ("command line first", cli_first, True),
                ("app first, no game backups", app_first, False)]
        for number in range(args.cases):
            name = rng.choice(MONTHS)
            path = Path("archive") / f"{name}.json"
            broken, how = damaged((base / path).read_bytes(), rng)
            for way, probe, own in ways:
                folder = work / f"case-{number}"
                shutil.copytree(base, folder)
                if not own:  # a folder kept by a version without them, or lost
                    shutil.rmtree(folder / "backups" / "games", ignore_errors=True)
                (folder / path).write_bytes(broken)
                out = work / f"out-{number}.json"
                out.unlink(missing_ok=True)
                found = probe(folder, name, ids, out)
                rows.setdefault(way, []).append(found)
                repaired = (f", after check --repair {found.repaired_check_code}"
                            if found.repaired_check_code >= 0 else "")
                print(f"{number:2} {name} {how:28} {way:28} found at open: "
                      f"{found.found_at_open!s:5} export exit {found.export_code}, "
                      f"{found.exported}/{len(ids)} games; check exit {found.check_code}"
                      f"{repaired}; lost {found.lost or 'none'}"
                      f"{' (told)' if found.told else ''}")
                shutil.rmtree(folder)
        print()
        for way, found in rows.items():
            total = len(found)
            print(f"{way}: found when the folder opened {sum(r.found_at_open for r in found)}"
                  f"/{total}; export exit 0 {sum(r.export_code == 0 for r in found)}/{total}"
                  f" (exit 2: {sum(r.export_code == 2 for r in found)}); export holds every"
                  f" game {sum(r.exported == len(ids) for r in found)}/{total}; check passes"
                  f" after {sum(r.check_code == 0 for r in found)}/{total}"
                  + (f" (after check --repair:"
                     f" {sum(r.repaired_check_code == 0 for r in found)}/{total})"
                     if way == "command line first" else "")
                  + f"; games lost {sum(len(r.lost) for r in found)} in"
                  f" {sum(bool(r.lost) for r in found)} cases, the loss told in words in"
                  f" {sum(r.told for r in found)}")
        print(both_ongoing(base, ids, work))


if __name__ == "__main__":
    main_probe()
