"""Explore's and Build's outcomes asked inside the resolve step, as the table sees them.

Rulebook (seed 004), The Actions › 6. Explore: "Draw a random ROI tile from the corresponding
stack (for ring 1, 2, or 3) and place it face up"; a sample cube per sample icon, a random POI
token to the Cargo Bay's Available area per POI icon, the Mission sheet for an Objective
icon; Components: 19 ROI tiles, 8 ring-1, 8 ring-2, 3 ring-3 (tutor reading
``tutor.roi_tiles`` for the tiles whose print the rulebook does not give).  The Actions › 9.
Build: a red status repaired with a matching spare part (discarded) or with the green marker
switched from the same status of another Facility (which turns red); Repair Rovers discards
a token from the rover's X space.  Phase IV › Action Dice and Phase V: the table owns its
dice; a roll for the table cites the labelled model of the faces.  Each test fails on the
code before this change (an Explore or Build resolved without asking, and the outcome was
entered afterwards as a separate effect).
"""

from __future__ import annotations

from typing import Any

import pytest
from testkit.first_martians import play as _play
from testkit.first_martians import refused as _refused
from testkit.first_martians import table

from mrp_tutor.games.first_martians import InputNeeded, Table, explain_event, load_state
from mrp_tutor.games.first_martians.content import default_board
from mrp_tutor.games.first_martians.events import Event

CREW = [{"id": "red", "name": "Red"}, {"id": "yellow", "name": "Yellow"}]
START: dict[str, Any] = {"first_player": "red", "astronauts": CREW, "phase": "actions",
                         "supply": {"oxygen": 3, "energy": 3, "food": 6}}


def _types(events: list[Event], kind: str) -> list[Any]:
    return [e for e in events if e.type == kind]


def _explore(target: str = "r1_n", **state: Any) -> Table:
    t = table(START, **state)
    _play(t, type="declare_actions", actions=[
        {"action": "explore", "astronaut": "red", "pawns": 2, "rover": "froggy",
         "target": target}])
    return t


def _asked(t: Table, **intent: Any) -> InputNeeded:
    err = _refused(t, type="resolve_action", **intent)
    assert isinstance(err, InputNeeded)
    return err


# ---------------------------------------------------------------- 6. Explore
def test_explore_asks_the_tile_drawn_from_its_rings_stack_by_name() -> None:
    t = _explore()
    need = _asked(t)
    assert need.kind == "roi_tile" and need.random_draw and not need.table_only
    assert need.choices == ["geysers", "plains", "another"]  # ring 1: the known two + others
    assert need.labels[0] == "Geysers (Extra Pawn, Wound)"
    assert "tap what is printed" in need.labels[-1]
    events = _play(t, type="resolve_action", draws={"roi_tile": ["geysers"]})
    tile = t.state.tiles["r1_n"]
    assert tile.name == "Geysers" and tile.icons == ["extra_pawn", "wound"]
    (shown,) = _types(events, "tile_revealed")
    assert shown.rule == "explore.resolve" and shown.samples == 0
    assert _types(events, "action_resolved")[0].enter == []  # nothing left to enter


def test_a_known_tile_already_on_the_map_is_not_in_the_stack() -> None:
    t = _explore(target="r1_e", tiles={"r1_n": {"name": "Plains"}})
    assert _asked(t).choices == ["geysers", "another"]
    err = _refused(t, type="resolve_action", draws={"roi_tile": ["plains"]})
    assert err.code == "fm.draw_not_possible"


def test_the_canyon_brings_a_sample_a_poi_and_the_mission_sheet() -> None:
    t = table(START, tiles={"r1_n": {"name": "Plains"}})
    _play(t, type="declare_actions", actions=[
        {"action": "explore", "astronaut": "red", "pawns": 2, "rover": "froggy",
         "target": "r2_n"}])
    assert _asked(t).choices == ["canyon", "chasm", "another"]  # the ring-2 stack
    need = _asked(t, draws={"roi_tile": ["canyon"]})  # the POI token the table drew
    assert need.kind == "poi" and need.rule == "explore.poi" and need.table_only
    events = _play(t, type="resolve_action",
                   draws={"roi_tile": ["canyon"], "poi": ["spare_part_oxygen"]})
    assert t.state.tiles["r2_n"].samples == 1
    assert t.state.cargo.available == ["poi_spare_part_oxygen"]
    (poi,) = _types(events, "cargo_changed")
    assert poi.rule == "explore.poi"
    objective = [e for e in _types(events, "tallied") if e.step == "explore.objective"]
    assert objective and "Mission sheet" in explain_event(objective[0]).text


