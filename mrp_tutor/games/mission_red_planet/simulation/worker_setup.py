"""Dask worker preload for local clusters: workers ignore Ctrl-C.

Ctrl-C in a terminal sends SIGINT to the whole foreground process group, local workers
included.  The client handles it (cancels the rest, keeps what finished, closes the cluster,
which stops the workers); a worker that also caught it would print a traceback of its own.
"""

from __future__ import annotations

import signal
import threading


def dask_setup(worker: object) -> None:
    """Called by Dask in each new worker process."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
