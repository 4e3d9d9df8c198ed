"""A Unique Abilities game end to end in headless Chromium, at desktop and phone size.

The visitor picks the rules in the ruleset picker (Unique Abilities: 3 to 5 players, a
sentence on the placeholder data), picks the Devious Despot as their sheet, takes the red seat
against two bots, uses the ability by its button when the game offers it (turn 2, before
choosing), and plays by clicking the board to the final scoring. At each size: screenshots,
no control overflowing the viewport, no serious axe-core violation (as in test_learning).

No sleeps: every wait is on a CSS class or a text change.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .test_learning import STEP_TIMEOUT_MS, check_layout, state_key, wait_changed

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
MAX_CLICKS = 300  # a 3-player game needs about 40-70 learner clicks
RULES = "Unique Abilities (first edition)"
SHEET = "Devious Despot (cost 2)"
USE = "Use the Devious Despot's ability"


def choose_rules_and_take_a_seat(app: Any, size: str) -> None:
    page = app.page
    page.locator(".mrp-ruleset select").select_option(label=RULES)
    players = page.locator(".mrp-players select option")
    expect(players).to_have_count(3, timeout=STEP_TIMEOUT_MS)  # 3, 4 and 5 players
    assert players.all_inner_texts() == ["3", "4", "5"]
    note = page.locator(".mrp-ruleset-note")
    expect(note).to_contain_text("10 regions")
    expect(note).to_contain_text("unverified")
    page.locator(".mrp-sheet select").select_option(label=SHEET)
    page.locator(".mrp-players select").select_option(label="3")
    page.locator(".mrp-seat-colour select").select_option(label="Red")
    page.locator(".mrp-seed input").fill("21")  # a seat starts a new game: pinned, replays alike
    page.locator("button.mrp-take-seat").click()
    expect(page.locator(".mrp-status")).to_contain_text("You play red", timeout=STEP_TIMEOUT_MS)
    expect(page.locator(".mrp-my-sheet")).to_contain_text("Your ability (Devious Despot)")
    expect(page.locator(".mrp-board .mrp-zone")).to_have_count(10)  # the first-edition board
    expect(page.locator(".mrp-map-key")).not_to_contain_text("Phobos")
    strip = page.locator(".mrp-countdown").inner_text()
    assert strip.index("Recruiter") < strip.index("Pilot")  # called from 1 up to 9
    check_layout(app, f"ua-{size}-seated")


def play_to_the_end_using_the_ability(app: Any, size: str) -> int:
    """Click until the game is over; the Despot's button once offered. Returns the uses."""
    page = app.page
    prompt = page.locator(".mrp-prompt")
    uses = 0
    for _ in range(MAX_CLICKS):
        if "The game is over" in prompt.inner_text():
            break
        before = state_key(page)
        ability = page.locator("button.mrp-choice", has_text=USE)
        target = page.locator(".mrp-board .mrp-target")
        if uses == 0 and ability.count():
            text = ability.first.inner_text()
            assert "(pay 2 point tokens): take the set-aside" in text, text
            check_layout(app, f"ua-{size}-ability-offered")
            ability.first.click()
            wait_changed(page, before)
            expect(page.locator(".mrp-status")).to_contain_text("You: Use the Devious Despot")
            expect(page.locator(".mrp-explain")).to_contain_text("takes the set-aside")
            uses += 1
            continue
        if target.count():
            target.first.click()
        else:
            page.locator("button.mrp-choice").first.click()
        wait_changed(page, before)
    else:
        pytest.fail("the game did not end")
    expect(prompt).to_contain_text("Winner")
    return uses


@pytest.mark.parametrize("size", list(SIZES))
def test_a_unique_abilities_game_from_the_picker_to_the_final_scoring(app: Any, size: str) -> None:
    page = app.open_ready(SIZES[size])
    choose_rules_and_take_a_seat(app, size)
    assert play_to_the_end_using_the_ability(app, size) == 1
    page.locator(".mrp-tabs .lm-TabBar-tab", has_text="Scores").first.click()
    expect(page.locator(".mrp-scores")).to_contain_text("Final score breakdown",
                                                        timeout=STEP_TIMEOUT_MS)
    check_layout(app, f"ua-{size}-game-over")
    assert app.log.page_errors == [], app.log.page_errors
