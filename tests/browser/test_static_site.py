"""The static in-browser demo (issue 39; docs/static-site.md): ``dist/site/`` served by a plain
file server on loopback, every request that leaves loopback blocked, the app run by Pyodide
in headless Chromium.

The browser runs as a visitor's does: a profile of its own (its HTTP cache, service worker and
code cache kept), started again on that profile for the second visit.  No request routing:
Playwright's routing turns the browser's cache off, so a "second visit" would download the site
again.  Every host but loopback is refused by a host-resolver rule, and every request of the
page, its workers and its service worker is counted from the browser's request events (0 may
leave loopback; a request to an outside host made on purpose shows that it is counted and
refused).  What reached the file server is read from its log: a second visit downloads none
of the runtime or the wheels again.

Opt-in (``MRP_SITE_TEST=1``, ``make site-test``): building the site fetches from npm and PyPI
and a first visit takes tens of seconds, too much for ``make test``.  ``MRP_SITE_DIR`` names a
site already built (``make site``); without it the test builds one into a temporary folder.
The load times, the site's size and the in-browser engine's speed go to
``tests/artifacts/static-site.json``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from mrp_tutor.games.mission_red_planet.ui.seat import level_names

from .conftest import (
    ARTIFACTS,
    CHROMIUM_FLAGS,
    LOCAL_HOSTS,
    REPO_ROOT,
    _chromium_or_fail,
    _free_port,
    save_screenshot,
)
from .test_fm_round import _effect as fm_effect
from .test_fm_round import _now as fm_now
from .test_referee_table import cli, rule_production_on_hellas, set_and_wait

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(os.environ.get("MRP_SITE_TEST") != "1",
                                 reason="opt-in: MRP_SITE_TEST=1 (make site-test)")]

LOAD_TIMEOUT_MS = 240_000  # a first visit on a busy 2-core machine (an indication: ~40 s)
STEP_TIMEOUT_MS = 240_000  # the plain-Python engine in the page: a hard bot's turns
MAX_MB = 60
#: every host but loopback refused by the browser itself (no request routing: see above)
LOOPBACK_ONLY = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
#: what a second visit must not download again (the runtime, the wheels)
HEAVY = re.compile(r"\.(whl|wasm|zip)$|pyodide\.asm\.mjs$")
LOG_LINE = re.compile(r'"GET (\S+) HTTP/[\d.]+" (\d{3})')


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("MRP_SITE_DIR")
    if given:
        path = Path(given)
        path = path if path.is_absolute() else REPO_ROOT / path
        assert (path / "index.html").is_file(), f"{path} holds no built site (make site)"
        return path
    out = tmp_path_factory.mktemp("site") / "site"
    subprocess.run([sys.executable, REPO_ROOT / "scripts" / "build_site.py", "--out", out],
                   check=True, timeout=3600)
    return out


@dataclass
class FileServer:
    url: str
    log: Path  # the server's log: one line a request (path, status)

    def served(self) -> list[tuple[str, int]]:
        """(path, status) of every request that reached the server so far."""
        text = self.log.read_text(encoding="utf-8", errors="replace")
        return [(m.group(1), int(m.group(2))) for m in LOG_LINE.finditer(text)]


@pytest.fixture(scope="module")
def site_server(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[FileServer]:
    port = _free_port()
    log = tmp_path_factory.mktemp("site-server") / "http.log"
    with log.open("wb") as fh:
        proc = subprocess.Popen([sys.executable, "-u", "-m", "http.server", str(port), "--bind",
                                 "127.0.0.1", "--directory", str(site)],
                                stdout=subprocess.DEVNULL, stderr=fh)
    try:
        deadline = time.monotonic() + 30
        import urllib.request
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        yield FileServer(f"http://127.0.0.1:{port}/", log)
    finally:
        proc.terminate()
        proc.wait(10)


@dataclass
class Visitor:
    """One visitor's browser profile; each :meth:`visit` starts the browser on it."""

    browser: Any
    profile: Path
    off_loopback: list[str] = field(default_factory=list)  # every such request (refused)
    errors: list[str] = field(default_factory=list)

    def visit(self) -> Any:
        """The browser started on this profile (the cache of earlier visits kept)."""
        context = self.browser.browser_type.launch_persistent_context(
            str(self.profile), executable_path=_chromium_or_fail(), headless=True,
            args=[*CHROMIUM_FLAGS, LOOPBACK_ONLY], viewport={"width": 1280, "height": 800},
            accept_downloads=True)
        context.on("request", self._request)
        page = context.pages[0] if context.pages else context.new_page()
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        return context, page

    def _request(self, request: Any) -> None:
        url = urlsplit(request.url)
        if url.scheme in ("http", "https", "ws", "wss") and url.hostname not in LOCAL_HOSTS:
            self.off_loopback.append(request.url)

    def outside_request_is_counted_and_refused(self, page: Any) -> None:
        """A request to another host, made on purpose: counted here, and refused."""
        before = len(self.off_loopback)
        got = page.evaluate("fetch('http://example.com/mrp-site-test').then("
                            "() => 'reached', () => 'refused')")
        page.wait_for_timeout(500)
        assert got == "refused"
        mine = self.off_loopback[before:]
        assert mine and all(u == "http://example.com/mrp-site-test" for u in mine), mine
        del self.off_loopback[before:]


