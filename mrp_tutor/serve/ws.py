"""Kernel websockets that send each message at once (``TCP_NODELAY``).

A click's answer leaves the server as a few small websocket messages in a row (the kernel
busy, the app's one update, idle).  Tornado leaves Nagle's algorithm on for websockets, so
a message written while the one before it is still unacknowledged waits for that
acknowledgement, and the browser may hold its acknowledgement back for its delayed-ACK
timer (40 ms on Linux, up to 200 ms elsewhere).  Measured with ``benchmarks/ui.py`` on
loopback: about one click in fifty took 40-55 ms instead of 5-15 ms, the app's and a bare
button's alike.  Every message here is a whole answer the page waits for, so there is
nothing worth batching: the kernel websocket sends at once.

Used by :mod:`mrp_tutor.serve.server` (the default of ``--Voila.kernel_websocket_connection_class``)
and, where Voila runs as a Jupyter server extension (Binder, JupyterHub), through
``--ServerApp.kernel_websocket_connection_class=mrp_tutor.serve.ws.NoDelayConnection``.
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

DOTTED = "mrp_tutor.serve.ws.NoDelayConnection"


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    """Jupyter server's kernel websocket connection, sending each message at once."""

    def connect(self) -> Any:  # jupyter_server: a Future to await, or None when it failed
        # called from the handler's open(): the websocket is open, Nagle can be turned off
        self.websocket_handler.set_nodelay(True)
        return super().connect()
