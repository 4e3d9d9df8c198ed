"""Events of the phases after a round: production, discoveries, action cards, scoring, and
the referee's edits (split from :mod:`.events`, which re-exports them all)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .events import _EV, Event, _add
from .state import GameState, Result

# ------------------------------------------------------------------------------- phases


@dataclass(**_EV)
class TokensProduced(Event):
    type: ClassVar[str] = "tokens_produced"
    zone: str
    resource: str
    count: int
    wanted: int

    def apply(self, s: GameState) -> None:
        r, n = self.resource, self.count
        s.token_supply[r] -= n
        waiting = s.waiting[self.zone]
        v = waiting.get(r, 0) + n  # _add, inlined
        if v:
            waiting[r] = v
        else:
            waiting.pop(r, None)


@dataclass(**_EV)
class TokensAwarded(Event):
    type: ClassVar[str] = "tokens_awarded"
    zone: str
    colour: str
    resource: str
    count: int

    def apply(self, s: GameState) -> None:
        r, n = self.resource, self.count
        waiting = s.waiting[self.zone]
        v = waiting.get(r, 0) - n  # _add, inlined
        if v:
            waiting[r] = v
        else:
            waiting.pop(r, None)
        s.seats[self.colour].tokens[r] += n


@dataclass(**_EV)
class TokensStayed(Event):
    """Point tokens that nobody wins stay in their zone (informative; no change)."""

    type: ClassVar[str] = "tokens_stayed"
    zone: str
    resources: tuple[tuple[str, int], ...]
    reason: str


@dataclass(**_EV)
class ResourceReplaced(Event):
    """A zone's resource token replaced by a random one (a random outcome: counted); the point
    tokens waiting there exchanged with the supply for the new type."""

    type: ClassVar[str] = "resource_replaced"
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


@dataclass(**_EV)
class TokensRemoved(Event):
    """Point tokens waiting in a zone leave it for the supply (out of this game's scoring)."""

    type: ClassVar[str] = "tokens_removed"
    zone: str
    resources: tuple[tuple[str, int], ...]
    card: str

    def apply(self, s: GameState) -> None:
        for resource, n in self.resources:
            s.waiting[self.zone].pop(resource, None)
            s.token_supply[resource] += n


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
class DestinationTokensReturned(Event):
    """The destination tokens of a destroyed ship go back to the supply (informative: the
    ship_destroyed event already returned them; this one cites the tutor reading)."""

    type: ClassVar[str] = "destination_tokens_returned"
    ship: str
    tokens: tuple[str, ...]


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