def test_a_revealed_poi_is_asked_by_what_it_shows_and_never_drawn_for_the_table() -> None:
    """Issue 38: a POI icon put an unnamed "poi" in the Cargo Bay and never asked which POI
    the table drew.  Explore › POI: the token is drawn at random and placed face up; what it
    shows is the table's (the rulebook prints none: ``tutor.poi_faces``), so "Draw for me"
    does not draw it, and the answer is a ``draw_made`` event citing ``explore.poi``."""
    t = table(START, tiles={"r1_n": {"name": "Plains"}})
    _play(t, type="declare_actions", actions=[
        {"action": "explore", "astronaut": "red", "pawns": 2, "rover": "froggy",
         "target": "r2_n"}])
    need = _asked(t, draws={"roi_tile": ["canyon"]})
    assert need.kind == "poi" and need.table_only and "spare_part_cpu" in need.choices
    err = _refused(t, type="resolve_action", draws={"roi_tile": ["canyon"]}, roll_for=["poi"])
    assert err.code == "fm.not_a_draw" and t.state.cargo.available == []
    events = _play(t, type="resolve_action",
                   draws={"roi_tile": ["canyon"], "poi": ["spare_part_cpu"]})
    (drawn,) = [e for e in _types(events, "draw_made") if e.kind == "poi"]
    assert drawn.rule == "explore.poi" and drawn.by == "table"
    assert t.state.cargo.available == ["poi_spare_part_cpu"]
    assert "CPU spare part" in explain_event(_types(events, "cargo_changed")[0]).text
    (kept,) = [e for e in _types(events, "tallied") if e.step == "explore.poi_kept"]
    assert kept.rule == "tutor.poi_faces"  # its use is the table's, said as a reading
    assert explain_event(kept).citation.source == "tutor reading"


def test_a_tile_the_data_does_not_print_is_entered_by_its_icons() -> None:
    t = _explore()
    draws = {"roi_tile": ["another"], "roi_extra_pawns": [2], "roi_samples": [1],
             "roi_terrain": ["morale", "rover", "none"], "roi_finds": ["poi"],
             "roi_edge": ["yes"], "poi": ["sample"]}
    events = _play(t, type="resolve_action", draws=draws)
    tile = t.state.tiles["r1_n"]
    assert tile.icons == ["extra_pawn", "extra_pawn", "sample", "morale", "rover", "poi"]
    assert tile.samples == 1 and tile.impassable_outer and tile.name == "ROI tile"
    assert t.state.cargo.available == ["poi_sample"]
    asked = [e.rule for e in _types(events, "draw_made") if e.kind.startswith("roi_")]
    assert asked[0] == "explore.resolve" and set(asked[1:]) == {"tutor.roi_tiles"}
    assert "does not print" in explain_event(_types(events, "draw_made")[0]).text


