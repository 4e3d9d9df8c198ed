"""Shared fixtures of the unique_abilities rulebook-section tests (seed 003 §3, §5, §7)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from mrp_tutor.games.mission_red_planet.engine import Game, GameSpec
from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset
from mrp_tutor.games.mission_red_planet.engine.rulesets.unique_abilities import UniqueAbilities
from mrp_tutor.games.mission_red_planet.scenarios import scenario_from_dict

COLOURS = ["red", "blue", "green", "yellow", "purple"]
#: the seed's table (§5): sheet -> crew numbers and cost
SEED_SHEETS = {
    "audacious_adventurer": ((1, 2, 3, 6, 8), 2),
    "cunning_conspirator": ((1, 3, 4, 5, 9), 1),
    "devious_despot": ((1, 2, 6, 7, 8), 2),
    "guileful_genius": ((1, 2, 3, 7, 9), 1),
    "major_mayhem": ((1, 4, 5, 6, 8), 2),
    "stealthy_spy": ((1, 3, 4, 6, 7), 1),
    "versatile_villain": ((1, 2, 5, 8, 9), 1),
}
#: three shuttles docked, for positions
DOCKED = [{"id": "f07", "dock": 0}, {"id": "f08", "dock": 1}, {"id": "f09", "dock": 2}]


@pytest.fixture(scope="session")
def ua() -> UniqueAbilities:
    rules = find_ruleset("unique_abilities")
    assert isinstance(rules, UniqueAbilities)
    return rules


@pytest.fixture(scope="session")
def ua_spec(ua: UniqueAbilities) -> GameSpec:
    return ua.spec(use_env_overrides=False)


PositionGame = Callable[..., Game]


@pytest.fixture()
def at() -> PositionGame:
    """``at(position, players=[...])``: a game of unique_abilities at a scenario position."""

    def build(position: dict[str, Any], players: list[str] | None = None) -> Game:
        doc = {"id": "t", "title": "t", "lesson": "t", "ruleset": "unique_abilities",
               "players": players or ["red", "blue", "green"], "position": position}
        return scenario_from_dict(doc).build(advance_now=True)

    return build
