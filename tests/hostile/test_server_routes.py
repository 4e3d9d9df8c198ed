"""The real server (``python -m mrp_tutor.serve``) answers a route it cannot serve with a 404
page, never a 500 with a traceback in its log (issue 28, item 7): ``/voila/templates/`` with
too short a path, ``/logout`` (the app has no accounts; Jupyter's page needs settings a Voila
server lacks).  (The files the page loads are served as before: the browser tests load the
app through this server.)"""

from __future__ import annotations

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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    port = _free_port()
    log = tmp_path_factory.mktemp("serve") / "voila.log"
    env = {k: v for k, v in os.environ.items() if k != "MRP_TUTOR_OVERRIDES"}
    with log.open("wb") as out:  # no kernel is started: no pool, no page asked for
        proc = subprocess.Popen([sys.executable, "-m", "mrp_tutor.serve", f"--port={port}",
                                 "--preheat_kernel=False", "--pool_size=0"], cwd=ROOT,
                                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                env=env)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.05)  # readiness probe interval
        yield port, log
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def get(port: int, path: str, cookie: bool) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", path, headers={"Cookie": "mrp_js=1"} if cookie else {})
    res = conn.getresponse()
    body = res.read()
    conn.close()
    return res.status, body


@pytest.mark.parametrize("path", ["/voila/templates/", "/voila/templates/x",
                                  "/voila/templates/lab/", "/voila/templates/lab/static/",
                                  "/logout", "/logout?next=/x"])
@pytest.mark.parametrize("cookie", [False, True])
def test_a_route_it_cannot_serve_is_a_404(server: tuple[int, Path], path: str,
                                          cookie: bool) -> None:
    port, log = server
    status, body = get(port, path, cookie)
    assert status == 404, (path, status, body[:300])
    assert b"Traceback" not in body
    assert "Traceback" not in log.read_text(errors="replace"), log.read_text()[-3000:]
