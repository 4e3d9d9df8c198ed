"""The search bot: information-set Monte Carlo tree search from one seat's view.

In the spirit of OpenSpiel's ISMCTS (``open_spiel/algorithms/ismcts.cc``, single observer):
every iteration samples a full state consistent with what the seat sees
(:func:`.determinize.determinize`), walks down one shared tree of decisions in that sample,
adds one node, plays the game out with random decisions, and credits the result to every
decision on the way (each decision to the player who made it).  A node's children are chosen
by UCB among the decisions legal in the sample (availability counts: a decision legal in few
samples is not tried less for it).  The answer is the seat's most visited option; with
``halving`` (the coach) the root's options are tried by sequential halving instead and the
answer is the better of the last round (:class:`_Halving`).

What stays out of the tree: the secret decisions of other players (the character another
colour chooses face down, a mission kept, a discovery placed face down, an action card played
or kept) are made by the playout policy there, not chosen from the tree, so the tree never
lets another player react to a choice it cannot see; forced steps (one option) do not branch.

Only the view goes in (``search(spec, view, options, ...)``): the bot cannot read a hidden
card.  Seeded: the same view, options, generator state and iteration budget give the same
answer; a time budget (``seconds``) stops earlier on a slower machine, so a game is replayable
from its seed only under an iteration budget (its event log replays either way).

``settle=True`` stops an iteration budget early once the most visited option can no longer be
overtaken: each iteration adds at most one visit to one option, so when its lead over the
runner-up exceeds the iterations left, the full run would choose the same option (the choice
is identical; the statistics are not, so the coach's hints and reviews search the whole
budget).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.determinize import View, determinize
from mrp_tutor.games.mission_red_planet.engine.game import Game
from mrp_tutor.games.mission_red_planet.engine.legal import legal_intents
from mrp_tutor.games.mission_red_planet.engine.rulesets import rules_of
from mrp_tutor.games.mission_red_planet.engine.secrecy import SECRET_DECISIONS
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState
from mrp_tutor.games.mission_red_planet.engine.views import view_digest, view_rng

__all__ = ["Node", "OptionStat", "SearchResult", "finish", "rewards", "search", "search_bot",
           "search_steps", "view_digest", "view_rng"]

_T = TypeVar("_T")

#: exploration constant of UCB (rewards lie in [0, 1])
EXPLORE = 0.7
#: share of the reward given by the score (the rest: the win, shared between tied winners)
SCORE_SHARE = 0.2
#: a score margin this large (points) counts as the whole score share
MARGIN_SCALE = 20.0
#: decision kinds made face down: another player's such decision is not a node of the tree
_SECRET = SECRET_DECISIONS


class Node:
    """One decision in the tree: visits, availability and the reward of the player who made
    it (summed over the iterations through it)."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[I.Intent, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


@dataclass
class OptionStat:
    """How one option of the searching seat fared: visits and mean reward (the win share,
    with :data:`SCORE_SHARE` of score margin) and the share of sampled games it won."""

    intent: I.Intent
    visits: int
    value: float
    wins: float


@dataclass
class SearchResult:
    """The chosen option, every option's statistics (most visited first) and the effort."""

    choice: I.Intent
    options: list[OptionStat] = field(default_factory=list)
    iterations: int = 0
    playout_decisions: int = 0
    seconds: float = 0.0
    #: True when ``settle`` stopped the search because its choice could no longer change
    settled: bool = False
    #: the iteration budget asked (None: a time budget only)
    budget: int | None = None
    #: CPU seconds of the deciding thread (``search_bot``'s log; unaffected by other processes)
    cpu_seconds: float = 0.0
    #: sequential halving only: the figures of the options still in at the end of each round
    #: (before its worse half was dropped; the last: the last round's), each round's options
    #: having had the same number of games
    rounds: list[list[OptionStat]] = field(default_factory=list)


def rewards(s: GameState) -> dict[str, tuple[float, float]]:
    """(reward, win share) of each player (a controlling colour) in a finished game."""
    res = s.result
    assert res is not None
    mains = rules_of(s).players_of(s)
    out: dict[str, tuple[float, float]] = {}
    for c in mains:
        win = 1.0 / len(res.winners) if c in res.winners else 0.0
        best_other = max((res.scores[o] for o in s.order if o != c), default=0)
        margin = max(-0.5, min(0.5, (res.scores[c] - best_other) / MARGIN_SCALE))
        out[c] = ((1.0 - SCORE_SHARE) * win + SCORE_SHARE * (0.5 + margin), win)
    return out


def _controller(s: GameState, colour: str) -> str:
    return s.seats[colour].controller


