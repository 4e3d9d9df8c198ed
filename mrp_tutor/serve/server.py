"""Serve the app to many visitors: standalone Voila with pooled kernels that are reclaimed.

``python -m mrp_tutor.serve.server [NOTEBOOK] [voila options]`` (``mrp-tutor app`` runs it, and
``make app`` runs that) is Voila plus these things a public demo needs:

- **Closing or reloading a tab stops its kernel at once.**  Voila's page sends
  ``POST /voila/api/shutdown/<kernel>`` on ``beforeunload`` with the ``_xsrf`` cookie's value,
  but standalone Voila never sets that cookie, so the call is refused (403, voila#1458) and
  the kernel lives until the idle cull.  The page handler here issues the cookie.
- **Plain GETs cost no kernel.**  A request without the ``mrp_js`` cookie gets a tiny page whose
  script sets the cookie and reloads; clients that run no JavaScript (crawlers, link previews,
  ``curl``) never start a kernel.
- **Each kernel bound to its visitor.**  The page handler gives each browser a secret cookie
  and binds the kernel it serves to it; the kernel's websocket, ``/api/kernels/<id>`` and the
  tab-close beacon refuse any other browser (:mod:`mrp_tutor.serve.owner`).
- **A game that survives its kernel.**  Each kernel keeps its visitor's game in a private
  folder on the server; when a kernel dies its page says so and one click starts a fresh
  kernel that replays the game to the same decision (:mod:`mrp_tutor.serve.records`).
- **A cap on kernels.**  At most ``--TutorVoila.max_kernels`` kernels, the pool's included; a
  visitor whose kernel would pass it gets a "busy, try again in a minute" page (HTTP 503,
  ``Retry-After: 60``) instead of a failing page, and the pool waits for a seat.
- **Kernels started ahead, refilled out of the visitors' way.**  Voila's preheated pool
  (``--preheat_kernel=True --pool_size=N``) renders the app in N kernels before anyone asks;
  a visitor takes one.  The pool here (:mod:`mrp_tutor.serve.pool`) starts at most
  ``--TutorVoila.pool_concurrency`` kernels at once, refills only after
  ``--TutorVoila.refill_quiet`` seconds without a new visitor, and runs kernels that wait
  in the pool at ``--TutorVoila.pool_nice``; while visitors arrive it grows, by up to
  ``--TutorVoila.pool_grow`` kernels started at once.  Kernels that never get a page (no websocket)
  are culled after ``cull_idle_timeout``; pooled kernels are never culled.

- **The front-end's files compressed once.**  Scripts and styles go out gzip-compressed from
  memory (:mod:`mrp_tutor.serve.static`): 5.3 MB become about 1.3 MB per new visitor.
- **What cannot change is kept by the browser; the app has its icon.**  Voila's scripts load
  from a versioned folder, and files named by a content hash or ``?v=`` are kept a year
  (``immutable``), the rest revalidated (a 304); ``/favicon.ico`` is the app's icon, not a
  403 (:mod:`mrp_tutor.serve.static`).
- **The page's templates compiled once** per server, not once per page
  (:mod:`mrp_tutor.serve.lean`).
- **A click's answer sent at once.**  The kernel websocket runs with ``TCP_NODELAY``
  (:mod:`mrp_tutor.serve.ws`): no click waits for a delayed acknowledgement.

Defaults below are applied only for options the command line does not give (Voila refuses
an option given twice).  Every other Voila option works as usual.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import sys
import time
from pathlib import Path
from typing import Any

import tornado.web
from jupyter_server.utils import url_path_join
from traitlets import Bool, Float, Int, Type
from voila import app as voila_app
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

from mrp_tutor.resources import app_notebook
from mrp_tutor.serve.fork import DOTTED as FORK_KERNEL_MANAGER
from mrp_tutor.serve.fork import KernelParent, can_fork_kernels
from mrp_tutor.serve.lean import install as lean_server
from mrp_tutor.serve.owner import (
    GUARDED,
    SETTINGS_KEY,
    VISITOR_COOKIE,
    BindingKernelManager,
    Owners,
    forget_request_info,
    new_token,
    valid_token,
)
from mrp_tutor.serve.pool import paced_factory
from mrp_tutor.serve.records import LOST_SCRIPT, RESTORE_ARG, Records, restore_env
from mrp_tutor.serve.static import (
    ICON_TYPES,
    VERSIONED_DIR,
    IconHandler,
    NotFoundHandler,
    cached_class,
    compressed_class,
    folder_digest,
    icon_links,
    safe_path_class,
)
from mrp_tutor.serve.ws import NoDelayConnection

APP_NOTEBOOK = app_notebook()
GATE_COOKIE = "mrp_js"
STATIC_ROUTES = ("/voila/static/", "/voila/templates/", "/voila/labextensions/")
# Voila's page template names no icon (an empty data: URL): the app's own instead
TEMPLATE_ICON = '<link rel="icon" href="data:;base64,=">'

DEFAULTS: dict[str, str] = {
    "--no-browser": "",
    "--Voila.ip": "127.0.0.1",
    "--Voila.port_retries": "0",
    "--strip_sources": "True",
    "--VoilaConfiguration.allow_template_override": "NO",
    "--VoilaConfiguration.allow_theme_override": "NO",
    "--preheat_kernel": "True",
    "--pool_size": "2",
    # many kernels rendering at once (a pool filling, a burst of visitors) are slow to answer:
    # nbclient's 4 s default then drops the app's output and the page stays empty
    "--VoilaExecutor.iopub_timeout": "120",
    # a kernel that dies is not restarted bare: its page offers to bring the game back
    "--KernelRestarter.restart_limit": "0",
    # kernels with no open tab (a crashed browser, a GET that never opened the page)
    "--MappingKernelManager.cull_idle_timeout": "60",
    "--MappingKernelManager.cull_interval": "10",
}

GATE_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mission: Red Planet tutor</title>%(icon)s</head><body>
<p id="mrp-gate">Starting the Mission: Red Planet tutor&hellip;</p>
<noscript><p>This app needs JavaScript (and a cookie that only says so).</p></noscript>
<script>
if (location.search.indexOf("mrp_js=1") >= 0) {
  document.getElementById("mrp-gate").textContent =
    "This app needs cookies: allow cookies for this site and reload the page.";
} else {
  document.cookie = "%(cookie)s=1; path=/; SameSite=Lax";
  location.replace(location.pathname + (location.search ? location.search + "&" : "?")
                   + "mrp_js=1" + location.hash);
}
</script></body></html>"""

