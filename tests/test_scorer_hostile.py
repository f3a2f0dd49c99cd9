"""`companion score` never crashes: whatever the bytes, exit 0 with JSON or exit 2 with
one line on stderr, never a traceback (exit 1).

The cases are the audit's (nesting a thousand deep, numbers of thousands of digits, a
line break in a name, a key given twice, bytes that are not UTF-8, a pipe or a device
named as the file), then random JSON values and random bytes by hypothesis. The command
runs in-process through `companion.cli.main` for speed; two runs are real processes.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main

FUZZ = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])


class _Stdin:
    def __init__(self, raw: bytes) -> None:
        self.buffer = io.BytesIO(raw)


def score(raw: bytes, *args: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of `companion score` given `raw` on standard input."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = _Stdin(raw)  # type: ignore[assignment]
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["score", *(args or ["-"])])
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def assert_answered(code: int, out: str, err: str) -> None:
    """The command's contract: a JSON result, or one line saying what is wrong."""
    assert "Traceback" not in err
    if code == 0:
        assert err == ""
        json.loads(out)
    else:
        assert code == 2
        assert out == ""
        assert err.endswith("\n") and err.count("\n") == 1, err
        # No control character: nothing that breaks the line or drives the terminal.
        assert not any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")
                       for c in err[:-1]), repr(err)


def refused(raw: bytes, *args: str) -> str:
    code, out, err = score(raw, *args)
    assert_answered(code, out, err)
    assert code == 2
    return err.rstrip("\n")


NORAM = b'{"empire": "Noram States", '


@pytest.mark.parametrize(("raw", "message"), [
    (b"[" * 1000 + b"]" * 1000, "standard input: lists and objects nested 1000 deep"),
    (b"[" * 200_000, "standard input: lists and objects nested 200000 deep"),
    (b'{"table": [{"built": [{"card": {"a": [[[[[[[[[[[[[[[]]]]]]]]]]]]]]]}}]}]}',
     "nested 21 deep; at most 16"),
    (NORAM + b'"generals": ' + b"9" * 5000 + b"}", "a number in it has thousands of digits"),
    (NORAM + b'"generals": ' + b"9" * 3000 + b"}",
     "input.generals is a number of about 3000 digits; no game has more than 1000"),
    (NORAM + b'"built": [{"card": 1, "count": -' + b"9" * 4000 + b"}]}",
     "input.built[0].count cannot be negative (a number of about 4000 digits)"),
    (NORAM + b'"built": [' + b"7" * 4000 + b"]}",
     "input.built[0]: a number of about 4000 digits is not a card number"),
    (NORAM + b'"built": ["' + b"7" * 5000 + b'"]}',
     "input.built[0] is 5000 characters long; no name is longer than 200"),
    (NORAM + "\"built\": [\"\u00b2\"]}".encode(), 'input.built[0]: "²" is not a card number'),
    (NORAM + b'"generals": 1e999}', "input.generals must be a whole number, not Infinity"),
    (NORAM + b'"generals": NaN}', "NaN is not a number JSON allows"),
    (b'{"empire": "Noram\\nStates"}',
     "input.empire contains the invisible character U+000A; names are printed text"),
    (b'{"empire": "Foo\\nBar"}', "input.empire contains the invisible character U+000A"),
    (NORAM + b'"built": ["Zep\\u001b[31mpelin"]}', "input.built[0] contains the invisible "
     "character U+001B"),
    (NORAM + "\"built\": [\"\u202eZeppelin\"]}".encode(), "U+202E"),
    (NORAM + b'"built": ["\\ud800"]}', "U+D800"),
    (NORAM + b'"a\\nb": 1}', "a field name in input contains the invisible character U+000A"),
    (b'{"empire": "A", "empire": "B"}',
     'standard input: the key "empire" appears twice in one object'),
    (b'{"table": [{"empire": "Aztec Empire", "face": "B", "face": "A"}, {}]}',
     'the key "face" appears twice'),
    (b'{"empire": "Noram \xff States"}', "standard input: not UTF-8 text (a bad byte at "
     "position 18)"),
    (b" " * (2**20 + 1), "The input is larger than 1048576 bytes"),
    (b"", "standard input: not valid JSON (Expecting value at line 1, column 1)"),
    (b'"Noram States"', "input must be a JSON object"),
    (NORAM + b'"built": [' + b"1, " * 300 + b"1]}", "input.built lists 301 cards"),
    (json.dumps({"empire": "Noram States"} | {f"x{i}": 1 for i in range(1000)}).encode(),
     "input has unknown fields x0, x1, x10, x100, x101, …; allowed:"),
    (NORAM + b'"scenario": ["' + b"a" * 150 + b'"]}', 'Unknown scenario ["aaaaaaaa'),
])
def test_hostile_input_is_one_line_and_exit_2(raw: bytes, message: str) -> None:
    assert message in refused(raw)


def test_a_byte_order_mark_is_allowed() -> None:
    code, out, err = score(b"\xef\xbb\xbf" + NORAM + b'"face": "B", "generals": 3}')
    assert (code, err) == (0, "")
    assert json.loads(out)["score"]["total"] == 3


