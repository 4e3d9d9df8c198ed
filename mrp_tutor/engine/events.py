"""Events: every change of a game state, each citing the rule that caused it.

An event is a frozen dataclass with a required ``rule`` id and an :meth:`apply` method
that changes a state in place; :func:`reduce` is the only way states change.  Random
outcomes are recorded in the events (shuffled orders, drawn placements), so replaying an
event log needs no random generator.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from . import codec
from .errors import ContentError
from .secrecy import HIDDEN_FIELDS
from .state import GameState, Result, Seat, Ship

# Plain slotted dataclasses: building a frozen dataclass costs ~4x more (measured), and
# events are built on the hot path.  Treat events as immutable values.
_EV = {"slots": True, "kw_only": True}


@dataclass(**_EV)
class Event:
    """Base of every event."""

    type: ClassVar[str] = "event"
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


def _add(d: dict[str, int], key: str, n: int) -> None:
    v = d.get(key, 0) + n
    if v:
        d[key] = v
    else:
        d.pop(key, None)


# ------------------------------------------------------------------------------- setup


@dataclass(**_EV)
class GameStarted(Event):
    # The seed decides every later random outcome, so players never see it (referee only).
    type: ClassVar[str] = "game_started"
    seed: int
    variant: str
    colours: tuple[str, ...]
    controllers: tuple[str, ...]
    neutral: tuple[bool, ...]
    hand: tuple[str, ...]
    astronauts: int
    docks: int
    zones: tuple[str, ...]
    token_supply: tuple[tuple[str, int], ...]
    dest_supply: tuple[tuple[str, int], ...]

    def apply(self, s: GameState) -> None:
        s.seed = self.seed
        s.ruleset = self.variant  # the ruleset's name: recorded, never re-derived
        s.order = list(self.colours)
        s.seats = {
            c: Seat(c, ctl, neu, hand=[] if neu else list(self.hand), supply=self.astronauts)
            for c, ctl, neu in zip(self.colours, self.controllers, self.neutral, strict=True)
        }
        for seat in s.seats.values():
            seat.tokens = {"ice": 0, "sylvanite": 0, "celerium": 0}
        s.docks = [None] * self.docks
        s.zones = {z: {} for z in self.zones}
        s.waiting = {z: {} for z in self.zones}
        s.face_up = {z: False for z in self.zones}
        s.token_supply = dict(self.token_supply)
        s.dest_supply = dict(self.dest_supply)
        s.memorial = {}
        s.stage = "setup"


@dataclass(**_EV)
class DeckShuffled(Event):
    type: ClassVar[str] = "deck_shuffled"
    deck: str  # ships | missions | events | neutral:<colour>
    order: tuple[str, ...]

    def apply(self, s: GameState) -> None:
        s.rng_count += 1
        if self.deck == "ships":
            s.ship_deck = list(self.order)
            s.ship_discard = [x for x in s.ship_discard if x not in self.order]
        elif self.deck == "missions":
            s.mission_deck = list(self.order)
        elif self.deck == "events":
            s.event_deck = list(self.order)
            s.mission_deck = []
        elif self.deck.startswith("neutral:"):
            seat = s.seats[self.deck.split(":", 1)[1]]
            seat.deck = list(self.order)
            seat.played = [c for c in seat.played if c not in self.order]
            seat.hand = [c for c in seat.hand if c not in self.order]

    def actor(self) -> str | None:
        return None


@dataclass(**_EV)
class ShipDocked(Event):
    type: ClassVar[str] = "ship_docked"
    ship: str
    dock: int

    def apply(self, s: GameState) -> None:
        s.ship_deck.remove(self.ship)
        s.docks[self.dock] = self.ship
        s.ships[self.ship] = Ship(self.ship)


@dataclass(**_EV)
class ShipReturned(Event):
    """Setup: an unknown-destination ship goes back into the deck (which is then shuffled)."""

    type: ClassVar[str] = "ship_returned"
    ship: str
    dock: int

    def apply(self, s: GameState) -> None:
        s.docks[self.dock] = None
        del s.ships[self.ship]
        s.ship_deck.append(self.ship)


@dataclass(**_EV)
class DestinationTokenPlaced(Event):
    type: ClassVar[str] = "destination_token_placed"
    ship: str
    zone: str
    colour: str | None = None
    pilot: bool = False

    def apply(self, s: GameState) -> None:
        s.dest_supply[self.zone] -= 1
        s.ships[self.ship].tokens.append(self.zone)
        if self.pilot:
            s.left = 0


@dataclass(**_EV)
class AstronautsBoarded(Event):
    type: ClassVar[str] = "astronauts_boarded"
    colour: str
    ship: str
    count: int

    def apply(self, s: GameState) -> None:
        s.seats[self.colour].supply -= self.count
        _add(s.ships[self.ship].crew, self.colour, self.count)
        if s.cur is not None:
            s.left -= self.count
            s.used.append(self.ship)


@dataclass(**_EV)
class FirstPlayerSet(Event):
    type: ClassVar[str] = "first_player_set"
    colour: str

    def apply(self, s: GameState) -> None:
        s.first = self.colour


@dataclass(**_EV)
class ResourcesPlaced(Event):
    type: ClassVar[str] = "resources_placed"
    placement: tuple[tuple[str, str], ...]
    spare: str | None

    def apply(self, s: GameState) -> None:
        s.rng_count += 1
        s.resources = dict(self.placement)
        s.spare_resource = self.spare


@dataclass(**_EV)
class MissionsDealt(Event):
    type: ClassVar[str] = "missions_dealt"
    colour: str
    cards: tuple[str, ...]

    def apply(self, s: GameState) -> None:
        for c in self.cards:
            s.mission_deck.remove(c)
        s.seats[self.colour].dealt = list(self.cards)


@dataclass(**_EV)
class MissionKept(Event):
    type: ClassVar[str] = "mission_kept"
    colour: str
    card: str
    returned: tuple[str, ...]

    def apply(self, s: GameState) -> None:
        seat = s.seats[self.colour]
        seat.missions.append(self.card)
        seat.dealt = []
        s.mission_deck[:0] = list(self.returned)


@dataclass(**_EV)
class StageChanged(Event):
    type: ClassVar[str] = "stage_changed"
    stage: str

    def apply(self, s: GameState) -> None:
        s.stage = self.stage


# ------------------------------------------------------------------------------- rounds


@dataclass(**_EV)
class TrackAdvanced(Event):
    type: ClassVar[str] = "track_advanced"
    index: int
    kind: str
    number: int

    def apply(self, s: GameState) -> None:
        s.track_index = self.index
        if self.kind == "round":
            s.round = self.number
            s.stage = "choose"
        else:
            s.stage = self.kind


@dataclass(**_EV)
class NeutralCardDrawn(Event):
    type: ClassVar[str] = "neutral_card_drawn"
    colour: str
    card: str

    def apply(self, s: GameState) -> None:
        seat = s.seats[self.colour]
        seat.deck.remove(self.card)
        seat.drawn = self.card


@dataclass(**_EV)
class CharacterChosen(Event):
    type: ClassVar[str] = "character_chosen"
    colour: str
    character: str

    def apply(self, s: GameState) -> None:
        seat = s.seats[self.colour]
        if seat.neutral:
            seat.drawn = None
        else:
            seat.hand.remove(self.character)
        seat.chosen = self.character


@dataclass(**_EV)
class ResolutionOrderSet(Event):
    """The countdown order of this round (hidden: it tells who chose a higher number)."""

    type: ClassVar[str] = "resolution_order_set"
    order: tuple[str, ...]

    def actor(self) -> str | None:
        return None

    def apply(self, s: GameState) -> None:
        s.queue = list(self.order)


@dataclass(**_EV)
class CharacterRevealed(Event):
    """A chosen card is turned face up when its number is called."""

    type: ClassVar[str] = "character_revealed"
    colour: str
    character: str

    def apply(self, s: GameState) -> None:
        seat = s.seats[self.colour]
        seat.chosen = None
        seat.played.append(self.character)


@dataclass(**_EV)
class ResolutionStarted(Event):
    type: ClassVar[str] = "resolution_started"
    colour: str
    character: str

    def apply(self, s: GameState) -> None:
        s.queue.remove(self.colour)
        s.cur = self.colour
        s.char = self.character
        s.step = -1
        s.left = s.done = 0
        s.used = []


@dataclass(**_EV)
class StepStarted(Event):
    type: ClassVar[str] = "step_started"
    colour: str
    character: str
    step: int
    effect: str
    count: int

    def apply(self, s: GameState) -> None:
        s.step = self.step
        s.left = self.count
        s.done = 0
        s.used = []


@dataclass(**_EV)
class StepSkipped(Event):
    """Nothing (more) of a step can be done: it is resolved as fully as possible."""

    type: ClassVar[str] = "step_skipped"
    colour: str
    character: str
    step: int
    effect: str
    reason: str
    left: int = 0

    def apply(self, s: GameState) -> None:
        s.left = 0


@dataclass(**_EV)
class StepStopped(Event):
    """A player ends an "up to" step early (e.g. fewer than three Explorer moves)."""

    type: ClassVar[str] = "step_stopped"
    colour: str
    effect: str
    left: int

    def apply(self, s: GameState) -> None:
        s.left = 0


@dataclass(**_EV)
class ResolutionEnded(Event):
    type: ClassVar[str] = "resolution_ended"
    colour: str
    character: str

    def apply(self, s: GameState) -> None:
        s.cur = None
        s.char = None
        s.step = 0
        s.left = s.done = 0
        s.used = []
        s.last = self.colour


@dataclass(**_EV)
class CardsRecalled(Event):
    type: ClassVar[str] = "cards_recalled"
    colour: str
    cards: tuple[str, ...]

    def apply(self, s: GameState) -> None:
        seat = s.seats[self.colour]
        seat.hand.extend(self.cards)
        seat.played = []


@dataclass(**_EV)
class NeutralRecruiterBoxed(Event):
    type: ClassVar[str] = "neutral_recruiter_boxed"
    colour: str
    card: str

    def apply(self, s: GameState) -> None:
        seat = s.seats[self.colour]
        seat.played.remove(self.card)
        seat.boxed.append(self.card)


@dataclass(**_EV)
class AstronautMoved(Event):
    type: ClassVar[str] = "astronaut_moved"
    colour: str
    from_zone: str
    to_zone: str

    def apply(self, s: GameState) -> None:
        _add(s.zones[self.from_zone], self.colour, -1)
        _add(s.zones[self.to_zone], self.colour, 1)
        if s.left > 0:  # one move of an effect in progress
            s.left -= 1
            s.done += 1


@dataclass(**_EV)
class ResourceFlipped(Event):
    type: ClassVar[str] = "resource_flipped"
    zone: str
    resource: str

    def apply(self, s: GameState) -> None:
        s.face_up[self.zone] = True


@dataclass(**_EV)
class EventCardDrawn(Event):
    type: ClassVar[str] = "event_card_drawn"
    colour: str
    card: str
    kind: str

    def apply(self, s: GameState) -> None:
        s.event_deck.remove(self.card)
        seat = s.seats[self.colour]
        if self.kind == "mission":
            seat.missions.append(self.card)
        elif self.kind == "action":
            seat.actions.append(self.card)
        else:
            s.held = self.card
        s.left = 0


@dataclass(**_EV)
class EventCardBoxed(Event):
    """Two-player variant: a neutral Scientist's mission or action goes back to the box unseen."""

    type: ClassVar[str] = "event_card_boxed"
    colour: str
    card: str

    def apply(self, s: GameState) -> None:
        seat = s.seats[self.colour]
        if self.card in seat.missions:
            seat.missions.remove(self.card)
        if self.card in seat.actions:
            seat.actions.remove(self.card)
        seat.boxed.append(self.card)


