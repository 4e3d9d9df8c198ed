"""Each kernel bound to the visitor whose page started it (used by :mod:`mrp_tutor.serve.server`).

A kernel id used to be the only guard: anyone who learnt one (from a log, a screenshot, a
proxy) could open its websocket and drive the game, or stop it with ``DELETE
/api/kernels/<id>`` or ``POST /voila/api/shutdown/<id>`` and their own ``_xsrf``.  Here:

- the page handler gives each browser a secret, the ``mrp_visitor`` cookie (random, 256 bits,
  ``HttpOnly``, ``SameSite=Lax``; only its SHA-256 is kept), and records the visitor of the
  kernel it serves: a kernel taken from the preheated pool or one started for the page;
- the kernel's websocket, its REST resource (``GET``/``DELETE /api/kernels/<id>``), the
  tab-close beacon and the preheated pool's request-info socket (``/voila/query/<id>``: the
  visitor's page address, query string and server name, pushed to whoever opens it; a
  stranger opening it first also took the kernel's own place) answer 403 to any request
  without that visitor's cookie, before the websocket handshake or the kernel manager is
  touched; pool kernels nobody took yet belong to nobody, so nothing outside the server
  reaches them.

The browser sends the cookie itself (same-origin requests and websocket handshakes carry
it), so the page's own front-end needs no change.  A visitor's tabs share the cookie, so
each tab still reaches its own kernel, as before.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import re
import secrets
import time
from collections.abc import Callable
from typing import Any

from jupyter_server.services.kernels.handlers import KernelHandler
from tornado import web
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

VISITOR_COOKIE = "mrp_visitor"
TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{43}")  # secrets.token_urlsafe(32)
KEEP_GONE_S = 3600.0  # an owner still gets "gone" (404) for this long after their kernel ends
SETTINGS_KEY = "mrp_owners"
REFUSED = "This game belongs to another page."


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)


def valid_token(token: str | None) -> bool:
    return bool(token) and TOKEN_RE.fullmatch(token or "") is not None


class Owners:
    """Kernel id -> digest of its visitor's secret (and when it was bound)."""

    def __init__(self, alive: Callable[[str], bool]) -> None:
        self._alive = alive
        self._by_kernel: dict[str, tuple[str, float]] = {}
        self._binds = 0

    def bind(self, kernel_id: str, token: str) -> None:
        self._by_kernel[kernel_id] = (digest(token), time.monotonic())
        self._binds += 1
        if self._binds % 256 == 0:
            self.prune()

    def owner(self, kernel_id: str) -> str | None:
        got = self._by_kernel.get(kernel_id)
        return got[0] if got else None

    def owns(self, kernel_id: str, token: str | None) -> bool:
        got = self._by_kernel.get(kernel_id)
        if got is None or not valid_token(token):
            return False
        return hmac.compare_digest(got[0], digest(token or ""))

    def prune(self) -> None:
        """Forget kernels that ended (bound more than :data:`KEEP_GONE_S` ago)."""
        old = time.monotonic() - KEEP_GONE_S
        for kid, (_d, since) in list(self._by_kernel.items()):
            if since < old and not self._alive(kid):
                del self._by_kernel[kid]


def check(handler: Any, kernel_id: str) -> None:
    """403 unless ``handler``'s request carries the secret of ``kernel_id``'s visitor."""
    owners: Owners | None = handler.settings.get(SETTINGS_KEY)
    if owners is None:  # served without mrp_tutor.serve.server: nothing to check against
        return
    if not owners.owns(kernel_id, handler.get_cookie(VISITOR_COOKIE)):
        log = getattr(handler, "log", None) or logging.getLogger("mrp_tutor.serve.server")
        log.warning("refused %s %s: not its visitor", handler.request.method,
                    handler.request.path)
        raise web.HTTPError(403, REFUSED)


class BindingKernelManager:
    """The kernel manager as one page request sees it: the kernel it gets (from the pool or
    started for it) is bound to the request's visitor before any of the page is sent."""

    def __init__(self, km: Any, owners: Owners, token: str,
                 env: dict[str, str] | None = None) -> None:
        self._km = km
        self._owners = owners
        self._token = token
        self._env = env or {}  # added to the environment of a kernel started for the page

    def __getattr__(self, name: str) -> Any:
        return getattr(self._km, name)

    def __contains__(self, kernel_id: str) -> bool:
        return kernel_id in self._km

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        result = await self._km.get_rendered_notebook(*args, **kwargs)
        self._owners.bind(result[2], self._token)
        return result

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        if self._env:
            kwargs["env"] = {**(kwargs.get("env") or os.environ), **self._env}
        got = self._km.start_kernel(*args, **kwargs)
        kernel_id: str = (await got) if hasattr(got, "__await__") else got
        self._owners.bind(kernel_id, self._token)
        return kernel_id


class PlainRefusal:
    """Put before a websocket handler: a refusal before the handshake is a plain-text answer.

    Jupyter's ``write_error`` renders its ``error.html`` page, which a Voila server does not
    have: every refused websocket logged "Uncaught exception in write_error" with two
    tracebacks (the browser still got its status)."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        h: Any = self
        h.set_header("Content-Type", "text/plain; charset=UTF-8")
        h.finish(f"{status_code} {h._reason}\n")


class OwnedKernelWebsocket(PlainRefusal, VoilaKernelWebsocketHandler):  # type: ignore[misc]
    """``/api/kernels/<id>/channels``: refused (403, no handshake) to any other browser."""

    async def get(self, kernel_id: str) -> None:
        check(self, kernel_id)
        await super().get(kernel_id)


class OwnedKernelHandler(KernelHandler):
    """``GET``/``DELETE /api/kernels/<id>``: refused to any other browser."""

    async def prepare(self) -> None:  # type: ignore[override]  # as APIHandler's own
        await super().prepare()
        check(self, self.path_kwargs.get("kernel_id", ""))


class OwnedShutdownHandler(VoilaShutdownKernelHandler):  # type: ignore[misc]
    """``POST /voila/api/shutdown/<id>`` (the tab-close beacon): refused to any other browser."""

    async def prepare(self) -> None:
        await super().prepare()
        check(self, self.path_args[0] if self.path_args else "")


class OwnedRequestInfoSocket(PlainRefusal, RequestInfoSocketHandler):  # type: ignore[misc]
    """``/voila/query/<id>`` (the page request's details for a preheated kernel, which a
    notebook may wait for with ``voila.utils.wait_for_request``; this app does not): refused
    (403, no handshake) to any other browser."""

    async def get(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        check(self, kernel_id)
        await super().get(kernel_id, *args, **kwargs)


def forget_request_info(kernel_id: str | None = None,
                        alive: Callable[[str], bool] | None = None) -> None:
    """Drop what Voila keeps for a kernel's request-info socket (it never does itself: one
    entry per visitor for the server's life): ``kernel_id``'s, or every one of a kernel
    that is not ``alive``."""
    cache: dict[str, Any] = RequestInfoSocketHandler._cache
    for kid in [kernel_id] if kernel_id else list(cache):
        if kernel_id or (alive is not None and not alive(kid)):
            cache.pop(kid, None)


GUARDED: dict[type, type] = {
    RequestInfoSocketHandler: OwnedRequestInfoSocket,
    VoilaKernelWebsocketHandler: OwnedKernelWebsocket,
    KernelHandler: OwnedKernelHandler,
    VoilaShutdownKernelHandler: OwnedShutdownHandler,
}
