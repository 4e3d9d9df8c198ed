"""The app shell (issue 40): the first game's panel is built through the registry with the
picker above it; picking First Martians builds its panel (the shell's look: the same status,
step row and citation classes).  Screenshots at desktop, tablet and phone size."""

from __future__ import annotations

from typing import Any

import pytest

SIZES = {"desktop": (1280, 800), "tablet": (768, 1024), "phone": (390, 844)}


@pytest.mark.parametrize("size", list(SIZES))
def test_the_shell_shows_each_game_through_the_picker(app: Any, size: str) -> None:
    from playwright.sync_api import expect

    page = app.open_ready(SIZES[size])
    picker = app.wait_for_class("game-picker")
    expect(picker.get_by_role("button", name="Mission: Red Planet")).to_be_visible()
    app.screenshot(f"rooms-shell-mrp-{size}")
    fm = app.open_fm(SIZES[size])
    expect(fm.locator(".mrp-stepper-fm")).to_be_visible()
    expect(fm.locator(".fm-status")).to_be_attached()
    # the shell's style rules reach the First Martians panel (its buttons sized to their label)
    assert page.locator(".fm-panel style").count() >= 1
    app.screenshot(f"rooms-shell-fm-{size}")
    assert not app.log.page_errors, app.log.page_errors
