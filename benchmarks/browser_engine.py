"""The plain-Python engine inside the static site's own Python (Pyodide 314, run by ``node``:
the WebAssembly runtime Chromium runs too), from a built site (``make site``).

    .venv/bin/python benchmarks/browser_engine.py [--site dist/site] [--games 40]
        [--decisions 12] [--json]

* random 4-player games a second (``--games`` games, seeds 0..n-1);
* the hard level's decisions (the seat picker's "Hard" in the browser;
  :class:`~mrp_tutor.games.mission_red_planet.ui.seat.SearchLevel`): the wall seconds of each
  of the first ``--decisions`` decisions with more than one option in a 3-player game of
  hard bots (seed 11), with p50 and max.

Needs ``node`` (the site's build needs it too).  Figures are of this machine, at the time.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

HARNESS = r"""
import { loadPyodide } from "%(pyodide)s";
const py = await loadPyodide({ indexURL: "%(index)s" });
await py.loadPackage(["mrp-tutor"], { messageCallback: () => {} });
py.runPython(`%(python)s`);
"""

PYTHON = r"""
import json, statistics, time
from mrp_tutor.games.mission_red_planet.engine import Game, load_spec
from mrp_tutor.games.mission_red_planet.engine.bots import bot_game
from mrp_tutor.games.mission_red_planet.ui.seat import SearchLevel

spec = load_spec(use_env_overrides=False)
t = time.perf_counter()
for seed in range(GAMES):
    bot_game(spec, ["red", "blue", "green", "yellow"], seed, bot="random")
games_s = GAMES / (time.perf_counter() - t)
g = Game.new(spec, ["red", "blue", "green"], 11)
hard, times = SearchLevel(), []
while not g.over and len(times) < DECISIONS:
    legal = g.legal_intents()
    if not legal:
        g.advance()
        continue
    mine = [x for x in legal if x.colour == legal[0].colour]
    t = time.perf_counter()
    intent, _why = hard(g, legal)
    if len(mine) > 1:
        times.append(time.perf_counter() - t)
    g.play(intent)
print("RESULT " + json.dumps({
    "random_games_per_s": round(games_s, 1),
    "hard_decision_s": [round(x, 2) for x in times],
    "hard_decision_p50_s": round(statistics.median(times), 2),
    "hard_decision_max_s": round(max(times), 2)}))
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "dist" / "site")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--decisions", type=int, default=12)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    runtime = (args.site / "static" / "pyodide").resolve()
    if not (runtime / "pyodide.mjs").is_file():
        raise SystemExit(f"{args.site}: no built site (make site)")
    python = (PYTHON.replace("GAMES", str(args.games))
              .replace("DECISIONS", str(args.decisions)).replace("`", "\\`"))
    with tempfile.TemporaryDirectory() as temp:
        script = Path(temp) / "bench.mjs"
        script.write_text(HARNESS % {"pyodide": (runtime / "pyodide.mjs").as_posix(),
                                     "index": runtime.as_posix() + "/", "python": python},
                          encoding="utf-8")
        res = subprocess.run(["node", str(script)], capture_output=True, text=True)
    line = next((x for x in res.stdout.splitlines() if x.startswith("RESULT ")), None)
    if res.returncode != 0 or line is None:
        sys.stderr.write(res.stderr[-3000:])
        return 1
    out = json.loads(line.removeprefix("RESULT "))
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
