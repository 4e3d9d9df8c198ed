"""Golden playthroughs: 110 seeded bot games replay to identical event logs.

The stored logs (``tests/golden/games/*.txt``: one plain-text file per game, one event a
line; written by ``tests/golden/make_golden.py``, format in :mod:`testkit.golden`) pin every
event, rule id and decision of games with 3-6 players and the 2-player ruleset, played by the
random and the greedy bot.  A change to the engine that alters any of them fails here; an
intended change rewrites the files and lists the change in its commit.
"""

from __future__ import annotations

import json

import pytest
from testkit import golden

from mrp_tutor.games.mission_red_planet.engine import (
    event_from_dict,
    event_to_dict,
    load_spec,
    replay,
)

STORED: dict[str, str] = golden.load()
GAMES = list(golden.games())


def test_every_golden_game_is_stored() -> None:
    assert sorted(STORED) == sorted(g[0] for g in GAMES)
    assert len(GAMES) >= 100


@pytest.mark.parametrize("game", GAMES, ids=[g[0] for g in GAMES])
def test_golden_log_identical(game: tuple[str, str, int, str, int]) -> None:
    assert golden.text(*game) == STORED[game[0]]


def test_a_golden_file_is_one_event_a_line() -> None:
    body = STORED["4p-random-0"]
    lines = body.splitlines()
    parsed = golden.parse(body)
    assert lines[0].startswith("# golden game 4p-random-0")
    assert len(lines) == 1 + len(parsed["log"]) + len(parsed["decisions"])
    assert lines[1].startswith('event {"type": "game_started", "rule": "setup.colors"')


@pytest.mark.parametrize("name", ["2p-greedy-3", "4p-random-0", "6p-greedy-10"])
def test_golden_log_replays_and_round_trips(name: str) -> None:
    stored = golden.parse(STORED[name])["log"]
    log = [event_from_dict(d) for d in stored]
    assert json.loads(json.dumps([event_to_dict(e) for e in log])) == stored
    assert replay(load_spec(use_env_overrides=False), log).stage == "over"
