"""The dynamic game state.

States are plain slotted dataclasses so that the hot path stays cheap: :meth:`GameState.clone`
is a hand-written structural copy (no ``copy.deepcopy``).  Only events change a state (see
:mod:`.events`); validation happens at the boundaries (:func:`.checks.state_from_dict`).

Each class writes its own ``__init__`` (the fields in order, a fresh list or dict for a
``None``): compiled by mypyc it costs a fraction of the one ``dataclass`` generates, which
stays Python code (a clone builds a state, its seats and ships).  Every parameter has a
default: pydantic (the codec) makes these classes without arguments and then sets the fields,
and a compiled class calls its own ``__init__`` when it is made.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import codec


@dataclass(slots=True)
class Ship:
    """A ship card in play: docked at the launchpad or launched and not yet landed."""

    id: str
    crew: dict[str, int] = field(default_factory=dict)
    tokens: list[str] = field(default_factory=list)
    launched: bool = False

    def __init__(
        self, id: str = "", crew: dict[str, int] | None = None, tokens: list[str] | None = None,
        launched: bool = False,
    ) -> None:
        self.id, self.launched = id, launched
        self.crew = {} if crew is None else crew
        self.tokens = [] if tokens is None else tokens

    def clone(self) -> Ship:
        """Structural copy."""
        return Ship(self.id, dict(self.crew), list(self.tokens), self.launched)

    def aboard(self) -> int:
        """Astronauts aboard, all colours."""
        return sum(self.crew.values())


@dataclass(slots=True)
class Seat:
    """One colour at the table and everything it owns."""

    colour: str
    controller: str
    neutral: bool = False
    hand: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)
    chosen: str | None = None
    supply: int = 0
    tokens: dict[str, int] = field(default_factory=dict)
    missions: list[str] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    dealt: list[str] = field(default_factory=list)
    peeked: dict[str, str] = field(default_factory=dict)
    deck: list[str] = field(default_factory=list)
    drawn: str | None = None
    boxed: list[str] = field(default_factory=list)
    #: the ability sheet this colour plays (a ruleset with abilities; None: none)
    sheet: str | None = None
    #: True while the chosen card has been shown face up early (an ability), before its reveal
    shown: bool = False

    def __init__(
        self, colour: str = "", controller: str = "", neutral: bool = False,
        hand: list[str] | None = None, played: list[str] | None = None, chosen: str | None = None,
        supply: int = 0, tokens: dict[str, int] | None = None, missions: list[str] | None = None,
        actions: list[str] | None = None, dealt: list[str] | None = None,
        peeked: dict[str, str] | None = None, deck: list[str] | None = None,
        drawn: str | None = None, boxed: list[str] | None = None, sheet: str | None = None,
        shown: bool = False,
    ) -> None:
        self.colour = colour
        self.controller = controller
        self.neutral = neutral
        self.chosen = chosen
        self.supply = supply
        self.drawn = drawn
        self.sheet = sheet
        self.shown = shown
        self.hand = [] if hand is None else hand
        self.played = [] if played is None else played
        self.tokens = {} if tokens is None else tokens
        self.missions = [] if missions is None else missions
        self.actions = [] if actions is None else actions
        self.dealt = [] if dealt is None else dealt
        self.peeked = {} if peeked is None else peeked
        self.deck = [] if deck is None else deck
        self.boxed = [] if boxed is None else boxed

    def clone(self) -> Seat:
        """Structural copy."""
        return Seat(
            self.colour, self.controller, self.neutral, list(self.hand), list(self.played),
            self.chosen, self.supply, dict(self.tokens), list(self.missions), list(self.actions),
            list(self.dealt), dict(self.peeked), list(self.deck), self.drawn, list(self.boxed),
            self.sheet, self.shown,
        )


@dataclass(slots=True)
class Window:
    """An open ability window (a ruleset with abilities): ``colour`` may use ``ability`` now.

    ``point`` says where it opened (``after_choosing``, ``spy_swap``, ``before_resolution``,
    ``landed``, ``declared``: a use declared within another decision); ``zone``/``count``: the
    landing it follows; ``target``/``owed``: a declared use waiting for its payment.
    """

    colour: str
    ability: str
    point: str
    zone: str = ""
    count: int = 0
    target: str | None = None
    owed: int = 0

    def __init__(
        self, colour: str = "", ability: str = "", point: str = "", zone: str = "", count: int = 0,
        target: str | None = None, owed: int = 0,
    ) -> None:
        self.colour = colour
        self.ability = ability
        self.point = point
        self.zone = zone
        self.count = count
        self.target = target
        self.owed = owed

    def clone(self) -> Window:
        """Structural copy."""
        return Window(self.colour, self.ability, self.point, self.zone, self.count, self.target,
                      self.owed)


@dataclass(slots=True)
class Result:
    """Final scores and winners."""

    scores: dict[str, int]
    breakdown: dict[str, dict[str, int]]
    token_counts: dict[str, int]
    winners: list[str]
    losers_all: bool = False


@dataclass(slots=True)
class GameState:
    """Everything that changes during a game.  Colours are listed clockwise in ``order``."""

    ruleset: str
    seed: int
    order: list[str]
    seats: dict[str, Seat]
    rng_count: int = 0
    stage: str = "setup"
    track_index: int = -1
    round: int = 0
    first: str = ""
    docks: list[str | None] = field(default_factory=list)
    ships: dict[str, Ship] = field(default_factory=dict)
    launched: list[str] = field(default_factory=list)
    ship_deck: list[str] = field(default_factory=list)
    ship_discard: list[str] = field(default_factory=list)
    zones: dict[str, dict[str, int]] = field(default_factory=dict)
    resources: dict[str, str] = field(default_factory=dict)
    face_up: dict[str, bool] = field(default_factory=dict)
    spare_resource: str | None = None
    waiting: dict[str, dict[str, int]] = field(default_factory=dict)
    discoveries: dict[str, str] = field(default_factory=dict)
    discoveries_revealed: bool = False
    discovery_discard: list[str] = field(default_factory=list)
    event_deck: list[str] = field(default_factory=list)
    mission_deck: list[str] = field(default_factory=list)
    memorial: dict[str, int] = field(default_factory=dict)
    token_supply: dict[str, int] = field(default_factory=dict)
    dest_supply: dict[str, int] = field(default_factory=dict)
    queue: list[str] = field(default_factory=list)
    cur: str | None = None
    char: str | None = None
    step: int = 0
    left: int = 0
    done: int = 0
    used: list[str] = field(default_factory=list)
    held: str | None = None
    work: list[list[str]] = field(default_factory=list)
    last: str | None = None
    result: Result | None = None
    #: open ability windows, first one decided first (rulesets with abilities)
    windows: list[Window] = field(default_factory=list)
    #: the last window point offered and passed (so a declined window does not reopen)
    window_mark: str = ""
    #: the other readings the table chose where the rulebook admits two (their rule ids,
    #: sorted; empty: the tutor's readings; :mod:`.readings`)
    readings: list[str] = field(default_factory=list)
    #: colours whose face-down card waits past its number, to act at a later call of their
    #: choosing (the Guileful Genius's hold, ua.tutor.genius_between): colour -> the
    #: character last called in order when it held ("" before the first call); public, and
    #: the order still to call puts them last
    holds: dict[str, str] = field(default_factory=dict)

    def __init__(
        self, ruleset: str = "", seed: int = 0, order: list[str] | None = None,
        seats: dict[str, Seat] | None = None, rng_count: int = 0, stage: str = "setup",
        track_index: int = -1, round: int = 0, first: str = "",
        docks: list[str | None] | None = None, ships: dict[str, Ship] | None = None,
        launched: list[str] | None = None, ship_deck: list[str] | None = None,
        ship_discard: list[str] | None = None, zones: dict[str, dict[str, int]] | None = None,
        resources: dict[str, str] | None = None, face_up: dict[str, bool] | None = None,
        spare_resource: str | None = None, waiting: dict[str, dict[str, int]] | None = None,
        discoveries: dict[str, str] | None = None, discoveries_revealed: bool = False,
        discovery_discard: list[str] | None = None, event_deck: list[str] | None = None,
        mission_deck: list[str] | None = None, memorial: dict[str, int] | None = None,
        token_supply: dict[str, int] | None = None, dest_supply: dict[str, int] | None = None,
        queue: list[str] | None = None, cur: str | None = None, char: str | None = None,
        step: int = 0, left: int = 0, done: int = 0, used: list[str] | None = None,
        held: str | None = None, work: list[list[str]] | None = None, last: str | None = None,
        result: Result | None = None, windows: list[Window] | None = None, window_mark: str = "",
        readings: list[str] | None = None, holds: dict[str, str] | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.seed = seed
        self.rng_count = rng_count
        self.stage = stage
        self.track_index = track_index
        self.round = round
        self.first = first
        self.spare_resource = spare_resource
        self.discoveries_revealed = discoveries_revealed
        self.cur = cur
        self.char = char
        self.step = step
        self.left = left
        self.done = done
        self.held = held
        self.last = last
        self.result = result
        self.window_mark = window_mark
        self.order = [] if order is None else order
        self.seats = {} if seats is None else seats
        self.docks = [] if docks is None else docks
        self.ships = {} if ships is None else ships
        self.launched = [] if launched is None else launched
        self.ship_deck = [] if ship_deck is None else ship_deck
        self.ship_discard = [] if ship_discard is None else ship_discard
        self.zones = {} if zones is None else zones
        self.resources = {} if resources is None else resources
        self.face_up = {} if face_up is None else face_up
        self.waiting = {} if waiting is None else waiting
        self.discoveries = {} if discoveries is None else discoveries
        self.discovery_discard = [] if discovery_discard is None else discovery_discard
        self.event_deck = [] if event_deck is None else event_deck
        self.mission_deck = [] if mission_deck is None else mission_deck
        self.memorial = {} if memorial is None else memorial
        self.token_supply = {} if token_supply is None else token_supply
        self.dest_supply = {} if dest_supply is None else dest_supply
        self.queue = [] if queue is None else queue
        self.used = [] if used is None else used
        self.work = [] if work is None else work
        self.windows = [] if windows is None else windows
        self.readings = [] if readings is None else readings
        self.holds = {} if holds is None else holds

    def clone(self) -> GameState:
        """Structural copy (a few microseconds; never ``copy.deepcopy``)."""
        return GameState(
            self.ruleset, self.seed, list(self.order),
            {c: s.clone() for c, s in self.seats.items()},
            self.rng_count, self.stage, self.track_index, self.round, self.first,
            list(self.docks), {k: v.clone() for k, v in self.ships.items()},
            list(self.launched), list(self.ship_deck), list(self.ship_discard),
            {z: dict(v) for z, v in self.zones.items()}, dict(self.resources),
            dict(self.face_up), self.spare_resource,
            {z: dict(v) for z, v in self.waiting.items()}, dict(self.discoveries),
            self.discoveries_revealed, list(self.discovery_discard), list(self.event_deck),
            list(self.mission_deck), dict(self.memorial), dict(self.token_supply),
            dict(self.dest_supply), list(self.queue), self.cur, self.char, self.step, self.left,
            self.done, list(self.used), self.held, [list(w) for w in self.work], self.last,
            self.result, [w.clone() for w in self.windows] if self.windows else [],
            self.window_mark, list(self.readings) if self.readings else [],
            dict(self.holds) if self.holds else {},
        )

    # ---------------------------------------------------------------- small queries
    def docked(self) -> list[str]:
        """Ids of docked ships, left to right."""
        return [s for s in self.docks if s is not None]

    def astronaut_places(self, colour: str) -> dict[str, int]:
        """Where the astronauts of ``colour`` are: supply, each zone, ships, memorial."""
        places: dict[str, int] = {"supply": self.seats[colour].supply}
        for z, counts in self.zones.items():
            if counts.get(colour):
                places[z] = counts[colour]
        for sid, ship in self.ships.items():
            if ship.crew.get(colour):
                places[f"ship:{sid}"] = ship.crew[colour]
        if self.memorial.get(colour):
            places["memorial"] = self.memorial[colour]
        return places


def state_to_dict(state: GameState) -> dict[str, Any]:
    """Plain JSON-ready dict of a state."""
    out: dict[str, Any] = codec.adapter(GameState).dump_python(state, mode="json")
    return out
