"""Ship events: docked, returned, destination tokens, launched, destroyed, landed (.events
re-exports them; split from :mod:`.round_events`)."""

from __future__ import annotations

from dataclasses import dataclass

from mrp_tutor.games.mission_red_planet.engine.event_base import _EV, Event, _add
from mrp_tutor.games.mission_red_planet.engine.state import GameState, Ship


@dataclass(**_EV)
class ShipDocked(Event):
    ship: str
    dock: int

    def __init__(self, rule: str, ship: str, dock: int) -> None:
        self.rule, self.ship, self.dock = rule, ship, dock

    def apply(self, s: GameState) -> None:
        s.ship_deck.remove(self.ship)
        s.docks[self.dock] = self.ship
        s.ships[self.ship] = Ship(self.ship)
ShipDocked.type = "ship_docked"


@dataclass(**_EV)
class ShipReturned(Event):
    """Setup: an unknown-destination ship goes back into the deck (which is then shuffled)."""

    ship: str
    dock: int

    def apply(self, s: GameState) -> None:
        s.docks[self.dock] = None
        del s.ships[self.ship]
        s.ship_deck.append(self.ship)
ShipReturned.type = "ship_returned"


@dataclass(**_EV)
class DestinationTokenPlaced(Event):
    ship: str
    zone: str
    colour: str | None = None
    pilot: bool = False

    def __init__(
        self, rule: str, ship: str, zone: str, colour: str | None = None, pilot: bool = False,
    ) -> None:
        self.rule, self.ship, self.zone, self.colour, self.pilot = rule, ship, zone, colour, pilot

    def apply(self, s: GameState) -> None:
        s.dest_supply[self.zone] -= 1
        s.ships[self.ship].tokens.append(self.zone)
        if self.pilot:
            s.left = 0
DestinationTokenPlaced.type = "destination_token_placed"


@dataclass(**_EV)
class ShipLaunched(Event):
    ship: str
    forced: bool = False
    colour: str | None = None

    def __init__(
        self, rule: str, ship: str, forced: bool = False, colour: str | None = None,
    ) -> None:
        self.rule, self.ship, self.forced, self.colour = rule, ship, forced, colour

    def apply(self, s: GameState) -> None:
        s.ships[self.ship].launched = True
        s.docks[s.docks.index(self.ship)] = None
        s.launched.append(self.ship)
        if self.forced:
            s.left = 0
ShipLaunched.type = "ship_launched"


@dataclass(**_EV)
class ShipDestroyed(Event):
    ship: str
    killed: tuple[tuple[str, int], ...]
    tokens: tuple[str, ...]
    colour: str | None = None

    def __init__(
        self, rule: str, ship: str, killed: tuple[tuple[str, int], ...], tokens: tuple[str, ...],
        colour: str | None = None,
    ) -> None:
        self.rule = rule
        self.ship = ship
        self.killed = killed
        self.tokens = tokens
        self.colour = colour

    def apply(self, s: GameState) -> None:
        for c, n in self.killed:
            _add(s.memorial, c, n)
        for z in self.tokens:
            s.dest_supply[z] += 1
        s.docks[s.docks.index(self.ship)] = None
        del s.ships[self.ship]
        s.ship_discard.append(self.ship)
        s.left = 0
ShipDestroyed.type = "ship_destroyed"


@dataclass(**_EV)
class ShipLanded(Event):
    ship: str
    zone: str | None
    crew: tuple[tuple[str, int], ...]
    tokens: tuple[str, ...]

    def __init__(
        self, rule: str, ship: str, zone: str | None, crew: tuple[tuple[str, int], ...],
        tokens: tuple[str, ...],
    ) -> None:
        self.rule, self.ship, self.zone, self.crew, self.tokens = rule, ship, zone, crew, tokens

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
ShipLanded.type = "ship_landed"
