"""Kernels are reclaimed and capped (mrp_tutor.serve.server): a real browser against a real server.

One server of its own with a cap of one visitor kernel and no pool, so every kernel in it is
a visitor's: closing or reloading the tab stops the kernel at once (the ``_xsrf`` cookie fix),
plain GETs start none, a second visitor gets the busy page, the seat frees when the tab closes.
The page's kernel websocket sends at once (``TCP_NODELAY``, mrp_tutor/serve/ws.py).
"""

from __future__ import annotations

import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import psutil
import pytest
from playwright.sync_api import expect

from .conftest import can_read_server_sockets, server_sockets_sending_at_once

pytestmark = pytest.mark.browser

GONE_WITHIN_S = 10.0


@pytest.fixture(scope="module")
def capped(serve: Any) -> Iterator[tuple[str, Any]]:
    with serve("--preheat_kernel=False", "--TutorVoila.max_kernels=1",
               log_name="voila-capped.log") as server:
        yield server


def kernels(proc: Any) -> list[Any]:
    return [c for c in psutil.Process(proc.pid).children(recursive=True)
            if "ipykernel" in " ".join(c.cmdline())]


def get(url: str, cookie: str = "") -> tuple[int, str, dict[str, str]]:
    req = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, r.read().decode(), dict(r.headers)
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode(), dict(err.headers)


def visitor_cookie(ctx: Any) -> str:
    """The browser context's cookies: a kernel answers only its own visitor's browser."""
    return "; ".join(f"{c['name']}={c['value']}" for c in ctx.cookies())


def kernel_state(base: str, kernel_id: str, cookie: str) -> int:
    """HTTP status of ``GET /api/kernels/<id>`` as the visitor's browser: 200 alive, 404 gone."""
    code = get(f"{base}api/kernels/{kernel_id}", cookie)[0]
    assert code in (200, 404), f"the kernel's own visitor was answered {code}"
    return code


def kernel_alive(base: str, kernel_id: str, cookie: str) -> bool:
    return kernel_state(base, kernel_id, cookie) == 200


def wait_gone(base: str, kernel_id: str, cookie: str) -> float:
    t0 = time.monotonic()
    while kernel_alive(base, kernel_id, cookie):
        assert time.monotonic() - t0 < GONE_WITHIN_S, f"kernel {kernel_id} still alive"
        time.sleep(0.1)  # poll interval of the probe
    return time.monotonic() - t0


def open_app(page: Any, base: str) -> str:
    page.goto(base, timeout=60_000)
    expect(page.locator(".mrp-board .mrp-zone").first).to_be_visible(timeout=60_000)
    kid: str = page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    return kid


def test_plain_gets_start_no_kernel(capped: tuple[str, Any]) -> None:
    base, proc = capped
    for _ in range(5):
        status, body, _h = get(base)
        assert status == 200 and "needs JavaScript" in body
    assert kernels(proc) == []


def test_the_kernel_websocket_sends_at_once(capped: tuple[str, Any], browser: Any) -> None:
    """An idle HTTP connection keeps Nagle's algorithm on (tornado's default); the page's
    kernel websocket turns it off. Before, no connection of a live app had it off."""
    base, proc = capped
    port = int(base.rstrip("/").rsplit(":", 1)[1])
    can_read_server_sockets(proc)  # skip, if at all, before a page takes the one seat
    ctx = browser.new_context()
    page = ctx.new_page()
    kid = ""
    try:
        kid = open_app(page, base)
        expect(page.locator(".mrp-status")).to_contain_text("Ready.", timeout=60_000)
        flags = server_sockets_sending_at_once(proc, port, expect=1)
        assert flags.count(True) == 1, flags  # the websocket; the page's idle HTTP ones not
    finally:
        page.close(run_before_unload=True)  # the seat is free for the next test
        if kid:
            wait_gone(base, kid, visitor_cookie(ctx))
        ctx.close()


def test_closing_or_reloading_a_tab_stops_its_kernel_and_frees_the_seat(
        capped: tuple[str, Any], browser: Any) -> None:
    base, proc = capped
    ctx = browser.new_context()
    ctx.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base) else r.abort())
    try:
        page = ctx.new_page()
        first = open_app(page, base)
        cookie = visitor_cookie(ctx)
        assert "mrp_visitor=" in cookie
        assert kernel_alive(base, first, cookie) and len(kernels(proc)) == 1
        # the cap is one visitor: the next one (cookie set, as a browser would) is told to wait
        status, body, headers = get(base, "mrp_js=1")
        assert status == 503 and "try again in a minute" in body
        assert headers.get("Retry-After") == "60"
        assert len(kernels(proc)) == 1
        page.reload()
        expect(page.locator(".mrp-board .mrp-zone").first).to_be_visible(timeout=60_000)
        wait_gone(base, first, cookie)
        second = page.evaluate(
            "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
        assert second != first and kernel_alive(base, second, cookie)
        page.close(run_before_unload=True)
        wait_gone(base, second, cookie)
        deadline = time.monotonic() + GONE_WITHIN_S
        while kernels(proc) and time.monotonic() < deadline:
            time.sleep(0.1)  # the process exits just after the kernel leaves the manager
        assert kernels(proc) == []
        # the seat is free again
        page = ctx.new_page()
        third = open_app(page, base)
        assert kernel_alive(base, third, cookie)
    finally:
        ctx.close()
