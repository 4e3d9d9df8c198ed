"""First Martians: the audit's rule errors and readings (issue 23), each against the rulebook
(seed 004).  Every test here failed on the code before the fix (checked against main)."""

from __future__ import annotations

from typing import Any

import pytest
from testkit.first_martians import play as _play
from testkit.first_martians import refused as _refused
from testkit.first_martians import table

from mrp_tutor.core.errors import ContentError
from mrp_tutor.games.first_martians import (
    Table,
    explain_event,
    load_state,
    new_state,
    rulebook,
)

CREW4 = [{"id": c, "name": c.capitalize()} for c in ("red", "yellow", "blue", "purple")]
CREW2 = CREW4[:2]


START: dict[str, Any] = {"first_player": "red", "astronauts": CREW2,
                         "supply": {"oxygen": 3, "energy": 3, "food": 6}}


def _table(**state: Any) -> Table:
    return table(START, **state)


def _gather(astronaut: str = "red", **more: Any) -> dict[str, Any]:
    return {"action": "gather", "astronaut": astronaut, "pawns": 2, "target": "r1_n", **more}


# 1 ---------------------------------------------------------------- Farm per astronaut
def test_a_changed_facility_keeps_a_farm_of_one_greenhouse_and_plant_per_astronaut() -> None:
    """Board Setup: one Greenhouse and one plant per astronaut, whatever else the file changes."""
    s = load_state({"first_player": "red", "astronauts": CREW4,
                    "facilities": {"lab": {"red": ["cpu"]}}})
    farm = s.facility("farm_01").farm
    assert farm is not None and (farm.greenhouses, farm.plants) == (4, 4)


# 2 ---------------------------------------------------------------- Malfunction order
def test_malfunction_box_is_checked_before_any_roll() -> None:
    """Phase V: the Box decides which dice roll, then tracks advance, then Malfunctions
    resolve: a System Malfunction turning the Working line red does not roll the Working die
    this phase."""
    t = _table(phase="malfunction", malfunction={"system": 4, "living": 0, "working": 0},
               box={"system": "red", "living": "green", "working": "green"})
    events = _play(t, type="roll_malfunction", dice={"system": 2})
    rolled = {getattr(e, "block", ""): getattr(e, "roll", None) for e in events
              if e.type == "malfunction_rolled"}
    assert rolled == {"system": 2, "living": None, "working": None}
    assert not [e for e in events if e.type == "draw_made"]
    assert t.state.box["working"] == "red" and t.state.malfunction["working"] == 0
    kinds = [e.type for e in events if e.type.startswith("malfunction")]
    assert kinds.index("malfunction_occurred") > max(
        k for k, x in enumerate(kinds) if x == "malfunction_rolled")


# 3 ---------------------------------------------------------------- Event action
def test_an_event_action_removes_its_event_from_the_mission_log() -> None:
    """1. Events: resolving the event removes it from the Mission Log."""
    t = _table(phase="actions", mission_log=[{"name": "Resourcefulness", "pawns": 1}])
    events = _play(t, type="declare_actions", actions=[
        {"action": "event", "astronaut": "red", "pawns": 1, "target": "Resourcefulness"}])
    events += _play(t, type="resolve_action")
    assert any(e.type == "log_event_removed" and e.rule == "events.resolve" for e in events)
    assert t.state.mission_log == []


# 4 ---------------------------------------------------------------- AOM roster
def test_four_astronauts_have_no_aom_pawn() -> None:
    t = Table(load_state({"first_player": "red", "astronauts": CREW4, "phase": "actions",
                          "tiles": {"r1_n": {"name": "Plains", "samples": 1}}}))
    err = _refused(t, type="declare_actions", actions=[
        _gather(pawns=1, aom=["gray"])])
    assert (err.code, err.rule) == ("fm.aom_not_in_play", "setup.aoms")


def test_two_astronauts_play_two_aoms_not_three() -> None:
    """Setup for 1-3 Players: 2 players choose two AOM cards."""
    with pytest.raises(ContentError, match="aoms"):
        load_state({"first_player": "red", "astronauts": CREW2,
                    "aoms": ["gray", "blue", "brown"]})
    t = _table()
    err = _refused(t, type="set_aoms", aoms=["gray", "blue", "brown"])
    assert (err.code, err.rule) == ("fm.aom_count", "setup.aoms")
    _play(t, type="set_aoms", aoms=["gray", "brown"])
    assert t.state.aoms == ["gray", "brown"]


