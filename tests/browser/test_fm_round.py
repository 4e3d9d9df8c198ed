"""Browser: pick First Martians in the game picker, type an effect, step a whole round."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_step_a_first_martians_round(app: Any) -> None:
    app.open()
    app.wait_for_class("mrp-app")
    picker = app.wait_for_class("game-picker")
    picker.get_by_role("button", name="First Martians").click()
    panel = app.wait_for_class("fm-panel")
    summary = panel.locator(".fm-summary")
    expect(summary).to_contain_text("Sol 3, events phase")

    # a refused effect is a sentence and changes nothing; an accepted one is explained
    box = panel.locator(".fm-intent input")
    box.fill("{type: produce}")
    panel.get_by_role("button", name="Play").click()
    expect(panel.locator(".fm-status")).to_contain_text("belongs to the production phase")
    box.fill("{type: change_supply, resource: food, delta: 2}")
    panel.get_by_role("button", name="Play").click()
    expect(summary).to_contain_text("food 3")
    panel.get_by_role("button", name="Undo").click()
    expect(summary).to_contain_text("food 1")

    nxt = panel.locator(".fm-next")
    for _ in range(20):
        if "Sol 3 is over" in summary.inner_text():
            break
        before = panel.locator(".fm-steps > li").count()
        nxt.click()
        expect(panel.locator(".fm-steps > li")).to_have_count(before + 1)
    expect(summary).to_contain_text("Sol 3 is over")
    expect(panel).to_contain_text("III-A. Produce and Supply Oxygen and Energy")
    expect(panel).to_contain_text("Resolving Malfunctions")
    expect(panel.locator(".fm-status")).not_to_contain_text("Refused")
    expect(panel.locator(".fm-hub-view")).to_contain_text("unverified")
    assert "730461" not in app.page.content()  # the HUB's seed never reaches the page
    app.screenshot("fm-round-desktop")
    app.page.set_viewport_size({"width": 390, "height": 844})
    expect(panel.locator(".fm-next")).to_be_visible()
    app.screenshot("fm-round-phone")
    assert app.log.page_errors == [], app.log.page_errors
