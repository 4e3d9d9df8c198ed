"""The Binder layout (binder/postBuild): Voila as a Jupyter server extension, as mybinder.org
runs it, with the configuration postBuild writes.

postBuild runs for real (into a config folder of its own); then a Jupyter server started with
that folder serves ``/voila/render/notebooks/app.ipynb`` to headless Chromium: the app is live
and its kernel websocket sends at once (``TCP_NODELAY``, the setting postBuild writes).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from mrp_tutor.serve.ws import DOTTED

from .conftest import REPO_ROOT, _free_port, run_server, server_sockets_sending_at_once

pytestmark = pytest.mark.browser

POST_BUILD = REPO_ROOT / "binder" / "postBuild"


@pytest.fixture(scope="module")
def config_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("binder-config")
    bin_dir = str(Path(sys.executable).parent)  # jupyter and python of this environment
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(folder),
           "PATH": bin_dir + os.pathsep + os.environ.get("PATH", "")}
    done = subprocess.run(["bash", str(POST_BUILD)], cwd=REPO_ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return folder


@pytest.fixture(scope="module")
def binder_server(config_dir: Path) -> Iterator[tuple[str, Any]]:
    port = _free_port()
    cmd = [sys.executable, "-m", "jupyter_server", "--no-browser", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
           "--IdentityProvider.token=", f"--ServerApp.root_dir={REPO_ROOT}",
           *(["--allow-root"] if os.geteuid() == 0 else [])]
    with run_server(cmd, port, "jupyter-server-binder.log",
                    env={"JUPYTER_CONFIG_DIR": str(config_dir)}) as server:
        yield server


def test_post_build_writes_the_culling_and_the_websocket_settings(config_dir: Path) -> None:
    config = json.loads((config_dir / "jupyter_server_config.json").read_text())
    assert config["MappingKernelManager"]["cull_idle_timeout"] == 120
    assert config["ServerApp"]["shutdown_no_activity_timeout"] == 900
    assert config["ServerApp"]["kernel_websocket_connection_class"] == DOTTED


def test_the_app_is_live_and_its_kernel_websocket_sends_at_once(
        binder_server: tuple[str, Any], browser: Any) -> None:
    base, proc = binder_server
    port = int(base.rstrip("/").rsplit(":", 1)[1])
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(base + "voila/render/notebooks/app.ipynb", timeout=60_000)
        expect(page.locator(".mrp-board .mrp-zone").first).to_be_visible(timeout=60_000)
        expect(page.locator(".mrp-status")).to_contain_text("Ready.", timeout=60_000)
        steps = page.locator(".mrp-step-count")
        before = steps.inner_text()
        page.locator("button.mrp-next").click()  # a step played through the kernel websocket
        expect(steps).not_to_have_text(before, timeout=60_000)
        flags = server_sockets_sending_at_once(proc, port, expect=1)
        assert flags.count(True) == 1, flags  # the kernel websocket; idle HTTP ones not
    finally:
        ctx.close()