def test_solo_uses_two_aoms_a_round() -> None:
    t = _table(phase="actions", solo=True, aoms=["green", "gray", "blue", "brown"],
               tiles={"r1_n": {"name": "Plains", "samples": 1}})
    err = _refused(t, type="declare_actions", actions=[
        {"action": "build", "astronaut": "red", "pawns": 1, "aom": ["brown"]},
        {"action": "research", "astronaut": "red", "pawns": 1, "aom": ["blue"]},
        {"action": "gather", "astronaut": "yellow", "pawns": 2, "aom": ["gray"],
         "target": "r1_n"}])
    assert (err.code, err.rule) == ("fm.aom_solo_limit", "setup.aoms")


def test_the_sample_round_uses_no_aom_with_four_astronauts() -> None:
    import yaml

    from mrp_tutor.games.first_martians.content import DATA

    doc = yaml.safe_load((DATA / "sample_round.yaml").read_text())
    assert len(doc["state"]["astronauts"]) == 4
    assert not any(a.get("aom") for a in doc["round"]["actions"]["placements"])


# 5 ---------------------------------------------------------------- Auto-scanner
def test_with_fewer_than_four_astronauts_anyone_heals_thanks_to_the_auto_scanner() -> None:
    t = _table(phase="actions")
    events = _play(t, type="declare_actions", actions=[
        {"action": "heal", "astronaut": "red", "pawns": 1}])
    assert any(e.type == "action_declared" and e.action == "heal" for e in events)
    assert "auto_scanner" in new_state(astronauts=["red", "yellow"]).facility("med_lab").upgrades


def test_four_astronauts_heal_with_the_medic_and_the_refusal_cites_heal() -> None:
    t = Table(load_state({"first_player": "red", "astronauts": CREW4, "phase": "actions"}))
    err = _refused(t, type="declare_actions", actions=[
        {"action": "heal", "astronaut": "red", "pawns": 1}])
    assert (err.code, err.rule) == ("fm.heal_needs_medic", "heal.declare")
    cite = rulebook().cite(err.rule)
    assert cite is not None and "Heal" in cite.section


# 6 ---------------------------------------------------------------- travel path choice
def _geysers() -> Table:
    return _table(phase="actions", aoms=["gray", "green"], tiles={
        "r1_e": {"name": "Geysers", "icons": ["extra_pawn", "wound"]},
        "r2_e": {"name": "Chasm", "icons": ["extra_pawn", "adventure"], "samples": 1},
        "r1_ne": {"name": "Plains", "icons": ["extra_pawn"]},
        "r2_ne": {"name": "Canyon", "icons": ["extra_pawn", "sample"]}})


def test_the_player_chooses_the_long_way_round_the_geysers() -> None:
    """Travel: 'you may choose your path' (the rulebook's Purple example)."""
    t = _geysers()
    long_way = ["hub", "r1_ne", "r2_ne", "r2_e"]
    events = _play(t, type="declare_actions", actions=[
        {"action": "gather", "astronaut": "red", "pawns": 2, "aom": ["gray"],
         "rover": "scorpio", "target": "r2_e", "path": long_way}])
    ev = next(e for e in events if e.type == "action_declared")
    assert (ev.path, ev.needed, ev.dice, ev.penalties) == (long_way, 5, True, ["adventure"])
    assert t.state.astronaut("red").wounds == 0


def test_the_paths_are_listed_cheapest_first_and_a_diagonal_path_is_refused() -> None:
    from mrp_tutor.games.first_martians import paths
    from mrp_tutor.games.first_martians.legal import travel_options

    t = _geysers()
    opts = paths(t.board, t.state, "r2_e")
    assert [o.path for o in opts[:2]] == [("hub", "r1_e", "r2_e"),
                                         ("hub", "r1_ne", "r2_ne", "r2_e")]
    assert opts[0].cheapest and (opts[0].extra_pawns, opts[1].extra_pawns) == (2, 3)
    assert [o.pawns_needed for o in travel_options(t.state, t.board, "gather", "r2_e")][:2] \
        == [4, 5]
    err = _refused(t, type="declare_actions", actions=[
        {"action": "gather", "astronaut": "red", "pawns": 2, "target": "r2_e",
         "path": ["hub", "r1_ne", "r2_e"]}])
    assert (err.code, err.rule) == ("fm.bad_path", "travel.edges")


# 7 ---------------------------------------------------------------- declared once
def test_pawns_are_placed_once_per_action_phase() -> None:
    """Action Pawns notes: no pawn is placed or moved once actions resolve."""
    t = _table(phase="actions")
    _play(t, type="declare_actions", actions=[{"action": "rest", "astronaut": "red"}])
    err = _refused(t, type="declare_actions", actions=[{"action": "rest", "astronaut": "red"}])
    assert (err.code, err.rule) == ("fm.actions_declared", "actions.no_more_pawns")


