"""A protocol-level visitor for ``benchmarks/load.py``: what the app's page does, without a browser.

It talks to the real server exactly as Voila's page does (checked in Voila 0.5.13's front-end,
``@voila-dashboards/widgets-manager8`` and ``@jupyter-widgets/base-manager``), so the server
and the visitor's kernel do the same work as for a browser:

1. ``GET /`` (the JavaScript gate's page), then ``GET /?mrp_js=1`` with the gate's cookie:
   the app page, its ``kernelId`` and the ``_xsrf`` cookie;
2. every static file a real page loaded (the list recorded from a browser visit), as a
   browser with an empty cache fetches them, six at a time;
3. ``GET /api/kernels/<id>`` and the kernel websocket (subprotocol
   ``v1.kernel.websocket.jupyter.org``), a ``kernel_info_request``;
4. the widget manager's start: a ``jupyter.widget.control`` comm and one ``request_states``;
   the page is *live* when the answer holds the board and the status reads "Ready." (in its
   own ``value`` or, for the app's live panels, in its trait on their hub widget);
5. a click on *Next* is the comm message a Button click sends (``{"method": "custom",
   "content": {"event": "click"}}``); its latency runs to the last widget update the kernel
   sends for it (the kernel's ``idle`` status for that message ends the wait), and the step
   counter must be among the widgets updated;
6. closing the tab is Voila's ``beforeunload`` beacon: ``POST /voila/api/shutdown/<id>`` with
   the ``_xsrf`` form field, then the websocket closes.

What it leaves out is only the browser's own work: parsing and running the front-end's
scripts and drawing the widgets (measured by the real Chromium sessions of the same run).
"""

from __future__ import annotations

import asyncio
import gzip
import json
import re
import time
import uuid
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlencode

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

WS_PROTOCOL = "v1.kernel.websocket.jupyter.org"
CONFIG_RE = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                       re.S)


def pack(channel: str, header: dict[str, Any], parent: dict[str, Any],
         metadata: dict[str, Any], content: dict[str, Any]) -> bytes:
    """A message in the v1 kernel websocket format (jupyter_server's serialize_msg_to_ws_v1)."""
    parts = [json.dumps(x).encode() for x in (header, parent, metadata, content)]
    chan = channel.encode()
    offsets = [8 * (1 + 1 + len(parts) + 1)]
    offsets.append(offsets[-1] + len(chan))
    for p in parts:
        offsets.append(offsets[-1] + len(p))
    head = len(offsets).to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets)
    return head + chan + b"".join(parts)


def unpack(data: bytes) -> tuple[str, dict[str, Any]]:
    """(channel, message) from a v1 frame; buffers are ignored (the app sends none)."""
    n = int.from_bytes(data[:8], "little")
    offs = [int.from_bytes(data[8 * (i + 1):8 * (i + 2)], "little") for i in range(n)]
    channel = data[offs[0]:offs[1]].decode()
    keys = ("header", "parent_header", "metadata", "content")
    msg = {k: json.loads(data[offs[i + 1]:offs[i + 2]] or b"{}") for i, k in enumerate(keys)}
    return channel, msg


