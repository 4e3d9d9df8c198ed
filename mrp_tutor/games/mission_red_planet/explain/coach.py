"""The coach: the best options of a seated learner, in words, with a chance and a reason.

:func:`hints` runs the search bot (:mod:`mrp_tutor.games.mission_red_planet.engine.search`) from
the learner's view and returns the options it tried most, each with its estimated chance to
win (the share of the played-out games won after it, with a 95 % interval), whether it is
about equal to the first (the difference within the noise), one sentence on what it does
(:mod:`.reasons`: true of the position, with the rule it rests on) and the decision's rule.

The search shares its games out by sequential halving at the root (``search(halving=True)``):
the options it compares had equal effort, so a chance is not inflated by the games UCB would
have given its favourite (``benchmarks/coach.py``).  The same position gets the same advice:
the search has a fixed iteration budget (:data:`HINT_ITERATIONS`) and its generator is
seeded from the learner's view and options
(:func:`~mrp_tutor.games.mission_red_planet.engine.search.view_rng`), never from the game's
secret seed or the clock.

Everything here is computed from the view (``view_for`` of the learner's colour): a hint
cannot name a card the learner does not see.  The search samples the hidden cards, but only
the options' statistics leave it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.search import (
    OptionStat,
    SearchResult,
    finish,
    search_steps,
    view_rng,
)
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.explain.card_story import card_story
from mrp_tutor.games.mission_red_planet.explain.options import describe_intent
from mrp_tutor.games.mission_red_planet.explain.reasons import Reason, told_of, why

#: iterations (played-out games) of a hint: a fixed amount of work, so the same position gets
#: the same hint on any machine under any load
HINT_ITERATIONS = 3000
#: the normal quantile of the 95 % intervals shown
Z95 = 1.96
#: what a chance means, in a learner's words (shown under the hints)
CHANCE_MEANING = (
    "A chance is the share of the games the coach played out from what you see in which you "
    "won after that choice (in each game its search chose the next moves, each player's as "
    "best for that player but for others' secret choices, and a quick rule played the rest; "
    "the hidden cards guessed anew each game). The range after it is where the true share "
    "most likely lies (95 %). Two options are compared after the same number of games each "
    "(an option the coach dropped early had fewer), so the figures compared are shown when "
    "they differ from the final ones. An option marked about equal to the first won so nearly"
    " as often that these games cannot tell the two apart: either is a sound choice. With "
    "many options the first is also the luckiest of them, so it takes a larger gap before "
    "another is said to have won less often.")


@dataclass(frozen=True)
class Hint:
    """One recommended option: its words, chance to win with its interval, reason and rules."""

    intent: I.Intent
    words: str
    #: share of the sampled games won after it (None: not searched, a single option)
    chance: float | None
    visits: int
    reason: str
    #: the decision's rule
    rule: str | None
    #: the rule the reason rests on (None: the decision's)
    reason_rule: str | None = None
    #: the 95 % interval of ``chance`` (None with it)
    low: float | None = None
    high: float | None = None
    #: within the noise of the first hint's chance (the first hint itself: True)
    about_equal: bool = False
    #: the figures the first and this option were compared by, when not those shown: the
    #: games each had then, the first's share and this one's (:func:`equal_effort`)
    compared: tuple[int, float, float] | None = None


def interval(p: float, n: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a share ``p`` of ``n`` games."""
    if n <= 0:
        return 0.0, 1.0
    z2 = Z95 * Z95
    mid = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def likely(low: float, high: float) -> str:
    """A 95 % range in whole per cents, rounded outwards (0 of 1,500 games won: "0%–1%", not
    "0%–0%", which would claim a certainty the games do not give)."""
    return f"{math.floor(low * 100 + 1e-9)}%–{math.ceil(high * 100 - 1e-9)}%"


def z_of(rivals: int) -> float:
    """The normal quantile of a 95 % comparison of the first option with each of its
    ``rivals`` at once (Bonferroni: each at 5 % / rivals, two-sided; one rival: 1.96).  The
    first is the best-looking of several noisy figures, so it is also the luckiest of them:
    of ten equal options, the best-looking beats a given other one by more than 1.96 standard
    errors of the difference in about 13 % of searches (2.5 % with two options; about 2 %
    with this quantile: 200,000 draws of ten equal normal figures).  A gap larger than one
    comparison's noise is not yet a sign that the first is better (Hsu's multiple comparisons
    with the best, with Bonferroni's bound)."""
    if rivals <= 1:
        return Z95
    return NormalDist().inv_cdf(1 - 0.05 / (2 * rivals))


def within_noise(a: OptionStat, b: OptionStat, rivals: int = 1) -> bool:
    """True when the win shares of ``a`` and ``b`` differ by no more than the noise
    (:func:`z_of` ``rivals`` standard errors of the difference: 1.96 for two options; each
    share's error from the share pulled one game towards a half, so that 0 of 5 is not taken
    as certain)."""
    if not a.visits or not b.visits:
        return True

    def var(o: OptionStat) -> float:  # a share of 0 or 1 of few games is not certain
        p = (o.wins * o.visits + 1) / (o.visits + 2)
        return p * (1 - p) / o.visits

    return abs(a.wins - b.wins) <= z_of(rivals) * math.sqrt(var(a) + var(b))