# 8 ---------------------------------------------------------------- Condition timing
def test_a_condition_takes_effect_from_the_end_of_the_phase_it_was_gained() -> None:
    """Health: a new Condition's penalties apply from the end of the current phase."""
    t = _table(astronauts=[{"id": "red", "name": "Red", "wounds": 1}, CREW2[1]])
    _play(t, type="wound", astronaut="red", draws={"condition": ["poisoning"]})
    assert t.state.astronaut("red").conditions == ["poisoning"]
    _play(t, type="wound", astronaut="red")  # same phase: Poisoning not yet in effect
    assert t.state.astronaut("red").wounds == 3
    _play(t, type="end_events")
    _play(t, type="wound", astronaut="red",  # next phase: doubled
          draws={"condition": ["migraine"]})  # the 4th wound passes the second icon
    assert t.state.astronaut("red").wounds == 5


def test_a_token_placed_in_the_action_phase_waits_for_its_end() -> None:
    """Modifiers and Penalties: an Adventure's token in the Action Phase does not affect
    that phase's actions."""
    t = _table(phase="actions")
    _play(t, type="place_token", facility="working_bay", token="wound")
    events = _play(t, type="declare_actions", actions=[
        {"action": "build", "astronaut": "red", "pawns": 2}])
    ev = next(e for e in events if e.type == "action_declared")
    assert "wound" not in ev.penalties and t.state.astronaut("red").wounds == 0


# 9 ---------------------------------------------------------------- Blocked tokens
def test_a_blocked_facility_cannot_be_used() -> None:
    t = _table()
    _play(t, type="place_token", facility="crew_quarters", token="blocked")
    for step in ("end_events", "resolve_morale", "produce"):
        _play(t, type=step)
    err = _refused(t, type="declare_actions", actions=[{"action": "unwind",
                                                       "astronaut": "red"}])
    assert (err.code, err.rule) == ("fm.facility_blocked", "modifiers.blocked")


def test_a_blocked_token_on_a_rover_stops_it() -> None:
    t = _table(phase="actions", tiles={"r1_n": {"name": "Plains", "samples": 1}})
    _play(t, type="place_token", rover="scorpio", token="blocked")
    assert t.state.rovers["scorpio"].blocked == 1
    err = _refused(t, type="declare_actions", actions=[_gather(rover="scorpio")])
    assert (err.code, err.rule) == ("fm.rover_unavailable", "rovers.limits")


# 10 --------------------------------------------------------------- A Quiet Place
def test_rest_never_picks_up_an_adventure() -> None:
    """2. Rest: no game effect can force Adventures in A Quiet Place."""
    t = _table(phase="actions", facilities={"a_quiet_place": {"now": ["adventure"]}})
    events = _play(t, type="declare_actions", actions=[{"action": "rest",
                                                       "astronaut": "red"}])
    ev = next(e for e in events if e.type == "action_declared")
    assert ev.penalties == []
    assert any(e.rule == "rest.no_dice" for e in events)


# readings ------------------------------------------------------------------------------
def test_a_shutdown_producer_produces_nothing() -> None:
    """Shutdown: a Shutdown Facility provides no effect (tutor.shutdown_no_production)."""
    t = _table(phase="production",
               facilities={"oxygenator_01": {"shutdown_energy": "energy_1"}})
    events = _play(t, type="produce", shutdowns={"oxygen": ["lab", "probe_bay", "med_lab",
                                                            "crew_quarters"]})
    tally = next(e for e in events if e.type == "tallied" and e.facts["resource"] == "oxygen")
    assert tally.facts["produced"] == 4 and tally.rule == "tutor.shutdown_no_production"


def test_a_shutdown_farms_plants_give_no_food() -> None:
    t = _table(phase="production", facilities={"farm_01": {"shutdown_oxygen": "oxygen_1"}},
               supply={"oxygen": 0, "energy": 0, "food": 5})
    events = _play(t, type="produce")
    food = next(e for e in events if e.type == "tallied" and e.step == "production.c")
    # the wilt sends one of the 2 plants back to a seed; the other gives no food
    assert food.facts["produced"] == 0 and food.facts["eaten"] == 2


