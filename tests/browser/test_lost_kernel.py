"""A game survives the loss of its kernel (mrp_tutor/serve/records.py,
mrp_tutor/games/mission_red_planet/ui/record.py).

A real browser against the real server: the visitor takes the red seat in a seeded game,
plays two decisions of the first round and opens the Hand tab; the test then kills the
visitor's kernel with SIGKILL, as the out-of-memory killer would. The page must say in words
that the connection to the game was lost and offer one button; one click must bring back the
same game at the same decision: the same prompt, the same choices, the same board and event
count, the red seat, the Hand tab, and the game must play on from there; Back then undoes
the step played after the restore and, the undo stack having come back too, the decision
before the kill.

No sleeps: every wait is on a CSS class or a text change.
"""

from __future__ import annotations

import os
import re
import signal
from typing import Any

import psutil
import pytest
from playwright.sync_api import expect

from .test_learning import STEP_TIMEOUT_MS, state_key, wait_changed

pytestmark = pytest.mark.browser

KERNEL_ID_JS = ("JSON.parse(document.getElementById('jupyter-config-data').textContent)"
                ".kernelId")


def kernel_process(kernel_id: str) -> Any:
    for p in psutil.process_iter(["cmdline"]):
        if any(f"kernel-{kernel_id}.json" in part for part in p.info["cmdline"] or []):
            return p
    raise AssertionError(f"no process for kernel {kernel_id}")


def play_one(page: Any) -> None:
    """One decision of the learner: a highlighted zone or ship, else the first choice."""
    before = state_key(page)
    target = page.locator(".mrp-board .mrp-target")
    if target.count():
        target.first.click()
    else:
        page.locator("button.mrp-choice").first.click()
    wait_changed(page, before)


def position(page: Any) -> dict[str, Any]:
    """What the learner sees of the decision in front of them."""
    expect(page.locator(".mrp-prompt")).not_to_be_empty(timeout=STEP_TIMEOUT_MS)
    return {
        "prompt": page.locator(".mrp-prompt").inner_text(),
        "step": page.locator(".mrp-step-count").inner_text(),  # round, step count
        "choices": page.locator("button.mrp-choice").all_inner_texts(),
        "targets": page.locator(".mrp-board .mrp-target").count(),
        "board": page.locator(".mrp-board").inner_text(),
        "tab": page.locator(".mrp-tabs .lm-TabBar-tab.lm-mod-current").inner_text(),
        "seat_locked": page.locator(".mrp-viewer select").is_disabled(),
        "viewer": page.locator(".mrp-viewer select").input_value(),
    }


def test_a_killed_kernel_is_said_in_words_and_one_click_brings_the_game_back(app: Any) -> None:
    page = app.open_ready()
    page.locator(".mrp-seat-colour select").select_option(label="Red")
    page.locator(".mrp-seed input").fill("21")
    page.locator("button.mrp-take-seat").click()
    expect(page.locator(".mrp-status")).to_contain_text("You play red", timeout=STEP_TIMEOUT_MS)
    play_one(page)
    earlier = position(page)  # the learner's previous decision: where Back goes
    play_one(page)
    page.locator(".mrp-tabs .lm-TabBar-tab", has_text="Hand").first.click()
    expect(page.locator(".mrp-tabs .lm-TabBar-tab.lm-mod-current")).to_have_text("Hand")
    # the Hand panel is built by the kernel when first opened: once it shows, the kernel has
    # handled the tab change (and kept it in the record) before the kill below
    expect(page.locator(".mrp-hand-seat")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    before = position(page)
    assert before["seat_locked"] and before["viewer"] == "Red"
    first = page.evaluate(KERNEL_ID_JS)

    os.kill(kernel_process(first).pid, signal.SIGKILL)  # as the out-of-memory killer would

    lost = page.locator(".mrp-lost")
    expect(lost).to_be_visible(timeout=60_000)
    expect(lost).to_contain_text("The connection to your game was lost")
    app.screenshot("lost-kernel")
    page.locator("button.mrp-restore").click()  # the one click
    expect(page.locator(".mrp-status")).to_contain_text("Your game is back",
                                                        timeout=60_000)
    expect(page.locator(".mrp-status")).to_contain_text("you play red")
    assert page.evaluate(KERNEL_ID_JS) != first
    assert "mrp_restore" not in page.url  # a later reload is a new visit
    assert position(page) == before
    app.screenshot("lost-kernel-restored")
    play_one(page)  # the same game plays on
    assert position(page)["step"] != before["step"]
    for _ in range(2):  # and undoes as before: the step just played, then the one before
        key = state_key(page)
        page.locator("button.mrp-back").click()
        wait_changed(page, key)
        expect(page.locator(".mrp-status")).to_contain_text("Back to your previous decision")
    back = position(page)
    # the board's mark on the piece last tapped (board.picked: a selection in the page, not
    # the game; Back does not clear it) is not compared
    for pos in (back, earlier):
        pos["board"] = "\n".join(x for x in pos["board"].splitlines() if x != "(picked)")
    assert {k: back[k] for k in ("prompt", "step", "choices", "targets", "board")} == {
        k: earlier[k] for k in ("prompt", "step", "choices", "targets", "board")}
    assert app.log.page_errors == [], app.log.page_errors


def test_a_first_martians_game_comes_back_after_a_lost_kernel(app: Any) -> None:
    """The table taps two steps of the sample round; the kernel is killed; one click brings
    the First Martians game back on its own tab, at the same step, with the same log."""
    page = app.page
    app.open()
    app.wait_for_class("game-picker").get_by_role("button", name="First Martians").click()
    panel = page.locator(".fm-panel")
    expect(panel.locator(".fm-checklist")).to_contain_text("Sol 3 of 8", timeout=60_000)
    for css in (".fm-go-events", ".fm-go-morale"):
        log_before = panel.locator(".fm-log").inner_text()
        panel.locator(css).click()
        expect(panel.locator(".fm-log")).not_to_have_text(log_before, timeout=STEP_TIMEOUT_MS)
        # the redraw has ended (the busy guard is lifted): the step is kept in the record
        expect(panel).not_to_have_class(re.compile(r"\bfm-busy\b"), timeout=STEP_TIMEOUT_MS)
    before = {"log": panel.locator(".fm-log").inner_text(),
              "now": panel.locator(".fm-checklist").inner_text(),
              "hub": panel.locator(".fm-hub-view").inner_text()}
    first = page.evaluate(KERNEL_ID_JS)

    os.kill(kernel_process(first).pid, signal.SIGKILL)

    lost = page.locator(".mrp-lost")
    expect(lost).to_be_visible(timeout=60_000)
    page.locator("button.mrp-restore").click()
    panel = page.locator(".fm-panel")
    expect(panel.locator(".fm-status")).to_contain_text(
        "Your First Martians game is back", timeout=60_000)
    assert page.evaluate(KERNEL_ID_JS) != first
    after = {"log": panel.locator(".fm-log").inner_text(),
             "now": panel.locator(".fm-checklist").inner_text(),
             "hub": panel.locator(".fm-hub-view").inner_text()}
    assert after == before
    app.screenshot("lost-kernel-fm-restored")
    assert app.log.page_errors == [], app.log.page_errors
