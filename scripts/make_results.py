"""Regenerate the results file shipped with the project (read by notebooks/insights.ipynb and
the app's Insights tab):

    nice .venv/bin/python scripts/make_results.py [--out
    mrp_tutor/games/mission_red_planet/data/results/games.parquet]

Plays, on a local Dask cluster (one worker per core), seeded games from seed 1: random bots at
every player count, and, to compare the bot levels, one greedy (medium) or search (hard) bot
against random or greedy ones at 4 players (3 players: one greedy among random).  The search
bot plays with :data:`SEARCH_BUDGET` iterations a decision (a small budget, set on every
worker; the app's hard level thinks longer), so it is weaker here than in the app.  The same
seeds always give the same file content; about half an hour on 2 shared cores.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pandas as pd

from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.simulation import save_results, simulate
from mrp_tutor.games.mission_red_planet.simulation.runner import local_cluster

#: (players, bots, games); the shipped file is small, so intervals are wide: read them
PLAN = [
    (2, ("random",), 600),
    (3, ("random",), 800),
    (4, ("random",), 2000),
    (5, ("random",), 600),
    (6, ("random",), 600),
    (3, ("greedy", "random", "random"), 500),
    (4, ("greedy", "random", "random", "random"), 800),
    (4, ("search", "random", "random", "random"), 80),
    (4, ("search", "greedy", "greedy", "greedy"), 80),
]
#: search iterations a decision of the search bot in these games (the engine's default for
#: simulations is ``engine.bots.SEARCH_ITERATIONS``)
SEARCH_BUDGET = 60


def _set_search_budget(iterations: int) -> int:
    """Run on every worker: the search bot's iterations a decision in that process."""
    from mrp_tutor.games.mission_red_planet.engine import bots

    bots.SEARCH_ITERATIONS = iterations
    return iterations


def _search_budget() -> int:
    """Run on every worker: the search bot's iterations a decision in that process now."""
    from mrp_tutor.games.mission_red_planet.engine import bots

    return int(bots.SEARCH_ITERATIONS)


DEFAULT_OUT = (Path(__file__).resolve().parents[1] / "mrp_tutor/games/mission_red_planet/data"
               / "results" / "games.parquet")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    from dask.distributed import Client

    spec = load_spec(use_env_overrides=False)  # the published content, no local corrections
    cluster = local_cluster()
    client = Client(cluster)
    client.run(_set_search_budget, SEARCH_BUDGET)
    parts = []
    start = time.perf_counter()
    try:
        for players, bots, games in PLAN:
            chunk = 100 if "search" not in bots else 10  # search games are slow: small tasks
            run = simulate(spec, players, games, seed=1, bots=bots, client=client, chunk=chunk,
                           progress=None)
            assert run.complete
            budgets = set(client.run(_search_budget).values())
            assert budgets == {SEARCH_BUDGET}, budgets  # no worker restarted with the default
            print(f"{games} games, {players} players, bots {','.join(bots)}: "
                  f"{run.elapsed:.0f} s on {run.workers} workers", flush=True)
            parts.append(run.table())
    finally:
        client.close()
        cluster.close()
    df = pd.concat(parts, ignore_index=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    save_results(df, args.out)
    print(f"{len(df):,} games in {time.perf_counter() - start:.0f} s -> {args.out} "
          f"({args.out.stat().st_size / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
