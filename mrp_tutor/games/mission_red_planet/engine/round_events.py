"""Setup and round events: seating, missions, characters, astronauts (.events re-exports; the
ship events are in :mod:`.ship_events`)."""

from __future__ import annotations

from dataclasses import dataclass

from mrp_tutor.games.mission_red_planet.engine.event_base import _EV, Event, _add
from mrp_tutor.games.mission_red_planet.engine.state import GameState, Seat

# ------------------------------------------------------------------------------- setup


@dataclass(**_EV)
class GameStarted(Event):
    # The seed decides every later random outcome, so players never see it (referee only).
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
GameStarted.type = "game_started"


@dataclass(**_EV)
class DeckShuffled(Event):
    deck: str  # ships | missions | events | <kind>:<colour>, a seat's own deck of any kind
    order: tuple[str, ...]

    def __init__(self, rule: str, deck: str, order: tuple[str, ...]) -> None:
        self.rule, self.deck, self.order = rule, deck, order

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
        elif ":" in self.deck:  # <kind>:<colour>: a seat's own deck
            seat = s.seats[self.deck.split(":", 1)[1]]
            seat.deck = list(self.order)
            seat.played = [c for c in seat.played if c not in self.order]
            seat.hand = [c for c in seat.hand if c not in self.order]

    def actor(self) -> str | None:
        return None
DeckShuffled.type = "deck_shuffled"





@dataclass(**_EV)
class AstronautsBoarded(Event):
    colour: str
    ship: str
    count: int

    def __init__(self, rule: str, colour: str, ship: str, count: int) -> None:
        self.rule, self.colour, self.ship, self.count = rule, colour, ship, count

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
AstronautsBoarded.type = "astronauts_boarded"


@dataclass(**_EV)
class FirstPlayerSet(Event):
    colour: str

    def __init__(self, rule: str, colour: str) -> None:
        self.rule, self.colour = rule, colour

    def apply(self, s: GameState) -> None:
        s.first = self.colour
FirstPlayerSet.type = "first_player_set"


@dataclass(**_EV)
class ResourcesPlaced(Event):
    placement: tuple[tuple[str, str], ...]
    spare: str | None

    def apply(self, s: GameState) -> None:
        s.rng_count += 1
        s.resources = dict(self.placement)
        s.spare_resource = self.spare
ResourcesPlaced.type = "resources_placed"


@dataclass(**_EV)
class MissionsDealt(Event):
    colour: str
    cards: tuple[str, ...]

    def __init__(self, rule: str, colour: str, cards: tuple[str, ...]) -> None:
        self.rule, self.colour, self.cards = rule, colour, cards

    def apply(self, s: GameState) -> None:
        for c in self.cards:
            s.mission_deck.remove(c)
        s.seats[self.colour].dealt = list(self.cards)
MissionsDealt.type = "missions_dealt"


@dataclass(**_EV)
class DealtCardsReturned(Event):
    """Dealt cards that cannot be kept as a mission go back (a ruleset dealing mixed cards)."""

    colour: str
    cards: tuple[str, ...]

    def apply(self, s: GameState) -> None:
        seat = s.seats[self.colour]
        seat.dealt = [c for c in seat.dealt if c not in self.cards]
        s.mission_deck.extend(self.cards)
DealtCardsReturned.type = "dealt_cards_returned"


@dataclass(**_EV)
class MissionKept(Event):
    colour: str
    card: str
    returned: tuple[str, ...]

    def __init__(self, rule: str, colour: str, card: str, returned: tuple[str, ...]) -> None:
        self.rule, self.colour, self.card, self.returned = rule, colour, card, returned

    def apply(self, s: GameState) -> None:
        seat = s.seats[self.colour]
        seat.missions.append(self.card)
        seat.dealt = []
        s.mission_deck[:0] = list(self.returned)
MissionKept.type = "mission_kept"


@dataclass(**_EV)
class StageChanged(Event):
    stage: str

    def __init__(self, rule: str, stage: str) -> None:
        self.rule, self.stage = rule, stage

    def apply(self, s: GameState) -> None:
        s.stage = self.stage
StageChanged.type = "stage_changed"


# ------------------------------------------------------------------------------- rounds


@dataclass(**_EV)
class TrackAdvanced(Event):
    index: int
    kind: str
    number: int

    def __init__(self, rule: str, index: int, kind: str, number: int) -> None:
        self.rule, self.index, self.kind, self.number = rule, index, kind, number

    def apply(self, s: GameState) -> None:
        s.track_index = self.index
        if self.kind == "round":
            s.round = self.number
            s.stage = "choose"
        else:
            s.stage = self.kind