@pytest.mark.parametrize("tile", ["canyon", "another"])
def test_the_poi_of_an_explored_tile_is_said_once_in_words(tile: str) -> None:
    """The Explore's resolved sentence repeated the tile sentence before it ("...; 1 sample
    cube on it; a random POI token goes to the Cargo Bay"), the Cargo sentence said "+1 poi",
    and the icons read off an unprinted tile said "the POI and Objective icons on ...: a poi
    and an objective icon". Now the tile sentence tells the table to draw the POI, the Cargo
    Bay sentence records the token, and no sentence says it twice or as an id.  Issue 38:
    the POI drawn is asked (what it shows) and said in words, once."""
    t = table(START, tiles={"r1_n": {"name": "Plains"}, "r1_e": {"name": "Geysers"}})
    target = "r2_n" if tile == "canyon" else "r1_w"
    _play(t, type="declare_actions", actions=[
        {"action": "explore", "astronaut": "red", "pawns": 2, "rover": "froggy",
         "target": target}])
    draws: dict[str, list[Any]] = {"roi_tile": [tile], "poi": ["mission"]}
    if tile == "another":
        draws |= {"roi_extra_pawns": [1], "roi_samples": [1], "roi_terrain": ["none"],
                  "roi_finds": ["poi_objective"], "roi_edge": ["no"]}
    said = [explain_event(e).text for e in _play(t, type="resolve_action", draws=draws)]
    poi = [x for x in said if "POI" in x]
    name = "Canyon" if tile == "canyon" else "The ROI tile"
    where = "Ring 2 North" if tile == "canyon" else "Ring 1 West"
    assert poi[-4:] == [f"{name} is placed face up on {where} with 1 sample cube; draw a "
                        "random POI for the Cargo Bay.",
                        "The table enters the token drawn for the Cargo Bay: a POI showing a "
                        "Mission icon (the Mission sheet says its use).",
                        "Cargo Bay Available: +1 POI token showing a Mission icon (the Mission "
                        "sheet says its use).",
                        "A Mission-icon POI is used as the Mission sheet says, which the "
                        "assistant does not model: enter what it does under Something "
                        "happened."]
    assert all(x.count("POI") == 1 for x in said if "POI" in x)
    assert not [x for x in said if "poi" in x.replace("POI", "")]
    explored = "Canyon" if tile == "canyon" else "the ROI tile"
    assert said[-1] == f"Red's Explore resolves: {explored} is explored on {where}. Its pawns " \
        "go back."
    if tile == "another":
        assert ("The table reads the ring-1 tile for Ring 1 West: a POI and an Objective icon."
                in said)
        assert "The table reads the ring-1 tile for Ring 1 West: 1 Extra Pawn icon." in said


def test_the_assistant_never_invents_what_is_printed_on_a_tile() -> None:
    t = _explore()
    need = _asked(t, roll_for_me=True, draws={"roi_tile": ["another"]})
    assert need.kind == "roi_extra_pawns" and need.table_only and not need.random_draw


def test_draw_for_me_draws_among_the_tiles_left_in_the_stack() -> None:
    board = default_board().model_copy(update={"roi_stacks": default_board().roi_stacks
                                               .model_copy(update={"ring_1": 3})})
    seen = set()
    for seed in range(40):
        t = Table(load_state({**START, "seed": seed, "tiles": {"r1_e": {"name": "Geysers"}}}),
                  board=board)
        _play(t, type="declare_actions", actions=[
            {"action": "explore", "astronaut": "red", "pawns": 2, "rover": "froggy",
             "target": "r1_n"}])
        try:
            events = _play(t, type="resolve_action", roll_for=["roi_tile"])
        except InputNeeded as need:  # an unprinted tile: the table reads its icons
            assert need.kind == "roi_extra_pawns" and need.table_only
            seen.add("another")
            continue
        (drawn,) = [e for e in _types(events, "draw_made") if e.kind == "roi_tile"]
        assert drawn.by == "seeded" and drawn.rule == "explore.resolve"
        seen.add(drawn.value)
    assert seen == {"plains", "another"}  # 3 ring-1 tiles: Geysers out, Plains, one other


def test_an_empty_stack_places_no_tile() -> None:
    board = default_board().model_copy(update={"roi_stacks": default_board().roi_stacks
                                               .model_copy(update={"ring_1": 2})})
    t = Table(load_state({**START, "tiles": {"r1_e": {"name": "Geysers"},
                                             "r1_w": {"name": "Plains"}}}), board=board)
    _play(t, type="declare_actions", actions=[
        {"action": "explore", "astronaut": "red", "pawns": 2, "rover": "froggy",
         "target": "r1_n"}])
    events = _play(t, type="resolve_action")
    assert "r1_n" not in t.state.tiles
    (empty,) = [e for e in _types(events, "tallied") if e.step == "explore.empty_stack"]
    assert empty.rule == "tutor.roi_tiles" and "empty" in explain_event(empty).text


