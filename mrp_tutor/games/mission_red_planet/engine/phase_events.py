"""Events of the phases after a round: production, discoveries, action cards, scoring, and
the referee's edits (split from :mod:`.events`, which re-exports them all)."""

from __future__ import annotations

from dataclasses import dataclass

from mrp_tutor.games.mission_red_planet.engine.event_base import _EV, Event, _add
from mrp_tutor.games.mission_red_planet.engine.state import GameState, Result

# ------------------------------------------------------------------------------- phases


@dataclass(**_EV)
class TokensProduced(Event):
    zone: str
    resource: str
    count: int
    wanted: int

    def __init__(self, rule: str, zone: str, resource: str, count: int, wanted: int) -> None:
        self.rule, self.zone, self.resource, self.count, self.wanted = (
            rule, zone, resource, count, wanted)

    def apply(self, s: GameState) -> None:
        r, n = self.resource, self.count
        s.token_supply[r] -= n
        waiting = s.waiting[self.zone]
        v = waiting.get(r, 0) + n  # _add, inlined
        if v:
            waiting[r] = v
        else:
            waiting.pop(r, None)
TokensProduced.type = "tokens_produced"


@dataclass(**_EV)
class TokensAwarded(Event):
    zone: str
    colour: str
    resource: str
    count: int

    def __init__(self, rule: str, zone: str, colour: str, resource: str, count: int) -> None:
        self.rule, self.zone, self.colour, self.resource, self.count = (
            rule, zone, colour, resource, count)

    def apply(self, s: GameState) -> None:
        r, n = self.resource, self.count
        waiting = s.waiting[self.zone]
        v = waiting.get(r, 0) - n  # _add, inlined
        if v:
            waiting[r] = v
        else:
            waiting.pop(r, None)
        s.seats[self.colour].tokens[r] += n
TokensAwarded.type = "tokens_awarded"


@dataclass(**_EV)
class TokensStayed(Event):
    """Point tokens that nobody wins stay in their zone (informative; no change)."""

    zone: str
    resources: tuple[tuple[str, int], ...]
    reason: str

    def __init__(
        self, rule: str, zone: str, resources: tuple[tuple[str, int], ...], reason: str,
    ) -> None:
        self.rule, self.zone, self.resources, self.reason = rule, zone, resources, reason
TokensStayed.type = "tokens_stayed"


@dataclass(**_EV)
class ResourceReplaced(Event):
    """A zone's resource token replaced by a random one (a random outcome: counted); the point
    tokens waiting there exchanged with the supply for the new type."""

    zone: str
    old: str
    new: str
    card: str
    waiting_before: tuple[tuple[str, int], ...]
    waiting_after: tuple[tuple[str, int], ...]

    def apply(self, s: GameState) -> None:
        s.rng_count += 1
        s.resources[self.zone] = self.new
        for resource, n in self.waiting_before:
            s.token_supply[resource] += n
        for resource, n in self.waiting_after:
            s.token_supply[resource] -= n
        s.waiting[self.zone] = dict(self.waiting_after)
ResourceReplaced.type = "resource_replaced"


@dataclass(**_EV)
class TokensRemoved(Event):
    """Point tokens waiting in a zone leave it for the supply (out of this game's scoring)."""

    zone: str
    resources: tuple[tuple[str, int], ...]
    card: str

    def apply(self, s: GameState) -> None:
        for resource, n in self.resources:
            s.waiting[self.zone].pop(resource, None)
            s.token_supply[resource] += n
TokensRemoved.type = "tokens_removed"


@dataclass(**_EV)
class TokensGained(Event):
    colour: str
    resource: str
    count: int
    wanted: int
    card: str

    def apply(self, s: GameState) -> None:
        s.token_supply[self.resource] -= self.count
        s.seats[self.colour].tokens[self.resource] += self.count
TokensGained.type = "tokens_gained"


@dataclass(**_EV)
class DiscoveriesRevealed(Event):
    cards: tuple[tuple[str, str], ...]

    def apply(self, s: GameState) -> None:
        s.discoveries_revealed = True
DiscoveriesRevealed.type = "discoveries_revealed"


@dataclass(**_EV)
class WorkQueued(Event):
    """Decisions a phase needs, in the order they will be asked (e.g. actions to play)."""

    # Queued action cards are still secret: each is revealed when it is played.
    items: tuple[tuple[str, ...], ...]

    def apply(self, s: GameState) -> None:
        s.work = [list(i) for i in self.items]
WorkQueued.type = "work_queued"


