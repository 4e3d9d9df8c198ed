"""Audit, rulebook "Card Clarifications › Character Cards" (and the general clarifications
above the nine cards).

Rulebook facts checked (paraphrased): effects are mandatory and resolved as far as possible,
the Travel Agent's all or nothing; the Soldier kills in zones only (not the two central ones),
his own astronauts included, so with only his own in reach he must kill one of them; the
Femme Fatale's replace reaches launched ships and Phobos, the victim goes to the Memorial;
the Explorer moves between adjacent zones (Phobos has none); the Scientist draws or looks.
Where the rulebook leaves the Femme Fatale open (does the own-astronaut condition cover the
ships? may she replace her own colour?), the refusal cites the tutor reading that decides it.
"""

from __future__ import annotations

import pytest

from mrp_tutor.games.mission_red_planet.engine import (
    Board,
    IllegalIntent,
    Kill,
    Peek,
    Replace,
    Stop,
    state_to_dict,
)

from .conftest import end_round, fresh, until


def test_a_soldier_with_only_his_own_astronauts_in_reach_must_kill_one(table):
    """Mandatory effect + 'a player can kill his own astronauts': the only legal kill is his
    own; he cannot stop instead (the central zones are out of reach)."""
    t = fresh(table)
    red, blue = t.colours[:2]
    t.put("hellas", red)
    t.put("syrtis_major", blue)
    t.put("valles_marineris", blue)
    t.choose({red: "soldier"})
    until(t, red, "kill")
    assert t.legal(red) == [Kill(red, "hellas", red)]
    with pytest.raises(IllegalIntent):
        t.play(Stop(red))
    evs = t.play(Kill(red, "hellas", red))
    assert t.state.memorial.get(red) == 1
    assert evs[0].type == "astronaut_killed" and evs[0].rule == "characters.soldier.kill"


def test_the_soldier_kills_in_zones_not_aboard_ships(table):
    """The kill targets astronauts in a zone; an astronaut on a docked ship is out of reach."""
    t = fresh(table)
    red, blue = t.colours[:2]
    t.dock([("s01", {blue: 1}), "s04", "s02", "s05"])
    t.put("hellas", blue)
    t.choose({red: "soldier"})
    until(t, red, "kill")
    assert {(x.zone, x.victim) for x in t.legal(red)} == {("hellas", blue)}
    before = state_to_dict(t.state)
    with pytest.raises(IllegalIntent) as err:
        t.play(Kill(red, "s01", blue))
    assert err.value.rule in t.spec.rules
    assert state_to_dict(t.state) == before


def test_femme_fatale_on_a_launched_ship_her_astronaut_lands_with_it(table):
    """Replace can target a launched ship; the replaced astronaut is killed (Memorial) and
    hers takes its seat, landing with the ship in step 3."""
    t = fresh(table)
    red, blue = t.colours[:2]
    t.launched("s10", {red: 1, blue: 2})  # Hellas-bound, launched earlier this round
    t.choose({red: "femme_fatale"})
    until(t, red, "replace")
    assert Replace(red, "s10", blue) in t.legal(red)
    evs = t.play(Replace(red, "s10", blue))
    kinds = [e.type for e in evs]
    assert kinds[0] == "astronaut_replaced" and evs[0].rule == "characters.femme_fatale"
    assert t.state.memorial.get(blue) == 1
    end_round(t)
    assert t.state.zones["hellas"].get(red) == 2 and t.state.zones["hellas"].get(blue) == 1


def test_femme_fatale_reaches_phobos_where_she_is_present(table):
    """Phobos included: with one of her astronauts there she may replace another's."""
    t = fresh(table)
    red, blue = t.colours[:2]
    t.put("phobos", red)
    t.put("phobos", blue)
    t.choose({red: "femme_fatale"})
    until(t, red, "replace")
    assert Replace(red, "phobos", blue) in t.legal(red)
    t.play(Replace(red, "phobos", blue))
    assert t.state.zones["phobos"] == {red: 2}
    assert t.state.memorial.get(blue) == 1


def _reading(t, rule):
    entry = t.spec.rules[rule]
    assert entry.section.startswith("Tutor readings › ")
    assert "tutor reading" in entry.source


