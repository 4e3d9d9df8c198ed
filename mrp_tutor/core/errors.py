"""The error base shared by every game engine of the tutor.

Every error carries a stable ``code``, the ``rule`` id it enforces and a ``detail``
mapping with the facts that made it fail.  User-facing sentences come from each game's
explanation templates; ``str(err)`` is for developers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mrp_tutor.core.words import plural


class MrpError(Exception):
    """Base class of every error the tutor's engines raise on purpose (any game)."""

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
        self.source = _clip(source, 200)
        self.problems = [_clip(p, 400) for p in problems[:MAX_PROBLEMS]]
        if len(problems) > MAX_PROBLEMS:
            self.problems.append(f"and {plural(len(problems) - MAX_PROBLEMS, 'more problem')}")
        source, problems = self.source, self.problems
        text = (f"{source}: {plural(len(problems), 'problem')}:\n"
                + "\n".join(f"  - {p}" for p in problems))
        super().__init__("content_invalid", None, text, {"source": source, "problems": problems})


MAX_PROBLEMS = 100  # a hostile file can break one rule a million times: list the first ones


def _clip(text: str, limit: int) -> str:
    """A sentence cut in its middle when a quoted value made it long (the located start and
    the cited rule at the end stay)."""
    return text if len(text) <= limit else f"{text[: limit - 120]} … {text[-100:]}"
