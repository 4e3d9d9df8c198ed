"""Effect intents a table taps beyond the phase bookkeeping: a Shutdown tile's production
gain, planting, the Cargo Bay, skills and Conditions, a backup Farm (rulebook seed 004)."""

from __future__ import annotations

from typing import Any

import pytest
from testkit.first_martians import play as _play
from testkit.first_martians import refused as _refused
from testkit.first_martians import table

from mrp_tutor.games.first_martians import Table

START: dict[str, Any] = {"first_player": "red", "astronauts": [
    {"id": "red", "name": "Red", "morale_tokens": 2}, {"id": "yellow", "name": "Yellow"}],
    "supply": {"oxygen": 2, "energy": 2, "food": 4}}


def _table(**state: Any) -> Table:
    return table(START, **state)


def test_production_gains_stop_at_the_maximum_and_skip_shutdown_producers() -> None:
    """10. Remove Shutdown Tiles: a gain goes to a producer below its maximum."""
    t = _table(facilities={"solar_panel_01": {"production": 3},
                           "solar_panel_02": {"shutdown_oxygen": "oxygen_1"}})
    _play(t, type="change_production", facility="solar_panel_01", delta=1)
    assert t.state.facility("solar_panel_01").production == 4
    assert _refused(t, type="change_production", facility="oxygenator_01",
                    delta=1).code == "fm.production_max"
    assert _refused(t, type="change_production", facility="solar_panel_02",
                    delta=-1).rule == "shutdown.effects"


def test_planting_needs_a_seed_a_free_greenhouse_and_an_empty_first_space() -> None:
    """8. Planting: a seed from the Cargo Bay on Growth space 1, one per Farm a round."""
    t = _table(facilities={"farm_01": {"farm": {"greenhouses": 3, "plants": 1}}})
    assert _refused(t, type="plant_seed").code == "fm.no_seed"
    _play(t, type="cargo", item="seed", delta=2)
    _play(t, type="plant_seed")
    farm = t.state.facility("farm_01").farm
    assert farm is not None and farm.seeds == [1] and t.state.cargo.available == ["seed"]
    assert _refused(t, type="plant_seed").code == "fm.seed_space_taken"
    full = _table(cargo={"available": ["seed"]})  # 2 Greenhouses, 2 plants
    assert _refused(full, type="plant_seed").code == "fm.farm_full"


def test_pending_cargo_cannot_be_used() -> None:
    t = _table(cargo={"pending": ["spare_part_cpu"]})
    err = _refused(t, type="cargo", item="spare_part_cpu", delta=-1, area="pending")
    assert (err.code, err.rule) == ("fm.not_in_cargo", "faq.pending")


def test_skills_once_a_round_paid_with_own_tokens_and_not_with_migraine() -> None:
    t = _table()
    _play(t, type="use_skill", astronaut="red", morale_tokens=1)
    assert t.state.astronaut("red").morale_tokens == 1
    assert _refused(t, type="use_skill", astronaut="red").code == "fm.skill_used"
    assert _refused(t, type="use_skill", astronaut="yellow", skill="card_1",
                    morale_tokens=1).code == "fm.not_enough_morale_tokens"
    sick = _table(astronauts=[{"id": "red", "name": "Red", "conditions": ["migraine"]},
                              {"id": "yellow", "name": "Yellow"}])
    err = _refused(sick, type="use_skill", astronaut="red")
    assert (err.code, err.rule) == ("fm.migraine_no_skills", "health.migraine")


def test_a_forced_condition_the_astronaut_has_does_nothing() -> None:
    t = _table(astronauts=[{"id": "red", "name": "Red", "conditions": ["migraine"]},
                           {"id": "yellow", "name": "Yellow"}])
    events = _play(t, type="take_condition", astronaut="red", condition="migraine")
    assert [e.rule for e in events] == ["faq.condition_stack"]
    _play(t, type="take_condition", astronaut="yellow", condition="cardiac_disorder")
    assert t.state.astronaut("yellow").conditions == ["cardiac_disorder"]


