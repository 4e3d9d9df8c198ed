"""Mission: Red Planet in the game registry (:mod:`mrp_tutor.core.games`): how its scenario
files load and play, how its events and errors are explained, which panel shows it and
which commands it adds to ``mrp-tutor``."""

from __future__ import annotations

from pathlib import Path

from mrp_tutor.core.games import (
    ForeignScenario,
    Game,
    GamePanel,
    PlayResult,
    Scenario,
    Subparsers,
    register,
)
from mrp_tutor.core.rules import Explanation
from mrp_tutor.games.mission_red_planet.commands.referee import NAME

__all__ = ["GAME", "NAME"]


def _load(data: object, source: str, path: Path | None) -> Scenario:
    from mrp_tutor.games.mission_red_planet.scenarios.build import mrp_scenario_from_dict

    return mrp_scenario_from_dict(data, source, path)


def _play(scenario: Scenario) -> PlayResult:
    from mrp_tutor.core.games import scenario_game
    from mrp_tutor.games.mission_red_planet.scenarios.build import Scenario as MrpScenario
    from mrp_tutor.games.mission_red_planet.scenarios.runner import play_mrp_scenario

    if not isinstance(scenario, MrpScenario):
        raise ForeignScenario(scenario.id, scenario_game(scenario), NAME)
    return play_mrp_scenario(scenario)


# The registry's explain hooks take the event (or error) alone, so they cite the base rules
# file; an event of another ruleset is explained with its own spec by
# ``mrp_tutor.games.mission_red_planet.explain.explain_event(spec, event)``, as the app and
# the CLI do.
def _explain_event(event: object) -> Explanation:
    from mrp_tutor.games.mission_red_planet.engine import events as E
    from mrp_tutor.games.mission_red_planet.engine.spec import load_spec
    from mrp_tutor.games.mission_red_planet.explain import explain_event

    if not isinstance(event, E.Event):
        raise TypeError(f"not a {NAME} event: {type(event).__name__}")
    return explain_event(load_spec(use_env_overrides=False), event)


def _explain_error(error: BaseException) -> Explanation:
    from mrp_tutor.core.errors import MrpError
    from mrp_tutor.games.mission_red_planet.engine.spec import load_spec
    from mrp_tutor.games.mission_red_planet.explain import explain_error

    if not isinstance(error, MrpError):
        raise TypeError(f"not an error of the rules: {type(error).__name__}")
    return explain_error(load_spec(use_env_overrides=False), error)


def _schema() -> str:
    from mrp_tutor.games.mission_red_planet.scenarios.model import schema_json

    return schema_json()


def _commands(subparsers: Subparsers) -> None:
    from mrp_tutor.games.mission_red_planet.commands import add_commands

    add_commands(subparsers)


def _about() -> str:
    from mrp_tutor.games.mission_red_planet.commands import about

    return about()


def _attach(panel: GamePanel, picker: object) -> None:
    """Shown first: keep its record on the server, and the picker's other games (ui/record.py)."""
    from mrp_tutor.app.picker import GamePicker
    from mrp_tutor.games.mission_red_planet.ui.record import attach
    from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp

    if isinstance(panel, TutorApp):
        attach(panel, picker if isinstance(picker, GamePicker) else None)


def _warm() -> None:
    """What a forked kernel loads before its visitor comes: the app, the rules and data, and
    the lesson library."""
    from mrp_tutor.games.mission_red_planet.engine import load_spec
    from mrp_tutor.games.mission_red_planet.ui import (  # noqa: F401
        record,
        scenario_glue,
        tutor_app,
    )

    load_spec()
    scenario_glue.preload_library()


GAME = register(Game(
    name=NAME, title="Mission: Red Planet",
    load=_load, play=_play, explain_event=_explain_event, explain_error=_explain_error,
    schema=_schema, schema_file="schema.json",
    panel="mrp_tutor.games.mission_red_planet.ui.tutor_app:TutorApp", commands=_commands,
    about=_about, warm=_warm, attach=_attach,
))
