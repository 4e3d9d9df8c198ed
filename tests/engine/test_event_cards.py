"""Rulebook "Event Cards" and "Card Clarifications › Action Cards".

The action cards' exact texts are unverified data (events.yaml); these tests check the
engine plays each effect primitive at its stated time and keeps actions hidden until then.
"""

from __future__ import annotations

import pytest

from mrp_tutor.games.mission_red_planet.engine import Kill, Stop, advance
from mrp_tutor.games.mission_red_planet.engine.intents import KeepAction, PlayAction, Rescue
from mrp_tutor.games.mission_red_planet.engine.views import view_for

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
    d = t.game.decision()  # its holder decides whether to play it (tutor reading)
    assert d.kind == "play_action" and d.colours == (red,) and d.rule == "actions.timing"
    assert t.legal(red) == [PlayAction(red, "blocks_of_ice"), KeepAction(red, "blocks_of_ice")]
    assert "tokens_produced" in [e.type for e in out]  # after the third production
    out = t.play(PlayAction(red, "blocks_of_ice"))
    assert out[0].type == "action_played" and out[0].rule == "events.actions"
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
    t.play(PlayAction(red, "rescue_operation"))
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
    t.play(PlayAction(red, "industrial_espionage"))
    opts = t.legal(red)
    assert opts == [Kill(red, "hellas", blue)]  # not Ausonia: red is not there
    t.play(opts[0])
    assert t.state.memorial == {blue: 1}


def test_a_held_action_may_be_kept_unplayed_and_stays_secret(t):
    """Tutor reading actions.timing: at its moment the holder plays the card or keeps it;
    keeping it (here: declining a kill) changes nothing and never reveals the card."""
    from mrp_tutor.games.mission_red_planet.engine.views import redact

    red, blue = t.colours[:2]
    _give(t, red, "industrial_espionage")
    t.put("hellas", red)
    t.put("hellas", blue)
    _third(t)
    v = view_for(t.spec, t.state, blue)["decision"]
    assert v["kind"] == "play_action" and v["character"] == "hidden"
    assert view_for(t.spec, t.state, red)["decision"]["character"] == "industrial_espionage"
    out = t.play(KeepAction(red, "industrial_espionage"))
    kept = next(e for e in out if e.type == "action_kept")
    assert kept.rule == "actions.timing"
    assert redact(kept, t.state, blue).card is None  # the card stays secret
    done = next(e for e in out if e.type == "work_done")
    assert "industrial_espionage" not in done.item
    assert t.state.memorial == {} and t.state.zones["hellas"] == {red: 1, blue: 1}
    assert t.state.seats[red].actions == ["industrial_espionage"]  # still held, unplayed
    assert t.state.stage == "over"


def test_bots_play_every_action_automatically(t):
    import random

    from mrp_tutor.games.mission_red_planet.engine.bots import greedy_bot, random_bot

    red = t.colours[0]
    _give(t, red, "blocks_of_ice")
    _third(t)
    legal = t.legal(red)
    for bot in (random_bot(random.Random(1)), greedy_bot(random.Random(1))):
        assert bot(t.game, legal) == PlayAction(red, "blocks_of_ice")
