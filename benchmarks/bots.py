"""How strong the bots are, and how fast the search bot thinks.

    .venv/bin/python benchmarks/bots.py [--json] [--games 400] [--seconds S | --iterations N]
        [--ruleset standard --players 4] [--workers N | --dask N] [--until HH:MM]
        [--rows FILE] [--from-rows FILE] [--parts greedy,random,medium,variety,abilities]
        [--quick]

Seat-rotated games (game ``i`` has seed ``i``; the tested bot sits at seat ``i mod players``):

* the search bot at the default budget, the hard level a learner seats against
  (:func:`mrp_tutor.games.mission_red_planet.engine.bots.hard_bot`: ``bots.HARD_ITERATIONS``
  iterations with six or
  more options, fewer with fewer, stopped once the choice is settled; the same seed gives the
  same game on any machine), or ``--seconds`` per decision with many options (a time budget,
  less with few), or a fixed ``--iterations`` per decision, against greedy bots and against
  random bots: its win share (a shared win counts its share) with a 95 % interval (normal
  approximation of the mean of per-game shares), and the fair share 1/players;
* the medium level (greedy) against random bots, the same way (``--medium-games``);
* the search bot's decision time p50/p95/max over the decisions it searched (one option: no
  search, not counted): ``decision_cpu_s``, CPU time of the deciding thread (what one free
  core would take, little disturbed by other processes), and ``decision_s``, wall time (under
  load or nice, meaningless as a speed); iterations run against the budget (the share saved by
  settling), CPU seconds a game, iterations and playout decisions per CPU second, and how
  often it declared an ability (rulesets with abilities);
* greedy variety: in 4-player greedy games of the ruleset, the share of rounds in which every
  greedy bot picked the same character (``--variety-games`` games, 10 rounds each);
* ``abilities`` (not in the default parts): the search bot against greedy bots in
  ``unique_abilities`` with 5 players (``--abilities-games``), with the abilities it declared.

``--dask N`` plays the games on a local Dask cluster of N processes; the matches' games are
interleaved in proportion to the games asked (``--games 400 --random-games 200``: two games
against greedy for one against random); ``--until HH:MM`` (UTC) stops there and counts only
the games finished (the output's ``games`` per match); ``--rows FILE`` appends each finished
game to FILE, and ``--from-rows FILE`` summarizes such a file (e.g. of a run that was stopped).

At the default budget 400 games against greedy take about 40 minutes on one free core with the
compiled engine (about 31 searched decisions, 5.7 CPU-s a game).
``--quick`` plays a few games with a small budget to check the benchmark runs; ``--workers``
plays games in parallel processes (each decision still on one core).
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

from mrp_tutor.games.mission_red_planet.engine import ENGINE, Game, find_ruleset, play_out
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.bots import BOTS, HARD_ITERATIONS, bot_game, hard_bot
from mrp_tutor.games.mission_red_planet.engine.search import SearchResult, search_bot
from mrp_tutor.games.mission_red_planet.simulation.records import characters_by_round

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

    cpu = time.thread_time()
    play_out(g, choose)
    cpu = time.thread_time() - cpu
    res = g.state.result
    assert res is not None
    share = 1.0 / len(res.winners) if seat in res.winners else 0.0
    abilities = sum(1 for e in g.log if isinstance(e, E.AbilityDeclared) and e.colour == seat)
    return {"share": share, "times": [round(r.seconds, 4) for r in log],
            "cpu": [round(r.cpu_seconds, 4) for r in log], "game_cpu_s": round(cpu, 2),
            "iters": [r.iterations for r in log], "iterations": sum(r.iterations for r in log),
            "budget": sum(r.budget or r.iterations for r in log),
            "settled": sum(1 for r in log if r.settled),
            "decisions": sum(r.playout_decisions for r in log), "abilities": abilities}


def interval(shares: list[float]) -> dict[str, Any]:
    """Mean win share and its 95 % interval (normal approximation)."""
    n = len(shares)
    mean = sum(shares) / n if n else 0.0
    sd = statistics.pstdev(shares) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n else 0.0
    return {"games": n, "win_share": round(mean, 3), "ci95": [round(max(0.0, mean - half), 3),
                                                              round(min(1.0, mean + half), 3)]}


Job = tuple[str, int, int, str, str, float | None, int | None]


def _play(job_and_name: tuple[str, Job]) -> dict[str, Any]:
    name, job = job_and_name
    return {"match": name, "seed": job[2], **one_game(job)}


def summarize(rows: list[dict[str, Any]], players: int, tested: str) -> dict[str, Any]:
    """One match's figures from its games' rows (``one_game`` results)."""
    out = interval([r["share"] for r in rows])
    out["fair_share"] = round(1 / players, 3)
    if tested == "search":
        out.update(_search_figures(rows))
    return out


def _search_figures(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The search bot's effort over its games' rows."""
    out: dict[str, Any] = {}
    for key, name in (("cpu", "decision_cpu_s"), ("times", "decision_s")):
        xs = sorted(t for r in rows for t in r.get(key, []))
        if xs:
            out[name] = {"searched": len(xs), "p50": round(_pct(xs, 50), 3),
                         "p95": round(_pct(xs, 95), 3), "max": round(xs[-1], 3)}
    spent = sum(t for r in rows for t in r.get("cpu", [])) or sum(
        t for r in rows for t in r["times"])
    iters = sum(r["iterations"] for r in rows)
    if iters and spent:
        out["iterations_per_cpu_s"] = round(iters / spent)
        out["iterations_per_decision_p50"] = round(_pct(sorted(
            i for r in rows for i in r.get("iters", [])) or [0], 50))
        out["playout_decisions_per_cpu_s"] = round(sum(r["decisions"] for r in rows) / spent)
    budget = sum(r.get("budget", 0) for r in rows)
    if budget:
        out["iterations_run_of_budget"] = round(iters / budget, 3)
        out["decisions_settled_early"] = sum(r.get("settled", 0) for r in rows)
    games_cpu = sorted(r["game_cpu_s"] for r in rows if "game_cpu_s" in r)
    if games_cpu:
        out["cpu_s_per_game"] = {"mean": round(sum(games_cpu) / len(games_cpu), 1),
                                 "p50": round(_pct(games_cpu, 50), 1)}
    out["abilities_declared_per_game"] = round(
        sum(r["abilities"] for r in rows) / max(1, len(rows)), 2)
    return out


