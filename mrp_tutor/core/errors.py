"""The error base shared by every game engine of the tutor.

Every error carries a stable ``code``, the ``rule`` id it enforces and a ``detail``
mapping with the facts that made it fail.  User-facing sentences come from each game's
explanation templates; ``str(err)`` is for developers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


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
        self.source = source
        self.problems = list(problems)
        text = f"{source}: {len(problems)} problem(s):\n" + "\n".join(f"  - {p}" for p in problems)
        super().__init__("content_invalid", None, text, {"source": source, "problems": problems})