def _kind(spec: GameSpec, s: GameState) -> str:
    from mrp_tutor.games.mission_red_planet.engine.legal import decision

    d = decision(spec, s)
    return "" if d is None else d.kind


class _Iteration:
    """One iteration: descent in one sample, expansion, playout, credit."""

    def __init__(self, spec: GameSpec, viewer: str, rng: random.Random,
                 guide: Callable[[Game, Sequence[I.Intent]], I.Intent] | None = None,
                 greedy_share: float = 0.0) -> None:
        from mrp_tutor.games.mission_red_planet.engine.greedy import (
            random_bot,  # greedy imports this module (for its Game)
        )

        self.spec, self.viewer, self.rng = spec, viewer, rng
        self.guide, self.greedy_share = guide, greedy_share
        self.uniform = random_bot(rng)
        self.decisions = 0

    def policy(self, game: Game, legal: Sequence[I.Intent]) -> I.Intent:
        """The playout's decision: the guide's (greedy) with probability ``greedy_share``, else
        uniform, an action card always played, an ability sometimes (the uniform pick is
        :func:`.bots.random_bot`'s)."""
        if isinstance(legal[0], I.PlayAction):  # (a leaf class)
            return legal[0]
        if self.guide is not None and self.rng.random() < self.greedy_share:
            return self.guide(game, legal)
        return self.uniform(game, legal)

    def run(self, root: Node, s: GameState, options: Sequence[I.Intent],
            forced: I.Intent | None = None) -> tuple[
            list[tuple[Node, str]], dict[str, tuple[float, float]]]:
        """One iteration in the sample ``s``; ``forced`` (if legal in it): the root's option
        to try (sequential halving), else UCB picks it."""
        spec, rng = self.spec, self.rng
        game = Game(spec, s, [])
        path: list[tuple[Node, str]] = []
        node: Node | None = root
        first = True
        while s.stage != "over":
            legal = game._legal
            if legal is None:
                legal = game._legal = legal_intents(spec, s)
            if first:
                legal = [x for x in legal if x in options] or list(options)
            colour = legal[0].colour
            if node is not None and not first and len(legal) > 1:
                mine = [x for x in legal if x.colour == colour]
                if len(mine) < len(legal):  # several colours choose at once: one at a time
                    legal = mine
                if _controller(s, colour) != self.viewer and _kind(spec, s) in _SECRET:
                    pick = self.policy(game, legal)  # another player's face-down decision
                    game._apply(pick)
                    self.decisions += 1
                    continue
            if node is None or len(legal) == 1:
                pick = self.policy(game, legal) if node is None else legal[0]
                game._apply(pick)
                self.decisions += 1
                first = False
                continue
            at_root = first
            first = False
            children = node.children
            fresh = [x for x in legal if x not in children]
            for x in legal:
                child = children.get(x)
                if child is not None:
                    child.avail += 1
            who = _controller(s, colour)
            if at_root and forced is not None and forced in legal:
                pick = forced
            elif fresh:
                pick = fresh[int(rng.random() * len(fresh))]
            else:
                pick = _ucb(children, legal)
            known = children.get(pick)
            if known is None:
                child = children[pick] = Node()
                child.avail = 1
                node = None  # expanded: play out from here
            else:
                child = node = known
            path.append((child, who))
            game._apply(pick)
            self.decisions += 1
        return path, rewards(s)


def _ucb(children: dict[I.Intent, Node], legal: Sequence[I.Intent]) -> I.Intent:
    best: I.Intent = legal[0]
    best_score = -1.0
    for x in legal:
        ch = children[x]
        score = ch.total / ch.visits + EXPLORE * math.sqrt(math.log(ch.avail) / ch.visits) \
            if ch.visits else math.inf
        if score > best_score:
            best, best_score = x, score
    return best


