"""The compiled engine (mypyc, ``make setup``) and its plain-Python sources play the same game.

The golden logs run with whichever engine is in use; this test plays the same seeded games
with both (``MRP_PURE_PYTHON=1`` keeps the sources in charge) and compares every event.
Without a build both runs are plain Python and the test still holds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PLAY = """
import json
from mrp_tutor.games.mission_red_planet.engine import ENGINE, event_to_dict, find_ruleset, load_spec
from mrp_tutor.games.mission_red_planet.engine.bots import bot_game
logs = []
for ruleset, colours in (("standard", ["red", "blue", "green", "yellow"]),
                         ("unique_abilities", ["red", "blue", "green", "yellow", "purple"])):
    spec = find_ruleset(ruleset).spec(use_env_overrides=False)
    for seed in range(3):
        g = bot_game(spec, colours, seed, ruleset=ruleset,
                     bot="greedy" if seed == 2 else "random")
        logs.append([event_to_dict(e) for e in g.log])
print(json.dumps({"engine": ENGINE, "logs": logs}))
"""


def _play(pure: bool) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "MRP_PURE_PYTHON"}
    if pure:
        env["MRP_PURE_PYTHON"] = "1"
    done = subprocess.run([sys.executable, "-c", PLAY], cwd=ROOT, env=env, capture_output=True,
                          text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_compiled_and_plain_python_engines_write_the_same_logs() -> None:
    pure, default = _play(True), _play(False)
    assert str(pure["engine"]).startswith("plain Python")
    assert pure["logs"] == default["logs"]
