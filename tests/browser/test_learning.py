"""Learning by playing, in headless Chromium at desktop and phone size (issue 14's "Done when").

One test per size: walk the first three steps of the guided path answering each quiz, then
take the red seat in a 4-player game and play it to the end against three bots by clicking
the board (a highlighted zone or ship; a choice button only when no place is left to click).
At each size: a screenshot, no control overflowing the viewport, and axe-core (the pinned
release of tests/testkit/axe.py) finds no serious or critical violation.

No sleeps: every wait is on a CSS class or a text change.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect
from testkit.axe import axe_serious

pytestmark = pytest.mark.browser

STEP_TIMEOUT_MS = 30_000
SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
MAX_CLICKS = 400  # a 4-player game needs about 30-60 learner clicks


OVERFLOW_JS = """() => {
  const w = window.innerWidth;
  const sel = 'button, select, input, textarea, [role=button], [role=tab], .lm-TabBar-tab';
  const bad = [];
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    const st = getComputedStyle(el);
    if (r.width === 0 || r.height === 0 || st.visibility === 'hidden') continue;
    if (r.left < -1 || r.right > w + 1) {
      bad.push(`${el.className || el.tagName} "${(el.innerText || '').slice(0, 30)}" ` +
               `${Math.round(r.left)}..${Math.round(r.right)} of ${w}`);
    }
  }
  if (document.documentElement.scrollWidth > w + 1) {
    bad.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${w}`);
  }
  return bad;
}"""


TABS = {"Log": "mrp-log", "Scores": "mrp-scores", "Hand": "mrp-hand", "What if": "mrp-whatif-go",
        "Referee": "mrp-referee", "Card data": "mrp-cards", "Text board": "mrp-text-board",
        "Rules": "mrp-rules-query"}


def check_layout(app: Any, name: str) -> None:
    page = app.page
    shot = app.screenshot(name, full_page=False)
    assert shot.stat().st_size > 5_000
    assert page.evaluate(OVERFLOW_JS) == []
    assert axe_serious(page) == []


def wait_changed(page: Any, before: str) -> None:
    """Wait until the kernel answered a click (the status or the event counter changed)."""
    page.wait_for_function(
        "b => (document.querySelector('.mrp-status')?.innerText || '') + '|' + "
        "(document.querySelector('.mrp-step-count')?.innerText || '') !== b",
        arg=before, timeout=STEP_TIMEOUT_MS)


def state_key(page: Any) -> str:
    return page.evaluate(
        "() => (document.querySelector('.mrp-status')?.innerText || '') + '|' + "
        "(document.querySelector('.mrp-step-count')?.innerText || '')")


def walk_three_path_steps(page: Any) -> None:
    page.locator("button.mrp-start-here").click()
    head = page.locator(".mrp-path-head")
    for n in (1, 2, 3):  # chapter 1 has three lessons
        expect(head).to_contain_text(f"lesson {n} of", timeout=STEP_TIMEOUT_MS)
        if n == 3:  # Ice Monopoly has no question of its own: no unrelated one either
            expect(page.locator(".mrp-quiz-question")).to_contain_text("no question of its own")
            expect(page.locator(".mrp-quiz-check")).to_be_hidden()
            page.locator("button.mrp-path-next").click()
            continue
        expect(page.locator(".mrp-quiz-question")).to_contain_text("Predict first")
        expect(page.locator(".mrp-quiz-ruling")).to_have_text("")
        radio = page.locator(".mrp-quiz-pick input[type=radio]")
        assert not any(radio.nth(i).is_checked() for i in range(radio.count()))
        radio.first.check()
        page.locator("button.mrp-quiz-check").click()
        expect(page.locator(".mrp-quiz-ruling")).to_contain_text(
            re.compile("Right|Not quite"), timeout=STEP_TIMEOUT_MS)
        page.locator("button.mrp-path-next").click()
    expect(head).to_contain_text("Chapter 2 of", timeout=STEP_TIMEOUT_MS)
    expect(page.locator(".mrp-path-progress")).to_contain_text("3/")


def play_a_game_by_clicking(page: Any) -> tuple[int, int]:
    """Take the red seat in a 4-player game and click until it is over: (board, button) clicks."""
    page.locator(".mrp-players select").select_option(label="4")
    page.locator(".mrp-seat-colour select").select_option(label="Red")
    page.locator(".mrp-seed input").fill("11")  # a seat starts a new game: pinned, replays alike
    page.locator("button.mrp-take-seat").click()
    expect(page.locator(".mrp-status")).to_contain_text("You play red", timeout=STEP_TIMEOUT_MS)
    prompt = page.locator(".mrp-prompt")
    board_clicks = button_clicks = 0
    for _ in range(MAX_CLICKS):
        if "The game is over" in prompt.inner_text():
            break
        before = state_key(page)
        target = page.locator(".mrp-board .mrp-target")
        if target.count():
            if board_clicks == 0:  # the first one by keyboard: zones and ships are buttons
                target.first.focus()
                page.keyboard.press("Enter")
            else:
                target.first.click()
            board_clicks += 1
        else:
            page.locator("button.mrp-choice").first.click()
            button_clicks += 1
        wait_changed(page, before)
    else:
        pytest.fail("the game did not end")
    expect(prompt).to_contain_text("Winner")
    return board_clicks, button_clicks


@pytest.mark.parametrize("size", list(SIZES))
def test_learn_by_playing(app: Any, size: str) -> None:
    page = app.open_ready(SIZES[size])
    expect(page.locator(".mrp-board .mrp-zone").first).to_be_visible(timeout=60_000)
    expect(page.locator(".mrp-board line.mrp-edge")).to_have_count(18)  # the zone graph
    check_layout(app, f"learn-{size}-start")

    walk_three_path_steps(page)
    check_layout(app, f"learn-{size}-path")
    if size == "desktop":  # progress is remembered in the browser session (a new kernel)
        page.reload()
        expect(page.locator(".mrp-status")).to_contain_text("Ready.", timeout=60_000)
        page.locator("button.mrp-start-here").click()
        expect(page.locator(".mrp-path-head")).to_contain_text("Chapter 2 of",
                                                               timeout=STEP_TIMEOUT_MS)
        expect(page.locator(".mrp-path-progress")).to_contain_text("3/")

    board_clicks, button_clicks = play_a_game_by_clicking(page)
    assert board_clicks >= 10, (board_clicks, button_clicks)  # ships, zones, astronauts
    check_layout(app, f"learn-{size}-game-over")
    assert app.log.page_errors == [], app.log.page_errors


def test_seat_and_lesson_fit_the_other_screens(app: Any) -> None:
    """The issue's two other sizes (one page, resized): a seat taken, one decision by a click,
    the lesson tab; at each size a screenshot, no control overflowing, no serious axe
    violation."""
    page = app.page
    page.set_viewport_size({"width": 1024, "height": 768})
    app.open()
    expect(page.locator(".mrp-status")).to_contain_text("Ready.", timeout=60_000)
    page.locator("button.mrp-take-seat").click()
    expect(page.locator(".mrp-status")).to_contain_text("You play red", timeout=STEP_TIMEOUT_MS)
    before = state_key(page)
    page.locator("button.mrp-choice").first.click()  # keep a mission
    wait_changed(page, before)
    expect(page.locator(".mrp-prompt")).to_contain_text("Your turn")
    for width, height in ((1024, 768), (768, 1024)):
        page.set_viewport_size({"width": width, "height": height})
        check_layout(app, f"learn-{width}x{height}-seat")
    page.locator(".mrp-tabs .lm-TabBar-tab", has_text="Lesson & quiz").click()
    expect(page.locator(".mrp-quiz-question")).to_contain_text("Predict first",
                                                               timeout=STEP_TIMEOUT_MS)
    for width, height in ((768, 1024), (1024, 768)):
        page.set_viewport_size({"width": width, "height": height})
        check_layout(app, f"learn-{width}x{height}-lesson")
    for tab, css in TABS.items():  # every other tab, at tablet size: no serious axe violation
        page.locator(".mrp-tabs .lm-TabBar-tab", has_text=tab).first.click()
        app.wait_for_class(css, timeout_ms=STEP_TIMEOUT_MS)
        assert axe_serious(page) == [], tab
