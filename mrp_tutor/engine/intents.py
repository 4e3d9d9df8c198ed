"""Intents: every decision a player can make, as typed, hashable values.

``colour`` is the colour the decision is made for (in the two-player variant a player also
decides for his neutral colour).  :func:`intent_from_dict` validates untrusted input (files,
JSON, what the browser sends); engine functions take intents already built.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, ClassVar

from . import codec
from .errors import MalformedIntent

# Hashable slotted dataclasses, not frozen ones: a frozen dataclass takes ~4x longer to build
# (measured) and legal-intent lists are built on the hot path.  Treat intents as immutable.
_IN = {"slots": True, "unsafe_hash": True}


@dataclass(**_IN)
class Intent:
    """Base of every intent."""

    type: ClassVar[str] = "intent"
    colour: str


@dataclass(**_IN)
class KeepMission(Intent):
    """Setup: keep one of the two dealt missions."""

    type: ClassVar[str] = "keep_mission"
    card: str


@dataclass(**_IN)
class ChooseCharacter(Intent):
    """Secretly choose a character card from hand."""

    type: ClassVar[str] = "choose_character"
    character: str


@dataclass(**_IN)
class Board(Intent):
    """Place astronauts on a docked ship (``token``: destination chosen for an unknown ship)."""

    type: ClassVar[str] = "board"
    ship: str
    count: int = 1
    token: str | None = None


@dataclass(**_IN)
class Move(Intent):
    """Move one astronaut of ``colour`` from one zone to another."""

    type: ClassVar[str] = "move"
    from_zone: str
    to_zone: str


@dataclass(**_IN)
class Stop(Intent):
    """End an "up to" effect early."""

    type: ClassVar[str] = "stop"


@dataclass(**_IN)
class DrawEvent(Intent):
    """Scientist: draw the top event card."""

    type: ClassVar[str] = "draw_event"


@dataclass(**_IN)
class Peek(Intent):
    """Scientist: look at the face-down discovery card in ``zone``."""

    type: ClassVar[str] = "peek"
    zone: str


@dataclass(**_IN)
class AssignDiscovery(Intent):
    """Assign the drawn discovery card face down to an outer zone."""

    type: ClassVar[str] = "assign_discovery"
    zone: str


@dataclass(**_IN)
class Launch(Intent):
    """Secret Agent: force a docked ship to launch."""

    type: ClassVar[str] = "launch"
    ship: str


@dataclass(**_IN)
class Destroy(Intent):
    """Saboteur: destroy a docked ship."""

    type: ClassVar[str] = "destroy"
    ship: str


@dataclass(**_IN)
class Replace(Intent):
    """Femme Fatale: replace an astronaut of ``victim`` at ``place`` (zone or ship id)."""

    type: ClassVar[str] = "replace"
    place: str
    victim: str


@dataclass(**_IN)
class Kill(Intent):
    """Kill one astronaut of ``victim`` in ``zone``."""

    type: ClassVar[str] = "kill"
    zone: str
    victim: str


@dataclass(**_IN)
class Drop(Intent):
    """Soldier: move one astronaut from Phobos to ``to_zone`` anywhere on Mars."""

    type: ClassVar[str] = "drop"
    to_zone: str


@dataclass(**_IN)
class PlaceToken(Intent):
    """Pilot: put a destination token for ``zone`` on a docked or launched ship."""

    type: ClassVar[str] = "place_token"
    ship: str
    zone: str


@dataclass(**_IN)
class Rescue(Intent):
    """Action card: bring one astronaut back from the memorial to ``zone``."""

    type: ClassVar[str] = "rescue"
    zone: str


@dataclass(**_IN)
class PlayAction(Intent):
    """Play a held action card now, at the moment its text names (rule actions.timing)."""

    type: ClassVar[str] = "play_action"
    card: str


@dataclass(**_IN)
class KeepAction(Intent):
    """Do not play a held action card at its moment; it stays hidden and unplayed."""

    type: ClassVar[str] = "keep_action"
    card: str


@dataclass(**_IN)
class RulesetIntent(Intent):
    """Base of the intents a ruleset adds (abilities): its own hooks apply and refuse them."""


@dataclass(**_IN)
class UseAbility(RulesetIntent):
    """Use the ability of one's sheet (``target``: a card, zone, ship or colour, per sheet)."""

    type: ClassVar[str] = "use_ability"
    ability: str
    target: str | None = None


@dataclass(**_IN)
class PayToken(RulesetIntent):
    """Pay one point token of ``resource`` towards a declared ability's cost."""

    type: ClassVar[str] = "pay_token"
    resource: str


@dataclass(**_IN)
class DeclineAbility(RulesetIntent):
    """Let an ability window pass without using it."""

    type: ClassVar[str] = "decline_ability"
    ability: str


INTENT_TYPES: dict[str, type[Intent]] = {
    c.type: c
    for c in (KeepMission, ChooseCharacter, Board, Move, Stop, DrawEvent, Peek, AssignDiscovery,
              Launch, Destroy, Replace, Kill, Drop, PlaceToken, Rescue, PlayAction, KeepAction,
              UseAbility, PayToken, DeclineAbility)
}


def intent_to_dict(intent: Intent) -> dict[str, Any]:
    """JSON-ready dict of an intent, with its ``type``."""
    return codec.to_dict(intent)


def intent_from_dict(data: Any) -> Intent:
    """Validate untrusted data into an intent.

    Raises:
        MalformedIntent: code ``intent_malformed`` (unknown type, missing or extra fields).
    """
    cls, body = codec.tagged(data, INTENT_TYPES)
    if cls is None:
        kind = data.get("type") if isinstance(data, dict) else type(data).__name__
        raise MalformedIntent(
            "intent_malformed", None, f"unknown intent type {kind!r}",
            {"type": kind, "known": sorted(INTENT_TYPES)},
        )
    allowed = set(cls.__dataclass_fields__)
    extra = sorted(set(body) - allowed)
    if extra:
        raise MalformedIntent(
            "intent_malformed", None,
            f"{cls.type}: unexpected {'field' if len(extra) == 1 else 'fields'} {extra}",
            {"type": cls.type, "fields": extra},
        )
    intent, problems = codec.validate(cls, body, strict=False)
    if intent is None:
        raise MalformedIntent(
            "intent_malformed", None, f"{cls.type}: " + "; ".join(problems),
            {"type": cls.type, "problems": problems},
        )
    return intent


def format_intent(intent: Intent) -> str:
    """Compact text of an intent, e.g. ``red: board s07 x1``.

    >>> format_intent(Board("red", "s07"))
    'red: board s07 x1'
    >>> format_intent(Stop("blue"))
    'blue: stop'
    """
    parts = [f"{v}" if k != "count" else f"x{v}" for k, v in asdict(intent).items()
             if k != "colour" and v is not None]
    return " ".join([f"{intent.colour}: {intent.type}", *parts])
