"""How far a learner can trust the coach's hints (issue 35).

    .venv/bin/python benchmarks/coach.py [--positions 20] [--deep 10] [--iterations N]
        [--references 1] [--reference halving|ucb] [--start 0] [--deep-from FILE...] [--json]

Positions: game ``i`` (4 players, greedy bots, seed ``i``) stopped at a decision of its
deciding seat with two or more options, chosen by ``random.Random(i)`` among them.  For each:

* the hint asked twice (:func:`~mrp_tutor.games.mission_red_planet.explain.coach.hints` at its
  default budget): ``identical`` counts the positions whose two answers are equal (options,
  chances, reasons), and the CPU time of each ask (p50/p95/max, ``hint_cpu_s``);
* a search with ``--deep`` times the hint's iterations, seeded apart from the hint
  (``view_rng(view, options, "deep")``), the same search as the hint's (``--reference
  halving``: sequential halving at the root, the default) or the hard bot's UCB root
  (``--reference ucb``): ``agree`` counts the positions whose hint #1 is the deep search's
  best option or is shown about equal to it (the deep best among the hints within the noise
  of #1, or, not shown, within the noise of #1 by the hint search's own figures when the two
  last had the same number of games; ``agree_each_final_figures``: by their final figures);
* ``--references N``: N such deep searches, each seeded apart (salts ``deep``, ``deep2``,
  ...): ``agree_each`` counts, for each, the positions where the hint agrees with it;
  ``references_agree`` the positions where all the deep searches name the same best or
  each one's best is within the noise of the others' by its own figures (how far the
  reference itself is a coin toss);
* ``ordered``: positions whose hints are listed by the chance they show;
* ``shown_equal``: [hints after the first shown about equal to it, hints after the first];
  ``shown_equal_one_comparison``: how many of them one comparison's noise (1.96 standard
  errors, the rule before the first's rivals were allowed for) would call about equal;
  ``agree_each_one_comparison``: ``agree_each`` by that rule.

The budget is a number of games, not a time, so the answers do not depend on the load; the
CPU times do on the engine (compiled or not, ``engine``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mrp_tutor.games.mission_red_planet.engine import ENGINE, Game, load_spec
from mrp_tutor.games.mission_red_planet.engine.bots import greedy_bot
from mrp_tutor.games.mission_red_planet.engine.search import search, view_rng
from mrp_tutor.games.mission_red_planet.engine.views import view_for
from mrp_tutor.games.mission_red_planet.explain.coach import (
    HINT_ITERATIONS,
    about_equal,
    equal_effort,
    hints,
    within_noise,
)

COLOURS = ["red", "blue", "green", "yellow"]


def position(seed: int) -> tuple[Game, str]:
    """Greedy game ``seed`` stopped at one of its decisions with two or more options."""
    spec = load_spec(use_env_overrides=False)
    g = Game.new(spec, COLOURS, seed)
    bot = greedy_bot(random.Random(f"coach-bench:{seed}"))
    stops: list[int] = []
    probe = g.copy()
    n = 0
    while probe.state.stage != "over":
        legal = probe.legal_intents()
        if not legal:
            probe.advance()
            continue
        mine = [x for x in legal if x.colour == legal[0].colour]
        if len(mine) >= 2:
            stops.append(n)
        probe.play(bot(probe, legal), trusted=True)
        n += 1
    at = random.Random(seed).choice(stops)
    bot = greedy_bot(random.Random(f"coach-bench:{seed}"))
    n = 0
    while True:
        legal = g.legal_intents()
        if not legal:
            g.advance()
            continue
        if n == at:
            return g, legal[0].colour
        g.play(bot(g, legal), trusted=True)
        n += 1


def _agrees(a: list[Any], res: Any, best: Any, equal: bool = True,
            rivals: bool = True) -> bool:
    """Hint #1 (``a[0]``) is ``best``, or ``best`` is shown about equal to it, or the two
    are within the noise by the hint search's own figures (``res``): when they last had the
    same number of games (``equal``: :func:`~.coach.about_equal`, what the hint shows, each
    other option searched a rival of the first), or their final figures (``equal=False``: an
    option dropped early compared with one tried up to ten times as often).  ``rivals=False``:
    the noise of one comparison (1.96 standard errors), the rule shown before hint3, and
    what was shown equal by that rule (the same test)."""
    first = a[0].intent
    stats = {o.intent: o for o in res.options}
    shown_equal = rivals and any(h.intent == best and h.about_equal for h in a)
    if best not in stats or first not in stats:
        noise_equal = False
    elif equal:
        noise_equal = (about_equal(res, first, best) if rivals
                       else within_noise(*equal_effort(res, first, best)))
    else:
        noise_equal = within_noise(stats[first], stats[best],
                                   max(1, len(res.options) - 1) if rivals else 1)
    return bool(first == best or shown_equal or noise_equal)


def one(seed: int, deep: int, iterations: int, references: int = 1,
        halving: bool = True, known: list[str] | None = None) -> dict[str, Any]:
    g, colour = position(seed)
    spec = g.spec
    me = g.state.seats[colour].controller
    options = [x for x in g.legal_intents() if x.colour == colour]
    view = view_for(spec, g.state, me)
    cpu = []
    answers = []
    for _ in range(2):
        t = time.process_time()
        answers.append(hints(spec, view, options, iterations=iterations))
        cpu.append(time.process_time() - t)
    (a, ra), (b, _) = answers
    first = a[0].intent
    deeps = []
    deep_cpu = []
    for k in range(0 if known else references):
        t = time.process_time()
        salt = "deep" if k == 0 else f"deep{k + 1}"
        deeps.append(search(spec, view, options, view_rng(view, options, salt),
                            iterations=iterations * deep, seconds=None, halving=halving))
        deep_cpu.append(round(time.process_time() - t, 2))
    bests = ([d.choice for d in deeps] if not known
             else [next(x for x in options if str(x) == name) for name in known])
    best = bests[0]
    refs_agree = all(
        x == y or within_noise(*equal_effort(d, x, y))
        for d in deeps for x in bests for y in bests
        if any(o.intent == x for o in d.options) and any(o.intent == y for o in d.options)
    ) if deeps else None  # (--deep-from: not searched again)
    chances = [h.chance for h in a if h.chance is not None]
    return {"seed": seed, "kind": (view.get("decision") or {}).get("kind"),
            "options": len(options), "identical": a == b,
            "agree": _agrees(a, ra, best),
            "agree_each": [_agrees(a, ra, x) for x in bests],
            "agree_each_final_figures": [_agrees(a, ra, x, equal=False) for x in bests],
            "agree_each_one_comparison": [_agrees(a, ra, x, rivals=False) for x in bests],
            "shown_equal": [h.about_equal for h in a[1:]],
            "shown_equal_one_comparison": [
                within_noise(*equal_effort(ra, first, h.intent)) for h in a[1:]],
            "references_agree": refs_agree,
            "same_first": first == best, "ordered": chances == sorted(chances, reverse=True),
            "hint_cpu_s": [round(x, 3) for x in cpu], "deep_cpu_s": deep_cpu,
            "first": str(first), "deep_best": [str(x) for x in bests],
            "first_chance": a[0].chance, "first_range": [a[0].low, a[0].high],
            "hint_options": [[str(o.intent), o.visits, round(o.wins, 3)] for o in ra.options[:4]],
            "deep_options": [[[str(o.intent), o.visits, round(o.wins, 3)] for o in d.options[:4]]
                             for d in deeps]}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--positions", type=int, default=20)
    p.add_argument("--deep", type=int, default=10)
    p.add_argument("--iterations", type=int, default=HINT_ITERATIONS)
    p.add_argument("--start", type=int, default=0,
                   help="first position (seed); with --positions, a part of a run split "
                        "across processes")
    p.add_argument("--references", type=int, default=1)
    p.add_argument("--reference", choices=["halving", "ucb"], default="halving")
    p.add_argument("--deep-from", default=None, metavar="FILE", nargs="+",
                   help="take the deep searches' bests from earlier --json runs (their rows' "
                        "deep_best: seeded, so the same) instead of searching again")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    known: dict[int, list[str]] = {}
    for name in args.deep_from or []:
        for r in json.loads(Path(name).read_text())["rows"]:
            known[r["seed"]] = r["deep_best"]
    rows = []
    for seed in range(args.start, args.start + args.positions):
        rows.append(one(seed, args.deep, args.iterations, args.references,
                        args.reference == "halving", known.get(seed)))
        print(json.dumps({k: rows[-1][k] for k in ("seed", "agree_each", "references_agree",
                                                   "hint_cpu_s")}), file=sys.stderr)
    cpu = sorted(x for r in rows for x in r["hint_cpu_s"])
    out = {
        "engine": ENGINE, "iterations": args.iterations, "deep": args.deep,
        "reference": args.reference, "references": args.references,
        "positions": len(rows), "identical": sum(r["identical"] for r in rows),
        "agree": sum(r["agree"] for r in rows),
        "agree_each": [sum(r["agree_each"][k] for r in rows) for k in range(args.references)],
        "agree_each_final_figures": [sum(r["agree_each_final_figures"][k] for r in rows)
                                     for k in range(args.references)],
        "agree_each_one_comparison": [sum(r["agree_each_one_comparison"][k] for r in rows)
                                      for k in range(args.references)],
        "references_agree": (None if known else sum(r["references_agree"] for r in rows)),
        "same_first": sum(r["same_first"] for r in rows),
        "shown_equal": [sum(sum(r["shown_equal"]) for r in rows),
                        sum(len(r["shown_equal"]) for r in rows)],
        "shown_equal_one_comparison": sum(sum(r["shown_equal_one_comparison"]) for r in rows),
        "ordered": sum(r["ordered"] for r in rows),
        "hint_cpu_s": {"p50": round(statistics.median(cpu), 3),
                       "p95": round(cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))], 3),
                       "max": round(cpu[-1], 3)},
        "rows": rows,
    }
    print(json.dumps(out if args.json else {k: v for k, v in out.items() if k != "rows"},
                     indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
