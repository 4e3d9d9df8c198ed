"""Opt-in: a real JupyterHub on loopback serving the app per user (deploy/jupyterhub).

Run with ``MRP_HUB_TEST=1`` (and ``MRP_HUB_CHP=/path/to/configurable-http-proxy`` unless it is on
PATH; ``pip install jupyterhub jupyterhub-idle-culler`` and ``npm install
configurable-http-proxy`` first).  Skipped otherwise: CI does not install a hub.

What it checks, with headless Chromium: HUB_USERS visitors log in (dummy authenticator) at
once; each lands on the Voila app in their own server and plays a step; closing a tab stops
that user's kernel; the idle culler then stops every user's server.  It prints what each
visitor cost (seconds until live, RSS of the user's server + kernel, CPU seconds of the
hub's process tree per visitor).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import psutil
import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.skipif(
    os.environ.get("MRP_HUB_TEST") != "1", reason="opt-in: MRP_HUB_TEST=1 runs a JupyterHub")]

REPO = Path(__file__).resolve().parents[2]
CONFIG = REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py"
USERS = int(os.environ.get("HUB_USERS", "3"))
IDLE_S = 90
ACTIVITY_EVERY_S = 10
CULL_EVERY_S = 5


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def live_children(proc: psutil.Process, word: str) -> list[psutil.Process]:
    """Running descendants whose command line contains ``word`` (exited ones are not)."""
    out = []
    try:
        children = proc.children(recursive=True)
    except psutil.Error:
        return []
    for p in children:
        try:
            if p.status() != psutil.STATUS_ZOMBIE and word in " ".join(p.cmdline()):
                out.append(p)
        except psutil.Error:
            continue
    return out


def singleuser(hub: psutil.Process) -> list[psutil.Process]:
    return live_children(hub, "jupyterhub-singleuser")


def kernels_of(server: psutil.Process) -> list[psutil.Process]:
    return live_children(server, "ipykernel")


def tree_cpu(proc: psutil.Process) -> float:
    total = 0.0
    for p in [proc, *proc.children(recursive=True)]:
        try:
            t = p.cpu_times()
            total += t.user + t.system + t.children_user + t.children_system
        except psutil.Error:
            continue
    return total


def wait_for(cond: Any, timeout: float, what: str) -> float:
    t0 = time.monotonic()
    while not cond():
        assert time.monotonic() - t0 < timeout, f"{what}: not within {timeout:.0f} s"
        time.sleep(0.25)  # poll interval of the probe
    return time.monotonic() - t0


def test_jupyterhub_serves_the_app_per_user_and_culls_idle_servers(browser: Any) -> None:
    chp = os.environ.get("MRP_HUB_CHP") or shutil.which("configurable-http-proxy")
    if not chp or shutil.which("jupyterhub", path=str(Path(sys.executable).parent)) is None:
        pytest.fail("MRP_HUB_TEST=1 needs jupyterhub (pip) and configurable-http-proxy (npm)")
    port = _free_port()
    state = Path(tempfile.mkdtemp(prefix="mrp-hub-"))
    env = {**os.environ, "MRP_HUB_PORT": str(port), "MRP_HUB_STATE": str(state),
           "MRP_HUB_CHP": chp, "MRP_HUB_IDLE": str(IDLE_S),
           "MRP_HUB_CULL_EVERY": str(CULL_EVERY_S),
           "MRP_HUB_ACTIVITY_EVERY": str(ACTIVITY_EVERY_S), "MRP_HUB_HUB_PORT": str(_free_port()),
           "MRP_HUB_API_PORT": str(_free_port()),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    log = (state / "hub.log").open("wb")
    hub = subprocess.Popen([str(Path(sys.executable).parent / "jupyterhub"), "-f", str(CONFIG)],
                           cwd=state, env=env, stdout=log, stderr=subprocess.STDOUT,
                           stdin=subprocess.DEVNULL)
    hub_ps = psutil.Process(hub.pid)
    base = f"http://127.0.0.1:{port}"
    contexts = []
    try:
        def login_page_up() -> bool:  # the proxy answers before the hub's route is in
            try:
                with urllib.request.urlopen(f"{base}/hub/login", timeout=5) as r:
                    return bool(r.status == 200)
            except OSError:
                assert hub.poll() is None, f"hub exited; see {state / 'hub.log'}"
                return False

        wait_for(login_page_up, 120, "hub start")
        cpu0 = tree_cpu(hub_ps)
        pages = []
        t0 = time.monotonic()
        for i in range(USERS):  # every visitor starts logging in before anyone is served
            ctx = browser.new_context()
            ctx.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base)
                      else r.abort())
            contexts.append(ctx)
            page = ctx.new_page()
            page.goto(f"{base}/hub/login", timeout=60_000)
            try:
                page.locator("#username_input").fill(f"visitor{i}", timeout=60_000)
            except Exception:
                page.screenshot(path=str(state / f"login-{i}.png"))
                raise
            page.locator("#login_submit").click()
            pages.append(page)
        live = []
        for page in pages:
            expect(page.locator(".mrp-board .mrp-zone").first).to_be_visible(timeout=180_000)
            expect(page.locator(".mrp-status")).to_contain_text("Ready.", timeout=60_000)
            live.append(time.monotonic() - t0)
        for page in pages:
            counter = page.locator(".mrp-step-count")
            before = counter.inner_text()
            page.locator("button.mrp-next").click()
            expect(counter).not_to_have_text(before, timeout=30_000)
        servers = singleuser(hub_ps)
        assert len(servers) == USERS
        rss = []
        for s in servers:
            rss.append(sum(p.memory_info().rss for p in [s, *kernels_of(s)]) / 2**20)
            assert len(kernels_of(s)) == 1
        cpu_per_user = (tree_cpu(hub_ps) - cpu0) / USERS
        # closing a tab stops that user's kernel (the page's shutdown call is accepted)
        first_server = next(s for s in servers if s.environ().get("JUPYTERHUB_USER") == "visitor0")
        pages[0].close(run_before_unload=True)
        gone = wait_for(lambda: not kernels_of(first_server), 60, "kernel of a closed tab")
        for ctx in contexts:
            ctx.close()
        contexts.clear()
        limit = IDLE_S + 2 * ACTIVITY_EVERY_S + 4 * CULL_EVERY_S + 60
        culled = wait_for(lambda: not singleuser(hub_ps), limit, "idle culling of user servers")
        print(f"\nhub loopback: {USERS} visitors; live after {[round(x, 1) for x in live]} s; "
              f"RSS per user (server + kernel) {[round(x) for x in rss]} MiB; "
              f"CPU {cpu_per_user:.1f} s per visitor (hub tree, login to first step); "
              f"closed tab's kernel gone in {gone:.1f} s; idle servers culled "
              f"{culled:.0f} s after the tabs closed (timeout {IDLE_S} s)")
    finally:
        for ctx in contexts:
            ctx.close()
        procs = [hub_ps, *hub_ps.children(recursive=True)] if hub.poll() is None else []
        if hub.poll() is None:
            hub.send_signal(signal.SIGTERM)
            try:
                hub.wait(timeout=30)
            except subprocess.TimeoutExpired:
                hub.kill()
        try:  # the proxy and user servers the hub started, if still there
            proxy = int((state / "proxy.pid").read_text())
            procs.append(psutil.Process(proxy))
        except (OSError, ValueError, psutil.Error):
            pass
        for p in procs:
            try:
                if p.pid != hub.pid:
                    p.kill()
            except psutil.Error:
                pass
        log.close()