class Visitor:
    """One protocol-level visitor of ``base`` (a loopback URL)."""

    def __init__(self, base: str, static_paths: list[str], timeout_s: float) -> None:
        self.base = base
        self.static_paths = static_paths
        self.timeout_s = timeout_s
        self.http = AsyncHTTPClient()
        self.cookies: dict[str, str] = {}
        self.session = uuid.uuid4().hex
        self.kernel_id = ""
        self.ws: Any = None
        self.inbox: asyncio.Queue[tuple[float, str, dict[str, Any]]] = asyncio.Queue()
        self.reader: asyncio.Task[None] | None = None
        self.models: dict[str, dict[str, Any]] = {}

    # -- HTTP --------------------------------------------------------------------------------
    def _cookie_header(self) -> dict[str, str]:
        return {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}

    async def fetch(self, path: str, method: str = "GET", body: str | None = None,
                    ok: tuple[int, ...] = (200,)) -> Any:
        # a browser's Accept-Encoding; the bodies are not needed, so they stay compressed
        req = HTTPRequest(self.base + path, method=method, body=body,
                          headers={**self._cookie_header(), "Accept-Encoding": "gzip, deflate"},
                          follow_redirects=False, decompress_response=False,
                          request_timeout=self.timeout_s)
        try:
            r = await self.http.fetch(req, raise_error=False)
        except HTTPClientError as exc:  # pragma: no cover - raise_error=False
            r = exc.response
        for raw in r.headers.get_list("Set-Cookie"):
            jar: SimpleCookie = SimpleCookie()
            jar.load(raw)
            self.cookies.update({k: m.value for k, m in jar.items()})
        if r.code == 503:
            raise RuntimeError("busy page (kernel cap reached)")
        if r.code not in ok:
            raise RuntimeError(f"{method} /{path.split('?')[0]} answered {r.code}")
        return r

    async def open_page(self) -> None:
        gate = await self.fetch("")
        if b"mrp-gate" not in (gzip.decompress(gate.body)
                               if gate.headers.get("Content-Encoding") == "gzip" else gate.body):
            raise RuntimeError("no JavaScript gate page")
        self.cookies["mrp_js"] = "1"
        page = await self.fetch("?mrp_js=1")
        text = page.body
        if page.headers.get("Content-Encoding") == "gzip":
            text = gzip.decompress(text)
        m = CONFIG_RE.search(text.decode())
        if not m:
            raise RuntimeError("the app page has no jupyter-config-data")
        self.kernel_id = json.loads(m.group(1))["kernelId"]
        sem = asyncio.Semaphore(6)  # a browser's connections per host

        async def one(path: str) -> None:
            async with sem:
                await self.fetch(path)

        await asyncio.gather(*(one(p) for p in self.static_paths))
        await self.fetch(f"api/kernels/{self.kernel_id}")

    # -- websocket ---------------------------------------------------------------------------
    async def connect(self) -> None:
        url = (self.base.replace("http://", "ws://")
               + f"api/kernels/{self.kernel_id}/channels?session_id={self.session}")
        req = HTTPRequest(url, headers=self._cookie_header(), request_timeout=self.timeout_s)
        self.ws = await websocket_connect(req, subprotocols=[WS_PROTOCOL])
        self.reader = asyncio.create_task(self._read())
        await self.request("shell", "kernel_info_request", {})

    async def _read(self) -> None:
        while True:
            frame = await self.ws.read_message()
            if frame is None:
                return
            if isinstance(frame, bytes):
                channel, msg = unpack(frame)
                await self.inbox.put((time.monotonic(), channel, msg))

    def send(self, channel: str, msg_type: str, content: dict[str, Any],
             metadata: dict[str, Any] | None = None) -> str:
        header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": self.session,
                  "username": "", "date": "", "version": "5.3"}
        self.ws.write_message(pack(channel, header, {}, metadata or {}, content), binary=True)
        return str(header["msg_id"])

    async def until_idle(self, msg_id: str) -> list[tuple[float, str, dict[str, Any]]]:
        """Every message caused by ``msg_id`` until the kernel's idle status for it."""
        got = []
        deadline = time.monotonic() + self.timeout_s
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the kernel did not answer within the session timeout")
            t, channel, msg = await asyncio.wait_for(self.inbox.get(), left)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            got.append((t, channel, msg))
            if (channel == "iopub" and msg["header"]["msg_type"] == "status"
                    and msg["content"].get("execution_state") == "idle"):
                return got

    async def request(self, channel: str, msg_type: str, content: dict[str, Any],
                      metadata: dict[str, Any] | None = None
                      ) -> list[tuple[float, str, dict[str, Any]]]:
        return await self.until_idle(self.send(channel, msg_type, content, metadata))

    # -- the widget manager --------------------------------------------------------------------
    async def load_widgets(self) -> None:
        comm_id = uuid.uuid4().hex
        await self.request("shell", "comm_open", {"comm_id": comm_id,
                                                   "target_name": "jupyter.widget.control",
                                                   "data": {}}, {"version": "1.0.0"})
        got = await self.request("shell", "comm_msg", {"comm_id": comm_id,
                                                       "data": {"method": "request_states"}})
        states = [m["content"]["data"] for _t, _c, m in got
                  if m["header"]["msg_type"] == "comm_msg"
                  and m["content"]["data"].get("method") == "update_states"]
        if not states:
            raise RuntimeError("no widget states from the kernel")
        self.models = states[0]["states"]
        self.send("shell", "comm_close", {"comm_id": comm_id, "data": {}})
        model_id, key = self.text_source("mrp-status")
        if "Ready." not in str(self.models[model_id]["state"].get(key, "")):
            raise RuntimeError("the app's status is not 'Ready.'")
        if not any(m["model_name"] == "AnyModel" or "board" in m["model_name"].lower()
                   for m in self.models.values()):
            raise RuntimeError("the page has no board widget")

    def model_with(self, dom_class: str) -> dict[str, Any]:
        for mid, m in self.models.items():
            if dom_class in m["state"].get("_dom_classes", []):
                return {"id": mid, **m}
        raise RuntimeError(f"no widget .{dom_class} on the page")

    def text_source(self, dom_class: str) -> tuple[str, str]:
        """(model id, state key) holding the text of the widget ``.dom_class``: its own
        ``value``, or for a live panel of the app
        (``mrp_tutor/games/mission_red_planet/ui/live.py``) its trait on
        the hub widget that carries every panel's text."""
        m = self.model_with(dom_class)
        hub, name = m["state"].get("hub"), m["state"].get("name")
        if isinstance(hub, str) and hub.startswith("IPY_MODEL_") and name:
            return hub.removeprefix("IPY_MODEL_"), str(name)
        return str(m["id"]), "value"

    async def click(self, dom_class: str, must_update: str) -> float:
        """Milliseconds from sending the click to the last widget update it caused."""
        button = self.model_with(dom_class)["id"]
        watched, key = self.text_source(must_update)
        t0 = time.monotonic()
        got = await self.request("shell", "comm_msg", {
            "comm_id": button, "data": {"method": "custom", "content": {"event": "click"}}})
        updates = [(t, m) for t, _c, m in got if m["header"]["msg_type"] == "comm_msg"
                   and m["content"]["data"].get("method") in ("update", "echo_update")]
        if not any(m["content"]["comm_id"] == watched
                   and key in m["content"]["data"].get("state", {}) for _t, m in updates):
            raise RuntimeError(f"the click on .{dom_class} did not update .{must_update}")
        return (max(t for t, _m in updates) - t0) * 1000

    async def close_tab(self) -> None:
        body = urlencode({"_xsrf": self.cookies.get("_xsrf", "")})
        await self.fetch(f"voila/api/shutdown/{self.kernel_id}", method="POST", body=body,
                         ok=(204,))
        self.abort()

    def abort(self) -> None:
        """Drop the websocket (a closed tab); idempotent."""
        if self.ws is not None:
            self.ws.close()
            self.ws = None
        if self.reader is not None:
            self.reader.cancel()
            self.reader = None
