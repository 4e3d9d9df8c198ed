"""The post-game review: a learner's most costly decisions, judged from the learner's view.

Each decision the learner made is kept as the learner saw it (:class:`Decision`: their view,
their options, their choice; :func:`decision` takes it from the game, through ``view_for``
only).  After the game :func:`review` asks, at every such decision, the very hint the coach
gave or would have given there (:func:`.coach.hints`: the same fixed budget, seeded from the
same view, so the same answer).  A choice that was the hint's first, or about equal to it
(within the noise), is never flagged: the review agrees with the coach.  Otherwise a duel of
:data:`DUEL_ITERATIONS` (ten times the old duel's 120, shared equally between the two options:
the search's sequential halving) compares the choice with the hint's first head to head; the
decision is a candidate when the gap is larger than the noise of that duel (and at least
:data:`MIN_COST`).  The largest candidates are judged again by a second duel seeded apart
before they are shown: a cost chosen as the largest of many duels carries their luck.  The
second duel is :data:`CONFIRM_RUNS` separate searches of :data:`CONFIRM_ITERATIONS` games
each, pooled: one search's games share its tree, so how well it plays on after each move is
itself a draw, and only separate runs show how far that moves the chances.  Each chance is
shown with a 95 % range holding both its games' noise and its runs' spread, and a decision is
shown only when its gap is larger than that (``benchmarks/review.py`` compares the costs
shown with duels of ten times the budget).

Every search is seeded from the decision's view (public data): the verdicts do not depend on
the game's secret seed, nor on the machine or its load.  Nothing here reads a state: the
search samples the hidden cards from the view, as the hint does, so a review cannot name a
card the learner did not see.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.search import (
    OptionStat,
    finish,
    search_steps,
    view_rng,
)
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.explain.coach import (
    HINT_ITERATIONS,
    Z95,
    hints_steps,
    interval,
    option_reason,
    within_noise,
)
from mrp_tutor.games.mission_red_planet.explain.options import describe_intent

#: search iterations at each decision: the hint's own budget (the same search as the hint)
REVIEW_ITERATIONS = HINT_ITERATIONS
#: search iterations of the duel between the learner's choice and the hint's first
DUEL_ITERATIONS = 1200
#: search iterations of each run of the second duel that re-judges a candidate before it is
#: shown (the figures shown pool its runs)
CONFIRM_ITERATIONS = DUEL_ITERATIONS
#: independent runs of the second duel, seeded apart.  One search's games are not independent
#: of each other: they share its tree, so how well it plays on after each move is itself a
#: draw, and two searches of the same position can differ by more than their games' noise
#: (``benchmarks/review_depth.py``: four 1,200-game duels of one decision, costs 0.15-0.27
#: where one duel's games give a standard error of 0.028; over 13 decisions the runs' spread
#: was 0.4-2.0 times the games' own).  Only the spread of separate runs measures that.
CONFIRM_RUNS = 3
#: the 97.5 % quantile of Student's t by degrees of freedom (the spread of ``n`` runs has
#: ``n - 1``): the range of a mean of few runs is wider than 1.96 of their standard errors
T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
        9: 2.262}
#: a difference of win share below this is not a costly decision, even beyond the noise
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
    #: the 95 % ranges of the two chances
    did_range: tuple[float, float] = (0.0, 1.0)
    better_range: tuple[float, float] = (0.0, 1.0)
    #: the hint's first, the option the choice was compared with (a second duel re-judges it)
    better_intent: I.Intent | None = None
    #: the rule ``reason`` rests on (None: ``rule``, the decision's)
    reason_rule: str | None = None

    @property
    def cost(self) -> float:
        return self.better_chance - self.did_chance


def decision(spec: GameSpec, state: Any, seat: str, options: Sequence[I.Intent],
             chosen: I.Intent, step: int) -> Decision:
    """The learner's decision about to be played on ``state``, kept as ``seat`` sees it."""
    from mrp_tutor.games.mission_red_planet.engine.views import view_for

    return Decision(view_for(spec, state, seat), tuple(options), chosen, step)