TrackAdvanced.type = "track_advanced"


@dataclass(**_EV)
class NeutralCardDrawn(Event):
    colour: str
    card: str

    def apply(self, s: GameState) -> None:
        seat = s.seats[self.colour]
        seat.deck.remove(self.card)
        seat.drawn = self.card
NeutralCardDrawn.type = "neutral_card_drawn"


@dataclass(**_EV)
class CharacterChosen(Event):
    colour: str
    character: str

    def __init__(self, rule: str, colour: str, character: str) -> None:
        self.rule, self.colour, self.character = rule, colour, character

    def apply(self, s: GameState) -> None:
        seat = s.seats[self.colour]
        if seat.drawn is not None and seat.drawn == self.character:  # the card it drew
            seat.drawn = None
        else:  # a card from its hand
            seat.hand.remove(self.character)
        seat.chosen = self.character
CharacterChosen.type = "character_chosen"


@dataclass(**_EV)
class ResolutionOrderSet(Event):
    """The countdown order of this round (hidden: it tells who chose a higher number)."""

    order: tuple[str, ...]

    def __init__(self, rule: str, order: tuple[str, ...]) -> None:
        self.rule, self.order = rule, order

    def actor(self) -> str | None:
        return None

    def apply(self, s: GameState) -> None:
        s.queue = list(self.order)
ResolutionOrderSet.type = "resolution_order_set"


@dataclass(**_EV)
class CharacterRevealed(Event):
    """A chosen card is turned face up when its number is called."""

    colour: str
    character: str

    def __init__(self, rule: str, colour: str, character: str) -> None:
        self.rule, self.colour, self.character = rule, colour, character

    def apply(self, s: GameState) -> None:
        seat = s.seats[self.colour]
        seat.chosen = None
        seat.shown = False
        seat.played.append(self.character)
CharacterRevealed.type = "character_revealed"


@dataclass(**_EV)
class ResolutionStarted(Event):
    colour: str
    character: str

    def __init__(self, rule: str, colour: str, character: str) -> None:
        self.rule, self.colour, self.character = rule, colour, character

    def apply(self, s: GameState) -> None:
        s.queue.remove(self.colour)
        if s.holds:  # a held card acts: the hold is over
            s.holds.pop(self.colour, None)
        s.cur = self.colour
        s.char = self.character
        s.step = -1
        s.left = s.done = 0
        s.used = []
ResolutionStarted.type = "resolution_started"


@dataclass(**_EV)
class StepStarted(Event):
    colour: str
    character: str
    step: int
    effect: str
    count: int

    def __init__(
        self, rule: str, colour: str, character: str, step: int, effect: str, count: int
    ) -> None:
        self.rule, self.colour, self.character, self.step, self.effect, self.count = (
            rule, colour, character, step, effect, count)

    def apply(self, s: GameState) -> None:
        s.step = self.step
        s.left = self.count
        s.done = 0
        s.used = []
StepStarted.type = "step_started"


@dataclass(**_EV)
class StepSkipped(Event):
    """Nothing (more) of a step can be done: it is resolved as fully as possible."""

    colour: str
    character: str
    step: int
    effect: str
    reason: str
    left: int = 0

    def __init__(
        self, rule: str, colour: str, character: str, step: int, effect: str, reason: str,
        left: int = 0,
    ) -> None:
        self.rule = rule
        self.colour = colour
        self.character = character
        self.step = step
        self.effect = effect
        self.reason = reason
        self.left = left

    def apply(self, s: GameState) -> None:
        s.left = 0
StepSkipped.type = "step_skipped"


@dataclass(**_EV)
class StepStopped(Event):
    """A player ends an "up to" step early (e.g. fewer than three Explorer moves)."""

    colour: str
    effect: str
    left: int

    def apply(self, s: GameState) -> None:
        s.left = 0
StepStopped.type = "step_stopped"


@dataclass(**_EV)
class ResolutionEnded(Event):
    colour: str
    character: str

    def __init__(self, rule: str, colour: str, character: str) -> None:
        self.rule, self.colour, self.character = rule, colour, character

    def apply(self, s: GameState) -> None:
        s.cur = None
        s.char = None
        s.step = 0
        s.left = s.done = 0
        s.used = []
        s.last = self.colour
ResolutionEnded.type = "resolution_ended"


@dataclass(**_EV)
class CardsRecalled(Event):
    colour: str
    cards: tuple[str, ...]

    def __init__(self, rule: str, colour: str, cards: tuple[str, ...]) -> None:
        self.rule, self.colour, self.cards = rule, colour, cards

    def apply(self, s: GameState) -> None:
        seat = s.seats[self.colour]
        seat.hand.extend(self.cards)
        seat.played = []
