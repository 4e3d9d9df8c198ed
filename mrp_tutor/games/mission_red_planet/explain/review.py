"""The post-game review: a learner's most costly decisions, judged from the learner's view.

Each decision the learner made is kept as the learner saw it (:class:`Decision`: their view,
their options, their choice; :func:`decision` takes it from the game, through ``view_for``
only).  After the game :func:`review` asks the search bot
(:mod:`mrp_tutor.games.mission_red_planet.engine.search`) at
every such decision which option it likes best; where that is not the learner's, a second
search compares the two options head to head (both get a fair share of the sampled games),
and the cost is the difference of their sampled win shares.  The three most costly decisions
come back in words: what the learner did, what would have been better, the estimated chances,
one sentence on why (:func:`.coach.reason`) and the rule of the decision.

Nothing here reads a state: the search samples the hidden cards from the view, as the hint
does, so a review cannot name a card the learner did not see.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.search import search
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.explain.coach import reason
from mrp_tutor.games.mission_red_planet.explain.options import describe_intent

#: search iterations at each decision to find the option the search likes best
REVIEW_ITERATIONS = 120
#: search iterations comparing the learner's choice with that option
DUEL_ITERATIONS = 120
#: a difference of win share below this is noise, not a costly decision
MIN_COST = 0.04


@dataclass(frozen=True)
class Decision:
    """One decision of the learner, as the learner saw it."""

    view: Mapping[str, Any]
    options: tuple[I.Intent, ...]
    chosen: I.Intent
    step: int  # events in the log before it (orders the decisions; Back drops later ones)


@dataclass(frozen=True)
class Costly:
    """A decision that cost the learner: what they did, what the search preferred."""

    step: int
    round: int
    did: str
    better: str
    did_chance: float  # share of the sampled games won after the learner's choice
    better_chance: float
    reason: str  # why the better option (from the view)
    rule: str | None
    games: int  # sampled games behind the two chances

    @property
    def cost(self) -> float:
        return self.better_chance - self.did_chance


def decision(spec: GameSpec, state: Any, seat: str, options: Sequence[I.Intent],
             chosen: I.Intent, step: int) -> Decision:
    """The learner's decision about to be played on ``state``, kept as ``seat`` sees it."""
    from mrp_tutor.games.mission_red_planet.engine.views import view_for

    return Decision(view_for(spec, state, seat), tuple(options), chosen, step)


def judge(spec: GameSpec, d: Decision, *, seed: int = 0, iterations: int | None = None,
          duel: int | None = None, stop: Callable[[], bool] | None = None) -> Costly | None:
    """The cost of one decision (None: the search agrees, a single option, or stopped);
    ``iterations``, ``duel``: default :data:`REVIEW_ITERATIONS`, :data:`DUEL_ITERATIONS`."""
    mine = [x for x in d.options if x.colour == d.chosen.colour]
    if len(mine) < 2 or d.chosen not in mine:
        return None
    rng = random.Random(f"review:{seed}:{d.step}")
    res = search(spec, dict(d.view), mine, rng, iterations=iterations or REVIEW_ITERATIONS,
                 seconds=None, stop=stop)
    best = res.choice
    if best == d.chosen or (stop is not None and stop()):
        return None
    head = search(spec, dict(d.view), [best, d.chosen], rng,
                  iterations=duel or DUEL_ITERATIONS, seconds=None, stop=stop)
    stats = {o.intent: o for o in head.options}
    a, b = stats.get(best), stats.get(d.chosen)
    if a is None or b is None or not a.visits or not b.visits:
        return None
    rule = (d.view.get("decision") or {}).get("rule")
    return Costly(d.step, int(d.view.get("round") or 0),
                  describe_intent(spec, d.chosen, d.view), describe_intent(spec, best, d.view),
                  b.wins, a.wins, reason(spec, d.view, best), rule, a.visits + b.visits)


def review(
    spec: GameSpec, decisions: Sequence[Decision], *, seed: int = 0, top: int = 3,
    iterations: int | None = None, duel: int | None = None,
    stop: Callable[[], bool] | None = None, progress: Callable[[int, int], None] | None = None,
) -> list[Costly]:
    """The learner's ``top`` most costly decisions (largest cost first; only those costing at
    least :data:`MIN_COST`).  ``stop()`` ends early with the decisions judged so far;
    ``progress(done, total)`` is called after each decision."""
    found: list[Costly] = []
    for i, d in enumerate(decisions):
        if stop is not None and stop():
            break
        c = judge(spec, d, seed=seed, iterations=iterations, duel=duel, stop=stop)
        if c is not None and c.cost >= MIN_COST:
            found.append(c)
        if progress is not None:
            progress(i + 1, len(decisions))
    found.sort(key=lambda c: (-c.cost, c.step))
    return found[:top]
