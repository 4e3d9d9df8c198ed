"""The paced kernel pool of ``mrp_tutor.serve.server`` (mrp_tutor/serve/pool.py) against a real
server.

Visitors here are protocol-level (``benchmarks/load_protocol.py``): they do over HTTP and the
kernel websocket what the page's front-end does (gate, page, widget states, a click as the
Button's comm message, the tab-close beacon), so no browser is needed to check the server.
The front-end's scripts go out gzip-compressed to clients that accept it, the same bytes.
One server: a pool of 2, kernels without a tab culled after 3 idle seconds, and no refill
during the test (``refill_quiet`` 600 s).
"""

from __future__ import annotations

import asyncio
import gzip
import os
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import psutil
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from load_protocol import Visitor  # noqa: E402

pytestmark = pytest.mark.browser


def fetch(url: str, *, gzip_ok: bool) -> tuple[bytes, dict[str, str]]:
    req = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"} if gzip_ok else {})
    with urllib.request.urlopen(req, timeout=60) as r:
        return r.read(), dict(r.headers)


def log_lines(proc: Any, log: Path, marker: str) -> list[str]:
    return [ln for ln in log.read_text(errors="replace").splitlines() if marker in ln]


def kernel_nice(proc: Any) -> dict[str, int]:
    """Kernel id -> nice value of every kernel process of the server."""
    out = {}
    for c in psutil.Process(proc.pid).children(recursive=True):
        cmd = " ".join(c.cmdline())
        if "ipykernel" in cmd and "kernel-" in cmd:
            out[cmd.split("kernel-", 1)[1].split(".json")[0]] = c.nice()
    return out


async def visit(base: str, pause_s: float = 0.0) -> Visitor:
    v = Visitor(base, [], 60)
    await v.open_page()
    await asyncio.sleep(pause_s)  # a slow page: longer than the cull interval
    await v.connect()
    await v.load_widgets()
    assert await v.click("mrp-next", "mrp-step-count") >= 0
    return v


async def gone(base: str, v: Visitor) -> bool:
    from tornado.httpclient import AsyncHTTPClient

    r = await AsyncHTTPClient().fetch(f"{base}api/kernels/{v.kernel_id}",
                                      headers=v._cookie_header(), raise_error=False)
    return bool(r.code == 404)


def test_paced_pool_survives_the_cull_refills_after_quiet_and_sends_scripts_compressed(
        serve: Any) -> None:
    log = ROOT / "tests" / "artifacts" / "voila-pool.log"
    with serve("--pool_size=2", "--TutorVoila.refill_quiet=600", "--TutorVoila.pool_nice=10",
               "--TutorVoila.pool_grow=0",
               "--MappingKernelManager.cull_idle_timeout=3",
               "--MappingKernelManager.cull_interval=1", log_name=log.name) as (base, proc):
        deadline = time.monotonic() + 120
        while not log_lines(proc, log, "mrp pool: 2 rendered"):
            assert time.monotonic() < deadline, "the pool of 2 did not fill in 120 s"
            time.sleep(0.2)  # poll interval of the log probe
        pooled = kernel_nice(proc)
        assert len(pooled) == 2 and set(pooled.values()) == {10}, pooled
        time.sleep(4)  # pooled kernels are now idle for longer than the cull timeout

        async def scenario() -> None:
            a = await visit(base, pause_s=2.5)  # Voila's own pool: culled before connecting
            nice = kernel_nice(proc)
            if os.geteuid() == 0:  # raising a priority back needs root
                assert nice[a.kernel_id] == 0, nice
            b = await visit(base)
            assert {a.kernel_id, b.kernel_id} == set(pooled)
            c = await visit(base)  # pool empty, refill held back: a kernel of its own
            assert c.kernel_id not in pooled
            for v in (a, b, c):
                await v.close_tab()
            for v in (a, b, c):
                assert await gone(base, v), f"kernel {v.kernel_id} still there after its tab"

        # a loop of its own: the browser tests' sync Playwright keeps one running here
        with ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, scenario()).result(timeout=300)
        plain = fetch(f"{base}voila/static/voila.js", gzip_ok=False)
        packed = fetch(f"{base}voila/static/voila.js", gzip_ok=True)
        assert "Content-Encoding" not in plain[1] and packed[1]["Content-Encoding"] == "gzip"
        assert gzip.decompress(packed[0]) == plain[0] and len(packed[0]) < len(plain[0]) / 2
        assert packed[1]["Etag"] != plain[1]["Etag"]
        assert len(log_lines(proc, log, "mrp pool: ")) == 2, "the pool refilled before quiet"
        assert not log_lines(proc, log, "Culling 'idle'"), "a visitor's kernel was culled"


def test_the_pool_grows_while_visitors_arrive(serve: Any) -> None:
    """A pool of one, refills held back for 600 s: the first visitor takes the pool's kernel;
    each later visitor arriving within the quiet grows the pool by one kernel started at
    once, so visitors get kernels started ahead (Voila's "pre-heated" hand-over) instead
    of each a kernel started for their own page, and never more than the growth allows."""
    log = ROOT / "tests" / "artifacts" / "voila-pool-grow.log"
    with serve("--pool_size=1", "--TutorVoila.refill_quiet=600", "--TutorVoila.pool_grow=2",
               log_name=log.name) as (base, proc):
        deadline = time.monotonic() + 120
        while not log_lines(proc, log, "mrp pool: 1 rendered"):
            assert time.monotonic() < deadline, "the pool of 1 did not fill in 120 s"
            time.sleep(0.2)  # poll interval of the log probe

        async def scenario() -> list[Visitor]:
            visitors = []
            for _ in range(5):
                v = Visitor(base, [], 120)
                await v.open_page()
                visitors.append(v)
            for v in visitors:
                await v.connect()
                await v.load_widgets()
                assert await v.click("mrp-next", "mrp-step-count") >= 0
            return visitors

        with ThreadPoolExecutor(1) as pool:
            visitors = pool.submit(asyncio.run, scenario()).result(timeout=300)
        heated = {ln.split("kernel: ", 1)[1].split()[0]
                  for ln in log_lines(proc, log, "Using pre-heated kernel: ")}
        took = [v.kernel_id in heated for v in visitors]
        assert took[0], "the first visitor takes the pool's kernel"
        assert sum(took[1:]) >= 2, f"later visitors got no kernel started ahead: {took}"
        # one grown kernel per arrival after the first, at most pool_grow above the base
        assert len(kernel_nice(proc)) <= len(visitors) + 1 + 2, kernel_nice(proc)
