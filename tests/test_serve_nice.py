"""A pool kernel's priority is set for every thread of it (mrp_tutor/serve/pool.py): on Linux a
nice value belongs to a thread, and a kernel taken from the pool used to keep its ZeroMQ and
IOPub threads, which send every message to the page, at the pool's low priority."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mrp_tutor.serve.pool import _set_nice

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc")

CHILD = """
import sys, threading
ready = threading.Barrier(4)
def wait():
    ready.wait()
    sys.stdin.read()
for _ in range(3):
    threading.Thread(target=wait, daemon=True).start()
ready.wait()
print("ready", flush=True)
sys.stdin.read()
"""


def nice_of_threads(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        stat = (task / "stat").read_text()
        out.append(int(stat.rsplit(")", 1)[1].split()[16]))  # field 19: nice
    return out


def test_every_thread_of_the_process_gets_the_nice_value() -> None:
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        base = os.getpriority(os.PRIO_PROCESS, 0)
        assert len(nice_of_threads(child.pid)) == 4
        assert _set_nice(child.pid, base + 3)  # raising a nice value needs no privilege
        assert nice_of_threads(child.pid) == [base + 3] * 4
        assert _set_nice(child.pid, base + 5)
        assert nice_of_threads(child.pid) == [base + 5] * 4
        assert not _set_nice(None, 0)
    finally:
        child.kill()
        child.wait()