@dataclass(**_EV)
class DiscoveryAssigned(Event):
    type: ClassVar[str] = "discovery_assigned"
    colour: str
    card: str
    zone: str

    def apply(self, s: GameState) -> None:
        s.discoveries[self.zone] = self.card
        s.held = None
        s.seats[self.colour].peeked[self.zone] = self.card


@dataclass(**_EV)
class DiscoveryDiscarded(Event):
    type: ClassVar[str] = "discovery_discarded"
    colour: str
    card: str

    def apply(self, s: GameState) -> None:
        s.discovery_discard.append(self.card)
        s.held = None
        s.left = 1  # the Scientist now looks at a discovery in play instead
        s.done = 1


@dataclass(**_EV)
class DiscoveryPeeked(Event):
    type: ClassVar[str] = "discovery_peeked"
    colour: str
    zone: str
    card: str

    def apply(self, s: GameState) -> None:
        s.seats[self.colour].peeked[self.zone] = self.card
        s.left = 0


@dataclass(**_EV)
class ShipLaunched(Event):
    type: ClassVar[str] = "ship_launched"
    ship: str
    forced: bool = False
    colour: str | None = None

    def apply(self, s: GameState) -> None:
        s.ships[self.ship].launched = True
        s.docks[s.docks.index(self.ship)] = None
        s.launched.append(self.ship)
        if self.forced:
            s.left = 0


