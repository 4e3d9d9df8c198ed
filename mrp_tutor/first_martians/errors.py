"""Typed errors of the First Martians assistant, each with a stable ``code`` and a rule id.

They share the tutor's error base (:class:`mrp_tutor.core.errors.MrpError`), so code that
handles one game's errors handles the other's.  A refused intent changes nothing.
"""

from __future__ import annotations

from ..core.errors import ContentError, MrpError

__all__ = ["ContentError", "FmError", "IllegalPlacement", "WrongPhase"]


class FmError(MrpError, ValueError):
    """A First Martians intent the rules forbid in this position."""


class WrongPhase(FmError):
    """The intent belongs to another phase of the round."""


class IllegalPlacement(FmError):
    """Pawns placed on an action break the Action Phase rules."""
