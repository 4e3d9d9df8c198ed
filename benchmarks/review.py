"""How far the post-game review's costs can be trusted (issue 35).

    .venv/bin/python benchmarks/review.py [--games 3] [--start 0] [--deep 10] [--all] [--json]

Game ``i`` (4 players, greedy bots, seed ``i``): the learner is the first seat, played by the
greedy bot; every decision of it with two or more options is kept as it saw it
(:func:`~mrp_tutor.games.mission_red_planet.explain.review.decision`) and the game reviewed
(:func:`~mrp_tutor.games.mission_red_planet.explain.review.review`, its default budgets, all
decisions flagged: ``top`` large).  For each flagged decision, a duel of ``--deep`` times the
budget of each run of the duel whose figures the review shows (``CONFIRM_ITERATIONS``; the
review pools ``CONFIRM_RUNS`` such runs) between the same two options (the hint's first and
the learner's choice), one search seeded apart (salt ``deep-duel``), both options tried
equally often: ``within`` counts the flagged costs whose interval (the cost ± 1.96 standard
errors of the difference, from the two chances' 95 % ranges shown) holds the deep duel's
cost, ``ratio`` is the mean shown cost over the mean deep cost, ``flagged_deep_beyond_noise``
the flagged decisions the deep duel also finds costly beyond its noise.  ``--all``: a second
reference, one search of ``--deep`` times all the games behind the figures shown (every run:
``within_all``, ``ratio_all``).

``hidden_by_short_cut``: decisions whose choice the hint's own figures put within the noise of
its first (the old review skipped them without a duel) but which the review flags now.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mrp_tutor.games.mission_red_planet.engine import ENGINE, Game, load_spec
from mrp_tutor.games.mission_red_planet.engine.bots import greedy_bot
from mrp_tutor.games.mission_red_planet.engine.search import search, view_rng
from mrp_tutor.games.mission_red_planet.explain import review as R
from mrp_tutor.games.mission_red_planet.explain.coach import hints, within_noise

COLOURS = ["red", "blue", "green", "yellow"]


def decisions(seed: int) -> tuple[Any, list[R.Decision]]:
    """The first seat's decisions (two or more options) of greedy game ``seed``."""
    spec = load_spec(use_env_overrides=False)
    g = Game.new(spec, COLOURS, seed)
    me = g.state.order[0]
    bot = greedy_bot(random.Random(f"review-bench:{seed}"))
    out: list[R.Decision] = []
    while not g.over:
        legal = g.legal_intents()
        if not legal:
            g.advance()
            continue
        pick = bot(g, legal)
        colour = legal[0].colour
        mine = [x for x in legal if x.colour == colour]
        if g.state.seats[colour].controller == me and len(mine) >= 2:
            out.append(R.decision(spec, g.state, me, mine, pick, len(g.log)))
        g.play(pick, trusted=True)
    return spec, out


def _se(rng: tuple[float, float]) -> float:
    return (rng[1] - rng[0]) / (2 * 1.96)


def _deep(spec: Any, d: R.Decision, best: Any, games: int) -> tuple[float, bool]:
    """One search of ``games`` games between the hint's first and the choice: its cost and
    whether it is beyond its own noise."""
    pair = [best, d.chosen]
    head = search(spec, dict(d.view), pair, view_rng(d.view, pair, "deep-duel"),
                  iterations=games, seconds=None, halving=True)
    st = {o.intent: o for o in head.options}
    a, b = st[best], st[d.chosen]
    return a.wins - b.wins, a.wins > b.wins and not within_noise(a, b)


def one(seed: int, deep: int, every: bool = False) -> dict[str, Any]:
    spec, ds = decisions(seed)
    t = time.process_time()
    found = R.review(spec, ds, top=len(ds))
    review_cpu = time.process_time() - t
    by_step = {d.step: d for d in ds}
    rows = []
    for c in found:
        d = by_step[c.step]
        best = hints(spec, d.view, d.options)[0][0].intent  # the hint's first (deterministic)
        deep_cost, beyond = _deep(spec, d, best, deep * R.CONFIRM_ITERATIONS)
        half = 1.96 * math.hypot(_se(c.did_range), _se(c.better_range))
        row = {"step": c.step, "cost": round(c.cost, 3), "half": round(half, 3),
               "games": c.games, "deep_cost": round(deep_cost, 3),
               "within": abs(deep_cost - c.cost) <= half, "deep_beyond_noise": beyond}
        if every:
            all_cost, _ = _deep(spec, d, best, deep * c.games)
            row.update(deep_all=round(all_cost, 3), within_all=abs(all_cost - c.cost) <= half)
        rows.append(row)
    hidden = 0
    flagged_steps = {c.step for c in found}
    for d in ds:
        if d.step not in flagged_steps:
            continue
        shown, res = hints(spec, d.view, d.options)
        st = {o.intent: o for o in res.options}
        if d.chosen in st and within_noise(st[shown[0].intent], st[d.chosen]):
            hidden += 1
    return {"seed": seed, "decisions": len(ds), "flagged": len(found),
            "review_cpu_s": round(review_cpu, 1), "rows": rows,
            "hidden_by_short_cut": hidden}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--start", type=int, default=0, help="first game's seed")
    p.add_argument("--deep", type=int, default=10)
    p.add_argument("--all", action="store_true",
                   help="also a search of --deep times all the games behind the figures")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    games = []
    for seed in range(a.start, a.start + a.games):
        games.append(one(seed, a.deep, a.all))
        print(json.dumps({k: v for k, v in games[-1].items() if k != "rows"}), file=sys.stderr)
    rows = [r for g in games for r in g["rows"]]
    shown = sum(r["cost"] for r in rows)
    deep = sum(r["deep_cost"] for r in rows)
    out = {"engine": ENGINE, "duel": R.DUEL_ITERATIONS, "confirm": R.CONFIRM_ITERATIONS,
           "confirm_runs": R.CONFIRM_RUNS, "deep": a.deep, "games": len(games),
           "decisions": sum(g["decisions"] for g in games), "flagged": len(rows),
           "within": sum(r["within"] for r in rows),
           "flagged_deep_beyond_noise": sum(r["deep_beyond_noise"] for r in rows),
           "ratio": round(shown / deep, 2) if deep > 0 else None,
           "hidden_by_short_cut": sum(g["hidden_by_short_cut"] for g in games),
           "review_cpu_s": [g["review_cpu_s"] for g in games], "rows": games}
    if a.all:
        deep_all = sum(r["deep_all"] for r in rows)
        out.update(within_all=sum(r["within_all"] for r in rows),
                   ratio_all=round(shown / deep_all, 2) if deep_all > 0 else None)
    print(json.dumps(out if a.json else {k: v for k, v in out.items() if k != "rows"},
                     indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
