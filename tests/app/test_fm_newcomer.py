"""The First Martians panel as a newcomer table meets it: what it trips on, tapped in the
kernel (the newcomer pass of the phone and tablet screenshots)."""

from __future__ import annotations

from testkit.fm_taps import answer

from mrp_tutor.app.fm_panel import FmPanel


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
