"""The First Martians panel: steps a round, plays typed effects, refuses bad input with a
sentence, undoes, loads files; the picker switches games."""

from __future__ import annotations

from mrp_tutor.app.fm_panel import FmPanel
from mrp_tutor.app.picker import game_picker


def _run_sample(panel: FmPanel) -> None:
    for _ in range(30):
        if "Sol 3 is over" in panel.head.value:
            return
        panel.next_btn.click()


def test_panel_steps_the_sample_round_with_cited_sentences() -> None:
    panel = FmPanel()
    _run_sample(panel)
    assert "Sol 3 is over" in panel.head.value and "round file done" in panel.head.value
    assert "[production.a.shutdown]" in panel.log.value
    assert "Refused" not in panel.status.value
    assert "730461" not in panel.head.value + panel.log.value + panel.hub.value  # seed hidden
    assert "unverified" in panel.hub.value
    panel.restart_btn.click()
    assert "Sol 3" in panel.head.value and panel.log.value == "<ol class='fm-steps'></ol>"


def test_typed_effects_refusals_and_undo() -> None:
    panel = FmPanel()
    panel.play_text("{type: change_supply, resource: food, delta: 2}")
    assert "General Supply food +2 to 3" in panel.log.value
    panel.play_text("{type: produce}")  # Events phase: refused, nothing changes
    assert "Refused" in panel.status.value and "production phase" in panel.status.value
    assert "supply oxygen 2, energy 3, food 3" in panel.head.value
    panel.play_text("{type: change_supply, resource: gold}")
    assert "resource" in panel.status.value
    panel.undo_btn.click()
    assert "food 1" in panel.head.value and panel.undo_btn.disabled


def test_setup_hub_plays_plain_bookkeeping_and_bad_files_change_nothing() -> None:
    panel = FmPanel()
    panel.source.value = "Board Setup HUB, 2 astronauts"
    for _ in range(6):
        panel.next_btn.click()
    assert "Sol 1 is over" in panel.head.value
    assert not panel.load({"state": {"first_player": "zed", "astronauts": []}}, "bad.yaml")
    assert "bad.yaml was not loaded" in panel.status.value
    assert "Sol 1 is over" in panel.head.value


def test_picker_switches_to_first_martians() -> None:
    import ipywidgets as W

    mrp = W.Label("mrp")
    picker = game_picker(mrp)
    pick, box = picker.children
    pick.value = "First Martians"
    assert "fm-panel" in box.children[0]._dom_classes
    pick.value = "Mission: Red Planet"
    assert box.children[0] is mrp
