"""Small helpers for sentences a user reads (every game, the CLI and the app)."""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 astronaut``, ``2 astronauts``, ``1,200 games`` (``many`` for irregular plurals).

    >>> plural(1, "token"), plural(3, "chunk"), plural(2, "was", "were"), plural(1200, "game")
    ('1 token', '3 chunks', '2 were', '1,200 games')
    """
    return f"{n:,} {word if n == 1 else (many or word + 's')}"
