"""A visitor's kernel from start to a rendered app: started as its own process or forked.

    .venv/bin/python benchmarks/kernel_start.py [N]

Starts N kernels of each kind, interleaved, with ``jupyter_client`` as the server does:
``spawn`` (``python -m ipykernel_launcher``, its own process) and ``fork`` (a fork of the
server's kernel parent, mrp_tutor/serve/fork.py); each runs ``show_app()`` as the app's
notebook does. Reported per kind: the kernel process's CPU seconds from its start to the
rendered app, its RSS and its USS (the pages that are its own), with the load average
before and after. The scenario library is cached in a private folder as the server does
(``MRP_RECORD_DIR``).
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
from typing import Any

import psutil
from jupyter_client.manager import AsyncKernelManager

from mrp_tutor.serve.fork import ForkKernelManager, KernelParent

CODE = "from mrp_tutor.app import show_app\nshow_app()"


async def one(cls: Any) -> tuple[float, float, float]:
    km = cls(kernel_name="python3")
    await km.start_kernel(env={**os.environ})
    kc = km.client()
    kc.start_channels()
    try:
        await kc.wait_for_ready(timeout=120)
        await kc.execute_interactive(CODE, timeout=120, output_hook=lambda _m: None)
        p = psutil.Process(km.provisioner.pid)
        t = p.cpu_times()
        return t.user + t.system, p.memory_info().rss / 2**20, p.memory_full_info().uss / 2**20
    finally:
        kc.stop_channels()
        await km.shutdown_kernel(now=True)


async def main(n: int) -> None:
    out: dict[str, list[tuple[float, float, float]]] = {"spawn": [], "fork": []}
    for _ in range(n):
        for name, cls in (("spawn", AsyncKernelManager), ("fork", ForkKernelManager)):
            out[name].append(await one(cls))
    for name, runs in out.items():
        print(f"{name}: CPU-s median {statistics.median(r[0] for r in runs):.2f} "
              f"({[round(r[0], 2) for r in runs]}), RSS median "
              f"{statistics.median(r[1] for r in runs):.1f} MiB, USS median "
              f"{statistics.median(r[2] for r in runs):.1f} MiB")


if __name__ == "__main__":
    os.environ["MRP_RECORD_DIR"] = tempfile.mkdtemp(prefix="mrp-records-")  # mode 0700
    parent = KernelParent.start()  # after the folder: the parent preloads the library there
    try:
        print("load average before", os.getloadavg())
        asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 5))
        print("load average after", os.getloadavg())
    finally:
        parent.stop()
