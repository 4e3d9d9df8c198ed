"""Outside audit, rulebook (seed 004) Phase V. Malfunction, Phase VI. Clean-Up, Health and
Winning and Losing.  Each docstring paraphrases the rule it checks."""

from __future__ import annotations

from typing import Any

import pytest
from testkit.first_martians import play, refused, table

from mrp_tutor.games.first_martians import default_board

CREW = [{"id": "red", "name": "Red"}, {"id": "yellow", "name": "Yellow"},
        {"id": "blue", "name": "Blue"}]
START: dict[str, Any] = {"first_player": "red", "astronauts": CREW, "phase": "malfunction",
                         "supply": {"oxygen": 3, "energy": 3, "food": 6}}
CLEAN = {**START, "phase": "cleanup"}


def _kinds(events: list[Any], kind: str) -> list[Any]:
    return [e for e in events if e.type == kind]


def test_a_track_reaching_five_malfunctions_resets_and_reddens_the_next_line() -> None:
    """V, Resolving Malfunctions: a track reaching (or trying to pass) its top space is a
    Malfunction: that track goes back to #0 and the next line of the Malfunction Box turns
    red (Working -> Living)."""
    t = table(START, box={"working": "red"}, malfunction={"working": 3})
    events = play(t, type="roll_malfunction", dice={"working": 2})
    assert [e.block for e in _kinds(events, "malfunction_occurred")] == ["working"]
    assert t.state.malfunction["working"] == 0
    assert t.state.box["living"] == "red" and t.state.box["system"] == "green"


def test_a_red_malfunction_status_adds_one_even_without_the_blocks_die() -> None:
    """V: each red status with a Malfunction penalty adds +1 to its Block's track, even if
    that Block's die is not rolled (its Box line is green)."""
    t = table(START, facilities={"oxygenator_01": {"red": ["hardware"]},
                                 "solar_panel_01": {"red": ["cpu"]}})
    play(t, type="roll_malfunction")
    assert t.state.malfunction["system"] == 2


def test_a_shutdown_facilitys_statuses_do_not_count_in_the_malfunction_phase() -> None:
    """Malfunction notes: Shutdown Facilities' statuses do not affect this phase."""
    t = table(START, facilities={"oxygenator_01": {"red": ["hardware"],
                                                   "shutdown_energy": "energy_1"}})
    play(t, type="roll_malfunction")
    assert t.state.malfunction["system"] == 0


def test_a_die_ordered_twice_is_rolled_once() -> None:
    """Malfunction notes: each Malfunction die rolls once a phase even when both the Box and
    the Mission sheet call for it."""
    t = table(START, box={"living": "red"})
    play(t, type="roll_malfunction", dice={"living": 2}, also_roll=["living"])
    assert t.state.malfunction["living"] == 2


def test_a_malfunction_in_the_events_phase_resolves_at_once() -> None:
    """Malfunction notes: a Malfunction happens whenever a track reaches its top, e.g. in the
    Events phase (System -> Working line turns red)."""
    t = table(START, phase="events", malfunction={"system": 4})
    events = play(t, type="advance_malfunction", block="system")
    assert _kinds(events, "malfunction_occurred")
    assert t.state.malfunction["system"] == 0 and t.state.box["working"] == "red"


def test_the_sixth_wound_kills_and_the_mission_fails_at_once() -> None:
    """Health / Winning and Losing: an astronaut dies at the 6th wound and the mission
    fails immediately; nothing more is played."""
    t = table(START, phase="actions", astronauts=[{**CREW[0], "wounds": 5}, *CREW[1:]])
    play(t, type="wound", astronaut="red")
    assert t.state.astronaut("red").dead and t.state.result == "lost"
    assert refused(t, type="end_actions").code == "fm.game_over"


def test_a_wound_onto_a_condition_icon_draws_a_condition() -> None:
    """Health: a wound moving the marker past a Condition icon draws a random Condition;
    the table enters the token it drew."""
    icons = sorted(default_board().health.condition_icons)
    t = table(START, phase="actions",
              astronauts=[{**CREW[0], "wounds": icons[0] - 1}, *CREW[1:]])
    play(t, type="wound", astronaut="red", draws={"condition": ["poisoning"]})
    red = t.state.astronaut("red")
    assert "poisoning" in red.conditions + red.fresh_conditions


@pytest.mark.parametrize(("goals", "threshold", "won"),
                         [(True, True, True), (True, False, False), (False, True, False)])
def test_victory_needs_the_goals_and_the_threshold(goals: bool, threshold: bool,
                                                   won: bool) -> None:
    """VI, Check Victory: the crew wins at Clean-Up only with every mandatory goal done AND
    the board below the mission's Threshold."""
    t = table(CLEAN, sol=2, sols=6)
    play(t, type="clean_up", goals_done=goals, threshold_ok=threshold)
    assert (t.state.result == "won") is won
    if not won:
        assert t.state.result is None and t.state.sol == 3


def test_clean_up_passes_the_first_player_and_moves_modifier_tokens() -> None:
    """VI: ! tokens are discarded, the top >> token moves to !; Pending Cargo becomes
    Available; the First Player token passes on; the Sol Counter advances."""
    t = table(CLEAN, sol=2, facilities={"lab": {"now": ["wound"], "next": ["adventure",
                                                                           "extra_pawn"]}},
              cargo={"pending": ["sample"], "available": []})
    play(t, type="clean_up")
    lab = t.state.facility("lab")
    assert lab.now == ["extra_pawn"] and lab.next == ["adventure"]
    assert t.state.cargo.available == ["sample"] and t.state.cargo.pending == []
    assert t.state.first_player == "yellow" and t.state.sol == 3


