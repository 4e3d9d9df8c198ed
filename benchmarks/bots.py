"""How strong the bots are, and how fast the search bot thinks.

    .venv/bin/python benchmarks/bots.py [--json] [--games 400] [--seconds 1.0 | --iterations N]
        [--ruleset standard --players 4] [--workers N] [--parts greedy,random,...] [--quick]

Seat-rotated games (game ``i`` has seed ``i``; the tested bot sits at seat ``i mod players``):

* the search bot (the hard level: ``--seconds`` per decision with many options, less with few,
  :func:`mrp_tutor.engine.bots.hard_bot`; or ``--iterations`` per decision) against greedy
  bots and against random bots: its win share (a shared win counts its share) with a 95 %
  interval (normal approximation of the mean of per-game shares), and the fair share 1/players;
* the medium level (greedy) against random bots, the same way (``--medium-games``);
* the search bot's decision time p50/p95/max over the decisions it searched (one option: no
  search, not counted), iterations and playout decisions per second, and how often it declared
  an ability (rulesets with abilities);
* greedy variety: in 4-player greedy games of the ruleset, the share of rounds in which every
  greedy bot picked the same character (``--variety-games`` games, 10 rounds each).

The default budget is the hard level's, one second per decision: 400 games then take hours on
one core (about 35 searched decisions a game).  ``--quick`` plays a few games with a small
budget to check the benchmark runs; ``--workers`` plays games in parallel processes (each
decision still on one core; on a shared machine the time budget buys fewer iterations).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mrp_tutor.engine import ENGINE, Game, find_ruleset, play_out
from mrp_tutor.engine import events as E
from mrp_tutor.engine.bots import BOTS, bot_game, hard_bot
from mrp_tutor.engine.search import SearchResult, search_bot
from mrp_tutor.simulation.records import characters_by_round

COLOURS = ["red", "blue", "green", "yellow", "purple", "black"]


def one_game(args: tuple[str, int, int, str, str, float | None, int | None]) -> dict[str, Any]:
    """Play game ``seed``: the tested bot at seat ``seed mod players``, ``opponent`` bots at
    the others.  Returns the tested seat's win share and its searches' figures."""
    ruleset, players, seed, tested, opponent, seconds, iterations = args
    spec = find_ruleset(ruleset).spec(use_env_overrides=False)
    colours = COLOURS[:players]
    g = Game.new(spec, colours, seed, ruleset=ruleset)
    seat = g.state.order[seed % len(g.state.order)]
    log: list[SearchResult] = []
    rng = random.Random(f"bench:{seed}")
    if tested == "search":
        me = (hard_bot(rng, seconds, log=log) if iterations is None
              else search_bot(rng, iterations=iterations, log=log))
    else:
        me = BOTS[tested](rng)
    others = {c: BOTS[opponent](random.Random(f"bench:{seed}:{c}")) for c in colours}

    def choose(game: Game, legal: list[Any]) -> Any:
        c = legal[0].colour
        return (me if game.state.seats[c].controller == seat else others[c])(game, legal)

    play_out(g, choose)
    res = g.state.result
    assert res is not None
    share = 1.0 / len(res.winners) if seat in res.winners else 0.0
    abilities = sum(1 for e in g.log if isinstance(e, E.AbilityDeclared) and e.colour == seat)
    return {"share": share, "times": [r.seconds for r in log],
            "iterations": sum(r.iterations for r in log),
            "decisions": sum(r.playout_decisions for r in log), "abilities": abilities}


def interval(shares: list[float]) -> dict[str, float]:
    """Mean win share and its 95 % interval (normal approximation)."""
    n = len(shares)
    mean = sum(shares) / n
    sd = statistics.pstdev(shares) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n else 0.0
    return {"games": n, "win_share": round(mean, 3), "ci95": [round(max(0.0, mean - half), 3),
                                                              round(min(1.0, mean + half), 3)]}


def match(ruleset: str, players: int, games: int, tested: str, opponent: str,
          seconds: float | None, iterations: int | None, workers: int) -> dict[str, Any]:
    jobs = [(ruleset, players, seed, tested, opponent, seconds, iterations)
            for seed in range(games)]
    start = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            rows = list(pool.map(one_game, jobs))
    else:
        rows = [one_game(j) for j in jobs]
    out = interval([r["share"] for r in rows])
    out["fair_share"] = round(1 / players, 3)
    out["wall_s"] = round(time.perf_counter() - start, 1)
    if tested == "search":
        times = sorted(t for r in rows for t in r["times"])
        if times:
            out["decision_s"] = {"searched": len(times), "p50": round(_pct(times, 50), 3),
                                 "p95": round(_pct(times, 95), 3), "max": round(times[-1], 3)}
        spent = sum(times)
        iters = sum(r["iterations"] for r in rows)
        if iters and spent:
            out["iterations_per_s"] = round(iters / spent)
            out["playout_decisions_per_s"] = round(sum(r["decisions"] for r in rows) / spent)
        out["abilities_declared_per_game"] = round(sum(r["abilities"] for r in rows) / games, 2)
    return out


def _pct(xs: list[float], p: float) -> float:
    k = (len(xs) - 1) * p / 100
    lo, hi = math.floor(k), math.ceil(k)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def variety(ruleset: str, games: int) -> dict[str, Any]:
    """Share of 4-player greedy rounds in which every bot picked the same character."""
    spec = find_ruleset(ruleset).spec(use_env_overrides=False)
    rounds = same = 0
    for seed in range(games):
        g = bot_game(spec, COLOURS[:4], seed, bot="greedy", ruleset=ruleset)
        picks = characters_by_round(g.log)
        rounds += len(picks)
        same += sum(1 for cards in picks.values() if len(cards) == 1)
    return {"rounds": rounds, "all_same_share": round(same / max(1, rounds), 3)}


def run(a: argparse.Namespace) -> dict[str, Any]:
    seconds = None if a.iterations is not None else a.seconds
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    out: dict[str, Any] = {
        "machine": f"{platform.python_implementation()} {platform.python_version()}, "
                   f"{os.cpu_count()} cpus, load {load:.1f} at start, {a.workers} worker(s)",
        "engine": ENGINE, "ruleset": a.ruleset, "players": a.players,
        "budget": (f"{a.iterations} iterations per decision" if a.iterations is not None
                   else f"hard level: {a.seconds} s per decision with 6+ options, less with "
                        "fewer"),
    }
    parts = set(a.parts.split(","))
    if "greedy" in parts:
        out["search_vs_greedy"] = match(a.ruleset, a.players, a.games, "search", "greedy",
                                        seconds, a.iterations, a.workers)
    if "random" in parts:
        out["search_vs_random"] = match(a.ruleset, a.players, a.random_games or a.games,
                                        "search", "random", seconds, a.iterations, a.workers)
    if "medium" in parts:
        out["medium_vs_random"] = match(a.ruleset, a.players, a.medium_games, "greedy",
                                        "random", None, None, a.workers)
    if "variety" in parts:
        out["greedy_variety_4p"] = variety(a.ruleset, a.variety_games)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--ruleset", default="standard")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=400, help="games per search match (400)")
    p.add_argument("--random-games", type=int, default=None,
                   help="games of search vs random (default: --games)")
    p.add_argument("--medium-games", type=int, default=400)
    p.add_argument("--variety-games", type=int, default=100)
    p.add_argument("--seconds", type=float, default=1.0, help="hard level's budget (1.0 s)")
    p.add_argument("--iterations", type=int, default=None,
                   help="an iteration budget per decision instead of a time budget")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--parts", default="greedy,random,medium,variety",
                   help="which figures (comma-separated; default all): greedy (search vs "
                        "greedy), random (search vs random), medium, variety")
    p.add_argument("--quick", action="store_true",
                   help="8 games, 0.1 s budget, 40 medium and 20 variety games")
    a = p.parse_args(argv)
    if a.quick:
        a.games, a.seconds, a.medium_games, a.variety_games = 8, 0.1, 40, 20
    res = run(a)
    if a.json:
        print(json.dumps(res))
    else:
        for k, v in res.items():
            print(f"{k:22s} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
