"""First Martians assistant speed: one full explained round, and its pieces.

    .venv/bin/python benchmarks/first_martians.py [--json]

Best of N timed runs (the machine is shared): ms per full round of the sample HUB (all six
phases, every event explained), ms per state copy, ms per travel route on a full map.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import yaml

from mrp_tutor.games.first_martians import default_board, explain_event, load_state, route
from mrp_tutor.games.first_martians.round_file import play_round, round_intents
from mrp_tutor.games.first_martians.state import clone

SAMPLE = (Path(__file__).resolve().parents[1] / "mrp_tutor/games/first_martians/data"
          / "sample_round.yaml")


def best_ms(fn: Callable[[], object], n: int = 7, reps: int = 10) -> float:
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        for _ in range(reps):
            fn()
        out.append((time.perf_counter() - t0) / reps * 1000)
    return min(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    doc = yaml.safe_load(SAMPLE.read_text())

    def one_round() -> None:
        table, intents = round_intents(doc, "bench")
        for e in play_round(table, intents):
            str(explain_event(e))

    board = default_board()
    full = load_state({**doc["state"], "tiles": {
        s.id: {"name": s.name} for s in board.spaces if s.id != "hub" and s.explorable
        and s.id != "r3_s"}})
    res = {
        "round_ms": round(best_ms(one_round), 2),
        "state_copy_ms": round(best_ms(lambda: clone(full), reps=50), 3),
        "route_full_map_ms": round(best_ms(lambda: route(board, full, "r3_s", explore=True)), 2),
    }
    print(json.dumps(res) if args.json else "\n".join(f"{k}: {v}" for k, v in res.items()))


if __name__ == "__main__":
    main()