def test_the_mission_fails_when_its_last_sol_ends_without_the_goals() -> None:
    """Winning and Losing: the goals must be done within the mission's number of rounds."""
    t = table(CLEAN, sol=6, sols=6)
    play(t, type="clean_up")
    assert t.state.result == "lost"
    t2 = table(CLEAN, sol=5, sols=6)
    play(t2, type="clean_up")
    assert t2.state.result is None


def test_an_event_leaves_the_mission_log_after_three_rounds() -> None:
    """I, Additional Events / 1. Events: an unresolved event leaves the Mission Log after
    three rounds."""
    t = table(CLEAN, mission_log=[{"name": "Dust storm"}])
    for _ in range(2):
        play(t, type="clean_up")
        assert [e.name for e in t.state.mission_log] == ["Dust storm"]
        play(t, type="start_sol")
        for step in ("end_events", "resolve_morale", "produce", "end_actions"):
            play(t, type=step, draws={"shutdown_target": []})
        play(t, type="roll_malfunction")
    play(t, type="clean_up")
    assert t.state.mission_log == []


def test_an_entered_malfunction_roll_outside_the_model_cites_the_model_reading() -> None:
    """Phase V: each red Box line rolls its Block's Malfunction die; the rulebook does not
    print the die's faces, so refusing a number the table entered rests on the assistant's
    labelled model (tutor.malfunction_die_faces), not on the rulebook section.  Before the
    audit the refusal cited malfunction.dice and stated the model faces as the die's."""
    t = table(START, box={"living": "red"})
    for entry in ({"dice": {"living": 3}}, {"draws": {"malfunction_living": [3]}}):
        err = refused(t, type="roll_malfunction", **entry)
        assert err.code == "fm.draw_not_possible"
        assert err.rule == "tutor.malfunction_die_faces" and "model" in str(err)


def test_a_death_from_missing_food_stops_the_production_phase() -> None:
    """Winning and Losing: the mission fails the moment an astronaut dies.  Red (5 wounds)
    dies of missing food in III-C; III-D (Stress) must not run after that.  Before the
    audit Stress still rose by 1 after the mission was lost."""
    t = table(START, phase="production", first_player="yellow", stress=3,
              astronauts=[{**CREW[0], "wounds": 5}, CREW[1]],
              supply={"oxygen": 0, "energy": 0, "food": 0},
              facilities={"farm_01": {"farm": {"greenhouses": 2, "plants": 1}}})
    events = play(t, type="produce", food_wounds=["red"])
    assert t.state.result == "lost" and t.state.stress == 3
    assert events[-1].type == "wounded" and events[-1].died


def test_a_fight_that_kills_wounds_nobody_after_the_death() -> None:
    """III-D fight + Winning and Losing: the fight's wounds go round the crew, but once one
    kills, the mission is over: no further wound and no Morale drop are recorded.  Before the
    audit the others were still wounded and Morale still dropped."""
    t = table(START, phase="production", morale=1, stress=17,
              astronauts=[{**CREW[0], "wounds": 5}, *CREW[1:]])
    play(t, type="produce")
    assert t.state.result == "lost" and t.state.astronaut("red").dead
    assert [a.wounds for a in t.state.astronauts[1:]] == [0, 0] and t.state.morale == 1


def test_clean_up_places_pending_upgrades_and_refreshes_skills() -> None:
    """VI: a Pending Upgrade tile goes to the Facility matching its icon; base-skill black
    markers are removed and skill cards flip face up."""
    t = table(CLEAN, astronauts=[{**CREW[0], "base_skill_used": True,
                                  "skill_cards_down": ["sprint"]}, *CREW[1:]],
              cargo={"pending": ["upgrade:auto_scanner@med_lab"], "available": []})
    play(t, type="clean_up")
    assert "auto_scanner" in t.state.facility("med_lab").upgrades
    assert t.state.cargo.pending == [] and t.state.cargo.available == []
    red = t.state.astronaut("red")
    assert not red.base_skill_used and red.skill_cards_down == []


def test_no_food_wound_is_asked_for_after_a_death() -> None:
    """Winning and Losing: once a food wound kills, the mission is over, so the table is not
    asked who takes the next missing food's wound.  Red (5 wounds) takes the first of two
    food wounds, entered as the table's choice, and dies; before this the assistant still
    asked for the second wound (a question about a game already lost)."""
    t = table(START, phase="production", first_player="yellow", stress=3,
              astronauts=[{**CREW[0], "wounds": 5}, CREW[1]],
              supply={"oxygen": 0, "energy": 0, "food": 0},
              facilities={"farm_01": {"farm": {"greenhouses": 2, "plants": 0}}})
    events = play(t, type="produce", draws={"food_wound": ["red"]})
    assert t.state.result == "lost" and t.state.astronaut("yellow").wounds == 0
    assert [e.what for e in _kinds(events, "draw_made") if e.kind == "food_wound"] == [
        "the astronaut who takes a wound for missing food (1 of 2)"]
