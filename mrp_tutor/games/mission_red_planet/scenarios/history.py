"""The validation of table positions, as the scenario side names it.

There is one validation of a table position, ruleset-aware:
:func:`mrp_tutor.games.mission_red_planet.engine.checks.table_problems` (what the rules never leave
on the table, what
no history of rounds produces, and every count and card of the engine's state check).  The
scenario loader (:func:`~.position.build_state`), the referee's edits
(:func:`mrp_tutor.games.mission_red_planet.ui.edits.check_edit`), the CLI's rulings
(:mod:`mrp_tutor.games.mission_red_planet.referee`) and so
table files and share codes all refuse exactly its positions; this module only re-exports it
and gives the sentences of :func:`validate_state`.
"""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine.checks import table_problems
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState


def validate_state(spec: GameSpec, s: GameState) -> list[str]:
    """The problems of :func:`table_problems` as sentences ``what is wrong (rule id)``
    (empty when the position is one the game can reach)."""
    return [f"{message} (rule {rule})" for _, message, rule in table_problems(spec, s)]


__all__ = ["table_problems", "validate_state"]
