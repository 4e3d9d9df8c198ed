"""Issue 36 on a phone (390x844): a quiz's result and a lesson's Next are on screen where
the eye is, without scrolling by hand.  Screenshots of both."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

T = 30_000
PHONE = (390, 844)

ON_SCREEN = """sel => {
  const el = document.querySelector(sel);
  if (!el) return false;
  const r = el.getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.top < window.innerHeight - 20;
}"""


def on_screen(page: Any, selector: str) -> None:
    page.wait_for_function(ON_SCREEN, arg=selector, timeout=T)


def test_quiz_result_and_lesson_next_are_on_a_phone_screen(app: Any) -> None:
    page = app.page
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    app.open()
    expect(page.locator(".mrp-status")).to_contain_text("Ready.", timeout=60_000)
    page.locator("button.mrp-start-here").click()
    head = page.locator(".mrp-path-head")
    expect(head).to_contain_text("lesson 1 of", timeout=T)
    page.locator(".mrp-quiz-pick input[type=radio]").first.check()
    page.locator("button.mrp-quiz-check").click()
    ruling = page.locator(".mrp-quiz-ruling")
    expect(ruling).to_contain_text(re.compile("Right|Not quite"), timeout=T)
    on_screen(page, ".mrp-quiz-ruling")  # the verdict, not the question, is in view
    app.screenshot("phone-quiz-result", full_page=False)
    page.locator("button.mrp-path-next").click()
    expect(head).to_contain_text("lesson 2 of", timeout=T)
    page.locator("button.mrp-path-next").click()  # lesson 3: Ice Monopoly, steps, no quiz
    expect(head).to_contain_text("lesson 3 of", timeout=T)
    step = page.locator("button.mrp-lesson-next")
    expect(step).to_contain_text("Next step of this lesson (1 of", timeout=T)
    on_screen(page, ".mrp-lesson-next")  # the lesson's own Next, not the stepper's far above
    app.screenshot("phone-lesson-next", full_page=False)
    step.click()
    out = page.locator(".mrp-lesson-step-out")
    expect(out).to_contain_text("Ice Monopoly", timeout=T)
    on_screen(page, ".mrp-lesson-step-out")
    app.screenshot("phone-lesson-step", full_page=False)
    assert app.log.page_errors == [], app.log.page_errors
