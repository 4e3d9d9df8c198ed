"""The app in headless Chromium: scenario picker, stepping a round, explanations, referee edits.

No sleeps: every wait is on a CSS class or on a text change (Playwright ``expect``).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

STEP_TIMEOUT_MS = 30_000


def open_app(app: Any) -> Any:
    page = app.open_ready()
    expect(page.locator(".mrp-board .mrp-zone").first).to_be_visible(timeout=60_000)
    return page


def click_next(page: Any) -> None:
    """Click Next and wait until the kernel has answered (the event counter changed)."""
    counter = page.locator(".mrp-step-count")
    before = counter.inner_text()
    page.locator("button.mrp-next").click()
    expect(counter).not_to_have_text(before, timeout=STEP_TIMEOUT_MS)


def test_pick_scenario_and_step_a_full_round(app: Any) -> None:
    page = open_app(app)
    picker = page.locator(".mrp-scenario select")
    labels = picker.evaluate("s => [...s.options].map(o => o.text)")
    labels = [t.replace("\xa0", " ") for t in labels]  # ipywidgets renders spaces as NBSP
    index = next(i for i, t in enumerate(labels) if "· Same character" in t)
    picker.select_option(index=index)
    page.locator("button.mrp-load").click()
    expect(page.locator(".mrp-status")).to_contain_text("Scenario loaded", timeout=STEP_TIMEOUT_MS)
    expect(page.locator(".mrp-explain")).to_contain_text("clockwise")

    board = page.locator(".mrp-board")
    log = page.locator(".mrp-log")
    board_before = board.inner_text()
    # text_content: the log below the board is laid out only once on screen (innerText of
    # content not laid out is empty)
    log_before = log.text_content()
    round_label = page.locator(".mrp-board-round")
    start_round = int(re.sub(r"\D", "", round_label.inner_text()))

    click_next(page)  # the scenario's own step: both Explorers resolve clockwise
    explain = page.locator(".mrp-explain")
    # a learner's citation names the rulebook section; the rule id is for a referee
    expect(explain.locator("cite").first).to_contain_text(re.compile(r"\w"),
                                                          timeout=STEP_TIMEOUT_MS)
    expect(explain.locator("cite").first).not_to_contain_text("[")
    expect(explain).to_contain_text("Explorer")
    # a citation opens to its rule's paraphrase (from the rules the page was sent) and closes
    cite = explain.locator("button.mrp-cite").first
    expect(cite).to_have_attribute("aria-expanded", "false")
    cite.click()
    para = explain.locator(".mrp-paraphrase").first
    expect(para).to_be_visible()
    expect(para).to_contain_text("rulebook")
    expect(cite).to_have_attribute("aria-expanded", "true")
    cite.click()
    expect(para).to_be_hidden()
    expect(page.locator(".mrp-countdown .mrp-current")).to_have_count(1)
    assert board.inner_text() != board_before
    assert log.text_content() != log_before

    for _ in range(80):  # the bot plays on until the round tracker moves
        if int(re.sub(r"\D", "", round_label.inner_text())) != start_round:
            break
        click_next(page)
    else:
        pytest.fail("the round never ended")
    expect(round_label).to_have_text(f"Round {start_round + 1}")
    expect(explain.locator("cite").first).not_to_contain_text(re.compile(r"\[[a-z_.]+\]"))
    log.scroll_into_view_if_needed()
    expect(log.locator("tbody tr").first).to_be_visible()
    assert app.log.page_errors == [], app.log.page_errors


def test_illegal_referee_edit_shows_a_sentence(app: Any) -> None:
    page = open_app(app)
    page.locator(".mrp-mode button", has_text="Referee").click()
    expect(page.locator(".mrp-status")).to_contain_text("Referee mode")
    page.locator(".mrp-tabs .lm-TabBar-tab", has_text="Referee").click()
    crew = page.locator(".mrp-ed-ship-count input")
    expect(crew).to_be_visible(timeout=STEP_TIMEOUT_MS)
    crew.fill("9")
    crew.press("Tab")  # IntText syncs on blur/enter
    expect(crew).to_have_value("9")
    page.locator("button.mrp-edit-crew").click()
    status = page.locator(".mrp-status")
    expect(status).to_contain_text("capacity", timeout=STEP_TIMEOUT_MS)
    expect(status).to_contain_text("ships.capacity")
    assert "Traceback" not in status.inner_text()


def test_screenshot_of_a_game_in_progress(app: Any) -> None:
    page = open_app(app)
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.locator(".mrp-seed input").fill("3")
    page.locator(".mrp-seed input").press("Enter")
    page.locator("button.mrp-new-game").click()
    expect(page.locator(".mrp-status")).to_contain_text("New game set up",
                                                        timeout=STEP_TIMEOUT_MS)
    expect(page.locator(".mrp-seed input")).to_have_value("")  # the seed is not kept
    round_label = page.locator(".mrp-board-round")
    for _ in range(3):
        before = round_label.inner_text()
        page.locator("button.mrp-run-round").click()
        expect(round_label).not_to_have_text(before, timeout=STEP_TIMEOUT_MS)
    for _ in range(8):
        click_next(page)
    page.locator(".mrp-board .mrp-zone[data-zone='hellas']").click()
    expect(page.locator(".mrp-status")).to_contain_text("Picked zone Hellas")
    page.locator(".mrp-tabs .lm-TabBar-tab", has_text="Scores").click()
    expect(page.locator(".mrp-scores .mrp-race")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    shot = app.screenshot("app-game", full_page=False)
    assert shot.stat().st_size > 10_000
    app.publish_screenshot(shot)


def test_pass_and_play_pick_stays_sealed(app: Any) -> None:
    page = open_app(app)
    decision = page.locator(".mrp-decision")
    for _ in range(6):  # the bot keeps a mission for each colour
        if "choose a character" in decision.inner_text():
            break
        click_next(page)
    expect(decision).to_contain_text("choose a character")
    page.locator(".mrp-tabs .lm-TabBar-tab", has_text="Hand").click()
    seat = page.locator(".mrp-hand-seat select")
    expect(seat).to_be_visible(timeout=STEP_TIMEOUT_MS)
    seat.select_option(index=0)  # red
    page.locator("button.mrp-show-hand").click()
    hand = page.locator(".mrp-hand")
    expect(hand).to_contain_text("Red's hand", timeout=STEP_TIMEOUT_MS)
    page.locator(".mrp-hand-cards button", has_text="Soldier").click()
    page.locator("button.mrp-lock").click()
    expect(page.locator(".mrp-status")).to_contain_text("locked a character",
                                                        timeout=STEP_TIMEOUT_MS)
    expect(hand).to_contain_text("Hands are hidden")
    # the pick is nowhere in the page but the (public) countdown strip of all nine cards
    for sel in (".mrp-hand", ".mrp-explain", ".mrp-board", ".mrp-status"):
        assert "soldier" not in page.locator(sel).first.inner_text().lower(), sel
    assert "soldier" not in (page.locator(".mrp-log").first.text_content() or "").lower()
    expect(page.locator(".mrp-board-viewer")).to_contain_text("Table view")
