"""Computer players: the levels a learner picks (:data:`LEVELS`), the bot kinds of the
simulations (:data:`BOTS`) and whole seeded bot games (:func:`bot_game`).

The bots themselves: random and greedy in :mod:`.greedy` (the greedy heuristic in
:mod:`.appeal`, its measures in :mod:`.heuristics`), the search bot in :mod:`.search`; a
ruleset adds what its own intents are worth (``Rules.bot_score``).  The levels: easy (random),
medium (greedy), hard (search with a fixed amount of work, :func:`hard_bot`: the same seed
gives the same game on any machine; the app's hard level and ``benchmarks/bots.py`` both
use it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from mrp_tutor.games.mission_red_planet.engine.appeal import score_intent
from mrp_tutor.games.mission_red_planet.engine.game import Game, play_out
from mrp_tutor.games.mission_red_planet.engine.greedy import (
    Bot,
    greedy_bot,
    random_bot,
    score_for_controller,
)
from mrp_tutor.games.mission_red_planet.engine.heuristics import (
    majority_gain,
    projected_points,
    zone_value,
)
from mrp_tutor.games.mission_red_planet.engine.search import SearchResult, search_bot
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec

__all__ = ["BOTS", "HARD_ITERATIONS", "LEVELS", "Bot", "bot_game", "greedy_bot", "hard_bot",
           "hard_iterations", "majority_gain",
           "projected_points", "random_bot", "score_for_controller",
           "score_intent", "search_bot_for_simulation", "zone_value"]


#: iterations per decision of the search bot in simulations: an iteration budget (not a time
#: budget), so a seeded game replays exactly on any machine (about 0.2 s per decision compiled)
SEARCH_ITERATIONS = 300


def search_bot_for_simulation(rng: random.Random) -> Bot:
    """The search bot with :data:`SEARCH_ITERATIONS` iterations per decision."""
    bot: Bot = search_bot(rng, iterations=SEARCH_ITERATIONS)
    return bot


#: search iterations of a hard-level decision with many options (fewer with few options,
#: :func:`hard_iterations`; p95 0.4 CPU-s a decision on one core with the compiled engine,
#: ``benchmarks/results/bots_hard_level_400.json``).  An iteration
#: budget, not a time budget: the same seed gives the same game on any machine.
HARD_ITERATIONS = 1200


#: players from which the hard level's budget shrinks (a playout of more players costs more)
HARD_PLAYERS = 4


def hard_iterations(options: int, players: int = HARD_PLAYERS) -> int:
    """The hard level's iterations for a decision among ``options`` options: a quarter of
    :data:`HARD_ITERATIONS` with two, all of it from six on (one option: no search); with
    more than :data:`HARD_PLAYERS` players, that much less in proportion (a 6-player playout
    costs about 1.7 times a 4-player one, so a decision keeps about its 4-player time)."""
    share = min(1.0, 0.25 + 0.1875 * max(0, options - 2)) * min(1.0, HARD_PLAYERS / players)
    return max(1, round(HARD_ITERATIONS * share))


def hard_bot(rng: random.Random, seconds: float | None = None,
             log: list[SearchResult] | None = None) -> Bot:
    """The hard level: the search bot with :func:`hard_iterations` iterations a decision,
    stopped as soon as its choice is settled (``settle``: the same choice as the whole
    budget), its generator seeded from the view and options of the decision
    (:func:`.search.view_rng`: public data, not the game's seed nor ``rng``), so the same
    position as the seat sees it gets the same move on any machine; a single option is
    played at once.  ``seconds`` (if given): a time budget
    instead, that many seconds for a decision with many options, the same shares with fewer
    (not replayable from the seed: a slower machine searches less).  ``log`` (if given)
    receives each search's result."""
    if seconds is None:  # seeded from the view (public data), ``rng`` unused
        bot: Bot = search_bot(rng, iterations=None, per_options=hard_iterations, settle=True,
                              log=log, public_seed="hard")
        return bot
    whole = seconds

    def budget(options: int) -> float:
        return whole * min(1.0, 0.25 + 0.1875 * max(0, options - 2))

    timed: Bot = search_bot(rng, iterations=None, seconds=whole, budget=budget, log=log)
    return timed


BOTS: dict[str, Callable[[random.Random], Bot]] = {
    "random": random_bot, "greedy": greedy_bot, "search": search_bot_for_simulation}
#: the levels a learner picks when seating a bot -> the bot kind (hard: :func:`hard_bot`)
LEVELS: dict[str, str] = {"easy": "random", "medium": "greedy", "hard": "search"}


def bot_game(
    spec: GameSpec, colours: Sequence[str], seed: int, *, bot: str = "random",
    ruleset: str = "standard",
    on_step: Callable[[Game], None] | None = None, choices: Mapping[str, str] | None = None,
) -> Game:
    """Play a whole seeded game with one bot kind deciding for every colour.

    The game's seed and the bots' random generator are both derived from ``seed``, so the
    same arguments always give the same event log.  ``on_step`` (if given) is called with the
    game before every decision and once at the end (for invariant checks).

    Raises:
        KeyError: unknown bot name.
    """
    make = BOTS[bot]
    game = Game.new(spec, colours, seed, ruleset=ruleset, choices=choices)
    return play_out(game, make(random.Random(f"bot:{seed}")), on_step=on_step)
