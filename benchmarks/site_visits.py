"""A visitor's first and second visit to the static site (``make site``; docs/static-site.md), in
headless Chromium with its HTTP cache on, page to "Ready.", and where the time goes.

    python benchmarks/site_visits.py --site dist/site [--runs 3] [--json] [--port N]
        [--with-routing]

Each run uses a fresh browser profile (a persistent one, in a temporary folder): the first
visit opens the site; the browser is closed; the second visit starts the browser again on the
same profile (its disk cache, its service worker, Chromium's code cache), as a visitor who
comes back another day.  The site is served by ``python -m http.server`` on loopback.

Nothing routes requests: Playwright's request routing turns the browser's cache off, which is
the thing measured here (``--with-routing`` routes every request through Playwright, as
the site's browser test did before: to show the difference).  Instead a host-resolver rule
refuses every host but 127.0.0.1, and every request the browser makes (the page's, its
workers' and its service worker's) is COUNTED from Playwright's request events: the run fails
if one left loopback.

Per visit: seconds from navigation to "Ready." on the page; requests that reached the file
server (its log: by status, bytes of the files it sent) against those the browser answered
itself; and the steps (seconds from navigation, from the Performance timelines of the page and
of the kernel's worker, which share a clock through ``performance.timeOrigin``):

- ``worker``: the kernel's worker starts;
- ``runtime``: pyodide.asm.wasm and python_stdlib.zip received (in the worker);
- ``kernel_wheels``: the last wheel the kernel's start asked for received;
- ``cell``: the kernel ready, the app's cell begins (its mark; on a site without marks, the
  app's wheel asked for);
- ``packages``, ``imported``, ``shown``: the marks the app's cell sets (site/app.ipynb:
  ``performance.mark`` in the worker): the app's packages in, ``show_app`` imported, called;
- ``ready``: the page says "Ready.".

The machine's load (``/proc/loadavg``) is noted with each visit: the figures are of this
machine, at that time.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
READY_TIMEOUT_MS = 240_000
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage",
         # every host but loopback refused (counted too: requests_off_loopback)
         "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
LOCAL = frozenset({"127.0.0.1", "localhost"})
#: the marks the app's cell sets in the worker (site/app.ipynb)
APP_MARKS = ("mrp:cell", "mrp:packages", "mrp:imported", "mrp:shown")
#: what the worker's timeline tells (read once the page is ready)
TIMELINE_JS = """() => ({origin: performance.timeOrigin,
  marks: performance.getEntriesByType('mark').map(m => [m.name, m.startTime]),
  resources: performance.getEntriesByType('resource').map(r => ({
    name: r.name, start: r.startTime, end: r.responseEnd, transfer: r.transferSize,
    body: r.decodedBodySize, delivery: r.deliveryType || '', sw: r.workerStart > 0}))})"""
LOG_LINE = re.compile(r'"(?:GET|HEAD) (\S+) HTTP/[\d.]+" (\d{3})')


class FileServer:
    """``python -m http.server`` on loopback; its log read as it goes (what reached it)."""

    def __init__(self, site: Path, port: int) -> None:
        self.site = site
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
             "--directory", str(site)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            text=True)
        self.lines: list[tuple[str, int]] = []
        self._lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise SystemExit("the file server did not start") from None
                time.sleep(0.1)
        self.url = f"http://127.0.0.1:{port}/"

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            m = LOG_LINE.search(line)
            if m:
                with self._lock:
                    self.lines.append((m.group(1), int(m.group(2))))

    def take(self) -> list[tuple[str, int]]:
        time.sleep(0.3)  # the log's last lines
        with self._lock:
            out, self.lines = self.lines, []
        return out

    def size(self, path: str) -> int:
        f = self.site / urlsplit(path).path.lstrip("/")
        if f.is_dir():
            f = f / "index.html"
        return f.stat().st_size if f.is_file() else 0

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


def load() -> float:
    return float(Path("/proc/loadavg").read_text().split()[0])


def steps(start_epoch: float, worker: dict[str, Any] | None, ready_s: float) -> dict[str, Any]:
    """The visit's steps, seconds from navigation (see the module's docstring): the worker's
    clock starts at its ``performance.timeOrigin`` (ms since the epoch, this machine's clock)."""
    out: dict[str, Any] = {}
    if worker is None:
        return {"ready": round(ready_s, 2)}
    shift = worker["origin"] / 1000 - start_epoch
    out["worker"] = round(shift, 2)
    res = worker["resources"]

    def at(ms: float) -> float:
        return round(shift + ms / 1000, 2)

    runtime = [r["end"] for r in res if re.search(r"pyodide\.asm\.wasm|python_stdlib\.zip",
                                                    r["name"])]
    out["runtime"] = at(max(runtime)) if runtime else None
    marks = dict(worker["marks"])
    # the first cell: its mark, or (a site without marks) the app's wheel asked for
    cell = marks.get("mrp:cell", min((r["start"] for r in res if "/mrp_tutor-" in r["name"]),
                                     default=None))
    wheels = [r["end"] for r in res if r["name"].endswith(".whl")
              and (cell is None or r["start"] < cell - 50)]
    out["kernel_wheels"] = at(max(wheels)) if wheels else None
    out["cell"] = at(cell) if cell is not None else None
    for mark in APP_MARKS[1:]:
        if mark in marks:
            out[mark.split(":")[1]] = at(marks[mark])
    out["ready"] = round(ready_s, 2)
    return out


def visit(pw: Any, chromium: str, profile: Path, server: FileServer,
          routing: bool = False) -> dict[str, Any]:
    """One visit on ``profile``: the browser started, the site opened to "Ready.", closed."""
    context = pw.chromium.launch_persistent_context(
        str(profile), executable_path=chromium, headless=True, args=FLAGS,
        viewport={"width": 1280, "height": 800})
    off: list[str] = []
    seen: list[str] = []

    def request(r: Any) -> None:
        seen.append(r.url)
        host = urlsplit(r.url).hostname
        if host is not None and host not in LOCAL and urlsplit(r.url).scheme in ("http",
                                                                                 "https", "ws"):
            off.append(r.url)

    context.on("request", request)
    if routing:
        context.route("**/*", lambda r: r.continue_())
    page = context.pages[0] if context.pages else context.new_page()
    workers: list[Any] = []
    page.on("worker", lambda w: workers.append(w))
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    load_before = load()
    start, start_epoch = time.perf_counter(), time.time()
    page.goto(server.url, timeout=READY_TIMEOUT_MS)
    page.locator(".mrp-status").filter(has_text="Ready.").wait_for(timeout=READY_TIMEOUT_MS)
    ready_s = time.perf_counter() - start
    page_tl = page.evaluate(TIMELINE_JS)
    worker_tl = None
    for w in workers:
        try:
            tl = w.evaluate(TIMELINE_JS)
        except Exception:  # a worker gone: not the kernel's
            continue
        if any("pyodide.asm.wasm" in r["name"] for r in tl["resources"]):
            worker_tl = tl
    resources = page_tl["resources"] + (worker_tl["resources"] if worker_tl else [])
    context.close()
    served = server.take()
    by_status: dict[str, int] = {}
    for _path, status in served:
        by_status[str(status)] = by_status.get(str(status), 0) + 1
    sent = sum(server.size(p) for p, status in served if status == 200)
    out = {
        "ready_s": round(ready_s, 2), "load": [load_before, load()],
        "steps": steps(start_epoch, worker_tl, ready_s),
        "requests": len(seen), "requests_off_loopback": len(off), "off_loopback": off[:5],
        "to_server": len(served), "to_server_by_status": by_status,
        "bytes_from_server": sent,
        # what the page and the kernel's worker received (their Performance timelines)
        "bytes_received": sum(r["body"] for r in resources),
        "page_errors": errors,
    }
    return out


def run_once(pw: Any, chromium: str, server: FileServer, routing: bool) -> dict[str, Any]:
    profile = Path(tempfile.mkdtemp(prefix="site-visits-"))
    try:
        first = visit(pw, chromium, profile, server, routing)
        second = visit(pw, chromium, profile, server, routing)
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return {"first": first, "second": second}


def summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for phase in ("first", "second"):
        times = [r[phase]["ready_s"] for r in runs]
        out[phase] = {"ready_s": times, "median_s": round(statistics.median(times), 2),
                      "load": [r[phase]["load"][0] for r in runs]}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, default=ROOT / "dist" / "site")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--port", type=int, default=0, help="the file server's port (0: free)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--with-routing", action="store_true",
                    help="route every request through Playwright (turns the cache off)")
    args = ap.parse_args(argv)
    site = args.site.resolve()
    if not (site / "index.html").is_file():
        raise SystemExit(f"{site} holds no built site (make site)")
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    port = args.port
    if not port:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = int(s.getsockname()[1])
    from playwright.sync_api import sync_playwright

    server = FileServer(site, port)
    runs = []
    try:
        with sync_playwright() as pw:
            for i in range(args.runs):
                runs.append(run_once(pw, chromium, server, args.with_routing))
                if not args.json:
                    print_run(i + 1, runs[-1])
    finally:
        server.close()
    res = {"site": str(site), "with_routing": args.with_routing, "runs": runs,
           "summary": summary(runs)}
    if args.json:
        print(json.dumps(res, indent=1))
    else:
        for phase, s in res["summary"].items():
            print(f"{phase:7} visit: {', '.join(f'{t:.1f}' for t in s['ready_s'])} s "
                  f"(median {s['median_s']:.1f} s; load {s['load']})")
    off = sum(r[p]["requests_off_loopback"] for r in runs for p in ("first", "second"))
    if off:
        print(f"FAILED: {off} requests left loopback", file=sys.stderr)
        return 1
    return 0


def print_run(n: int, run: dict[str, Any]) -> None:
    for phase in ("first", "second"):
        v = run[phase]
        st = ", ".join(f"{k} {t:.1f}" for k, t in v["steps"].items() if t is not None)
        print(f"run {n} {phase:6}: {v['ready_s']:5.1f} s to Ready. (load {v['load'][0]:.1f}"
              f"->{v['load'][1]:.1f}); {v['requests']} requests, {v['to_server']} reached the "
              f"server {v['to_server_by_status']} ({v['bytes_from_server'] / 1e6:.1f} MB sent "
              f"of {v['bytes_received'] / 1e6:.1f} MB received), {v['requests_off_loopback']} "
              f"off loopback\n    steps (s from navigation): {st}", flush=True)
        for e in v["page_errors"]:
            print("    page error:", e[:200])


if __name__ == "__main__":
    sys.exit(main())