def play_all(matches: dict[str, Job], games: dict[str, int], a: argparse.Namespace
             ) -> dict[str, list[dict[str, Any]]]:
    """Every game of every match, interleaved in proportion to the games asked (so a run
    stopped by ``--until`` has done about the same share of each); rows also appended to
    ``--rows``."""
    order = {name: i for i, name in enumerate(matches)}
    keyed = [((seed / games[name], order[name]), (name, (job[0], job[1], seed, *job[3:])))
             for name, job in matches.items() for seed in range(games[name])]
    jobs: list[tuple[str, Job]] = [j for _, j in sorted(keyed)]
    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in matches}
    sink = open(a.rows, "a", encoding="utf-8") if a.rows else None  # noqa: SIM115

    def keep(row: dict[str, Any]) -> None:
        rows[row["match"]].append(row)
        if sink is not None:
            sink.write(json.dumps(row) + "\n")
            sink.flush()

    deadline = _deadline(a.until)
    try:
        if a.dask:
            _on_dask(jobs, a.dask, deadline, keep)
        elif a.workers > 1:
            with ProcessPoolExecutor(a.workers) as pool:
                for row in pool.map(_play, jobs):
                    keep(row)
        else:
            for j in jobs:
                if deadline is not None and time.time() >= deadline:
                    break
                keep(_play(j))
    finally:
        if sink is not None:
            sink.close()
    return rows


def _deadline(until: str | None) -> float | None:
    """``HH:MM`` (UTC, today) as a time stamp."""
    if not until:
        return None
    hh, mm = (int(x) for x in until.split(":"))
    now = time.time()
    day = now - now % 86400
    return day + hh * 3600 + mm * 60


def _on_dask(jobs: list[tuple[str, Job]], workers: int, deadline: float | None,
             keep: Any) -> None:
    """Play ``jobs`` on a local Dask cluster of ``workers`` processes; at ``deadline`` the
    games not finished are cancelled (only finished games are counted)."""
    from dask.distributed import Client, as_completed

    from mrp_tutor.games.mission_red_planet.simulation.runner import local_cluster

    cluster = local_cluster(workers)
    client = Client(cluster)
    try:
        futures = client.map(_play, jobs, pure=False)
        done = as_completed(futures)
        while True:
            left = None if deadline is None else deadline - time.time()
            if left is not None and left <= 0:
                break
            try:
                fut = next(done) if left is None else _next_within(done, left)
            except StopIteration:
                break
            if fut is None:
                break
            keep(fut.result())
        client.cancel(futures)
    finally:
        client.close()
        cluster.close()


