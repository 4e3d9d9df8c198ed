"""Mission: Red Planet in the game registry (:mod:`mrp_tutor.core.games`): how its scenario
files load and play, how its events and errors are explained and which panel shows it."""

from __future__ import annotations

from typing import Any

from mrp_tutor.core.games import DEFAULT, Game, register
from mrp_tutor.games.mission_red_planet.scenarios.build import mrp_scenario_from_dict
from mrp_tutor.games.mission_red_planet.scenarios.model import schema_json
from mrp_tutor.games.mission_red_planet.scenarios.runner import play_mrp_scenario


# The registry's explain hooks take the event (or error) alone, so they cite the base rules
# file; an event of another ruleset is explained with its own spec by
# ``mrp_tutor.games.mission_red_planet.explain.explain_event(spec, event)``, as the app and the CLI
# do.
def _explain_event(event: Any) -> Any:
    from mrp_tutor.games.mission_red_planet.engine.spec import load_spec
    from mrp_tutor.games.mission_red_planet.explain import explain_event

    return explain_event(load_spec(use_env_overrides=False), event)


def _explain_error(error: Any) -> Any:
    from mrp_tutor.games.mission_red_planet.engine.spec import load_spec
    from mrp_tutor.games.mission_red_planet.explain import explain_error

    return explain_error(load_spec(use_env_overrides=False), error)


def _commands(subparsers: Any) -> None:
    from mrp_tutor.cli.scenarios import add_scenario_commands

    add_scenario_commands(subparsers)


GAME = register(Game(
    name=DEFAULT, title="Mission: Red Planet",
    load=mrp_scenario_from_dict, play=play_mrp_scenario,
    explain_event=_explain_event, explain_error=_explain_error,
    schema=schema_json, schema_file="schema.json",
    panel="mrp_tutor.app:build_app", commands=_commands,
))
