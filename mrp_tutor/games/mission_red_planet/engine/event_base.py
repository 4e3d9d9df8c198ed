"""The base of every event (:class:`Event`) and the ``type`` tag of events and intents
(:class:`Tagged`): the lowest layer of the model, below every event module.

The event types subclass :class:`Event` in :mod:`.round_events`, :mod:`.ship_events`,
:mod:`.phase_events` and :mod:`.ability_events`; :mod:`.events` imports them all, registers
them (:data:`.events.EVENT_TYPES`) and holds their codec.  So no event module imports the registry
that imports it (no import circle).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from mrp_tutor.games.mission_red_planet.engine.secrecy import HIDDEN_FIELDS
from mrp_tutor.games.mission_red_planet.engine.state import GameState

# Plain slotted dataclasses: building a frozen dataclass costs ~4x more (measured), and
# events are built on the hot path.  Treat events as immutable values.  Not keyword-only:
# calling a class with keywords makes CPython 3.11 build a dict of them first, so an event
# built with positional arguments costs less than half (measured: 0.33 vs 0.8 us for six
# fields); the hot path builds its events positionally, in field order (rule first).
# The commonest events (a step started, astronauts boarded, a character chosen, revealed,
# resolved...) define their own positional ``__init__``: compiled by mypyc it costs ~10x less
# than the one dataclass generates (which stays Python code); codec.validate copes with them.
_EV: dict[str, bool] = {"slots": True}


class Tagged:
    """The ``type`` tag of an event or intent class (its name in logs and JSON).

    Each class sets its tag right after its body (``Board.type = "board"``), not as a
    ``ClassVar`` inside its dataclass body: the compiled engine (mypyc, see
    ``scripts/build_engine.py``) would take a ``ClassVar`` there for a field (mypyc#1122).
    """

    type: ClassVar[str] = "tagged"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and ``copy.deepcopy`` as a call with the fields in order: a compiled class
        with its own ``__init__`` (the hot events and intents) cannot be made empty first."""
        me: Any = self
        return type(self), tuple(getattr(self, f.name) for f in fields(me) if f.init)


@dataclass(**_EV)
class Event(Tagged):
    """Base of every event."""

    rule: str

    @property
    def hidden(self) -> tuple[str, ...]:
        """Fields only the actor may see (the policy: :data:`.secrecy.HIDDEN_FIELDS`)."""
        return HIDDEN_FIELDS.get(self.type, ())

    def apply(self, s: GameState) -> None:
        """Change ``s`` in place (the reducer of this event)."""

    def actor(self) -> str | None:
        """The colour this event belongs to, for redaction (None: public)."""
        return getattr(self, "colour", None)
Event.type = "event"


def _add(d: dict[str, int], key: str, n: int) -> None:
    v = d.get(key, 0) + n
    if v:
        d[key] = v
    else:
        d.pop(key, None)


__all__ = ["Event", "Tagged"]
