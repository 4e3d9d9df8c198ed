"""A/B of the engine's speed: two checkouts measured back to back, in alternation.

    .venv/bin/python benchmarks/engine_ab.py OLD_TREE NEW_TREE [--games 150] [--repeats 7]
        [--search] [--json]

Each repeat runs, in a fresh process for each tree (``PYTHONPATH=<tree>``, so each imports its
own engine, compiled if that tree was built): random 4-player games with the full cited log
(the games of ``benchmarks/engine.py``), CPU time per game and per decision; with
``--search``, the search bot's iterations and playout decisions per CPU second on fixed
positions.  CPU time (``time.process_time``), not wall time: on a shared machine other
processes mostly cost wall time.  Reports per tree the median and the best of the repeats,
the new/old ratio of the medians, and the load average before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

_GAMES = r'''
import json, sys, time
from mrp_tutor.games.mission_red_planet.engine import ENGINE, load_spec
from mrp_tutor.games.mission_red_planet.engine.bots import bot_game
spec = load_spec(use_env_overrides=False)
colours = ["red", "blue", "green", "yellow"]
for i in range(10):
    bot_game(spec, colours, i)
n = int(sys.argv[1])
steps = [0]
def count(_):
    steps[0] += 1
start = time.process_time()
for i in range(n):
    bot_game(spec, colours, 100 + i, on_step=count)
cpu = time.process_time() - start
print(json.dumps({"engine": ENGINE, "us_per_game": cpu / n * 1e6,
                  "us_per_decision": cpu / (steps[0] - n) * 1e6}))
'''

_SEARCH = r'''
import json, random, sys, time
from mrp_tutor.games.mission_red_planet.engine import ENGINE, Game, load_spec
from mrp_tutor.games.mission_red_planet.engine.bots import random_bot
from mrp_tutor.games.mission_red_planet.engine.search import search
from mrp_tutor.games.mission_red_planet.engine.views import view_for
spec = load_spec(use_env_overrides=False)
colours = ["red", "blue", "green", "yellow"]
found = []
for seed in range(4):
    g = Game.new(spec, colours, seed)
    bot = random_bot(random.Random(seed))
    while g.state.stage != "over":
        legal = g.legal_intents()
        mine = [x for x in legal if x.colour == legal[0].colour]
        if len(mine) > 1 and len(g.log) % 3 == 0:
            found.append((view_for(spec, g.state, g.state.seats[mine[0].colour].controller), mine))
        g.play(bot(g, legal), trusted=True)
rng = random.Random(5)
its = decs = 0
start = time.process_time()
for view, options in found[: int(sys.argv[1])]:
    res = search(spec, view, options, rng, iterations=40)
    its += res.iterations
    decs += res.playout_decisions
cpu = time.process_time() - start
print(json.dumps({"engine": ENGINE, "iterations_per_s": its / cpu,
                  "playout_decisions_per_s": decs / cpu}))
'''


def _once(tree: str, code: str, n: int) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": tree}
    res = subprocess.run([sys.executable, "-c", code, str(n)], env=env, cwd=tree,
                         capture_output=True, text=True, check=True)
    row: dict[str, object] = json.loads(res.stdout.strip().splitlines()[-1])
    return row


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("old")
    p.add_argument("new")
    p.add_argument("--games", type=int, default=150)
    p.add_argument("--repeats", type=int, default=7)
    p.add_argument("--search", action="store_true", help="the search bot's speed instead")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    code, n = (_SEARCH, 40) if a.search else (_GAMES, a.games)
    key = "iterations_per_s" if a.search else "us_per_game"
    load_before = os.getloadavg()
    runs: dict[str, list[dict[str, object]]] = {"old": [], "new": []}
    for _ in range(a.repeats):
        runs["old"].append(_once(a.old, code, n))
        runs["new"].append(_once(a.new, code, n))
    out: dict[str, object] = {"load_before": [round(x, 1) for x in load_before],
                              "load_after": [round(x, 1) for x in os.getloadavg()],
                              "repeats": a.repeats, "measure": key}
    med = {}
    for side, rows in runs.items():
        figures = {k: [float(str(r[k])) for r in rows] for k in rows[0] if k != "engine"}
        med[side] = statistics.median(figures[key])
        out[side] = {"tree": getattr(a, side), "engine": rows[0]["engine"],
                     **{k: {"median": round(statistics.median(v), 1),
                            "best": round(min(v) if k.startswith("us_") else max(v), 1)}
                        for k, v in figures.items()}}
    out["new_over_old_median"] = round(med["new"] / med["old"], 3)
    if a.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k:22s} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