def test_a_failed_explore_draws_no_tile() -> None:
    t = table(START)
    _play(t, type="declare_actions", actions=[
        {"action": "explore", "astronaut": "red", "pawns": 2, "target": "r1_n"}])
    events = _play(t, type="resolve_action", draws={
        "success_die": ["fail"], "wound_die": ["blank"], "adventure_die": ["blank"]})
    assert "r1_n" not in t.state.tiles and not _types(events, "tile_revealed")


# ---------------------------------------------------------------- roll for me, per question
def test_roll_for_me_on_one_die_does_not_roll_the_next() -> None:
    t = table(START)
    _play(t, type="declare_actions", actions=[
        {"action": "explore", "astronaut": "red", "pawns": 2, "target": "r1_n"}])
    need = _asked(t, roll_for=["success_die"])
    assert need.kind == "wound_die"  # the Success die was rolled, the Wound die is asked


# ---------------------------------------------------------------- 9. Build
def _build(**state: Any) -> Table:
    t = table(START, **state)
    _play(t, type="declare_actions", actions=[
        {"action": "build", "astronaut": "yellow", "pawns": 2, "target": "lab"}])
    return t


def test_build_asks_what_was_built_and_repairs_with_a_spare_part() -> None:
    t = _build(facilities={"lab": {"red": ["energy"]}},
               cargo={"available": ["spare_part_energy"]})
    need = _asked(t)
    assert need.kind == "build_what" and not need.random_draw
    assert "spare:energy" in need.choices and need.choices[-1] == "other"
    events = _play(t, type="resolve_action", draws={"build_what": ["spare:energy"]})
    assert not t.state.facility("lab").red("energy") and t.state.cargo.available == []
    assert [e.rule for e in _types(events, "status_repaired")] == ["build.repair"]


def test_build_without_the_spare_part_offers_only_the_switched_marker() -> None:
    t = _build(facilities={"lab": {"red": ["energy"]}})
    need = _asked(t)
    assert "spare:energy" not in need.choices
    donor = "switch:energy:med_lab"
    assert donor in need.choices
    _play(t, type="resolve_action", draws={"build_what": [donor]})
    assert not t.state.facility("lab").red("energy")
    assert t.state.facility("med_lab").red("energy")  # the other status is now broken


def test_build_repairs_a_rover_blocked_in_an_earlier_phase() -> None:
    t = _build(rovers={"froggy": {"blocked": 1}, "scorpio": {"blocked": 1, "fresh": 1}})
    need = _asked(t)
    assert "rover:froggy" in need.choices and "rover:scorpio" not in need.choices
    events = _play(t, type="resolve_action", draws={"build_what": ["rover:froggy"]})
    assert t.state.rovers["froggy"].blocked == 0
    assert [e.rule for e in _types(events, "rover_repaired")] == ["build.rover"]


def test_build_of_a_mission_sheet_item_names_what_to_enter_next() -> None:
    t = _build()
    events = _play(t, type="resolve_action", draws={"build_what": ["other"]})
    assert _types(events, "action_resolved")[0].enter == ["add_facility", "cargo"]


# ---------------------------------------------------------------- dice rolled for the table
@pytest.mark.parametrize("who", ["malfunction", "rover"])
def test_dice_rolled_for_the_table_cite_the_labelled_model_of_their_faces(who: str) -> None:
    if who == "malfunction":
        t = table(START, phase="malfunction", box={"living": "red"})
        events = _play(t, type="roll_malfunction", roll_for_me=True)
        kind, model, section = "malfunction_living", "tutor.malfunction_die_faces", \
            "Phase V. Malfunction"
    else:
        t = table(START, phase="production",
                  facilities={"garage_hall": {"red": ["hardware"]}})
        events = _play(t, type="produce", roll_for_me=True)
        kind, model, section = "wound_die", "tutor.action_dice_faces", "Action Dice"
    drawn = [e for e in _types(events, "draw_made") if e.kind == kind]
    assert drawn and {e.rule for e in drawn} == {model}
    cite = explain_event(drawn[0]).citation
    assert cite is not None and section in cite.section