def _open(page: Any, url: str) -> float:
    """Open the site's root; seconds until the app says "Ready."."""
    start = time.perf_counter()
    page.goto(url, timeout=LOAD_TIMEOUT_MS)
    expect(page.locator(".mrp-status")).to_contain_text("Ready.", timeout=LOAD_TIMEOUT_MS)
    return time.perf_counter() - start


def _size_mb(site: Path) -> float:
    return sum(p.stat().st_size for p in site.rglob("*") if p.is_file()) / 1e6


def test_the_site_is_small_and_carries_no_source_maps(site: Path) -> None:
    assert _size_mb(site) <= MAX_MB
    assert not list(site.rglob("*.map"))
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    for pkg in lock["packages"].values():  # every package of the lock is on the site
        assert (site / "static" / "pyodide" / pkg["file_name"]).is_file(), pkg["file_name"]
        assert "://" not in pkg["file_name"]


def test_the_app_plays_in_the_browser_with_nothing_from_outside(
        browser: Any, site: Path, site_server: FileServer, tmp_path: Path) -> None:
    visitor = Visitor(browser, tmp_path / "profile")
    context, page = visitor.visit()
    first = _open(page, site_server.url)
    first_served = site_server.served()
    # the note on the page: a demo for learning and solo play, its secrets in this browser
    expect(page.locator("body")).to_contain_text("for learning and solo play")
    expect(page.locator(".mrp-board .mrp-zone").first).to_be_visible()
    # no code on the page: an app-only page
    assert page.locator(".jp-CodeMirrorEditor:visible, .cm-editor:visible").count() == 0
    assert "pyodide_js" not in page.locator("body").inner_text()
    save_screenshot(page, "static-site-desktop", full_page=False)

    # a game against a hard bot, to round 2, with a hint on the way
    page.locator(".mrp-players select").select_option(label="3")
    page.locator(".mrp-seat-colour select").select_option(label="Red")
    # the seat picker states the hard level's time in the browser (measured)
    page.locator(".mrp-seat-level select").select_option(label=level_names(browser=True)["hard"])
    page.locator(".mrp-seed input").fill("11")
    page.locator("button.mrp-take-seat").click()
    expect(page.locator(".mrp-status")).to_contain_text("You play red", timeout=STEP_TIMEOUT_MS)
    expect(page.locator(".mrp-prompt")).to_contain_text("Your turn", timeout=STEP_TIMEOUT_MS)
    page.locator(".mrp-tabs .lm-TabBar-tab", has_text="Hint").click()
    # no threads here: the coach works in slices; its progress shows as it goes and Stop,
    # read between two slices, ends it with what was found so far
    page.locator("button.mrp-hint-ask").click()
    expect(page.locator(".widget-html.mrp-hint-status")).to_contain_text(" games played out",
                                                             timeout=STEP_TIMEOUT_MS)
    page.locator("button.mrp-hint-stop").click()
    expect(page.locator(".widget-html.mrp-hint-status")).to_contain_text("(stopped early)",
                                                             timeout=STEP_TIMEOUT_MS)
    start = time.perf_counter()
    page.locator("button.mrp-hint-ask").click()
    expect(page.locator(".widget-html.mrp-hint-status")).to_contain_text(  # the whole budget
        re.compile(r"played out [\d,]+ possible games from what you see\.$"),
        timeout=STEP_TIMEOUT_MS)
    expect(page.locator(".mrp-hint").first).to_contain_text("won")
    hint_s = time.perf_counter() - start
    page.locator("button.mrp-hint-play").first.click()
    round_label = page.locator(".mrp-board-round")
    deadline = time.monotonic() + 900
    while "Round 2" not in round_label.inner_text() and "Round 3" not in round_label.inner_text():
        assert time.monotonic() < deadline, round_label.inner_text()
        prompt = page.locator(".mrp-prompt")
        expect(prompt).to_contain_text("Your turn", timeout=STEP_TIMEOUT_MS)
        target = page.locator(".mrp-board .mrp-target")
        if target.count():
            target.first.click()
        else:
            page.locator("button.mrp-choice").first.click()
        page.wait_for_timeout(300)
    save_screenshot(page, "static-site-round-2", full_page=False)

    visitor.outside_request_is_counted_and_refused(page)
    assert visitor.errors == [], visitor.errors
    assert visitor.off_loopback == [], visitor.off_loopback
    context.close()
    assert any(HEAVY.search(p) and status == 200 for p, status in first_served)

    # a second visit: the browser started again on the same profile, the site from its cache
    context2, page2 = visitor.visit()
    before = len(site_server.served())
    second = _open(page2, site_server.url)
    second_served = site_server.served()[before:]
    again = [(p, status) for p, status in second_served if HEAVY.search(p)]
    assert not [p for p, status in again if status == 200], again  # none downloaded again
    _a_referee_rules_production(page2, tmp_path)
    _first_martians_plays_a_phase(page2)
    visitor.outside_request_is_counted_and_refused(page2)
    assert visitor.errors == [], visitor.errors
    context2.close()
    assert visitor.off_loopback == [], visitor.off_loopback
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "static-site.json").write_text(json.dumps({
        "site_mb": round(_size_mb(site), 1), "first_visit_s": round(first, 1),
        "second_visit_s": round(second, 1), "second_visit_to_server": len(second_served),
        "hint_s": round(hint_s, 1), "load": os.getloadavg()[0]}, indent=1) + "\n")


