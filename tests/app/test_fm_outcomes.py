"""The First Martians panel, tapped in the kernel: Explore's tile and Build's repair are asked
inside the guided resolve step, as the table sees them (the tile by name with its icons, or by
what is printed on it; what the Build repairs), and "Roll/draw for me" draws only the one
question it was tapped for (The Actions › 6. Explore and 9. Build; Phase IV › Action Dice)."""

from __future__ import annotations

from typing import Any

import ipywidgets as W
import pytest
from testkit.fm_taps import answer, place

from mrp_tutor.games.first_martians import InputNeeded, intent_from_dict
from mrp_tutor.games.first_martians.events import DrawMade
from mrp_tutor.games.first_martians.ui.fm_panel import FmPanel

CANYON = "Canyon (Extra Pawn, sample, POI, Objective)"


def _declared(*extra: tuple[str, str, int, dict[str, Any]], target: str = "r2_n") -> FmPanel:
    """The sample HUB in its Action Phase, Red exploring ``target`` with Froggy (the
    sample's map already holds Plains, Geysers and the Chasm)."""
    p = FmPanel()
    p.events_btn.click()
    p.morale_btn.click()
    p.wilt.children[0].value = True
    p.produce_btn.click()
    answer(p, "Med Lab")
    answer(p, "Red")
    answer(p, "Anemia")
    assert p.table.state.phase == "actions"
    status = place(p, "explore", "red", 2, rover="froggy", target=target)
    assert "Placed" in status, status
    for action, who, pawns, more in extra:
        status = place(p, action, who, pawns, **more)
        assert "Placed" in status, status
    p.planner.declare_btn.click()
    assert p.step == "resolve", p.status.value
    return p


def test_explore_asks_the_tile_by_name_with_its_icons_inside_the_resolve_step() -> None:
    p = _declared()
    assert "the ROI tile drawn" in p.resolver.head.value  # said before the tap
    p.resolver.buttons.children[0].click()
    assert "ROI tile drawn from the ring-2 stack" in p.asker.prompt.value
    labels = [b.description for b in p.asker.choices.children]
    assert labels == [CANYON, "Another ring-2 tile (tap what is printed on it)"]
    assert p.asker.roll_btn.description == "Draw for me"
    assert p.asker.roll_btn.layout.display == ""
    answer(p, CANYON)
    assert "what does it show?" in p.asker.prompt.value  # the POI token the table drew
    assert "tutor reading" in p.asker.prompt.value
    assert p.asker.roll_btn.layout.display == "none"  # the rulebook prints no POI
    answer(p, "An O2 spare part")
    assert p.asker.question is None and p.table.state.tiles["r2_n"].name == "Canyon"
    assert "Canyon is placed face up on Ring 2 North" in p.log.value
    assert "poi_spare_part_oxygen" in p.table.state.cargo.available
    assert "Tutor reading: The POI stays in the Cargo Bay until the table uses it" in p.log.value
    assert "Now enter" not in p.resolver.head.value  # nothing left to enter afterwards


def _tile_form(p: FmPanel) -> Any:
    """The one-screen form of an unprinted tile, as the asker shows it."""
    (btn,) = [w for w in p.asker.choices.children
              if isinstance(w, W.Button) and w.description == "Place this tile"]
    rows = {w.children[0].value: w.children[1] for w in p.asker.choices.children
            if isinstance(w, W.VBox) and "fm-tile-row" in w._dom_classes}
    return btn, rows


def test_a_tile_the_data_does_not_print_is_tapped_by_its_icons_never_drawn() -> None:
    """Issue 38: an unnamed ROI tile took six questions one after another (Extra Pawn icons,
    samples, each terrain icon, POI and Objective, the edge).  Now they are one screen, each
    answer shown before "Place this tile" enters them all at once."""
    p = _declared(target="r1_w")
    p.resolver.buttons.children[0].click()
    answer(p, "Another ring-1 tile (tap what is printed on it)")
    assert "What is printed on the ring-1 tile for Ring 1 West?" in p.asker.prompt.value
    assert p.asker.roll_btn.layout.display == "none"  # the assistant cannot know it
    place_btn, rows = _tile_form(p)
    assert len(rows) == 5  # every question on the one screen
    rows["<b>Extra Pawn icons</b>"].value = 2
    rows["<b>Sample icons</b>"].value = 1
    terrain = {b.description: b for b in
               rows["<b>Blue-box terrain icons (tap each one printed)</b>"].children}
    terrain["Morale icon"].value = True
    terrain["Rover icon"].value = True
    rows["<b>POI and Objective icons</b>"].value = "poi"
    before = len(p.table.log)
    place_btn.click()
    assert len(p.table.log) == before  # the POI drawn is still to come: nothing yet
    answer(p, "A sample")
    tile = p.table.state.tiles["r1_w"]
    assert tile.icons == ["extra_pawn", "extra_pawn", "sample", "morale", "rover", "poi"]
    assert tile.samples == 1 and not tile.impassable_outer
    assert "poi_sample" in p.table.state.cargo.available
    assert p.asker.question is None


