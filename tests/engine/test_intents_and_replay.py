"""Intents as data (untrusted input), the pure ``step`` and replay of the event log."""

from __future__ import annotations

import json
import random

import pytest

from mrp_tutor.games.mission_red_planet.engine import (
    Game,
    MalformedIntent,
    event_from_dict,
    event_to_dict,
    format_intent,
    intent_from_dict,
    intent_to_dict,
    replay,
    state_to_dict,
    step,
)


def test_every_legal_intent_round_trips_through_json(spec):
    g = Game.new(spec, ["red", "blue", "green"], seed=8)
    rng = random.Random(8)
    seen = set()
    while not g.over:
        legal = g.legal_intents()
        for it in legal:
            data = json.loads(json.dumps(intent_to_dict(it)))
            assert intent_from_dict(data) == it
            assert format_intent(it).startswith(f"{it.colour}: {it.type}")
            seen.add(it.type)
        g.play(rng.choice(legal))
    assert {"keep_mission", "choose_character", "board"} <= seen


def test_intent_from_dict_rejects_wrong_field_types():
    with pytest.raises(MalformedIntent):
        intent_from_dict({"type": "board", "colour": "red", "ship": "s01", "count": "many"})


def test_step_is_pure_and_matches_play(spec):
    g = Game.new(spec, ["red", "blue", "green"], seed=2)
    rng = random.Random(2)
    for _ in range(60):
        legal = g.legal_intents()
        it = rng.choice(legal)
        before = state_to_dict(g.state)
        out = step(spec, g.state, it)
        assert state_to_dict(g.state) == before
        evs = g.play(it)
        assert [event_to_dict(e) for e in evs] == [event_to_dict(e) for e in out.events]
        assert state_to_dict(out.state) == state_to_dict(g.state)


def test_replay_of_any_prefix_rebuilds_that_position(spec):
    g = Game.new(spec, ["red", "blue", "green", "yellow"], seed=6)
    rng = random.Random(6)
    checkpoints = []
    while not g.over:
        checkpoints.append((len(g.log), state_to_dict(g.state)))
        g.play(rng.choice(g.legal_intents()))
    for n, expected in checkpoints[::17]:
        log = [event_from_dict(json.loads(json.dumps(event_to_dict(e)))) for e in g.log[:n]]
        assert state_to_dict(replay(spec, log)) == expected


def test_replay_needs_a_game_start(spec):
    g = Game.new(spec, ["red", "blue", "green"], seed=1)
    with pytest.raises(MalformedIntent) as err:
        replay(spec, g.log[1:])
    assert err.value.code == "bad_log"


def test_events_and_intents_pickle_and_deepcopy_as_equal_values():
    """Compiled events and intents with their own __init__ cannot be made empty and filled in
    (pickle's and deepcopy's default): Tagged.__reduce__ rebuilds them from their fields."""
    import copy
    import pickle

    from mrp_tutor.games.mission_red_planet.engine import load_spec
    from mrp_tutor.games.mission_red_planet.engine.game import Game

    spec = load_spec(use_env_overrides=False)
    g = Game.new(spec, ["red", "blue", "green", "yellow"], 7)
    rng = random.Random(7)
    seen: dict[str, object] = {}
    while g.state.stage != "over":
        legal = g.legal_intents()
        for it in legal:
            seen.setdefault(it.type, it)
        g.play(rng.choice(legal), trusted=True)
    for ev in g.log:
        seen.setdefault(ev.type, ev)
    assert len(seen) > 30
    for value in seen.values():
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value
