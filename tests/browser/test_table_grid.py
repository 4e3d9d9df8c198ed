"""The zones grid of the Table tab in Chromium (issue 36): astronauts by tap, a resource by
chip, at tablet and phone size; each tap is counted and "Use this table" puts the table in
play, whose production ruling names the zone's resource as entered."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

T = 30_000


@pytest.mark.parametrize("size", [(768, 1024), (390, 844)], ids=["tablet", "phone"])
def test_zones_by_tap(app: Any, size: tuple[int, int]) -> None:
    page = app.open_ready(size)
    actions = 0

    def act(locator: Any, said: str) -> None:
        nonlocal actions
        locator.click()
        actions += 1
        expect(page.locator(".mrp-status")).to_contain_text(said, timeout=T)

    act(page.locator("button.mrp-door-referee"), "Referee mode")
    grid = page.locator(".mrp-tg")
    expect(grid).to_be_visible(timeout=T)
    hellas = grid.locator(".mrp-tg-row[data-zone='hellas']")
    for n in (1, 2):
        act(hellas.locator(".mrp-tg-red .mrp-tg-plus"), f"Hellas: Red {n}.")
    act(hellas.locator(".mrp-tg-chip", has_text="ice"), "Hellas: resource ice.")
    expect(hellas.locator(".mrp-tg-red .mrp-tg-n")).to_have_text("2")
    expect(hellas.locator(".mrp-tg-chip[aria-pressed='true']")).to_have_text("ice")
    assert "hellas" not in grid.inner_text()  # names, never ids
    green = grid.locator(".mrp-tg-row[data-seat='green']")
    act(green.locator(".mrp-tg-celerium .mrp-tg-plus"), "Green: celerium tokens 1.")
    expect(grid.locator(".mrp-tg-row.mrp-tg-ship").first).to_contain_text("Ship ")
    hellas.scroll_into_view_if_needed()
    app.screenshot(f"table-grid-{size[0]}x{size[1]}", full_page=False)
    green.scroll_into_view_if_needed()
    app.screenshot(f"table-grid-seats-{size[0]}x{size[1]}", full_page=False)
    act(page.locator("button.mrp-te-use"), "The table is set")
    assert actions == 6
    assert app.log.page_errors == [], app.log.page_errors
