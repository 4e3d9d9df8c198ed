"""Typed errors of the engine.

Every error carries a stable ``code``, the ``rule`` id it enforces and a ``detail``
mapping with the facts that made it fail.  User-facing sentences come from
:func:`mrp_tutor.explain.explain_error`; ``str(err)`` is for developers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class MrpError(Exception):
    """Base class of every error the engine raises on purpose."""

    def __init__(
        self, code: str, rule: str | None, message: str, detail: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(f"[{code}] {message}")
        self.code = code
        self.rule = rule
        self.message = message
        self.detail: dict[str, Any] = dict(detail or {})


class ContentError(MrpError, ValueError):
    """A data or scenario file is wrong.  ``problems`` lists every problem found."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = list(problems)
        text = f"{source}: {len(problems)} problem(s):\n" + "\n".join(f"  - {p}" for p in problems)
        super().__init__("content_invalid", None, text, {"source": source, "problems": problems})


class MalformedIntent(MrpError, ValueError):
    """An intent that does not have the right shape (unknown type, missing field, bad id)."""


class IllegalIntent(MrpError, ValueError):
    """A well-formed intent that the rules forbid in the current position."""


class NotYourDecision(IllegalIntent):
    """The intent names a colour that has no decision to make now."""


class WrongPhase(IllegalIntent):
    """The intent belongs to another part of the round."""


class GameOver(IllegalIntent):
    """The game has ended; no more intents are accepted."""
