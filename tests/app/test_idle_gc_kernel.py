"""In a real kernel (as Voila runs the app): a click is handled with garbage collection held
back, and the usual thresholds are back a moment after; start-up's objects are frozen.

The kernel is ``benchmarks/kernel.py``'s: ``show_app()`` run as Voila does, clicked through
the button's comm message as the page does."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mrp_tutor.app.idle_gc import HELD_THRESHOLD

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from kernel import Kernel, execute  # benchmarks/kernel.py

WATCH_NEXT = """
import gc, json, sys, ipywidgets
SEEN = []
_instances[_ids["mrp-next"]].on_click(lambda _b: SEEN.append(gc.get_threshold()[0]))
print(gc.get_freeze_count() > 0)
"""


@pytest.fixture
def app_kernel() -> Iterator[Kernel]:
    k = Kernel("test", "")
    try:
        yield k
    finally:
        k.stop()


def test_a_click_in_a_kernel_holds_collection_until_just_after(app_kernel: Kernel) -> None:
    assert execute(app_kernel.kc, WATCH_NEXT).split() == ["True"]  # start-up's objects frozen
    time.sleep(0.2)
    usual = int(execute(app_kernel.kc, "print(gc.get_threshold()[0])"))  # between clicks
    assert usual < HELD_THRESHOLD
    for _ in range(3):
        app_kernel.click("mrp-next", False)
    time.sleep(0.2)  # the collection comes 0.05 s after the answer
    seen = json.loads(execute(app_kernel.kc, "print(json.dumps([SEEN, gc.get_threshold()[0]]))"))
    assert seen == [[HELD_THRESHOLD] * 3, usual]


def test_a_tab_opened_in_a_kernel_is_frozen_after_the_next_collection(
        app_kernel: Kernel) -> None:
    time.sleep(0.2)
    before = int(execute(app_kernel.kc, "import gc, json, sys, ipywidgets\n"
                                        "print(gc.get_freeze_count())"))
    execute(app_kernel.kc, "tabs = next(w for w in _instances.values() "
                           "if isinstance(w, ipywidgets.Tab))\n"
                           "tabs.selected_index = tabs.titles.index('Scores')")
    # Scores (clicked by title, as the page does): builds the tab, imports pandas
    time.sleep(0.3)
    after = json.loads(execute(app_kernel.kc, "print(json.dumps(["
                                              "gc.get_freeze_count(), 'pandas' in sys.modules]))"))
    assert after[1] is True and after[0] > before + 10_000
