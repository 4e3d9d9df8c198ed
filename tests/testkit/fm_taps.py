"""Taps on the First Martians panel that kernel tests share (tests/app/test_fm_*.py)."""

from __future__ import annotations

from typing import Any

from mrp_tutor.games.first_martians.ui.fm_panel import FmPanel


def answer(p: FmPanel, label: str) -> None:
    """Tap the asked question's choice ``label`` (it must be offered)."""
    assert p.asker.question is not None, p.status.value
    buttons = {b.description: b for b in p.asker.buttons()}
    assert label in buttons, (label, list(buttons), p.asker.prompt.value)
    buttons[label].click()


def place(p: FmPanel, action: str, who: str, pawns: int, **more: Any) -> str:
    """Place ``who``'s pawns on ``action`` with the planner (helper, helper_pawns, rover,
    aom, target, route in ``more``); the status line it leaves."""
    pl = p.planner
    pl.action.value = action
    pl.who.value = who
    pl.pawns.value = pawns
    pl.helper.value = more.get("helper", "")
    pl.helper_pawns.value = more.get("helper_pawns", 1)
    pl.rover.value = more.get("rover", "")
    pl.aom.value = more.get("aom", "")
    if "target" in more:
        pl.target.value = more["target"]
    if "route" in more:
        pl.route.pick(more["route"])
    pl.add_btn.click()
    return str(p.status.value)
