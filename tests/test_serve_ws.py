"""mrp_tutor/serve/ws.py: the kernel websocket sends each message at once (TCP_NODELAY), and
every way the app is served uses it.

These checks never skip: a real tornado websocket in this process (tornado leaves Nagle's
algorithm on; the connection class turns it off before jupyter_server's own connect runs),
and the settings of ``mrp_tutor.serve.server``, Binder's ``postBuild`` and the JupyterHub config.
The browser tests (tests/browser/test_kernel_reclaim.py, test_binder_layout.py) also read
the real servers' sockets where the machine allows it.
"""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path
from typing import Any

import pytest
import tornado.web
import tornado.websocket
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
from testkit.loops import in_own_loop
from traitlets.utils.importstring import import_item

from mrp_tutor.serve.server import TutorVoila
from mrp_tutor.serve.ws import DOTTED, NoDelayConnection

REPO = Path(__file__).resolve().parents[1]


class _Probe(KernelWebsocketHandler):
    """jupyter_server's kernel websocket handler without a kernel or a login: open() makes the
    connection (the class under test) connect, then tells the client what its socket says."""

    connection_class: type = ZMQChannelsWebsocketConnection

    async def prepare(self) -> None:  # no login
        return None

    async def get(self, *args: Any, **kwargs: Any) -> None:
        # as jupyter_server's pre_get: the connection first, then the websocket handshake
        self.connection = self.connection_class(websocket_handler=self)
        await tornado.websocket.WebSocketHandler.get(self, *args, **kwargs)

    async def open(self, *args: Any, **kwargs: Any) -> None:
        before = self._nodelay()
        self.connection.connect()  # as jupyter_server's open()
        self.write_message(f"{before} {self._nodelay()}")

    def _nodelay(self) -> int:
        sock = self.ws_connection.stream.socket  # type: ignore[union-attr]
        return int(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))

    def on_close(self) -> None:
        return None


def _nodelay_before_and_after(connection_class: type) -> str:
    async def main() -> str:
        handler = type("Probe", (_Probe,), {"connection_class": connection_class})
        app = tornado.web.Application([(r"/ws", handler)])
        server = app.listen(0, address="127.0.0.1")
        port = next(iter(server._sockets.values())).getsockname()[1]
        try:
            ws = await tornado.websocket.websocket_connect(f"ws://127.0.0.1:{port}/ws")
            got = await asyncio.wait_for(ws.read_message(), 10)
            ws.close()
            return str(got)
        finally:
            server.stop()

    return in_own_loop(main, "the websocket probe")


@pytest.fixture
def no_kernel(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """jupyter_server's own connect() (which needs a kernel) only records that it ran."""
    calls: list[str] = []
    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect",
                        lambda self: calls.append("connect"))
    return calls


def test_tornado_leaves_nagle_on_and_the_connection_turns_it_off(no_kernel: list[str]) -> None:
    assert _nodelay_before_and_after(ZMQChannelsWebsocketConnection) == "0 0"
    assert _nodelay_before_and_after(NoDelayConnection) == "0 1"
    assert no_kernel == ["connect", "connect"]  # jupyter_server's connect still runs


def test_every_way_of_serving_uses_it() -> None:
    assert import_item(DOTTED) is NoDelayConnection
    assert TutorVoila().kernel_websocket_connection_class is NoDelayConnection  # make app
    assert DOTTED in (REPO / "binder" / "postBuild").read_text()  # Binder (server config)
    hub = (REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py").read_text()
    assert f"--ServerApp.kernel_websocket_connection_class={DOTTED}" in hub  # JupyterHub
