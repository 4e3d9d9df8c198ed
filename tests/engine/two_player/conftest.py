"""Shared helpers of the 2-player variant tests (rulebook "2-Player Variant"): one module per
part of the variant (setup, rounds, scoring, whole games).

Each test builds a real two-player game with ``Game.new(..., ruleset="two_player")`` and, where
a ruling needs an exact position, edits the plain-data state (keeping all 22 astronauts of a
colour accounted for), then plays intents through the public API.

Colours are passed clockwise, ``[main A, main B, neutral A, neutral B]``: red controls blue
(across the table from red), green controls yellow.  ``spec``: the base game's, from
``tests/engine/conftest.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from mrp_tutor.games.mission_red_planet.engine import (
    ChooseCharacter,
    Game,
    GameSpec,
    GameState,
    Intent,
    KeepMission,
)
from mrp_tutor.games.mission_red_planet.engine import events as E

RED, BLUE, GREEN, YELLOW = "red", "blue", "green", "yellow"
SEATING = [RED, GREEN, BLUE, YELLOW]  # clockwise
MAINS = (RED, GREEN)
NEUTRALS = (BLUE, YELLOW)
CONTROLLER = {RED: RED, GREEN: GREEN, BLUE: RED, YELLOW: GREEN}
KEEP = {"recruiter", "explorer", "femme_fatale", "soldier"}  # never in a neutral deck's top 3


# =============================================================================== helpers


def new_game(spec: GameSpec, seed: int = 1) -> Game:
    return Game.new(spec, SEATING, seed, ruleset="two_player")


def to_choose(game: Game) -> Game:
    """Both main colours keep their first dealt mission: round 1, choose stage."""
    for c in MAINS:
        game.play(KeepMission(c, game.state.seats[c].dealt[0]))
    assert game.state.stage == "choose"
    return game


def started(spec: GameSpec, seed: int = 1) -> Game:
    return to_choose(new_game(spec, seed))


def touch(game: Game) -> None:
    game.invalidate()  # forget cached legal intents after editing the state


def force_neutral(game: Game, colour: str, card: str) -> None:
    """Make ``card`` the neutral's character this round (its drawn card goes back on top)."""
    seat = game.state.seats[colour]
    assert seat.neutral and seat.chosen is not None
    if seat.chosen != card:
        seat.deck.remove(card)
        seat.deck.insert(0, seat.chosen)
        seat.chosen = card
    touch(game)


def put(game: Game, zone: str, colour: str, n: int = 1) -> None:
    s = game.state
    s.seats[colour].supply -= n
    s.zones[zone][colour] = s.zones[zone].get(colour, 0) + n
    touch(game)


def choose_mains(game: Game, red: str, green: str) -> list[E.Event]:
    out = game.play(ChooseCharacter(RED, red))
    return out + game.play(ChooseCharacter(GREEN, green))


def play_first_while(game: Game, kind: str) -> list[E.Event]:
    """Play the first legal intent while the decision is of ``kind``."""
    out: list[E.Event] = []
    while (d := game.decision()) is not None and d.kind == kind:
        out += game.play(game.legal_intents()[0])
    return out


def total(s: GameState, colour: str) -> int:
    return sum(s.astronaut_places(colour).values())


def tokens_accounted(spec: GameSpec, s: GameState) -> dict[str, int]:
    out = dict(s.token_supply)
    for seat in s.seats.values():
        for r, n in seat.tokens.items():
            out[r] += n
    for waiting in s.waiting.values():
        for r, n in waiting.items():
            out[r] += n
    return out


def random_chooser(seed: int) -> Callable[[Game, list[Intent]], Intent]:
    rng = random.Random(seed)
    return lambda game, legal: rng.choice(legal)
