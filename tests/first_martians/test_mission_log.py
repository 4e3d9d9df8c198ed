"""The Mission Log as the rulebook describes it (seed 004: Phase I. Events, Additional Events;
The Actions › 1. Events): an entry arrives on a sol, asks 1 or 2 pawns for its one Event
action, leaves after three rounds, when its Event action resolves it or when the app resolves
its Delayed Consequences; Follow-Up events continue earlier ones.  The card names live in the
app: entries are named by their sol unless the table names them (tutor.event_asks).
Each test failed on the code before (entries had only a name, pawns and rounds left)."""

from __future__ import annotations

from typing import Any

import pytest
from testkit.first_martians import play as _play
from testkit.first_martians import refused as _refused
from testkit.first_martians import table

from mrp_tutor.core.errors import ContentError
from mrp_tutor.games.first_martians import Table, explain_event, intent_from_dict, legal, rulebook

CREW = [{"id": "red", "name": "Red"}, {"id": "yellow", "name": "Yellow"}]
START: dict[str, Any] = {"first_player": "red", "astronauts": CREW, "sol": 3,
                         "supply": {"oxygen": 3, "energy": 3, "food": 6}}


def _table(**state: Any) -> Table:
    return table(START, **state)


def test_an_event_is_named_by_the_sol_it_arrived_and_says_what_its_action_asks() -> None:
    t = _table()
    events = _play(t, type="add_log_event", pawns=2, asks="pay_supply")
    _play(t, type="add_log_event")
    log = t.state.mission_log
    assert [(e.name, e.sol, e.pawns, e.asks) for e in log] == [
        ("Sol 3 event", 3, 2, "pay_supply"), ("Sol 3 event 2", 3, 1, None)]
    text = explain_event(events[0]).text
    assert "'Sol 3 event' enters the Mission Log" in text
    assert "pay from the General Supply" in text
    lg = legal(t.state, t.board)
    assert lg.log_entries[0] == ("Sol 3 event", "Sol 3 event — its action asks: pay from the "
                                 "General Supply (2-pawn Event action, current event, leaves "
                                 "after 3 Clean-Ups)")


def test_a_past_event_is_labelled_with_its_sol_and_the_rounds_it_has_left() -> None:
    t = _table(mission_log=[{"name": "Sol 1 event", "sol": 1, "rounds_left": 1}])
    label = legal(t.state, t.board).log_entries[0][1]
    assert label == "Sol 1 event (1-pawn Event action, past event, from sol 1, leaves at this "\
        "Clean-Up)"


def test_a_name_already_in_the_log_is_refused_and_the_asks_list_is_closed() -> None:
    t = _table(mission_log=[{"name": "Dust Storm"}])
    err = _refused(t, type="add_log_event", name="Dust Storm")
    assert (err.code, err.rule) == ("fm.event_name_taken", "events.mission_log")
    with pytest.raises(ContentError):
        intent_from_dict({"type": "add_log_event", "asks": "anything at all"})
    assert _refused(t, type="add_log_event", sol=4).code == "fm.event_sol"


def test_a_follow_up_continues_an_event_the_crew_met_even_after_it_left() -> None:
    t = _table(mission_log=[{"name": "Sol 1 event", "sol": 1}])
    err = _refused(t, type="add_log_event", follows="Sol 2 event")
    assert (err.code, err.rule) == ("fm.no_such_event", "events.follow_up")
    _play(t, type="remove_log_event", name="Sol 1 event")  # Delayed Consequences
    assert [(p.name, p.why) for p in t.state.log_past] == [("Sol 1 event", "delayed")]
    events = _play(t, type="add_log_event", follows="Sol 1 event")
    assert t.state.mission_log[0].follows == "Sol 1 event"
    assert "follows up 'Sol 1 event'" in explain_event(events[0]).text


def test_an_entry_leaves_after_three_clean_ups_and_is_remembered() -> None:
    t = _table(phase="cleanup")
    _play(t, type="add_log_event")
    for k in range(3):
        assert t.state.mission_log, k
        _play(t, type="clean_up")
        _play(t, type="start_sol")
        t.state.phase = "cleanup"  # jump to the next Clean-Up (only the log matters here)
    assert t.state.mission_log == []
    assert [(p.name, p.why) for p in t.state.log_past] == [("Sol 3 event", "aged")]


def test_one_action_on_each_event_still_holds_for_named_entries() -> None:
    t = _table(phase="actions", mission_log=[{"name": "Sol 3 event", "sol": 3}])
    err = _refused(t, type="declare_actions", actions=[
        {"action": "event", "astronaut": "red", "target": "Sol 3 event"},
        {"action": "event", "astronaut": "yellow", "target": "Sol 3 event"}])
    assert (err.code, err.rule) == ("fm.event_taken", "events.one_action")


def test_the_readings_are_labelled_under_their_sections() -> None:
    rb = rulebook()
    for rid, section in (("tutor.event_asks", "The Actions › 1. Events"),
                         ("events.follow_up", "Phase I. Events › Additional Events"),
                         ("tutor.action_dice_faces", "Phase IV. Actions › Action Dice"),
                         ("tutor.resolve_steps", "Phase IV. Actions › Action Dice"),
                         ("tutor.mission_tiles", "The Actions › 6. Explore (Garage Hall)")):
        cite = rb.cite(rid)
        assert cite is not None and cite.section == section, rid
