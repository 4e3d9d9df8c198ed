"""A visitor's browser and the real server (``python -m mrp_tutor.serve.server``): the app's icon
answers (it was a 403 on every page: ``/favicon.ico`` fell to Voila's file route), and a
reload or a second tab re-downloads none of the front-end's files, asking again only for
those whose URL does not name one content (a 304 each).

The browser's cache must be on: Playwright's request routing turns it off, so this test
uses its own context without routing; the page's font CDN is blocked through the DevTools
protocol instead.  Figures of the same visit: ``benchmarks/revisit.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from mrp_tutor.serve.static import IMMUTABLE, cache_control

from .conftest import VIEWPORT

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from revisit import READY, NetLog, loaded

pytestmark = pytest.mark.browser


def test_the_icon_answers_and_a_reload_or_second_tab_downloads_no_file_again(browser: Any,
                                                               voila_url: str) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        cdp = context.new_cdp_session(page)
        log = NetLog(cdp, voila_url)
        cdp.send("Network.setBlockedURLs", {"urls": ["*://cdn.jsdelivr.net/*"]})
        first = loaded(page, log, lambda: page.goto(voila_url, timeout=60_000))
        icons = page.evaluate("[...document.querySelectorAll('link[rel=icon]')].map(l => "
                              "new URL(l.href).pathname)")
        assert icons == ["/favicon.ico", "/favicon.svg"], icons
        for name in ("favicon.ico", "favicon.svg"):  # as the browser fetches an icon
            got = page.request.get(voila_url + name)
            assert got.status == 200 and got.headers["content-type"].startswith("image/")
        refused = [a for a in first["asked"] if a.startswith(("403", "404", "500"))]
        assert refused == [], refused
        assert first["static_by_status"].get(200, 0) > 50, first  # the front-end, downloaded

        again = loaded(page, log, lambda: page.reload(timeout=60_000))
        expect(page.locator(READY).first).to_be_visible()
        tab = context.new_page()
        tab_log = NetLog(context.new_cdp_session(tab), voila_url)
        second = loaded(tab, tab_log, lambda: tab.goto(voila_url, timeout=60_000))
        for visit in (again, second):
            static = [a for a in visit["asked"] if "/voila/" in a and "/api/" not in a]
            assert all(a.startswith("304 ") for a in static), static  # none downloaded again
            # a file whose URL names one content is not even asked for (before: the widget
            # extensions' 20 hashed files revalidated on every reload)
            kept = [a for a in static if "/voila/static/v-" in a or cache_control(
                urlsplit(a.split(" ", 1)[1]).path, "?v=" in a) == IMMUTABLE]
            assert kept == [], kept
        assert not [e for e in errors if "favicon" in e or "403" in e], errors
    finally:
        context.close()