def test_a_farm_shut_down_in_iii_a_wilts_in_iii_b_under_the_labelled_reading() -> None:
    t = _table(phase="production", facilities={"oxygenator_01": {"production": 3}})
    events = _play(t, type="produce", shutdowns={"oxygen": ["farm_01"]})
    wilt = next(e for e in events if e.type == "seeds_changed")
    assert (wilt.how, wilt.rule) == ("wilted", "tutor.shutdown_same_phase")
    cite = rulebook().cite(wilt.rule)
    assert cite is not None and cite.source == "tutor reading"
    assert cite.section == "Phase III. Production › III-B. Grow or Wilt Seeds"


def test_a_farm_paid_for_then_shut_down_in_iii_a_wilts_and_nothing_is_paid() -> None:
    """The crew said it pays to stop the Farm wilting, then put the phase's Shutdown tile on
    that Farm: the whole Production was refused ("paying cannot stop its wilting"), after
    every question was answered. III-B: a Shutdown Farm wilts and paying cannot stop it,
    so the payment is not made and the Farm wilts (tutor.shutdown_same_phase)."""
    t = _table(phase="production", facilities={"oxygenator_01": {"production": 3},
                                                "farm_01": {"red": ["energy"]}})
    events = _play(t, type="produce", pay_wilt=["farm_01"], shutdowns={"oxygen": ["farm_01"]})
    void = next(e for e in events if e.type == "tallied" and e.step == "production.b.pay_void")
    assert void.rule == "tutor.shutdown_same_phase"
    assert explain_event(void).text == ("Farm 01 took a Shutdown tile this phase, so it wilts "
                                        "anyway: the crew pays nothing to stop it.")
    wilt = next(e for e in events if e.type == "seeds_changed")
    assert (wilt.how, wilt.rule) == ("wilted", "tutor.shutdown_same_phase")
    assert not [e for e in events if e.rule == "production.b.pay"]  # nothing paid
    shut = _table(phase="production", facilities={"farm_01": {"red": ["energy"],
                                                              "shutdown_energy": "energy_4"}})
    assert _refused(shut, type="produce", pay_wilt=["farm_01"]).code == "fm.shutdown_farm_wilts"


def test_the_anemic_astronauts_second_food_wounds_them() -> None:
    """Anemia: you eat 2 food and take a wound for each uneaten food."""
    t = _table(phase="production", supply={"oxygen": 0, "energy": 0, "food": 0},
               astronauts=[CREW2[0], {"id": "yellow", "name": "Yellow",
                                      "conditions": ["anemia"]}])
    events = _play(t, type="produce")  # 2 plants for 3 food eaten: one missing
    wound = next(e for e in events if e.type == "wounded")
    assert (wound.astronaut, wound.rule) == ("yellow", "tutor.anemia_wound")


def test_a_probe_bay_wound_token_cites_costs_not_travel() -> None:
    t = _table(phase="events", tiles={"r1_n": {"name": "Plains", "samples": 1}})
    _play(t, type="place_token", facility="probe_bay", token="wound")
    for step in ("end_events", "resolve_morale", "produce"):
        _play(t, type=step)
    events = _play(t, type="declare_actions", actions=[_gather(pawns=2)])
    events += _play(t, type="resolve_action", draws={
        "success_die": ["success"], "wound_die": ["blank"], "adventure_die": ["blank"]})
    wound = next(e for e in events if e.type == "wounded")
    assert wound.rule == "costs.resolve"


def test_running_out_of_sols_and_a_death_cite_their_own_rules() -> None:
    t = _table(phase="cleanup", sol=3, sols=3)
    events = _play(t, type="clean_up")
    assert [e.rule for e in events if e.type == "mission_failed"] == ["winning.sols"]
    assert _refused(t, type="start_sol").rule == "winning.sols"
    d = _table(astronauts=[{"id": "red", "name": "Red", "wounds": 5}, CREW2[1]])
    _play(d, type="wound", astronaut="red")
    assert d.state.result == "lost"
    assert _refused(d, type="end_events").rule == "winning.death"


def test_a_supply_gain_past_the_track_end_says_what_was_lost_and_cites_the_cap() -> None:
    shut = {f: {"shutdown_energy": f"energy_{k + 1}"}
            for k, f in enumerate(("lab", "probe_bay", "med_lab"))}
    t = _table(phase="production", supply={"oxygen": 0, "energy": 19, "food": 6},
               facilities=shut)  # 10 energy for 7 users: half of 3, rounded up, is 2
    events = _play(t, type="produce")
    cap = [e for e in events if e.type == "supply_changed" and e.resource == "energy"]
    assert [(e.rule, e.delta, e.value) for e in cap] == [("tutor.supply_cap", 1, 20)]
    text = explain_event(cap[0]).text
    assert "+1 to 20" in text and "the track ends at 20" in text and "1 lost" in text
