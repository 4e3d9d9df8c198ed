"""Browser test harness: standalone Voila + headless Debian Chromium via Playwright (sync API).

Fixtures
  voila_url  session  ``python -m mrp_tutor.serve.server`` (Voila + kernel pool, cap, tab-close fix)
                      serving notebooks/app.ipynb on a free loopback port; first game's seed
                      is TEST_SEED (env MRP_TUTOR_SEED), no operator override file (as a demo)
  browser    session  headless Chromium (/usr/bin/chromium, env CHROMIUM overrides)
  page_log   function requests blocked / console errors / page errors seen by ``page``
  page       function fresh context+page; every request to a host other than 127.0.0.1/localhost
                      is aborted (recorded in ``page_log.blocked``); screenshot saved on failure
  app        function ``AppDriver`` = page + url + helpers (open, wait_for_class, screenshot)

Helpers: ``wait_for_class`` (no sleeps, waits on CSS classes), ``save_screenshot`` (into
tests/artifacts/, gitignored), ``publish_screenshot`` (copies one to docs/screenshot.png when
MRP_PUBLISH_SCREENSHOT=1, i.e. ``make screenshot``).

Chromium missing: the tests FAIL with install instructions (always in CI). Locally only,
MRP_SKIP_BROWSER=1 turns that into a skip.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from testkit.server import free_port as _free_port
from testkit.server import running

REPO_ROOT = Path(__file__).resolve().parents[2]
APP_NOTEBOOK = REPO_ROOT / "notebooks" / "app.ipynb"
ARTIFACTS = REPO_ROOT / "tests" / "artifacts"
README_SCREENSHOT = REPO_ROOT / "docs" / "screenshot.png"

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost"})
VOILA_START_TIMEOUT_S = 60.0
GOTO_TIMEOUT_MS = 60_000
WIDGET_TIMEOUT_MS = 60_000
VIEWPORT = {"width": 1200, "height": 800}
TEST_SEED = 982451653  # the first game's seed in every kernel: digits that appear nowhere else


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


# --------------------------------------------------------------------------- failure hook
@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    setattr(item, f"rep_{report.when}", report)  # lets fixtures see whether the test failed
    return report


# --------------------------------------------------------------------------- voila
@contextlib.contextmanager
def serve_app(*options: str, log_name: str = "voila.log") -> Iterator[tuple[str, Any]]:
    """Run ``python -m mrp_tutor.serve.server`` with ``options`` on a free loopback port.

    Yields (base URL, server process); SIGTERM on exit (Voila then stops its kernels).
    """
    port = _free_port()
    cmd = [
        sys.executable, "-m", "mrp_tutor.serve.server", str(APP_NOTEBOOK),
        "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}", "--Voila.port_retries=0",
        *options,
    ]  # fmt: skip
    with run_server(cmd, port, log_name) as server:
        yield server


@contextlib.contextmanager
def run_server(cmd: list[str], port: int, log_name: str,
               env: dict[str, str] | None = None, cwd: Path = REPO_ROOT,
               drop_env: tuple[str, ...] = ()) -> Iterator[tuple[str, Any]]:
    """Run the server ``cmd`` (listening on loopback ``port``; its output in ``log_name``
    under tests/artifacts) with the environment a public demo has (``env`` added, ``drop_env``
    removed), in ``cwd``.

    Yields (base URL, server process) once the port accepts; SIGTERM on exit (a Jupyter
    server or Voila then stops its kernels).
    """
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    # Served as a public demo is: no operator's override file (MRP_TUTOR_OVERRIDES unset), so a
    # visitor's card corrections stay in their own kernel. With a shared file, one visitor's
    # saved correction reached every kernel started after it (a pool refill), which made the
    # "another visitor does not see it" check depend on when the pool refilled.
    full_env = {k: v for k, v in os.environ.items() if k != "MRP_TUTOR_OVERRIDES"}
    full_env["MRP_TUTOR_SEED"] = str(TEST_SEED)
    full_env.update(env or {})
    for key in drop_env:
        full_env.pop(key, None)
    with running(cmd, port, ARTIFACTS / log_name, env=full_env, cwd=cwd,
                 timeout_s=VOILA_START_TIMEOUT_S) as proc:
        yield f"http://127.0.0.1:{port}/", proc


class _Sockets:
    """Copies of a server process's sockets (``pidfd_getfd``, Linux 5.6+), to read their
    options from the test."""

    def __init__(self, proc: Any) -> None:
        import ctypes

        self.libc = ctypes.CDLL(None, use_errno=True)
        try:
            self.pidfd = os.pidfd_open(proc.pid)
        except OSError as err:
            pytest.skip(f"cannot read another process's socket here ({err.strerror})")

    def copy(self, fd: int) -> socket.socket | None:
        """A copy of the server's ``fd``; None if it is gone; skips the test where copying
        another process's socket is not allowed (ENOSYS, EPERM: a container's seccomp)."""
        import ctypes
        import errno

        got = self.libc.syscall(438, self.pidfd, fd, 0)  # SYS_pidfd_getfd
        if got < 0:
            err = ctypes.get_errno()
            if err in (errno.ENOSYS, errno.EPERM):  # the caller's finally closes pidfd
                pytest.skip(f"cannot read another process's socket here ({os.strerror(err)})")
            return None
        return socket.socket(fileno=got)

    def close(self) -> None:
        os.close(self.pidfd)


def can_read_server_sockets(proc: Any) -> None:
    """Skip now (before a test opens pages) unless ``server_sockets_sending_at_once`` can
    read ``proc``'s sockets: tried on its listening socket."""
    import psutil

    sockets = _Sockets(proc)
    try:
        listening = [c.fd for c in psutil.Process(proc.pid).net_connections("tcp")
                     if c.status == "LISTEN"]
        copy = sockets.copy(listening[0]) if listening else None
        if copy is not None:
            copy.close()
    finally:
        sockets.close()


