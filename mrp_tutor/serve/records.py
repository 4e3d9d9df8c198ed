"""A game that survives its kernel (used by :mod:`mrp_tutor.serve.server`).

- **The record stays on the server.**  At start the server makes a private folder (mode
  0700) and hands it to every kernel (env ``MRP_RECORD_DIR``); each kernel keeps its
  visitor's game there after every click (:mod:`mrp_tutor.app.keep`, and the game's own record).
  Nothing of it goes
  to the page.
- **A dead kernel is not restarted.**  ``KernelRestarter.restart_limit=0``: a kernel that
  dies (the out-of-memory killer, a crash) is removed and its page is told ``dead`` on the
  kernel websocket, instead of a bare kernel being started in its place (which costs a
  kernel start and shows a page of broken widgets).
- **The page says so, in words.**  A small script put at the top of the app page watches
  the page's own kernel websocket: on ``dead`` or ``restarting``, or when the socket closes
  and the kernel is gone, it shows "The connection to your game was lost" and one button.
- **One click brings the game back.**  The button loads ``?mrp_restore=<old kernel>``; the
  server checks the browser is that kernel's visitor (:mod:`mrp_tutor.serve.owner`), takes
  the record out of the folder and starts a fresh kernel (not from the pool) with env
  ``MRP_RESTORE_FROM`` naming it; the app replays the log through the engine's ``replay``
  and sets the seat, view, mode and tab again.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import tempfile
import time
from pathlib import Path

from mrp_tutor.app.keep import GAMES_SUFFIX, RECORD_ENV, RESTORE_ENV

KERNEL_ID_RE = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
# the game's header, events, steps (undo), the other games (optional, like the steps)
SUFFIXES = (".meta.json", ".log", ".steps", GAMES_SUFFIX)
REQUIRED = 2  # a record without its steps comes back without its undo stack
KEEP_S = 3600.0  # a dead kernel's record waits this long for its visitor's click
RESTORE_ARG = "mrp_restore"


class Records:
    """The server's folder of game records, one pair of files per kernel id."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="mrp-records-"))  # mode 0700
        os.environ[RECORD_ENV] = str(self.folder)  # every kernel started from now on

    def _files(self, name: str) -> list[Path]:
        return [self.folder / (name + s) for s in SUFFIXES]

    def take(self, kernel_id: str) -> str | None:
        """Move ``kernel_id``'s record aside for one restore; its path base (None: none)."""
        if not KERNEL_ID_RE.fullmatch(kernel_id):
            return None
        old = self._files(kernel_id)
        if not old[0].exists():
            return None
        name = "restore-" + secrets.token_hex(16)
        for i, (src, dst) in enumerate(zip(old, self._files(name), strict=True)):
            try:
                os.replace(src, dst)
            except FileNotFoundError:
                if i < REQUIRED:
                    return None
        return str(self.folder / name)

    def discard(self, kernel_id: str) -> None:
        """Forget a kernel's record (its tab closed: the visitor left)."""
        if KERNEL_ID_RE.fullmatch(kernel_id):
            for p in self._files(kernel_id):
                p.unlink(missing_ok=True)

    def prune(self) -> None:
        """Remove records nobody came back for within :data:`KEEP_S`."""
        old = time.time() - KEEP_S
        for p in self.folder.iterdir():
            try:
                if p.stat().st_mtime < old:
                    p.unlink()
            except OSError:
                continue

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


def restore_env(path: str) -> dict[str, str]:
    return {RESTORE_ENV: path}


# The page's watch on its kernel.  Runs before Voila's own scripts (it is put right after
# <head>), so the kernel websocket the front-end opens is one it watches.
LOST_SCRIPT = """<script>(function () {
  var Native = window.WebSocket, shown = false;
  function config() {
    try { return JSON.parse(document.getElementById("jupyter-config-data").textContent); }
    catch (e) { return {}; }
  }
  function kernelId() { return config().kernelId || ""; }
  function lost() {
    if (shown) { return; }
    shown = true;
    var box = document.createElement("div");
    box.className = "mrp-lost";
    box.setAttribute("role", "alertdialog");
    box.setAttribute("aria-live", "assertive");
    box.setAttribute("style", "position:fixed;z-index:10000;left:0;right:0;top:0;" +
      "padding:14px 16px;background:#fff4e5;border-bottom:3px solid #b35c00;" +
      "font:16px/1.4 sans-serif;color:#222;box-shadow:0 2px 8px rgba(0,0,0,.25)");
    var p = document.createElement("p");
    p.style.margin = "0 0 8px";
    p.textContent = "The connection to your game was lost: the server's part of it " +
      "stopped. Your game is kept on the server; one click brings it back where you " +
      "left it.";
    var b = document.createElement("button");
    b.className = "mrp-restore";
    b.textContent = "Bring my game back";
    b.setAttribute("style", "font-size:16px;padding:6px 14px;cursor:pointer");
    b.onclick = function () {
      b.disabled = true;
      var q = new URLSearchParams(location.search);
      q.set("mrp_js", "1");
      q.set("MRP_ARG", kernelId());
      location.replace(location.pathname + "?" + q.toString());
    };
    box.appendChild(p);
    box.appendChild(b);
    document.body.appendChild(box);
  }
  function watch(ws) {
    ws.addEventListener("message", function (ev) {
      var state = "";
      try {
        if (typeof ev.data === "string") {
          var m = JSON.parse(ev.data);
          if (m.channel === "iopub" && m.header.msg_type === "status") {
            state = m.content.execution_state;
          }
        } else if (ev.data instanceof ArrayBuffer) {
          var v = new DataView(ev.data), n = Number(v.getBigUint64(0, true)), o = [];
          for (var i = 1; i <= n; i++) { o.push(Number(v.getBigUint64(8 * i, true))); }
          var d = new TextDecoder(), u = new Uint8Array(ev.data);
          if (d.decode(u.subarray(o[0], o[1])) === "iopub" &&
              JSON.parse(d.decode(u.subarray(o[1], o[2]))).msg_type === "status") {
            state = JSON.parse(d.decode(u.subarray(o[4], o[5]))).execution_state;
          }
        }
      } catch (e) { return; }
      if (state === "dead" || state === "restarting") { lost(); }
    });
    ws.addEventListener("close", function () {
      var id = kernelId();
      if (!id || shown) { return; }
      fetch((config().baseUrl || "/") + "api/kernels/" + id,
            {credentials: "same-origin"})
        .then(function (r) { if (r.status === 404) { lost(); } })
        .catch(function () {});
    });
  }
  function Watched(url, protocols) {
    var ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    if (/\\/api\\/kernels\\/[^/]+\\/channels/.test(String(url))) { watch(ws); }
    return ws;
  }
  Watched.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (k) { Watched[k] = Native[k]; });
  window.WebSocket = Watched;
  if (location.search.indexOf("MRP_ARG=") >= 0 && window.history.replaceState) {
    var q = new URLSearchParams(location.search);
    q.delete("MRP_ARG");  // a reload later is a new visit, not this restore again
    window.history.replaceState(null, "", location.pathname + "?" + q.toString() +
                                location.hash);
  }
})();</script>""".replace("MRP_ARG", RESTORE_ARG)
