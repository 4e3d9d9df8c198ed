"""Golden playthroughs: 110 seeded bot games replay to byte-identical event logs.

The stored logs (``tests/golden/games.jsonl.gz``, written by ``tests/golden/make_golden.py``)
pin every event, rule id and decision of games with 3-6 players and the 2-player variant,
played by the random and the greedy bot.  A change to the engine that alters any of them
fails here; an intended change regenerates the file and lists the change in its commit.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from mrp_tutor.engine import event_from_dict, event_to_dict, load_spec, replay

_PATH = Path(__file__).resolve().parents[1] / "golden" / "make_golden.py"
_SPEC = importlib.util.spec_from_file_location("make_golden", _PATH)
assert _SPEC is not None and _SPEC.loader is not None
golden = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(golden)

STORED: dict[str, str] = golden.load()
GAMES = list(golden.games())


def test_every_golden_game_is_stored() -> None:
    assert sorted(STORED) == sorted(g[0] for g in GAMES)
    assert len(GAMES) >= 100


@pytest.mark.parametrize("game", GAMES, ids=[g[0] for g in GAMES])
def test_golden_log_identical(game: tuple[str, str, int, str, int]) -> None:
    assert golden.line(*game) == STORED[game[0]]


@pytest.mark.parametrize("name", ["2p-greedy-3", "4p-random-0", "6p-greedy-10"])
def test_golden_log_replays_and_round_trips(name: str) -> None:
    log = [event_from_dict(d) for d in json.loads(STORED[name])["log"]]
    again = json.loads(json.dumps([event_to_dict(e) for e in log]))
    assert again == json.loads(STORED[name])["log"]
    assert replay(load_spec(use_env_overrides=False), log).stage == "over"