def server_sockets_sending_at_once(proc: Any, port: int, expect: int,
                                   seconds: float = 5.0) -> list[bool]:
    """For each connection the server process ``proc`` accepted on ``port``: is Nagle's
    algorithm off (``TCP_NODELAY``)?  Read until ``expect`` of them are (at most ``seconds``:
    tornado also turns it on for a moment while it finishes an HTTP response), then the last
    reading.  Skips the test where another process's sockets cannot be read."""
    import psutil

    sockets = _Sockets(proc)
    deadline = time.monotonic() + seconds
    try:
        while True:
            out = []
            for conn in psutil.Process(proc.pid).net_connections("tcp"):
                if conn.status != "ESTABLISHED" or conn.laddr.port != port:
                    continue
                copy = sockets.copy(conn.fd)
                if copy is None:
                    continue  # that connection closed meanwhile
                with copy:
                    try:
                        if copy.getsockname()[:2] != tuple(conn.laddr):
                            continue  # the number was reused meanwhile
                        out.append(bool(copy.getsockopt(socket.IPPROTO_TCP,
                                                        socket.TCP_NODELAY)))
                    except OSError:
                        continue  # not a TCP socket any more
            if out.count(True) == expect or time.monotonic() > deadline:
                return out
            time.sleep(0.1)  # poll interval of the reading, not a wait for the UI
    finally:
        sockets.close()


@pytest.fixture(scope="session")
def voila_url() -> Iterator[str]:
    """The app server shared by the browser tests (a pool of one preheated kernel)."""
    with serve_app("--pool_size=1", "--MappingKernelManager.cull_idle_timeout=120",
                   "--MappingKernelManager.cull_interval=30") as (url, _proc):
        yield url


# --------------------------------------------------------------------------- chromium
def _chromium_or_fail() -> str:
    exe = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    resolved = exe if os.path.isabs(exe) else shutil.which(exe)
    if resolved and os.access(resolved, os.X_OK):
        return resolved
    msg = (
        f"Chromium not found at {exe!r} (env CHROMIUM overrides). Install it as root:\n"
        "    apt-get update && apt-get install -y chromium\n"
        "(`make setup` does this automatically when run as root). Never `playwright install`."
    )
    if not _in_ci() and os.environ.get("MRP_SKIP_BROWSER") == "1":
        pytest.skip(msg)
    pytest.fail(msg, pytrace=False)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    exe = _chromium_or_fail()
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        b = pw.chromium.launch(executable_path=exe, headless=True, args=CHROMIUM_FLAGS)
        try:
            yield b
        finally:
            b.close()
    finally:
        pw.stop()


