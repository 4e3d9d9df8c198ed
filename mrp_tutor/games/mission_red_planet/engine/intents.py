"""Intents: every decision a player can make, as typed, hashable values.

``colour`` is the colour the decision is made for (in the two-player variant a player also
decides for his neutral colour).  :func:`intent_from_dict` validates untrusted input (files,
JSON, what the browser sends); engine functions take intents already built.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import codec
from mrp_tutor.games.mission_red_planet.engine.errors import MalformedIntent
from mrp_tutor.games.mission_red_planet.engine.event_base import Tagged

# Hashable slotted dataclasses, not frozen ones: a frozen dataclass takes ~4x longer to build
# (measured) and legal-intent lists are built on the hot path.  Treat intents as immutable.
_IN = {"slots": True, "unsafe_hash": True}


@dataclass(**_IN)
class Intent(Tagged):
    """Base of every intent (its ``type`` tag: see :class:`.event_base.Tagged`)."""

    colour: str
Intent.type = "intent"


@dataclass(**_IN)
class KeepMission(Intent):
    """Setup: keep one of the two dealt missions."""

    card: str

    def __init__(self, colour: str, card: str) -> None:
        self.colour, self.card = colour, card
KeepMission.type = "keep_mission"


@dataclass(**_IN)
class ChooseCharacter(Intent):
    """Secretly choose a character card from hand."""

    character: str
ChooseCharacter.type = "choose_character"


@dataclass(**_IN)
class Board(Intent):
    """Place astronauts on a docked ship (``token``: destination chosen for an unknown ship)."""

    ship: str
    count: int = 1
    token: str | None = None

    def __init__(self, colour: str, ship: str, count: int = 1, token: str | None = None) -> None:
        self.colour, self.ship, self.count, self.token = colour, ship, count, token
Board.type = "board"


@dataclass(**_IN)
class Move(Intent):
    """Move one astronaut of ``colour`` from one zone to another."""

    from_zone: str
    to_zone: str

    def __init__(self, colour: str, from_zone: str, to_zone: str) -> None:
        self.colour, self.from_zone, self.to_zone = colour, from_zone, to_zone
Move.type = "move"


@dataclass(**_IN)
class Stop(Intent):
    """End an "up to" effect early."""
Stop.type = "stop"


@dataclass(**_IN)
class DrawEvent(Intent):
    """Scientist: draw the top event card."""
DrawEvent.type = "draw_event"


@dataclass(**_IN)
class Peek(Intent):
    """Scientist: look at the face-down discovery card in ``zone``."""

    zone: str
Peek.type = "peek"


@dataclass(**_IN)
class AssignDiscovery(Intent):
    """Assign the drawn discovery card face down to an outer zone."""

    zone: str

    def __init__(self, colour: str, zone: str) -> None:
        self.colour, self.zone = colour, zone
AssignDiscovery.type = "assign_discovery"


@dataclass(**_IN)
class Launch(Intent):
    """Secret Agent: force a docked ship to launch."""

    ship: str

    def __init__(self, colour: str, ship: str) -> None:
        self.colour, self.ship = colour, ship
Launch.type = "launch"


@dataclass(**_IN)
class Destroy(Intent):
    """Saboteur: destroy a docked ship."""

    ship: str

    def __init__(self, colour: str, ship: str) -> None:
        self.colour, self.ship = colour, ship
Destroy.type = "destroy"


@dataclass(**_IN)
class Replace(Intent):
    """Femme Fatale: replace an astronaut of ``victim`` at ``place`` (zone or ship id)."""

    place: str
    victim: str
Replace.type = "replace"


@dataclass(**_IN)
class Kill(Intent):
    """Kill one astronaut of ``victim`` in ``zone``."""

    zone: str
    victim: str

    def __init__(self, colour: str, zone: str, victim: str) -> None:
        self.colour, self.zone, self.victim = colour, zone, victim
Kill.type = "kill"


@dataclass(**_IN)
class Drop(Intent):
    """Soldier: move one astronaut from Phobos to ``to_zone`` anywhere on Mars."""

    to_zone: str
Drop.type = "drop"


@dataclass(**_IN)
class PlaceToken(Intent):
    """Pilot: put a destination token for ``zone`` on a docked or launched ship."""

    ship: str
    zone: str
PlaceToken.type = "place_token"


@dataclass(**_IN)
class Rescue(Intent):
    """Action card: bring one astronaut back from the memorial to ``zone``."""

    zone: str

    def __init__(self, colour: str, zone: str) -> None:
        self.colour, self.zone = colour, zone
Rescue.type = "rescue"


@dataclass(**_IN)
class PlayAction(Intent):
    """Play a held action card now, at the moment its text names (rule actions.timing)."""

    card: str
PlayAction.type = "play_action"


@dataclass(**_IN)
class KeepAction(Intent):
    """Do not play a held action card at its moment; it stays hidden and unplayed."""

    card: str
KeepAction.type = "keep_action"


@dataclass(**_IN)
class RulesetIntent(Intent):
    """Base of the intents a ruleset adds (abilities): its own hooks apply and refuse them."""


@dataclass(**_IN)
class UseAbility(RulesetIntent):
    """Use the ability of one's sheet (``target``: a card, zone, ship or colour, per sheet)."""

    ability: str
    target: str | None = None
UseAbility.type = "use_ability"


@dataclass(**_IN)
class PayToken(RulesetIntent):
    """Pay one point token of ``resource`` towards a declared ability's cost."""

    resource: str
PayToken.type = "pay_token"


@dataclass(**_IN)
class DeclineAbility(RulesetIntent):
    """Let an ability window pass without using it."""

    ability: str
DeclineAbility.type = "decline_ability"


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
    intent, problems = codec.validate(cls, body)
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