BUSY_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="60">
<title>Busy: Mission: Red Planet tutor</title>%(icon)s</head><body class="mrp-busy">
<h1>The tutor is busy</h1>
<p>All %(cap)d seats are taken right now. Please try again in a minute (this page retries by
itself in 60 seconds).</p></body></html>"""


class TutorVoilaHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voila's page handler with the JavaScript gate, the kernel cap and the ``_xsrf`` cookie."""

    def initialize(self, **kwargs: Any) -> None:
        self.mrp_app: TutorVoila = kwargs.pop("mrp_app")
        super().initialize(**kwargs)
        self.mrp_km: Any = None
        self.mrp_restore: str | None = None
        self.mrp_inject = False
        self.mrp_icon = False

    def write(self, chunk: Any) -> None:
        """The app page, with the script that watches its kernel right after ``<head>`` and
        the app's icon instead of the template's empty one."""
        if self.mrp_inject and isinstance(chunk, str) and "<head>" in chunk:
            chunk = chunk.replace("<head>", "<head>" + LOST_SCRIPT, 1)
            self.mrp_inject = False
        if self.mrp_icon and isinstance(chunk, str) and TEMPLATE_ICON in chunk:
            chunk = chunk.replace(TEMPLATE_ICON, icon_links(self.base_url), 1)
            self.mrp_icon = False
        super().write(chunk)

    def should_use_rendered_notebook(self, *args: Any, **kwargs: Any) -> bool:
        """A restore needs a kernel started with the record: not one from the pool."""
        if self.mrp_restore is not None:
            return False
        return bool(super().should_use_rendered_notebook(*args, **kwargs))

    def take_record(self, token: str) -> str | None:
        """The record this page restores (``?mrp_restore=<kernel>``): only one of this
        visitor's kernels, and only once it has ended."""
        app = self.mrp_app
        old = self.get_argument(RESTORE_ARG, "")
        if not old:
            return None
        if not app.owners.owns(old, token) or old in self.settings["kernel_manager"]:
            self.log.warning("mrp restore of %r refused: not this visitor's ended kernel", old)
            return None
        got = app.records.take(old)
        self.log.info("mrp restore of %s: %s", old, "record found" if got else "no record")
        # none kept (a scenario, say): the fresh kernel says so instead of starting silently
        return got or str(app.records.folder / "not-kept")

    @property
    def kernel_manager(self) -> Any:
        """The server's kernel manager, binding the kernel this page gets to its visitor."""
        km = getattr(self, "mrp_km", None)
        return km if km is not None else self.settings["kernel_manager"]

    def visitor_token(self) -> str:
        """This browser's secret (the ``mrp_visitor`` cookie), issued on its first page."""
        token = self.get_cookie(VISITOR_COOKIE)
        if not valid_token(token):
            token = new_token()
            self.set_cookie(VISITOR_COOKIE, token, path=self.base_url or "/", httponly=True,
                            samesite="Lax", secure=self.request.protocol == "https")
        return str(token)

    def pool_to_take(self) -> int:
        """Pool kernels a visitor may take now: ready, or started and rendering."""
        km = self.kernel_manager
        started: set[Any] = getattr(km, "mrp_started", set())
        return sum(1 for pool in getattr(km, "_pools", {}).values() for task in pool
                   if (task.done() and not task.cancelled() and task.exception() is None)
                   or (not task.done() and task in started))

    def kernels_after_me(self) -> int:
        """The server's kernels once this visitor has one, the pool's counted: taking a ready
        pool kernel adds none (its refill waits for a seat, ``pool.py``), else one starts."""
        return len(self.kernel_manager.list_kernel_ids()) + (0 if self.pool_to_take() else 1)

    def busy(self, cap: int) -> bool:
        """Past the cap: this visitor's kernel would make more than ``cap`` in all."""
        return 0 < cap < self.kernels_after_me()

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        app = self.mrp_app
        self.set_header("Cache-Control", "no-cache, no-store, must-revalidate")
        if path and self.notebook_path:
            # any other path (a browser's /apple-touch-icon.png): Voila's redirect to the
            # file route, without a seat, a visitor cookie or a pool that grows for it
            self.redirect_to_file(path)
            return
        icon = icon_links(self.base_url)
        if app.js_gate and self.get_cookie(GATE_COOKIE) != "1":
            self.finish(GATE_PAGE % {"cookie": GATE_COOKIE, "icon": icon})
            return
        # a reload's new page can arrive before the old tab's shutdown beacon: wait a little
        waited = 0.0
        while self.busy(app.max_kernels) and waited < app.busy_wait:
            await asyncio.sleep(0.2)
            waited += 0.2
        if self.busy(app.max_kernels):
            self.log.warning("kernel cap %d reached: busy page for %s", app.max_kernels,
                             self.request.remote_ip)
            self.set_status(503)
            self.set_header("Retry-After", "60")
            self.finish(BUSY_PAGE % {"cap": app.max_kernels, "icon": icon})
            return
        _ = self.xsrf_token  # sets the _xsrf cookie the tab-close beacon sends back (voila#1458)
        token = self.visitor_token()
        app.prune()
        self.mrp_restore = self.take_record(token)
        arrived = getattr(self.settings["kernel_manager"], "visitor_arrived", None)
        if arrived is not None and self.mrp_restore is None:
            arrived()  # a class arriving: the pool grows (mrp_tutor/serve/pool.py)
        self.mrp_km = BindingKernelManager(
            self.settings["kernel_manager"], app.owners, token,
            restore_env(self.mrp_restore) if self.mrp_restore else None)
        self.mrp_inject = self.mrp_icon = True
        await super().get(path)


