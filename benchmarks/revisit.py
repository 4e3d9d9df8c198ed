"""What a returning visitor costs the server: requests and bytes of a first visit, a reload
and a second tab of the app, in headless Chromium (its HTTP cache as a browser keeps it).

    python benchmarks/revisit.py [--json]

Starts ``python -m mrp_tutor.serve.server`` (a pool of one kernel) on a free loopback port, in a
folder of its own so that ``PYTHONPATH`` alone decides which checkout serves (before/after
comparisons: ``PYTHONPATH=/path/to/old/checkout``).  Each phase counts, from Chromium's own network
events (DevTools protocol): requests that reached the server (by status: 200, 304, ...),
the static files among them (``/voila/static|templates|labextensions/``), requests answered
from the browser's cache without asking, and bytes received on the wire.  The app counts as
loaded when its board is drawn.  Playwright's request routing is not used: it turns the
browser's cache off.  Requests off this machine (the page's font CDN) are refused by a
host-resolver rule and not counted.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

STATIC = ("/voila/static/", "/voila/templates/", "/voila/labextensions/")
READY = ".mrp-board .mrp-zone"


class NetLog:
    """Chromium's network events of one page, summed per phase."""

    def __init__(self, cdp: Any, base: str) -> None:
        self.base = base
        self.reset()
        cdp.on("Network.requestWillBeSent", self._sent)
        cdp.on("Network.requestServedFromCache", self._cached)
        cdp.on("Network.responseReceived", self._received)
        cdp.on("Network.loadingFinished", self._finished)
        cdp.send("Network.enable")

    def reset(self) -> None:
        # request id -> {"url", "cached", "status", "bytes"} of this phase's requests
        self.requests: dict[str, dict[str, Any]] = {}

    def _sent(self, e: dict[str, Any]) -> None:
        if e["request"]["url"].startswith(self.base):
            self.requests[e["requestId"]] = {"url": e["request"]["url"], "cached": False,
                                             "status": None, "bytes": 0}

    def _cached(self, e: dict[str, Any]) -> None:
        if e["requestId"] in self.requests:
            self.requests[e["requestId"]]["cached"] = True

    def _received(self, e: dict[str, Any]) -> None:
        r, req = e["response"], self.requests.get(e["requestId"])
        if req is not None:
            req["status"] = r["status"]
            req["cached"] = req["cached"] or bool(
                r.get("fromDiskCache") or r.get("fromPrefetchCache"))

    def _finished(self, e: dict[str, Any]) -> None:
        if e["requestId"] in self.requests:
            self.requests[e["requestId"]]["bytes"] = int(e.get("encodedDataLength", 0))

    def phase(self) -> dict[str, Any]:
        """This phase's figures (and a new phase begins)."""
        asked = [r for r in self.requests.values() if not r["cached"] and r["status"]]
        static = [r for r in asked if any(s in r["url"] for s in STATIC)]
        out = {"server_requests": len(asked),
               "by_status": dict(Counter(r["status"] for r in asked)),
               "static_requests": len(static),
               "static_by_status": dict(Counter(r["status"] for r in static)),
               "from_cache_unasked": sum(1 for r in self.requests.values() if r["cached"]),
               "bytes_on_wire": sum(r["bytes"] for r in self.requests.values()),
               "asked": sorted(f"{r['status']} {r['url'][len(self.base) - 1:]}"
                               for r in asked)}
        self.reset()
        return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def loaded(page: Any, log: NetLog, go: Callable[[], Any]) -> dict[str, Any]:
    """``go()`` (a navigation), then wait for the app's board and a quiet network: the
    phase's figures."""
    go()
    page.wait_for_selector(READY, timeout=120_000)
    page.wait_for_load_state("networkidle")
    return log.phase()


def measure(base: str, chromium: str) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    flags = ["--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking",
             "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
    out: dict[str, Any] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, headless=True, args=flags)
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        page = context.new_page()
        log = NetLog(context.new_cdp_session(page), base)
        out["first_visit"] = loaded(page, log, lambda: page.goto(base, timeout=120_000))
        out["reload"] = loaded(page, log, lambda: page.reload(timeout=120_000))
        tab = context.new_page()
        tab_log = NetLog(context.new_cdp_session(tab), base)
        out["second_tab"] = loaded(tab, tab_log, lambda: tab.goto(base, timeout=120_000))
        browser.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--list", action="store_true", help="list each phase's requests")
    args = ap.parse_args()
    port = free_port()
    log = Path(tempfile.mkdtemp()) / "voila.log"
    env = {k: v for k, v in os.environ.items() if k != "MRP_TUTOR_OVERRIDES"}
    with log.open("wb") as fh:
        proc = subprocess.Popen([sys.executable, "-m", "mrp_tutor.serve.server", f"--port={port}",
                                 "--pool_size=1"], cwd=log.parent, stdout=fh,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    sys.exit(f"the server did not start; log {log}")
                time.sleep(0.1)
        res = measure(f"http://127.0.0.1:{port}/", os.environ.get("CHROMIUM",
                                                                   "/usr/bin/chromium"))
        res["served_from"] = {"mrp_tutor": subprocess.run(
            [sys.executable, "-c", "import mrp_tutor; print(mrp_tutor.__file__)"],
            cwd=log.parent, env=env, capture_output=True, text=True).stdout.strip()}
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
    served = res.pop("served_from")
    if not args.list:
        for phase in res.values():
            phase.pop("asked")
    if args.json:
        print(json.dumps({**res, "served_from": served}, indent=1))
        return
    print("served from", served["mrp_tutor"])
    for name, p in res.items():
        print(f"{name:12} {p['server_requests']:4d} requests to the server {p['by_status']}, "
              f"{p['static_requests']} static {p['static_by_status']}, "
              f"{p['from_cache_unasked']} from cache unasked, {p['bytes_on_wire']:,} bytes")
        for line in p.get("asked", []):
            print("   ", line)


if __name__ == "__main__":
    main()