@dataclass(**_EV)
class WorkDone(Event):
    item: tuple[str, ...]

    def __init__(self, rule: str, item: tuple[str, ...]) -> None:
        self.rule, self.item = rule, item

    def apply(self, s: GameState) -> None:
        s.work.pop(0)
        s.left = 0
        s.done = 0
        s.step = 0
WorkDone.type = "work_done"


@dataclass(**_EV)
class AstronautRemoved(Event):
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
AstronautRemoved.type = "astronaut_removed"


@dataclass(**_EV)
class AstronautsUnloaded(Event):
    ship: str
    zone: str
    crew: tuple[tuple[str, int], ...]
    card: str

    def apply(self, s: GameState) -> None:
        ship = s.ships[self.ship]
        for c, n in self.crew:
            _add(ship.crew, c, -n)
            _add(s.zones[self.zone], c, n)
AstronautsUnloaded.type = "astronauts_unloaded"


@dataclass(**_EV)
class ActionPlayed(Event):
    colour: str
    card: str

    def apply(self, s: GameState) -> None:
        s.seats[self.colour].actions.remove(self.card)
ActionPlayed.type = "action_played"


@dataclass(**_EV)
class DestinationTokensReturned(Event):
    """The destination tokens of a destroyed ship go back to the supply (informative: the
    ship_destroyed event already returned them; this one cites the tutor reading)."""

    ship: str
    tokens: tuple[str, ...]
DestinationTokensReturned.type = "destination_tokens_returned"


@dataclass(**_EV)
class ActionKept(Event):
    """The holder does not play an action card at its moment: it stays hidden, unplayed."""

    colour: str
    card: str
ActionKept.type = "action_kept"


@dataclass(**_EV)
class AstronautRescued(Event):
    colour: str
    zone: str

    def apply(self, s: GameState) -> None:
        _add(s.memorial, self.colour, -1)
        _add(s.zones[self.zone], self.colour, 1)
        s.left -= 1
        s.done += 1
AstronautRescued.type = "astronaut_rescued"


# ------------------------------------------------------------------------------- scoring


@dataclass(**_EV)
class MissionScored(Event):
    colour: str
    card: str
    completed: bool
    points: int
    detail: str

    def __init__(
        self, rule: str, colour: str, card: str, completed: bool, points: int, detail: str,
    ) -> None:
        self.rule = rule
        self.colour = colour
        self.card = card
        self.completed = completed
        self.points = points
        self.detail = detail
MissionScored.type = "mission_scored"


@dataclass(**_EV)
class IceMonopolyScored(Event):
    colours: tuple[str, ...]
    ice: int
    points: int
IceMonopolyScored.type = "ice_monopoly_scored"


@dataclass(**_EV)
class DiscoveryScored(Event):
    colour: str
    card: str
    zone: str
    points: int
DiscoveryScored.type = "discovery_scored"


@dataclass(**_EV)
class GameEnded(Event):
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
GameEnded.type = "game_ended"


@dataclass(**_EV)
class StartingAstronautsPlaced(Event):
    """Setup: one astronaut of each player randomly on each docked ship."""

    placement: tuple[tuple[str, str], ...]

    def apply(self, s: GameState) -> None:
        s.rng_count += 1
        for ship, colour in self.placement:
            s.seats[colour].supply -= 1
            s.ships[ship].crew[colour] = s.ships[ship].crew.get(colour, 0) + 1
StartingAstronautsPlaced.type = "starting_astronauts_placed"


@dataclass(**_EV)
class WorkStarted(Event):
    """A queued phase decision begins (e.g. an action card with choices)."""

    item: tuple[str, ...]
    count: int

    def apply(self, s: GameState) -> None:
        s.left = self.count
        s.done = 0
        s.step = 1
WorkStarted.type = "work_started"


@dataclass(**_EV)
class ProductionModified(Event):
    """A discovery changes what a zone produces or who wins it (informative)."""

    zone: str
    card: str
    effect: str
ProductionModified.type = "production_modified"


@dataclass(**_EV)
class PositionEdited(Event):
    """The referee changed the position (``what``: zone, crew or face_up)."""

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
PositionEdited.type = "position_edited"


@dataclass(**_EV)
class ReadingChosen(Event):
    """The referee chose which reading of a contested question the table plays (``reading``:
    the other reading's rule id; ``other``: it now applies, or the tutor's again).  The rule
    is the reading now in force (:mod:`.readings`)."""

    key: str
    reading: str
    other: bool

    def apply(self, s: GameState) -> None:
        chosen = set(s.readings)
        if self.other:
            chosen.add(self.reading)
        else:
            chosen.discard(self.reading)
        s.readings = sorted(chosen)

    def actor(self) -> str | None:
        return None
ReadingChosen.type = "reading_chosen"