@dataclass(**_EV)
class ShipDestroyed(Event):
    type: ClassVar[str] = "ship_destroyed"
    ship: str
    killed: tuple[tuple[str, int], ...]
    tokens: tuple[str, ...]
    colour: str | None = None

    def apply(self, s: GameState) -> None:
        for c, n in self.killed:
            _add(s.memorial, c, n)
        for z in self.tokens:
            s.dest_supply[z] += 1
        s.docks[s.docks.index(self.ship)] = None
        del s.ships[self.ship]
        s.ship_discard.append(self.ship)
        s.left = 0


@dataclass(**_EV)
class AstronautKilled(Event):
    type: ClassVar[str] = "astronaut_killed"
    colour: str  # the acting colour
    victim: str
    place: str  # zone id or ship id

    def apply(self, s: GameState) -> None:
        if self.place in s.ships:
            _add(s.ships[self.place].crew, self.victim, -1)
        else:
            _add(s.zones[self.place], self.victim, -1)
        _add(s.memorial, self.victim, 1)
        if s.left > 0:
            s.left -= 1


@dataclass(**_EV)
class AstronautReplaced(Event):
    type: ClassVar[str] = "astronaut_replaced"
    colour: str
    victim: str
    place: str

    def apply(self, s: GameState) -> None:
        crew = s.ships[self.place].crew if self.place in s.ships else s.zones[self.place]
        _add(crew, self.victim, -1)
        _add(crew, self.colour, 1)
        _add(s.memorial, self.victim, 1)
        s.seats[self.colour].supply -= 1
        s.left = 0


