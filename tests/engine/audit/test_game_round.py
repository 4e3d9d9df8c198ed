"""Audit, rulebook "Playing the Game › The Game Round" (steps 2 to 6 of a round).

Rulebook facts checked (paraphrased): ships that launch during step 2 only land in step 3,
after every character has resolved; open docks are filled in step 4, not during step 2; the
new first player (step 5) is whoever resolved last, which with a tied character is the last
of the tied players clockwise from the old first player; and a phase on the tracker comes
after the round before it has fully ended (its ships landed).
"""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine import Board, Launch, PlaceToken

from .conftest import end_round, fresh


def test_a_ship_launched_in_step_2_lands_only_in_step_3(table):
    """Step 2 launches, step 3 lands: until every character has resolved, a launched ship's
    crew is on no zone, and a later Pilot may still send it elsewhere (it lands there)."""
    t = fresh(table)
    red, blue, green, yellow = t.colours
    t.choose({red: "secret_agent", blue: "pilot", green: "travel_agent", yellow: "recruiter"})
    t.play(Board(yellow, "s01"))  # Recruiter (9)
    t.play(Board(red, "s01"))  # Secret Agent (6)
    t.play(Board(red, "s04"))
    t.play(Launch(red, "s04"))  # s04 (Valles Marineris) leaves the launchpad
    assert "s04" in t.state.launched
    assert t.state.zones["valles_marineris"] == {}  # not landed yet
    t.play(Board(green, "s02", 3))  # Travel Agent (3): s04 is still not on Mars
    assert t.state.zones["valles_marineris"] == {}
    t.play(Board(blue, "s01"))
    evs = t.play(PlaceToken(blue, "s04", "hellas"))  # the Pilot (1) redirects it
    landed = next(e for e in evs if e.type == "ship_landed")
    assert (landed.ship, landed.zone) == ("s04", "hellas")
    assert t.state.zones["hellas"] == {red: 1}
    assert t.state.zones["valles_marineris"] == {}


def test_an_emptied_dock_is_refilled_in_step_4_only(table):
    """A dock emptied by a launch stays empty for the rest of step 2 (no new ship to board);
    step 4 fills it, after the landings (step 3) and before the new first player (step 5)."""
    t = fresh(table)
    red, blue, green, yellow = t.colours
    t.choose({red: "secret_agent", blue: "pilot", green: "pilot", yellow: "pilot"})
    t.play(Board(red, "s01"))
    t.play(Board(red, "s04"))
    t.play(Launch(red, "s04"))
    assert t.state.docks[1] is None
    boards = {x.ship for x in t.legal() if isinstance(x, Board)}
    assert boards == {"s01", "s02", "s05"}  # nothing docked where s04 was
    evs = end_round(t)
    kinds = [e.type for e in evs]
    docked = [e for e in evs if e.type == "ship_docked"]
    assert 1 in [e.dock for e in docked]
    assert all(e.rule == "round.refill" for e in docked)
    assert kinds.index("ship_landed") < kinds.index("ship_docked") \
        < kinds.index("first_player_set") < kinds.index("track_advanced")


def test_tied_last_character_the_last_clockwise_becomes_first_player(table):
    """Two players reveal the round's lowest character: they resolve clockwise from the first
    player, so the later of them resolved last and takes the round tracker."""
    t = fresh(table)
    red, blue, green, yellow = t.colours
    t.first(blue)  # clockwise from blue: blue, green, yellow, red
    t.choose({red: "pilot", blue: "pilot", green: "explorer", yellow: "recruiter"})
    evs = end_round(t)
    started = [e.colour for e in evs if e.type == "resolution_started"]
    assert started[-2:] == [blue, red]
    first = next(e for e in evs if e.type == "first_player_set")
    assert first.colour == red and first.rule == "round.first_player"


def test_ships_launched_in_round_five_land_before_the_first_production(table):
    """The first production comes after round 5 has ended: a crew launched in round 5 is on
    Mars (and counts) when the zone produces."""
    t = fresh(table)
    red, blue, green, yellow = t.colours
    t.state.track_index = 4  # round 5
    t.state.resources["valles_marineris"] = "celerium"
    t.touch()
    t.choose({red: "secret_agent", blue: "pilot", green: "pilot", yellow: "pilot"})
    t.play(Board(red, "s01"))
    t.play(Board(red, "s04"))
    t.play(Launch(red, "s04"))  # red's astronaut heads for Valles Marineris
    evs = end_round(t)
    kinds = [e.type for e in evs]
    assert kinds.index("ship_landed") < kinds.index("tokens_produced")
    awarded = [(e.zone, e.colour, e.count) for e in evs if e.type == "tokens_awarded"]
    assert ("valles_marineris", red, 1) in awarded

