"""UI benchmark: the app in Voila + headless Chromium, against bare ipywidgets baselines.

ONE run, ONE server serving a temporary *directory* that holds three notebooks, each rendered
at ``/voila/render/<name>.ipynb``: the app's own server (``python -m mrp_tutor.serve.server DIR``,
as
``make app`` runs it, with its kernel pool, JavaScript gate and kernel cap off, so every page
load starts a fresh kernel), or with ``--server voila`` a plain standalone Voila (``voila DIR``)
(``--server serve-nagle``: the app's server with Nagle's algorithm left on its websockets):

- ``app.ipynb``    a copy of notebooks/app.ipynb (``show_app()``),
- ``button.ipynb`` a bare ipywidgets Button + Label (the round-trip baseline),
- ``blank.ipynb``  the app's imports and one Label, no app (the cold-start baseline).

Measured (all in-page timings, ``performance.now()`` + MutationObserver, no Python polling):

1. click -> last widget updated: ``click()`` -> the *last* DOM mutation the click causes
   anywhere in the app (the step counter must change; the update is over once the app has
   stayed quiet for 300 ms, which is not counted), vs the same measure for a bare Button click
   -> Label.  Three app clicks: *Next* (N clicks, default 200; the goal: app p95 < 50 ms and
   <= 1.5x the button), then *Back* (N clicks, undoing them) and, in Referee mode (every
   colour's options listed), *Play this* on the first option (N clicks).  N over 40 runs in
   cycles of 40 (Next 40, Back 40, ...; Play 40, then 40 uncounted Backs), so a long series
   never reaches the game's end (so the cycles replay the game's first 40 steps: later rounds
   are not measured, and from the second cycle on the kernel's log rows for those steps are
   cached).  200 by default: the p95 of 40 clicks lies between their two slowest, which
   swings by half between runs minutes apart.  Also reported: the
   first mutation, the next frame after the last mutation (``requestAnimationFrame`` then a
   task: style, layout and paint of what changed are done by then), and the websocket frames
   and bytes the page received per click.  Pages stay open side by side and take turns in
   batches of 10 clicks, so load on a shared machine hits every page alike.
   ``--ab REF`` adds the app as it is at git revision REF (exported to a temp folder and put
   first on the kernel's ``sys.path``) as a further page: an A/B comparison in one run.
2. cold start to live widgets: page navigation start (a fresh kernel per page load) ->
   the first widget rendered by the kernel is in the DOM (``.mrp-board .mrp-zone`` for the
   app, ``.bench-ready`` for the blank notebook), K loads each, alternating.  Goal: <= 1.3x.
   An init script watches the document from its creation (no race with a page that has no
   document yet), so the time is exact.

Usage: ``python benchmarks/ui.py [--json] [--clicks N] [--loads K] [--ab REF]
[--server serve|serve-nagle|voila]``.  Needs Chromium
(env CHROMIUM, default /usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import nbformat

ROOT = Path(__file__).resolve().parents[1]
APP_NB = ROOT / "notebooks" / "app.ipynb"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage"]

BUTTON_SRC = """import ipywidgets as widgets
from IPython.display import display
count = {"n": 0}
button = widgets.Button(description="Click", _dom_classes=["bench-button"])
label = widgets.Label(value="0", _dom_classes=["bench-label"])
def on_click(_):
    count["n"] += 1
    label.value = str(count["n"])
