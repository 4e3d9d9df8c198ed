"""The First Martians panel, tapped in the kernel: Explore's tile and Build's repair are asked
inside the guided resolve step, as the table sees them (the tile by name with its icons, or by
what is printed on it; what the Build repairs), and "Roll/draw for me" draws only the one
question it was tapped for (The Actions › 6. Explore and 9. Build; Phase IV › Action Dice)."""

from __future__ import annotations

from typing import Any

from testkit.fm_taps import answer, place

from mrp_tutor.app.fm_panel import FmPanel
from mrp_tutor.first_martians.events import DrawMade

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
    assert p.asker.question is None and p.table.state.tiles["r2_n"].name == "Canyon"
    assert "Canyon is placed face up on Ring 2 North" in p.log.value
    assert "poi" in p.table.state.cargo.available
    assert "Now enter" not in p.resolver.head.value  # nothing left to enter afterwards


def test_a_tile_the_data_does_not_print_is_tapped_by_its_icons_never_drawn() -> None:
    p = _declared(target="r1_w")
    p.resolver.buttons.children[0].click()
    answer(p, "Another ring-1 tile (tap what is printed on it)")
    assert "what does the tile show" in p.asker.prompt.value
    assert p.asker.roll_btn.layout.display == "none"  # the assistant cannot know it
    for label in ("2 Extra Pawn icons", "1 sample icon", "Morale icon",
                  "No other terrain icon", "A POI icon", "No impassable edge"):
        answer(p, label)
    tile = p.table.state.tiles["r1_w"]
    assert tile.icons == ["extra_pawn", "extra_pawn", "sample", "morale", "poi"]
    assert "poi" in p.table.state.cargo.available


def test_draw_for_me_draws_the_tile_only() -> None:
    p = _declared(("build", "yellow", 2, {"target": "working_bay"}))
    p.resolver.buttons.children[0].click()
    p.asker.roll_btn.click()  # the tile only
    if p.asker.question is not None:  # a tile the data does not print: the table reads it
        assert "what does the tile show" in p.asker.prompt.value
        assert p.asker.roll_btn.layout.display == "none"
        return
    (drawn,) = [e for e in p.table.log if isinstance(e, DrawMade) and e.kind == "roi_tile"]
    assert drawn.by == "seeded" and drawn.value == "canyon"
    # nothing else was drawn with it: the Build's Success die (its red hardware status)
    # is asked of the table when the Build resolves
    p.resolver.buttons.children[0].click()
    assert "Success die (build): what did the table roll?" in p.asker.prompt.value


def test_build_asks_what_it_repairs_inside_the_resolve_step() -> None:
    p = _declared(("build", "yellow", 2, {"target": "working_bay"}))
    p.resolver.buttons.children[0].click()
    answer(p, CANYON)
    head = p.resolver.head.value.replace("&#x27;", "'")
    assert "Yellow's Build" in head and "what the Build repairs or builds" in head
    p.resolver.buttons.children[0].click()
    for face in ("Success", "No wound", "No Adventure"):  # a pawn short: the brown dice
        answer(p, face)
    assert "What Yellow&#x27;s Build does: the table chooses" in p.asker.prompt.value
    labels = [b.description for b in p.asker.choices.children]
    switch = next(x for x in labels if x.startswith("Repair Working Bay's hardware status "
                                                    "with the green marker from"))
    donor = switch.rsplit(" from ", 1)[1]
    answer(p, switch)
    s = p.table.state
    assert not s.facility("working_bay").red("hardware")
    assert next(f for f in s.facilities if f.name == donor).red("hardware")
    assert "Every placed action has resolved" in p.resolver.head.value
