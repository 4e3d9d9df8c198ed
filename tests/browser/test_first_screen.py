"""Issue 36: the first screen says the three things a visitor can do (learn, play a seat,
referee a table) in its first view, at desktop, tablet and phone size, and each door works."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

T = 30_000
SIZES = {"desktop": (1280, 800), "tablet": (768, 1024), "phone": (390, 844)}
DOORS = ("button.mrp-start-here", "button.mrp-door-play", "button.mrp-door-referee")


def test_three_doors_on_the_first_screen(app: Any) -> None:
    page = app.page
    page.set_viewport_size({"width": 1280, "height": 800})
    app.open()
    expect(page.locator(".mrp-status")).to_contain_text("Ready.", timeout=60_000)
    for name, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate("window.scrollTo(0, 0)")
        for door in DOORS:  # in the first view, without scrolling
            box = page.locator(door).bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= h, door
        app.screenshot(f"first-screen-{name}", full_page=False)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator("button.mrp-door-referee").click()
    expect(page.locator(".mrp-status")).to_contain_text("Referee mode", timeout=T)
    expect(page.locator(".mrp-te-zone-head")).to_contain_text("Zone:", timeout=T)
    page.locator(".mrp-mode button", has_text="Tutor").click()
    expect(page.locator(".mrp-status")).to_contain_text("Tutor mode", timeout=T)
    page.locator("button.mrp-door-play").click()
    expect(page.locator(".mrp-prompt")).to_contain_text("Your turn", timeout=90_000)
    page.locator("button.mrp-start-here").click()
    expect(page.locator(".mrp-path-head")).to_contain_text("lesson 1 of", timeout=T)
    assert app.log.page_errors == [], app.log.page_errors
