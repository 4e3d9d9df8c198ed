"""Phase IV resolving, one action at a time in the action order (issue 23, engine items 2-3).

Rulebook (seed 004), Phase IV. Actions: all pawns are placed, then the actions resolve in the
action order (all Event actions before any other), actions of one step in any order the table
picks; Action Pawns, Dice, Adventure Notes: no pawn is placed or moved once resolving starts;
Costs, Penalties, and Modifiers: General Supply penalties are paid at declaring, "You pay any
other action penalties when you resolve the action"; Travel: the rover's Wound die is rolled
"at the end of the action".  Each test below failed on the code before this change (penalties
were taken as the pawns were placed, and nothing resolved an action on its own).
"""

from __future__ import annotations

from typing import Any

from testkit.first_martians import play as _play
from testkit.first_martians import refused as _refused
from testkit.first_martians import table

from mrp_tutor.games.first_martians import InputNeeded, Table, checklist, explain_event, legal
from mrp_tutor.games.first_martians.events import Event
from mrp_tutor.games.first_martians.intents import intent_from_dict, with_input

CREW = [{"id": "red", "name": "Red"}, {"id": "yellow", "name": "Yellow"}]
START: dict[str, Any] = {"first_player": "red", "astronauts": CREW, "phase": "actions",
                         "supply": {"oxygen": 3, "energy": 3, "food": 6}}
GEYSERS = {"r1_e": {"name": "Geysers", "icons": ["extra_pawn", "wound"], "samples": 1}}
DICE_OK = {"success_die": ["success"], "wound_die": ["blank"], "adventure_die": ["blank"]}


def _table(**state: Any) -> Table:
    return table(START, **state)


def pending(s: Any) -> Any:  # imported late: on the old code each test fails on its own
    from mrp_tutor.games.first_martians.resolve import pending as p

    return p(s)


def next_up(s: Any) -> Any:
    from mrp_tutor.games.first_martians.resolve import next_up as n

    return n(s)


def _types(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.type == kind]


def test_a_travel_wound_is_taken_when_the_action_resolves_not_when_pawns_are_placed() -> None:
    t = _table(tiles=GEYSERS)
    placed = _play(t, type="declare_actions", actions=[
        {"action": "gather", "astronaut": "red", "pawns": 2, "helpers": {"yellow": 1},
         "target": "r1_e"}])
    assert not _types(placed, "wounded") and t.state.astronaut("red").wounds == 0
    assert t.state.declared[0].penalties == ["wound"]  # listed, waiting
    events = _play(t, type="resolve_action")
    wound = _types(events, "wounded")
    assert [(e.astronaut, e.rule) for e in wound] == [("red", "travel.penalties")]  # type: ignore[attr-defined]
    assert t.state.astronaut("yellow").wounds == 0  # assisting: not affected
    assert events[-1].type == "action_resolved" and t.state.declared[0].resolved


def test_a_token_on_the_facility_or_the_rover_is_a_penalty_at_resolution() -> None:
    """A Wound token on the Probe Bay's ! space and one on Scorpio's X space."""
    t = _table(tiles={"r1_n": {"name": "Plains", "samples": 1}},
               facilities={"probe_bay": {"now": ["wound"]}},
               rovers={"scorpio": {"tokens": ["wound"]}})
    placed = _play(t, type="declare_actions", actions=[
        {"action": "gather", "astronaut": "red", "pawns": 2, "rover": "scorpio",
         "target": "r1_n"}])
    assert not _types(placed, "wounded")
    events = _play(t, type="resolve_action")
    # the same penalty twice on one action is taken once (costs.once)
    assert [e.rule for e in _types(events, "wounded")] == ["costs.resolve"]


def test_a_morale_icon_and_concentration_difficulties_wait_for_resolution() -> None:
    t = _table(tiles={"r1_n": {"name": "Dust Plain", "icons": ["extra_pawn", "morale"],
                               "samples": 1}},
               astronauts=[{**CREW[0], "conditions": ["concentration_difficulties"]}, CREW[1]])
    placed = _play(t, type="declare_actions", actions=[
        {"action": "gather", "astronaut": "red", "pawns": 2, "helpers": {"yellow": 1},
         "target": "r1_n"}])
    assert not _types(placed, "morale_moved")
    events = _play(t, type="resolve_action")
    assert [e.rule for e in _types(events, "morale_moved")] == ["travel.penalties"]
    done = _types(events, "action_resolved")[0]
    assert done.adventure  # type: ignore[attr-defined]
    assert "resolves an Adventure in the app" in explain_event(done).text


