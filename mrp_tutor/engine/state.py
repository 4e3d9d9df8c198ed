"""The dynamic game state.

States are plain slotted dataclasses so that the hot path stays cheap: :meth:`GameState.clone`
is a hand-written structural copy (no ``copy.deepcopy``).  Only events change a state (see
:mod:`.events`); validation happens at the boundaries (:func:`.checks.state_from_dict`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import codec


@dataclass(slots=True)
class Ship:
    """A ship card in play: docked at the launchpad or launched and not yet landed."""

    id: str
    crew: dict[str, int] = field(default_factory=dict)
    tokens: list[str] = field(default_factory=list)
    launched: bool = False

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
            self.window_mark,
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
