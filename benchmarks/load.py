"""Load benchmark: N visitors at once on one app server, each in its own browser context.

Starts ``python -m mrp_tutor.serve`` (the deployment: preheated pool, kernel cap, tab-close
fix) on a free loopback port and one headless Chromium; N sessions arrive within ``--ramp``
seconds.  Each session opens the app (JavaScript gate included), waits until it is live
(board drawn and status "Ready."), clicks Next ``--clicks`` times, then closes its tab.

Measured:

- page live: from the session's ``goto`` to a live app (seconds, wall clock);
- click: in-page, from ``click()`` to the *last* DOM mutation the click caused anywhere in the
  app (the step counter must change; the update is over when the app stays quiet 300 ms);
- errors: failed sessions (timeouts, busy pages, page crashes) with their first message,
  uncaught page errors, console errors other than blocked off-machine requests;
- server RSS (server + kernels, MiB) before the first visitor, at the peak, after the end;
  RSS of each visitor kernel at the peak;
- reclaim: seconds from a tab's close until its kernel is gone (``GET /api/kernels/<id>``
  answers 404).

Bounded: loopback only, at most ``MAX_SESSIONS`` sessions, every wait has a timeout and the
whole run stops after ``--budget`` seconds; the server and browser are always stopped.

Usage: ``python benchmarks/load.py [--sessions N] [--clicks K] [--ramp S] [--pool P] [--json]``
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

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage"]
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
        cmd = [sys.executable, "-m", "mrp_tutor.serve", f"--port={self.port}",
               "--Voila.ip=127.0.0.1", f"--pool_size={args.pool}",
               f"--TutorVoila.max_kernels={args.max_kernels}",
               f"--VoilaKernelManager.fill_delay={args.fill_delay}"]
        env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
        with self.log_path.open("wb") as log:
            self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL, env=env)
        self.ps = psutil.Process(self.proc.pid)

    def wait_ready(self, pool: int, timeout: float = 180) -> float:
        """Seconds until the port accepts and the pool's kernels are up (or the timeout)."""
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
        while time.monotonic() - t0 < timeout:
            text = self.log_path.read_text(errors="replace")
            if pool == 0 or ("Kernel pool of" in text and "is filled" in text):
                break
            time.sleep(0.2)
        return round(time.monotonic() - t0, 2)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


async def new_context(browser: Any, base: str) -> Any:
    ctx = await browser.new_context(viewport={"width": 1200, "height": 800})
    await ctx.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base)
                    else r.abort())
    return ctx


async def session(i: int, delay: float, browser: Any, shared: Any, api: Any, base: str,
                  clicks: int, results: list[dict[str, Any]], timeout_s: float) -> None:
    await asyncio.sleep(delay)
    res: dict[str, Any] = {"i": i, "ok": False, "page_errors": [], "console_errors": []}
    results.append(res)
    ctx = shared or await new_context(browser, base)
    try:
        page = await ctx.new_page()
        page.on("pageerror", lambda e: res["page_errors"].append(str(e)[:200]))
        page.on("console", lambda m: res["console_errors"].append(m.text[:200])
                if m.type == "error" and "ERR_FAILED" not in m.text else None)
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
        res["click_ms"] = await page.evaluate(CLICK_JS, [clicks, 300])
        res["ok"] = True
        await page.close(run_before_unload=True)
        res["closed_at"] = time.monotonic()
        t_close = res["closed_at"]
        while time.monotonic() - t_close < 60:
            r = await api.get(f"{base}api/kernels/{res['kernel_id']}")
            if r.status == 404:
                res["kernel_gone_s"] = round(time.monotonic() - t_close, 3)
                break
            await asyncio.sleep(0.25)
    except Exception as exc:
        res["error"] = f"{type(exc).__name__}: {str(exc).splitlines()[0][:200]}"
    finally:
        if shared is None:
            await ctx.close()


async def drive(args: argparse.Namespace, server: Server) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    results: list[dict[str, Any]] = []
    samples: list[tuple[float, list[float]]] = []
    stop = asyncio.Event()

    async def sample() -> None:
        while not stop.is_set():
            samples.append(tree_rss_mib(server.ps))
            await asyncio.sleep(0.5)

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        api = await pw.request.new_context()
        sampler = asyncio.create_task(sample())
        shared = None if args.own_contexts else await new_context(browser, server.base)
        if shared is not None:  # one visit first: the front-end's files are in the cache
            fills = server.log_path.read_text(errors="replace").count("is filled")
            warm = await shared.new_page()
            await warm.goto(server.base, timeout=180_000)
            await warm.locator(".mrp-board .mrp-zone").first.wait_for(timeout=180_000)
            await warm.close(run_before_unload=True)
            for _ in range(600):  # until the pool has its kernel back (at most 120 s)
                if server.log_path.read_text(errors="replace").count("is filled") > fills:
                    break
                await asyncio.sleep(0.2)
            rss_sample = tree_rss_mib(server.ps)
            samples.clear()
            samples.append(rss_sample)
        n = args.sessions
        step = args.ramp / max(n - 1, 1)
        tasks = [asyncio.create_task(session(i, i * step, browser, shared, api, server.base,
                                             args.clicks, results, args.session_timeout))
                 for i in range(n)]
        _, pending = await asyncio.wait(tasks, timeout=args.budget)
        for t in pending:
            t.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        stop.set()
        await sampler
        await api.dispose()
        await browser.close()
    return {"results": results, "samples": samples, "timed_out": len(pending)}


