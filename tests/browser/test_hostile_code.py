"""A hostile share code pasted in the Table tab (headless Chromium, issue 28): a 57-character
code nested 1,000 deep is refused with the field named, not "Something went wrong
(RecursionError...)", and the app goes on working."""

from __future__ import annotations

import base64
import zlib
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import save_screenshot

pytestmark = pytest.mark.browser

T = 30_000  # ms: one kernel round trip on a loaded 2-core machine
DEEP = "MRP1:" + base64.urlsafe_b64encode(
    zlib.compress(b'{"position":' + b"[" * 1000 + b"]" * 1000 + b"}", 9)).decode("ascii")


def test_a_deep_code_is_refused_in_the_table_tab_with_its_field(page: Any,
                                                                voila_url: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(voila_url, timeout=60_000)
    status = page.locator(".mrp-status")
    expect(status).to_contain_text("Ready.", timeout=60_000)
    page.locator(".mrp-mode button", has_text="Referee").click()
    expect(status).to_contain_text("Referee mode", timeout=T)
    page.locator(".mrp-tabs .lm-TabBar-tab", has_text="Table").click()
    box = page.locator(".mrp-tt-code-in input")
    expect(box).to_be_visible(timeout=T)
    box.fill(DEEP)
    page.locator("button.mrp-tt-load-code").click()
    expect(status).to_contain_text("Not loaded: Position[0][0]", timeout=T)
    expect(status).to_contain_text("nested deeper than 32 levels")
    text = status.inner_text()
    assert "Something went wrong" not in text and "RecursionError" not in text, text
    status.scroll_into_view_if_needed()
    save_screenshot(page, "table-hostile-code", full_page=False)
    page.locator("button.mrp-tt-production").click()  # the table in play still rules
    expect(page.locator(".mrp-tt-ruling .mrp-prod-table")).to_be_visible(timeout=T)
