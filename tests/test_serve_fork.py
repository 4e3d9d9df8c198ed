"""Kernels forked from the server's warm parent (mrp_tutor/serve/fork.py, kernel_parent.py).

Real kernels, started the way the server starts them (the per-kernel manager
:class:`ForkKernelManager` with the parent running), driven with ``jupyter_client``: each is a
fork of the parent that already holds the app, yet a kernel of its own: its own process
group, the environment and command line the server gave it, its own random seed, the widget
comm targets the page's widget manager asks on, and the server sees it die when it is killed.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import psutil
import pytest

from mrp_tutor.serve.fork import (
    ForkedProcess,
    ForkKernelManager,
    KernelParent,
    can_fork_kernels,
    launcher_args,
)

PROBE = """
import json, os, random, sys, comm
print(json.dumps({
    "preloaded": "mrp_tutor.games.mission_red_planet.ui.tutor_app" in sys.modules,
    "probe": os.environ.get("MRP_FORK_PROBE"),
    "random": random.random(),
    "targets": sorted(comm.get_comm_manager().targets),
    "pid": os.getpid(), "pgid": os.getpgid(0), "cwd": os.getcwd(),
}))
"""


@pytest.fixture
def parent() -> Iterator[KernelParent]:
    if not can_fork_kernels():  # no pidfds here: the server starts kernels the usual way
        pytest.skip("this system cannot watch a forked kernel by pidfd")
    kp = KernelParent.start()
    try:
        yield kp
    finally:
        kp.stop()
        KernelParent._instance = None


async def _probe(km: Any) -> dict[str, Any]:
    kc = km.client()
    kc.start_channels()
    try:
        await kc.wait_for_ready(timeout=120)
        out: list[str] = []

        def hook(msg: dict[str, Any]) -> None:
            if msg["msg_type"] == "stream":
                out.append(msg["content"]["text"])

        reply = await kc.execute_interactive(PROBE, output_hook=hook, timeout=120)
        assert reply["content"]["status"] == "ok", reply["content"]
        got: dict[str, Any] = json.loads("".join(out))
        return got
    finally:
        kc.stop_channels()


async def _scenario(parent: KernelParent, folder: str) -> None:
    kms = [ForkKernelManager(kernel_name="python3") for _ in range(2)]
    try:
        for km in kms:
            await km.start_kernel(env={**os.environ, "MRP_FORK_PROBE": "visitor"}, cwd=folder)
        seen = [await _probe(km) for km in kms]
        for km, got in zip(kms, seen, strict=True):
            assert isinstance(km.provisioner.process, ForkedProcess)  # forked, not spawned
            proc = psutil.Process(got["pid"])
            assert proc.ppid() == parent.proc.pid
            assert got["pgid"] == got["pid"]  # its own session: group signals reach it alone
            # ps and /proc show the kernel's own command (the server's kernels and tests
            # find a kernel by its connection file there)
            assert proc.cmdline()[1:5] == ["-m", "ipykernel_launcher", "-f",
                                           km.connection_file], proc.cmdline()
            assert got["preloaded"] is True  # the app came with the fork
            assert got["probe"] == "visitor" and got["cwd"] == folder
            assert {"jupyter.widget", "jupyter.widget.control"} <= set(got["targets"])
        assert seen[0]["random"] != seen[1]["random"]  # each fork reseeded
        victim = kms[0]
        os.kill(seen[0]["pid"], signal.SIGKILL)  # as the out-of-memory killer would
        for _ in range(100):
            if not await victim.is_alive():
                break
            await asyncio.sleep(0.05)  # poll interval while the pidfd reports the exit
        assert not await victim.is_alive()
        assert await kms[1].is_alive()
    finally:
        for km in kms:
            if km.has_kernel:
                await km.shutdown_kernel(now=True)


def test_a_forked_kernel_is_a_kernel_of_its_own(parent: KernelParent, tmp_path: Any) -> None:
    # a loop of its own (a thread): the browser tests' sync Playwright may keep one running
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, _scenario(parent, str(tmp_path))).result(timeout=600)


def test_only_this_interpreters_python_kernel_is_forked() -> None:
    import sys

    conn = ["-f", "/tmp/kernel-x.json"]
    assert launcher_args([sys.executable, "-m", "ipykernel_launcher", *conn]) == conn
    assert launcher_args(["/usr/bin/python3.9", "-m", "ipykernel_launcher", *conn]) is None
    assert launcher_args([sys.executable, "-m", "other_kernel", *conn]) is None
    assert launcher_args(["julia", "-i", *conn]) is None
