"""Every refusal says what is wrong as a `Refusal`, read from the code itself.

A test tells one refusal from another by its kind, never by its English words: so every
place that refuses must give one (a `Refusal` member, or the kind of the refusal it adds
its words to), and every kind must be one some refusal gives.
"""

from __future__ import annotations

import ast
import pickle
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.rules.errors import Refusal, Rejected
from companion.usecases.tables import SeatHeld

PACKAGE = Path(__file__).resolve().parents[2] / "companion"


def _subclasses(trees: dict[str, ast.Module]) -> dict[str, ast.ClassDef]:
    """Our subclasses of Rejected, by name (through other subclasses too)."""
    found: dict[str, ast.ClassDef] = {}
    known = {"Rejected"}
    changed = True
    while changed:
        changed = False
        for tree in trees.values():
            for node in ast.walk(tree):
                if (isinstance(node, ast.ClassDef) and node.name not in known
                        and any(isinstance(b, ast.Name) and b.id in known for b in node.bases)):
                    found[node.name] = node
                    known.add(node.name)
                    changed = True
    return found


def _handlers(tree: ast.Module) -> dict[ast.AST, set[str]]:
    """For each node, the names the refusals caught around it are bound to
    (`except Rejected as exc`)."""
    caught: dict[ast.AST, set[str]] = {}
    for handler in ast.walk(tree):
        if isinstance(handler, ast.ExceptHandler) and handler.name:
            for node in ast.walk(handler):
                caught.setdefault(node, set()).add(handler.name)
    return caught


def _kind_given(call: ast.Call, caught: set[str]) -> bool:
    """The first argument is a Refusal member, or a caught refusal's kind passed on."""
    if not call.args or isinstance(call.args[0], ast.Starred):
        return False
    first = call.args[0]
    if not isinstance(first, ast.Attribute) or not isinstance(first.value, ast.Name):
        return False
    if first.value.id == "Refusal":
        return first.attr in Refusal.__members__
    return first.attr == "kind" and first.value.id in caught


def refusals(sources: dict[str, str]) -> Iterator[tuple[str, bool]]:
    """Each place in `sources` (module -> text) that builds a refusal, as "module:line",
    and whether it gives a kind. A subclass with its own __init__ is checked where it
    calls Rejected's; one without, where it is called."""
    trees = {module: ast.parse(text) for module, text in sources.items()}
    subclasses = _subclasses(trees)
    own_init = {name for name, cls in subclasses.items()
                if any(isinstance(n, ast.FunctionDef) and n.name == "__init__"
                       for n in cls.body)}
    for module, tree in trees.items():
        caught = _handlers(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            called = func.id if isinstance(func, ast.Name) else None
            if called == "Rejected" or (called in subclasses and called not in own_init):
                yield f"{module}:{node.lineno}", _kind_given(node, caught.get(node, set()))
        for name in own_init & {n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}:
            for node in ast.walk(subclasses[name]):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr == "__init__"):
                    yield f"{module}:{node.lineno}", _kind_given(node, set())


def _package_sources() -> dict[str, str]:
    return {path.relative_to(PACKAGE.parent).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(PACKAGE.rglob("*.py"))}


SOURCES = _package_sources()


def test_the_checker_sees_a_refusal_without_a_kind() -> None:
    """The checks below find what they look for (else passing proves nothing)."""
    sample = (
        "class Held(Rejected):\n"
        "    def __init__(self, name):\n"
        "        super().__init__('{name} holds it', name=name)\n"
        "class Quiet(Rejected): ...\n"
        "def refuse(value):\n"
        "    raise Rejected('No {value}', value=value)\n"
        "def named():\n"
        "    raise Rejected(Refusal.UNKNOWN_CARD, 'No such card')\n"
        "def mistyped():\n"
        "    raise Rejected(Refusal.NO_SUCH_KIND, 'No such card')\n"
        "def passed_on():\n"
        "    try:\n"
        "        named()\n"
        "    except Rejected as exc:\n"
        "        raise Rejected(exc.kind, 'Here: {reason}', reason=str(exc)) from None\n"
        "def made_up(other):\n"
        "    raise Rejected(other.kind, 'Not caught here')\n"
        "returned = Quiet('No kind')\n"
    )
    assert dict(refusals({"m": sample})) == {
        "m:3": False, "m:6": False, "m:8": True, "m:10": False, "m:15": True,
        "m:17": False, "m:18": False}


def test_every_refusal_gives_its_kind() -> None:
    found = dict(refusals(SOURCES))
    assert len(found) > 150, "the checker no longer finds the package's refusals"
    assert sorted(place for place, kind_given in found.items() if not kind_given) == []


def test_every_kind_is_given_by_some_refusal() -> None:
    given = {node.attr for module, text in SOURCES.items()
             if module != "companion/rules/errors.py"
             for node in ast.walk(ast.parse(text))
             if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
             and node.value.id == "Refusal"}
    assert sorted(set(Refusal.__members__) - given) == []


@pytest.mark.parametrize("error", [
    Rejected(Refusal.NOT_HELD, "You hold {held} Krystallium, not {count}", held=1, count=2),
    SeatHeld("Ann"),
], ids=["rejected", "a subclass"])
def test_a_refusal_survives_pickling_with_its_kind(error: Rejected) -> None:
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert (copy.kind, copy.template, copy.params, str(copy)) == (
        error.kind, error.template, error.params, str(error))
