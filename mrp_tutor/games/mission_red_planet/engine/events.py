"""Events: every change of a game state, each citing the rule that caused it.

An event is a slotted dataclass (treated as an immutable value) with a required ``rule`` id
and an :meth:`apply` method that changes a state in place; the engine changes states only by
applying events.  Random outcomes are recorded in the events (shuffled orders, drawn
placements), so replaying an event log needs no random generator.  The base class lives in
:mod:`.event_base`, the event types in :mod:`.round_events`, :mod:`.ship_events`,
:mod:`.phase_events` and :mod:`.ability_events`; this module imports them, registers every
one (:data:`EVENT_TYPES`, the subclasses of :class:`Event` its imports brought in) and holds
their codec.
"""

from __future__ import annotations

from typing import Any

from mrp_tutor.games.mission_red_planet.engine import codec

# the event types, one module per part of the game (they subclass Event, :mod:`.event_base`)
from mrp_tutor.games.mission_red_planet.engine.ability_events import (
    AbilityDeclared,
    AbilityWindowClosed,
    AbilityWindowOpened,
    CharacterHeld,
    CharactersShown,
    CharacterSwapped,
    CharacterTakenBack,
    SheetsDealt,
    TokensSpent,
)
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.games.mission_red_planet.engine.event_base import Event, Tagged
from mrp_tutor.games.mission_red_planet.engine.phase_events import (
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
    ReadingChosen,
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
from mrp_tutor.games.mission_red_planet.engine.round_events import (
    AstronautKilled,
    AstronautMoved,
    AstronautReplaced,
    AstronautsBoarded,
    CardsRecalled,
    CharacterChosen,
    CharacterRevealed,
    DealtCardsReturned,
    DeckShuffled,
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
    StageChanged,
    StepSkipped,
    StepStarted,
    StepStopped,
    TrackAdvanced,
)
from mrp_tutor.games.mission_red_planet.engine.ship_events import (
    DestinationTokenPlaced,
    ShipDestroyed,
    ShipDocked,
    ShipLanded,
    ShipLaunched,
    ShipReturned,
)
from mrp_tutor.games.mission_red_planet.engine.state import GameState


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
    "CharacterHeld",
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
    "ReadingChosen",
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
    "Tagged",
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
