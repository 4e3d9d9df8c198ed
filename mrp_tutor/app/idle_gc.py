"""Python's cyclic garbage collector kept out of a click's way.

Left to itself, collection ran inside clicks, before their answers went to the page: now
and then a young or middle generation (up to ~2 ms), and once in a few hundred clicks a
full collection that walked every object the kernel held (40-76 ms), a stutter a visitor
sees (``benchmarks/kernel.py`` measures both ways in real kernels).

So, in a kernel whose event loop is running (Voila, Jupyter):

- :func:`settle` (called once the app is shown) freezes what exists then (the imported
  modules, the card data, the app's widgets): a full collection no longer walks them;
  :func:`settle_later` (a tab built) freezes again after the next held collection;
- :func:`during_click` holds automatic collection back while a click is handled (its answer
  included) and collects the young generations a moment after, while the visitor reads
  (every ``FULL_EVERY``-th time, every generation). A new click in that moment is not
  delayed by a collection it did not need.

Held back, not off: the youngest generation's threshold is raised to ``HELD_THRESHOLD``
objects (a *Next* leaves a few hundred), so a long task (a round played to its end, a table
built) still collects and its memory stays bounded.

Without a running event loop (a script, the tests), or in another thread, a click changes
nothing: collection stays automatic. Collection that was off (someone's own choice) is left
off, and thresholds someone set while a collection was to come are kept. A collection
promised on an event loop that closed before running it is done at the next click.
"""

from __future__ import annotations

import asyncio
import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

DELAY_S = 0.05  # after a click's answer: the page is drawing it, the visitor reading
FULL_EVERY = 25  # one idle collection in this many collects every generation
HELD_THRESHOLD = 20_000  # the youngest generation's threshold during a click


class _State:
    depth = 0  # clicks being handled (a handler may call another)
    held: tuple[int, ...] | None = None  # the thresholds we raised (None: not held)
    pending: asyncio.TimerHandle | None = None  # the collection to come
    loop: asyncio.AbstractEventLoop | None = None  # the loop that will run it
    collects = 0
    settled = False
    refreeze = False  # a tab was built since the last freeze


_S = _State()


def settle() -> None:
    """Freeze the objects alive now (start-up's, kept for the kernel's life), once per
    process: later full collections do not walk them.

    No collection first: in the app's kernel it found some 40 unreachable objects of ~100,000
    and cost ~30 ms of CPU per kernel (a pool of 50 starting at once: ~1.5 s). In a kernel
    where someone also runs their own code (JupyterLab), their objects alive now are frozen
    too: any of them that later becomes garbage in a reference cycle is never freed."""
    if _S.settled:
        return
    _S.settled = True
    gc.freeze()


def settle_later() -> None:
    """What a tab just built holds (its widgets, the modules it imported: pandas, ~60,000
    objects) stays for the kernel's life too: at the next held collection, a full one, then
    freeze. Only in a settled kernel (never in a process that builds many apps, the tests,
    where freezing would keep apps gone)."""
    if _S.settled:
        _S.refreeze = True


@contextmanager
def during_click() -> Iterator[None]:
    """Hold automatic collection back while a click is handled; collect soon after it.

    Only in the main thread (where a kernel runs widget callbacks) with an event loop
    running there; elsewhere a click changes nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    try:
        loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    if _S.pending is not None and _S.loop is not loop:
        _S.pending.cancel()  # promised on a loop that will not run it (closed, or another)
        collect_now()
    if loop is None:
        yield
        return
    if _S.depth == 0 and _S.held is None and gc.isenabled() and gc.get_threshold()[0] > 0:
        _S.held = gc.get_threshold()
        gc.set_threshold(max(_S.held[0], HELD_THRESHOLD), *_S.held[1:])
    _S.depth += 1
    try:
        yield
    finally:
        _S.depth -= 1
        if _S.depth == 0 and _S.held is not None and _S.pending is None:
            _S.loop = loop
            _S.pending = loop.call_later(DELAY_S, collect_now)


def collect_now() -> None:
    """The collection held during clicks (the young generations; now and then all), then
    the thresholds as they were, unless someone set others meanwhile (theirs stay). Does
    nothing while a click is being handled."""
    _S.pending = None
    held = _S.held
    if _S.depth or held is None:
        return
    _S.collects += 1
    if gc.isenabled():
        gc.collect(2 if _S.refreeze or _S.collects % FULL_EVERY == 0 else 1)
        if _S.refreeze:
            gc.freeze()
            _S.refreeze = False
    if gc.get_threshold() == (max(held[0], HELD_THRESHOLD), *held[1:]):
        gc.set_threshold(*held)
    _S.held = None
