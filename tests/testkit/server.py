"""The real server (``python -m mrp_tutor.serve``) started without any kernel, for tests of
its routes over HTTP: no pool and no page asked for, so no kernel starts (a few seconds and
no kernel's CPU)."""

from __future__ import annotations

import contextlib
import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 120


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def kernel_free_server(log: Path, *options: str) -> Iterator[int]:
    """Run the server (``options`` added) on a free loopback port, its output in ``log``;
    yields the port once it accepts connections, SIGTERM on exit."""
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "MRP_TUTOR_OVERRIDES"}
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "mrp_tutor.serve", f"--port={port}",
                                 "--preheat_kernel=False", "--pool_size=0", *options],
                                cwd=ROOT, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT, env=env)
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.05)  # readiness probe interval
        yield port
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def http_get(port: int, path: str,
             headers: dict[str, str] | None = None) -> tuple[int, http.client.HTTPMessage, bytes]:
    """(status, headers, body) of ``GET path`` on the loopback ``port`` (no redirect followed)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path, headers=headers or {})
        res = conn.getresponse()
        return res.status, res.headers, res.read()
    finally:
        conn.close()
