"""Events: every change of a game state, each citing the rule that caused it.

An event is a slotted dataclass (treated as an immutable value) with a required ``rule`` id
and an :meth:`apply` method that changes a state in place; the engine changes states only by
applying events.  Random outcomes are recorded in the events (shuffled orders, drawn
placements), so replaying an event log needs no random generator.  The event types live in
:mod:`.round_events` and :mod:`.phase_events`; this module re-exports them, registers every
one (:data:`EVENT_TYPES`) and holds their codec.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from . import codec
from .errors import ContentError
from .secrecy import HIDDEN_FIELDS
from .state import GameState

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


# the event types, one module per part of the game (they subclass Event, defined above)
from .ability_events import (  # noqa: E402
    AbilityDeclared,
    AbilityWindowClosed,
    AbilityWindowOpened,
    CharactersShown,
    CharacterSwapped,
    CharacterTakenBack,
    SheetsDealt,
    TokensSpent,
)
from .phase_events import (  # noqa: E402
    ActionKept,
    ActionPlayed,
    AstronautRemoved,
    AstronautRescued,
    AstronautsUnloaded,
    DestinationTokensReturned,
    DiscoveriesRevealed,
    DiscoveryScored,
    GameEnded,
    IceMonopolyScored,
    MissionScored,
    PositionEdited,
    ProductionModified,
    ResourceReplaced,
    StartingAstronautsPlaced,
    TokensAwarded,
    TokensGained,
    TokensProduced,
    TokensRemoved,
    TokensStayed,
    WorkDone,
    WorkQueued,
    WorkStarted,
)
from .round_events import (  # noqa: E402
    AstronautKilled,
    AstronautMoved,
    AstronautReplaced,
    AstronautsBoarded,
    CardsRecalled,
    CharacterChosen,
    CharacterRevealed,
    DealtCardsReturned,
    DeckShuffled,
    DestinationTokenPlaced,
    DiscoveryAssigned,
    DiscoveryDiscarded,
    DiscoveryPeeked,
    EventCardBoxed,
    EventCardDrawn,
    FirstPlayerSet,
    GameStarted,
    MissionKept,
    MissionsDealt,
    NeutralCardDrawn,
    NeutralRecruiterBoxed,
    ResolutionEnded,
    ResolutionOrderSet,
    ResolutionStarted,
    ResourceFlipped,
    ResourcesPlaced,
    ShipDestroyed,
    ShipDocked,
    ShipLanded,
    ShipLaunched,
    ShipReturned,
    StageChanged,
    StepSkipped,
    StepStarted,
    StepStopped,
    TrackAdvanced,
)


def _subclasses(cls: type[Event]) -> list[type[Event]]:
    out = []
    for sub in cls.__subclasses__():
        out.append(sub)
        out.extend(_subclasses(sub))
    return out


# (only classes that set their own tag: ``dataclass(slots=True)`` leaves the class it
# replaces among the subclasses until it is collected)
EVENT_TYPES: dict[str, type[Event]] = {c.type: c for c in _subclasses(Event) if "type" in vars(c)}


def reduce(state: GameState, event: Event) -> GameState:
    """Apply ``event`` to ``state`` in place and return it."""
    event.apply(state)
    return state


# event_to_dict lives in the codec (plain Python): a redacted copy of an event
# (:func:`.secrecy.redact`) may be a plain-Python twin of its class, which a compiled function
# typed for events would refuse
event_to_dict = codec.event_to_dict


def event_from_dict(data: Any) -> Event:
    """Validate a dict into an event.

    Raises:
        ContentError: unknown type or wrong fields.
    """
    cls, body = codec.tagged(data, EVENT_TYPES)
    if cls is None:
        raise ContentError("event", [f"unknown event type {data!r:.80}"])
    ev, problems = codec.validate(cls, body)
    if ev is None:
        raise ContentError(f"event {cls.type}", problems)
    return ev


__all__ = [
    "EVENT_TYPES",
    "AbilityDeclared",
    "AbilityWindowClosed",
    "AbilityWindowOpened",
    "ActionKept",
    "ActionPlayed",
    "AstronautKilled",
    "AstronautMoved",
    "AstronautRemoved",
    "AstronautReplaced",
    "AstronautRescued",
    "AstronautsBoarded",
    "AstronautsUnloaded",
    "CardsRecalled",
    "CharacterChosen",
    "CharacterRevealed",
    "CharacterSwapped",
    "CharacterTakenBack",
    "CharactersShown",
    "DealtCardsReturned",
    "DeckShuffled",
    "DestinationTokenPlaced",
    "DestinationTokensReturned",
    "DiscoveriesRevealed",
    "DiscoveryAssigned",
    "DiscoveryDiscarded",
    "DiscoveryPeeked",
    "DiscoveryScored",
    "Event",
    "EventCardBoxed",
    "EventCardDrawn",
    "FirstPlayerSet",
    "GameEnded",
    "GameStarted",
    "IceMonopolyScored",
    "MissionKept",
    "MissionScored",
    "MissionsDealt",
    "NeutralCardDrawn",
    "NeutralRecruiterBoxed",
    "PositionEdited",
    "ProductionModified",
    "ResolutionEnded",
    "ResolutionOrderSet",
    "ResolutionStarted",
    "ResourceFlipped",
    "ResourceReplaced",
    "ResourcesPlaced",
    "SheetsDealt",
    "ShipDestroyed",
    "ShipDocked",
    "ShipLanded",
    "ShipLaunched",
    "ShipReturned",
    "StageChanged",
    "StartingAstronautsPlaced",
    "StepSkipped",
    "StepStarted",
    "StepStopped",
    "TokensAwarded",
    "TokensGained",
    "TokensProduced",
    "TokensRemoved",
    "TokensSpent",
    "TokensStayed",
    "TrackAdvanced",
    "WorkDone",
    "WorkQueued",
    "WorkStarted",
    "event_from_dict",
    "event_to_dict",
    "reduce",
]
