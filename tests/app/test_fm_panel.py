"""The First Martians panel steps a whole round; the picker switches games."""

from __future__ import annotations

from mrp_tutor.app.fm_panel import FmPanel, game_picker


def test_panel_steps_a_round_and_shows_cited_sentences() -> None:
    panel = FmPanel()
    while not panel.next_btn.disabled:
        panel.next_btn.click()
    assert "Sol 4, events phase" in panel.head.value
    assert "[production.a.shutdown]" in panel.log.value
    assert "Refused" not in panel.log.value
    assert "730461" not in panel.head.value + panel.log.value  # the seed stays server-side
    panel.restart_btn.click()
    assert "Sol 3" in panel.head.value and panel.log.value == "<ol class='fm-steps'></ol>"


def test_picker_switches_to_first_martians() -> None:
    import ipywidgets as W

    mrp = W.Label("mrp")
    picker = game_picker(mrp)
    pick, box = picker.children
    pick.value = "First Martians"
    assert "fm-panel" in box.children[0]._dom_classes
    pick.value = "Mission: Red Planet"
    assert box.children[0] is mrp
