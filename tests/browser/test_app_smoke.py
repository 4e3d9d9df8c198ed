"""Smoke test: Voila serves notebooks/app.ipynb and renders LIVE widgets, without source code."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# The only outside host the page may try to reach: Voila's lab template links Font Awesome from it
# (blocked by the ``page`` fixture; offline icons just don't show).
ALLOWED_BLOCKED_HOSTS = {"cdn.jsdelivr.net"}


def test_app_renders_live_widgets(app: Any) -> None:
    app.open()
    root = app.wait_for_class("mrp-app")
    status = app.wait_for_class("mrp-status")
    # Text comes from the kernel through the widget manager => widgets are live, not static HTML.
    expect(status).to_contain_text("Ready.")
    expect(root).to_contain_text("Mission: Red Planet")

    shot = app.screenshot("app-smoke")
    assert shot.stat().st_size > 0
    # docs/screenshot.png comes from test_app_flow.py (a game in progress)

    # strip_sources: the notebook's code cell must not reach the browser (rendered text or HTML).
    html = app.page.content()
    text = app.page.inner_text("body")
    assert "object at 0x" not in text, "a Python object repr leaked into the page"
    for needle in ("from mrp_tutor.app import", "show_app()"):
        assert needle not in html, f"source code leaked into the page HTML: {needle!r}"
        assert needle not in text, f"source code visible in the page: {needle!r}"

    assert app.log.page_errors == [], f"uncaught JS errors: {app.log.page_errors}"
    assert app.log.blocked_hosts <= ALLOWED_BLOCKED_HOSTS, (
        f"page tried to reach outside hosts: {sorted(app.log.blocked)}"
    )