@dataclass(**_EV)
class ShipLanded(Event):
    type: ClassVar[str] = "ship_landed"
    ship: str
    zone: str | None
    crew: tuple[tuple[str, int], ...]
    tokens: tuple[str, ...]

    def apply(self, s: GameState) -> None:
        if self.zone is not None:
            for c, n in self.crew:
                _add(s.zones[self.zone], c, n)
        for z in self.tokens:
            s.dest_supply[z] += 1
        del s.ships[self.ship]
        s.launched.remove(self.ship)
        s.ship_discard.append(self.ship)


# ------------------------------------------------------------------------------- phases


@dataclass(**_EV)
class TokensProduced(Event):
    type: ClassVar[str] = "tokens_produced"
    zone: str
    resource: str
    count: int
    wanted: int

    def apply(self, s: GameState) -> None:
        s.token_supply[self.resource] -= self.count
        _add(s.waiting[self.zone], self.resource, self.count)


@dataclass(**_EV)
class TokensAwarded(Event):
    type: ClassVar[str] = "tokens_awarded"
    zone: str
    colour: str
    resource: str
    count: int

    def apply(self, s: GameState) -> None:
        _add(s.waiting[self.zone], self.resource, -self.count)
        s.seats[self.colour].tokens[self.resource] += self.count


@dataclass(**_EV)
class TokensStayed(Event):
    """Point tokens that nobody wins stay in their zone (informative; no change)."""

    type: ClassVar[str] = "tokens_stayed"
    zone: str
    resources: tuple[tuple[str, int], ...]
    reason: str


@dataclass(**_EV)
class TokensGained(Event):
    type: ClassVar[str] = "tokens_gained"
    colour: str
    resource: str
    count: int
    wanted: int
    card: str

    def apply(self, s: GameState) -> None:
        s.token_supply[self.resource] -= self.count
        s.seats[self.colour].tokens[self.resource] += self.count


@dataclass(**_EV)
class DiscoveriesRevealed(Event):
    type: ClassVar[str] = "discoveries_revealed"
    cards: tuple[tuple[str, str], ...]

    def apply(self, s: GameState) -> None:
        s.discoveries_revealed = True


@dataclass(**_EV)
class WorkQueued(Event):
    """Decisions a phase needs, in the order they will be asked (e.g. actions to play)."""

    type: ClassVar[str] = "work_queued"
    # Queued action cards are still secret: each is revealed when it is played.
    items: tuple[tuple[str, ...], ...]

    def apply(self, s: GameState) -> None:
        s.work = [list(i) for i in self.items]


@dataclass(**_EV)
class WorkDone(Event):
    type: ClassVar[str] = "work_done"
    item: tuple[str, ...]

    def apply(self, s: GameState) -> None:
        s.work.pop(0)
        s.left = 0
        s.done = 0
        s.step = 0


@dataclass(**_EV)
class AstronautRemoved(Event):
    type: ClassVar[str] = "astronaut_removed"
    colour: str
    zone: str
    to: str  # supply | memorial
    card: str

    def apply(self, s: GameState) -> None:
        _add(s.zones[self.zone], self.colour, -1)
        if self.to == "memorial":
            _add(s.memorial, self.colour, 1)
        else:
            s.seats[self.colour].supply += 1


