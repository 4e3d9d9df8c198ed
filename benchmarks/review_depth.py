"""How a review duel's cost depends on its size, and how far separate duels of one size differ.

    .venv/bin/python benchmarks/review_depth.py [--from benchmarks/results/review_costs.json]
        [--seeds 0,1,2] [--sizes 600,1200,2400,4800,12000] [--runs 4] [--json]

For each decision flagged in a results file of ``benchmarks/review.py`` (its games' seeds and
steps), the duel between the hint's first and the learner's choice (the review's: sequential
halving, both options tried equally often) at each size in ``--sizes`` (one search each,
seeded apart: salt ``d<size>``), and ``--runs`` separate searches of the review's confirming
size (``CONFIRM_ITERATIONS``, salts ``r1``, ``r2``, ...).  Printed per decision: the costs by
size, the runs' costs with their standard deviation and the games' own standard error of one
run's cost (binomial), and each option's win share by size.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from review import decisions

from mrp_tutor.games.mission_red_planet.engine.search import search, view_rng
from mrp_tutor.games.mission_red_planet.explain import review as R
from mrp_tutor.games.mission_red_planet.explain.coach import hints


def _duel(spec: Any, d: R.Decision, best: Any, games: int, salt: str) -> tuple[float, float, int]:
    pair = [best, d.chosen]
    head = search(spec, dict(d.view), pair, view_rng(d.view, pair, salt), iterations=games,
                  seconds=None, halving=True)
    st = {o.intent: o for o in head.options}
    return st[best].wins, st[d.chosen].wins, st[best].visits


def one(seed: int, steps: list[int], sizes: list[int], runs: int) -> list[dict[str, Any]]:
    spec, ds = decisions(seed)
    by = {d.step: d for d in ds}
    out = []
    for step in steps:
        d = by[step]
        best = hints(spec, d.view, d.options)[0][0].intent
        sized = {n: _duel(spec, d, best, n, f"d{n}") for n in sizes}
        reps = [_duel(spec, d, best, R.CONFIRM_ITERATIONS, f"r{i + 1}") for i in range(runs)]
        costs = [a - b for a, b, _ in reps]
        a, b, v = reps[0]
        out.append({"seed": seed, "step": step,
                    "cost_by_size": {n: round(x[0] - x[1], 3) for n, x in sized.items()},
                    "best_by_size": {n: round(x[0], 3) for n, x in sized.items()},
                    "chosen_by_size": {n: round(x[1], 3) for n, x in sized.items()},
                    "run_costs": [round(c, 3) for c in costs],
                    "run_sd": round(statistics.stdev(costs), 3) if runs > 1 else None,
                    "binomial_se": round(math.sqrt(a * (1 - a) / v + b * (1 - b) / v), 3)})
        print(json.dumps(out[-1]), file=sys.stderr)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--from", dest="src", default="benchmarks/results/review_costs.json")
    p.add_argument("--seeds", default=None, help="comma-separated (default: all in the file)")
    p.add_argument("--sizes", default="600,1200,2400,4800,12000")
    p.add_argument("--runs", type=int, default=4)
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    games = json.loads(Path(a.src).read_text())["rows"]
    keep = None if a.seeds is None else {int(x) for x in a.seeds.split(",")}
    sizes = [int(x) for x in a.sizes.split(",")]
    rows = [r for g in games if keep is None or g["seed"] in keep
            for r in one(g["seed"], [x["step"] for x in g["rows"]], sizes, a.runs)]
    sd = [r["run_sd"] for r in rows if r["run_sd"] is not None]
    se = [r["binomial_se"] for r in rows]
    out = {"confirm": R.CONFIRM_ITERATIONS, "sizes": sizes, "runs": a.runs,
           "decisions": len(rows),
           "run_sd_over_binomial_se": [round(x / y, 2) for x, y in zip(sd, se, strict=False)],
           "rows": rows}
    print(json.dumps(out if a.json else {k: v for k, v in out.items() if k != "rows"},
                     indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
