"""The hard level's budget and the search's early stop once its choice is settled.

``settle=True`` stops the search when the most visited option can no longer be overtaken in
the iterations left; the choice must then be exactly the one of the whole budget.
"""

from __future__ import annotations

import random

import pytest

from mrp_tutor.games.mission_red_planet.engine import Game, find_ruleset, load_spec, play_out
from mrp_tutor.games.mission_red_planet.engine import bots as engine_bots
from mrp_tutor.games.mission_red_planet.engine.bots import hard_bot, hard_iterations
from mrp_tutor.games.mission_red_planet.engine.search import SearchResult, search
from mrp_tutor.games.mission_red_planet.engine.views import view_for
from mrp_tutor.games.mission_red_planet.ui.seat import SearchLevel

COLOURS = ["red", "blue", "green", "yellow", "purple"]


def _decisions(ruleset: str, players: int, seed: int, every: int):  # type: ignore[no-untyped-def]
    """Every ``every``-th decision with several options of one seat in a seeded random game:
    (spec, view of the deciding seat, its options)."""
    spec = find_ruleset(ruleset).spec(use_env_overrides=False)
    g = Game.new(spec, COLOURS[:players], seed, ruleset=ruleset)
    rng = random.Random(seed)
    n = 0
    while not g.over:
        legal = g.legal_intents()
        colour = legal[0].colour
        mine = [x for x in legal if x.colour == colour]
        if len(mine) > 1:
            if n % every == 0:
                yield spec, view_for(spec, g.state, g.state.seats[colour].controller), mine
            n += 1
        g.play(rng.choice(legal), trusted=True)


@pytest.mark.parametrize(("ruleset", "players", "seeds"),
                         [("standard", 4, 3), ("unique_abilities", 5, 1), ("two_player", 4, 1)])
def test_a_settled_search_chooses_what_the_whole_budget_chooses(ruleset, players, seeds):
    compared = settled = saved = 0
    for seed in range(seeds):
        for i, (spec, view, options) in enumerate(_decisions(ruleset, players, seed, 6)):
            budget = 40 + 20 * (i % 3)
            whole = search(spec, view, options, random.Random(f"{seed}:{i}"), iterations=budget)
            early = search(spec, view, options, random.Random(f"{seed}:{i}"), iterations=budget,
                           settle=True)
            assert early.choice == whole.choice, (ruleset, seed, i)
            assert whole.iterations == budget and not whole.settled
            assert early.settled == (early.iterations < budget)
            compared += 1
            settled += early.settled
            saved += budget - early.iterations
    assert compared >= 10
    assert settled > 0 and saved > 0  # the early stop happened, so the comparison tested it


def test_the_app_and_the_engine_share_the_hard_level(monkeypatch: pytest.MonkeyPatch) -> None:
    for n in range(2, 12):
        assert SearchLevel.iterations(n) == hard_iterations(n)
    assert hard_iterations(2) == round(engine_bots.HARD_ITERATIONS / 4)
    assert hard_iterations(6) == hard_iterations(20) == engine_bots.HARD_ITERATIONS
    monkeypatch.setattr(engine_bots, "HARD_ITERATIONS", 40)
    assert SearchLevel.iterations(9) == 40


def _hard_game(seed: int) -> tuple[list[str], list[SearchResult]]:
    spec = find_ruleset("standard").spec(use_env_overrides=False)
    g = Game.new(spec, COLOURS[:4], seed)
    log: list[SearchResult] = []
    me = hard_bot(random.Random(seed), log=log)
    others = engine_bots.greedy_bot(random.Random(seed))
    play_out(g, lambda gm, legal: (me if legal[0].colour == "red" else others)(gm, legal))
    return [repr(e) for e in g.log], log


def test_the_hard_bot_is_a_fixed_amount_of_work_replayed_from_its_seed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_bots, "HARD_ITERATIONS", 24)
    events, log = _hard_game(3)
    again, _ = _hard_game(3)
    assert events == again  # no clock in the level: the same seed, the same game
    budgets = {r.budget for r in log}
    assert budgets <= {hard_iterations(n) for n in range(2, 60)} and 24 in budgets
    assert all(r.iterations <= (r.budget or 0) for r in log)
    assert all(r.cpu_seconds > 0 for r in log)


def test_the_hard_budget_shrinks_with_more_players() -> None:
    """A 6-player playout costs about 1.7 times a 4-player one: the hard level searches in
    proportion fewer games there, so a decision keeps about its 4-player time."""
    full = engine_bots.HARD_ITERATIONS
    assert hard_iterations(10, 4) == hard_iterations(10, 3) == full
    assert hard_iterations(10, 5) == round(full * 4 / 5)
    assert hard_iterations(10, 6) == round(full * 4 / 6)
    spec = load_spec(use_env_overrides=False)
    g = Game.new(spec, ["red", "blue", "green", "yellow", "purple", "black"], 4)
    log: list[SearchResult] = []
    bot = hard_bot(random.Random(0), log=log)
    while not log:
        legal = g.legal_intents()
        _ = g.play(bot(g, legal), trusted=True) if legal else g.advance()
    assert log[0].budget in {hard_iterations(k, 6) for k in range(2, 60)}
    assert log[0].budget is not None and log[0].budget <= round(full * 4 / 6)
