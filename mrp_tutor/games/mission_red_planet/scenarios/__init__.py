"""Scenarios: table positions as data, each with a lesson, steps, expectations and a quiz.

Public API::

    from mrp_tutor.games.mission_red_planet.scenarios import Scenario, load_scenario, library,
    run_scenario
    sc = load_scenario("scenarios/characters-saboteur-example.yaml")   # ContentError if wrong
    game = sc.build()                    # a Game at the scenario's position
    result = run_scenario(sc)            # ScenarioResult(ok, failures, events, game)
    text = scenario_to_yaml(game)        # save a table position as a scenario document
"""

from mrp_tutor.games.mission_red_planet.scenarios.build import (
    Scenario,
    library,
    load_scenario,
    needs_advance,
    scenario_from_dict,
    scenario_to_yaml,
)
from mrp_tutor.games.mission_red_planet.scenarios.export import position_from_state
from mrp_tutor.games.mission_red_planet.scenarios.history import table_problems, validate_state
from mrp_tutor.games.mission_red_planet.scenarios.model import ScenarioDoc, schema_json
from mrp_tutor.games.mission_red_planet.scenarios.position import build_state
from mrp_tutor.games.mission_red_planet.scenarios.runner import ScenarioResult, run_scenario

__all__ = [
    "Scenario", "ScenarioDoc", "ScenarioResult", "build_state", "library", "load_scenario",
    "needs_advance", "position_from_state", "run_scenario", "scenario_from_dict",
    "scenario_to_yaml", "schema_json", "table_problems", "validate_state",
]
