"""Issue 36: a seated learner who taps "Referee" is asked first (what would be shown is
said), no other player's secret reaches the page before the answer, and once confirmed the
seat is marked as having seen everything.  Screenshots of the question at three sizes."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .test_hint import open_seat_form, others_missions
from .test_secret_frames import Wire, leaks

pytestmark = pytest.mark.browser

T = 90_000
SIZES = {"desktop": (1280, 800), "tablet": (768, 1024), "phone": (390, 844)}


def test_referee_asks_a_seated_learner_first(app: Any) -> None:
    wire = Wire()
    page = open_seat_form(app, wire, 1280, 800)
    page.locator("button.mrp-take-seat").click()
    expect(page.locator(".mrp-prompt")).to_contain_text("Your turn", timeout=T)
    start = len(wire.raw)
    page.locator(".mrp-mode button", has_text="Referee").click()
    confirm = page.locator(".mrp-referee-confirm")
    expect(confirm).to_be_visible(timeout=T)
    expect(confirm).to_contain_text("Referee mode shows every secret")
    expect(confirm).to_contain_text("You play Red")
    expect(page.locator(".mrp-status")).to_contain_text("confirm below")
    for name, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        confirm.scroll_into_view_if_needed()
        app.screenshot(f"referee-confirm-{name}", full_page=False)
    page.set_viewport_size({"width": 1280, "height": 800})
    assert leaks(wire.texts(start), others_missions()) == []  # nothing shown yet
    page.locator("button.mrp-referee-no").click()
    expect(confirm).to_be_hidden(timeout=T)
    expect(page.locator(".mrp-prompt")).not_to_contain_text("has seen every secret")
    page.locator(".mrp-mode button", has_text="Referee").click()
    expect(confirm).to_be_visible(timeout=T)
    page.locator("button.mrp-referee-yes").click()
    expect(page.locator(".mrp-status")).to_contain_text("Referee mode: you see every",
                                                        timeout=T)
    page.locator(".mrp-mode button", has_text="Tutor").click()
    expect(page.locator(".mrp-prompt")).to_contain_text("Red has seen every secret", timeout=T)
    page.locator(".mrp-seat-panel").scroll_into_view_if_needed()
    app.screenshot("referee-confirm-marked", full_page=False)
    assert app.log.page_errors == [], app.log.page_errors
