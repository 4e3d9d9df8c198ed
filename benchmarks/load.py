"""Load benchmark: N visitors of one app server on loopback, a class arriving within a few seconds.

Starts ``python -m mrp_tutor.serve.server`` (the deployment: paced preheated pool, kernel cap,
tab-close fix) on a free loopback port, preheated with ``--pool`` kernels, then N visitors
arrive evenly within ``--ramp`` seconds.  ``--browsers K`` of them are real headless Chromium
sessions (one browser, a fresh context each: own cache and cookies, like separate visitors);
the other N - K are protocol-level visitors (``benchmarks/load_protocol.py``) that do over
HTTP and the kernel websocket exactly what the page's front-end does (gate, page, every static
file, kernel websocket, the widget manager's ``request_states``, a click as the Button's comm
message, the tab-close beacon) without a browser's own CPU cost.  Both kinds run against the
same real server and kernels; their figures are reported apart and together.

Each visitor opens the app, waits until it is live, clicks Next ``--clicks`` times, then
closes its tab.  Measured:

- page live: from the first request to a live app (browser: board drawn and status
  "Ready."; protocol: the widget states received, holding the board and "Ready.");
- click: browser: in-page, from ``click()`` to the *last* DOM mutation it caused in the app
  (the step counter must change; over when the app stays quiet 300 ms); protocol: from the
  click message to the last widget update the kernel sent for it (the step counter must be
  among them);
- errors: failed sessions with their first message, uncaught page errors, console errors
  other than blocked off-machine requests;
- server RSS (server + kernels, MiB) before the first visitor, at the peak, after the end;
  RSS of each kernel at the peak;
- reclaim: seconds from a tab's close until its kernel is gone (``GET /api/kernels/<id>``
  answers 404);
- CPU seconds of the server and its kernels, of Chromium, and of this generator's own
  process, with the load average before and after.

The generator (this process and Chromium) runs at ``--generator-nice`` (10) once the server
is up, so on a shared machine the visitors' side does not take the server's CPU, as real
visitors' browsers run on their own machines; whatever the generator waits for itself is
inside the measured times, so it can only make the figures worse.

Bounded: loopback only (Chromium resolves no other host), at most ``MAX_SESSIONS`` sessions,
every wait has a timeout and the whole run stops after ``--budget`` seconds; the server and
browser are always stopped.

Usage: ``python benchmarks/load.py [--sessions N] [--browsers K] [--ramp S] [--pool P] [--json]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_protocol import Visitor

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage",
         # loopback only, without request interception (which would turn off the HTTP cache)
         "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
MAX_SESSIONS = 200
GOAL = {"failed_sessions": 0, "page_live_p95_s": 15.0, "click_p95_ms": 300.0,
        "kernel_gone_max_s": 30.0}

# click -> the last DOM mutation it caused inside .mrp-app (quiet for QUIET ms = done)
CLICK_JS = """
async ([n, quiet]) => {
  const app = document.querySelector(".mrp-app");
  const counter = document.querySelector(".mrp-step-count");
  const btn = document.querySelector("button.mrp-next");
  const out = [];
  for (let i = 0; i < n; i++) {
    const before = counter.textContent;
    let last = 0;
    const obs = new MutationObserver(() => { last = performance.now(); });
    obs.observe(app, {childList: true, subtree: true, characterData: true, attributes: true});
    const t0 = performance.now();
    btn.click();
    const limit = t0 + 30000;
    while (performance.now() < limit) {
      await new Promise(r => setTimeout(r, 20));
      const now = performance.now();
      if (counter.textContent !== before && now - last >= quiet) break;
    }
    obs.disconnect();
    if (counter.textContent === before) throw new Error("Next got no answer within 30 s");
    out.push(last - t0);
  }
  return out;
}
"""
KERNEL_ID_JS = ("JSON.parse(document.getElementById('jupyter-config-data').textContent)"
                ".kernelId")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def pct(xs: list[float], q: float) -> float | None:
    if not xs:
        return None
    ys = sorted(xs)
    k = (len(ys) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ys) - 1)
    return round(ys[lo] + (ys[hi] - ys[lo]) * (k - lo), 3)


def tree_rss_mib(proc: psutil.Process) -> tuple[float, list[float]]:
    """RSS of the server + its kernels (MiB), and each kernel's RSS."""
    kernels: list[float] = []
    total = 0.0
    try:
        procs = [proc, *proc.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0.0, []
    for p in procs:
        try:
            rss = p.memory_info().rss / 2**20
            total += rss
            if p is not proc and "ipykernel" in " ".join(p.cmdline()):
                kernels.append(rss)
        except psutil.Error:
            continue
    return round(total, 1), kernels


def tree_cpu_s(proc: psutil.Process) -> float:
    """CPU seconds of a process, its live descendants and the ones it has reaped."""
    total = 0.0
    try:
        procs = [proc, *proc.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0.0
    for p in procs:
        try:
            t = p.cpu_times()
            total += t.user + t.system + t.children_user + t.children_system
        except psutil.Error:
            continue
    return total


class Server:
    def __init__(self, args: argparse.Namespace) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}/"
        self.log_path = Path(tempfile.mkdtemp(prefix="mrp-load-")) / "server.log"
        cmd = [sys.executable, "-m", "mrp_tutor.serve.server", f"--port={self.port}",
               # one more than the visitors' pool: the visit recording the static files takes it
               "--Voila.ip=127.0.0.1", f"--pool_size={args.pool + 1}",
               f"--TutorVoila.max_kernels={args.max_kernels}",
               f"--TutorVoila.pool_concurrency={args.pool_concurrency}",
               f"--TutorVoila.refill_quiet={args.refill_quiet}",
               *([] if args.fork else ["--TutorVoila.fork_kernels=False"]),
               *([] if args.pool_grow is None else [f"--TutorVoila.pool_grow={args.pool_grow}"])]
        self.cmd = " ".join(cmd[1:])
        env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
        with self.log_path.open("wb") as log:
            self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL, env=env)
        self.ps = psutil.Process(self.proc.pid)

    def rendered(self) -> int:
        """Kernels the server has started and rendered the app in (its pool log lines)."""
        text = self.log_path.read_text(errors="replace")
        marks = [line.split("mrp pool: ", 1)[1].split()[0]
                 for line in text.splitlines() if "mrp pool: " in line]
        return int(marks[-1]) if marks else 0

    def wait_rendered(self, count: int, timeout: float) -> None:
        t0 = time.monotonic()
        while self.rendered() < count:
            if self.proc.poll() is not None:
                raise SystemExit(f"server exited; see {self.log_path}")
            if time.monotonic() - t0 > timeout:
                raise SystemExit(f"the pool did not fill within {timeout:.0f} s")
            time.sleep(0.2)

    def wait_ready(self, pool: int, timeout: float = 180) -> float:
        """Seconds until the port accepts and every pool kernel has rendered the app."""
        t0 = time.monotonic()
        while True:
            if self.proc.poll() is not None:
                raise SystemExit(f"server exited; see {self.log_path}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                break
            except OSError:
                if time.monotonic() - t0 > timeout:
                    raise SystemExit("server did not start") from None
                time.sleep(0.1)
        self.wait_rendered(pool, timeout - (time.monotonic() - t0))
        return round(time.monotonic() - t0, 2)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


async def kernel_gone_s(base: str, kernel_id: str, since: float,
                        cookie: str) -> float | None:
    """Seconds from ``since`` until ``GET /api/kernels/<id>`` answers 404 (None: 60 s passed).

    ``cookie``: the visitor's cookies (a kernel answers only its own visitor's browser)."""
    from tornado.httpclient import AsyncHTTPClient

    http = AsyncHTTPClient()
    while time.monotonic() - since < 60:
        r = await http.fetch(f"{base}api/kernels/{kernel_id}", headers={"Cookie": cookie},
                             raise_error=False)
        if r.code == 404:
            return round(time.monotonic() - since, 3)
        await asyncio.sleep(0.25)
    return None


async def browser_session(res: dict[str, Any], browser: Any, base: str, clicks: int,
                          timeout_s: float) -> None:
    ctx = await browser.new_context(viewport={"width": 1200, "height": 800})
    try:
        page = await ctx.new_page()
        page.on("pageerror", lambda e: res["page_errors"].append(str(e)[:200]))
        page.on("console", lambda m: res["console_errors"].append(m.text[:200])
                if m.type == "error" and "ERR_NAME_NOT_RESOLVED" not in m.text else None)
        t0 = time.monotonic()
        await page.goto(base, timeout=timeout_s * 1000, wait_until="commit")
        live = page.locator(".mrp-board .mrp-zone").first
        busy = page.locator("body.mrp-busy")
        deadline = t0 + timeout_s
        while True:  # no fixed sleeps: poll both outcomes
            if await busy.count():
                raise RuntimeError("busy page (kernel cap reached)")
            if await live.count() and await live.is_visible():
                status = await page.locator(".mrp-status").inner_text()
                if "Ready." in status:
                    break
            if time.monotonic() > deadline:
                raise TimeoutError(f"app not live after {timeout_s:.0f} s")
            await asyncio.sleep(0.1)
        res["page_live_s"] = round(time.monotonic() - t0, 3)
        res["kernel_id"] = await page.evaluate(KERNEL_ID_JS)
        res["cookie"] = "; ".join(f"{c['name']}={c['value']}" for c in await ctx.cookies())
        res["click_at"] = time.monotonic()
        res["click_ms"] = await page.evaluate(CLICK_JS, [clicks, 300])
        await page.close(run_before_unload=True)
        res["closed_at"] = time.monotonic()
        res["ok"] = True
    finally:
        await ctx.close()


async def protocol_session(res: dict[str, Any], base: str, static: list[str], clicks: int,
                           timeout_s: float) -> None:
    v = Visitor(base, static, timeout_s)
    t0 = time.monotonic()

    async def live() -> None:
        await v.open_page()
        await v.connect()
        await v.load_widgets()

    try:
        await asyncio.wait_for(live(), timeout_s)
        res["page_live_s"] = round(time.monotonic() - t0, 3)
        res["kernel_id"] = v.kernel_id
        res["cookie"] = v._cookie_header()["Cookie"]
        res["click_ms"] = []
        res["click_at"] = time.monotonic()
        for _ in range(clicks):
            res["click_ms"].append(await v.click("mrp-next", "mrp-step-count"))
            await asyncio.sleep(0.3)  # the browser sessions' quiet window between clicks
        await v.close_tab()
        res["closed_at"] = time.monotonic()
        res["ok"] = True
    finally:
        v.abort()


async def session(i: int, kind: str, delay: float, browser: Any, base: str,
                  static: list[str], clicks: int, results: list[dict[str, Any]],
                  timeout_s: float) -> None:
    await asyncio.sleep(delay)
    res: dict[str, Any] = {"i": i, "kind": kind, "ok": False, "page_errors": [],
                           "console_errors": []}
    results.append(res)
    try:
        if kind == "browser":
            await browser_session(res, browser, base, clicks, timeout_s)
        else:
            await protocol_session(res, base, static, clicks, timeout_s)
        gone = await kernel_gone_s(base, res["kernel_id"], res["closed_at"],
                                   res.pop("cookie"))
        if gone is not None:
            res["kernel_gone_s"] = gone
    except Exception as exc:
        res["ok"] = False
        text = str(exc).splitlines()[0][:200] if str(exc) else ""
        res["error"] = f"{kind}: {type(exc).__name__}: {text}"


async def record_static(browser: Any, server: Server, timeout_s: float) -> list[str]:
    """One browser visit before the run: the same-origin files the page loads."""
    ctx = await browser.new_context()
    paths: list[str] = []

    def seen(req: Any) -> None:
        url = req.url
        if url.startswith(server.base) and req.resource_type in ("script", "stylesheet",
                                                                "font", "image", "fetch"):
            path = url[len(server.base):]
            if not path.startswith("api/") and path not in paths:
                paths.append(path)

    try:
        page = await ctx.new_page()
        page.on("request", seen)
        await page.goto(server.base, timeout=timeout_s * 1000)
        await page.locator(".mrp-board .mrp-zone").first.wait_for(timeout=timeout_s * 1000)
        await page.close(run_before_unload=True)
    finally:
        await ctx.close()
    return paths


def browser_indices(n: int, k: int) -> set[int]:
    """``k`` of ``n`` arrivals, spread evenly (the first is one of them)."""
    k = max(0, min(k, n))
    return {round(j * n / k) for j in range(k)} if k else set()


async def drive(args: argparse.Namespace, server: Server) -> dict[str, Any]:
    from playwright.async_api import async_playwright
    from tornado.httpclient import AsyncHTTPClient

    AsyncHTTPClient.configure(None, max_clients=1000)
    results: list[dict[str, Any]] = []
    samples: list[tuple[float, list[float]]] = []
    stop = asyncio.Event()

    async def sample() -> None:
        while not stop.is_set():
            samples.append(tree_rss_mib(server.ps))
            await asyncio.sleep(0.5)

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        static = await record_static(browser, server, args.session_timeout)
        sampler = asyncio.create_task(sample())
        await asyncio.sleep(1.0)
        n = args.sessions
        step = args.ramp / max(n - 1, 1)
        picks = browser_indices(n, args.browsers)
        self_cpu0 = resource.getrusage(resource.RUSAGE_SELF)
        arrivals_end = time.monotonic() + args.ramp  # the last visitor arrives then
        tasks = [asyncio.create_task(session(
            i, "browser" if i in picks else "protocol", i * step, browser, server.base,
            static, args.clicks, results, args.session_timeout)) for i in range(n)]
        _, pending = await asyncio.wait(tasks, timeout=args.budget)
        for t in pending:
            t.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        self_cpu1 = resource.getrusage(resource.RUSAGE_SELF)
        stop.set()
        await sampler
        await browser.close()
    gen_cpu = (self_cpu1.ru_utime + self_cpu1.ru_stime
               - self_cpu0.ru_utime - self_cpu0.ru_stime)
    return {"results": results, "samples": samples, "timed_out": len(pending),
            "arrivals_end": arrivals_end,
            "static_files": len(static), "generator_cpu_s": gen_cpu}


def figures(res: list[dict[str, Any]]) -> dict[str, Any]:
    ok = [r for r in res if r.get("ok")]
    live = [r["page_live_s"] for r in ok]
    clicks = [c for r in ok for c in r["click_ms"]]
    gone = [r["kernel_gone_s"] for r in ok if "kernel_gone_s" in r]
    return {"sessions": len(res), "failed": len(res) - len(ok),
            "page_live_s": {"p50": pct(live, 0.5), "p95": pct(live, 0.95),
                            "max": max(live, default=None)},
            "click_ms": {"n": len(clicks), "p50": pct(clicks, 0.5), "p95": pct(clicks, 0.95),
                         "max": round(max(clicks), 1) if clicks else None},
            "kernel_gone_after_close_s": {"p50": pct(gone, 0.5), "p95": pct(gone, 0.95),
                                          "max": max(gone, default=None),
                                          "not_gone_within_60s": len(ok) - len(gone)}}


def run(args: argparse.Namespace) -> dict[str, Any]:
    load_before = os.getloadavg()
    server = Server(args)
    try:
        ready_s = server.wait_ready(args.pool + 1, args.ready_timeout)
        # The visitors' side (this process, Chromium, started below) runs at a lower priority
        # than the server, as if on other machines; its own delays only add to the figures.
        os.nice(max(0, args.generator_nice))
        rss_before, kernels_before = tree_rss_mib(server.ps)
        cpu_before = tree_cpu_s(server.ps)
        own_before = sum(server.ps.cpu_times()[:2])  # the server process alone
        t0 = time.monotonic()
        out = asyncio.run(drive(args, server))
        wall = time.monotonic() - t0
        time.sleep(1)
        rss_after, kernels_after = tree_rss_mib(server.ps)
        cpu_server = tree_cpu_s(server.ps) - cpu_before
        cpu_own = sum(server.ps.cpu_times()[:2]) - own_before
    finally:
        server.stop()
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)  # everything we started, now reaped
    cpu_browser = ru.ru_utime + ru.ru_stime - cpu_before - cpu_server
    res = out["results"]
    allf = figures(res)
    failed = [r for r in res if not r.get("ok")]
    peak_total, peak_kernels = max(out["samples"], key=lambda s: s[0], default=(0.0, []))
    report = {
        "sessions": args.sessions,
        "failed_sessions": allf["failed"] + max(0, args.sessions - len(res)),
        "errors": sorted({r["error"] for r in failed if "error" in r})[:10],
        "page_errors": sorted({e for r in res for e in r["page_errors"]})[:10],
        "console_errors": sorted({e for r in res for e in r["console_errors"]})[:10],
        "page_live_s": allf["page_live_s"],
        "click_ms": allf["click_ms"],
        "kernel_gone_after_close_s": allf["kernel_gone_after_close_s"],
        # a session's clicks begun while visitors were still arriving (kernels starting,
        # pages loading) against the ones begun after the last arrival
        "click_ms_by_when": {
            when: figures([r for r in res if r.get("ok")
                           and (r["click_at"] < out["arrivals_end"]) == (when == "arriving")]
                          )["click_ms"] for when in ("arriving", "after_arrivals")},
        "by_kind": {kind: figures([r for r in res if r["kind"] == kind])
                    for kind in ("browser", "protocol")},
        "server_rss_mib": {"before": rss_before, "peak": peak_total, "after": rss_after,
                           "kernels_before": len(kernels_before),
                           "kernels_after": len(kernels_after)},
        "kernel_rss_mib": {"n_at_peak": len(peak_kernels),
                           "median": pct(peak_kernels, 0.5),
                           "max": round(max(peak_kernels), 1) if peak_kernels else None},
        "cpu_s": {"server_and_kernels": round(cpu_server, 1),
                  "server_and_kernels_per_visitor": round(cpu_server / max(len(res), 1), 2),
                  "server_process_per_visitor": round(cpu_own / max(len(res), 1), 2),
                  "chromium": round(cpu_browser, 1),
                  "generator_process": round(out["generator_cpu_s"], 1)},
        "setup": {"server": f"{server.cmd} (loopback; one pool kernel is for the visit that "
                            "records the static files before the run)",
                  "arrivals": f"{args.sessions} visitors evenly within {args.ramp:g} s "
                              f"(one every {args.ramp / max(args.sessions - 1, 1):.2f} s)",
                  "browser_sessions": len(browser_indices(args.sessions, args.browsers)),
                  "protocol_sessions": args.sessions
                  - len(browser_indices(args.sessions, args.browsers)),
                  "browser": f"one headless Chromium ({CHROMIUM}), a fresh context per "
                             "browser session",
                  "static_files_per_protocol_visitor": out["static_files"],
                  "generator_nice": args.generator_nice,
                  "clicks_per_session": args.clicks, "cpus": os.cpu_count(),
                  "server_ready_s": ready_s, "wall_s": round(wall, 1),
                  "sessions_cut_by_budget": out["timed_out"],
                  "loadavg_before": [round(x, 2) for x in load_before],
                  "loadavg_after": [round(x, 2) for x in os.getloadavg()]},
    }
    p95_live = report["page_live_s"]["p95"]
    p95_click = report["click_ms"]["p95"]
    gone = report["kernel_gone_after_close_s"]
    report["goal"] = {**GOAL, "met": bool(
        report["failed_sessions"] == 0 and p95_live is not None
        and p95_live < GOAL["page_live_p95_s"] and p95_click is not None
        and p95_click < GOAL["click_p95_ms"] and not gone["not_gone_within_60s"]
        and gone["max"] is not None and gone["max"] <= GOAL["kernel_gone_max_s"])}
    return report


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=10, help="visitors")
    ap.add_argument("--browsers", type=int, default=10,
                    help="how many visitors are real Chromium sessions (the rest: protocol)")
    ap.add_argument("--clicks", type=int, default=10, help="Next clicks per session")
    ap.add_argument("--ramp", type=float, default=30.0,
                    help="seconds over which the visitors arrive (0: all at once)")
    ap.add_argument("--pool", type=int, default=None,
                    help="preheated kernels (--pool_size); default: one per visitor")
    ap.add_argument("--pool-concurrency", type=int, default=2,
                    help="pool kernels starting at once (--TutorVoila.pool_concurrency)")
    ap.add_argument("--refill-quiet", type=float, default=3.0,
                    help="seconds without a new visitor before the pool refills")
    ap.add_argument("--max-kernels", type=int, default=64)
    ap.add_argument("--pool-grow", type=int, default=None,
                    help="most kernels the pool grows by while visitors arrive "
                         "(--TutorVoila.pool_grow; default: the server's, 8)")
    ap.add_argument("--no-fork", dest="fork", action="store_false",
                    help="start every kernel as its own process, not forked from the "
                         "server's kernel parent (--TutorVoila.fork_kernels=False)")
    ap.add_argument("--generator-nice", type=int, default=10,
                    help="nice value of the load generator and its Chromium (0: same as "
                         "the server)")
    ap.add_argument("--session-timeout", type=float, default=120.0)
    ap.add_argument("--ready-timeout", type=float, default=600.0,
                    help="most seconds to wait for the server and its full pool")
    ap.add_argument("--budget", type=float, default=600.0, help="hard stop of the whole run")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    if not 1 <= args.sessions <= MAX_SESSIONS:
        ap.error(f"--sessions must be 1..{MAX_SESSIONS}")
    if args.pool is None:
        args.pool = args.sessions
    args.pool = max(0, min(args.pool, MAX_SESSIONS))
    args.clicks = max(1, min(args.clicks, 100))
    args.budget = max(30.0, min(args.budget, 1800.0))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # still stop server and browser
    rep = run(args)
    print(json.dumps(rep) if args.json else json.dumps(rep, indent=2))


if __name__ == "__main__":
    main()