@dataclass(**_EV)
class AstronautsUnloaded(Event):
    type: ClassVar[str] = "astronauts_unloaded"
    ship: str
    zone: str
    crew: tuple[tuple[str, int], ...]
    card: str

    def apply(self, s: GameState) -> None:
        ship = s.ships[self.ship]
        for c, n in self.crew:
            _add(ship.crew, c, -n)
            _add(s.zones[self.zone], c, n)


@dataclass(**_EV)
class ActionPlayed(Event):
    type: ClassVar[str] = "action_played"
    colour: str
    card: str

    def apply(self, s: GameState) -> None:
        s.seats[self.colour].actions.remove(self.card)


@dataclass(**_EV)
class ActionKept(Event):
    """The holder does not play an action card at its moment: it stays hidden, unplayed."""

    type: ClassVar[str] = "action_kept"
    colour: str
    card: str


@dataclass(**_EV)
class AstronautRescued(Event):
    type: ClassVar[str] = "astronaut_rescued"
    colour: str
    zone: str

    def apply(self, s: GameState) -> None:
        _add(s.memorial, self.colour, -1)
        _add(s.zones[self.zone], self.colour, 1)
        s.left -= 1
        s.done += 1


# ------------------------------------------------------------------------------- scoring


@dataclass(**_EV)
class MissionScored(Event):
    type: ClassVar[str] = "mission_scored"
    colour: str
    card: str
    completed: bool
    points: int
    detail: str


@dataclass(**_EV)
class IceMonopolyScored(Event):
    type: ClassVar[str] = "ice_monopoly_scored"
    colours: tuple[str, ...]
    ice: int
    points: int


@dataclass(**_EV)
class DiscoveryScored(Event):
    type: ClassVar[str] = "discovery_scored"
    colour: str
    card: str
    zone: str
    points: int


@dataclass(**_EV)
class GameEnded(Event):
    type: ClassVar[str] = "game_ended"
    scores: tuple[tuple[str, int], ...]
    breakdown: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]
    token_counts: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]
    losers_all: bool = False

    def apply(self, s: GameState) -> None:
        s.stage = "over"
        s.result = Result(
            dict(self.scores), {c: dict(b) for c, b in self.breakdown},
            dict(self.token_counts), list(self.winners), self.losers_all,
        )


@dataclass(**_EV)
class StartingAstronautsPlaced(Event):
    """Setup: one astronaut of each player randomly on each docked ship."""

    type: ClassVar[str] = "starting_astronauts_placed"
    placement: tuple[tuple[str, str], ...]

    def apply(self, s: GameState) -> None:
        s.rng_count += 1
        for ship, colour in self.placement:
            s.seats[colour].supply -= 1
            s.ships[ship].crew[colour] = s.ships[ship].crew.get(colour, 0) + 1


@dataclass(**_EV)
class WorkStarted(Event):
    """A queued phase decision begins (e.g. an action card with choices)."""

    type: ClassVar[str] = "work_started"
    item: tuple[str, ...]
    count: int

    def apply(self, s: GameState) -> None:
        s.left = self.count
        s.done = 0
        s.step = 1


@dataclass(**_EV)
class ProductionModified(Event):
    """A discovery changes what a zone produces or who wins it (informative)."""

    type: ClassVar[str] = "production_modified"
    zone: str
    card: str
    effect: str


@dataclass(**_EV)
class PositionEdited(Event):
    """The referee changed the position (``what``: zone, crew or face_up)."""

    type: ClassVar[str] = "position_edited"
    what: str
    place: str
    colour: str | None = None
    count: int = 0
    resource: str | None = None

    def apply(self, s: GameState) -> None:
        if self.what == "face_up":
            s.face_up[self.place] = True
            return
        assert self.colour is not None
        if self.what == "zone" and self.resource is not None:  # astronauts arrive: flip
            s.face_up[self.place] = True
        crew = s.zones[self.place] if self.what == "zone" else s.ships[self.place].crew
        delta = self.count - crew.get(self.colour, 0)
        s.seats[self.colour].supply -= delta
        if self.count:
            crew[self.colour] = self.count
        else:
            crew.pop(self.colour, None)

    def actor(self) -> str | None:
        return None


def _subclasses(cls: type[Event]) -> list[type[Event]]:
    out = []
    for sub in cls.__subclasses__():
        out.append(sub)
        out.extend(_subclasses(sub))
    return out


EVENT_TYPES: dict[str, type[Event]] = {c.type: c for c in _subclasses(Event)}


def reduce(state: GameState, event: Event) -> GameState:
    """Apply ``event`` to ``state`` in place and return it."""
    event.apply(state)
    return state


def event_to_dict(event: Event) -> dict[str, Any]:
    """JSON-ready dict of an event, with its ``type``."""
    return codec.to_dict(event)


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
