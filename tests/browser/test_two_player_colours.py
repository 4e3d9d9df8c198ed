"""The 2-player colours named in the browser: main and neutral for each player on the board's
legend, the lesson and the seat panel, the same words in a lesson and a free game (issue 42).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

T = 30_000
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


@pytest.mark.parametrize("size", list(SIZES))
def test_main_and_neutral_colours_named_in_a_lesson_and_a_free_game(app: Any, size: str) -> None:
    page = app.open_ready(SIZES[size])
    expect(page.locator(".mrp-board .mrp-zone").first).to_be_visible(timeout=60_000)
    picker = page.locator(".mrp-scenario select")
    labels = [t.replace("\xa0", " ") for t in picker.evaluate(
        "s => [...s.options].map(o => o.text)")]
    picker.select_option(index=next(i for i, t in enumerate(labels)
                                    if "four colours at the table" in t))
    page.locator("button.mrp-load").click()
    expect(page.locator(".mrp-status")).to_contain_text("Scenario loaded", timeout=T)
    legend = page.locator(".mrp-board .mrp-legend")
    expect(legend).to_contain_text("red (main colour)", timeout=T)
    expect(legend).to_contain_text("blue (neutral, Red plays it)")
    expect(legend).to_contain_text("yellow (neutral, Green plays it)")
    page.locator(".mrp-tabs .lm-TabBar-tab", has_text="Lesson & quiz").click()
    lesson = page.locator(".mrp-lesson-panel")
    expect(lesson).to_contain_text("Two players. Player Red: Red (main colour) and Blue "
                                   "(neutral colour)", timeout=T)
    lesson.scroll_into_view_if_needed()
    app.screenshot(f"two-player-lesson-{size}", full_page=False)
    # a free 2-player game: the same words
    page.locator(".mrp-players select").select_option(label="2 (variant)")
    page.locator(".mrp-seat-colour select").select_option(label="Red")
    page.locator("button.mrp-take-seat").click()
    expect(page.locator(".mrp-status")).to_contain_text("You play red", timeout=T)
    expect(legend).to_contain_text("red (main colour)", timeout=T)
    expect(legend).to_contain_text("(neutral, Red plays it)")
    prompt = page.locator(".mrp-seat-roles")
    expect(prompt).to_contain_text("Two players. Player Red: Red (main colour) and ",
                                   timeout=T)
    expect(prompt).to_contain_text("(neutral colour)")
    legend.scroll_into_view_if_needed()
    app.screenshot(f"two-player-free-{size}", full_page=False)
