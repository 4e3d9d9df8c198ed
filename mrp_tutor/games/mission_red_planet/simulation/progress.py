"""Progress of a simulation run: a tqdm bar on the command line, an ipywidgets bar in notebooks.

Both show games done of games asked, the rate in games per second and the time left.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, Protocol


class Progress(Protocol):
    def update(self, n: int) -> None: ...
    def close(self) -> None: ...


class _Silent:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


class _Callback:
    """Calls ``fn(done, total)`` after every finished chunk (it may raise KeyboardInterrupt)."""

    def __init__(self, fn: Callable[[int, int], None], total: int) -> None:
        self.fn, self.total, self.done = fn, total, 0

    def update(self, n: int) -> None:
        self.done += n
        self.fn(self.done, self.total)

    def close(self) -> None:
        pass


class _Cli:
    def __init__(self, total: int) -> None:
        from tqdm import tqdm

        self.bar = tqdm(total=total, unit="game", unit_scale=True, file=sys.stderr,
                        desc="simulating", dynamic_ncols=True, smoothing=0.1)

    def update(self, n: int) -> None:
        self.bar.update(n)

    def close(self) -> None:
        self.bar.close()


def rate_text(done: int, total: int, elapsed: float) -> str:
    """'1,200 of 5,000 games · 640 games/s · 6 s left' (no rate before the first games)."""
    head = f"{done:,} of {total:,} games"
    if done <= 0 or elapsed <= 0:
        return head
    rate = done / elapsed
    left = (total - done) / rate
    return f"{head} · {rate:,.0f} games/s · {left:,.0f} s left"


class NotebookBar:
    """An ipywidgets progress bar with a label giving the rate and the time left."""

    def __init__(self, total: int, *, show: bool = True) -> None:
        import ipywidgets as W

        self.total, self.done, self.start = total, 0, time.perf_counter()
        self.bar = W.IntProgress(value=0, min=0, max=max(total, 1), description="Simulating")
        self.label = W.Label(value=rate_text(0, total, 0.0))
        self.widget = W.HBox([self.bar, self.label])
        if show:
            from IPython.display import display

            display(self.widget)  # type: ignore[no-untyped-call]

    def update(self, n: int) -> None:
        self.done += n
        self.bar.value = self.done
        self.label.value = rate_text(self.done, self.total, time.perf_counter() - self.start)

    def close(self) -> None:
        self.bar.bar_style = "success" if self.done >= self.total else "warning"


def in_notebook() -> bool:
    """True inside a Jupyter kernel."""
    shell: Any = sys.modules.get("IPython")
    if shell is None:
        return False
    ip = shell.get_ipython()
    return ip is not None and type(ip).__name__ == "ZMQInteractiveShell"


def make_progress(kind: str | Callable[[int, int], None] | None, total: int) -> Progress:
    """The progress display for ``kind`` ("auto", "cli", "notebook", None, or a callable)."""
    if kind is None:
        return _Silent()
    if callable(kind):
        return _Callback(kind, total)
    if kind == "auto":
        kind = "notebook" if in_notebook() else "cli"
    if kind == "notebook":
        return NotebookBar(total)
    if kind == "cli":
        return _Cli(total)
    raise ValueError(f"progress must be 'auto', 'cli', 'notebook' or None, not {kind!r}")
