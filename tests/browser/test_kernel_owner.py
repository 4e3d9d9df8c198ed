"""Each kernel is bound to the visitor whose page started it (mrp_tutor/serve/owner.py).

Against the real server (``python -m mrp_tutor.serve.server``), with protocol-level visitors
(``benchmarks/load_protocol.py``: what the page does over HTTP and the kernel websocket).
One server with a pool of one kernel and no refill during the test, so the first visitor
gets a preheated kernel and the second one a kernel started for their page: both kinds of
hand-over are bound. Another browser, with no cookie or with its own, knows the first
visitor's kernel id (as from a log or a screenshot) and tries the three ways in: the kernel
websocket (it must not get ``kernel_info_reply``), ``DELETE /api/kernels/<id>`` and the
tab-close beacon ``POST /voila/api/shutdown/<id>`` (both with its own ``_xsrf``), and the
preheated pool's request-info socket ``/voila/query/<id>`` (it must not get the visitor's
page address and query). The owner keeps playing and still closes their own tab.
"""

from __future__ import annotations

import asyncio
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from load_protocol import WS_PROTOCOL, Visitor, unpack  # noqa: E402

pytestmark = pytest.mark.browser


def cookie_header(cookies: dict[str, str]) -> dict[str, str]:
    return {"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())} if cookies else {}


async def kernel_info_over_ws(base: str, kernel_id: str, cookies: dict[str, str]) -> str:
    """"reply" if a websocket to the kernel got ``kernel_info_reply``, else the refusal."""
    url = base.replace("http://", "ws://") + f"api/kernels/{kernel_id}/channels?session_id=x"
    try:
        ws = await websocket_connect(HTTPRequest(url, headers=cookie_header(cookies),
                                                 request_timeout=30),
                                     subprotocols=[WS_PROTOCOL])
    except HTTPClientError as err:
        return f"refused {err.code}"
    probe = Visitor(base, [], 30)
    probe.ws = ws
    probe.send("shell", "kernel_info_request", {})
    deadline = time.monotonic() + 30
    try:
        while time.monotonic() < deadline:
            frame = await asyncio.wait_for(ws.read_message(), deadline - time.monotonic())
            if frame is None:
                return "closed"
            if isinstance(frame, bytes) and unpack(frame)[1]["header"]["msg_type"] == (
                    "kernel_info_reply"):
                return "reply"
        return "no reply"
    finally:
        ws.close()


async def request_info_over_ws(base: str, kernel_id: str, cookies: dict[str, str]) -> str:
    """What ``/voila/query/<id>`` gives: the visitor's request info, or the refusal."""
    url = base.replace("http://", "ws://") + f"voila/query/{kernel_id}"
    try:
        ws = await websocket_connect(HTTPRequest(url, headers=cookie_header(cookies),
                                                 request_timeout=30))
    except HTTPClientError as err:
        return f"refused {err.code}"
    try:
        frame = await asyncio.wait_for(ws.read_message(), 30)
        return "info" if isinstance(frame, str) and "QUERY_STRING" in frame else repr(frame)
    except TimeoutError:
        return "nothing"
    finally:
        ws.close()


async def status(base: str, path: str, method: str, cookies: dict[str, str]) -> int:
    body = urlencode({"_xsrf": cookies.get("_xsrf", "")}) if method != "GET" else None
    headers = cookie_header(cookies)
    if method == "DELETE":
        headers["X-XSRFToken"] = cookies.get("_xsrf", "")
    r = await AsyncHTTPClient().fetch(HTTPRequest(base + path, method=method, body=body,
                                                  headers=headers, request_timeout=60,
                                                  allow_nonstandard_methods=True),
                                      raise_error=False)
    return int(r.code)


async def scenario(base: str) -> None:
    a = Visitor(base, [], 120)
    await a.open_page()  # the preheated kernel
    await a.connect()
    await a.load_widgets()
    b = Visitor(base, [], 120)
    await b.open_page()  # a kernel started for this page
    await b.connect()
    await b.load_widgets()
    assert a.kernel_id != b.kernel_id
    for victim, other in ((a, b), (b, a)):
        kid = victim.kernel_id
        stranger = {"mrp_js": "1"}
        for who in (stranger, other.cookies):
            assert await kernel_info_over_ws(base, kid, who) == "refused 403", who
            assert await status(base, f"api/kernels/{kid}", "GET", who) == 403
            assert await status(base, f"api/kernels/{kid}", "DELETE", who) == 403
            assert await status(base, f"voila/api/shutdown/{kid}", "POST", who) == 403
            assert await request_info_over_ws(base, kid, who) == "refused 403", who
        # the victim's game is untouched and answers its own browser
        assert await victim.click("mrp-next", "mrp-step-count") >= 0
        assert await kernel_info_over_ws(base, kid, victim.cookies) == "reply"
        assert await status(base, f"api/kernels/{kid}", "GET", victim.cookies) == 200
        if victim is a:  # the pool's kernel: Voila sent its page's request info there
            assert await request_info_over_ws(base, kid, victim.cookies) == "info"
    for v in (a, b):
        await v.close_tab()  # the owner's beacon still stops the kernel
        assert await status(base, f"api/kernels/{v.kernel_id}", "GET", v.cookies) == 404


def test_another_browser_cannot_reach_a_visitors_kernel(serve: Any) -> None:
    # a loop of its own (a thread): the browser tests' sync Playwright keeps one running here
    with serve("--pool_size=1", "--TutorVoila.refill_quiet=600", "--TutorVoila.pool_grow=0",
               log_name="voila-owner.log") as (base, _proc), ThreadPoolExecutor(1) as pool:
        log = ROOT / "tests" / "artifacts" / "voila-owner.log"
        deadline = time.monotonic() + 120
        while "mrp pool: 1 rendered" not in log.read_text(errors="replace"):
            assert time.monotonic() < deadline, "the pool of 1 did not fill in 120 s"
            time.sleep(0.2)  # poll interval of the log probe: the first visitor takes it
        pool.submit(asyncio.run, scenario(base)).result(timeout=400)
    # each refusal answered plainly: no traceback in the server's log (Jupyter's error page
    # needs a template a Voila server does not have)
    assert "Uncaught exception" not in log.read_text(errors="replace")
