"""A preheated kernel pool that stays out of the visitors' way (used by
:mod:`mrp_tutor.serve.server`).

Measured on the 2-core box (``benchmarks/load.py``): handing a preheated kernel to a visitor
costs the server about 0.1 CPU-second (page from the pre-rendered cache, static files, the
widget manager's one ``request_states``), while starting and rendering one pool kernel costs
about 1.3 CPU-seconds (ipykernel start + building the app).  Voila refills its pool right after
every hand-over (``fill_delay``, 1 s), so a class of 50 arriving at once made the server start
50 kernels while it was serving the 50 visitors, and every page starved.  This pool differs
from Voila's in three ways, all inside Voila's own bookkeeping (``_pools`` of tasks):

- **paced**: at most ``concurrency`` pool kernels start and render at once (the start-up fill
  too: 50 kernels no longer start in the same second);
- **deferred**: a refill starts only once no visitor has taken a kernel for ``quiet`` seconds,
  so a burst of arrivals drains the pool and the pool refills after it;
- **fresh on hand-over**: the kernel's idle clock restarts when a visitor takes it (Voila
  does not; a kernel that had waited in the pool longer than ``cull_idle_timeout`` was culled
  in the seconds before the visitor's page connected to it);
- **low priority**: a pool kernel runs at ``nice`` while it starts and renders, and is put back
  (every thread of it) to the server's own priority when a visitor takes it (lowering a nice
  value needs root or ``CAP_SYS_NICE``; without it the kernel keeps the lower priority, which
  is only fair among kernels).

Only kernels that have started count as the pool's size, so a visitor never waits behind a
refill that is still held back: with no started kernel left, Voila starts one for them.

- **growing while visitors arrive** (``grow``): a page asked for within ``quiet`` seconds
  of the one before is a class arriving; each such arrival raises the pool's size by one
  (at most ``grow`` above the base size), and the kernels added then start at once (still
  paced and at ``nice``), not after the quiet, so the next visitors find kernels started
  ahead instead of each waiting for one of their own.  With kernels forked from the warm
  parent (:mod:`mrp_tutor.serve.fork`) a kernel started ahead costs about what a visitor's
  own start costs, so this spends little more CPU while visitors arrive and makes their
  pages ready sooner.  :data:`SHRINK_AFTER_S` seconds after the last arrival the pool goes
  back to its base size (ready kernels above it are stopped).
"""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

from jupyter_server._tz import utcnow
from voila import app as voila_app

_STOPPING = "the server is stopping"
SHRINK_AFTER_S = 60.0  # after the last arrival, a grown pool goes back to its base size


def _set_nice(pid: int | None, value: int) -> bool:
    """Set the nice value of every thread of process ``pid`` (True if any was set).

    On Linux a nice value belongs to a thread: ``setpriority(PRIO_PROCESS, pid)`` alone moved
    only the kernel's main thread, and a taken pool kernel kept its ZeroMQ and IOPub threads
    (which send every message to the page) at the pool's low priority.
    """
    if not pid:
        return False
    try:
        threads = [int(t) for t in os.listdir(f"/proc/{pid}/task")]
    except (OSError, ValueError):  # no /proc (not Linux): the process as the OS knows it
        threads = [pid]
    done = False
    for tid in threads:
        try:
            os.setpriority(os.PRIO_PROCESS, tid, value)
            done = True
        except OSError:  # gone, or no right to raise the priority (not root)
            continue
    return done


def paced_factory(*, concurrency: int, quiet: float, nice: int, grow: int = 0,
                  cap: int = 0) -> Any:
    """A drop-in for ``voila.app.voila_kernel_manager_factory`` whose preheated class paces."""
    original = voila_app.voila_kernel_manager_factory

    def factory(base_class: Any, preheat_kernel: bool, default_pool_size: int,
                page_config_hook: Any = None) -> Any:
        cls = original(base_class, preheat_kernel, default_pool_size,
                       page_config_hook=page_config_hook)
        if not preheat_kernel:
            return cls
        return type("PacedVoilaKernelManager", (PacedPoolMixin, cls),
                    {"mrp_concurrency": max(1, concurrency), "mrp_quiet": max(0.0, quiet),
                     "mrp_nice": max(0, nice), "mrp_grow": max(0, grow),
                     "mrp_cap": max(0, cap)})

    return factory


