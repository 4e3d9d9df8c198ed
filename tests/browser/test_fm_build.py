"""Browser: the Build list on a phone (390x844) and a tablet (768x1024).

A Build's repairs with a switched green marker were one long sentence per Facility that
could give its marker ("Repair the Lab's energy status with the green marker from ..."),
ten full-width buttons on a phone.  Now "Where" names the Facilities a Build can repair
first, and what the Build does is one group per status, each Facility a short button by
its name: every choice is on screen, inside the phone's width, one tap away (The Actions ›
9. Build; tutor reading tutor.build_outcome).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SIZES = {"tablet": (768, 1024), "phone": (390, 844)}
LESSON = "Build: repairing a status with the green marker of another Facility"


def _inside(app: Any, css: str, width: int) -> None:
    """Every element of ``css`` is visible and within the page's width (no sideways
    scrolling on a phone)."""
    boxes = app.page.locator(css).evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [e.innerText, r.left, r.right, r.width]; })")
    assert boxes
    wide = [b for b in boxes if b[1] < 0 or b[2] > width + 0.5 or b[3] == 0]
    assert not wide, wide


@pytest.mark.parametrize("size", list(SIZES))
def test_the_build_list_by_tap_on_a_phone(app: Any, size: str) -> None:
    w, h = SIZES[size]
    panel = app.open_fm((w, h))
    panel.locator(".fm-lessons-open").click()
    panel.locator(".fm-lesson-pick select").select_option(label=LESSON)
    expect(panel.locator(".fm-checklist")).to_contain_text("IV. Actions")

    panel.locator(".fm-pl-action select").select_option(label="Build (Working Bay)")
    where = panel.locator(".fm-pl-target select option")
    expect(where.nth(2)).to_have_text("Lab: energy red, to repair")  # after "In the HUB"
    panel.locator(".fm-pl-who").get_by_text("Yellow", exact=True).click()
    panel.locator(".fm-pl-pawns").get_by_text("2", exact=True).click()
    panel.locator(".fm-pl-target select").select_option(label="Lab: energy red, to repair")
    panel.locator(".fm-pl-add").click()
    expect(panel.locator(".fm-pl-item")).to_have_count(1)
    panel.locator(".fm-declare").click()
    panel.locator(".fm-resolve-go").click()

    ask = panel.locator(".fm-ask")
    expect(ask.locator(".fm-ask-prompt")).to_contain_text("What Yellow's Build does")
    group = ask.locator(".fm-ask-group")
    expect(group).to_have_count(1)
    expect(group.locator(".fm-ask-group-head")).to_contain_text(
        "Repair Lab's energy status with the green marker from")
    donors = group.locator(".fm-choice")
    assert donors.count() >= 5
    assert all(len(t) <= 16 for t in donors.all_inner_texts())  # names, not sentences
    ask.scroll_into_view_if_needed()
    app.screenshot(f"fm-build-{size}", full_page=False)
    _inside(app, ".fm-ask .fm-choice", w)
    ask_box = ask.bounding_box()
    assert ask_box is not None and ask_box["height"] < h  # the whole question on one screen

    donors.get_by_text("Med Lab", exact=True).click()
    log = panel.locator(".fm-log")
    expect(log).to_contain_text("Lab's energy status is repaired with the green marker from "
                                "Med Lab")
    expect(panel.locator(".fm-resolve")).to_contain_text("Every placed action has resolved")
    assert app.log.page_errors == [], app.log.page_errors