button.on_click(on_click)
display(widgets.VBox([button, label], _dom_classes=["bench-root"]))"""

# The same modules the app imports (engine, explain, scenarios, referee, pandas, widgets),
# but no app is built: what is left between the two is the app's own start-up work.
BLANK_SRC = """import ipywidgets as widgets
from IPython.display import display
import mrp_tutor.games.mission_red_planet.ui.tutor_app,
mrp_tutor.games.mission_red_planet.ui.lessons, mrp_tutor.games.mission_red_planet.tables  # noqa:
F401
import mrp_tutor.games.mission_red_planet.scenarios, mrp_tutor.games.mission_red_planet.referee  #
noqa: F401
display(widgets.Label(value="ready", _dom_classes=["bench-ready"]))"""

# click -> last DOM mutation under rootSel; doneSel's text must change (the kernel answered).
# The button is looked up again before every click (a page may redraw it).
CLICK_JS = """
async ([n, btnSel, rootSel, doneSel, quiet]) => {
  const root = document.querySelector(rootSel);
  const done = document.querySelector(doneSel);
  const times = [], first = [], frame = [], msg = [];
  for (let i = 0; i < n; i++) {
    const btn = document.querySelector(btnSel);
    if (!btn) throw new Error("no " + btnSel + " to click");
    const before = done.textContent;
    let last = 0, earliest = 0, painted = 0, seq = 0;
    const obs = new MutationObserver(() => {
      last = performance.now();
      if (!earliest) earliest = last;
      const mine = ++seq;  // the frame after the latest mutation: layout and paint done
      requestAnimationFrame(() => setTimeout(() => {
        if (mine === seq) painted = performance.now();
      }, 0));
    });
    obs.observe(root, {childList: true, subtree: true, characterData: true, attributes: true});
    const ws0 = window.__wsTimes.length;
    const t0 = performance.now();
    btn.click();
    const limit = t0 + 30000;
    while (performance.now() < limit) {
      await new Promise(r => setTimeout(r, 10));
      if (done.textContent !== before && performance.now() - last >= quiet && painted >= last)
        break;
    }
    obs.disconnect();
    if (done.textContent === before) throw new Error("no answer to the click within 30 s");
    times.push(last - t0);
    first.push(earliest - t0);
    frame.push(painted - t0);
    // the last message that arrived before the last mutation: kernel and wire up to it
    const got = window.__wsTimes.slice(ws0).filter(t => t <= last);
    msg.push(got.length ? got[got.length - 1] - t0 : 0);
  }
  return {times, first, frame, msg};
}
"""

# Runs in every new document before its own scripts: the first time a watched selector
# appears, in ms since navigation start.
READY_INIT = """
(() => {
  // arrival time of every websocket message (kernel -> page), before the page handles it
  window.__wsTimes = [];
  const WS = window.WebSocket;
  window.WebSocket = class extends WS {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", () => window.__wsTimes.push(performance.now()));
    }
  };
  const sels = [".mrp-board .mrp-zone", ".bench-ready", ".bench-label"];
  const check = () => {
    if (window.__benchReady) return true;
    if (sels.some(s => document.querySelector(s))) {
      window.__benchReady = performance.now();
      return true;
    }
    return false;
  };
  const obs = new MutationObserver(() => { if (check()) obs.disconnect(); });
  obs.observe(document, {childList: true, subtree: true});
})();
"""


QUIET_MS = 300  # an update is over once the page has not changed for this long


def write_notebooks(folder: Path, ref: str | None = None) -> None:
    shutil.copyfile(APP_NB, folder / "app.ipynb")
    if ref:  # the app at git revision ref, imported from its own exported tree
        tree = folder / "ref-tree"
        tree.mkdir()
        archive = subprocess.run(["git", "archive", ref, "mrp_tutor", "widgets", "scenarios"],
                                 cwd=ROOT, check=True, capture_output=True)
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
        # the engine as compiled here (mypyc) when REF's engine is the same source: else REF's
        # kernel would run it interpreted, slower, and the A/B would not compare the apps
        engine_dir = "mrp_tutor/games/mission_red_planet/engine"
        same = subprocess.run(["git", "diff", "--quiet", ref, "--", engine_dir],
                              cwd=ROOT, check=False).returncode == 0
        for so in (ROOT / engine_dir).rglob("*.so") if same else ():
            shutil.copyfile(so, tree / so.relative_to(ROOT))
        nb = nbformat.read(APP_NB, as_version=4)
        nb.cells[0].source = (f"import sys\nsys.path.insert(0, {str(tree)!r})\n"
                              + nb.cells[0].source)
        nbformat.write(nb, folder / "app_ref.ipynb")
    for name, src in (("button", BUTTON_SRC), ("blank", BLANK_SRC)):
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(src)]
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                     "language": "python"}
        nbformat.write(nb, folder / f"{name}.ipynb")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def pct(xs: list[float], q: float) -> float:
    ys = sorted(xs)
    k = (len(ys) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ys) - 1)
    return ys[lo] + (ys[hi] - ys[lo]) * (k - lo)


def summary(xs: list[float], digits: int = 1) -> dict[str, Any]:
    """Percentiles of times in ms (also used by benchmarks/kernel.py)."""
    return {"n": len(xs), "p50_ms": round(pct(xs, 0.5), digits),
            "p95_ms": round(pct(xs, 0.95), digits), "p99_ms": round(pct(xs, 0.99), digits),
            "over_30_ms": sum(x > 30 for x in xs), "min_ms": round(min(xs), digits),
            "max_ms": round(max(xs), digits), "mean_ms": round(statistics.fmean(xs), digits)}


def ratio_interval(app: list[float], base: list[float], q: float = 0.95,
                   rounds: int = 2000) -> list[float]:
    """A 90% bootstrap interval (seeded) of ``pct(app, q) / pct(base, q)``: how far the ratio
    could move by chance with the same clicks. Clicks come in batches that share the
    machine's mood, so runs minutes apart move further: this is a lower bound of the swing."""
    rng = random.Random(0)
    rs = sorted(pct(rng.choices(app, k=len(app)), q) / pct(rng.choices(base, k=len(base)), q)
                for _ in range(rounds))
    return [round(rs[int(0.05 * rounds)], 2), round(rs[int(0.95 * rounds)], 2)]


