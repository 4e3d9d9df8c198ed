"""Shared fixtures of the first_edition rulebook-section tests (seed 003 §3-6)."""

from __future__ import annotations

import pytest

from mrp_tutor.games.mission_red_planet.engine import Game, GameSpec
from mrp_tutor.games.mission_red_planet.engine.bots import bot_game
from mrp_tutor.games.mission_red_planet.engine.rulesets import Rules, find_ruleset

COLOURS = ["red", "blue", "green", "yellow", "purple"]


@pytest.fixture(scope="session")
def fe() -> Rules:
    return find_ruleset("first_edition")


@pytest.fixture(scope="session")
def fe_spec(fe: Rules) -> GameSpec:
    return fe.spec(use_env_overrides=False)


@pytest.fixture(scope="session")
def fe_games(fe_spec: GameSpec) -> list[Game]:
    """Finished bot games, 3 to 5 players."""
    return [bot_game(fe_spec, COLOURS[: 3 + seed % 3], seed, ruleset="first_edition")
            for seed in range(12)]
