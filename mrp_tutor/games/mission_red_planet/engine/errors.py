"""Typed errors of the engine (the base and ContentError are shared: :mod:`mrp_tutor.core`).

Every error carries a stable ``code``, the ``rule`` id it enforces and a ``detail``
mapping with the facts that made it fail.  User-facing sentences come from
:func:`mrp_tutor.games.mission_red_planet.explain.explain_error`; ``str(err)`` is for developers.
"""

from __future__ import annotations

from mrp_tutor.core.errors import ContentError, MrpError

__all__ = [
    "ContentError", "GameOver", "IllegalIntent", "MalformedIntent", "MrpError", "NotYourDecision",
    "WrongPhase",
]


class MalformedIntent(MrpError, ValueError):
    """An intent that does not have the right shape (unknown type, missing field, bad id)."""


class IllegalIntent(MrpError, ValueError):
    """A well-formed intent that the rules forbid in the current position."""


class NotYourDecision(IllegalIntent):
    """The intent names a colour that has no decision to make now."""


class WrongPhase(IllegalIntent):
    """The intent belongs to another part of the round."""


class GameOver(IllegalIntent):
    """The game has ended; no more intents are accepted."""
