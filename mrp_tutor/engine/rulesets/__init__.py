"""Registered rulesets, found by name (like python-chess's ``chess.variant.find_variant``).

    >>> find_ruleset("two_player").name
    'two_player'
    >>> sorted(RULESETS)
    ['first_edition', 'standard', 'two_player', 'unique_abilities']
"""

from __future__ import annotations

from typing import TypeVar

from ..core import ABILITIES, CITES
from ..errors import MalformedIntent
from ..state import GameState
from .base import Rules

RULESETS: dict[str, Rules] = {}
#: names older states and files used for the standard rules (the data folder's name)
ALIASES = {"base": "standard"}
R = TypeVar("R", bound=type[Rules])


def register(cls: R) -> R:
    """Class decorator: register a ruleset under its ``name``."""
    RULESETS[cls.name] = cls()
    if cls.rule_ids:
        CITES[cls.name] = dict(cls.rule_ids)  # emit cites these for every event
    if cls.abilities:
        ABILITIES.add(cls.name)
    return cls


def find_ruleset(name: str) -> Rules:
    """The ruleset registered as ``name``.

    Raises:
        MalformedIntent: ``unknown_ruleset``, naming the registered ones.
    """
    rules = RULESETS.get(ALIASES.get(name, name))
    if rules is None:
        raise MalformedIntent("unknown_ruleset", "setup.colors",
                              f"unknown ruleset {name!r} (registered: {', '.join(RULESETS)})",
                              {"ruleset": name, "registered": list(RULESETS)})
    return rules


def ruleset_for_players(players: int) -> Rules:
    """The first registered ruleset that seats ``players`` players.

    Raises:
        MalformedIntent: ``bad_player_count`` when none does.
    """
    for rules in RULESETS.values():
        if rules.players[0] <= players <= rules.players[1]:
            return rules
    raise MalformedIntent("bad_player_count", "setup.colors",
                          f"no ruleset seats {players} players", {"players": players})


def rules_of(s: GameState) -> Rules:
    """The ruleset a game is played under (recorded in its state)."""
    rules = RULESETS.get(s.ruleset)
    return rules if rules is not None else find_ruleset(s.ruleset)


# registration order matters: ruleset_for_players picks the first that seats a count
from . import standard, two_player  # noqa: E402, I001  (registers them)
from . import first_edition  # noqa: E402  (after standard: 3 players mean the standard game)
from . import unique_abilities  # noqa: E402  (first_edition plus the ability sheets)

__all__ = [
    "ALIASES",
    "RULESETS",
    "Rules",
    "find_ruleset",
    "first_edition",
    "register",
    "rules_of",
    "ruleset_for_players",
    "standard",
    "two_player",
    "unique_abilities",
]
