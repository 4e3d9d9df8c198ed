"""Every error code the engine source can raise, with the rule ids it cites (read from the
source with ast: a refusal nobody wrote a sentence for shows up here)."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = (Path(__file__).resolve().parents[2] / "mrp_tutor" / "games" / "mission_red_planet"
          / "engine")
ERRORS = {"MrpError", "IllegalIntent", "MalformedIntent", "NotYourDecision", "WrongPhase",
          "GameOver"}


def engine_codes() -> dict[str, set[str | None]]:
    """(code -> rule ids) of every error the engine source can raise."""
    found: dict[str, set[str | None]] = {}
    for py in ENGINE.rglob("*.py"):
        tree = ast.parse(py.read_text())
        for node in ast.walk(tree):
            args: list[ast.expr] = []
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ERRORS:
                args = list(node.args)
            elif isinstance(node, ast.FunctionDef) and node.name.startswith("diagnose"):
                for fact in ast.walk(node):  # a refusal: (code, rule, sentence, facts)
                    if isinstance(fact, ast.Tuple) and len(fact.elts) == 4:
                        elts = fact.elts
                        if isinstance(elts[0], ast.Constant) and isinstance(elts[0].value, str):
                            found.setdefault(elts[0].value, set()).add(
                                elts[1].value if isinstance(elts[1], ast.Constant) else "?")
                continue
            if len(args) >= 2 and isinstance(args[0], ast.Constant):
                rule = args[1].value if isinstance(args[1], ast.Constant) else "?"
                found.setdefault(args[0].value, set()).add(rule)
    return found
