"""What the app's background thinkers share (the bots' turns, the hint, the post-game review):
a stop flag the worker polls, and the kernel's running event loop, if any."""

from __future__ import annotations

import asyncio


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
