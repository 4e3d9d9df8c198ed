"""A whole round of a 4-astronaut HUB as a table enters it: its own Malfunction dice and a
Shutdown tile's Facility, an action one pawn short with its dice, the long way round the
Geysers, a Condition gained mid-phase, Clean-Up, and a round that stops at its end."""

from __future__ import annotations

from typing import Any

from mrp_tutor.games.first_martians import (
    InputNeeded,
    Table,
    checklist,
    intent_from_dict,
    legal,
    load_state,
    with_input,
)

CREW = [{"id": "red", "name": "Red"}, {"id": "yellow", "name": "Yellow", "medic": True},
        {"id": "blue", "name": "Blue", "wounds": 1}, {"id": "purple", "name": "Purple"}]
TILES = {"r1_e": {"name": "Geysers", "icons": ["extra_pawn", "wound"]},
         "r2_e": {"name": "Chasm", "icons": ["extra_pawn", "adventure"], "samples": 1},
         "r1_ne": {"name": "Plains", "icons": ["extra_pawn"]},
         "r2_ne": {"name": "Canyon", "icons": ["extra_pawn", "sample"]}}


def _answer(t: Table, intent: dict[str, Any], answers: dict[str, list[Any]]) -> list[Any]:
    """Play as a panel does: each InputNeeded answered with the table's value."""
    it = intent_from_dict(intent)
    asked = []
    while True:
        try:
            return [*asked, t.play(it)]
        except InputNeeded as need:
            asked.append(need.kind)
            it = with_input(it, need.kind, answers[need.kind].pop(0))


def test_a_table_plays_a_round_of_four_astronauts_by_entering_what_it_got() -> None:
    t = Table(load_state({"first_player": "red", "astronauts": CREW, "sol": 2, "sols": 8,
                          "supply": {"oxygen": 1, "energy": 1, "food": 2},
                          "box": {"living": "red"}, "malfunction": {"living": 3},
                          "facilities": {"oxygenator_01": {"production": 3}},
                          "tiles": TILES}))
    assert [r.status for r in checklist(t).phases][:2] == ["now", "todo"]
    _answer(t, {"type": "advance_malfunction", "block": "system"}, {})
    _answer(t, {"type": "end_events"}, {})
    _answer(t, {"type": "resolve_morale"}, {})
    asked = _answer(t, {"type": "produce"}, {"shutdown_target": ["lab"]})
    assert asked[0] == "shutdown_target" and t.state.facility("lab").shutdown_oxygen
    lg = legal(t.state, t.board)
    assert not next(a for a in lg.actions if a.action == "research").open
    assert lg.aoms == ()  # four astronauts: no AOM
    long_way = ["hub", "r1_ne", "r2_ne", "r2_e"]
    _answer(t, {"type": "declare_actions", "actions": [
        {"action": "gather", "astronaut": "purple", "pawns": 2, "helpers": {"red": 2},
         "rover": "scorpio", "target": "r2_e", "path": long_way},
        {"action": "build", "astronaut": "yellow", "pawns": 1},
        {"action": "heal", "astronaut": "yellow", "pawns": 1},
        {"action": "unwind", "astronaut": "blue", "pawns": 1},
        {"action": "rest", "astronaut": "blue", "pawns": 1}]}, {})
    assert t.state.astronaut("purple").wounds == 0  # the long way: no Geysers wound
    # an Adventure wounds Blue: 1 -> 2 passes a Condition icon, the table draws Poisoning;
    # it counts from the end of the phase, so a second wound now is not doubled
    asked = _answer(t, {"type": "wound", "astronaut": "blue"}, {"condition": ["poisoning"]})
    assert asked[0] == "condition"
    _answer(t, {"type": "wound", "astronaut": "blue"}, {})
    assert t.state.astronaut("blue").wounds == 3
    # the actions resolve in the action order: Rest, Unwind (the table chooses Stress -6),
    # Heal (nobody in the stack to heal), Gather (the Chasm's Adventure, no Geysers wound)
    for _ in range(4):
        _answer(t, {"type": "resolve_action"}, {"unwind": ["stress"]})
    assert t.state.astronaut("purple").wounds == 0
    build = next(k for k, d in enumerate(t.state.declared) if d.action == "build")
    asked = _answer(t, {"type": "roll_action_dice", "action": build},
                    {"success_die": ["success"], "wound_die": ["blank"],
                     "adventure_die": ["blank"], "build_what": ["other"]})
    assert asked[:4] == ["success_die", "wound_die", "adventure_die", "build_what"]
    _answer(t, {"type": "end_actions"}, {})
    asked = _answer(t, {"type": "roll_malfunction"}, {"malfunction_living": [2]})
    assert asked[0] == "malfunction_living" and t.state.box["system"] == "red"
    _answer(t, {"type": "clean_up"}, {})
    cl = checklist(t)
    assert cl.round_over and t.state.sol == 3 and t.state.phase == "round_end"
    assert t.replayed() == t.state
