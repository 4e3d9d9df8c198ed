"""Browser: pick First Martians in the game picker and step a whole round in the app."""

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
    expect(panel).to_contain_text("Sol 3, events phase")
    nxt = panel.locator(".fm-next")
    for _ in range(20):
        if nxt.is_disabled():
            break
        before = panel.locator(".fm-steps > li").count()
        nxt.click()
        expect(panel.locator(".fm-steps > li")).to_have_count(before + 1)
    expect(panel.locator(".fm-summary")).to_contain_text("Sol 4, events phase")
    expect(panel).to_contain_text("III-A. Produce and Supply Oxygen and Energy")
    expect(panel).to_contain_text("Resolving Malfunctions")
    expect(panel).not_to_contain_text("Refused")
    assert "730461" not in app.page.content()  # the HUB's seed never reaches the page
    app.screenshot("fm-round-desktop")
    app.page.set_viewport_size({"width": 390, "height": 844})
    expect(panel.locator(".fm-next")).to_be_visible()
    app.screenshot("fm-round-phone")
    assert app.log.page_errors == [], app.log.page_errors
