"""Seeded random games of the first_edition ruleset (3-5 players) with the engine's invariants.

The same checks as the standard game's playouts (``Checker``: astronauts and point tokens
conserved, destination tokens conserved, no shuttle over capacity, no negative supply, every
event citing a rule of the ruleset's own rules file, a legal intent for every decision), plus:
every event cites a first-edition rule (``fe.*``), replay and JSON round trips are identical,
and the same seed gives the same log.  ``FE_GAMES`` games in CI (1,000).
"""

from __future__ import annotations

import pytest
from testkit.playouts import Checker, check_round_trips, scoring_as_directed

from mrp_tutor.games.mission_red_planet.engine import event_to_dict
from mrp_tutor.games.mission_red_planet.engine.bots import bot_game
from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset

RULES = find_ruleset("first_edition")
SPEC = RULES.spec(use_env_overrides=False)
COLOURS = ["red", "blue", "green", "yellow", "purple"]
FE_GAMES = 1000
CHUNKS = 10




def _check(seed: int, *, deterministic: bool, bot: str = "random") -> None:
    colours = COLOURS[: 3 + seed % 3]
    checker = Checker(SPEC, fast_paths=seed % 50 == 7)
    game = bot_game(SPEC, colours, seed, bot=bot, ruleset="first_edition", on_step=checker)
    assert scoring_as_directed(SPEC, game.log) > 0
    final = game.state
    assert final.result is not None and final.round == 10 and final.ruleset == "first_edition"
    assert all(ev.rule.startswith("fe.") for ev in game.log), {
        ev.rule for ev in game.log if not ev.rule.startswith("fe.")}
    for c in colours:
        assert min(final.seats[c].tokens.values()) >= 0
    dumped, _ = check_round_trips(SPEC, game)
    if deterministic:
        again = bot_game(SPEC, colours, seed, bot=bot, ruleset="first_edition")
        assert [event_to_dict(e) for e in again.log] == dumped


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_first_edition_games_keep_every_invariant(chunk: int) -> None:
    per = FE_GAMES // CHUNKS
    for seed in range(chunk * per, (chunk + 1) * per):
        _check(seed, deterministic=seed % 10 == 0)


def test_first_edition_greedy_games_keep_every_invariant() -> None:
    for seed in range(10):
        _check(seed, deterministic=seed == 0, bot="greedy")
