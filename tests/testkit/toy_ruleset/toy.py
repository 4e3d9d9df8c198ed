"""A toy ruleset: countdown from 1 up to 9, and tied majorities take nothing.

It exists to show that a ruleset plugs in as one data folder (``data/toy``: the base data
plus its two rules) and this module, without touching the engine's phases or effects.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from mrp_tutor.games.mission_red_planet.engine.rulesets import register
from mrp_tutor.games.mission_red_planet.engine.rulesets.base import Rules
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState


@register
class Toy(Rules):
    """Standard seating and scoring; ascending countdown; tied tokens stay in the zone."""

    name: ClassVar[str] = "toy"
    summary: ClassVar[str] = "test ruleset: countdown 1 -> 9, tied majorities take nothing"
    source: ClassVar[str] = "tests/testkit/toy_ruleset (not a published ruleset)"
    data: ClassVar[str] = "toy"
    data_dir: ClassVar[Path | None] = Path(__file__).resolve().parent / "data"
    rule_ids: ClassVar[dict[str, str]] = {"round.countdown": "toy.countdown_ascending",
                                          "production.leftover": "toy.ties_stay"}

    def countdown(self, spec: GameSpec, s: GameState) -> list[str]:
        # the standard order is 9 -> 1 with ties clockwise; reverse the numbers, keep the ties
        rank = {ch: i for i, ch in enumerate(reversed(spec.countdown))}
        seating = super().countdown(spec, s)
        return sorted(seating, key=lambda c: rank[s.seats[c].chosen or ""])

    def tied_share(self, s: GameState, tokens: int, leaders: int) -> int:
        return 0
