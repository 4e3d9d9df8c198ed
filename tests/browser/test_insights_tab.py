"""The Insights tab in the served app: built when opened, a figure with its sentence."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_insights_tab_shows_a_figure_with_its_interval(app: Any) -> None:
    app.open()
    page = app.page
    app.wait_for_class("mrp-app")
    assert page.locator(".mrp-insights").count() == 0  # not built before the tab opens
    page.locator(".mrp-tabs .lm-TabBar-tab", has_text="Insights").click()
    text = app.wait_for_class("mrp-insights-text")
    expect(text).to_contain_text("Going first wins", timeout=60_000)
    expect(text).to_contain_text("95 % interval")
    figure = page.locator(".mrp-insights-figure")
    expect(figure).to_be_visible()
    assert figure.bounding_box()["width"] > 300
    page.locator(".mrp-insights-view select").select_option(label="Greedy bot vs random bots")
    expect(text).to_contain_text("the greedy bot wins", timeout=60_000)
    figure.scroll_into_view_if_needed()
    app.screenshot("insights-desktop", full_page=False)
    page.set_viewport_size({"width": 390, "height": 844})
    expect(figure).to_be_visible()
    assert figure.bounding_box()["width"] <= 390
    figure.scroll_into_view_if_needed()
    app.screenshot("insights-phone", full_page=False)
    assert app.log.page_errors == []