CardsRecalled.type = "cards_recalled"


@dataclass(**_EV)
class NeutralRecruiterBoxed(Event):
    colour: str
    card: str

    def apply(self, s: GameState) -> None:
        seat = s.seats[self.colour]
        seat.played.remove(self.card)
        seat.boxed.append(self.card)
NeutralRecruiterBoxed.type = "neutral_recruiter_boxed"


@dataclass(**_EV)
class AstronautMoved(Event):
    colour: str
    from_zone: str
    to_zone: str

    def __init__(self, rule: str, colour: str, from_zone: str, to_zone: str) -> None:
        self.rule, self.colour, self.from_zone, self.to_zone = rule, colour, from_zone, to_zone

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
AstronautMoved.type = "astronaut_moved"


@dataclass(**_EV)
class ResourceFlipped(Event):
    zone: str
    resource: str

    def __init__(self, rule: str, zone: str, resource: str) -> None:
        self.rule, self.zone, self.resource = rule, zone, resource

    def apply(self, s: GameState) -> None:
        s.face_up[self.zone] = True
ResourceFlipped.type = "resource_flipped"


@dataclass(**_EV)
class EventCardDrawn(Event):
    colour: str
    card: str
    kind: str

    def __init__(self, rule: str, colour: str, card: str, kind: str) -> None:
        self.rule, self.colour, self.card, self.kind = rule, colour, card, kind

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
EventCardDrawn.type = "event_card_drawn"


@dataclass(**_EV)
class EventCardBoxed(Event):
    """Two-player variant: a neutral Scientist's mission or action goes back to the box unseen."""

    colour: str
    card: str

    def apply(self, s: GameState) -> None:
        seat = s.seats[self.colour]
        if self.card in seat.missions:
            seat.missions.remove(self.card)
        if self.card in seat.actions:
            seat.actions.remove(self.card)
        seat.boxed.append(self.card)
EventCardBoxed.type = "event_card_boxed"


@dataclass(**_EV)
class DiscoveryAssigned(Event):
    colour: str
    card: str
    zone: str

    def __init__(self, rule: str, colour: str, card: str, zone: str) -> None:
        self.rule, self.colour, self.card, self.zone = rule, colour, card, zone

    def apply(self, s: GameState) -> None:
        s.discoveries[self.zone] = self.card
        s.held = None
        s.seats[self.colour].peeked[self.zone] = self.card
DiscoveryAssigned.type = "discovery_assigned"


@dataclass(**_EV)
class DiscoveryDiscarded(Event):
    colour: str
    card: str

    def apply(self, s: GameState) -> None:
        s.discovery_discard.append(self.card)
        s.held = None
        s.left = 1  # the Scientist now looks at a discovery in play instead
        s.done = 1
DiscoveryDiscarded.type = "discovery_discarded"


@dataclass(**_EV)
class DiscoveryPeeked(Event):
    colour: str
    zone: str
    card: str

    def __init__(self, rule: str, colour: str, zone: str, card: str) -> None:
        self.rule, self.colour, self.zone, self.card = rule, colour, zone, card

    def apply(self, s: GameState) -> None:
        s.seats[self.colour].peeked[self.zone] = self.card
        s.left = 0
DiscoveryPeeked.type = "discovery_peeked"




@dataclass(**_EV)
class AstronautKilled(Event):
    colour: str  # the acting colour
    victim: str
    place: str  # zone id or ship id

    def __init__(self, rule: str, colour: str, victim: str, place: str) -> None:
        self.rule, self.colour, self.victim, self.place = rule, colour, victim, place

    def apply(self, s: GameState) -> None:
        if self.place in s.ships:
            _add(s.ships[self.place].crew, self.victim, -1)
        else:
            _add(s.zones[self.place], self.victim, -1)
        _add(s.memorial, self.victim, 1)
        if s.left > 0:
            s.left -= 1
AstronautKilled.type = "astronaut_killed"


@dataclass(**_EV)
class AstronautReplaced(Event):
    colour: str
    victim: str
    place: str

    def __init__(self, rule: str, colour: str, victim: str, place: str) -> None:
        self.rule, self.colour, self.victim, self.place = rule, colour, victim, place

    def apply(self, s: GameState) -> None:
        crew = s.ships[self.place].crew if self.place in s.ships else s.zones[self.place]
        _add(crew, self.victim, -1)
        _add(crew, self.colour, 1)
        _add(s.memorial, self.victim, 1)
        s.seats[self.colour].supply -= 1
        s.left = 0
AstronautReplaced.type = "astronaut_replaced"

