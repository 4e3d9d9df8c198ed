"""The table owns its dice: by default the assistant never rolls or draws for it; "roll for
me" is an explicit choice and the log says which it was (issue 23)."""

from __future__ import annotations

from typing import Any

import pytest
from testkit.first_martians import raises_unchanged, table

from mrp_tutor.games.first_martians import (
    FmError,
    InputNeeded,
    Table,
    explain_event,
    intent_from_dict,
    with_input,
    with_roll_for_me,
)

START: dict[str, Any] = {"first_player": "red", "astronauts": [
    {"id": "red", "name": "Red", "wounds": 1}, {"id": "yellow", "name": "Yellow"}],
    "supply": {"oxygen": 2, "energy": 2, "food": 4}}


def _table(**state: Any) -> Table:
    return table(START, **state)


def _needed(t: Table, intent: Any) -> InputNeeded:
    return raises_unchanged(t, intent, InputNeeded)


def test_a_condition_is_the_tables_draw_unless_it_asks_the_assistant() -> None:
    t = _table()
    it = intent_from_dict({"type": "wound", "astronaut": "red"})
    need = _needed(t, it)
    assert need.kind == "condition" and need.random_draw and "migraine" in need.choices
    assert need.code == "fm.input_needed" and need.rule == "health.condition"
    events = t.play(with_input(it, "condition", "migraine"))
    drawn = next(e for e in events if e.type == "draw_made")
    assert (drawn.by, drawn.value) == ("table", "migraine")
    assert explain_event(drawn).text.startswith("The table enters")
    assert t.state.astronaut("red").conditions == ["migraine"]


def test_roll_for_me_is_seeded_and_the_log_says_so() -> None:
    t = _table(seed=5)
    events = t.play(with_roll_for_me(intent_from_dict({"type": "wound", "astronaut": "red"})))
    drawn = next(e for e in events if e.type == "draw_made")
    assert drawn.by == "seeded" and drawn.number == 1
    assert explain_event(drawn).text.startswith("Rolled for you (asked; seeded draw 1)")
    again = _table(seed=5)
    again.play(with_roll_for_me(intent_from_dict({"type": "wound", "astronaut": "red"})))
    assert again.state == t.state and t.replayed() == t.state


def test_malfunction_dice_are_entered_by_the_table() -> None:
    t = _table(phase="malfunction", box={"living": "red"})
    it = intent_from_dict({"type": "roll_malfunction"})
    need = _needed(t, it)
    assert need.kind == "malfunction_living" and need.choices
    events = t.play(with_input(it, "malfunction_living", need.choices[0]))
    assert [e.by for e in events if e.type == "draw_made"] == ["table"]


def test_the_table_chooses_the_shutdown_facility_and_the_tile_stays_face_down() -> None:
    t = _table(phase="production", facilities={"solar_panel_02": {"production": 4}})
    it = intent_from_dict({"type": "produce"})
    need = _needed(t, it)
    assert need.kind == "shutdown_target" and not need.random_draw
    assert "lab" in need.choices and "Lab" in need.labels
    events = t.play(with_input(it, "shutdown_target", "lab"))
    placed = next(e for e in events if e.type == "shutdown_placed")
    assert (placed.facility, placed.tile) == ("lab", "face_down")
    assert "face down on Lab" in explain_event(placed).text
    assert not [e for e in events if e.type == "draw_made" and e.by == "seeded"]


def test_an_entered_value_that_cannot_be_is_refused() -> None:
    t = _table()
    it = intent_from_dict({"type": "wound", "astronaut": "red", "draws": {"condition": ["flu"]}})
    with pytest.raises(Exception) as info:
        t.play(it)
    assert getattr(info.value, "code", "") == "fm.draw_not_possible"


def test_a_shutdown_tile_rolled_for_the_table_is_not_shown_face_up() -> None:
    """Production III-A places the tile face down; only Remove Shutdown Tiles flips it. A tile
    drawn for the table is recorded (the game replays) but its face is not said."""
    t = _table(phase="production", seed=3, facilities={"solar_panel_02": {"production": 4}})
    it = with_input(intent_from_dict({"type": "produce"}), "shutdown_target", "lab")
    events = t.play(with_roll_for_me(it))
    tiles = [e for e in events if e.type == "draw_made" and e.kind.startswith("shutdown_")
             and e.kind != "shutdown_target"]
    assert tiles and all(e.by == "seeded" for e in tiles)
    for e in tiles:
        text = explain_event(e).text
        assert "face down" in text and str(e.value) not in text
        assert str(e.value).replace("_", " ") not in text