@dataclass
class PageLog:
    blocked: list[str] = field(default_factory=list)  # URLs of aborted non-loopback requests
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)  # uncaught JS exceptions

    @property
    def blocked_hosts(self) -> set[str]:
        return {urlsplit(u).hostname or "" for u in self.blocked}


@pytest.fixture
def page_log() -> PageLog:
    return PageLog()


@pytest.fixture
def page(browser: Any, page_log: PageLog, request: pytest.FixtureRequest) -> Iterator[Any]:
    context = browser.new_context(viewport=VIEWPORT)

    def _route(route: Any) -> None:
        url = route.request.url
        host = urlsplit(url).hostname
        if host is None or host in LOCAL_HOSTS:
            route.continue_()
        else:
            page_log.blocked.append(url)
            route.abort()

    context.route("**/*", _route)
    pg = context.new_page()

    def _console(msg: Any) -> None:
        if msg.type == "error":
            page_log.console_errors.append(msg.text)

    pg.on("console", _console)
    pg.on("pageerror", lambda e: page_log.page_errors.append(str(e)))
    try:
        yield pg
    finally:
        rep = getattr(request.node, "rep_call", None)
        if rep is not None and rep.failed:
            with contextlib.suppress(Exception):  # never mask the real failure
                save_screenshot(pg, f"FAILED-{request.node.name}")
        context.close()


# --------------------------------------------------------------------------- helpers
# The part of a widget model the widgets' modules use; set() fires the change handlers.
# Page scripts define it with ``const Model = `` + MODEL_JS.
MODEL_JS = """class {
    constructor(attrs) { this.attrs = attrs; this.handlers = {}; this.sent = []; }
    get(k) { return this.attrs[k]; }
    on(e, f) { (this.handlers[e] = this.handlers[e] || []).push(f); }
    off(e, f) { this.handlers[e] = (this.handlers[e] || []).filter(g => g !== f); }
    send(c) { this.sent.push(c); }
    set(k, v) { this.attrs[k] = v; for (const f of this.handlers[`change:${k}`] || []) f(); }
  }"""


def widget_module(*names: str, expose: str) -> str:
    """The named files of widgets/ as one module, as Python prepends them for the page, then
    ``expose`` (a statement putting what a test uses on ``window``; the module's default
    export is ``__default``)."""
    src = "\n".join((REPO_ROOT / "widgets" / n).read_text(encoding="utf-8") for n in names)
    return src.replace("export default ", "const __default = ") + "\n" + expose


def run_in_blank_page(browser: Any, module: str, ready: str, script: str, arg: Any) -> Any:
    """Load ``module`` in a blank page (no server, no kernel), wait until ``ready`` is true,
    and return what ``script`` (a function of ``arg``) returns."""
    page = browser.new_page()
    try:
        page.set_content("<html><body></body></html>")
        page.add_script_tag(type="module", content=module)
        page.wait_for_function(ready)
        return page.evaluate(script, arg)
    finally:
        page.close()


