"""The First Martians panel as a newcomer table meets it: what it trips on, tapped in the
kernel (the newcomer pass of the phone and tablet screenshots)."""

from __future__ import annotations

from testkit.fm_taps import answer

from mrp_tutor.games.first_martians.ui.fm_panel import FmPanel


def test_paying_for_a_farm_that_then_takes_the_shutdown_tile_is_not_a_refusal() -> None:
    """The table ticks "Pay 1 energy so Farm 01 does not wilt", taps Produce and puts the
    oxygen Shutdown tile on Farm 01 (offered first): the whole Production was refused after
    the question ("Farm 01 is Shutdown: paying ... cannot stop its wilting") and the table
    had to start the phase again. Now the Farm wilts, nothing is paid, and the log says so."""
    p = FmPanel()
    p.events_btn.click()
    p.morale_btn.click()
    p.wilt.children[0].value = True
    p.produce_btn.click()
    answer(p, "Farm 01")
    while p.asker.question is not None:  # the food wound and the Condition: the table's
        p.asker.buttons()[0].click()
    assert "Refused" not in p.status.value, p.status.value
    assert p.table.state.phase == "actions"
    assert "Farm 01 took a Shutdown tile this phase, so it wilts anyway" in p.log.value


def test_the_tables_choices_read_as_names_in_the_log() -> None:
    """The log said "The table chooses the Facility receiving oxygen Shutdown tile 1 of 1:
    farm 01", "...the Malfunction track Manage lowers: system", "what the Unwind does:
    morale" and "Pawns left unplaced: red 1": ids, not what the table tapped."""
    from testkit.fm_taps import place

    p = FmPanel()
    p.events_btn.click()
    p.morale_btn.click()
    p.produce_btn.click()
    answer(p, "Med Lab")
    answer(p, "Blue")
    while p.asker.question is not None:  # the other wounds and Conditions
        p.asker.buttons()[-1].click()
    assert "Placed" in place(p, "unwind", "red", 1)
    assert "Placed" in place(p, "manage", "yellow", 1)
    p.planner.declare_btn.click()
    p.resolver.buttons.children[0].click()
    answer(p, "Morale +1")
    p.resolver.buttons.children[0].click()
    answer(p, "Living Block")
    log = p.log.value.replace("&#x27;", "'")
    for said in ("The table chooses the Facility that takes the oxygen Shutdown tile: "
                 "Med Lab.", "The table chooses the astronaut who takes a wound for missing "
                 "food (1 of 2): Blue.", "The table chooses what the Unwind does: Morale +1.",
                 "The table chooses the Malfunction track Manage lowers: the Living Block.",
                 "Pawns left unplaced: Red 1 pawn, Yellow 1 pawn, Blue 2 pawns, Purple 2 "
                 "pawns"):
        assert said in log, said


def test_the_checklist_names_the_malfunction_extra_die_control_as_it_is_labelled() -> None:
    """At the Malfunction dice the panel showed a row of Blocks labelled only "Mission
    sheet", which the checklist did not mention: a table could not tell it was for a die the
    Mission sheet adds. The row now says so and the checklist names it by that label; at
    Production the checklist says which questions follow the Produce tap."""
    from mrp_tutor.games.first_martians.ui.fm_checklist import now_text

    p = FmPanel()
    assert p.also_roll.description == "Extra die (Mission sheet)"
    assert p.also_roll.style.description_width == "initial"  # not cut to "Extra di…"
    s = p.table.state.model_copy(update={"phase": "actions"})
    assert "“Extra die (Mission sheet)”" in now_text(s, "dice")
    s = p.table.state.model_copy(update={"phase": "production"})
    assert "which Facility takes a Shutdown tile, who takes a wound for missing food" in \
        now_text(s, "")


def test_the_hub_says_a_farms_seeds_in_words() -> None:
    """The HUB showed a Farm as "seeds [1, 4, 6], plants 1/4" (a Python list) and each Block
    as "system": now the Growth spaces and Greenhouses are named, the Block capitalised."""
    from mrp_tutor.games.first_martians.ui.fm_hub import hub_html

    p = FmPanel()
    html = hub_html(p.table.state, p.table.board)
    assert "seeds on Growth spaces 2, 5; plants 2 of 4 Greenhouses" in html
    assert "[" not in html.split("<table>", 1)[1].split("</table>", 1)[0]
    assert "<td>System</td>" in html and "<td>system</td>" not in html


def test_clean_up_names_the_tokens_it_moves() -> None:
    """Clean-Up said "Lab: ! space empty; wound moves from >> to !" and "Working Bay:
    discard extra pawn from the ! space": the tokens by their printed names now."""
    from mrp_tutor.games.first_martians import explain_event
    from mrp_tutor.games.first_martians.events import TokensCleaned

    said = explain_event(TokensCleaned(rule="cleanup.modifiers", facility="lab", discarded=[],
                                       moved="wound")).text
    assert said == "Lab: ! space empty; the Wound token moves from >> to !."
    said = explain_event(TokensCleaned(rule="cleanup.modifiers", facility="working_bay",
                                       discarded=["extra_pawn"], moved=None)).text
    assert said == "Working Bay: discard the Extra Pawn token from the ! space."


def test_the_hub_comes_before_the_map_outside_pawn_placing() -> None:
    """On a phone or an upright tablet the panel is one column: the HUB's tracks and supplies
    (what the assistant keeps for the table) came after the whole map, off the first screen.
    The HUB now leads the right column; while pawns are placed the map moves beside "Where"
    and the column holds the HUB alone."""
    p = FmPanel()
    assert p.right.children[0] is p.hub
    p.events_btn.click()
    p.morale_btn.click()
    assert list(p.right.children) == [p.hub, p.planner.map]


def test_something_happened_folds_when_the_phase_moves_on() -> None:
    """The "Something happened" form, opened in the Events phase (Health › Wound with its
    Who and Wounds rows), stayed open through every later phase, pushing the step's
    controls' neighbours a screen down on a phone. It stays open for a second effect of the
    same phase, and folds when the phase moves on."""
    p = FmPanel()
    fx = p.effects
    fx.group.value = "Supply"
    assert fx.form is not None and fx.fields.children
    fx.update(p.table.state, p.table.board)  # a redraw in the same phase: still open
    assert fx.form is not None and fx.fields.children
    p.events_btn.click()  # Events -> Morale
    assert fx.group.value is None and fx.form is None and not fx.fields.children
    fx.group.value = "Supply"
    assert fx.form is not None