def run(args: argparse.Namespace) -> dict[str, Any]:
    load_before = os.getloadavg()
    server = Server(args)
    try:
        ready_s = server.wait_ready(args.pool, args.ready_timeout)
        rss_before, kernels_before = tree_rss_mib(server.ps)
        cpu_before = tree_cpu_s(server.ps)
        t0 = time.monotonic()
        out = asyncio.run(drive(args, server))
        wall = time.monotonic() - t0
        time.sleep(1)
        rss_after, kernels_after = tree_rss_mib(server.ps)
        cpu_server = tree_cpu_s(server.ps) - cpu_before
    finally:
        server.stop()
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)  # everything we started, now reaped
    cpu_browser = ru.ru_utime + ru.ru_stime - cpu_before - cpu_server
    res = out["results"]
    ok = [r for r in res if r.get("ok")]
    failed = [r for r in res if not r.get("ok")]
    live = [r["page_live_s"] for r in ok]
    clicks = [c for r in ok for c in r["click_ms"]]
    gone = [r["kernel_gone_s"] for r in ok if "kernel_gone_s" in r]
    not_gone = [r["i"] for r in ok if "kernel_gone_s" not in r]
    peak_total, peak_kernels = max(out["samples"], key=lambda s: s[0], default=(0.0, []))
    errors = sorted({r["error"] for r in failed if "error" in r})
    page_errors = sorted({e for r in res for e in r["page_errors"]})
    console = sorted({e for r in res for e in r["console_errors"]})
    report = {
        "sessions": args.sessions,
        "failed_sessions": len(failed) + max(0, args.sessions - len(res)),
        "errors": errors[:10],
        "page_errors": page_errors[:10],
        "console_errors": console[:10],
        "page_live_s": {"p50": pct(live, 0.5), "p95": pct(live, 0.95),
                        "max": max(live, default=None)},
        "click_ms": {"n": len(clicks), "p50": pct(clicks, 0.5), "p95": pct(clicks, 0.95),
                     "max": round(max(clicks), 1) if clicks else None},
        "server_rss_mib": {"before": rss_before, "peak": peak_total, "after": rss_after,
                           "kernels_before": len(kernels_before),
                           "kernels_after": len(kernels_after)},
        "kernel_rss_mib": {"n_at_peak": len(peak_kernels),
                           "median": pct(peak_kernels, 0.5),
                           "max": round(max(peak_kernels), 1) if peak_kernels else None},
        "kernel_gone_after_close_s": {"p50": pct(gone, 0.5), "p95": pct(gone, 0.95),
                                      "max": max(gone, default=None),
                                      "not_gone_within_60s": len(not_gone)},
        "setup": {"server": f"python -m mrp_tutor.serve --pool_size={args.pool} "
                            f"--TutorVoila.max_kernels={args.max_kernels} "
                            f"--VoilaKernelManager.fill_delay={args.fill_delay} (loopback)",
                  "browser": f"one headless Chromium ({CHROMIUM}), "
                             + ("one context per session" if args.own_contexts else
                                "one page per session in one context (shared HTTP cache)"),
                  "fill_delay_s": args.fill_delay,
                  "clicks_per_session": args.clicks, "ramp_s": args.ramp,
                  "cpus": os.cpu_count(), "server_ready_s": ready_s,
                  "wall_s": round(wall, 1), "sessions_cut_by_budget": out["timed_out"],
                  "cpu_s_server_and_kernels": round(cpu_server, 1),
                  "cpu_s_browser": round(cpu_browser, 1),
                  "loadavg_before": [round(x, 2) for x in load_before],
                  "loadavg_after": [round(x, 2) for x in os.getloadavg()]},
    }
    p95_live = report["page_live_s"]["p95"]
    p95_click = report["click_ms"]["p95"]
    gone_max = report["kernel_gone_after_close_s"]["max"]
    report["goal"] = {**GOAL, "met": bool(
        report["failed_sessions"] == 0 and p95_live is not None
        and p95_live < GOAL["page_live_p95_s"] and p95_click is not None
        and p95_click < GOAL["click_p95_ms"] and not not_gone and gone_max is not None
        and gone_max <= GOAL["kernel_gone_max_s"])}
    return report


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=10)
    ap.add_argument("--clicks", type=int, default=10, help="Next clicks per session")
    ap.add_argument("--ramp", type=float, default=10.0,
                    help="seconds over which the sessions arrive (0: all at once)")
    ap.add_argument("--pool", type=int, default=4, help="preheated kernels (--pool_size)")
    ap.add_argument("--max-kernels", type=int, default=64)
    ap.add_argument("--fill-delay", type=float, default=1.0,
                    help="seconds before the pool refills after a visitor took a kernel")
    ap.add_argument("--own-contexts", action="store_true",
                    help="a separate browser context (own cache and cookies) per session; "
                         "default: pages of one context sharing the HTTP cache")
    ap.add_argument("--session-timeout", type=float, default=120.0)
    ap.add_argument("--ready-timeout", type=float, default=600.0,
                    help="most seconds to wait for the server and its full pool")
    ap.add_argument("--budget", type=float, default=600.0, help="hard stop of the whole run")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    if not 1 <= args.sessions <= MAX_SESSIONS:
        ap.error(f"--sessions must be 1..{MAX_SESSIONS}")
    args.clicks = max(1, min(args.clicks, 100))
    args.budget = max(30.0, min(args.budget, 1800.0))
    rep = run(args)
    if args.json:
        print(json.dumps(rep))
        return
    print(json.dumps(rep, indent=2))


if __name__ == "__main__":
    main()
