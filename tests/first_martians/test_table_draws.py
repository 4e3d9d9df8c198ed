"""The table owns its dice: by default the assistant never rolls or draws for it; "roll for
me" is an explicit choice and the log says which it was (issue 23)."""

from __future__ import annotations

from typing import Any

import pytest
from testkit.first_martians import raises_unchanged, table

from mrp_tutor.first_martians import (
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
    events = t.play(with_roll_for_me(intent_from_dict({"type": "produce"})))
    tiles = [e for e in events if e.type == "draw_made" and e.kind.startswith("shutdown_")
             and e.kind != "shutdown_target"]
    assert tiles and all(e.by == "seeded" for e in tiles)
    for e in tiles:
        text = explain_event(e).text
        assert "face down" in text and str(e.value) not in text
        assert str(e.value).replace("_", " ") not in text
