"""First Martians in the game registry (:mod:`mrp_tutor.core.games`): its scenario files
(``game: first_martians``) load and play through :mod:`.scenario_file`; its table shows in the
app's First Martians panel (imported only when a visitor picks the game)."""

from __future__ import annotations

from pathlib import Path

from mrp_tutor.core.games import ForeignScenario, Game, PlayResult, Scenario, Subparsers, register
from mrp_tutor.core.rules import Explanation

NAME = "first_martians"


def _load(data: object, source: str, path: Path | None) -> Scenario:
    from mrp_tutor.core.errors import ContentError
    from mrp_tutor.games.first_martians.scenario_file import fm_scenario_from_dict

    if not isinstance(data, dict):
        raise ContentError(source, [f"document: a scenario is a mapping, not "
                                    f"{type(data).__name__} (scenario format)"])
    return fm_scenario_from_dict(data, source, path)


def _play(scenario: Scenario) -> PlayResult:
    from mrp_tutor.core.games import scenario_game
    from mrp_tutor.games.first_martians.scenario_file import FmScenario, run_fm_scenario

    if not isinstance(scenario, FmScenario):
        raise ForeignScenario(scenario.id, scenario_game(scenario), NAME)
    return PlayResult(*run_fm_scenario(scenario))


def _explain_event(event: object) -> Explanation:
    from mrp_tutor.games.first_martians.events import Event
    from mrp_tutor.games.first_martians.explain import explain_event

    if not isinstance(event, Event):
        raise TypeError(f"not a {NAME} event: {type(event).__name__}")
    return explain_event(event)


def _explain_error(error: BaseException) -> Explanation:
    from mrp_tutor.core.errors import MrpError
    from mrp_tutor.games.first_martians.explain import explain_error

    if not isinstance(error, MrpError):
        raise TypeError(f"not an error of the rules: {type(error).__name__}")
    return explain_error(error)


def _schema() -> str:
    from mrp_tutor.games.first_martians.schema import schema_json

    return schema_json()


def _commands(subparsers: Subparsers) -> None:
    from mrp_tutor.games.first_martians.commands import add_fm_commands

    add_fm_commands(subparsers)


GAME = register(Game(
    name=NAME, title="First Martians",
    load=_load, play=_play, explain_event=_explain_event, explain_error=_explain_error,
    schema=_schema, schema_file="first_martians/schema.json",
    panel="mrp_tutor.games.first_martians.ui.fm_panel:FmPanel", commands=_commands,
))