def test_femme_fatale_on_a_ship_without_her_astronaut_cites_the_tutor_reading(table):
    """The rulebook attaches 'where one of his own astronauts is already present' to the
    zones; whether it also covers the ships is open. The engine applies it to ships too, so the
    refusal must cite a labelled tutor reading (the zone case stays the rulebook's)."""
    t = fresh(table)
    red, blue = t.colours[:2]
    t.dock([("s01", {blue: 1}), "s04", "s02", "s05"])
    t.put("hellas", blue)
    t.put("ausonia", red)
    t.put("ausonia", blue)  # one legal target, so the replace step is the decision
    t.choose({red: "femme_fatale"})
    t.play(Board(red, "s04"))
    assert t.legal(red) == [Replace(red, "ausonia", blue)]
    before = state_to_dict(t.state)
    with pytest.raises(IllegalIntent) as err:
        t.play(Replace(red, "s01", blue))
    assert err.value.code == "presence_required"
    assert err.value.rule == "characters.femme_fatale.ship_presence"
    _reading(t, err.value.rule)
    with pytest.raises(IllegalIntent) as err:
        t.play(Replace(red, "hellas", blue))
    assert err.value.code == "presence_required" and err.value.rule == "characters.femme_fatale"
    assert state_to_dict(t.state) == before


def test_femme_fatale_replacing_her_own_colour_cites_the_tutor_reading(table):
    """Only the 2-player rules say a (neutral) colour may replace its own astronauts; for a
    player's own colour the rulebook is silent, so the refusal cites a tutor reading."""
    t = fresh(table)
    red, blue = t.colours[:2]
    t.put("hellas", red, 2)
    t.put("hellas", blue)
    t.choose({red: "femme_fatale"})
    until(t, red, "replace")
    assert Replace(red, "hellas", red) not in t.legal(red)
    before = state_to_dict(t.state)
    with pytest.raises(IllegalIntent) as err:
        t.play(Replace(red, "hellas", red))
    assert err.value.code == "cannot_replace_own"
    assert err.value.rule == "characters.femme_fatale.not_own"
    _reading(t, err.value.rule)
    assert state_to_dict(t.state) == before


def test_an_explorer_whose_astronauts_are_all_on_phobos_moves_nothing(table):
    """Phobos is adjacent to no zone, so an Explorer with astronauts only there has no move;
    the rest of the card is resolved as far as possible."""
    t = fresh(table)
    red = t.colours[0]
    t.put("phobos", red, 2)
    t.choose({red: "explorer"})
    until(t, red, "board")
    evs = t.play(Board(red, "s01"))
    skipped = [e for e in evs if e.type == "step_skipped"]
    assert [(e.effect, e.reason) for e in skipped] == [("move_adjacent",
                                                         "only_astronauts_on_phobos")]
    assert skipped[0].rule == "characters.as_fully_as_possible"
    assert t.state.zones["phobos"] == {red: 2}


def test_a_travel_agent_with_two_astronauts_left_does_nothing(table):
    """All or nothing: with fewer than three astronauts in his supply the Travel Agent cannot
    resolve fully, so nothing is placed at all (not two of the three)."""
    t = fresh(table)
    red = t.colours[0]
    t.kill(red, t.state.seats[red].supply - 2)
    evs = t.choose({red: "travel_agent"})  # called before the others' Pilots
    evs += end_round(t)
    skipped = [e for e in evs if e.type == "step_skipped" and e.colour == red]
    assert skipped and skipped[0].rule == "characters.travel_agent" and skipped[0].left == 3
    assert not [e for e in evs if e.type == "astronauts_boarded" and e.colour == red]
    assert t.state.seats[red].supply == 2


def test_a_scientist_facing_an_empty_event_deck_must_look_at_a_discovery(table):
    """Draw or look: with no event card left, looking at a face-down discovery is what is
    left of the effect, and it is mandatory."""
    t = fresh(table)
    red = t.colours[0]
    t.state.discoveries["hellas"] = "lichens"
    t.state.event_deck.clear()
    t.touch()
    t.choose({red: "scientist"})
    until(t, red, "draw_or_peek")
    assert t.legal(red) == [Peek(red, "hellas")]
