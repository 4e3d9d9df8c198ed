"""Rulebook "Reveal Discovery Phase" and "Card Clarifications › Discovery Cards"."""

from __future__ import annotations

import pytest

from mrp_tutor.games.mission_red_planet.engine import Board, IllegalIntent, Move, advance
from mrp_tutor.games.mission_red_planet.engine.intents import AssignDiscovery, DrawEvent

REVEAL, THIRD = 12, 13  # round-tracker indices


@pytest.fixture
def t(four_docks):
    return four_docks


def _run(t, index, stage):
    s = t.state
    s.track_index, s.stage, s.round = index, stage, 10
    out: list = []
    advance(t.spec, s, out)
    t.touch()
    return out


def _assign(t, zone, card):
    if card in t.state.event_deck:
        t.state.event_deck.remove(card)
    t.state.discoveries[zone] = card
    t.touch()


def test_reveal_phase_turns_every_discovery_face_up(t):
    _assign(t, "hellas", "lichens")
    _assign(t, "ausonia", "rich_vein")
    out = _run(t, REVEAL, "reveal_discoveries")
    ev = next(e for e in out if e.type == "discoveries_revealed")
    assert dict(ev.cards) == {"hellas": "lichens", "ausonia": "rich_vein"}
    assert ev.rule == "discoveries.reveal_phase"
    assert t.state.discoveries_revealed
    adv = [e for e in out if e.type == "track_advanced"]
    assert adv[0].kind == "production" and adv[0].number == 3


def test_reveal_discovery_removes_one_astronaut_of_each_player(t):
    red, blue, green = t.colours[:3]
    _assign(t, "hellas", "native_resistance")
    t.put("hellas", red, 2)
    t.put("hellas", blue, 1)
    t.put("ausonia", green, 1)
    out = _run(t, REVEAL, "reveal_discoveries")
    removed = [e for e in out if e.type == "astronaut_removed"]
    assert sorted(e.colour for e in removed) == sorted([red, blue])
    assert t.state.zones["hellas"] == {red: 1}


def test_reveal_discovery_pulls_docked_astronauts_into_its_zone(t):
    red, blue = t.colours[:2]
    t.dock([("s01", {red: 1}), ("s04", {blue: 2}), "s02", "s05"])
    _assign(t, "hellas", "ether_magnet")
    out = _run(t, REVEAL, "reveal_discoveries")
    assert [e.type for e in out].count("astronauts_unloaded") == 2
    assert t.state.zones["hellas"] == {red: 1, blue: 2}
    assert t.state.face_up["hellas"]


def test_reveal_discovery_scatter_asks_each_present_player_to_move(t):
    red, blue = t.colours[:2]
    _assign(t, "hellas", "great_sandstorm")
    t.put("hellas", red, 2)
    t.put("hellas", blue, 1)
    _run(t, REVEAL, "reveal_discoveries")
    d = t.game.decision()
    assert d.kind == "scatter" and d.colours == (red,) and d.left == 2
    to = t.spec.adjacent["hellas"][0]
    assert {x.to_zone for x in t.legal(red)} == set(t.spec.adjacent["hellas"])
    t.play(Move(red, "hellas", to))
    t.play(Move(red, "hellas", to))
    assert t.game.decision().colours == (blue,)
    t.play(Move(blue, "hellas", to))
    assert t.state.zones["hellas"] == {}
    assert t.state.zones[to] == {red: 2, blue: 1}


# ----------------------------------------------------------------- third production


def _third(t):
    return _run(t, THIRD, "production")


def _revealed(t, zone, card):
    _assign(t, zone, card)
    t.state.discoveries_revealed = True


def test_even_ground_all_present_tie_in_third_production_only(t):
    red, blue = t.colours[:2]
    _revealed(t, "vastitas_borealis", "even_ground")
    t.flip("vastitas_borealis", "ice")
    t.put("vastitas_borealis", red, 3)
    t.put("vastitas_borealis", blue, 1)
    t.state.seats[red].missions = ["vastitas_borealis_control"]
    t.state.seats[blue].missions = ["vastitas_borealis_control"]
    out = _third(t)
    award = [e for e in out if e.type == "tokens_awarded"]
    assert sorted(e.colour for e in award) == sorted([red, blue])  # 3 tokens, tied: 1 each
    assert all(e.rule == "discoveries.even_uneven" for e in award)
    # final scoring uses the actual numbers: only red has the most in Vastitas Borealis
    scored = {e.colour: e.completed for e in out
              if e.type == "mission_scored" and e.card == "vastitas_borealis_control"}
    assert scored == {red: True, blue: False}


def test_uneven_ground_fewest_astronauts_take_the_tokens(t):
    red, blue = t.colours[:2]
    _revealed(t, "hellas", "uneven_ground")
    t.flip("hellas", "ice")
    t.put("hellas", red, 3)
    t.put("hellas", blue, 1)
    out = _third(t)
    award = [e for e in out if e.type == "tokens_awarded" and e.zone == "hellas"]
    assert [(e.colour, e.count) for e in award] == [(blue, 3)]