BATCH = 10  # clicks per turn when pages take turns


class Wire:
    """Websocket frames each page received (counted per click series)."""

    def __init__(self) -> None:
        self.frames: dict[Any, list[int]] = {}

    def watch(self, page: Any) -> None:
        got = self.frames.setdefault(page, [])
        page.on("websocket", lambda ws: ws.on(
            "framereceived", lambda payload: got.append(len(payload))))

    def mark(self, page: Any) -> tuple[int, int]:
        got = self.frames.get(page, [])
        return len(got), sum(got)


def take_turns(pages: list[tuple[str, Any, list[Any]]], clicks: int, wire: Wire,
               ) -> dict[str, dict[str, Any]]:
    """Each page clicks BATCH times in turn until every page clicked ``clicks`` times."""
    out: dict[str, dict[str, Any]] = {name: {"times": [], "first": [], "frame": [], "msg": [],
                                             "frames": 0, "bytes": 0} for name, _, _ in pages}
    left = clicks
    while left > 0:
        n = min(BATCH, left)
        for name, page, args in pages:
            page.bring_to_front()  # a background tab's timers and frames are throttled
            f0, b0 = wire.mark(page)
            res = page.evaluate(CLICK_JS, [n, *args, QUIET_MS])
            f1, b1 = wire.mark(page)
            o = out[name]
            for k in ("times", "first", "frame", "msg"):
                o[k] += res[k]
            o["frames"] += f1 - f0
            o["bytes"] += b1 - b0
        left -= n
    return out


CYCLE = 40  # steps played before Back takes them back: a game always has this many left


def cycles(clicks: int) -> list[int]:
    """``clicks`` split into runs of at most CYCLE."""
    return [min(CYCLE, clicks - k) for k in range(0, clicks, CYCLE)]


def pool(into: dict[str, dict[str, Any]], res: dict[str, dict[str, Any]]) -> None:
    """Adds one run's figures (lists and counts) to ``into``, page by page."""
    for name, o in res.items():
        got = into.setdefault(name, {k: [] if isinstance(v, list) else 0 for k, v in o.items()})
        for k, v in o.items():
            got[k] += v


def series(res: dict[str, Any]) -> dict[str, Any]:
    n = len(res["times"])
    after = [t - m for t, m in zip(res["times"], res["msg"], strict=True)]
    return {"last_widget_ms": summary(res["times"]), "first_mutation_ms": summary(res["first"]),
            "next_frame_ms": summary(res["frame"]),
            # split of last_widget: kernel + wire up to the last message, then page work
            "last_message_in_ms": summary(res["msg"]), "page_work_after_it_ms": summary(after),
            "ws_frames_per_click": round(res["frames"] / n, 1),
            "ws_bytes_per_click": round(res["bytes"] / n)}


# the app's server as visitors get it (TCP_NODELAY kernel websockets, compressed static files),
# minus what would change what is measured: no pool (a fresh kernel per load), gate or cap
SERVE = ["-m", "mrp_tutor.serve.server", "--preheat_kernel=False", "--TutorVoila.js_gate=False",
         "--TutorVoila.max_kernels=0"]
SERVERS = {
    "serve": SERVE,
    # jupyter_server's own kernel websocket connection (Nagle's algorithm left on): an A/B of
    # mrp_tutor/serve/ws.py alone
    "serve-nagle": [*SERVE, "--TutorVoila.kernel_websocket_connection_class=jupyter_server."
                            "services.kernels.connection.channels.ZMQChannelsWebsocketConnection"],
    "voila": ["-m", "voila"],
}


