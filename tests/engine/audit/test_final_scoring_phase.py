"""Audit, rulebook "Final Scoring Phase", "Ice Monopoly Mission" and the end of the game.

Rulebook facts checked (paraphrased): after round 10 come the reveal-discovery phase, the third
production and final scoring, and round 10's launched ships land first; the final score adds
completed missions (every mission a player holds, a drawn one too), point-token values and
discoveries, with Ice Monopoly's 9 points split rounded down on a tie; a tie on the score goes
to the player with more point tokens, counted not valued, ice tokens included; astronauts
still aboard docked ships are not on Mars; tokens left in a zone belong to nobody.
"""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine import Board, Launch

from .conftest import at_track, fresh

FINAL = 14  # the final scoring's place on the round tracker


def _bare(table):  # type: ignore[no-untyped-def]
    t = fresh(table)
    for c in t.colours:
        t.state.seats[c].missions = []
    t.state.discoveries.clear()
    t.touch()
    return t


def test_ice_monopoly_share_counts_and_the_tie_break_counts_every_token(table):
    """Red: 2 ice + 2 celerium; blue: 2 ice + 3 sylvanite. Both 8 from tokens + 4 (half of
    Ice Monopoly's 9, rounded down) = 12; blue holds 5 tokens to red's 4 and wins."""
    t = _bare(table)
    red, blue = t.colours[:2]
    t.tokens(red, ice=2, celerium=2)
    t.tokens(blue, ice=2, sylvanite=3)
    evs = at_track(t, FINAL, "final_scoring")
    ice = next(e for e in evs if e.type == "ice_monopoly_scored")
    assert set(ice.colours) == {red, blue} and ice.points == 4
    end = next(e for e in evs if e.type == "game_ended")
    assert dict(end.scores)[red] == dict(end.scores)[blue] == 12
    assert dict(end.token_counts)[blue] == 5 and dict(end.token_counts)[red] == 4
    assert end.winners == (blue,) and end.rule == "scoring.tie_break"


def test_astronauts_aboard_docked_ships_at_the_end_are_not_on_mars(table):
    """Strategic Zones counts astronauts in Syrtis Major and Valles Marineris: blue's three
    astronauts still docked on a Syrtis Major ship do not count, so red (2 to 1) has it."""
    t = _bare(table)
    red, blue = t.colours[:2]
    t.dock([("s01", {blue: 3}), "s04", "s02", "s05"])
    t.put("syrtis_major", red, 2)
    t.put("syrtis_major", blue, 1)
    t.state.seats[red].missions = ["strategic_zones"]
    t.state.seats[blue].missions = ["syrtis_major_control"]
    evs = at_track(t, FINAL, "final_scoring")
    scored = {e.colour: e.completed for e in evs if e.type == "mission_scored"}
    assert scored == {red: True, blue: False}


def test_every_mission_held_is_scored_a_drawn_one_too(table):
    """Missions drawn with the Scientist are the player's missions like the starting one."""
    t = _bare(table)
    red = t.colours[0]
    t.tokens(red, ice=5, celerium=1, sylvanite=1)
    t.state.seats[red].missions = ["ice_prospector", "diversification"]
    evs = at_track(t, FINAL, "final_scoring")
    scored = {e.card: (e.completed, e.points) for e in evs if e.type == "mission_scored"}
    assert scored == {"ice_prospector": (True, 7), "diversification": (True, 6)}
    end = next(e for e in evs if e.type == "game_ended")
    assert dict(dict(end.breakdown)[red])["missions"] == 13


def test_tokens_left_in_a_zone_at_the_end_belong_to_nobody(table):
    """Leftover tokens stay in their zone; the final score counts collected tokens only."""
    t = _bare(table)
    red = t.colours[0]
    t.put("hellas", red, 3)
    t.state.waiting["hellas"] = {"celerium": 2}
    t.state.token_supply["celerium"] -= 2
    t.touch()
    evs = at_track(t, FINAL, "final_scoring")
    end = next(e for e in evs if e.type == "game_ended")
    assert dict(end.scores)[red] == 0 and t.state.seats[red].tokens["celerium"] == 0


def test_after_round_ten_landing_then_reveal_then_third_production_then_scoring(table):
    """Round 10's launched ship lands (step 3) before the discoveries are revealed, the third
    production makes 3 tokens per face-up zone, and final scoring ends the game."""
    t = _bare(table)
    red, blue, green, yellow = t.colours
    t.state.track_index = 11  # round 10
    t.state.resources["valles_marineris"] = "celerium"
    t.touch()
    t.choose({red: "secret_agent", blue: "recruiter", green: "recruiter", yellow: "recruiter"})
    evs = []
    while t.game.decision() is not None and t.game.decision().colours != (red,):
        evs += t.play(t.legal()[0])
    evs += t.play(Board(red, "s02"))
    evs += t.play(Board(red, "s04"))
    evs += t.play(Launch(red, "s04"))  # Valles Marineris, red alone there
    while t.state.stage != "over":
        evs += t.play(t.legal()[0])
    kinds = [e.type for e in evs]
    landed = next(i for i, e in enumerate(evs) if e.type == "ship_landed" and e.ship == "s04")
    made = next(i for i, e in enumerate(evs)
                if e.type == "tokens_produced" and e.zone == "valles_marineris")
    assert landed < kinds.index("discoveries_revealed") < made < kinds.index("game_ended")
    assert evs[made].count == 3
    award = next(e for e in evs if e.type == "tokens_awarded" and e.zone == "valles_marineris")
    assert (award.colour, award.count) == (red, 3)
