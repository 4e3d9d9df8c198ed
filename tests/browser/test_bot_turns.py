"""A seated learner in headless Chromium: the page answers while hard bots think, and the
post-game review appears when a game ends.

* Against hard bots (about a second a decision): once "… is thinking" shows, the Rules tab is
  opened and its content arrives while the bots are still deciding (the prompt does not yet
  say "Your turn"; with the bots played inside the click, the tab would only open after them);
  then the bots play on to the learner's turn, the learner taps a choice, and the bots think
  and stop again.  Screenshots at desktop, tablet and phone sizes.
* Against easy bots, a whole game by taps: under the final summary the coach's review lists
  the learner's most costly decisions (or says none cost much).

No sleeps: every wait is on a CSS class or a text.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from mrp_tutor.games.mission_red_planet.ui.seat import LEVEL_NAMES

from .test_learning import state_key, wait_changed

pytestmark = pytest.mark.browser

STEP_TIMEOUT_MS = 120_000
REVIEW_TIMEOUT_MS = 600_000  # the review plays out games at every decision of the learner
SIZES = {"desktop": (1366, 768), "tablet": (768, 1024), "phone": (390, 844)}
MAX_CLICKS = 300


def take_a_seat(app: Any, level: str, players: str, seed: int) -> None:
    page = app.page
    app.open()
    expect(page.locator(".mrp-status")).to_contain_text("Ready.", timeout=60_000)
    page.locator(".mrp-players select").select_option(label=players)
    page.locator(".mrp-seat-colour select").select_option(label="Red")
    page.locator(".mrp-seat-level select").select_option(label=LEVEL_NAMES[level])
    page.locator(".mrp-seed input").fill(str(seed))
    page.locator("button.mrp-take-seat").click()


def tap(page: Any) -> None:
    """What a learner does on their turn: a highlighted place, else the first choice."""
    target = page.locator(".mrp-board .mrp-target")
    if target.count():
        target.first.click()
    else:
        page.locator("button.mrp-choice").first.click()


def test_the_page_answers_while_hard_bots_think(app: Any) -> None:
    page = app.page
    page.set_viewport_size({"width": 1366, "height": 768})
    take_a_seat(app, "hard", "6", 11)
    thinking = page.locator(".mrp-thinking")
    prompt = page.locator(".mrp-prompt")
    expect(thinking).to_contain_text("is thinking", timeout=STEP_TIMEOUT_MS)
    expect(page.locator("button.mrp-think-skip")).to_be_visible()
    assert page.locator("button.mrp-choice").count() == 0  # the learner's controls are shut
    page.locator(".mrp-seat-panel").scroll_into_view_if_needed()
    app.screenshot("bots-thinking-desktop-seat", full_page=False)
    page.locator(".mrp-tabs .lm-TabBar-tab", has_text="Rules").first.click()
    expect(page.locator(".mrp-rules-query")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    assert "Your turn" not in prompt.inner_text()  # the tab answered before the bots were done
    app.screenshot("bots-thinking-desktop", full_page=False)
    expect(prompt).to_contain_text("Your turn", timeout=STEP_TIMEOUT_MS)
    expect(thinking).to_have_count(0)
    for name in ("tablet", "phone"):
        w, h = SIZES[name]
        page.set_viewport_size({"width": w, "height": h})
        before = state_key(page)
        tap(page)
        wait_changed(page, before)
        busy_or_mine = page.locator(".mrp-thinking, .mrp-prompt-turn").first
        expect(busy_or_mine).to_be_visible(timeout=STEP_TIMEOUT_MS)
        page.locator(".mrp-seat-panel").scroll_into_view_if_needed()
        app.screenshot(f"bots-thinking-{name}", full_page=False)
        expect(prompt).to_contain_text("Your turn", timeout=STEP_TIMEOUT_MS)
    assert app.log.page_errors == [], app.log.page_errors


def test_the_review_follows_a_finished_game(app: Any) -> None:
    page = app.page
    page.set_viewport_size({"width": 1366, "height": 768})
    take_a_seat(app, "easy", "3", 11)
    prompt = page.locator(".mrp-prompt")
    expect(prompt).to_contain_text("Your turn", timeout=STEP_TIMEOUT_MS)
    for _ in range(MAX_CLICKS):
        if "The game is over" in prompt.inner_text():
            break
        before = state_key(page)
        tap(page)
        wait_changed(page, before)
    else:
        pytest.fail("the game did not end")
    head = page.locator(".mrp-review-head")
    expect(head).to_be_visible(timeout=REVIEW_TIMEOUT_MS)
    items = page.locator(".mrp-review-item")
    if items.count():
        assert 1 <= items.count() <= 3
        text = items.first.inner_text()
        assert "you chose" in text and "Better:" in text and "won" in text
        cite = items.first.locator("cite")
        expect(cite).not_to_be_empty()
        assert "[" not in cite.inner_text()  # a section, not a rule id, for a learner
    else:
        expect(page.locator(".mrp-review-none")).to_contain_text("no decision")
    for name, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        head.scroll_into_view_if_needed()
        app.screenshot(f"review-{name}", full_page=False)
    assert app.log.page_errors == [], app.log.page_errors
