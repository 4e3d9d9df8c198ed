"""Typed errors of the First Martians assistant, each with a stable ``code`` and a rule id.

They share the tutor's error base (:class:`mrp_tutor.core.errors.MrpError`), so code that
handles one game's errors handles the other's.  A refused intent changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mrp_tutor.core.errors import ContentError, MrpError

__all__ = ["ContentError", "FmError", "IllegalPlacement", "InputNeeded", "WrongPhase"]


class FmError(MrpError, ValueError):
    """A First Martians intent the rules forbid in this position."""


class WrongPhase(FmError):
    """The intent belongs to another phase of the round."""


class IllegalPlacement(FmError):
    """Pawns placed on an action break the Action Phase rules."""


class InputNeeded(FmError):
    """The rules need what the table rolled, drew or chose, and the intent does not say.

    Nothing changed.  Offer ``choices`` (shown as ``labels``) and play the intent again with
    the value entered (:func:`.intents.with_input`), or with ``roll_for_me`` when the person
    asked the assistant to roll (only when ``random_draw``).
    """

    def __init__(self, kind: str, what: str, choices: list[Any], rule: str, *,
                 random_draw: bool = True, labels: Sequence[str] | None = None,
                 table_only: bool = False) -> None:
        self.kind = kind
        self.table_only = table_only
        self.what = what
        self.choices = choices
        self.random_draw = random_draw
        self.labels = list(labels) if labels is not None else [
            str(c).replace("_", " ") for c in choices]
        verb = "roll or draw" if random_draw else "choice"
        super().__init__("fm.input_needed", rule, f"enter the table's {verb} for {what}",
                         {"kind": kind, "what": what, "choices": choices,
                          "random": random_draw})
