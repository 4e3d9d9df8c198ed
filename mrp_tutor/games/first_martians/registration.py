"""First Martians in the game registry (:mod:`mrp_tutor.core.games`): its scenario files
(``game: first_martians``) load and play through :mod:`.scenario_file`; its table shows in the
app's First Martians panel (imported only when a visitor picks the game)."""

from __future__ import annotations

from typing import Any

from mrp_tutor.core.games import Game, PlayResult, register


def _load(data: Any, source: str, path: Any) -> Any:
    from mrp_tutor.games.first_martians.scenario_file import fm_scenario_from_dict

    return fm_scenario_from_dict(data, source, path)


def _play(scenario: Any) -> PlayResult:
    from mrp_tutor.games.first_martians.scenario_file import run_fm_scenario

    return PlayResult(*run_fm_scenario(scenario))


def _explain_event(event: Any) -> Any:
    from mrp_tutor.games.first_martians.explain import explain_event

    return explain_event(event)


def _explain_error(error: Any) -> Any:
    from mrp_tutor.games.first_martians.explain import explain_error

    return explain_error(error)


def _schema() -> str:
    from mrp_tutor.games.first_martians.schema import schema_json

    return schema_json()


def _commands(subparsers: Any) -> None:
    from mrp_tutor.games.first_martians.commands import add_fm_commands

    add_fm_commands(subparsers)


GAME = register(Game(
    name="first_martians", title="First Martians",
    load=_load, play=_play, explain_event=_explain_event, explain_error=_explain_error,
    schema=_schema, schema_file="first_martians/schema.json",
    panel="mrp_tutor.games.first_martians.ui.fm_panel:FmPanel", commands=_commands,
))