# ------------------------------------------------- "roll for me" is not "choose for me"
CHOICES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("shutdown_target", {"phase": "production",
                         "facilities": {"solar_panel_02": {"production": 4}}},
     {"type": "produce"}),
    ("food_wound", {"phase": "production", "supply": {"oxygen": 2, "energy": 2, "food": 0},
                    "facilities": {"farm_01": {"farm": {"greenhouses": 4, "seeds": [],
                                                        "plants": 0}}}},
     {"type": "produce"}),
    ("unwind", {"phase": "actions"}, {"type": "resolve_action"}),
    ("manage", {"phase": "actions", "malfunction": {"living": 2, "system": 1}},
     {"type": "resolve_action", "draws": {"success_die": ["success"]}}),
    ("build_what", {"phase": "actions"},
     {"type": "resolve_action", "draws": {"success_die": ["success"]}}),
    ("heal", {"phase": "actions", "astronauts": [
        {"id": "red", "name": "Red", "medic": True, "wounds": 1, "conditions": ["migraine"]},
        {"id": "yellow", "name": "Yellow"}]}, {"type": "resolve_action"}),
]
PLACED = {"unwind": {"action": "unwind", "astronaut": "red"},
          "manage": {"action": "manage", "astronaut": "red", "pawns": 1},
          "build_what": {"action": "build", "astronaut": "red", "pawns": 1, "target": "hub"},
          "heal": {"action": "heal", "astronaut": "red"}}


def _choice_table(kind: str, state: dict[str, Any]) -> Table:
    t = table(START, **state)
    if kind in PLACED:
        t.play(intent_from_dict({"type": "declare_actions", "actions": [PLACED[kind]]}))
    return t


@pytest.mark.parametrize(("kind", "state", "intent"), CHOICES, ids=[c[0] for c in CHOICES])
def test_roll_for_me_never_makes_the_tables_choices(kind: str, state: dict[str, Any],
                                                    intent: dict[str, Any]) -> None:
    """The seeded generator picked the Facility, the wounded astronaut, the track, the Unwind,
    what a Build did and what a Heal healed when the table asked it to roll: those are the
    players' decisions. A blanket "roll for me" rolls the dice; each choice is still asked."""
    t = _choice_table(kind, state)
    it = with_roll_for_me(intent_from_dict(intent))
    need = _needed(t, it)
    assert need.kind == kind and not need.random_draw and need.code == "fm.input_needed"
    it = with_input(it, kind, need.choices[-1])
    for _ in range(3):  # two food wounds are two choices
        try:
            events = t.play(it)
            break
        except InputNeeded as more:
            assert more.kind == kind and not more.random_draw
            it = with_input(it, kind, more.choices[-1])
    made = [e for e in events if e.type == "draw_made" and e.kind == kind]
    assert made and all(e.by == "table" for e in made)


@pytest.mark.parametrize(("kind", "state", "intent"), CHOICES, ids=[c[0] for c in CHOICES])
def test_asked_to_roll_a_choice_the_assistant_refuses(kind: str, state: dict[str, Any],
                                                      intent: dict[str, Any]) -> None:
    """``roll_for`` names one question; a choice named there is refused (the panel offers
    "Roll for me" only for dice and draws), with the rule, and nothing changes."""
    t = _choice_table(kind, state)
    it = intent_from_dict({**intent, "roll_for_me": True, "roll_for": [kind]})
    err = raises_unchanged(t, it, FmError)
    assert err.code == "fm.not_a_draw" and err.rule == "tutor.table_draws"
    assert "the table's choice" in err.message


def test_asked_to_draw_what_a_tile_prints_the_assistant_refuses() -> None:
    t = table(START, phase="actions", tiles={"r1_e": {"name": "Geysers"}})
    t.play(intent_from_dict({"type": "declare_actions", "actions": [
        {"action": "explore", "astronaut": "red", "pawns": 2, "rover": "froggy",
         "target": "r1_n"}]}))
    it = intent_from_dict({"type": "resolve_action", "roll_for": ["roi_extra_pawns"],
                           "draws": {"roi_tile": ["another"], "success_die": ["success"]}})
    err = raises_unchanged(t, it, FmError)
    assert err.code == "fm.not_a_draw" and "read off the tile" in err.message
