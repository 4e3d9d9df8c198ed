"""Issue 37 in headless Chromium: a 5-player Unique Abilities game played to the end from
the picker, every page text read at every step (and every tab at the end) for a
second-edition word (ship, launchpad, dock, mission(s), action card, Ice Monopoly, Phobos,
the countdown, round); screenshots at desktop, tablet and phone size.  The scenario picker's
titles (scenarios of both editions) and quotations are not read; names are not words
(Mission: Red Planet, the Secret Mission cards)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from .test_learning import STEP_TIMEOUT_MS, check_layout
from .test_lost_kernel import play_one

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1280, 800), "tablet": (768, 1024), "phone": (390, 844)}
MAX_CLICKS = 500
RULES = "Unique Abilities (first edition)"
SECOND_EDITION = re.compile(
    r"\b(?:ships?|Ships?|launchpad|Launchpad|docks?|Docks?|docked|missions?|Missions?|"
    r"action cards?|Action cards?|Ice Monopoly|Phobos|countdown|Countdown|rounds?|Rounds?)\b")
NAMES = re.compile(r"Mission: Red Planet|(?:Ultra )?Secret Mission|"
                   r"(?<=[\s(])'[^'\n]{1,120}'(?=[\s.,;:)])|"
                   r"[^.\n]*second edition[^.\n]*")
#: the page's text but the scenario picker's (its titles name scenarios of both editions)
TEXT_JS = """() => { const b = document.body.cloneNode(true);
  b.querySelectorAll('.mrp-scenario, script, style').forEach(e => e.remove());
  return b.innerText; }"""


def second_edition_words(page: Any) -> list[str]:
    text = NAMES.sub(" ", page.evaluate(TEXT_JS))
    return [" ".join(text[max(0, m.start() - 50): m.end() + 30].split())
            for m in SECOND_EDITION.finditer(text)]


def seat(app: Any, size: str) -> Any:
    page = app.open_ready(SIZES[size])
    page.locator(".mrp-ruleset select").select_option(label=RULES)
    page.locator(".mrp-players select").select_option(label="5")
    page.locator(".mrp-seat-colour select").select_option(label="Red")
    page.locator(".mrp-seed input").fill("5")
    page.locator("button.mrp-take-seat").click()
    expect(page.locator(".mrp-status")).to_contain_text("You play red", timeout=STEP_TIMEOUT_MS)
    expect(page.locator(".mrp-board .mrp-zone")).to_have_count(10)
    return page


@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_a_seated_first_edition_page_at_size(app: Any, size: str) -> None:
    page = seat(app, size)
    assert second_edition_words(page) == []
    check_layout(app, f"fe-words-{size}-seated")


def test_a_five_player_unique_abilities_game_reads_in_first_edition_words(app: Any) -> None:
    page = seat(app, "desktop")
    check_layout(app, "fe-words-desktop-seated")
    prompt = page.locator(".mrp-prompt")
    wrong: list[str] = []
    for _ in range(MAX_CLICKS):
        wrong += second_edition_words(page)
        if "The game is over" in prompt.inner_text():
            break
        play_one(page)
    else:
        pytest.fail("the game did not end")
    check_layout(app, "fe-words-desktop-game-over")
    for tab in page.locator(".mrp-tabs .lm-TabBar-tab").all():
        tab.click()
        expect(tab).to_have_class(re.compile("lm-mod-current"), timeout=STEP_TIMEOUT_MS)
        wrong += second_edition_words(page)
    assert not wrong, sorted(set(wrong))[:20]
    assert app.log.page_errors == [], app.log.page_errors
