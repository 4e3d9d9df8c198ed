"""The kernel cap and other visitors' kernels, against the real server (issue 41, item 4),
with protocol-level visitors (``benchmarks/load_protocol.py``; no browser needed):

- pooled kernels count against ``--TutorVoila.max_kernels``: with a cap of 3 and a pool of 2
  that refills at once, the server never runs more than 3 kernels, and the fourth visitor
  gets the busy page (before: the cap counted visitors' kernels only and the pool refilled
  past it: 50 tabs kept open reached 60 kernels of a cap of 64 plus the pool);
- a page asking for ``?kernel_id=<another visitor's>`` gets a kernel of its own (Voila
  ignores the argument), and the other visitor's kernel stays closed to it (403).
"""

from __future__ import annotations

import asyncio
import gzip
import json
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import psutil
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from load_protocol import CONFIG_RE, Visitor  # noqa: E402

pytestmark = pytest.mark.browser


def kernels(proc: Any) -> int:
    """The server's kernel processes now."""
    n = 0
    for c in psutil.Process(proc.pid).children(recursive=True):
        try:
            cmd = " ".join(c.cmdline())
        except psutil.Error:
            continue
        n += "ipykernel" in cmd and "kernel-" in cmd
    return n


def wait_for_log(log: Path, marker: str, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while marker not in log.read_text(errors="replace"):
        assert time.monotonic() < deadline, f"no {marker!r} in the log in {seconds:.0f} s"
        time.sleep(0.2)  # poll interval of the log probe


def run(coro: Any) -> Any:
    # a loop of its own: the browser tests' sync Playwright may keep one running here
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result(timeout=600)


def test_pooled_kernels_count_against_the_kernel_cap(serve: Any) -> None:
    log = ROOT / "tests" / "artifacts" / "voila-cap.log"
    with serve("--pool_size=2", "--TutorVoila.max_kernels=3", "--TutorVoila.refill_quiet=0",
               "--TutorVoila.pool_grow=2", "--TutorVoila.busy_wait=1",
               log_name=log.name) as (base, proc):
        wait_for_log(log, "mrp pool: 2 rendered")
        most = [kernels(proc)]
        stop = threading.Event()

        def watch() -> None:
            while not stop.is_set():
                most.append(kernels(proc))
                time.sleep(0.05)  # sampling interval of the process count

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()

        async def visitors() -> list[str]:
            said = []
            for _ in range(4):
                v = Visitor(base, [], 180)
                try:
                    await v.open_page()
                    said.append("page")
                except RuntimeError as err:
                    said.append(str(err))
            return said

        try:
            said = run(visitors())
            time.sleep(3)  # a refill the cap should hold back would have started by now
        finally:
            stop.set()
            watcher.join()
        assert said[:3] == ["page"] * 3, said
        assert said[3] == "busy page (kernel cap reached)", said
        assert max(most) <= 3, f"{max(most)} kernels with a cap of 3 (pool included)"
        print(f"visitors: {said}; most kernels at once: {max(most)}")


def test_a_page_asking_for_another_visitors_kernel_gets_its_own(serve: Any) -> None:
    log = ROOT / "tests" / "artifacts" / "voila-kernel-id.log"
    with serve("--pool_size=1", log_name=log.name) as (base, _proc):
        wait_for_log(log, "mrp pool: 1 rendered")

        async def scenario() -> tuple[str, str, int, int]:
            a = Visitor(base, [], 180)
            await a.open_page()
            b = Visitor(base, [], 180)
            await b.fetch("")  # the gate
            b.cookies["mrp_js"] = "1"
            page = await b.fetch(f"?mrp_js=1&kernel_id={a.kernel_id}")
            text = page.body
            if page.headers.get("Content-Encoding") == "gzip":
                text = gzip.decompress(text)
            config = CONFIG_RE.search(text.decode())
            assert config, "the page has no jupyter-config-data"
            got = str(json.loads(config.group(1))["kernelId"])
            other = await b.fetch(f"api/kernels/{a.kernel_id}", ok=(200, 403, 404))
            own = await b.fetch(f"api/kernels/{got}", ok=(200, 403, 404))
            return a.kernel_id, got, other.code, own.code

        a_kernel, b_kernel, other, own = run(scenario())
        assert b_kernel and b_kernel != a_kernel  # its own kernel, not the one it asked for
        assert other == 403 and own == 200, (other, own)