def judge(spec: GameSpec, d: Decision, *, iterations: int | None = None,
          duel: int | None = None, stop: Callable[[], bool] | None = None,
          salt: str = "duel") -> Costly | None:
    """The cost of one decision (None: the choice was the hint's first or about equal to it, a
    single option, a gap within the noise, or stopped); ``iterations``, ``duel``: default
    :data:`REVIEW_ITERATIONS`, :data:`DUEL_ITERATIONS`; ``salt`` seeds the duel (from the
    view: :func:`review` confirms a candidate with a second, independent duel)."""
    return finish(judge_steps(spec, d, iterations=iterations, duel=duel, stop=stop, salt=salt))


def judge_steps(spec: GameSpec, d: Decision, *, iterations: int | None = None,
                duel: int | None = None, stop: Callable[[], bool] | None = None,
                pause: float | None = None,
                salt: str = "duel") -> Generator[int, None, Costly | None]:
    """:func:`judge` in slices of ``pause`` seconds (the browser: no threads), the same cost."""
    mine = [x for x in d.options if x.colour == d.chosen.colour]
    if len(mine) < 2 or d.chosen not in mine:
        return None
    shown, _ = yield from hints_steps(spec, d.view, d.options, stop=stop, pause=pause,
                                      iterations=iterations or REVIEW_ITERATIONS)
    if stop is not None and stop():
        return None
    if not shown or shown[0].chance is None or shown[0].intent.colour != d.chosen.colour:
        return None
    best = shown[0].intent
    if best == d.chosen or any(h.intent == d.chosen and h.about_equal for h in shown):
        return None  # the hint's first, or about equal to it: never flagged
    # no short cut on the hint's own figures: an option the hint tried little (dropped
    # early) has wide noise there, so the duel, with equal effort for both, decides
    cost: Costly | None = yield from duel_steps(spec, d, best, duel or DUEL_ITERATIONS, salt,
                                                stop, pause)
    return cost


def duel_cost(spec: GameSpec, d: Decision, best: I.Intent, games: int, salt: str,
              stop: Callable[[], bool] | None = None, runs: int = 1) -> Costly | None:
    """The learner's choice against ``best`` head to head: ``games`` played-out games split
    equally between the two (the search's sequential halving with two options), seeded from
    the view and ``salt``, in ``runs`` separate searches (:func:`duel_steps`); None when the
    choice did as well or the gap is within the noise."""
    return finish(duel_steps(spec, d, best, games, salt, stop, runs=runs))


def duel_steps(spec: GameSpec, d: Decision, best: I.Intent, games: int, salt: str,
               stop: Callable[[], bool] | None = None, pause: float | None = None,
               runs: int = 1) -> Generator[int, None, Costly | None]:
    """:func:`duel_cost` in slices of ``pause`` seconds, the same cost; ``runs`` (the second
    duel: :data:`CONFIRM_RUNS`): that many duels of ``games`` games each, seeded apart (the
    first from ``salt``, the others from ``salt`` and their number), pooled by
    :func:`pooled`, so that the ranges shown hold how far separate runs disagree."""
    pair = [best, d.chosen]
    figures: list[tuple[OptionStat, OptionStat]] = []
    for run in range(runs):
        gen = view_rng(d.view, pair, salt if run == 0 else f"{salt}{run + 1}")
        head = yield from search_steps(spec, dict(d.view), pair, gen, iterations=games,
                                       seconds=None, stop=stop, pause=pause, halving=True)
        if stop is not None and stop():
            return None
        by = {o.intent: o for o in head.options}
        a, b = by.get(best), by.get(d.chosen)
        if a is None or b is None or not a.visits or not b.visits:
            return None
        figures.append((a, b))
    if runs == 1:
        a, b = figures[0]
        if a.wins <= b.wins or within_noise(a, b):
            return None  # the choice did as well, or the gap is within the noise
        better = (a.wins, a.visits, interval(a.wins, a.visits))
        did = (b.wins, b.visits, interval(b.wins, b.visits))
    else:
        better, did = pooled([a for a, _ in figures]), pooled([b for _, b in figures])
        if better[0] - did[0] <= noise(better[2], did[2]):
            return None  # the pooled gap is within the noise, the runs' spread included
    rule = (d.view.get("decision") or {}).get("rule")
    why = option_reason(spec, d.view, best)  # the very words of the hint about it
    return Costly(d.step, int(d.view.get("round") or 0),
                  describe_intent(spec, d.chosen, d.view), describe_intent(spec, best, d.view),
                  did[0], better[0], "" if why is None else why.text, rule,
                  better[1] + did[1], did[2], better[2], best,
                  None if why is None else why.rule)


