"""What the table's readings decide now: "Legal now" with every contested reading that shaped
it, and what the other reading would allow (issue 42, issue 36).

For each contested question of the ruleset (:mod:`..engine.readings`), the legal options are
computed under the reading the table plays and under the other one; where they differ, the
answer rests on that reading, and the difference is said in words.  Pure: no UI.
"""

from __future__ import annotations

from dataclasses import dataclass

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.legal import legal_intents
from mrp_tutor.games.mission_red_planet.engine.readings import (
    CONTESTED,
    Contested,
    asked,
    in_force,
)
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState
from mrp_tutor.games.mission_red_planet.explain.options import describe_intent

__all__ = ["LegalNow", "Shaped", "legal_now", "with_reading"]


@dataclass(frozen=True)
class Shaped:
    """A contested reading that shapes the options now."""

    contested: Contested
    rule: str        # the reading the table plays
    other_rule: str  # the reading it does not
    added: tuple[I.Intent, ...]    # what the other reading would also allow
    removed: tuple[I.Intent, ...]  # what the other reading would not allow


@dataclass(frozen=True)
class LegalNow:
    options: tuple[I.Intent, ...]
    shaped: tuple[Shaped, ...]


def with_reading(s: GameState, c: Contested, other: bool) -> GameState:
    """A copy of ``s`` whose table plays the other reading of ``c`` (or the tutor's)."""
    out = s.clone()
    chosen = set(out.readings)
    (chosen.add if other else chosen.discard)(c.other)
    out.readings = sorted(chosen)
    return out


def legal_now(spec: GameSpec, s: GameState) -> LegalNow:
    """The legal options now and the contested readings that shaped them."""
    options = legal_intents(spec, s)
    have = set(options)
    shaped: list[Shaped] = []
    for c in CONTESTED:
        if not asked(c, spec, s):
            continue
        rule = in_force(s, c)
        other_rule = c.tutor if rule == c.other else c.other
        alt = legal_intents(spec, with_reading(s, c, other_rule == c.other))
        alt_set = set(alt)
        added = tuple(i for i in alt if i not in have)
        removed = tuple(i for i in options if i not in alt_set)
        if added or removed:
            shaped.append(Shaped(c, rule, other_rule, added, removed))
    return LegalNow(tuple(options), tuple(shaped))


def difference_words(spec: GameSpec, sh: Shaped) -> str:
    """What the other reading would change, in words."""
    parts = []
    if sh.added:
        parts.append("would also allow: " + "; ".join(
            describe_intent(spec, i, who=True) for i in sh.added))
    if sh.removed:
        parts.append("would not allow: " + "; ".join(
            describe_intent(spec, i, who=True) for i in sh.removed))
    return "Under the other reading the answer " + ", and ".join(parts) + "."
