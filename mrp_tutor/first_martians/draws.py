"""Recorded randomness: every draw is entered by the table or made by a seeded generator.

Draw number ``n`` of a state with seed ``s`` always gives the same value (the generator is
``random.Random`` seeded from ``(s, n)``), and every draw becomes a ``draw_made`` event,
so a round replays exactly from its events without any generator.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from .errors import FmError
from .events import DrawMade
from .state import HubState


class Draws:
    """The draws of one intent: table-entered values first (by kind), then seeded ones."""

    def __init__(self, state: HubState, entered: Mapping[str, Sequence[Any]] | None = None):
        self.state = state
        self.entered = {k: list(v) for k, v in (entered or {}).items()}
        self.count = state.draws

    def draw(self, kind: str, choices: Sequence[Any], rule: str, what: str) -> DrawMade:
        """Draw one of ``choices``; raises FmError when a table-entered value is not one."""
        if not choices:
            raise FmError("fm.draw_empty", rule, f"nothing to draw for {what}", {"kind": kind})
        queue = self.entered.get(kind)
        if queue:
            value = queue.pop(0)
            if value not in choices:
                raise FmError("fm.draw_not_possible", rule,
                              f"{value!r} cannot be drawn for {what}; possible: "
                              f"{', '.join(map(str, choices))}",
                              {"kind": kind, "value": value, "choices": list(choices)})
            return DrawMade(rule=rule, kind=kind, what=what, value=value, by="table",
                            number=None)
        rng = random.Random(f"{self.state.seed}:{self.count}")
        value = choices[rng.randrange(len(choices))]
        self.count += 1
        return DrawMade(rule=rule, kind=kind, what=what, value=value, by="seeded",
                        number=self.count)
