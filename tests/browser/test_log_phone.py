"""Browser: the learner's Log reads well on a phone (390x844): each event's rulebook section
sits under what happened, as wide as the table, not squeezed into a narrow, tall third column
(stop 31's "Left" of issue 26); desktop and tablet keep the three columns."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import save_screenshot

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1366, 768, False), "tablet": (768, 1024, True),
         "phone": (390, 844, True)}
T = 30_000
CELLS = """() => [...document.querySelectorAll('.mrp-log-table tbody tr')].slice(0, 12).map(
  tr => [...tr.children].map(td => { const b = td.getBoundingClientRect();
    return {w: b.width, h: b.height, x: b.x, y: b.y,
            line: parseFloat(getComputedStyle(td).lineHeight) || 16}; }))"""


@pytest.mark.parametrize("size", list(SIZES))
def test_the_learner_log_on_each_screen(browser: Any, voila_url: str, size: str) -> None:
    width, height, touch = SIZES[size]
    ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch,
                              is_mobile=touch and width < 500)
    page = ctx.new_page()
    try:
        page.goto(voila_url, timeout=60_000)
        expect(page.locator(".mrp-status")).to_contain_text("Ready.", timeout=60_000)
        for _ in range(4):
            before = page.locator(".mrp-step-count").inner_text()
            page.locator("button.mrp-next").click()
            expect(page.locator(".mrp-step-count")).not_to_have_text(before, timeout=T)
        page.locator(".mrp-tabs .lm-TabBar-tab", has_text="Log").click()
        expect(page.locator(".mrp-log-table tbody tr").first).to_be_visible(timeout=T)
        page.locator(".mrp-log-table").scroll_into_view_if_needed()
        save_screenshot(page, f"log-{size}", full_page=False)
        rows = page.evaluate(CELLS)
        assert rows and all(len(r) == 3 for r in rows)
        table_w = page.locator(".mrp-log-table").bounding_box()["width"]
        for _round, what, section in rows:
            assert section["h"] <= 3 * section["line"] + 8, (size, section)  # never tall
            if size == "phone":  # under what happened, nearly as wide as the table
                assert section["y"] >= what["y"] + what["h"] - 1, (what, section)
                assert section["w"] >= 0.6 * table_w, (section, table_w)
            else:  # three columns side by side
                assert abs(section["y"] - what["y"]) < 2 and section["x"] > what["x"]
    finally:
        ctx.close()
