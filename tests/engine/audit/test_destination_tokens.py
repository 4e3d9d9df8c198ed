"""Audit, rulebook "Destination Tokens" and "Setup › 4. Prepare Ships" (the Phobos token).

Rulebook facts checked (paraphrased): without a Phobos-bound ship at setup, a Phobos token
goes on the right-most docked ship, which is then bound for Phobos and lands there, and its
token returns to the supply; the supply holds two tokens per zone, so a token sitting on a
ship is not available until that ship lands and gives it back.
"""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine import Board, PlaceToken

from .conftest import end_round, fresh, until


def test_the_setup_phobos_token_sends_its_ship_to_phobos_and_returns(make):
    """Seed 2 deals no Phobos-bound ship: the right-most ship (s22, Mare Serpentis, capacity
    2, one starting astronaut aboard) gets the Phobos token. Filled, it lands on Phobos."""
    t = make(4, 2)
    s = t.state
    right = s.docks[-1]
    assert right == "s22" and t.spec.ships[right].destination == "mare_serpentis"
    assert s.ships[right].tokens == ["phobos"] and s.dest_supply["phobos"] == 1
    first = s.first
    t.choose({first: "recruiter"})
    t.play(Board(first, right))  # now full: it launches after the Recruiter
    evs = end_round(t)
    landed = next(e for e in evs if e.type == "ship_landed" and e.ship == right)
    assert landed.zone == "phobos" and landed.rule == "round.land.token"
    assert sum(s.zones["phobos"].values()) == 2 and s.zones["mare_serpentis"] == {}
    assert s.dest_supply["phobos"] == 2


def test_a_token_on_a_ship_is_out_of_the_supply_until_the_ship_lands(table):
    """Both Hellas tokens ride on ships: a Pilot cannot take a third. Once one of the ships
    has landed (step 3) both tokens are back in the supply."""
    t = fresh(table)
    red, blue = t.colours[:2]
    t.launched("s19", {blue: 1}, tokens=["hellas"])
    t.launched("s20", {blue: 1}, tokens=["hellas"])
    assert t.state.dest_supply["hellas"] == 0
    t.choose({red: "pilot"})
    until(t, red, "board")
    t.play(Board(red, "s04"))
    zones = {x.zone for x in t.legal(red) if isinstance(x, PlaceToken)}
    assert "hellas" not in zones and "phobos" in zones
    t.play(PlaceToken(red, "s19", "phobos"))  # the first ship now goes to Phobos instead
    end_round(t)
    assert t.state.dest_supply["hellas"] == 2 and t.state.dest_supply["phobos"] == 2
    assert t.state.zones["phobos"].get(blue) == 1 and t.state.zones["hellas"].get(blue) == 1
