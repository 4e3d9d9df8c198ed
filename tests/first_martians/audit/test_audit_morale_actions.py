"""Outside audit, rulebook (seed 004) Phase II. Morale and Phase IV. Actions (action dice,
Rest, Unwind, Heal, Manage, Event actions).  Each docstring paraphrases the rule it checks."""

from __future__ import annotations

from typing import Any

from testkit.first_martians import play, refused, table

CREW = [{"id": "red", "name": "Red", "morale_tokens": 1},
        {"id": "yellow", "name": "Yellow", "medic": True, "morale_tokens": 1}]
START: dict[str, Any] = {"first_player": "red", "astronauts": CREW, "phase": "morale",
                         "supply": {"oxygen": 3, "energy": 3, "food": 6}}
ACT = {**START, "phase": "actions"}


def test_negative_morale_discards_what_the_first_player_has_then_wounds() -> None:
    """Phase II: only the First Player is affected; at -2 with one token they discard it and
    take one wound for the token they cannot discard (the rulebook's own example)."""
    t = table(START, morale=-2)
    play(t, type="resolve_morale")
    red, yellow = t.state.astronaut("red"), t.state.astronaut("yellow")
    assert (red.morale_tokens, red.wounds) == (0, 1)
    assert (yellow.morale_tokens, yellow.wounds) == (1, 0)


def test_positive_morale_gives_the_first_player_tokens() -> None:
    """Phase II: at +3 the First Player gains three Morale tokens; nobody else does."""
    t = table(START, morale=3)
    play(t, type="resolve_morale")
    assert t.state.astronaut("red").morale_tokens == 4
    assert t.state.astronaut("yellow").morale_tokens == 1


def test_the_morale_track_stops_at_plus_three_and_minus_two() -> None:
    """Morale Phase notes: the marker stops moving below -2 or above +3."""
    t = table(START, morale=1)
    play(t, type="change_morale", delta=5)
    assert t.state.morale == 3
    play(t, type="change_morale", delta=-5)
    assert t.state.morale == -2


def test_unwind_cannot_lift_morale_past_three_or_stress_below_zero() -> None:
    """3. Unwind: +1 Morale or -6 Stress, never above +3 nor below #00; no dice."""
    t = table(ACT, morale=3, stress=4)
    play(t, type="declare_actions", actions=[
        {"action": "unwind", "astronaut": "red", "pawns": 1},
        {"action": "unwind", "astronaut": "yellow", "pawns": 1}])
    assert not any(d.dice for d in t.state.declared)
    play(t, type="resolve_action", draws={"unwind": ["morale"]})
    assert t.state.morale == 3
    play(t, type="resolve_action", draws={"unwind": ["stress"]})
    assert t.state.stress == 0


def test_manage_lowers_the_chosen_track_by_one_and_never_below_zero() -> None:
    """5. Manage: -1 on any Malfunction track, not below #0."""
    t = table(ACT, malfunction={"system": 0, "living": 2, "working": 0})
    play(t, type="declare_actions", actions=[
        {"action": "manage", "astronaut": "red", "pawns": 1},
        {"action": "manage", "astronaut": "yellow", "pawns": 1}])
    play(t, type="resolve_action", draws={"manage": ["living"]})
    assert t.state.malfunction["living"] == 1
    refused(t, type="resolve_action", draws={"manage": ["system"]})  # at 0: not offered
    play(t, type="resolve_action", draws={"manage": ["living"]})
    assert t.state.malfunction == {"system": 0, "living": 0, "working": 0}