def test_cardiac_disorder_keeps_one_pawn_for_heal() -> None:
    """Cardiac Disorder: one pawn can only take the Heal action."""
    t = _table(phase="actions", astronauts=[
        {"id": "red", "name": "Red", "conditions": ["cardiac_disorder"]},
        {"id": "yellow", "name": "Yellow"}])
    err = _refused(t, type="declare_actions", actions=[
        {"action": "build", "astronaut": "red", "pawns": 2}])
    assert (err.code, err.rule) == ("fm.cardiac_pawn", "health.cardiac")
    _play(t, type="declare_actions", actions=[
        {"action": "build", "astronaut": "red", "pawns": 1},
        {"action": "heal", "astronaut": "red", "pawns": 1}])


def test_a_backup_farm_is_built_red_and_grows_or_wilts_on_its_own() -> None:
    """9. Build Facility: red markers on each status; each Farm grows or wilts separately."""
    t = _table()
    _play(t, type="add_facility", like="farm_01", id="farm_02", name="Backup Farm",
          greenhouses=2)
    f = t.state.facility("farm_02")
    assert f.farm is not None and all(st.red for st in f.statuses)
    for step in ("end_events", "resolve_morale"):
        _play(t, type=step)
    events = _play(t, type="produce", draws={"shutdown_target": ["farm_02", "farm_02"]})
    farms = {e.farm: e.how for e in events if e.type == "seeds_changed"}
    assert farms["farm_01"] == "grew"


def _short_build(**state: Any) -> Table:
    t = _table(phase="actions", **state)
    _play(t, type="declare_actions", actions=[
        {"action": "build", "astronaut": "yellow", "pawns": 1}])
    return t


def test_action_dice_are_the_tables_and_a_failure_gives_two_morale_tokens() -> None:
    """Action Dice: Success die (or fail and gain 2 Morale tokens), Wound die, Adventure die."""
    from mrp_tutor.games.first_martians import InputNeeded, checklist

    t = _short_build()
    assert [x.intent_types[0] for x in checklist(t).now][:1] == ["resolve_action"]
    with pytest.raises(InputNeeded) as info:
        _play(t, type="roll_action_dice", action=0)
    assert info.value.kind == "success_die"
    events = _play(t, type="roll_action_dice", action=0, draws={
        "success_die": ["fail"], "wound_die": ["wound"], "adventure_die": ["blank"]})
    y = t.state.astronaut("yellow")
    assert (y.morale_tokens, y.wounds) == (2, 1)
    assert [e.rule for e in events if e.type in ("morale_tokens", "wounded")] == [
        "dice.success", "dice.wound"]
    assert checklist(t).now[0].done
    assert _refused(t, type="roll_action_dice", action=0).code == "fm.action_resolved"


def test_a_reroll_token_rolls_a_success_again() -> None:
    t = _table(facilities={"working_bay": {"now": ["reroll"]}})
    for step in ("end_events", "resolve_morale", "produce"):
        _play(t, type=step)
    _play(t, type="declare_actions", actions=[
        {"action": "build", "astronaut": "yellow", "pawns": 1}])
    events = _play(t, type="roll_action_dice", action=0, draws={
        "success_die": ["success", "fail"], "wound_die": ["blank"], "adventure_die": ["blank"]})
    rolled = next(e for e in events if e.type == "action_dice_rolled")
    assert (rolled.success, rolled.rerolled) == (False, True)
    assert any(e.rule == "modifiers.reroll" for e in events)


def test_a_fully_pawned_action_rolls_no_dice() -> None:
    t = _table(phase="actions")
    _play(t, type="declare_actions", actions=[
        {"action": "build", "astronaut": "yellow", "pawns": 2}])
    events = _play(t, type="resolve_action", draws={"build_what": ["other"]})
    assert not any(e.type == "action_dice_rolled" for e in events)  # nothing rolled
    assert [e.kind for e in events if e.type == "draw_made"] == ["build_what"]  # a choice
    assert events[-1].type == "action_resolved" and t.state.declared[0].success


def test_a_token_placed_during_clean_up_is_cleaned_with_the_rest() -> None:
    """Even when the mission ends at that Clean-Up, the HUB left is a valid one."""
    from mrp_tutor.games.first_martians.state import HubState

    t = _table(phase="cleanup", sol=2, sols=2)
    _play(t, type="place_token", facility="lab", token="wound")
    _play(t, type="clean_up")
    assert t.state.result == "lost" and t.state.facility("lab").now == []
    assert HubState.model_validate(t.state.model_dump()) == t.state
