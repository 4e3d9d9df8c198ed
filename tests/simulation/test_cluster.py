"""Simulation on a real Dask LocalCluster: a killed worker loses no game, results do not depend
on the workers, Ctrl-C keeps what finished."""

from __future__ import annotations

import os
import signal
import time

import dask
import pandas as pd
import pytest
from dask.distributed import Client

from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.simulation import simulate
from mrp_tutor.games.mission_red_planet.simulation.runner import local_cluster

# enough chunks of enough games that a worker is still busy when the first chunk comes back,
# even on a loaded machine (60 games in chunks of 5 once finished before a busy worker was seen)
GAMES, CHUNK = 200, 10


@pytest.fixture(scope="module")
def spec():
    return load_spec(use_env_overrides=False)


@pytest.fixture(scope="module")
def client():
    # allowed-failures 0: the scheduler gives a chunk up as soon as its worker dies, so the
    # chunk only comes back if simulate() itself submits it again (the code under test)
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}):
        cluster = local_cluster(2, silence=50)
        c = Client(cluster)
        try:
            yield c
        finally:
            c.close()
            cluster.close()


@pytest.fixture(scope="module")
def expected(spec):
    return simulate(spec, 4, GAMES, seed=100, workers=0, progress=None).table()


def sigkill(client, worker: str) -> int:
    """Kill a worker's process outright (as the out-of-memory killer would); its pid."""
    pid = client.run(os.getpid, workers=[worker])[worker]
    os.kill(pid, signal.SIGKILL)
    return pid


def wait_until(check, what: str, seconds: float = 60):
    """Poll ``check()`` until it returns something true, and return that; fail after
    ``seconds`` saying ``what`` did not happen."""
    deadline = time.monotonic() + seconds
    while not (got := check()):
        if time.monotonic() > deadline:
            pytest.fail(f"{what} within {seconds:g} s")
        time.sleep(0.02)
    return got


def test_killed_worker_loses_no_game(spec, client, expected):
    killed: list[int] = []

    def kill_a_busy_worker(done: int, total: int) -> None:
        if killed:
            return
        busy = [w for w, keys in client.processing().items() if keys]
        if not busy:
            return
        killed.append(sigkill(client, busy[0]))

    run = simulate(spec, 4, GAMES, seed=100, client=client, chunk=CHUNK,
                   progress=kill_a_busy_worker)
    assert killed, "no worker was busy to kill"
    assert run.resubmitted >= 1, "the killed worker's chunk was not played again"
    assert run.complete
    pd.testing.assert_frame_equal(run.table(), expected)


def test_results_lost_with_their_worker_are_played_again(spec, client, expected):
    """A chunk can finish and then die with its worker before simulate() fetches it: the
    scheduler has already reported it done, so the run must notice and play it again."""
    killed: list[int] = []

    def held_results() -> dict[str, int]:
        """Finished chunks in each worker's memory."""
        held: dict[str, int] = {}
        for key, where in client.who_has().items():
            if str(key).startswith("mrp-games-"):
                for w in where:
                    held[w] = held.get(w, 0) + 1
        return held

    def kill_a_worker_holding_results(done: int, total: int) -> None:
        if killed:
            return
        # one chunk has been fetched so far: a worker holding two or more finished chunks
        # holds at least one that simulate() has not fetched yet
        def a_worker_holding_two() -> str | None:
            held = held_results()
            worker = max(held, key=held.__getitem__, default=None)
            return worker if worker is not None and held[worker] >= 2 else None

        worker = wait_until(a_worker_holding_two, "no worker came to hold two finished chunks")
        killed.append(sigkill(client, worker))
        wait_until(lambda: worker not in client.scheduler_info(n_workers=-1)["workers"],
                   "the scheduler did not notice the killed worker")  # the loss is known

    run = simulate(spec, 4, GAMES, seed=100, client=client, chunk=CHUNK,
                   progress=kill_a_worker_holding_results)
    assert killed
    assert run.resubmitted >= 1, "no lost result was played again"
    assert run.complete
    pd.testing.assert_frame_equal(run.table(), expected)


def test_interrupt_on_the_cluster_returns_finished_games(spec, client, expected):
    def stop(done: int, total: int) -> None:
        raise KeyboardInterrupt

    run = simulate(spec, 4, GAMES, seed=100, client=client, chunk=CHUNK, progress=stop)
    assert not run.complete and len(run.rows) == CHUNK
    seeds = [r[0] for r in run.rows]
    part = expected[expected["seed"].isin(seeds)].reset_index(drop=True)
    pd.testing.assert_frame_equal(run.table(), part)


def test_cli_runs_on_an_existing_cluster(client, expected, tmp_path, capsys):
    from mrp_tutor.cli.main import main
    from mrp_tutor.games.mission_red_planet.simulation import load_results

    out = tmp_path / "r.csv"
    assert main(["simulate", "--games", "20", "--seed", "100", "--chunk", "5", "--no-progress",
                 "--scheduler", client.scheduler.address, "--out", str(out)]) == 0
    assert "Dask cluster at " + client.scheduler.address in capsys.readouterr().out
    pd.testing.assert_frame_equal(load_results(out), expected.iloc[:20])