def test_a_failed_roll_gives_two_morale_tokens_and_the_wound_die_still_wounds() -> None:
    """Action Dice: a Success die without success fails the action (nothing of it happens)
    and gives 2 Morale tokens; the Wound die wounds whatever the Success die showed."""
    t = table(ACT, tiles={"r1_n": {"name": "Plains", "icons": [], "samples": 1}})
    play(t, type="declare_actions", actions=[
        {"action": "gather", "astronaut": "red", "pawns": 1, "target": "r1_n"},
        {"action": "rest", "astronaut": "yellow", "pawns": 1}])
    gather = next(k for k, d in enumerate(t.state.declared) if d.action == "gather")
    assert t.state.declared[gather].dice
    play(t, type="resolve_action")  # Rest is step 2 of the action order, Gather step 7
    play(t, type="roll_action_dice", action=gather,
         draws={"success_die": ["fail"], "wound_die": ["wound"], "adventure_die": ["blank"]})
    red = t.state.astronaut("red")
    assert (red.morale_tokens, red.wounds) == (1 + 2, 1)
    assert t.state.tiles["r1_n"].samples == 1  # the Gather did not happen


def test_healing_moves_the_marker_left_and_ignores_condition_icons() -> None:
    """4. Heal / Health: healing moves the health marker one space left; Condition icons
    passed while healing give nothing.  The Medic heals herself alone."""
    t = table(ACT, astronauts=[CREW[0], {**CREW[1], "wounds": 3}])
    play(t, type="declare_actions", actions=[
        {"action": "heal", "astronaut": "yellow", "pawns": 1},
        {"action": "rest", "astronaut": "red", "pawns": 1}])
    play(t, type="resolve_action")  # Rest (step 2) before Heal (step 4)
    play(t, type="resolve_action", draws={"heal": ["wound"]})
    y = t.state.astronaut("yellow")
    assert y.wounds == 2 and y.conditions == [] and y.fresh_conditions == []


def test_heal_needs_the_medic_or_the_auto_scanner() -> None:
    """4. Heal: in a 4-astronaut game (no Auto-scanner at setup: that goes on the Med Lab
    only with 1-3 players) a non-Medic cannot take the Heal action alone; under a Medic
    pawn it is allowed."""
    four = [{**CREW[0], "wounds": 1}, CREW[1], {"id": "blue", "name": "Blue"},
            {"id": "purple", "name": "Purple"}]
    others = [{"action": "rest", "astronaut": a, "pawns": 2} for a in ("blue", "purple")]
    t = table(ACT, astronauts=four)
    err = refused(t, type="declare_actions", actions=[
        {"action": "heal", "astronaut": "red", "pawns": 1},
        {"action": "rest", "astronaut": "yellow", "pawns": 1},
        {"action": "rest", "astronaut": "red", "pawns": 1}, *others])
    assert err.code == "fm.heal_needs_medic"
    play(t, type="declare_actions", actions=[
        {"action": "heal", "astronaut": "yellow", "pawns": 1, "helpers": {"red": 1}},
        {"action": "rest", "astronaut": "yellow", "pawns": 1},
        {"action": "rest", "astronaut": "red", "pawns": 1}, *others])


def test_a_two_pawn_event_action_cannot_be_taken_one_pawn_short() -> None:
    """1. Events: no action dice for a 2-pawn Event action; it needs its 2 pawns."""
    t = table(ACT, mission_log=[{"name": "Dust storm", "pawns": 2}])
    refused(t, type="declare_actions", actions=[
        {"action": "event", "astronaut": "red", "pawns": 1, "target": "Dust storm"},
        {"action": "rest", "astronaut": "yellow", "pawns": 1}])


def test_an_unplaced_pawn_is_a_notice_resting_on_a_labelled_reading() -> None:
    """Action Pawns notes: every pawn must be used if possible.  The assistant cannot always
    judge "possible", so it accepts the placement and names the idle pawn; that choice is a
    tutor reading (before the audit the notice cited the rulebook rule it does not enforce)."""
    from mrp_tutor.games.first_martians import rulebook

    t = table(ACT)
    events = play(t, type="declare_actions", actions=[
        {"action": "rest", "astronaut": "red", "pawns": 1},
        {"action": "rest", "astronaut": "yellow", "pawns": 2}])
    notice = next(e for e in events if getattr(e, "step", "") == "actions.unused")
    assert notice.rule == "tutor.unused_pawns" and notice.facts == {"red": 1}
    assert notice.rule in rulebook()
