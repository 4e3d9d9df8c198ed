"""The real server (``python -m mrp_tutor.serve.server``) answers a route it cannot serve with a 404
page, never a 500 with a traceback in its log (issue 28, item 7): ``/voila/templates/`` with
too short a path, ``/logout`` (the app has no accounts; Jupyter's page needs settings a Voila
server lacks).  (The files the page loads are served as before: the browser tests load the
app through this server.)"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from testkit.server import http_get, kernel_free_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    log = tmp_path_factory.mktemp("serve") / "voila.log"
    with kernel_free_server(log) as port:
        yield port, log


def get(port: int, path: str, cookie: bool) -> tuple[int, bytes]:
    status, _, body = http_get(port, path, {"Cookie": "mrp_js=1"} if cookie else {})
    return status, body


@pytest.mark.parametrize("path", ["/voila/templates/", "/voila/templates/x",
                                  "/voila/templates/lab/", "/voila/templates/lab/static/",
                                  "/logout", "/logout?next=/x",
                                  # issue 41: a step up, a NUL (were 500 with a traceback)
                                  "/voila/templates/../../etc/passwd",
                                  "/voila/templates/lab/../../..",
                                  "/voila/templates/lab/static/..%2f..%2fetc%2fpasswd",
                                  "/voila/templates/lab/static/a%00b",
                                  "/voila/templates/lab/static/%00", "/voila/static/../../x"])
@pytest.mark.parametrize("cookie", [False, True])
def test_a_route_it_cannot_serve_is_a_404(server: tuple[int, Path], path: str,
                                          cookie: bool) -> None:
    port, log = server
    status, body = get(port, path, cookie)
    assert status == 404, (path, status, body[:300])
    assert b"Traceback" not in body
    assert "Traceback" not in log.read_text(errors="replace"), log.read_text()[-3000:]
