"""What the app's background thinkers share (the bots' turns, the hint, the post-game review):
a stop flag the worker polls, and the kernel's running event loop, if any."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Generator
from typing import Any, TypeVar

T = TypeVar("T")

#: seconds of work between two pauses where there are no threads (the browser): the page's
#: messages (a Stop, a tab) and the progress shown are handled in the pauses
SLICE = 0.1


class Stoppable:
    """One piece of background work: the thread polls :meth:`is_stopped`."""

    def __init__(self) -> None:
        self.stopped = False

    def stop(self) -> None:
        self.stopped = True

    def is_stopped(self) -> bool:
        return self.stopped


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop when one runs (the app in Voila), else None (scripts, tests):
    then the work is done at once instead of in a thread."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def threads_work() -> bool:
    """Whether a worker thread can start here: not in the browser's Python (Pyodide has no
    threads; ``sys.platform == "emscripten"``)."""
    import sys

    return sys.platform != "emscripten"


def start_worker(work: Callable[[], None], name: str,
                 loop: asyncio.AbstractEventLoop | None = None) -> threading.Thread | None:
    """Run ``work`` in a daemon thread named ``name``; where threads are missing (Pyodide) or
    one fails to start, on ``loop`` right after the current handler returns (so the page has
    already been told "Thinking…"), or at once without a loop.  The work's own
    ``call_soon_threadsafe`` posts run after it.  The thread, or None when there is none."""
    if threads_work():
        thread = threading.Thread(target=work, daemon=True, name=name)
        try:
            thread.start()
            return thread
        except RuntimeError:  # "can't start new thread"
            pass
    if loop is None:
        work()
    else:
        loop.call_soon(work)
    return None


def run_in_slices(steps: Generator[Any, None, T], done: Callable[[T | None], None],
                  loop: asyncio.AbstractEventLoop) -> None:
    """Drive ``steps`` (a generator that yields after each slice of its work, e.g.
    :func:`~mrp_tutor.games.mission_red_planet.engine.search.search_steps` with ``pause``)
    one slice per callback on ``loop``, so the kernel reads the page's messages between
    slices (Pyodide: no threads); then ``done(result)``, or ``done(None)`` if it failed."""

    def step() -> None:
        try:
            next(steps)
        except StopIteration as end:
            done(end.value)
            return
        except Exception:  # said in words by ``done``, never a traceback
            done(None)
            return
        loop.call_soon(step)

    loop.call_soon(step)


def start_work(work: Callable[[], None],
               steps: Callable[[float], Generator[Any, None, T]] | None,
               done: Callable[[T | None], None], name: str,
               loop: asyncio.AbstractEventLoop | None) -> threading.Thread | None:
    """Long work (a hint, a bot's turn, the review): where threads are missing (Pyodide) and
    a loop runs, ``steps(SLICE)`` in slices on it (:func:`run_in_slices`) and then
    ``done(result)``; else ``work`` (which reports its own end) by :func:`start_worker`.
    The thread, or None when there is none."""
    if loop is not None and steps is not None and not threads_work():
        run_in_slices(steps(SLICE), done, loop)
        return None
    return start_worker(work, name, loop)
