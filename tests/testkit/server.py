"""A server process for tests over HTTP: started, waited for until its port accepts, stopped
with SIGTERM (:func:`running`; the browser tests' servers and the one below), and the real
app server (``python -m mrp_tutor.serve.server``) started without any kernel, for tests of its
routes: no pool and no page asked for, so no kernel starts (a few seconds, no kernel's CPU)."""

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

import pytest

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 120.0


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def log_tail(path: Path, lines: int = 40) -> str:
    """The last ``lines`` lines of the log at ``path`` (for a failure's message)."""
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


@contextlib.contextmanager
def running(cmd: list[str], port: int, log_path: Path, *, env: dict[str, str], cwd: Path,
            timeout_s: float = START_TIMEOUT_S) -> Iterator[subprocess.Popen[bytes]]:
    """Run ``cmd`` in ``cwd`` with ``env``, its output in ``log_path``; yields the process
    once loopback ``port`` accepts connections (the test fails with the log's tail if it
    exits or does not within ``timeout_s``); SIGTERM on exit (a Jupyter server or Voila then
    stops its kernels), a kill after 20 s."""
    with log_path.open("wb") as log:
        proc = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=log,
                                stderr=subprocess.STDOUT, env=env)
    try:
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if proc.poll() is not None:
                    pytest.fail(f"the server exited with {proc.returncode}; log {log_path}:\n"
                                f"{log_tail(log_path)}")
                if time.monotonic() > deadline:
                    pytest.fail(f"the server is not accepting connections on port {port} "
                                f"after {timeout_s:.0f}s; log {log_path}:\n{log_tail(log_path)}")
                time.sleep(0.05)  # poll interval of the readiness probe, not a wait for the UI
        yield proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@contextlib.contextmanager
def kernel_free_server(log: Path, *options: str) -> Iterator[int]:
    """The app server (``options`` added) with no kernel on a free loopback port, its output
    in ``log`` and no operator's override file; yields the port."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "MRP_TUTOR_OVERRIDES"}
    cmd = [sys.executable, "-m", "mrp_tutor.serve.server", f"--port={port}",
           "--preheat_kernel=False", "--pool_size=0", *options]
    with running(cmd, port, log, env=env, cwd=ROOT):
        yield port


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