def _a_referee_rules_production(page: Any, tmp_path: Path) -> None:
    """Referee mode, the Table tab: a zone entered by taps, the production ruling; the table's
    file downloaded from the page gets the same totals from ``mrp-tutor referee production``
    (the engine on this machine)."""
    # a seeded game first: the table starts from its position (the tokens' draw is the seed's)
    page.locator(".mrp-seed input").fill("11")
    set_and_wait(page, "mrp-new-game", "New game set up")
    page.locator(".mrp-mode button", has_text="Referee").click()
    expect(page.locator(".mrp-status")).to_contain_text("Referee mode", timeout=STEP_TIMEOUT_MS)
    page.locator(".mrp-tabs .lm-TabBar-tab", has_text="Table").click()
    rule_production_on_hellas(page, STEP_TIMEOUT_MS)
    with page.expect_download(timeout=STEP_TIMEOUT_MS) as dl:
        page.locator(".mrp-tt-download").click()
    saved = tmp_path / "site-table.yaml"
    dl.value.save_as(saved)
    want = cli("referee", "production", str(saved)).splitlines()[-1]
    want_totals = want.removeprefix("Totals: ").split("; ")
    totals = page.locator(".mrp-prod-totals li").all_inner_texts()
    assert [t.strip() for t in totals] == want_totals
    assert any(t.startswith("Red +") for t in want_totals), want
    save_screenshot(page, "static-site-referee", full_page=False)


def _first_martians_plays_a_phase(page: Any) -> None:
    """First Martians: an event entered by taps in I. Events, then on to II. Morale."""
    page.locator(".game-picker").get_by_role("button", name="First Martians").click()
    panel = page.locator(".fm-panel")
    expect(panel).to_be_visible(timeout=STEP_TIMEOUT_MS)
    fm_now(panel, "I. Events")
    fm_effect(panel, "Tracks", "Malfunction track", [("block", "System"), ("by", "+1")])
    expect(panel.locator(".fm-log")).to_contain_text("Malfunction", timeout=STEP_TIMEOUT_MS)
    panel.locator(".fm-go-events").click()
    fm_now(panel, "II. Morale")
    expect(panel.locator(".fm-ph-done")).to_have_count(1)
    save_screenshot(page, "static-site-first-martians", full_page=False)
