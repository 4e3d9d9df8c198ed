"""A game that differs from another only in what one seat cannot see: what the tests of
everything that must reason from a seat's view (search, hint, review) change, and the
position they ask about.

Imported as ``from testkit.hidden import swap_hidden``.
"""

from __future__ import annotations

import random

from mrp_tutor.games.mission_red_planet.engine import Game


def swap_hidden(g: Game, me: str) -> Game:
    """A copy of ``g`` differing only in what ``me`` cannot see: two other colours' missions
    exchanged, the event deck reversed, face-down resources rotated."""
    other = g.copy()
    s = other.state
    rivals = [c for c in s.order if s.seats[c].controller != me and not s.seats[c].neutral]
    a, b = rivals[0], rivals[1]
    s.seats[a].missions, s.seats[b].missions = s.seats[b].missions, s.seats[a].missions
    s.event_deck.reverse()
    down = [z for z in s.resources if not s.face_up[z]]
    if len(down) > 1:
        kinds = [s.resources[z] for z in down]
        for z, r in zip(down, kinds[1:] + kinds[:1], strict=True):
            s.resources[z] = r
    other.invalidate()
    return other


def resolve_choice(g: Game, rng: random.Random, more_than: int = 2) -> str:
    """Plays ``g`` with random legal choices until a colour resolving its character chooses
    among more than ``more_than`` options; returns that colour."""
    while not (g.state.stage == "resolve" and len(g.legal_intents()) > more_than):
        legal = g.legal_intents()
        if legal:
            g.play(rng.choice(legal), trusted=True)
        else:
            g.advance()
    return g.legal_intents()[0].colour


def to_characters(seed: int, colours: int = 3, ruleset: str = "standard") -> Game:
    """A game of ``colours`` colours at ``seed`` (of ``ruleset``), played with random legal
    choices until a colour chooses its character."""
    from mrp_tutor.games.mission_red_planet.engine import intents as I
    from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset

    spec = find_ruleset(ruleset).spec(use_env_overrides=False)
    g = Game.new(spec, ["red", "blue", "green", "yellow", "black", "white"][:colours], seed,
                 ruleset=ruleset)
    rng = random.Random(seed)
    while not any(isinstance(x, I.ChooseCharacter) for x in g.legal_intents()):
        legal = g.legal_intents()
        if legal:
            g.play(rng.choice(legal), trusted=True)
        else:
            g.advance()
    return g
