"""Run many seeded games on a Dask cluster (or in this process) and collect one row per game.

* The seeds ``seed, seed + 1, ...`` are split into chunks of consecutive seeds; each chunk is
  one Dask task that plays its games and returns their rows (:func:`.records.play_chunk`).
* Rows are gathered by seed, not by completion order, and each game depends on its seed
  alone: the same seeds give the same table whatever the number of workers.
* A worker that dies (killed, out of memory, machine lost) takes its tasks with it; the
  scheduler reruns them on another worker.  If the scheduler gives a chunk up
  (``KilledWorker`` after its allowed failures) the chunk is submitted again under a new key,
  up to :data:`RESUBMITS` times; so is a chunk that finished but whose result died with its
  worker before it was fetched.  A chunk is never silently dropped.
* Ctrl-C (``KeyboardInterrupt``) stops the run: the unfinished chunks are cancelled and the
  games that finished are returned (``complete`` is false).

The game content travels as a task of its own whose result is the pickled content (bytes):
any worker can fetch or recompute it if the worker that held it dies, and each worker
process builds the spec from it once.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mrp_tutor.core.words import plural
from mrp_tutor.games.mission_red_planet.engine import GameSpec
from mrp_tutor.games.mission_red_planet.simulation.progress import make_progress
from mrp_tutor.games.mission_red_planet.simulation.records import columns, play_chunk

DEFAULT_CHUNK = 200
RESUBMITS = 3  # fresh submissions of a chunk the scheduler gave up on


class SimulationError(Exception):
    """A chunk of games could not be played (the message names its seeds and the cause)."""


@dataclass
class RunResult:
    """What a simulation run produced, rows sorted by seed."""

    columns: tuple[str, ...]
    rows: list[tuple[Any, ...]]
    requested: int
    elapsed: float
    workers: int
    where: str
    records: list[dict[str, Any]] = field(default_factory=list)
    resubmitted: int = 0

    @property
    def complete(self) -> bool:
        """True when every requested game is in :attr:`rows`."""
        return len(self.rows) == self.requested

    @property
    def rate(self) -> float:
        """Games per second over the whole run (cluster start-up excluded)."""
        return len(self.rows) / self.elapsed if self.elapsed > 0 else float("inf")

    def table(self) -> Any:
        """The rows as a pandas DataFrame with stable dtypes (see :mod:`.results_file`)."""
        from mrp_tutor.games.mission_red_planet.simulation.results_file import to_frame

        return to_frame(self.columns, self.rows)


def chunks(seed: int, games: int, size: int) -> list[range]:
    """Consecutive seed ranges of at most ``size`` games covering ``games`` games."""
    return [range(lo, min(lo + size, seed + games)) for lo in range(seed, seed + games, size)]


_SPECS: dict[bytes, GameSpec] = {}  # per worker process: spec by content digest


def _spec_blob(ruleset: str, blob: bytes) -> tuple[str, bytes]:
    """The spec's data as a task result: plain bytes, which Dask may copy between workers or
    recompute from the task if the worker holding it dies (a built spec does not pickle)."""
    return ruleset, blob


def _spec_of(data: tuple[str, bytes]) -> GameSpec:
    ruleset, blob = data
    digest = hashlib.blake2b(blob, digest_size=16).digest() + ruleset.encode()
    spec = _SPECS.get(digest)
    if spec is None:
        spec = _SPECS[digest] = GameSpec(ruleset, pickle.loads(blob))
    return spec


def _chunk_task(spec_data: tuple[str, bytes], players: int, seeds: range,
                bots: tuple[str, ...], with_json: bool, ruleset: str | None = None
                ) -> tuple[list[tuple[Any, ...]], list[dict[str, Any]]]:
    return play_chunk(_spec_of(spec_data), players, seeds, bots, with_json, ruleset)


def local_cluster(workers: int | None = None, silence: int = 40) -> Any:
    """A local Dask cluster: one single-threaded worker process per core (the engine is pure
    Python, so processes, not threads); no dashboard (it would need bokeh); workers ignore
    Ctrl-C (the client stops them, see :mod:`.worker_setup`)."""
    from dask.distributed import LocalCluster

    n = workers or os.cpu_count() or 1
    # the scheduler's small HTTP server (health, metrics) on a free port, not on 8787
    return LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                        dashboard_address=None, silence_logs=silence,
                        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                        preload=["mrp_tutor.games.mission_red_planet.simulation.worker_setup"])


def simulate(
    spec: GameSpec, players: int, games: int, *, seed: int = 0,
    bots: Sequence[str] = ("random",), workers: int | None = None,
    scheduler: str | None = None, client: Any = None, chunk: int = DEFAULT_CHUNK,
    progress: str | Callable[[int, int], None] | None = "auto", with_json: bool = False,
    ruleset: str | None = None,
) -> RunResult:
    """Play ``games`` games with seeds ``seed .. seed + games - 1``.

    ``bots``: one bot kind for every colour, or one per colour in table order.
    Where the games run: ``client`` (a connected ``dask.distributed.Client``), else the
    cluster at ``scheduler``, else in this process if ``workers == 0``, else a new local
    cluster of ``workers`` processes (default one per core), closed at the end.
    ``progress``: "auto", "cli", "notebook", None, or a callable ``(done, total)``.
    ``ruleset``: the registered ruleset to play (``spec`` must be its data); default: the
    2-player variant for 2 players, else the standard game.
    """
    from mrp_tutor.games.mission_red_planet.simulation.records import colours_for

    n_colours = len(colours_for(spec, players))
    bot_kinds = tuple(bots) * n_colours if len(bots) == 1 else tuple(bots)
    if len(bot_kinds) != n_colours:
        raise ValueError(f"{len(bots)} bots were named for {n_colours} colours; name one bot "
                         f"for every colour, or a single bot for all of them.")
    if isinstance(progress, str) and progress not in ("auto", "cli", "notebook"):
        raise ValueError(f"progress must be 'auto', 'cli', 'notebook' or None, not "
                         f"{progress!r}")
    parts = chunks(seed, games, chunk)
    work = (spec, players, parts, bot_kinds, with_json, progress, games, ruleset)
    if client is None and scheduler is None and workers == 0:
        return _run_here(*work)
    if client is not None:
        return _run_dask(client, *work)
    from dask.distributed import Client

    own_cluster = None
    if scheduler is not None:
        client = Client(scheduler, timeout="10s")
    else:
        own_cluster = local_cluster(workers)
        client = Client(own_cluster)
    try:
        return _run_dask(client, *work)
    finally:
        client.close()
        if own_cluster is not None:
            own_cluster.close()


Bar = str | Callable[[int, int], None] | None


def _run_here(spec: GameSpec, players: int, parts: list[range], bots: tuple[str, ...],
              with_json: bool, progress: Bar, games: int, ruleset: str | None) -> RunResult:
    rows: list[tuple[Any, ...]] = []
    records: list[dict[str, Any]] = []
    bar = make_progress(progress, games)
    start = time.perf_counter()
    try:
        for part in parts:
            r, j = play_chunk(spec, players, part, bots, with_json, ruleset)
            rows += r
            records += j
            bar.update(len(r))
    except KeyboardInterrupt:
        pass
    finally:
        bar.close()
    return RunResult(columns(spec), rows, games, time.perf_counter() - start, 1,
                     "this process", records)


def _run_dask(client: Any, spec: GameSpec, players: int, parts: list[range],
              bots: tuple[str, ...], with_json: bool, progress: Bar, games: int,
              ruleset: str | None) -> RunResult:
    from dask.distributed import as_completed

    run = uuid.uuid4().hex[:8]
    workers = len(client.scheduler_info(n_workers=-1).get("workers", {}))
    spec_f = client.submit(_spec_blob, spec.ruleset, pickle.dumps(spec.content),
                           key=f"mrp-spec-{run}", pure=False)
    tries: dict[int, int] = {}

    def submit(i: int) -> Any:
        tries[i] = tries.get(i, 0) + 1
        p = parts[i]
        return client.submit(_chunk_task, spec_f, players, p, bots, with_json, ruleset,
                             key=f"mrp-games-{p.start}-{p.stop}-{run}-{tries[i]}", pure=False)

    bar = make_progress(progress, games)  # shown once the cluster is up: a true rate
    start = time.perf_counter()
    futures = {submit(i): i for i in range(len(parts))}
    done: dict[int, tuple[list[tuple[Any, ...]], list[dict[str, Any]]]] = {}
    pending = as_completed(list(futures))
    try:
        for fut in pending:
            i = futures.pop(fut)
            if fut.status == "finished":
                try:
                    done[i] = fut.result()
                except Exception:  # its worker died meanwhile, or it failed: judged below
                    pass
                else:
                    bar.update(len(parts[i]))
                    continue
            # "error": it failed; any other status ("lost", "pending"): it finished, but the
            # worker holding its result died before the result was fetched
            err = fut.exception() if fut.status == "error" else None
            p = parts[i]
            if (err is None or type(err).__name__ == "KilledWorker") and tries[i] <= RESUBMITS:
                fut.cancel()  # the fresh submission replaces any recomputation of the old one
                again = submit(i)  # play it again elsewhere
                futures[again] = i
                pending.add(again)
                continue
            why = err if err is not None else "the worker holding its results died each time"
            raise SimulationError(f"games with seeds {p.start} to {p.stop - 1} failed "
                                  f"after {plural(tries[i], 'attempt')}: {why}") from err
    except KeyboardInterrupt:
        client.cancel(list(futures))
    finally:
        bar.close()
    elapsed = time.perf_counter() - start
    rows: list[tuple[Any, ...]] = []
    records: list[dict[str, Any]] = []
    for i in sorted(done):
        rows += done[i][0]
        records += done[i][1]
    resubmitted = sum(t - 1 for t in tries.values())
    where = f"Dask cluster at {client.scheduler.address}"
    return RunResult(columns(spec), rows, games, elapsed, workers, where, records, resubmitted)