class TutorVoila(Voila):  # type: ignore[misc]
    """Voila with :class:`TutorVoilaHandler` serving the notebook."""

    name = "mrp-tutor-serve"
    max_kernels = Int(64, config=True,
                      help="Most kernels at once, visitors' and the pool's (0: no cap); more "
                           "visitors get a busy page (HTTP 503) until a seat frees.")
    busy_wait = Float(5.0, config=True,
                      help="Seconds a visitor waits for a free seat before the busy page.")
    js_gate = Bool(True, config=True,
                   help="Start a kernel only for clients that run JavaScript (cookie check).")

    compress_static = Bool(True, config=True,
                           help="Serve the front-end's scripts and styles gzip-compressed "
                                "from memory (mrp_tutor/serve/static.py).")
    pool_concurrency = Int(2, config=True,
                           help="Most pool kernels starting and rendering at once.")
    refill_quiet = Float(3.0, config=True,
                         help="Seconds without a new visitor before the pool refills.")
    pool_nice = Int(10, config=True,
                    help="Nice value of kernels while they wait in the pool (0: none).")
    pool_grow = Int(8, config=True,
                    help="Most kernels the pool grows by while visitors arrive (pages asked "
                         "for within refill_quiet of each other; 0: a fixed pool).")
    fork_kernels = Bool(True, config=True,
                        help="Start each visitor's kernel as a fork of one process that has "
                             "imported the app already (mrp_tutor/serve/fork.py).")
    kernel_websocket_connection_class = Type(
        default_value=NoDelayConnection, klass=Voila.kernel_websocket_connection_class.klass,
        config=True, help="The kernel websocket connection class (default: sends each "
                          "message at once, mrp_tutor/serve/ws.py).")

    def init_settings(self) -> Any:
        self.records = Records()  # before any kernel starts: each gets the records' folder
        self.log.addFilter(quiet_trust)  # the app's notebook is ours: no "not trusted" line
        lean_server(self.log, self.log_level)  # less work per visitor (serve_lean.py)
        atexit.register(self.records.close)
        self.versioned_page_config()  # before the pool: its pages get it too
        original = voila_app.voila_kernel_manager_factory
        voila_app.voila_kernel_manager_factory = paced_factory(
            concurrency=self.pool_concurrency, quiet=self.refill_quiet, nice=self.pool_nice,
            grow=self.pool_grow, cap=self.max_kernels)
        try:
            settings = super().init_settings()
        finally:
            voila_app.voila_kernel_manager_factory = original
        km = settings["kernel_manager"]
        if self.fork_kernels and can_fork_kernels():
            parent = KernelParent.start()  # after the records: it hands their folder on
            atexit.register(parent.stop)
            km.kernel_manager_class = FORK_KERNEL_MANAGER
        self.owners = Owners(alive=lambda kid: kid in km)
        settings[SETTINGS_KEY] = self.owners
        self.mrp_pruned = time.monotonic()
        shutdown = km.shutdown_kernel

        async def shutdown_kernel(kernel_id: str, *args: Any, **kwargs: Any) -> Any:
            # a live kernel stopped (its tab closed, the idle cull): nothing to bring back.
            # Not a dead one: the page's tab-close beacon for it comes with the click that
            # brings its game back.
            alive = kernel_id in km
            result = await shutdown(kernel_id, *args, **kwargs)
            if not kwargs.get("restart"):
                forget_request_info(kernel_id)
            if alive and not kwargs.get("restart"):
                self.records.discard(kernel_id)
            return result

        km.shutdown_kernel = shutdown_kernel
        return settings

    def prune(self) -> None:
        """Now and then: forget records and kernel owners nobody came back for."""
        if time.monotonic() - self.mrp_pruned > 60:
            self.mrp_pruned = time.monotonic()
            self.records.prune()
            km = self.kernel_manager
            forget_request_info(alive=lambda kid: kid in km)

    def mrp_static_url(self, prefix: str) -> str:
        """Where the page loads Voila's scripts from: its static route under a version
        (serve_static.folder_digest), so a browser keeps them until the files change;
        ``prefix``: the base URL (the page's) or the server URL (the route's)."""
        if not hasattr(self, "mrp_static_version"):
            self.mrp_static_version = VERSIONED_DIR + folder_digest(list(self.static_paths))
            self.log.info("Voila's scripts served under voila/static/%s/ (kept a year)",
                          self.mrp_static_version)
        return url_path_join(prefix or "/", f"voila/static/{self.mrp_static_version}")

    def versioned_page_config(self) -> None:
        """Every page's ``fullStaticUrl`` (its script and chunks' folder) set to
        :meth:`mrp_static_url`, after any ``page_config_hook`` of the configuration."""
        hook = self.voila_configuration.page_config_hook
        url = self.mrp_static_url(self.base_url)

        def page_config_hook(page_config: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
            if hook is not None:
                page_config = hook(page_config, **kwargs)
            return {**page_config, "fullStaticUrl": url}

        self.voila_configuration.page_config_hook = page_config_hook

    def init_handlers(self) -> list[Any]:
        handlers: list[Any] = [
            (url_path_join(self.server_url, name), IconHandler, {"name": name})
            for name in ICON_TYPES]
        for h in super().init_handlers():
            if len(h) >= 3 and h[1] is TornadoVoilaHandler:
                h = (h[0], TutorVoilaHandler, {**h[2], "mrp_app": self})
            elif len(h) >= 2 and h[1] in GUARDED:
                h = (h[0], GUARDED[h[1]], *h[2:])
            elif len(h) >= 2 and str(h[0]).rstrip("$").endswith("/logout"):
                h = (h[0], NotFoundHandler)  # no accounts here; Jupyter's page is a 500
            elif len(h) >= 2 and any(part in str(h[0]) for part in STATIC_ROUTES):
                if str(h[0]).endswith("/voila/static/(.*)"):  # the same files, versioned
                    versioned = self.mrp_static_url(self.server_url) + "/(.*)"
                    handlers.append((versioned, self.static_class(h[1], True), *h[2:]))
                h = (h[0], self.static_class(h[1]), *h[2:])
            handlers.append(h)
        return handlers

    def static_class(self, cls: type[Any], immutable: bool = False) -> type[Any]:
        """A static route's handler as served here: 404 for a path it cannot parse (not a
        500: /voila/templates/ alone), cache headers, compressed from memory."""
        cls = cached_class(safe_path_class(cls), immutable)
        return compressed_class(cls) if self.compress_static else cls


def quiet_trust(record: logging.LogRecord) -> bool:
    """Drop Jupyter's "Notebook app.ipynb is not trusted" (twice a start): trust decides
    whether a notebook's *stored* outputs may run, and Voila shows none of them (it runs the
    notebook afresh), so the line only worried whoever read the log."""
    return record.msg != "Notebook %s is not trusted"


def with_defaults(argv: list[str]) -> list[str]:
    """``argv`` plus each default option it does not set (and the app notebook if none)."""
    given = {a.split("=", 1)[0] for a in argv if a.startswith("--")}
    out = list(argv)
    if not any(not a.startswith("-") for a in argv):
        out.insert(0, str(APP_NOTEBOOK))
    for key, value in DEFAULTS.items():
        if key not in given:
            out.append(f"{key}={value}" if value else key)
    return out


def precompile() -> None:
    """Write the package's bytecode once, so no visitor's kernel compiles it again.

    Where ``PYTHONDONTWRITEBYTECODE`` is set (this project's machines) or the package was
    never imported, every kernel compiled ~100 modules from source: about a quarter of a
    CPU-second per visitor.  Best effort: a read-only install (a wheel has its bytecode
    already) is left as it is."""
    import compileall
    import contextlib

    with contextlib.suppress(OSError):
        compileall.compile_dir(str(Path(__file__).resolve().parents[1]), quiet=2, workers=1)


def main(argv: list[str] | None = None) -> None:
    args = with_defaults(list(sys.argv[1:] if argv is None else argv))
    precompile()
    TutorVoila.launch_instance(argv=args)


if __name__ == "__main__":
    main()
