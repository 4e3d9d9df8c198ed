"""Effect primitives, registered by step type: ``effect_for(step)`` finds a step's effect.

The legal-move, diagnosis and resolution code dispatch through :data:`EFFECTS` (one dict
lookup by ``type(step)``) instead of type chains.  A new primitive is one module with an
:class:`~.base.Effect` subclass, added to :data:`SHIPPED` here: this registry registers the
effects (an effect module never imports this package, so importing one imports no circle).
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine.effects.base import Effect
from mrp_tutor.games.mission_red_planet.engine.effects.board import Board
from mrp_tutor.games.mission_red_planet.engine.effects.destroy import Destroy
from mrp_tutor.games.mission_red_planet.engine.effects.draw_or_peek import DrawOrPeek
from mrp_tutor.games.mission_red_planet.engine.effects.drop import Drop
from mrp_tutor.games.mission_red_planet.engine.effects.force_launch import ForceLaunch
from mrp_tutor.games.mission_red_planet.engine.effects.kill import Kill
from mrp_tutor.games.mission_red_planet.engine.effects.move import Move
from mrp_tutor.games.mission_red_planet.engine.effects.recall import Recall
from mrp_tutor.games.mission_red_planet.engine.effects.replace import Replace
from mrp_tutor.games.mission_red_planet.engine.effects.token import Token

EFFECTS: Final[dict[type[C.CharacterStep], Effect[Any]]] = {}
F = TypeVar("F", bound=type[Effect[Any]])


def register(cls: F) -> F:
    """Register an effect for its step type (returns the class)."""
    EFFECTS[cls.step] = cls()
    return cls


def effect_for(st: C.CharacterStep) -> Effect[Any]:
    """The effect that resolves ``st``."""
    return EFFECTS[type(st)]


#: the shipped effect primitives, registered in this order
SHIPPED: tuple[type[Effect[Any]], ...] = (
    Board, Destroy, DrawOrPeek, Drop, ForceLaunch, Kill, Move, Recall, Replace, Token)
for _cls in SHIPPED:
    register(_cls)

__all__ = ["EFFECTS", "SHIPPED", "Board", "Destroy", "DrawOrPeek", "Drop", "Effect",
           "ForceLaunch", "Kill", "Move", "Recall", "Replace", "Token", "effect_for", "register"]
