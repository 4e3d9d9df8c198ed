"""axe-core (the pinned release, tests/testkit/axe.py) finds no serious or critical violation
on the main page, the seated game, the Table tab (Referee mode, its fields filled) and the
First Martians panel, at desktop (1366x768) and phone (390x844, touch) size (issue 26's
"Done when").  No sleeps: every wait is on a class or a text."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect
from testkit.axe import MODERATE, axe_serious

from .conftest import save_screenshot

pytestmark = pytest.mark.browser

T = 30_000
SIZES = {"desktop": (1366, 768, False), "phone": (390, 844, True)}


def press(page: Any, locator: Any, touch: bool) -> None:
    if touch:
        locator.tap()
    else:
        locator.click()


@pytest.mark.parametrize("size", list(SIZES))
def test_no_serious_axe_violation(browser: Any, voila_url: str, size: str) -> None:
    width, height, touch = SIZES[size]
    ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch,
                              is_mobile=touch)
    ctx.route("**/*", lambda r: r.continue_() if r.request.url.startswith(
        ("http://127.0.0.1", "http://localhost")) else r.abort())
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        page.goto(voila_url, timeout=60_000)
        expect(page.locator(".mrp-status")).to_contain_text("Ready.", timeout=60_000)
        expect(page.locator(".mrp-board .mrp-zone").first).to_be_visible(timeout=60_000)
        found = {"main page": axe_serious(page, impacts=MODERATE)}
        page.locator(".mrp-seat-colour select").select_option(label="Red")
        press(page, page.locator("button.mrp-take-seat"), touch)
        expect(page.locator(".mrp-status")).to_contain_text("You play red", timeout=T)
        expect(page.locator("button.mrp-choice").first).to_be_visible(timeout=T)
        found["seated game"] = axe_serious(page, impacts=MODERATE)
        press(page, page.locator(".mrp-mode button", has_text="Referee"), touch)
        # seated, Referee mode asks first (its secrets would be shown): the question is scanned too
        expect(page.locator("button.mrp-referee-yes")).to_be_visible(timeout=T)
        found["Referee question"] = axe_serious(page, impacts=MODERATE)
        press(page, page.locator("button.mrp-referee-yes"), touch)
        expect(page.locator(".mrp-status")).to_contain_text("Referee mode", timeout=T)
        press(page, page.locator(".mrp-tabs .lm-TabBar-tab", has_text="Table"), touch)
        expect(page.locator(".mrp-te-ship select option").first).to_be_attached(timeout=T)
        page.locator(".mrp-table-editor").scroll_into_view_if_needed()
        save_screenshot(page, f"axe-{size}-table-tab", full_page=False)
        found["Table tab"] = axe_serious(page, impacts=MODERATE)
        press(page, page.locator(".game-picker").get_by_role("button", name="First Martians"),
              touch)
        expect(page.locator(".fm-panel")).to_be_visible(timeout=60_000)
        expect(page.locator(".fm-panel .fm-ph-now")).to_be_visible(timeout=T)
        save_screenshot(page, f"axe-{size}-first-martians", full_page=False)
        found["First Martians panel"] = axe_serious(page, impacts=MODERATE)
        bad = {k: v for k, v in found.items() if v}
        assert bad == {}, "\n".join(f"{k}: {x}" for k, v in bad.items() for x in v)
        # the helper does report a violation when there is one (a button without a name)
        page.evaluate("() => document.querySelector('.fm-panel').appendChild("
                      "Object.assign(document.createElement('button'), {id: 'mrp-no-name'}))")
        assert [x for x in axe_serious(page) if x.startswith("button-name (critical")]
        assert errors == [], errors
    finally:
        ctx.close()