def about_equal(res: SearchResult, first: I.Intent, other: I.Intent) -> bool:
    """True when ``other`` cannot be told from ``first`` by the search ``res``: their figures
    after the same number of games (:func:`equal_effort`) within the noise of the first of
    all the options searched (:func:`within_noise` with every other option a rival)."""
    return within_noise(*equal_effort(res, first, other), rivals=max(1, len(res.options) - 1))


def equal_effort(res: SearchResult, a: I.Intent, b: I.Intent) -> tuple[OptionStat, OptionStat]:
    """The figures of options ``a`` and ``b`` when they last had the same number of games:
    the last halving round both were in (:attr:`~.search.SearchResult.rounds`), else their
    final figures.  An option dropped early had fewer games, and a search plays better after
    the options it tries more (its subtree grows), so comparing its figures with the final
    figures of one tried ten times as often would count that effort as its worth."""
    for row in reversed(res.rounds):
        by = {o.intent: o for o in row}
        if a in by and b in by:
            return by[a], by[b]
    final = {o.intent: o for o in res.options}
    return final[a], final[b]


def compared(res: SearchResult, first: OptionStat, other: OptionStat
             ) -> tuple[int, float, float] | None:
    """The figures :func:`about_equal` compares ``other`` with ``first`` by (games each, the
    first's share, the other's), when they are not the final ones shown (None): the page then
    shows them, so that a mark is read against the figures it rests on."""
    a, b = equal_effort(res, first.intent, other.intent)
    if (a.visits, a.wins, b.visits, b.wins) == (first.visits, first.wins, other.visits,
                                                other.wins):
        return None
    return min(a.visits, b.visits), a.wins, b.wins


def ranked(res: SearchResult, top: int) -> list[OptionStat]:
    """The ``top`` most tried options, ordered by the chance shown (highest first; ties: the
    more tried first)."""
    return sorted(res.options[:top], key=lambda o: (-o.wins, -o.visits))


def _search_words(first: bool, equal: bool) -> str:
    if first:
        return "Of these options, it won the largest share of the games played out from here."
    if equal:
        return "It won about as often as the first option in the games played out from here."
    return "It won less often than the first option in the games played out from here."


def option_reason(spec: GameSpec, view: Mapping[str, Any], it: I.Intent,
                  story: bool = True) -> Reason | None:
    """The reason a hint gives for ``it`` (and the review for the hint's first): a character
    choice, what the card did in the played-out games won after it (:func:`.card_story`;
    ``story=False``: no game is played, the card's rule only); any other option, what it does
    in this position (:func:`.reasons.why`).  The reasons say "you" of the colour deciding:
    for a colour the learner plays but is not (the 2-player variant's neutral colour) they are
    told of that colour (:func:`.reasons.told_of`)."""
    r = (card_story(spec, view, it) if story and isinstance(it, I.ChooseCharacter)
         else why(spec, view, it))
    if r is None or it.colour == view.get("viewer"):
        return r
    return Reason(told_of(r.text, it.colour), r.rule)


def hints(
    spec: GameSpec, view: Mapping[str, Any], options: Sequence[I.Intent], *,
    iterations: int = HINT_ITERATIONS, stop: Callable[[], bool] | None = None, top: int = 3,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[list[Hint], SearchResult]:
    """The ``top`` options the search tried most for the learner whose ``view`` this is,
    ordered by their chance, and the search's result (its effort).  The same view and options
    give the same hints (a fixed budget, a generator seeded from them)."""
    return finish(hints_steps(spec, view, options, iterations=iterations, stop=stop, top=top,
                              progress=progress))


def hints_steps(
    spec: GameSpec, view: Mapping[str, Any], options: Sequence[I.Intent], *,
    iterations: int = HINT_ITERATIONS, stop: Callable[[], bool] | None = None, top: int = 3,
    progress: Callable[[int, int], None] | None = None, pause: float | None = None,
) -> Generator[int, None, tuple[list[Hint], SearchResult]]:
    """:func:`hints` in slices of ``pause`` seconds (:func:`~..engine.search.search_steps`):
    the same hints, the page free between slices where there are no threads."""
    res = yield from search_steps(spec, dict(view), options, view_rng(view, options, "hint"),
                                  iterations=iterations, seconds=None, stop=stop,
                                  progress=progress, pause=pause, halving=True)
    rule = (view.get("decision") or {}).get("rule")
    out: list[Hint] = []
    # an option no game was played after (a single option: no search; stopped at once) has
    # no chance to show: "won 0% of 0 games" would not be so
    shown = [o for o in ranked(res, top) if o.visits > 0]
    for i, o in enumerate(shown):
        equal = i == 0 or about_equal(res, shown[0].intent, o.intent)
        then = None if i == 0 else compared(res, shown[0], o)
        r = option_reason(spec, view, o.intent)
        text = _search_words(i == 0, equal) if r is None else r.text
        low, high = interval(o.wins, o.visits)
        out.append(Hint(o.intent, describe_intent(spec, o.intent, view), o.wins, o.visits,
                        text, rule, r.rule if r is not None else None, low, high, equal,
                        then))
    if not out and options:  # a single option, or stopped before any game was played
        x = options[0]
        r = option_reason(spec, view, x, story=False)  # no game played: no card's story
        text = (r.text if r is not None else "It is your only option here." if len(options) == 1
                else "The coach was stopped before it played out any game.")
        out.append(Hint(x, describe_intent(spec, x, view), None, 0, text, rule,
                        None if r is None else r.rule))
    return out, res
