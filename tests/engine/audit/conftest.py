"""Helpers of the outside rules audit (one module per rulebook section, rulebook = seed 000).

The audit's cases are written from the rulebook, not from the engine's rules file; each test
builds a real game through the public API (``Game.new``, ``legal_intents``, ``play``), edits the
plain-data state only to set up the exact position a ruling is about (``Table`` from
``tests/engine/conftest.py`` keeps every colour's 22 astronauts accounted for), and checks one
rulebook fact.
"""

from __future__ import annotations

from collections.abc import Mapping

from mrp_tutor.games.mission_red_planet.engine import (
    ChooseCharacter,
    Game,
    GameSpec,
    Intent,
    KeepMission,
    advance,
)
from mrp_tutor.games.mission_red_planet.engine.events import Event

#: four ordinary docked ships (capacities 4, 4, 5, 4; known destinations)
BIG = ["s01", "s04", "s02", "s05"]


def fresh(table, docks: list | None = None):  # type: ignore[no-untyped-def]
    """An empty board, ``docks`` at the launchpad (BIG by default), the first colour first."""
    table.clear_board()
    table.dock(docks if docks is not None else BIG)
    table.first(table.colours[0])
    return table


def until(table, colour: str, kind: str) -> list[Event]:  # type: ignore[no-untyped-def]
    """Play the first legal intent until ``colour`` has a decision of ``kind``."""
    out: list[Event] = []
    for _ in range(200):
        d = table.game.decision()
        if d is not None and d.kind == kind and colour in d.colours:
            return out
        out += table.play(table.legal()[0])
    raise AssertionError(f"{colour} never had a {kind} decision")


def end_round(table) -> list[Event]:  # type: ignore[no-untyped-def]
    """Play the first legal intent until the round tracker moves on."""
    out: list[Event] = []
    start = table.state.track_index
    while table.state.track_index == start:
        out += table.play(table.legal()[0])
    return out


def at_track(table, index: int, stage: str) -> list[Event]:  # type: ignore[no-untyped-def]
    """Run the track entry ``index`` (a phase) from the current position."""
    s = table.state
    s.track_index, s.stage = index, stage
    out: list[Event] = []
    advance(table.spec, s, out)
    table.touch()
    return out


# ------------------------------------------------------------------ the 2-player variant
RED, GREEN, BLUE, YELLOW = "red", "green", "blue", "yellow"
SEATING = [RED, GREEN, BLUE, YELLOW]  # main A, main B, neutral A (red's), neutral B (green's)


def two_player(spec: GameSpec, seed: int = 1) -> Game:
    """A 2-player game at round 1's choose stage (both main colours kept a mission)."""
    game = Game.new(spec, SEATING, seed, ruleset="two_player")
    for c in (RED, GREEN):
        game.play(KeepMission(c, game.state.seats[c].dealt[0]))
    return game


def neutral_plays(game: Game, colour: str, card: str) -> None:
    """Make ``card`` the neutral colour's drawn character this round."""
    seat = game.state.seats[colour]
    if seat.chosen != card:
        seat.deck.remove(card)
        seat.deck.insert(0, seat.chosen or "")
        seat.chosen = card
    game.invalidate()


def mains_choose(game: Game, picks: Mapping[str, str]) -> list[Event]:
    out: list[Event] = []
    for c, ch in picks.items():
        out += game.play(ChooseCharacter(c, ch))
    return out


def first_until(game: Game, colour: str, kind: str) -> list[Event]:
    out: list[Event] = []
    for _ in range(200):
        d = game.decision()
        if d is not None and d.kind == kind and colour in d.colours:
            return out
        intent: Intent = game.legal_intents()[0]
        out += game.play(intent)
    raise AssertionError(f"{colour} never had a {kind} decision")
