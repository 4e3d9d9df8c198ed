"""A fixed set of seeded random 4-player games, for instruction counts (valgrind callgrind).

    PYTHONHASHSEED=0 valgrind --tool=callgrind --collect-atstart=no \
        --toggle-collect=CPyPy_bots___bot_game .venv/bin/python benchmarks/engine_games.py 100

Plays 3 warm-up games (seeds 0-2) and then ``N`` games (seeds 100 to 100 + N - 1) with
``bot_game`` (the random bot, the full cited log), and prints which engine ran and how many
decisions were made (the same games give the same count).  Collected inside ``bot_game`` only
(the option above, compiled engine), the count does not depend on the machine's load: divide
it by N + 3 for the instructions per game.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mrp_tutor.games.mission_red_planet.engine import ENGINE, Game, load_spec
from mrp_tutor.games.mission_red_planet.engine.bots import bot_game


def main(n: int) -> None:
    spec = load_spec(use_env_overrides=False)
    colours = ["red", "blue", "green", "yellow"]
    for i in range(3):
        bot_game(spec, colours, i)
    steps = [0]

    def count(_: Game) -> None:
        steps[0] += 1

    for i in range(n):
        bot_game(spec, colours, 100 + i, on_step=count)
    print(f"{ENGINE}: {n} games, {steps[0] - n} decisions")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
