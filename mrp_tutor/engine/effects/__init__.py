"""Effect primitives, registered by step type: ``effect_for(step)`` finds a step's effect.

The legal-move, diagnosis and resolution code dispatch through :data:`EFFECTS` (one dict
lookup by ``type(step)``) instead of type chains.  A new primitive is one module with an
:class:`~.base.Effect` subclass decorated with :func:`register`.
"""

from __future__ import annotations

from typing import Any, TypeVar

from .. import content as C
from .base import Effect

EFFECTS: dict[type[C.CharacterStep], Effect[Any]] = {}
F = TypeVar("F", bound=type[Effect[Any]])


def register(cls: F) -> F:
    """Class decorator: register an effect for its step type."""
    EFFECTS[cls.step] = cls()
    return cls


def effect_for(st: C.CharacterStep) -> Effect[Any]:
    """The effect that resolves ``st``."""
    return EFFECTS[type(st)]


from . import (  # noqa: E402  (each module registers its effect)
    board,
    destroy,
    draw_or_peek,
    drop,
    force_launch,
    kill,
    move,
    recall,
    replace,
    token,
)

__all__ = ["EFFECTS", "Effect", "board", "destroy", "draw_or_peek", "drop", "effect_for",
           "force_launch", "kill", "move", "recall", "register", "replace", "token"]
