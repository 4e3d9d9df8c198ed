"""In a real kernel (as Voila runs the app): a click is handled with garbage collection held
back, and the usual thresholds are back a moment after; start-up's objects are frozen."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mrp_tutor.app.idle_gc import HELD_THRESHOLD

ROOT = Path(__file__).resolve().parents[2]

SETUP = """
import gc, json, ipywidgets
from mrp_tutor.app import show_app
show_app(seed=3)
from ipywidgets.widgets.widget import _instances
nxt = next(w for w in _instances.values() if "mrp-next" in getattr(w, "_dom_classes", ()))
SEEN = []
nxt.on_click(lambda _b: SEEN.append(gc.get_threshold()[0]))
print("ID" + nxt.model_id, gc.get_freeze_count() > 0)
"""


def run(kc: Any, code: str) -> str:
    msg_id = kc.execute(code)
    out = []
    while True:
        m = kc.get_iopub_msg(timeout=60)
        if m["parent_header"].get("msg_id") != msg_id:
            continue
        if m["msg_type"] == "stream":
            out.append(m["content"]["text"])
        if m["msg_type"] == "error":
            raise AssertionError("\n".join(m["content"]["traceback"]))
        if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
            return "".join(out)


@pytest.fixture
def kernel() -> Iterator[Any]:
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3", cwd=str(ROOT))
    try:
        yield kc
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def test_a_click_in_a_kernel_holds_collection_until_just_after(kernel: Any) -> None:
    first = run(kernel, SETUP).split()
    model_id = first[0].removeprefix("ID")
    assert first[1:] == ["True"]  # start-up's objects frozen
    time.sleep(0.2)
    usual = int(run(kernel, "print(gc.get_threshold()[0])"))  # between clicks
    assert usual < HELD_THRESHOLD
    for _ in range(3):  # the page's click: a comm message on the shell channel
        msg = kernel.session.msg("comm_msg", {
            "comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}})
        kernel.shell_channel.send(msg)
        while True:
            m = kernel.get_iopub_msg(timeout=30)
            if (m["parent_header"].get("msg_id") == msg["header"]["msg_id"]
                    and m["msg_type"] == "status"
                    and m["content"]["execution_state"] == "idle"):
                break
        time.sleep(0.2)  # the collection comes 0.05 s after the answer
    seen = json.loads(run(kernel, "print(json.dumps([SEEN, gc.get_threshold()[0]]))"))
    assert seen == [[HELD_THRESHOLD] * 3, usual]


def test_a_tab_opened_in_a_kernel_is_frozen_after_the_next_collection(kernel: Any) -> None:
    run(kernel, SETUP)
    time.sleep(0.2)
    before = int(run(kernel, "print(gc.get_freeze_count())"))
    run(kernel, "tabs = next(w for w in _instances.values() if isinstance(w, ipywidgets.Tab))\n"
                "tabs.selected_index = 1")  # Scores: builds the tab, imports pandas
    time.sleep(0.3)
    after = json.loads(run(kernel, "import sys; print(json.dumps(["
                                   "gc.get_freeze_count(), 'pandas' in sys.modules]))"))
    assert after[1] is True and after[0] > before + 10_000
