"""JupyterHub serving the tutor to many visitors: each user's own server runs the Voila app.

Tested on loopback by ``MRP_HUB_TEST=1 pytest tests/browser/test_hub_loopback.py`` (local
processes, dummy logins).  For a public deployment keep this file and change three things:
a real authenticator (or ``tmpauthenticator`` for anonymous visitors, as Binder does), a
container spawner (DockerSpawner / KubeSpawner with ``mem_limit``/``cpu_limit``: in a user
server Voila runs as a Jupyter server extension, which lets that user run code in the
server's account), and TLS in front of the proxy.

Environment (all optional):
  MRP_HUB_IP / MRP_HUB_PORT     where the proxy listens (127.0.0.1:8000)
  MRP_HUB_HUB_PORT / MRP_HUB_API_PORT  the hub's and the proxy API's loopback ports
  MRP_HUB_STATE                 folder for the database, cookie secret, users' homes
  MRP_HUB_CHP                   the configurable-http-proxy command (npm package)
  MRP_HUB_AUTH                  authenticator ("dummy": any name logs in; set a real one)
  MRP_HUB_IDLE / MRP_HUB_CULL_EVERY  seconds without activity before a user's server is
                                stopped, and how often the culler looks (600 / 60)
  MRP_HUB_ACTIVITY_EVERY        how often activity reaches the hub (300; keep it well
                                under MRP_HUB_IDLE)
  MRP_HUB_MAX_USERS             most running user servers; more get JupyterHub's "try again
                                in a few minutes" page (40)
  MRP_HUB_MAX_SPAWNS            most servers starting at once (4)
"""

# ruff: noqa: F821  (get_config is provided by JupyterHub when it loads this file)
from __future__ import annotations

import os
import sys
from pathlib import Path

c = get_config()
REPO = Path(__file__).resolve().parents[2]
STATE = Path(os.environ.get("MRP_HUB_STATE", "/tmp/mrp-hub"))
STATE.mkdir(parents=True, exist_ok=True)
IDLE = int(os.environ.get("MRP_HUB_IDLE", "600"))
CULL_EVERY = int(os.environ.get("MRP_HUB_CULL_EVERY", "60"))
ACTIVITY_EVERY = int(os.environ.get("MRP_HUB_ACTIVITY_EVERY", "300"))

c.JupyterHub.ip = os.environ.get("MRP_HUB_IP", "127.0.0.1")
c.JupyterHub.port = int(os.environ.get("MRP_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("MRP_HUB_HUB_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ.get('MRP_HUB_API_PORT', '8001')}"
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.ConfigurableHTTPProxy.command = [os.environ.get("MRP_HUB_CHP", "configurable-http-proxy")]
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")

c.JupyterHub.authenticator_class = os.environ.get("MRP_HUB_AUTH", "dummy")
c.Authenticator.allow_all = True

# Each user: their own Jupyter server, opened on the app (Voila as a server extension).
c.JupyterHub.spawner_class = "simple"  # local processes; use a container spawner in public
c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "users" / "{username}")
c.Spawner.notebook_dir = str(REPO)
c.Spawner.default_url = "/voila/render/notebooks/app.ipynb"
c.Spawner.environment = {"PYTHONPATH": str(REPO),
                         "JUPYTERHUB_ACTIVITY_INTERVAL": str(ACTIVITY_EVERY)}
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.Spawner.args = [
    # the app's kernel goes when its tab goes quiet (a closed tab, a lost connection)
    "--MappingKernelManager.cull_idle_timeout=60",
    "--MappingKernelManager.cull_interval=10",
    "--VoilaConfiguration.strip_sources=True",
    "--VoilaConfiguration.allow_template_override=NO",
    "--VoilaConfiguration.allow_theme_override=NO",
    # a click's answer is sent at once, not after a delayed acknowledgement (TCP_NODELAY)
    "--ServerApp.kernel_websocket_connection_class=mrp_tutor.serve.ws.NoDelayConnection",
    *(["--allow-root"] if os.geteuid() == 0 else []),
]

# Capacity: a cap on running servers and on servers starting at once (JupyterHub answers
# the visitors past it with a "try again in a few minutes" page, not a failure).
c.JupyterHub.active_server_limit = int(os.environ.get("MRP_HUB_MAX_USERS", "40"))
c.JupyterHub.concurrent_spawn_limit = int(os.environ.get("MRP_HUB_MAX_SPAWNS", "4"))

# Idle culling: a user's whole server is stopped after IDLE seconds without activity (as
# the hub sees it: the proxy's and the servers' reports, every ACTIVITY_EVERY seconds).
c.JupyterHub.last_activity_interval = ACTIVITY_EVERY
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={IDLE}",
                f"--cull-every={CULL_EVERY}"],
}]
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]