def _next_within(done: Any, seconds: float) -> Any:
    """The next finished future, or None after ``seconds``."""
    start = time.time()
    while time.time() - start < seconds:
        if done.has_ready():
            return next(done)
        if done.is_empty():
            raise StopIteration
        time.sleep(0.5)
    return None


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
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    out: dict[str, Any] = {
        "machine": f"{platform.python_implementation()} {platform.python_version()}, "
                   f"{os.cpu_count()} cpus, load {load[0]:.1f} at start, "
                   + (f"Dask local cluster of {a.dask} worker(s)" if a.dask
                      else f"{a.workers} worker(s)"),
        "engine": ENGINE, "ruleset": a.ruleset, "players": a.players,
        "budget": (f"{a.iterations} iterations per decision" if a.iterations is not None
                   else f"{a.seconds} s per decision with 6+ options, less with fewer"
                   if a.seconds is not None
                   else f"hard level: {HARD_ITERATIONS} iterations per decision with 6+ "
                        "options, fewer with fewer, stopped once the choice is settled"),
    }
    parts = set(a.parts.split(","))
    matches: dict[str, Job] = {}
    games: dict[str, int] = {}
    tested = {"search_vs_greedy": "search", "search_vs_random": "search",
              "medium_vs_random": "greedy", "abilities_search_vs_greedy": "search"}
    if "greedy" in parts:
        matches["search_vs_greedy"] = (a.ruleset, a.players, 0, "search", "greedy", seconds,
                                       a.iterations)
        games["search_vs_greedy"] = a.games
    if "random" in parts:
        matches["search_vs_random"] = (a.ruleset, a.players, 0, "search", "random", seconds,
                                       a.iterations)
        games["search_vs_random"] = a.random_games or a.games
    if "medium" in parts:
        matches["medium_vs_random"] = (a.ruleset, a.players, 0, "greedy", "random", None, None)
        games["medium_vs_random"] = a.medium_games
    if "abilities" in parts:  # Unique Abilities, 5 players, search vs greedy
        matches["abilities_search_vs_greedy"] = ("unique_abilities", 5, 0, "search", "greedy",
                                                 seconds, a.iterations)
        games["abilities_search_vs_greedy"] = a.abilities_games
    start = time.perf_counter()
    rows = play_all(matches, games, a)
    for name, job in matches.items():
        out[name] = summarize(rows[name], job[1], tested[name])
        out[name]["games_asked"] = games[name]
        if name.startswith("abilities"):
            out[name].update(ruleset=job[0], players=job[1])
    out["wall_s"] = round(time.perf_counter() - start, 1)
    if "variety" in parts:
        out["greedy_variety_4p"] = variety(a.ruleset, a.variety_games)
    end = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    out["load_at_end_1_5_15min"] = [round(x, 1) for x in end]
    return out


def from_rows(path: str, players: int) -> dict[str, Any]:
    """The figures of the games recorded in ``path`` (``--rows``), e.g. of a run stopped."""
    rows: dict[str, list[dict[str, Any]]] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                row = json.loads(line)
                rows.setdefault(row["match"], []).append(row)
    return {name: summarize(rs, 5 if name.startswith("abilities") else players,
                            "greedy" if name.startswith("medium") else "search")
            for name, rs in rows.items()}


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
    p.add_argument("--seconds", type=float, default=None,
                   help="a time budget per decision with 6+ options instead of the hard "
                        "level's iterations (less with fewer options)")
    p.add_argument("--iterations", type=int, default=None,
                   help="an iteration budget per decision instead of a time budget")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--dask", type=int, default=0, metavar="N",
                   help="play the games on a local Dask cluster of N worker processes")
    p.add_argument("--until", default=None, metavar="HH:MM",
                   help="stop at this UTC time: only the games finished by then count")
    p.add_argument("--rows", default=None, metavar="FILE",
                   help="append each finished game's figures to FILE (JSON lines)")
    p.add_argument("--from-rows", default=None, metavar="FILE",
                   help="only summarize the games recorded in FILE")
    p.add_argument("--abilities-games", type=int, default=100,
                   help="games of the abilities part (unique_abilities, 5 players)")
    p.add_argument("--parts", default="greedy,random,medium,variety",
                   help="which figures (comma-separated; default all but abilities): greedy "
                        "(search vs greedy), random (search vs random), medium, variety, "
                        "abilities (search vs greedy in unique_abilities, 5 players)")
    p.add_argument("--quick", action="store_true",
                   help="8 games, 60 iterations a decision, 40 medium and 20 variety games")
    a = p.parse_args(argv)
    if a.from_rows:
        print(json.dumps(from_rows(a.from_rows, a.players)))
        return 0
    if a.quick:
        a.games, a.iterations, a.medium_games, a.variety_games = 8, 60, 40, 20
        a.abilities_games = 4
    res = run(a)
    if a.json:
        print(json.dumps(res))
    else:
        for k, v in res.items():
            print(f"{k:22s} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
