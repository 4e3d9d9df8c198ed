"""The app's kernel answering clicks: where its time goes, and garbage collection in a click.

    .venv/bin/python benchmarks/kernel.py [--json] [--clicks N] [--tabs]

Two real kernels (``jupyter_client``), each running ``show_app()`` as Voila does (with
``--tabs``, then opening every tab once, as a visitor who looked at them all, and going back
to the Log: the tabs' widgets and pandas stay in the kernel), take turns
in batches of 10: ``held`` is the app as it is (collection held during a click and done a
moment after, ``mrp_tutor/app/idle_gc.py``); ``automatic`` is the same app with Python's
automatic collection left alone (``idle_gc`` switched off in that kernel before the app is
built). This script plays the page: it sends the *Next* button's click as a comm message on
the shell channel, as the browser does, N times (default 200) in cycles of 40 (Next 40, then
Back 40, not counted), and after each answer waits 0.02-0.3 s (seeded, the same gaps for
both kernels: some clicks come while the held collection is still to come), and reports:

- ``round_trip_ms``: the click sent -> the widget update received on iopub (no browser);
- ``handler_ms`` / ``handler_cpu_ms``: the click's handler in the kernel, wall and CPU time
  (``time.thread_time``);
- ``gc_in_clicks``: collections that ran inside a click's handler (count, total and longest
  pause, by generation) over ``clicks_handled`` (every click: warm-up, Next and Back), and
  ``gc_outside`` the ones that ran elsewhere (ipykernel's own handling of a message, the
  idle collections, start-up).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from ui import summary  # noqa: E402  (the same percentiles as the browser benchmark)

# Run in each kernel before the app is built: records every click's handler and every
# collection (generation, pause, inside a click or not).
PROBE = r"""
import gc as _gc, time as _time, ipywidgets as _W
_REC = {"clicks": [], "gc": []}
_in = [False]
_hb = _W.Button._handle_button_msg
def _timed(self, *a, **kw):
    w, c = _time.perf_counter(), _time.thread_time()
    _in[0] = True
    try:
        return _hb(self, *a, **kw)
    finally:
        _in[0] = False
        _REC["clicks"].append(((_time.perf_counter() - w) * 1e3, (_time.thread_time() - c) * 1e3))
_W.Button._handle_button_msg = _timed
_g0 = [0.0]
def _gcb(phase, info):
    if phase == "start":
        _g0[0] = _time.perf_counter()
    else:
        _REC["gc"].append((info["generation"], (_time.perf_counter() - _g0[0]) * 1e3, _in[0]))
_gc.callbacks.append(_gcb)
"""

AUTOMATIC = """
import contextlib
import mrp_tutor.app.idle_gc as _idle
_idle.during_click = contextlib.nullcontext
_idle.settle = lambda: None
"""

SHOW = """
from mrp_tutor.app import show_app
show_app()
from ipywidgets.widgets.widget import _instances
_ids = {c: next(k for k, w in _instances.items() if c in getattr(w, "_dom_classes", ()))
        for c in ("mrp-next", "mrp-back")}
print("IDS" + __import__("json").dumps(_ids))
"""

TABS = """
import ipywidgets as _W2
_tabs = next(w for w in _instances.values() if isinstance(w, _W2.Tab))
for _i in range(1, len(_tabs.children)):
    _tabs.selected_index = _i
_tabs.selected_index = 0
"""


def execute(kc: Any, code: str) -> str:
    """Run ``code`` in the kernel; its printed output (raises on an error)."""
    msg_id = kc.execute(code)
    out = []
    while True:
        m = kc.get_iopub_msg(timeout=120)
        if m["parent_header"].get("msg_id") != msg_id:
            continue
        if m["msg_type"] == "stream":
            out.append(m["content"]["text"])
        elif m["msg_type"] == "error":
            raise RuntimeError("\n".join(m["content"]["traceback"]))
        elif m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
            return "".join(out)


class Kernel:
    def __init__(self, name: str, setup: str, tabs: bool = False) -> None:
        from jupyter_client.manager import start_new_kernel

        self.name = name
        self.km, self.kc = start_new_kernel(kernel_name="python3", cwd=str(ROOT))
        execute(self.kc, PROBE + setup)
        out = execute(self.kc, SHOW)
        self.ids = json.loads(out.split("IDS", 1)[1])
        if tabs:
            execute(self.kc, TABS)
        self.trips: list[float] = []
        self.gaps = random.Random(7)  # the same reading times for every kernel

    def click(self, which: str, count: bool) -> None:
        """Click a button as the page does; wait for the kernel's update, then idle."""
        content = {"comm_id": self.ids[which],
                   "data": {"method": "custom", "content": {"event": "click"}}}
        msg = self.kc.session.msg("comm_msg", content)
        t0 = time.perf_counter()
        self.kc.shell_channel.send(msg)
        got = None
        while True:
            m = self.kc.get_iopub_msg(timeout=30)
            if m["parent_header"].get("msg_id") != msg["header"]["msg_id"]:
                continue
            if got is None and m["msg_type"] == "comm_msg":
                got = time.perf_counter()
            if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
                break
        if got is None:
            raise RuntimeError(f"{self.name}: no widget update after a click")
        if count:
            self.trips.append((got - t0) * 1e3)
        time.sleep(self.gaps.uniform(0.02, 0.3))  # reading (the held collection: at 0.05 s)

    def record(self) -> dict[str, Any]:
        out = execute(self.kc, "print('REC' + __import__('json').dumps(_REC))")
        rec: dict[str, Any] = json.loads(out.split("REC", 1)[1])
        return rec

    def stop(self) -> None:
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=True)