class PacedPoolMixin:
    """Mixed in before Voila's ``VoilaKernelManager`` (see :func:`paced_factory`)."""

    mrp_concurrency = 1
    mrp_quiet = 3.0
    mrp_nice = 10
    mrp_grow = 0
    mrp_cap = 0  # most kernels in all, the pool's included (0: no cap)
    _pools: dict[str, list[asyncio.Task[Any]]]
    kernel_pools_config: dict[str, Any]
    log: Any

    def __init__(self, **kwargs: Any) -> None:
        self.mrp_last_take = float("-inf")
        self.mrp_started: set[asyncio.Task[Any]] = set()
        self.mrp_warming = 0
        self.mrp_stopping = False
        self.mrp_rendered = 0
        self.mrp_last_arrival = float("-inf")
        self.mrp_extra = 0  # how far the pool has grown above its base size
        self.mrp_base: dict[str, int] = {}
        self.mrp_eager: set[asyncio.Task[Any]] = set()  # grown: not held back by the quiet
        self.mrp_stops: set[asyncio.Future[Any]] = set()
        super().__init__(**kwargs)

    # -- growing while visitors arrive -------------------------------------------------------
    def _pool_config(self, notebook_name: str | None) -> dict[str, Any]:
        configs = self.kernel_pools_config
        got = configs.get(notebook_name or "") or configs.setdefault("default", {})
        return got if isinstance(got, dict) else {}

    def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None,
                       **kwargs: Any) -> None:
        """Voila's refill, to the base size plus what the pool has grown by; entries added
        while it is grown start without waiting for the quiet."""
        cfg = self._pool_config(notebook_name)
        base = self.mrp_base.setdefault(notebook_name or "", int(cfg.get("pool_size", 1)))
        cfg["pool_size"] = base + self.mrp_extra
        before = set(self._pools.get(notebook_name or "", []))
        super().fill_if_needed(delay, notebook_name, **kwargs)  # type: ignore[misc]
        if self.mrp_extra:
            for task in self._pools.get(notebook_name or "", []):
                if task not in before:
                    self.mrp_eager.add(task)
                    self.mrp_started.add(task)  # started now: a visitor may wait for it

    def visitor_arrived(self) -> None:
        """A visitor asked for a page: within ``quiet`` of the last one, the pool grows."""
        now = time.monotonic()
        if self.mrp_grow and now - self.mrp_last_arrival <= self.mrp_quiet:
            self.mrp_extra = min(self.mrp_grow, self.mrp_extra + 1)
            for name in list(self._pools):
                self.fill_if_needed(delay=0, notebook_name=name)
        self.mrp_last_arrival = now
        if self.mrp_extra:
            asyncio.get_event_loop().call_later(SHRINK_AFTER_S, self._shrink, now)

    def _shrink(self, arrived: float) -> None:
        """Back to the base size, unless a visitor came since ``arrived``."""
        if self.mrp_last_arrival > arrived or self.mrp_stopping:
            return
        self.mrp_extra = 0
        for name, pool in self._pools.items():
            base = self.mrp_base.get(name, len(pool))
            self._pool_config(name)["pool_size"] = base
            while len(pool) > base and pool[-1].done():
                task = pool.pop()
                self.mrp_eager.discard(task)
                self.mrp_started.discard(task)
                if not task.cancelled() and task.exception() is None:
                    stop = asyncio.ensure_future(
                        self.shutdown_kernel(task.result()["kernel_id"]))
                    self.mrp_stops.add(stop)
                    stop.add_done_callback(self.mrp_stops.discard)
        self.log.info("mrp pool back to its base size")

    # -- the gate every new pool kernel passes ---------------------------------------------
    def _in_a_pool(self, task: asyncio.Task[Any] | None) -> bool:
        return any(task in pool for pool in self._pools.values())

    async def _initialize(self, notebook_path: str, kernel_id: str | None = None,
                          **kwargs: Any) -> Any:
        if kernel_id is not None:  # a restart: no gate
            return await super()._initialize(notebook_path, kernel_id, **kwargs)  # type: ignore[misc]
        me = asyncio.current_task()
        while True:
            if self.mrp_stopping:
                raise RuntimeError(_STOPPING)
            if not self._in_a_pool(me):
                break  # a visitor took this entry: start it now, whatever the pace
            wait = (0.0 if me in self.mrp_eager
                    else self.mrp_last_take + self.mrp_quiet - time.monotonic())
            if wait <= 0 and self.mrp_warming < self.mrp_concurrency and not self.at_cap():
                break
            await asyncio.sleep(min(max(wait, 0.1), 1.0))
        pooled = self._in_a_pool(me)
        if pooled:
            self.mrp_warming += 1
        if me is not None:
            self.mrp_started.add(me)
        try:
            content = await super()._initialize(notebook_path, None, **kwargs)  # type: ignore[misc]
        except BaseException:
            if pooled:
                self.mrp_warming -= 1
            raise
        if pooled and self._in_a_pool(me):
            _set_nice(self._kernel_pid(content["kernel_id"]), self.mrp_nice)

        def rendered(_t: Any) -> None:
            if pooled:
                self.mrp_warming -= 1
            self.mrp_rendered += 1
            self.log.info("mrp pool: %d rendered, %d warming", self.mrp_rendered,
                          self.mrp_warming)

        content["task"].add_done_callback(rendered)
        return content

    def at_cap(self) -> bool:
        """Whether a pool kernel would pass the cap: pooled kernels count against it (with
        every tab of a class kept open the server reached 60 kernels of its 64, visitors'
        and the pool's), so the pool waits for a seat like a visitor does."""
        kernels = len(self.list_kernel_ids())  # type: ignore[attr-defined]
        return 0 < self.mrp_cap <= kernels + self.mrp_warming

    def _kernel_pid(self, kernel_id: str) -> int | None:
        if kernel_id not in self:  # type: ignore[operator]
            return None
        km = self.get_kernel(kernel_id)  # type: ignore[attr-defined]
        pid = getattr(getattr(km, "provisioner", None), "pid", None)
        return pid if isinstance(pid, int) else None

    # -- what visitors see -------------------------------------------------------------------
    def get_pool_size(self, notebook_name: str) -> int:
        """Entries a visitor may take: kernels started (or ready), not refills held back."""
        return sum(1 for t in self._pools.get(notebook_name, []) if t in self.mrp_started)

    async def get_rendered_notebook(self, notebook_name: str, *args: Any, **kwargs: Any) -> Any:
        pool = self._pools.get(notebook_name, [])
        # ready kernels first, then started ones, held-back refills last
        pool.sort(key=lambda t: (not t.done(), t not in self.mrp_started))
        self.mrp_last_take = time.monotonic()
        result = await super().get_rendered_notebook(  # type: ignore[misc]
            notebook_name, *args, **kwargs)
        kernel_id = result[2]
        _set_nice(self._kernel_pid(kernel_id), os.getpriority(os.PRIO_PROCESS, 0))
        # Its idle clock starts now: a kernel that waited in the pool longer than the idle
        # cull timeout was otherwise culled before the visitor's page could connect to it.
        if kernel_id in self:  # type: ignore[operator]
            self.get_kernel(kernel_id).last_activity = utcnow()  # type: ignore[attr-defined]
        self.mrp_started = {t for t in self.mrp_started if self._in_a_pool(t)}
        self.mrp_eager &= self.mrp_started
        return result

    async def shutdown_kernel(self, kernel_id: str, now: bool = False,
                              restart: bool = False) -> Any:
        """Stop a kernel at once (SIGKILL): a visitor's kernel holds nothing to save, and a
        polite shutdown made IPython run its exit work (``reset``, a full garbage collection,
        the history database): about 0.2 CPU-second per closed tab, a third of a visitor's."""
        return await super().shutdown_kernel(  # type: ignore[misc]
            kernel_id, now=now or not restart, restart=restart)

    async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:
        self.mrp_stopping = True
        await super().shutdown_all(*args, **kwargs)  # type: ignore[misc]
