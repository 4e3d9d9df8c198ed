"""Garbage collection held during a click and done a moment after (mrp_tutor/app/idle_gc.py)."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator
from typing import Any

import pytest

from mrp_tutor.app import idle_gc
from mrp_tutor.app.idle_gc import DELAY_S, FULL_EVERY, HELD_THRESHOLD, during_click


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    was, thresholds = gc.isenabled(), gc.get_threshold()
    saved = (idle_gc._S.depth, idle_gc._S.held, idle_gc._S.pending, idle_gc._S.collects,
             idle_gc._S.settled, idle_gc._S.loop, idle_gc._S.refreeze)
    idle_gc._S.depth, idle_gc._S.held, idle_gc._S.pending, idle_gc._S.collects = 0, None, None, 0
    idle_gc._S.loop = None
    gc.enable()
    yield
    (idle_gc._S.depth, idle_gc._S.held, idle_gc._S.pending, idle_gc._S.collects,
     idle_gc._S.settled, idle_gc._S.loop, idle_gc._S.refreeze) = saved
    gc.set_threshold(*thresholds)
    if was:
        gc.enable()
    else:
        gc.disable()


def held() -> bool:
    """Automatic collection is held back (the youngest generation's threshold raised)."""
    return gc.get_threshold()[0] == HELD_THRESHOLD


def in_loop(body: Any) -> Any:
    """Run ``body`` (an async function) in a fresh event loop, as a kernel's handlers run."""
    return asyncio.run(body())


def test_without_an_event_loop_a_click_leaves_collection_alone() -> None:
    with during_click():
        assert not held()
    assert not held() and idle_gc._S.pending is None


def test_collection_is_held_during_the_click_and_done_a_moment_after() -> None:
    async def body() -> list[Any]:
        seen: list[Any] = []
        young = gc.get_stats()[0]["collections"]
        with during_click():
            seen.append(held())
            keep: list[list[int]] = [[] for _ in range(5000)]  # > the usual threshold
            seen.append(gc.get_stats()[0]["collections"] - young)
        await asyncio.sleep(0)  # the loop turns: the answer is out, the visitor is reading
        seen.append(held())
        before = gc.get_stats()[1]["collections"]
        await asyncio.sleep(DELAY_S * 3)
        seen += [held(), gc.get_stats()[1]["collections"] - before, gc.get_count()[0]]
        del keep
        return seen

    during, collected_during, right_after, later, collected, young = in_loop(body)
    assert during is True and collected_during == 0 and right_after is True
    assert later is False and collected == 1
    assert young < gc.get_threshold()[0]


def test_a_long_task_in_a_click_still_collects() -> None:
    async def body() -> int:
        young = gc.get_stats()[0]["collections"]
        with during_click():
            keep: list[list[int]] = [[] for _ in range(HELD_THRESHOLD * 3)]
            del keep
        await asyncio.sleep(DELAY_S * 3)
        return int(gc.get_stats()[0]["collections"] - young)

    assert in_loop(body) >= 2


def test_a_click_inside_a_click_schedules_one_collection() -> None:
    async def body() -> tuple[bool, Any, bool]:
        with during_click():
            with during_click():
                pass
            inner_left_it_held = held() and idle_gc._S.pending is None
        pending = idle_gc._S.pending
        with during_click():  # a second click before the collection: still one pending
            pass
        same = idle_gc._S.pending is pending
        await asyncio.sleep(DELAY_S * 3)
        return inner_left_it_held, pending, same

    inner_left_it_held, pending, same = in_loop(body)
    assert inner_left_it_held and pending is not None and same
    assert not held()


def test_collection_someone_turned_off_stays_off() -> None:
    gc.disable()

    async def body() -> None:
        with during_click():
            pass
        await asyncio.sleep(DELAY_S * 3)

    in_loop(body)
    assert not gc.isenabled()
    assert idle_gc._S.pending is None and idle_gc._S.held is None and not held()


def test_every_full_every_th_collection_takes_every_generation() -> None:
    async def body() -> int:
        full = gc.get_stats()[2]["collections"]
        for _ in range(FULL_EVERY):
            with during_click():
                pass
            await asyncio.sleep(DELAY_S * 2)
        return int(gc.get_stats()[2]["collections"] - full)

    assert in_loop(body) == 1


def test_a_collection_due_during_a_click_waits_for_its_end() -> None:
    async def body() -> tuple[bool, bool]:
        with during_click():
            idle_gc.collect_now()  # e.g. a timer that fired as the click began
            still_held = held()
        await asyncio.sleep(DELAY_S * 3)
        return still_held, not held()

    assert in_loop(body) == (True, True)


def test_an_app_click_is_handled_with_collection_held(make_app: Any) -> None:
    app = make_app(3)
    seen: list[bool] = []

    async def body() -> None:
        app.guard(lambda: seen.append(held()))()
        seen.append(idle_gc._S.pending is not None)
        await asyncio.sleep(DELAY_S * 3)
        seen.append(held())

    in_loop(body)
    assert seen == [True, True, False]


def test_settle_freezes_start_up_objects_once() -> None:
    idle_gc._S.settled = False
    try:
        idle_gc.settle()
        frozen = gc.get_freeze_count()
        assert frozen > 0
        later: list[list[int]] = [[] for _ in range(100)]  # new: not to be frozen
        idle_gc.settle()
        assert gc.get_freeze_count() == frozen
        del later
    finally:
        gc.unfreeze()


def test_a_threshold_of_zero_means_off_and_stays_so() -> None:
    gc.set_threshold(0)

    async def body() -> int:
        with during_click():
            during = gc.get_threshold()[0]
        await asyncio.sleep(DELAY_S * 3)
        return during

    assert in_loop(body) == 0
    assert gc.get_threshold()[0] == 0 and idle_gc._S.pending is None


def test_thresholds_someone_set_meanwhile_are_kept() -> None:
    async def body() -> None:
        with during_click():
            pass
        gc.set_threshold(500, 5, 5)  # a notebook cell run just after the click
        await asyncio.sleep(DELAY_S * 3)

    in_loop(body)
    assert gc.get_threshold() == (500, 5, 5)


def test_a_collection_promised_on_a_closed_loop_is_done_at_the_next_click() -> None:
    usual = gc.get_threshold()

    async def click() -> None:
        with during_click():
            pass

    in_loop(click)  # the loop closes before the collection is due
    assert held() and idle_gc._S.pending is not None
    with during_click():  # no loop now: the promise is kept at once
        pass
    assert gc.get_threshold() == usual and idle_gc._S.pending is None
    in_loop(click)  # and a later loop holds and collects again
    assert held()
    with during_click():
        pass
    assert gc.get_threshold() == usual


def test_a_click_in_another_thread_changes_nothing() -> None:
    import threading

    seen: list[bool] = []

    def worker() -> None:
        async def body() -> None:
            with during_click():
                seen.append(held())
            seen.append(idle_gc._S.pending is None)

        asyncio.run(body())

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    assert seen == [False, True]


def test_a_tab_built_in_a_settled_kernel_is_frozen_after_the_next_collection() -> None:
    idle_gc._S.settled = True
    try:
        async def body() -> tuple[int, int, int, int]:
            frozen, full = gc.get_freeze_count(), gc.get_stats()[2]["collections"]
            with during_click():
                tab: list[list[int]] = [[] for _ in range(1000)]  # what the tab holds
                idle_gc.settle_later()
            right_after = gc.get_freeze_count()
            await asyncio.sleep(DELAY_S * 3)
            got = (frozen, right_after, gc.get_freeze_count(),
                   int(gc.get_stats()[2]["collections"] - full))
            del tab
            return got

        frozen, right_after, later, full = in_loop(body)
        assert right_after == frozen  # not while the click is handled
        assert later >= frozen + 1000 and full == 1  # a full collection, then the freeze
        assert idle_gc._S.refreeze is False
    finally:
        gc.unfreeze()


def test_a_tab_built_in_a_process_never_settled_freezes_nothing() -> None:
    idle_gc._S.settled = False

    async def body() -> tuple[int, int]:
        frozen = gc.get_freeze_count()
        with during_click():
            idle_gc.settle_later()
        await asyncio.sleep(DELAY_S * 3)
        return frozen, gc.get_freeze_count()

    frozen, later = in_loop(body)
    assert later == frozen and idle_gc._S.refreeze is False