def test_files_that_are_no_regular_file(tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    assert refused(b"", str(folder)) == f"{folder} cannot be read: it is a folder, not a " \
                                        "regular file."
    large = tmp_path / "large.json"
    large.write_bytes(b" " * (2**20 + 1))
    assert refused(b"", str(large)) == f"{large} is larger than 1 MB: it is not a file this " \
                                       "app reads."
    assert refused(b"", str(tmp_path / "missing.json")).startswith("Cannot read ")
    duplicated = tmp_path / "twice.json"
    duplicated.write_bytes(b'{"empire": "Aztec Empire", "empire": "Noram States"}')
    assert refused(b"", str(duplicated)).startswith(f"{duplicated}: the key \"empire\"")
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe"
        os.mkfifo(fifo)
        assert refused(b"", str(fifo)) == f"{fifo} cannot be read: it is a named pipe " \
                                          "(FIFO), not a regular file."
    if Path("/dev/zero").exists():
        assert refused(b"", "/dev/zero") == "/dev/zero cannot be read: it is a device, not " \
                                            "a regular file."


def test_real_processes_answer_a_pipe_and_deep_nesting_in_one_line(tmp_path: Path) -> None:
    """What a shell sees: no traceback, no wait on a pipe with no writer."""
    runs = [([], b"[" * 1000 + b"]" * 1000)]
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe")
        runs.append(([str(tmp_path / "pipe")], b""))
    for args, stdin in runs:
        done = subprocess.run([sys.executable, "-m", "companion", "score", *args],
                              input=stdin, capture_output=True, timeout=60, check=False)
        assert done.returncode == 2, done.stderr
        assert done.stdout == b"" and done.stderr.count(b"\n") == 1, done.stderr


# --- fuzzing -------------------------------------------------------------------------

NAMES = st.sampled_from(["Noram States", "Aztec Empire", "États du Noram", "Zeppelin",
                         "Aircraft Carrier", "Harbor Zone", "A", "B", "C", "base-1", "18"])
PRINTED = st.text(st.characters(exclude_categories=("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")),
                  max_size=20)
"""Mostly names that could be printed, so the fuzzing goes past the first check."""
SCALARS = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
           | PRINTED | st.text(max_size=20) | NAMES)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(PRINTED | NAMES, inner, max_size=4),
                      max_leaves=20)
KEYS = st.sampled_from(["empire", "face", "players", "built", "generals", "financiers",
                        "krystallium", "scenario", "variant_faces", "card", "count", "table"])
COUNTS = st.integers(-3, 10) | st.integers(0, 3) | st.integers() | VALUES
ENTRY = (NAMES | st.integers(-2, 250) | st.fixed_dictionaries(
    {"card": NAMES | st.integers(0, 250), "count": COUNTS}) | VALUES)
PLAYER = st.fixed_dictionaries(
    {"empire": NAMES | VALUES},
    optional={"face": st.sampled_from(["A", "B", "C", "f", ""]) | VALUES,
              "built": st.lists(ENTRY, max_size=6) | VALUES,
              "generals": COUNTS, "financiers": COUNTS, "krystallium": COUNTS,
              "players": COUNTS, "scenario": NAMES | VALUES,
              "variant_faces": st.booleans() | VALUES})
SMALL = st.integers(0, 12)
LIKELY = st.fixed_dictionaries(
    {"empire": st.sampled_from(["Noram States", "Aztec Empire", "Panafrican Union",
                                "North Hegemony", "États du Noram"])},
    optional={"face": st.sampled_from(["A", "B", "b", "C"]),
              "built": st.lists(st.integers(1, 220) | st.sampled_from(
                  ["Zeppelin", "Aircraft Carrier", "Harbor Zone", "Icebreaker", "18"])
                  | st.fixed_dictionaries({"card": st.integers(1, 220), "count": SMALL}),
                  max_size=12),
              "generals": SMALL, "financiers": SMALL, "krystallium": SMALL,
              "players": st.integers(1, 3), "scenario": st.sampled_from(["base-1", "ca-5"]),
              "variant_faces": st.booleans()})
"""Players that are often valid, so the fuzzing reaches the scoring and the box rules."""
INPUTS = (LIKELY | st.fixed_dictionaries({"table": st.lists(LIKELY, min_size=2, max_size=4)})
          | PLAYER | st.fixed_dictionaries({"table": st.lists(PLAYER, max_size=8) | VALUES},
                                          optional={"variant_faces": st.booleans()})
          | st.dictionaries(KEYS, VALUES, max_size=5) | VALUES)


def _answered(data: Any) -> None:
    assert_answered(*score(json.dumps(data, ensure_ascii=False).encode("utf-8",
                                                                         "surrogatepass")))


@FUZZ
@given(INPUTS)
def test_fuzzed_json_is_answered(data: Any) -> None:
    _answered(data)


@FUZZ
@given(st.binary(max_size=200) | st.builds(lambda a, b: a + b, st.sampled_from(
    [NORAM, b'{"table": [', b"[" * 30, b'{"empire": "\\u']), st.binary(max_size=60)))
def test_fuzzed_bytes_are_answered(raw: bytes) -> None:
    assert_answered(*score(raw))
