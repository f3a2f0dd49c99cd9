"""Every reason the rules give names a topic the rulebook has: a "?" never leads to a
missing page. Read from the code, so a new reason with an unknown topic fails here."""

from __future__ import annotations

import ast
from pathlib import Path

from companion.rules import reasons
from companion.shipped.rulebook import rulebook


def topics_named() -> set[str]:
    tree = ast.parse(Path(reasons.__file__).read_text(encoding="utf-8"))
    return {call.args[0].value for call in ast.walk(tree)
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
            and call.func.id == "Reason" and call.args
            and isinstance(call.args[0], ast.Constant)}


def test_every_reason_leads_to_a_rule_that_exists() -> None:
    named = topics_named()
    assert {"supremacy", "krystallium", "solo-rank", "solo-scenarios", "score"} <= named
    assert named <= {topic.id for topic in rulebook().topics}
