"""``recall_cards``: automatic; the ruleset decides what a recall does."""

from __future__ import annotations

from .. import content as C
from ..core import Out
from ..rulesets import rules_of
from ..spec import GameSpec
from ..state import GameState
from .base import Effect


class Recall(Effect[C.RecallStep]):
    step = C.RecallStep
    starts = True

    def count(self, st: C.RecallStep) -> int:
        return 0

    def start(self, spec: GameSpec, s: GameState, out: Out, colour: str,
              st: C.RecallStep) -> None:
        rules_of(s).recall(spec, s, out, colour, st.rule)