def record_app_messages(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> list[dict[str, Any]]:
    """The wired messages (board, log, countdown) a real app sends over a mixed sequence (Next
    past the rows shown, Back, another viewer, Referee mode, a round at once, a new game), each
    with the HTML and board expected after it."""
    from mrp_tutor.app import build_app
    from mrp_tutor.games.mission_red_planet.engine import load_spec

    keys = ("log", "board", "countdown")  # the wired traits a page follows
    monkeypatch.setenv("MRP_TUTOR_OVERRIDES", str(tmp_path / "overrides.yaml"))
    app = build_app(spec=load_spec(use_env_overrides=False), seed=982451653)
    hub = app.board
    steps: list[dict[str, Any]] = []

    def snap(forms: dict[str, Any]) -> None:
        steps.append({**forms, "html": app.panel("Log").html.value, "expect_board": hub.board,
                      "cd_html": app.stepper.countdown.value,
                      "rows": dict(hub.log["rows"])})

    sent: list[dict[str, Any]] = []
    hub._send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    snap(hub.get_state(list(keys)))

    def act(fn: Any) -> None:
        sent.clear()
        fn()
        for msg in sent:
            forms = {k: v for k, v in msg.get("state", {}).items() if k in keys}
            if forms:
                snap(json.loads(json.dumps(forms)))

    for _ in range(66):
        act(app.stepper.next_btn.click)
    for _ in range(3):
        act(app.stepper.back_btn.click)
    act(lambda: setattr(app.viewer, "value", "blue"))
    act(lambda: setattr(app.mode, "value", "Referee"))
    act(app.stepper.round_btn.click)
    act(lambda: setattr(app.mode, "value", "Tutor"))
    act(app.new_btn.click)
    for _ in range(4):
        act(app.stepper.next_btn.click)
    return steps


def wait_for_class(page: Any, css_class: str, timeout_ms: int = WIDGET_TIMEOUT_MS) -> Any:
    """Wait until the first element carrying ``css_class`` is visible; return its locator."""
    from playwright.sync_api import expect

    loc = page.locator(f".{css_class}").first
    expect(loc).to_be_visible(timeout=timeout_ms)
    return loc


def save_screenshot(page: Any, name: str, full_page: bool = True) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in name)
    path = ARTIFACTS / f"{safe}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def publish_screenshot(path: Path) -> Path | None:
    """Copy ``path`` to docs/screenshot.png if MRP_PUBLISH_SCREENSHOT=1 (make screenshot)."""
    if os.environ.get("MRP_PUBLISH_SCREENSHOT") != "1":
        return None
    README_SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(path, README_SCREENSHOT)
    return README_SCREENSHOT


@dataclass
class AppDriver:
    page: Any
    url: str
    log: PageLog

    def open(self, path: str = "") -> AppDriver:
        """Load the app (each load = a fresh kernel). One retry on a navigation timeout (rare)."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            self.page.goto(self.url + path, timeout=GOTO_TIMEOUT_MS)
        except PlaywrightTimeout:
            self.page.goto(self.url + path, timeout=GOTO_TIMEOUT_MS)
        return self

    def wait_for_class(self, css_class: str, timeout_ms: int = WIDGET_TIMEOUT_MS) -> Any:
        return wait_for_class(self.page, css_class, timeout_ms)

    def open_ready(self, size: tuple[int, int] | None = None) -> Any:
        """Load the app (at ``size``, width and height, if given) and wait until its kernel
        has said "Ready."; the page."""
        from playwright.sync_api import expect

        if size is not None:
            self.page.set_viewport_size({"width": size[0], "height": size[1]})
        self.open()
        self.wait_for_class("mrp-app")
        expect(self.page.locator(".mrp-status")).to_contain_text("Ready.",
                                                                 timeout=WIDGET_TIMEOUT_MS)
        return self.page

    def open_fm(self, size: tuple[int, int]) -> Any:
        """Load the app at ``size`` (width, height), switch to First Martians and wait for
        its panel; the panel's locator."""
        self.page.set_viewport_size({"width": size[0], "height": size[1]})
        self.open()
        self.wait_for_class("mrp-app")
        self.wait_for_class("game-picker").get_by_role("button", name="First Martians").click()
        return self.wait_for_class("fm-panel")

    def screenshot(self, name: str, full_page: bool = True) -> Path:
        return save_screenshot(self.page, name, full_page)

    def publish_screenshot(self, path: Path) -> Path | None:
        return publish_screenshot(path)


@pytest.fixture
def test_seed() -> int:
    """The seed of the first game in every kernel the test server starts."""
    return TEST_SEED


@pytest.fixture
def app(page: Any, voila_url: str, page_log: PageLog) -> AppDriver:
    return AppDriver(page=page, url=voila_url, log=page_log)


@pytest.fixture(scope="session")
def serve() -> Any:
    """``serve_app`` for tests that need a server of their own (other options)."""
    return serve_app
