"""Batch simulation: many seeded bot games on Dask, one table row per game.

    from mrp_tutor.games.mission_red_planet.simulation import simulate
    run = simulate(load_spec(), players=4, games=2000, seed=1)   # local cluster, one per core
    df = run.table()                                              # pandas, one row per game
    save_results(df, "results.parquet")

Pure row-making code lives in :mod:`.records` (run on the workers), the Dask driver in
:mod:`.runner`, the table and its hardened loader in :mod:`.results_file`, statistics with
confidence intervals in :mod:`.insights`.
"""

from mrp_tutor.games.mission_red_planet.simulation.records import columns, play_chunk
from mrp_tutor.games.mission_red_planet.simulation.results_file import (
    ResultsError,
    load_results,
    save_results,
    shipped_results,
)
from mrp_tutor.games.mission_red_planet.simulation.runner import (
    DEFAULT_CHUNK,
    RunResult,
    SimulationError,
    simulate,
)

__all__ = [
    "DEFAULT_CHUNK", "ResultsError", "RunResult", "SimulationError", "columns", "load_results",
    "play_chunk", "save_results", "shipped_results", "simulate",
]
