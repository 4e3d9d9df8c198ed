"""The base of every HUB event (:mod:`.events`, :mod:`.events_more`): a slotted dataclass
with the ``rule`` that caused it and an :meth:`Event.apply` that changes a state in place."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mrp_tutor.games.first_martians.state import HubState

_EV: dict[str, bool] = {"slots": True, "kw_only": True}


@dataclass(**_EV)
class Event:
    type: ClassVar[str] = "event"
    rule: str

    def apply(self, s: HubState) -> None:
        """Change ``s`` in place."""