def test_the_rovers_wound_die_is_rolled_at_the_end_of_the_action() -> None:
    t = _table(tiles={"r1_e": {"name": "Dunes", "icons": ["extra_pawn", "rover"],
                               "samples": 1}})
    placed = _play(t, type="declare_actions", actions=[
        {"action": "gather", "astronaut": "red", "pawns": 2, "rover": "scorpio",
         "target": "r1_e"}])
    assert not _types(placed, "draw_made")  # old code asked for it at placing
    events = _play(t, type="resolve_action", draws={"wound_die": ["wound"]})
    kinds = [e.type for e in events]
    assert kinds.index("sample_gathered") < kinds.index("rover_blocked")
    assert t.state.rovers["scorpio"].blocked == 1


def test_a_pawn_short_action_rolls_its_dice_as_it_resolves_and_a_failure_does_nothing() -> None:
    t = _table(tiles=GEYSERS)
    _play(t, type="declare_actions", actions=[
        {"action": "gather", "astronaut": "red", "pawns": 2, "target": "r1_e"}])
    assert next_up(t.state)[0].asks[:3] == ("success_die", "wound_die", "adventure_die")
    err = _refused(t, type="resolve_action")
    assert isinstance(err, InputNeeded) and err.kind == "success_die"
    events = _play(t, type="resolve_action", draws={
        "success_die": ["fail"], "wound_die": ["blank"], "adventure_die": ["blank"]})
    assert not _types(events, "sample_gathered") and t.state.tiles["r1_e"].samples == 1
    assert [e.rule for e in _types(events, "wounded")] == ["travel.penalties"]  # still paid
    assert t.state.astronaut("red").morale_tokens == 2
    assert t.state.declared[0].success is False


def test_actions_resolve_in_the_action_order_and_a_later_step_is_refused() -> None:
    t = _table(mission_log=[{"name": "Sol 1 event", "pawns": 1}], malfunction={"system": 2})
    _play(t, type="declare_actions", actions=[
        {"action": "manage", "astronaut": "red"}, {"action": "rest", "astronaut": "yellow"},
        {"action": "event", "astronaut": "red", "target": "Sol 1 event"},
        {"action": "unwind", "astronaut": "yellow"}])
    order = [x.action for x in pending(t.state)]
    assert order == ["event", "rest", "unwind", "manage"]
    manage = next(x.index for x in pending(t.state) if x.action == "manage")
    err = _refused(t, type="resolve_action", action=manage)
    assert (err.code, err.rule) == ("fm.resolve_order", "actions.order")
    assert err.detail["next"] == [pending(t.state)[0].index]
    for _ in range(2):
        _play(t, type="resolve_action")
    _play(t, type="resolve_action", draws={"unwind": ["morale"]})
    assert t.state.morale == 1
    events = _play(t, type="resolve_action", draws={"manage": ["system"]})
    assert t.state.malfunction["system"] == 1
    assert [e.rule for e in _types(events, "malfunction_advanced")] == ["manage.limits"]
    err = _refused(t, type="resolve_action", action=manage)
    assert err.code == "fm.action_resolved"


def test_actions_of_one_step_resolve_in_the_order_the_table_picks() -> None:
    t = _table(tiles={"r1_n": {"name": "Plains"}})
    _play(t, type="declare_actions", actions=[
        {"action": "explore", "astronaut": "red", "pawns": 2, "rover": "froggy",
         "target": "r2_n"},
        {"action": "explore", "astronaut": "yellow", "pawns": 2, "target": "r1_e"}])
    assert len(next_up(t.state)) == 2
    _play(t, type="resolve_action", action=1,
          draws={**DICE_OK, "roi_tile": ["geysers"]})  # the second one first
    assert [x.index for x in pending(t.state)] == [0]


def test_no_pawn_is_placed_once_resolving_has_begun() -> None:
    t = _table()
    _play(t, type="declare_actions", actions=[{"action": "rest", "astronaut": "red"}])
    _play(t, type="resolve_action")
    err = _refused(t, type="declare_actions", actions=[{"action": "rest", "astronaut": "yellow"}])
    assert (err.code, err.rule) == ("fm.actions_declared", "actions.no_more_pawns")


def test_an_event_action_removes_its_entry_only_when_it_resolves() -> None:
    t = _table(mission_log=[{"name": "Sol 1 event", "pawns": 2, "sol": 1}])
    _play(t, type="declare_actions", actions=[
        {"action": "event", "astronaut": "red", "pawns": 2, "target": "Sol 1 event"}])
    assert [e.name for e in t.state.mission_log] == ["Sol 1 event"]
    _play(t, type="resolve_action")
    assert t.state.mission_log == []
    assert [(p.name, p.why, p.by) for p in t.state.log_past] == [
        ("Sol 1 event", "resolved", "red")]


