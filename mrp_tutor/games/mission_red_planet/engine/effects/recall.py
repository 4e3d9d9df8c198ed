"""``recall_cards``: automatic; the ruleset decides what a recall does."""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine.basics import Out
from mrp_tutor.games.mission_red_planet.engine.effects.base import Effect
from mrp_tutor.games.mission_red_planet.engine.rulesets import rules_of
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState


class Recall(Effect[C.RecallStep]):
    step = C.RecallStep
    starts = True

    def count(self, st: C.RecallStep) -> int:
        return 0

    def start(self, spec: GameSpec, s: GameState, out: Out, colour: str,
              st: C.RecallStep) -> None:
        rules_of(s).recall(spec, s, out, colour, st.rule)