class _Halving:
    """Sequential halving at the root (Karnin, Koren and Somekh 2013; the root of Gumbel
    MuZero): the budget is split into ``ceil(log2(options))`` rounds; in each, every option
    still in is tried equally often, then the worse half (by mean reward) is dropped, until
    two share the last round.  Options compared in a round had the same effort below them,
    so a chance is not inflated by the visits UCB gave it (UCB's lock-in: the option tried
    most gets the deepest subtree, plays better after it and so wins more)."""

    def __init__(self, root: Node, options: Sequence[I.Intent], budget: int,
                 wins: dict[I.Intent, float]) -> None:
        self.root = root
        self.wins = wins
        self.rounds: list[list[OptionStat]] = []
        self.alive = list(options)
        self.left = budget
        self.left_rounds = max(1, math.ceil(math.log2(len(self.alive))))
        self.queue: list[I.Intent] = []
        self._plan()

    def _plan(self) -> None:
        per = self.left // (self.left_rounds * len(self.alive))
        self.queue = [x for _ in range(per) for x in reversed(self.alive)]

    def value(self, x: I.Intent) -> float:
        ch = self.root.children.get(x)
        return ch.total / ch.visits if ch is not None and ch.visits else -1.0

    def next(self) -> I.Intent | None:
        """The root option of the next iteration (None: the plan is spent, UCB's turn)."""
        if not self.queue:
            if self.left_rounds <= 1:
                return None
            self.left_rounds -= 1
            self.snapshot()
            ranked = sorted(self.alive, key=self.value, reverse=True)  # stable: ties in order
            self.alive = ranked[:(len(ranked) + 1) // 2]
            self._plan()
            if not self.queue:
                return None
        self.left -= 1
        return self.queue.pop()

    def snapshot(self) -> None:
        """Keep the figures of the options still in (:attr:`SearchResult.rounds`)."""
        row = []
        for x in self.alive:
            ch = self.root.children.get(x)
            n = ch.visits if ch is not None else 0
            row.append(OptionStat(x, n, self.value(x) if n else 0.0,
                                  self.wins.get(x, 0.0) / n if n else 0.0))
        self.rounds.append(row)

    def choice(self) -> I.Intent:
        """The best of the last round's options by mean reward."""
        return max(self.alive, key=self.value)


def search(
    spec: GameSpec, view: View, options: Sequence[I.Intent], rng: random.Random, *,
    iterations: int | None = 1000, seconds: float | None = None, greedy_share: float = 0.0,
    stop: Callable[[], bool] | None = None, settle: bool = False,
    progress: Callable[[int, int], None] | None = None, halving: bool = False,
) -> SearchResult:
    """Search from a seat's ``view`` among its ``options`` (its legal intents now): all of
    :func:`search_steps` at once (the same result)."""
    return finish(search_steps(spec, view, options, rng, iterations=iterations, seconds=seconds,
                               greedy_share=greedy_share, stop=stop, settle=settle,
                               progress=progress, halving=halving))


def finish(steps: Generator[Any, None, _T]) -> _T:
    """Run a generator of steps to its end; its result."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value  # type: ignore[no-any-return]


def search_steps(
    spec: GameSpec, view: View, options: Sequence[I.Intent], rng: random.Random, *,
    iterations: int | None = 1000, seconds: float | None = None, greedy_share: float = 0.0,
    stop: Callable[[], bool] | None = None, settle: bool = False,
    progress: Callable[[int, int], None] | None = None, pause: float | None = None,
    halving: bool = False,
) -> Generator[int, None, SearchResult]:
    """Search from a seat's ``view`` among its ``options`` (its legal intents now).

    ``pause`` (seconds; None: never): the generator yields the iterations done so far each
    time that long has passed since it started or last yielded, so a caller without threads
    (the browser) can let the page run between slices (a Stop, progress); the work, and so
    the result, is the same whether it pauses or not.

    Stops after ``iterations`` iterations or ``seconds`` seconds, whichever comes first (at
    least one iteration per option), or as soon as ``stop()`` is true (a visitor stopped a
    hint: the statistics so far are returned).  With one option, no search.  ``settle``: also
    stop as soon as the most visited option leads the runner-up by more than the iterations
    left (:func:`_settled`: the choice of the whole budget, found sooner).  ``progress(done,
    budget)`` (if given) is called every 100 iterations (an iteration budget only).
    ``halving`` (an iteration budget only): the root's options are tried by sequential halving
    (:class:`_Halving`) instead of UCB, the choice the best of the last round; the coach's
    hints and reviews use it, so that the chances they compare come from equal effort.

    Raises:
        ValueError: no option, or neither budget given.
    """
    if not options:
        raise ValueError("search needs at least one option")
    if iterations is None and seconds is None:
        raise ValueError("search needs an iteration or a time budget")
    start = time.perf_counter()
    if len(options) == 1:
        return SearchResult(options[0], [OptionStat(options[0], 0, 0.0, 0.0)], 0, 0,
                            time.perf_counter() - start)
    viewer = view["viewer"]
    root = Node()
    wins: dict[I.Intent, float] = {}
    guide = None
    if greedy_share > 0:
        from mrp_tutor.games.mission_red_planet.engine.greedy import greedy_bot

        guide = greedy_bot(rng)
    it = _Iteration(spec, viewer, rng, guide, greedy_share)
    done = 0
    deadline = None if seconds is None else start + seconds
    least = len(options)
    settled = False
    resume = start
    plan = (_Halving(root, options, iterations, wins) if halving and iterations is not None
            else None)
    while True:
        if iterations is not None and done >= iterations:
            break
        if settle and iterations is not None and _settled(root, iterations - done):
            settled = True
            break
        if deadline is not None and done >= least and time.perf_counter() >= deadline:
            break
        if stop is not None and stop():
            break
        s = determinize(spec, view, rng)
        path, reward = it.run(root, s, options, None if plan is None else plan.next())
        for node, who in path:
            node.visits += 1
            node.total += reward[who][0] if who in reward else 0.0
        if path:
            first = next((x for x, ch in root.children.items() if ch is path[0][0]), None)
            if first is not None:
                wins[first] = wins.get(first, 0.0) + reward.get(viewer, (0.0, 0.0))[1]
        done += 1
        if progress is not None and iterations is not None and done % 100 == 0:
            progress(done, iterations)
        if pause is not None and time.perf_counter() >= resume + pause:
            yield done
            resume = time.perf_counter()
    stats = [OptionStat(x, ch.visits, ch.total / ch.visits if ch.visits else 0.0,
                        wins.get(x, 0.0) / ch.visits if ch.visits else 0.0)
             for x, ch in root.children.items() if x in options]
    order = {x: i for i, x in enumerate(options)}
    stats.sort(key=lambda o: (-o.visits, -o.value, order[o.intent]))
    if plan is not None and stats:  # the last round's best first
        best = plan.choice()
        stats.sort(key=lambda o: o.intent != best)
    choice = stats[0].intent if stats else options[0]
    res = SearchResult(choice, stats, done, it.decisions, time.perf_counter() - start,
                       settled, iterations)
    if plan is not None:
        plan.snapshot()
        res.rounds = plan.rounds
    return res


def _settled(root: Node, left: int) -> bool:
    """True when no option can overtake the most visited one in ``left`` more iterations.

    An iteration visits at most one child of the root (the searching seat's option: exactly
    one, or none when a sample leaves only one of the options legal), so the runner-up gains
    at most ``left`` visits; with a lead larger than that (a strict lead: ties are broken by
    value, which may still change) the most visited option stays the choice.  An option
    never tried counts 0 visits."""
    first = second = 0
    for ch in root.children.values():
        v = ch.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first > second + left


def _cpu_time() -> float:
    """This thread's CPU seconds; the browser's Python (Pyodide) has no ``time.thread_time``:
    there the process's, else the wall clock (one thread there: the same thing)."""
    clock = (getattr(time, "thread_time", None) or getattr(time, "process_time", None)
             or time.perf_counter)
    return float(clock())


def search_bot(
    rng: random.Random, *, iterations: int | None = 1000, seconds: float | None = None,
    budget: Callable[[int], float] | None = None, log: list[SearchResult] | None = None,
    greedy_share: float = 0.0, per_options: Callable[[int, int], int] | None = None,
    settle: bool = False, public_seed: str | None = None,
) -> Any:
    """A bot (``(game, legal) -> intent``, see :mod:`.bots`) that searches from the view of the
    seat deciding: it reads the game only through :func:`~.views.view_for`.  ``budget`` (if
    given) gives the seconds of a decision from its number of options (instead of
    ``seconds``), ``per_options`` its iterations from its number of options and of colours
    (instead of ``iterations``); ``settle``: see
    :func:`search`; ``log`` (if given) receives each search's result (benchmarks), with the
    whole decision's wall and CPU time (the view included).  ``public_seed`` (if given): each
    decision searches with :func:`view_rng` of the view, the options and this salt instead
    of ``rng``, so the same position as the seat sees it gets the same choice."""
    from mrp_tutor.games.mission_red_planet.engine.views import view_for

    def choose(game: Game, legal: Sequence[I.Intent]) -> I.Intent:
        s = game.state
        colour = legal[0].colour
        me = s.seats[colour].controller
        options = [x for x in legal if x.colour == colour]
        if len(options) == 1:
            return options[0]
        start, cpu = time.perf_counter(), _cpu_time()
        view = view_for(game.spec, s, me)
        limit = budget(len(options)) if budget is not None else seconds
        if limit is not None:
            limit = max(0.0, limit - (time.perf_counter() - start))
        n = per_options(len(options), len(s.order)) if per_options is not None else iterations
        gen = rng if public_seed is None else view_rng(view, options, public_seed)
        res = search(game.spec, view, options, gen, iterations=n, seconds=limit,
                     greedy_share=greedy_share, settle=settle)
        if log is not None:
            res.seconds = time.perf_counter() - start
            res.cpu_seconds = _cpu_time() - cpu
            log.append(res)
        return res.choice

    return choose