def run(clicks: int, loads: int, ref: str | None = None, server: str = "serve",
        ) -> dict[str, Any]:
    from playwright.sync_api import expect, sync_playwright

    load_before = os.getloadavg()
    tmp = Path(tempfile.mkdtemp(prefix="mrp-bench-"))
    write_notebooks(tmp, ref)
    port = free_port()
    log = open(tmp / "voila.log", "wb")  # noqa: SIM115 - closed in finally
    t_spawn = time.perf_counter()
    env = {**os.environ, "MRP_TUTOR_SEED": "3"}  # the same game in every run
    voila = subprocess.Popen(
        [sys.executable, *SERVERS[server], str(tmp), "--no-browser", "--Voila.ip=127.0.0.1",
         f"--port={port}", "--Voila.port_retries=0", "--strip_sources=True",
         "--MappingKernelManager.cull_idle_timeout=120",
         "--MappingKernelManager.cull_interval=30"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}/voila/render"
    apps = ["app"] + (["app_ref"] if ref else [])
    try:
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if voila.poll() is not None:
                    raise SystemExit("voila exited; see " + str(tmp / "voila.log")) from None
                time.sleep(0.05)
        server_ready_s = time.perf_counter() - t_spawn
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
            ctx = browser.new_context(viewport={"width": 1280, "height": 900})
            ctx.route("**/*", lambda r: r.abort() if "127.0.0.1" not in r.request.url
                      else r.continue_())
            ctx.add_init_script(READY_INIT)
            wire = Wire()

            def open_page(name: str, ready: str) -> tuple[Any, float]:
                page = ctx.new_page()
                wire.watch(page)
                page.goto(f"{base}/{name}.ipynb", timeout=120_000,
                          wait_until="domcontentloaded")
                expect(page.locator(ready).first).to_be_visible(timeout=120_000)
                page.wait_for_function("window.__benchReady", timeout=120_000)
                t = page.evaluate("window.__benchReady")
                return page, float(t)

            # cold start: a fresh kernel per page load, app and blank alternating
            cold_app: list[float] = []
            cold_blank: list[float] = []
            page, t = open_page("app", ".mrp-board .mrp-zone")  # warm the OS file cache once
            page.close()
            for _ in range(loads):
                for name, ready, into in (("app", ".mrp-board .mrp-zone", cold_app),
                                          ("blank", ".bench-ready", cold_blank)):
                    page, t = open_page(name, ready)
                    into.append(t)
                    page.close()

            # clicks: every page open side by side, taking turns
            pages = {}
            for name in apps:
                page, _ = open_page(name, ".mrp-board .mrp-zone")
                expect(page.locator(".mrp-status")).to_contain_text("Ready.", timeout=60_000)
                pages[name] = page
            bpage, _ = open_page("button", ".bench-label")
            app_args = [".mrp-app", ".mrp-step-count"]
            nxt: dict[str, dict[str, Any]] = {}
            back: dict[str, dict[str, Any]] = {}
            for n in cycles(clicks):  # Next n, then Back n: the game never runs out of steps
                pool(nxt, take_turns([(a, p, ["button.mrp-next", *app_args])
                                      for a, p in pages.items()]
                                     + [("button", bpage, ["button.bench-button", ".bench-root",
                                                           ".bench-label"])], n, wire))
                pool(back, take_turns([(a, p, ["button.mrp-back", *app_args])
                                       for a, p in pages.items()], n, wire))
            for page in pages.values():  # Referee mode: every colour's options are listed
                page.locator(".mrp-mode button", has_text="Referee").click()
                expect(page.locator(".mrp-status")).to_contain_text("Referee mode",
                                                                    timeout=60_000)
            play: dict[str, dict[str, Any]] = {}
            for n in cycles(clicks):  # Play n, then Back n (not counted)
                pool(play, take_turns([(a, p, ["button.mrp-play", *app_args])
                                       for a, p in pages.items()], n, wire))
                take_turns([(a, p, ["button.mrp-back", *app_args])
                            for a, p in pages.items()], n, wire)
            browser.close()
    finally:
        voila.send_signal(signal.SIGTERM)
        try:
            voila.wait(timeout=20)
        except subprocess.TimeoutExpired:
            voila.kill()
        log.close()
    return _report(server, clicks, loads, ref, load_before, server_ready_s, cold_app, cold_blank,
                   nxt, back, play)


def _report(server: str, clicks: int, loads: int, ref: str | None,
            load_before: tuple[float, float, float], server_ready_s: float,
            cold_app: list[float], cold_blank: list[float], nxt: dict[str, dict[str, Any]],
            back: dict[str, dict[str, Any]], play: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The run's figures (what :func:`run` returns) from what it measured."""
    app_s, btn_s = summary(nxt["app"]["times"]), summary(nxt["button"]["times"])
    ca, cb = statistics.median(cold_app), statistics.median(cold_blank)
    out: dict[str, Any] = {
        "setup": {
            "server": f"{' '.join(SERVERS[server])} serving a temp directory; notebooks at "
                      "/voila/render/{app,button,blank}.ipynb; a fresh kernel per page load; "
                      f"pages take turns in batches of {BATCH} clicks",
            "browser": "headless Chromium " + CHROMIUM, "python": platform.python_version(),
            "cpus": os.cpu_count(), "clicks": clicks, "loads_each": loads,
            "server_spawn_to_port_s": round(server_ready_s, 2),
        },
        "loadavg_before": [round(x, 2) for x in load_before],
        "click_to_last_widget_ms": app_s,
        "click_to_first_mutation_ms": summary(nxt["app"]["first"]),
        "bare_button_to_last_widget_ms": btn_s,
        "click_ratio_p50": round(app_s["p50_ms"] / btn_s["p50_ms"], 2),
        "click_ratio_p95": round(app_s["p95_ms"] / btn_s["p95_ms"], 2),
        "click_ratio_p95_interval_90": ratio_interval(nxt["app"]["times"],
                                                      nxt["button"]["times"]),
        "click_goal": {"app_p95_max_ms": 50.0, "ratio_p95_max": 1.5,
                       "met": app_s["p95_ms"] < 50 and app_s["p95_ms"] <= 1.5 * btn_s["p95_ms"]},
        "next": series(nxt["app"]), "back": series(back["app"]), "play": series(play["app"]),
        "bare_button": series(nxt["button"]),
        "loadavg": [round(x, 2) for x in os.getloadavg()],
        "cold_start_app_ms": {"median": round(ca), "all": [round(x) for x in cold_app]},
        "cold_start_blank_same_imports_ms": {"median": round(cb),
                                             "all": [round(x) for x in cold_blank]},
        "cold_ratio": round(ca / cb, 2),
        "cold_goal": {"ratio_max": 1.3, "met": ca <= 1.3 * cb},
    }
    if ref:
        out["ab"] = {"ref": ref, "next": series(nxt["app_ref"]), "back": series(back["app_ref"]),
                     "play": series(play["app_ref"])}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--clicks", type=int, default=200,
                    help="clicks per series (default 200)")
    ap.add_argument("--loads", type=int, default=5)
    ap.add_argument("--ab", metavar="REF", help="also measure the app at git revision REF "
                    "(e.g. main), its page taking turns with this one's")
    ap.add_argument("--server", choices=sorted(SERVERS), default="serve",
                    help="serve: the app's server (python -m mrp_tutor.serve.server, the default); "
                         "serve-nagle: the same with Nagle's algorithm left on the kernel "
                         "websocket; voila: a plain standalone Voila")
    args = ap.parse_args()
    res = run(max(30, args.clicks), max(1, args.loads), args.ab, args.server)
    if args.json:
        print(json.dumps(res, indent=2))
        return
    a, b = res["click_to_last_widget_ms"], res["bare_button_to_last_widget_ms"]
    print(f"click -> last widget    p50 {a['p50_ms']} ms  p95 {a['p95_ms']} ms  (n={a['n']})")
    print(f"bare button -> label    p50 {b['p50_ms']} ms  p95 {b['p95_ms']} ms")
    lo, hi = res["click_ratio_p95_interval_90"]
    print(f"ratio p95 {res['click_ratio_p95']}x (90% bootstrap {lo}-{hi}x)  goal met: "
          f"{res['click_goal']['met']}")
    for key in ("next", "back", "play", "bare_button"):
        r = res[key]
        print(f"{key:12s} last widget p50/p95 {r['last_widget_ms']['p50_ms']}/"
              f"{r['last_widget_ms']['p95_ms']} ms (last message in "
              f"{r['last_message_in_ms']['p50_ms']}, page work "
              f"{r['page_work_after_it_ms']['p50_ms']}), next frame {r['next_frame_ms']['p50_ms']}/"
              f"{r['next_frame_ms']['p95_ms']} ms, {r['ws_frames_per_click']} frames "
              f"{r['ws_bytes_per_click']} B per click")
    if "ab" in res:
        for key in ("next", "back", "play"):
            r = res["ab"][key]
            print(f"{res['ab']['ref']}: {key:6s} last widget p50/p95 "
                  f"{r['last_widget_ms']['p50_ms']}/{r['last_widget_ms']['p95_ms']} ms (last "
                  f"message in {r['last_message_in_ms']['p50_ms']}, page work "
                  f"{r['page_work_after_it_ms']['p50_ms']}), "
                  f"{r['ws_frames_per_click']} frames {r['ws_bytes_per_click']} B per click")
    print(f"load average {res['loadavg_before']} before, {res['loadavg']} after")
    print(f"cold start app {res['cold_start_app_ms']['median']} ms vs blank "
          f"{res['cold_start_blank_same_imports_ms']['median']} ms: ratio {res['cold_ratio']}x"
          f"  goal met: {res['cold_goal']['met']}")


if __name__ == "__main__":
    main()
