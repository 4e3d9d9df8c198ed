"""Issue 36 on a phone (390x844): a quiz's result and a lesson's Next are on screen where
the eye is, without scrolling by hand.  Screenshots of both."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
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


# Where a learner's eye must find things on a phone, for every lesson of the guided path
IN_VIEW = """sel => {
  const el = document.querySelector(sel);
  if (!el) return "missing";
  const r = el.getBoundingClientRect();
  if (r.height === 0) return "hidden";
  return r.top >= 0 && r.top < window.innerHeight - 20 ? "" :
    `top at ${Math.round(r.top)} px of a ${window.innerHeight} px screen`;
}"""
# the final score table's total: inside the screen's width and not behind a sideways scroll
TOTAL_SEEN = """() => {
  const el = document.querySelector(".mrp-go-total");
  if (!el) return "missing";
  const r = el.getBoundingClientRect();
  if (r.left < 0 || r.right > window.innerWidth) return `at ${r.left}-${r.right} px`;
  for (let p = el.parentElement; p; p = p.parentElement) {
    const box = p.getBoundingClientRect();
    if (box.width > 0 && /(auto|scroll|hidden)/.test(getComputedStyle(p).overflowX)
        && (r.right > box.right + 1 || r.left < box.left - 1)) return "behind a sideways scroll";
  }
  return "";
}"""


# the status line names the next lesson (not the one just done), or says the path is done
NEXT_LESSON = """where => {
  const said = document.querySelector(".mrp-status").innerText;
  return said.includes("last step of the guided path")
    || (said.includes(" · lesson ") && !said.startsWith(where));
}"""


def seen(page: Any, selector: str, what: str, where: str, misses: list[str]) -> None:
    """Wait (briefly: the scroll follows the kernel's answer) until ``selector`` is on the
    screen; a miss is noted with the lesson's place, not raised (all lessons are walked)."""
    try:
        page.wait_for_function(f"sel => !({IN_VIEW})(sel)", arg=selector, timeout=3_000)
    except PlaywrightTimeout:  # say where and how far
        misses.append(f"{where}: {what} {page.evaluate(IN_VIEW, selector)}")


def test_every_lessons_result_and_next_are_on_a_phone_screen(app: Any) -> None:
    """Issue 36, over the whole guided path at 390x844: after "Check my prediction" the
    result, and each lesson's own Next (on opening a lesson without a question, after the
    result, after each of its steps), are on the screen without scrolling by hand; where a
    lesson ends the game, the final score table's total is in the screen's width."""
    page = app.open_ready(PHONE)
    status, head = page.locator(".mrp-status"), page.locator(".mrp-path-head")
    step = page.locator("button.mrp-lesson-next")
    misses: list[str] = []
    lessons = totals = 0
    page.locator("button.mrp-start-here").click()
    expect(head).to_contain_text("lesson 1 of", timeout=T)
    while True:
        expect(status).to_contain_text("lesson", timeout=T)
        where = re.sub(r"(lesson \d+ of \d+).*", r"\1", status.inner_text())
        lessons += 1
        quiz = "Predict first" in page.locator(".mrp-quiz-question").inner_text()
        if quiz:  # a tap on the first answer's words (a long one wraps over its button)
            page.locator(".mrp-quiz-pick input[type=radio]").first.locator("xpath=..").click()
            expect(page.locator(".mrp-quiz-pick input[type=radio]").first).to_be_checked()
            page.locator("button.mrp-quiz-check").click()
            expect(page.locator(".mrp-quiz-ruling")).to_contain_text(
                re.compile("Right|Not quite"), timeout=T)
            seen(page, ".mrp-quiz-ruling", "the quiz's result", where, misses)
        n = 1
        while step.is_visible() and step.inner_text().startswith("Next step of this lesson"):
            seen(page, ".mrp-lesson-next", f"the lesson's Next ({n})", where, misses)
            step.click()
            expect(step).not_to_contain_text(f"({n} of", timeout=T)
            seen(page, ".mrp-lesson-step-out", f"step {n}'s result", where, misses)
            n += 1
        if page.locator(".mrp-go-total").count():
            totals += 1
            page.locator(".mrp-go-total").first.evaluate(  # down to it, never sideways
                "el => el.closest('tr').scrollIntoView({ block: 'center', inline: 'nearest' })")
            if (why := page.evaluate(TOTAL_SEEN)):
                misses.append(f"{where}: the final score table's total {why}")
        page.locator("button.mrp-path-next").click()
        page.wait_for_function(NEXT_LESSON, arg=where, timeout=T)  # the next one, or the end
        if "last step of the guided path" in status.inner_text():
            break
    assert lessons == 124 and totals > 0, (lessons, totals)
    assert misses == [], "\n".join(misses)
    assert app.log.page_errors == [], app.log.page_errors
