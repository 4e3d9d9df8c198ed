"""Events of setup and of a round: seating, ships, missions, choosing and resolving
characters, landing (split from :mod:`.events`, which re-exports them all)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .events import _EV, Event, _add
from .state import GameState, Seat, Ship

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
        c, n = self.colour, self.count
        s.seats[c].supply -= n
        crew = s.ships[self.ship].crew
        v = crew.get(c, 0) + n  # _add, inlined
        if v:
            crew[c] = v
        else:
            crew.pop(c, None)
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
class DealtCardsReturned(Event):
    """Dealt cards that cannot be kept as a mission go back (a ruleset dealing mixed cards)."""

    type: ClassVar[str] = "dealt_cards_returned"
    colour: str
    cards: tuple[str, ...]

    def apply(self, s: GameState) -> None:
        seat = s.seats[self.colour]
        seat.dealt = [c for c in seat.dealt if c not in self.cards]
        s.mission_deck.extend(self.cards)


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
        seat.shown = False
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
        c, zones = self.colour, s.zones
        src = zones[self.from_zone]
        v = src.get(c, 0) - 1  # _add, inlined
        if v:
            src[c] = v
        else:
            src.pop(c, None)
        dst = zones[self.to_zone]
        v = dst.get(c, 0) + 1
        if v:
            dst[c] = v
        else:
            dst.pop(c, None)
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
            counts = s.zones[self.zone]
            for c, n in self.crew:  # _add, inlined
                v = counts.get(c, 0) + n
                if v:
                    counts[c] = v
                else:
                    counts.pop(c, None)
        for z in self.tokens:
            s.dest_supply[z] += 1
        del s.ships[self.ship]
        s.launched.remove(self.ship)
        s.ship_discard.append(self.ship)
