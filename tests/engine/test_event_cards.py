"""Rulebook "Event Cards" and "Card Clarifications › Action Cards".

The action cards' exact texts are unverified data (events.yaml); these tests check the
engine plays each effect primitive at its stated time and keeps actions hidden until then.
"""

from __future__ import annotations

import pytest

from mrp_tutor.engine import Kill, Stop, advance
from mrp_tutor.engine.intents import Rescue
from mrp_tutor.engine.views import view_for

THIRD = 13


@pytest.fixture
def t(four_docks):
    for c in four_docks.colours:
        four_docks.state.seats[c].missions = []
    return four_docks


def _give(t, colour, card):
    t.state.event_deck.remove(card)
    t.state.seats[colour].actions.append(card)
    t.touch()


def _third(t):
    s = t.state
    s.track_index, s.stage, s.round = THIRD, "production", 10
    out: list = []
    advance(t.spec, s, out)
    t.touch()
    return out


def test_event_deck_composition(spec):
    assert (len(spec.discoveries), len(spec.missions), len(spec.actions)) == (13, 13, 4)
    assert all(not c.verified for c in spec.actions.values())  # never claimed as verified


def test_actions_stay_hidden_with_the_missions_until_played(t):
    red, blue = t.colours[:2]
    _give(t, red, "blocks_of_ice")
    v = view_for(t.spec, t.state, blue)
    assert v["seats"][red]["actions"] is None and v["seats"][red]["action_count"] is None
    assert v["seats"][red]["secret_cards"] == 1  # only the face-down total is public
    assert view_for(t.spec, t.state, red)["seats"][red]["actions"] == ["blocks_of_ice"]


def test_gain_tokens_action_is_played_at_its_time(t):
    red, blue = t.colours[:2]
    _give(t, red, "blocks_of_ice")  # data: played after the third production
    t.flip("hellas", "celerium")
    t.put("hellas", blue)
    out = _third(t)
    types = [e.type for e in out]
    assert types.index("tokens_produced") < types.index("action_played")
    gained = next(e for e in out if e.type == "tokens_gained")
    assert gained.colour == red and gained.resource == "ice" and gained.rule == "actions.effect"
    assert t.state.seats[red].actions == []
    assert t.state.result is not None  # the game went on to final scoring


def test_rescue_action_brings_astronauts_back_from_the_memorial(t):
    red = t.colours[0]
    _give(t, red, "rescue_operation")
    t.kill(red, 3)
    t.put("hellas", red)
    _third(t)
    d = t.game.decision()
    assert d.kind == "action:rescue_from_memorial" and d.colours == (red,) and d.left == 2
    assert Rescue(red, "hellas") in t.legal(red) and Stop(red) in t.legal(red)
    t.play(Rescue(red, "hellas"))
    t.play(Rescue(red, "hellas"))
    assert t.state.memorial[red] == 1 and t.state.zones["hellas"][red] == 3
    assert t.state.stage == "over"


def test_kill_action_targets_zones_where_the_player_is_present(t):
    red, blue = t.colours[:2]
    _give(t, red, "industrial_espionage")
    t.put("hellas", red)
    t.put("hellas", blue)
    t.put("ausonia", blue)
    _third(t)
    opts = t.legal(red)
    assert opts == [Kill(red, "hellas", blue)]  # not Ausonia: red is not there
    t.play(opts[0])
    assert t.state.memorial == {blue: 1}
