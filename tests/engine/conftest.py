"""Shared helpers for the rulebook-section tests: small hand-made positions.

A test builds a real game with :class:`Game.new`, then edits the state directly (the engine's
state is plain data) to set up the exact position a ruling is about.  ``Table`` keeps the 22
astronauts of every colour conserved while doing so (astronauts come from / go back to the
supply), so the engine's own invariants still hold in these positions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

from mrp_tutor.games.mission_red_planet.engine import (
    ChooseCharacter,
    Game,
    GameSpec,
    GameState,
    Intent,
    KeepMission,
    Ship,
    load_spec,
)
from mrp_tutor.games.mission_red_planet.engine.events import Event

COLOURS = ["red", "blue", "green", "yellow", "purple", "black"]


class Table:
    """A game plus helpers to arrange positions and play them."""

    def __init__(self, spec: GameSpec, players: int = 4, seed: int = 1) -> None:
        self.spec = spec
        self.game = Game.new(spec, COLOURS[:players], seed=seed)
        for c in list(self.game.decision().colours):  # type: ignore[union-attr]
            self.game.play(KeepMission(c, self.state.seats[c].dealt[0]))
        assert self.state.stage == "choose"

    # ----------------------------------------------------------------- access
    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def colours(self) -> list[str]:
        return list(self.state.order)

    def touch(self) -> None:
        """Forget cached legal intents after editing the state by hand."""
        self.game.invalidate()

    def total(self, colour: str) -> int:
        return sum(self.state.astronaut_places(colour).values())

    # ----------------------------------------------------------------- arranging
    def clear_board(self) -> None:
        """Empty every zone, ship and the memorial (astronauts back to supply)."""
        s = self.state
        for counts in s.zones.values():
            for c, n in counts.items():
                s.seats[c].supply += n
            counts.clear()
        for sid in list(s.ships):
            self._return_ship(sid)
        for c, n in s.memorial.items():
            s.seats[c].supply += n
        s.memorial.clear()
        s.docks = [None] * len(s.docks)
        s.launched = []
        self.touch()

    def dock(self, ships: Iterable[tuple[str, Mapping[str, int]] | str | None]) -> None:
        """Replace the launchpad: one entry per dock (ship id, optional crew; None = empty)."""
        s = self.state
        for sid in s.docked():
            self._return_ship(sid)
        entries = list(ships)
        s.docks = [None] * len(entries)
        for i, entry in enumerate(entries):
            if entry is None:
                continue
            sid, crew = (entry, {}) if isinstance(entry, str) else entry
            self._take_ship(sid)
            s.ships[sid] = Ship(sid)
            s.docks[i] = sid
            for c, n in crew.items():
                s.seats[c].supply -= n
                s.ships[sid].crew[c] = n
        self.touch()

    def launched(self, sid: str, crew: Mapping[str, int], tokens: Iterable[str] = ()) -> None:
        """Put ``sid`` in play as a launched ship (not yet landed)."""
        s = self.state
        self._take_ship(sid)
        ship = Ship(sid, launched=True)
        for c, n in crew.items():
            s.seats[c].supply -= n
            ship.crew[c] = n
        for z in tokens:
            s.dest_supply[z] -= 1
            ship.tokens.append(z)
        s.ships[sid] = ship
        s.launched.append(sid)
        self.touch()

    def _return_ship(self, sid: str) -> None:
        """Take ``sid`` out of play: crew back to supply, tokens back, card to the deck."""
        s = self.state
        for c, n in s.ships[sid].crew.items():
            s.seats[c].supply += n
        for z in s.ships[sid].tokens:
            s.dest_supply[z] += 1
        del s.ships[sid]
        s.ship_deck.append(sid)

    def _take_ship(self, sid: str) -> None:
        s = self.state
        assert sid not in s.ships, f"{sid} already in play"
        if sid in s.ship_deck:
            s.ship_deck.remove(sid)
        else:
            s.ship_discard.remove(sid)

    def put(self, zone: str, colour: str, n: int = 1) -> None:
        """Move ``n`` astronauts of ``colour`` from its supply into ``zone``."""
        s = self.state
        s.seats[colour].supply -= n
        s.zones[zone][colour] = s.zones[zone].get(colour, 0) + n
        self.touch()

    def kill(self, colour: str, n: int = 1) -> None:
        """Put ``n`` astronauts of ``colour`` from the supply on the memorial."""
        s = self.state
        s.seats[colour].supply -= n
        s.memorial[colour] = s.memorial.get(colour, 0) + n
        self.touch()

    def flip(self, zone: str, resource: str | None = None) -> None:
        """Turn the resource of ``zone`` face up (optionally forcing its kind)."""
        if resource is not None:
            self.state.resources[zone] = resource
        self.state.face_up[zone] = True
        self.touch()

    def tokens(self, colour: str, **kinds: int) -> None:
        """Give ``colour`` point tokens from the supply."""
        s = self.state
        for r, n in kinds.items():
            s.token_supply[r] -= n
            s.seats[colour].tokens[r] += n
        self.touch()

    def first(self, colour: str) -> None:
        self.state.first = colour
        self.touch()

    # ----------------------------------------------------------------- playing
    def choose(self, choice: Mapping[str, str]) -> list[Event]:
        """Every colour secretly chooses (colours not named pick their lowest-numbered card)."""
        out: list[Event] = []
        for c in self.colours:
            if self.state.seats[c].chosen is not None:
                continue
            ch = choice.get(c)
            if ch is None:
                ch = next(x for x in reversed(self.state.seats[c].hand)
                          if x not in choice.values())
            out += self.game.play(ChooseCharacter(c, ch))
        return out

    def play(self, intent: Intent) -> list[Event]:
        return self.game.play(intent)

    def legal(self, colour: str | None = None) -> list[Intent]:
        return self.game.legal_intents(colour)

    def kinds(self) -> set[str]:
        return {type(x).type for x in self.legal()}


def types_of(events: Iterable[Event]) -> list[str]:
    return [e.type for e in events]


def first_of(events: Iterable[Event], kind: str) -> Event:
    return next(e for e in events if e.type == kind)


def all_of(events: Iterable[Event], kind: str) -> list[Event]:
    return [e for e in events if e.type == kind]


@pytest.fixture(scope="session")
def spec() -> GameSpec:
    return load_spec(use_env_overrides=False)


@pytest.fixture
def table(spec: GameSpec) -> Table:
    return Table(spec)


@pytest.fixture
def make(spec: GameSpec):  # type: ignore[no-untyped-def]
    def _make(players: int = 4, seed: int = 1) -> Table:
        return Table(spec, players, seed)

    return _make


@pytest.fixture
def helpers():  # type: ignore[no-untyped-def]
    class H:
        Table = Table
        types_of = staticmethod(types_of)
        first_of = staticmethod(first_of)
        all_of = staticmethod(all_of)

    return H


@pytest.fixture
def four_docks(table: Table) -> Table:
    """An empty board, four ordinary ships docked (s01, s04, s02, s05), red first."""
    table.clear_board()
    table.dock(["s01", "s04", "s02", "s05"])
    table.first(table.colours[0])
    return table