def test_rest_heal_and_the_table_choices() -> None:
    t = _table(astronauts=[{**CREW[0], "medic": True},
                           {**CREW[1], "wounds": 2, "conditions": ["migraine"]}])
    _play(t, type="declare_actions", actions=[
        {"action": "rest", "astronaut": "red"},
        {"action": "heal", "astronaut": "red", "helpers": {"yellow": 1}}])
    _play(t, type="resolve_action")
    assert t.state.astronaut("red").morale_tokens == 1
    it = intent_from_dict({"type": "resolve_action"})
    err = _refused(t, type="resolve_action")
    assert isinstance(err, InputNeeded) and err.kind == "heal" and not err.random_draw
    assert err.choices == ["wound", "migraine"]  # only Yellow has something to heal
    t.play(with_input(it, "heal", "migraine"))
    assert t.state.astronaut("yellow").conditions == []


def test_a_wound_that_kills_ends_the_mission_before_the_outcome() -> None:
    t = _table(tiles=GEYSERS, astronauts=[{**CREW[0], "wounds": 5}, CREW[1]])
    _play(t, type="declare_actions", actions=[
        {"action": "gather", "astronaut": "red", "pawns": 2, "helpers": {"yellow": 1},
         "target": "r1_e"}])
    events = _play(t, type="resolve_action")
    assert t.state.result == "lost" and not _types(events, "sample_gathered")


def test_end_actions_resolves_what_is_left_in_the_action_order_then_ends() -> None:
    t = _table(tiles=GEYSERS)
    _play(t, type="declare_actions", actions=[
        {"action": "gather", "astronaut": "red", "pawns": 2, "helpers": {"yellow": 1},
         "target": "r1_e"},
        {"action": "unwind", "astronaut": "yellow"}])
    err = _refused(t, type="end_actions")
    assert isinstance(err, InputNeeded) and err.kind == "unwind"
    events = _play(t, type="end_actions", draws={"unwind": ["stress"]})
    done = [e.action for e in _types(events, "action_resolved")]  # type: ignore[attr-defined]
    assert done == ["unwind", "gather"] and t.state.phase == "malfunction"
    assert t.state.astronaut("red").wounds == 1


def test_roll_for_me_on_action_dice_cites_the_labelled_model() -> None:
    t = _table(tiles=GEYSERS)
    _play(t, type="declare_actions", actions=[
        {"action": "gather", "astronaut": "red", "pawns": 2, "target": "r1_e"}])
    events = _play(t, type="resolve_action", roll_for_me=True)
    drawn = _types(events, "draw_made")
    assert drawn and {e.rule for e in drawn} == {"tutor.action_dice_faces"}
    assert all(e.by == "seeded" for e in drawn)  # type: ignore[attr-defined]
    cite = explain_event(drawn[0]).citation
    assert cite is not None and "Action Dice" in cite.section


def test_the_checklist_and_legal_show_the_next_action_to_resolve() -> None:
    t = _table()
    _play(t, type="declare_actions", actions=[
        {"action": "unwind", "astronaut": "red"}, {"action": "rest", "astronaut": "yellow"}])
    lg = legal(t.state, t.board)
    assert "resolve_action" in lg.intent_types
    assert [x.action for x in lg.to_resolve] == ["rest"]
    cl = checklist(t)
    assert cl.next_intent == {"type": "resolve_action", "action": 0}  # Rest asks nothing
    assert cl.now[0].text.startswith("Step 2 (now): resolve Yellow's Rest")
    _play(t, type="resolve_action")
    assert checklist(t).next_intent is None  # Unwind needs the table's choice
    _play(t, type="resolve_action", draws={"unwind": ["morale"]})
    assert checklist(t).next_intent == {"type": "end_actions"}


def test_an_outcome_the_rules_do_not_allow_is_refused_and_changes_nothing() -> None:
    t = _table(malfunction={"living": 1})
    _play(t, type="declare_actions", actions=[
        {"action": "unwind", "astronaut": "red"}, {"action": "manage", "astronaut": "yellow"}])
    err = _refused(t, type="resolve_action", draws={"unwind": ["sideways"]})
    assert (err.code, err.rule) == ("fm.draw_not_possible", "unwind.limits")
    assert err.detail["choices"] == ["morale", "stress"]
    _play(t, type="resolve_action", draws={"unwind": ["morale"]})
    err = _refused(t, type="resolve_action", draws={"manage": ["system"]})  # track at 0
    assert (err.code, err.rule) == ("fm.draw_not_possible", "manage.limits")
    assert err.detail["choices"] == ["living"]


def test_an_event_gone_before_its_action_resolves_changes_nothing_more() -> None:
    t = _table(mission_log=[{"name": "Sol 1 event", "sol": 1}])
    _play(t, type="declare_actions", actions=[
        {"action": "event", "astronaut": "red", "target": "Sol 1 event"}])
    _play(t, type="remove_log_event", name="Sol 1 event")  # the app resolved it first
    events = _play(t, type="resolve_action")
    assert [e.type for e in events] == ["action_resolved"]
    assert "already left the Mission Log" in explain_event(events[0]).text
    err = _refused(t, type="resolve_action")
    assert (err.code, err.rule) == ("fm.action_resolved", "actions.same_step")
