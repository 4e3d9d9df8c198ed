"""Hidden information (rulebook: secret choice, hidden missions/actions, face-down resources
and discoveries, shuffled decks): what a player's view and the redacted log may show."""

from __future__ import annotations

import json
import random

import pytest

from mrp_tutor.games.mission_red_planet.engine import ChooseCharacter, Game, event_to_dict
from mrp_tutor.games.mission_red_planet.engine.views import HIDDEN, redact, view_for
from mrp_tutor.games.mission_red_planet.explain import explain_event


def _check_view(spec, s, viewer):
    v = view_for(spec, s, viewer)
    json.dumps(v)  # JSON-ready
    for c, seat in v["seats"].items():
        if c == viewer:
            assert seat["hand"] == s.seats[c].hand
            continue
        assert seat["hand"] is None and seat["missions"] is None and seat["actions"] is None
        assert seat["dealt"] is None and seat["peeked"] is None
        assert seat["mission_count"] is None and seat["action_count"] is None
        assert seat["chosen"] in (None, HIDDEN)
    for z, zone in v["zones"].items():
        if not s.face_up[z]:
            assert zone["resource"] == HIDDEN
        if z in s.discoveries and not s.discoveries_revealed:
            assert zone["discovery"] in (HIDDEN, s.seats[viewer].peeked.get(z))
    assert isinstance(v["ship_deck"], int) and isinstance(v["event_deck"], int)
    if s.held is not None and s.cur != viewer:
        assert v["held_discovery"] == HIDDEN
    unrevealed = [c for c in s.queue if s.seats[c].chosen is not None]
    assert [c for c in v["queue"] if c in unrevealed] == [c for c in s.order if c in unrevealed]


@pytest.mark.parametrize("seed", range(6))
def test_views_hide_what_the_rules_hide_at_every_step(spec, seed):
    g = Game.new(spec, ["red", "blue", "green", "yellow"][: 3 + seed % 2], seed=seed)
    rng = random.Random(seed)
    while not g.over:
        for viewer in g.state.order:
            _check_view(spec, g.state, viewer)
        g.play(rng.choice(g.legal_intents()), trusted=True)
    final = view_for(spec, g.state, "red")
    assert final["result"]["winners"] == list(g.state.result.winners)


def test_view_does_not_depend_on_hidden_information(table):
    spec, s = table.spec, table.state
    red, blue = table.colours[:2]
    table.play(ChooseCharacter(blue, "pilot"))
    before = view_for(spec, s, red)
    # change only what red may not know
    s.seats[blue].chosen = "explorer"
    s.seats[blue].missions = list(reversed(s.seats[blue].missions)) or ["x"]
    s.event_deck.reverse()
    s.ship_deck.reverse()
    z = next(z for z in spec.zones if not s.face_up[z])
    s.resources[z] = "celerium" if s.resources[z] != "celerium" else "ice"
    s.discoveries["hellas"] = "lichens"
    other = view_for(spec, s, red)
    before["zones"]["hellas"]["discovery"] = HIDDEN
    assert before == other
    assert view_for(spec, s, blue)["seats"][blue]["chosen"] == "explorer"
    assert view_for(spec, s, None, referee=True)["seats"][blue]["chosen"] == "explorer"


def test_redact_blanks_other_players_secrets_but_not_ones_own(spec):
    g = Game.new(spec, ["red", "blue", "green"], seed=3)
    rng = random.Random(3)
    while g.state.round < 2:
        g.play(rng.choice(g.legal_intents()), trusted=True)
    for ev in g.log:
        for viewer in ("red", "blue", "green"):
            r = redact(ev, g.state, viewer)
            explain_event(spec, r)  # redacted events still read as sentences
            if not ev.hidden:
                assert r is ev
                continue
            mine = ev.actor() == viewer
            for name in ev.hidden:
                assert (getattr(r, name) == getattr(ev, name)) if mine else (
                    getattr(r, name) is None)
        ref = redact(ev, g.state, None, referee=True)
        assert event_to_dict(ref) == event_to_dict(ev)
    kinds = {e.type for e in g.log if e.hidden}
    assert {"character_chosen", "deck_shuffled", "mission_kept", "missions_dealt",
            "resources_placed", "resolution_order_set"} <= kinds


def test_countdown_order_is_not_public_before_the_reveal(table):
    evs = table.choose({})
    ev = next(e for e in evs if e.type == "resolution_order_set")
    for viewer in table.colours:
        assert redact(ev, table.state, viewer).order is None


def _secrets(s, viewer):
    """Card ids other colours hold in secret now: missions and unplayed action cards."""
    out = set()
    for c, seat in s.seats.items():
        if c != viewer:
            out.update(seat.missions)
            out.update(seat.actions)
    return out


@pytest.mark.parametrize("seed", range(12))
def test_redacted_log_never_names_another_players_secret_card(spec, seed):
    """Missions and action cards stay hidden until the rules reveal them (events.missions,
    events.actions); queued action cards included, and the seed that would let a player
    recompute every shuffle is never shown."""
    g = Game.new(spec, ["red", "blue", "green", "yellow"], seed=seed)
    rng = random.Random(seed)
    checked = 0
    while g.state.stage not in ("final_scoring", "over"):
        before = {v: _secrets(g.state, v) for v in ("red", "blue")}
        revealed: set[str] = set()
        for ev in g.play(rng.choice(g.legal_intents()), trusted=True):
            if ev.type in ("action_played", "mission_scored"):
                revealed.add(ev.card)
            for viewer, secret in before.items():
                shown = json.dumps(event_to_dict(redact(ev, g.state, viewer)))
                for card in secret - revealed:
                    assert f'"{card}"' not in shown, (ev.type, card, viewer)
                checked += 1
    assert checked
    first = redact(g.log[0], g.state, "red")
    assert first.type == "game_started" and first.seed is None
    assert "seed hidden" in explain_event(spec, first).text
    assert redact(g.log[0], g.state, "red", referee=True).seed == seed