def test_a_plain_unprinted_tile_is_two_taps() -> None:
    """The form starts at what the plainest tile shows (1 Extra Pawn icon, nothing else):
    the table taps "Place this tile" and the tile is placed with exactly that."""
    p = _declared(target="r1_w")
    p.resolver.buttons.children[0].click()
    answer(p, "Another ring-1 tile (tap what is printed on it)")
    _tile_form(p)[0].click()
    tile = p.table.state.tiles["r1_w"]
    assert tile.icons == ["extra_pawn"] and tile.samples == 0 and not tile.impassable_outer


def test_draw_for_me_draws_the_tile_only() -> None:
    p = _declared(("build", "yellow", 2, {"target": "working_bay"}))
    p.resolver.buttons.children[0].click()
    p.asker.roll_btn.click()  # the tile only
    if "what does it show?" in p.asker.prompt.value:  # its POI: the table's own token
        assert p.asker.roll_btn.layout.display == "none"
        answer(p, "A sample")
    if p.asker.question is not None:  # a tile the data does not print: the table reads it
        assert "What is printed on" in p.asker.prompt.value
        assert p.asker.roll_btn.layout.display == "none"
        return
    (drawn,) = [e for e in p.table.log if isinstance(e, DrawMade) and e.kind == "roi_tile"]
    assert drawn.by == "seeded" and drawn.value == "canyon"
    # nothing else was drawn with it: the Build's Success die (its red hardware status)
    # is asked of the table when the Build resolves
    p.resolver.buttons.children[0].click()
    assert "Success die (build): what did the table roll?" in p.asker.prompt.value


def _build_asked(target: str) -> FmPanel:
    p = _declared(("build", "yellow", 2, {"target": target}))
    p.resolver.buttons.children[0].click()
    answer(p, CANYON)
    answer(p, "A Mission icon (the Mission sheet says its use)")
    head = p.resolver.head.value.replace("&#x27;", "'")
    assert "Yellow's Build" in head and "what the Build repairs or builds" in head
    p.resolver.buttons.children[0].click()
    faces = {"Success die": "Success", "Wound die": "No wound", "Adventure die": "No Adventure"}
    while "Build does" not in p.asker.prompt.value:  # the brown dice, if any
        answer(p, next(v for k, v in faces.items() if k in p.asker.prompt.value))
    assert "What Yellow&#x27;s Build does: the table chooses" in p.asker.prompt.value
    return p


def test_build_asks_what_it_repairs_inside_the_resolve_step() -> None:
    p = _build_asked("working_bay")
    (group,) = [w for w in p.asker.choices.children if "fm-ask-group" in w._dom_classes]
    assert "Repair Working Bay&#x27;s hardware status with the green marker from" in \
        group.children[0].value
    answer(p, "Lab")  # the Facility giving its green marker, by its name alone
    s = p.table.state
    assert not s.facility("working_bay").red("hardware")
    assert s.facility("lab").red("hardware")
    assert "Working Bay's hardware status is repaired with the green marker from Lab" in \
        p.log.value.replace("&#x27;", "'")
    assert "Every placed action has resolved" in p.resolver.head.value


def test_the_build_list_is_short_on_a_phone_and_hides_no_choice() -> None:
    """Crew Quarters' red O2 status could take the green marker of any of seven Facilities:
    nine long sentences differing in their last words. They are one group headed by the
    repair, each Facility a short button by its name; every choice the rules give is one
    tap, nothing folded away."""
    p = _build_asked("crew_quarters")
    before = p.table.state  # the engine's choices, asked again without the panel
    assert p.pending is not None
    with pytest.raises(InputNeeded) as asked:
        p.table.play(intent_from_dict(p.pending["intent"]))
    offered = sorted(map(str, asked.value.choices))
    assert p.table.state == before
    shown = p.asker.buttons()
    assert sorted(str(b._fm_value) for b in shown) == offered
    tops = list(p.asker.choices.children)
    assert [getattr(w, "description", None) for w in tops] == [
        "Repair Crew Quarters' O2 status with an O2 spare part", None,
        "Something on the Mission sheet (an Upgrade, a Facility card, an objective): enter "
        "it next"]
    donors = [b.description for b in tops[1].children[1].children]
    assert "Med Lab" in donors and len(donors) == len(offered) - 2
    assert max(len(d) for d in donors) <= 16  # names, not sentences


def test_where_a_build_goes_lists_what_it_can_repair_first() -> None:
    p = _declared()
    p.planner.action.value = "build"
    labels = [x for x, _ in p.planner.target.options]
    facilities = [f.id for f in p.table.state.facilities]
    assert labels[:5] == ["(choose where)", "In the HUB", "Farm 01: energy red, to repair",
                          "Crew Quarters: O2 red, to repair",
                          "Working Bay: hardware red, to repair"]
    assert set(facilities) <= {v for _, v in p.planner.target.options}  # none hidden