def test_mining_incident_takes_precedence_over_synergy(t):
    red = t.colours[0]
    _revealed(t, "hellas", "synergy")
    _revealed(t, "ausonia", "mining_incident")  # Ausonia is adjacent to Hellas
    assert "ausonia" in t.spec.adjacent["hellas"]
    t.flip("ausonia", "ice")
    t.flip("tritonis_sinus", "ice")
    t.put("ausonia", red)
    t.put("tritonis_sinus", red)
    out = _third(t)
    made = {e.zone: 0 for e in out if e.type == "tokens_produced"}
    for e in out:
        if e.type == "tokens_produced":
            made[e.zone] += e.count
    assert "ausonia" not in made  # no point tokens in the Mining Incident zone
    assert made["tritonis_sinus"] == 3 + 1  # Synergy works on the other neighbour
    blocked = [e for e in out if e.type == "production_modified" and e.zone == "ausonia"]
    assert {e.effect for e in blocked} == {"no_production", "synergy_blocked"}
    assert any(e.rule == "discoveries.mining_vs_synergy" for e in blocked)


@pytest.mark.parametrize("counts,expected,stays", [
    ({0: 3, 1: 2, 2: 2}, {1: 1, 2: 1}, 1),  # tie for second: split evenly, leftover stays
    ({0: 3, 1: 3, 2: 1}, {0: 1, 1: 1}, 1),  # tie for most: split among the tied as normal
    ({0: 3}, {}, 3),  # only one player present: tokens stay
    ({0: 4, 1: 1}, {1: 3}, 0),  # the second-most takes all
])
def test_subterfuge_clarification(t, counts, expected, stays):
    cs = t.colours
    _revealed(t, "hellas", "subterfuge")
    t.flip("hellas", "ice")
    for i, n in counts.items():
        t.put("hellas", cs[i], n)
    out = _third(t)
    award = {e.colour: e.count for e in out if e.type == "tokens_awarded" and e.zone == "hellas"}
    assert award == {cs[i]: n for i, n in expected.items()}
    assert sum(t.state.waiting["hellas"].values()) == stays


def test_extra_production_and_resource_change(t):
    red = t.colours[0]
    _revealed(t, "hellas", "rich_vein")
    _revealed(t, "ausonia", "frozen_cave")
    t.flip("hellas", "sylvanite")
    t.flip("ausonia", "celerium")
    t.put("hellas", red)
    t.put("ausonia", red)
    out = _third(t)
    made = {e.zone: (e.resource, e.count) for e in out if e.type == "tokens_produced"}
    assert made["hellas"] == ("sylvanite", 5)
    assert made["ausonia"] == ("ice", 3)


def test_final_scoring_discoveries_add_or_subtract(t):
    red, blue = t.colours[:2]
    _revealed(t, "hellas", "lichens")
    _revealed(t, "ausonia", "radiation_leak")
    _revealed(t, "mare_serpentis", "underground_lake")
    t.put("hellas", red)
    t.put("hellas", blue)
    t.put("ausonia", red)
    t.put("mare_serpentis", blue, 2)
    t.put("mare_serpentis", red, 1)
    out = _third(t)
    got = [(e.colour, e.card, e.points) for e in out if e.type == "discovery_scored"]
    assert sorted(got) == sorted([(red, "lichens", 6), (blue, "lichens", 6),
                                  (red, "radiation_leak", -3), (blue, "underground_lake", 4)])
    assert t.state.result.breakdown[red]["discoveries"] == 3


# ----------------------------------------------------------------- assignment limits


def _draw_discovery(t):
    red = t.colours[0]
    card = next(c for c in t.state.event_deck if c in t.spec.discoveries)
    t.state.event_deck.remove(card)
    t.state.event_deck.insert(0, card)
    t.choose({red: "scientist"})
    t.play(Board(red, "s01"))
    t.play(Board(red, "s01"))
    t.play(DrawEvent(red))
    return red


@pytest.mark.parametrize("zone,rule", [
    ("phobos", "phobos.no_discovery"),
    ("syrtis_major", "discoveries.allowed_zones"),
    ("valles_marineris", "discoveries.allowed_zones"),
])
def test_discoveries_cannot_go_to_phobos_or_the_central_zones(t, zone, rule):
    red = _draw_discovery(t)
    with pytest.raises(IllegalIntent) as err:
        t.play(AssignDiscovery(red, zone))
    assert err.value.code == "discovery_zone_forbidden" and err.value.rule == rule


def test_one_discovery_per_zone_tritonis_sinus_included(t):
    _assign(t, "tritonis_sinus", "lichens")
    red = _draw_discovery(t)
    assert AssignDiscovery(red, "tritonis_sinus") not in t.legal(red)
    with pytest.raises(IllegalIntent) as err:
        t.play(AssignDiscovery(red, "tritonis_sinus"))
    assert err.value.code == "discovery_zone_taken" and err.value.rule == "discoveries.one_per_zone"
    assert t.state.discoveries["tritonis_sinus"] == "lichens"  # never replaced