def pooled(runs: Sequence[OptionStat]) -> tuple[float, int, tuple[float, float]]:
    """One option's figures over separate runs: the share of all their games won, the games,
    and its 95 % range: the wider of the games' own (:func:`.coach.interval`) and the runs'
    spread (the mean of the runs' shares +- Student's t of their standard error, so that few
    runs that happen to agree are not taken as certain)."""
    games = sum(o.visits for o in runs)
    chance = sum(o.wins * o.visits for o in runs) / games
    lo, hi = interval(chance, games)
    if len(runs) > 1:
        mean = sum(o.wins for o in runs) / len(runs)
        var = sum((o.wins - mean) ** 2 for o in runs) / (len(runs) - 1)
        half = T975.get(len(runs) - 1, Z95) * math.sqrt(var / len(runs))
        lo, hi = max(0.0, min(lo, mean - half)), min(1.0, max(hi, mean + half))
    return chance, games, (lo, hi)


def noise(a: tuple[float, float], b: tuple[float, float]) -> float:
    """The noise of the gap between two chances with 95 % ranges ``a`` and ``b`` (their half
    widths combined as independent errors): a gap is beyond the noise when larger."""
    return math.hypot((a[1] - a[0]) / 2, (b[1] - b[0]) / 2)


def review(
    spec: GameSpec, decisions: Sequence[Decision], *, top: int = 3,
    iterations: int | None = None, duel: int | None = None, confirm: int | None = None,
    stop: Callable[[], bool] | None = None, progress: Callable[[int, int], None] | None = None,
) -> list[Costly]:
    """The learner's ``top`` most costly decisions (largest cost first; only those costing at
    least :data:`MIN_COST` and more than the noise).  ``stop()`` ends early with the
    decisions judged so far; ``progress(done, total)`` is called after each decision.

    Two stages, so that the costs shown are not the luckiest of many duels (picking the 3
    largest of ~40 noisy costs picks their noise too): every decision is judged
    (:func:`judge`), then the candidates, largest first, are judged again by a second duel
    seeded apart (salt ``confirm``): :data:`CONFIRM_RUNS` searches of ``confirm`` games each
    (:data:`CONFIRM_ITERATIONS`), pooled, until ``top`` of them hold; what is shown is the
    second duel's figures, which took no part in the choosing."""
    return finish(review_steps(spec, decisions, top=top, iterations=iterations, duel=duel,
                               confirm=confirm, stop=stop, progress=progress))


def review_steps(
    spec: GameSpec, decisions: Sequence[Decision], *, top: int = 3,
    iterations: int | None = None, duel: int | None = None, confirm: int | None = None,
    stop: Callable[[], bool] | None = None, progress: Callable[[int, int], None] | None = None,
    pause: float | None = None,
) -> Generator[int, None, list[Costly]]:
    """:func:`review` in slices of ``pause`` seconds (the browser: no threads), the same
    decisions found."""
    found: list[tuple[Costly, Decision]] = []
    for i, d in enumerate(decisions):
        if stop is not None and stop():
            break
        c = yield from judge_steps(spec, d, iterations=iterations, duel=duel, stop=stop,
                                   pause=pause)
        if c is not None and c.cost >= MIN_COST:
            found.append((c, d))
        if progress is not None:
            progress(i + 1, len(decisions))
    found.sort(key=lambda cd: (-cd[0].cost, cd[0].step))
    out: list[Costly] = []
    for c, d in found:
        if len(out) >= top or (stop is not None and stop()):
            break
        assert c.better_intent is not None
        again = yield from duel_steps(spec, d, c.better_intent, confirm or CONFIRM_ITERATIONS,
                                      "confirm", stop, pause, CONFIRM_RUNS)
        if again is not None and again.cost >= MIN_COST:
            out.append(again)
    out.sort(key=lambda c: (-c.cost, c.step))
    return out
