"""An event loop of a test's own, in a thread of its own: after the browser tests, sync
Playwright keeps a loop running in the main thread for the rest of the session, where
``asyncio.run`` cannot start another."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")


def in_own_loop(make: Callable[[], Awaitable[T]], what: str, timeout: float = 30) -> T:
    """Run the coroutine ``make()`` in a fresh loop on another thread; its result (``what``
    names it in the failure when it does not answer within ``timeout`` seconds)."""
    got: list[T] = []

    async def body() -> T:
        return await make()

    worker = threading.Thread(target=lambda: got.append(asyncio.run(body())))
    worker.start()
    worker.join(timeout)
    assert got, f"{what} did not answer within {timeout:g} s"
    return got[0]
