"""Bots and abilities: the greedy bot uses an ability when it pays off and declines it when it
does not (the random bot: the property games use every ability)."""

from __future__ import annotations

import random
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.bots import greedy_bot

from .conftest import PositionGame


def _landing(zones: dict[str, Any], crew: dict[str, int], red: str,
             tokens: dict[str, int]) -> dict[str, Any]:
    return {"stage": "resolve", "round": 2, "first": "red",
            "ships": [{"id": "f07", "dock": 0}, {"id": "f08", "dock": 1},
                      {"id": "f10", "launched": True, "crew": crew}],
            "resolving": {"colour": "green", "character": "travel_agent", "step": 0},
            "zones": zones,
            "seats": {"red": {"sheet": red, "played": ["soldier"], "tokens": tokens},
                      "blue": {"sheet": "cunning_conspirator", "played": ["pilot"]},
                      "green": {"sheet": "devious_despot", "played": ["explorer"]}}}


def test_greedy_moves_to_win_a_richer_majority(at: PositionGame) -> None:
    g = at(_landing({"outer_1": {"astronauts": {"blue": 5}, "resource": "ice"},
                     "outer_2": {"astronauts": {"blue": 1}, "resource": "celerium"}},
                    {"red": 2}, "audacious_adventurer", {"ice": 2}))
    pick = greedy_bot(random.Random(1))(g, g.legal_intents())
    assert pick == I.UseAbility("red", "audacious_adventurer", "outer_2")


def test_greedy_declines_when_the_ability_changes_nothing(at: PositionGame) -> None:
    g = at(_landing({"outer_1": {"astronauts": {"red": 5, "blue": 1}, "resource": "ice"}},
                    {"red": 1}, "major_mayhem", {"celerium": 2}))
    assert g.decision().kind == "use_ability"
    pick = greedy_bot(random.Random(1))(g, g.legal_intents())
    assert pick == I.DeclineAbility("red", "major_mayhem")


def test_greedy_pays_with_its_cheapest_tokens(at: PositionGame) -> None:
    g = at(_landing({"outer_1": {"astronauts": {"blue": 5}, "resource": "ice"},
                     "outer_2": {"astronauts": {"blue": 1}, "resource": "celerium"}},
                    {"red": 2}, "audacious_adventurer", {"ice": 1, "celerium": 1,
                                                         "sylvanite": 1}))
    bot = greedy_bot(random.Random(1))
    g.play(bot(g, g.legal_intents()), trusted=True)
    assert g.decision().kind == "pay_ability"
    assert bot(g, g.legal_intents()) == I.PayToken("red", "ice")