def gc_summary(pauses: list[tuple[int, float]]) -> dict[str, Any]:
    out = {}
    for gen in (0, 1, 2):
        ms = [p for g, p in pauses if g == gen]
        out[f"gen{gen}"] = {"count": len(ms), "total_ms": round(sum(ms), 2),
                            "max_ms": round(max(ms), 2) if ms else 0.0}
    return out


def report(k: Kernel, counted: list[bool]) -> dict[str, Any]:
    rec = k.record()
    clicks = [c for c, keep in zip(rec["clicks"], counted, strict=True) if keep]
    return {
        "round_trip_ms": summary(k.trips, 3),
        "handler_ms": summary([w for w, _ in clicks], 3),
        "handler_cpu_ms": summary([c for _, c in clicks], 3),
        "clicks_handled": len(rec["clicks"]),
        "gc_in_clicks": gc_summary([(g, p) for g, p, inside in rec["gc"] if inside]),
        "gc_outside": gc_summary([(g, p) for g, p, inside in rec["gc"] if not inside]),
    }


def run(clicks: int, tabs: bool = False) -> dict[str, Any]:
    os.environ.setdefault("MRP_TUTOR_SEED", "3")
    kernels = [Kernel("held", "", tabs), Kernel("automatic", AUTOMATIC, tabs)]
    counted: dict[str, list[bool]] = {k.name: [] for k in kernels}
    try:
        for k in kernels:  # warm up: a cycle each, not counted
            for which in ["mrp-next"] * 10 + ["mrp-back"] * 10:
                k.click(which, False)
                counted[k.name].append(False)
        done = 0
        while done < clicks:
            for k in kernels:
                for _ in range(10):
                    k.click("mrp-next", True)
                    counted[k.name].append(True)
            done += 10
            if done % 40 == 0 or done >= clicks:
                for k in kernels:
                    for _ in range(done % 40 or 40):
                        k.click("mrp-back", False)
                        counted[k.name].append(False)
        return {k.name: report(k, counted[k.name]) for k in kernels}
    finally:
        for k in kernels:
            k.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="one JSON object on stdout")
    ap.add_argument("--clicks", type=int, default=200, help="Next clicks per kernel")
    ap.add_argument("--tabs", action="store_true", help="open every tab before the clicks")
    args = ap.parse_args()
    load_before = os.getloadavg()
    t0 = time.perf_counter()
    res = run(args.clicks, args.tabs)
    out = {"setup": {"python": platform.python_version(), "cpus": os.cpu_count(),
                     "clicks": args.clicks, "tabs": args.tabs,
                     "seconds": round(time.perf_counter() - t0, 1)},
           "loadavg_before": load_before, "loadavg_after": os.getloadavg(), **res}
    if args.json:
        print(json.dumps(out, indent=1))
        return
    for name in ("held", "automatic"):
        r = out[name]
        print(f"{name:10s} round trip p50/p95/p99 {r['round_trip_ms']['p50_ms']:.2f} / "
              f"{r['round_trip_ms']['p95_ms']:.2f} / {r['round_trip_ms']['p99_ms']:.2f} ms; "
              f"handler cpu p50/p95 {r['handler_cpu_ms']['p50_ms']:.2f} / "
              f"{r['handler_cpu_ms']['p95_ms']:.2f} ms, max {r['handler_cpu_ms']['max_ms']:.1f}; "
              f"{r['clicks_handled']} clicks handled")
        for where in ("gc_in_clicks", "gc_outside"):
            print(f"  {where:13s}", "  ".join(f"{g}: {v['count']} ({v['total_ms']} ms, max "
                                             f"{v['max_ms']})" for g, v in r[where].items()))


if __name__ == "__main__":
    main()
