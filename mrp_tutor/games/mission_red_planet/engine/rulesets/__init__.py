"""The ruleset registry: registered rulesets, found by name (like python-chess's
``chess.variant.find_variant``).

The shipped rulesets are registered here, by the registry (:data:`SHIPPED`, each with its
priority), not by the import of their modules: a ruleset module never imports this package.
A new ruleset (a toy, a plug-in) calls :func:`register` with its class.

    >>> find_ruleset("two_player").name
    'two_player'
    >>> sorted(RULESETS)
    ['first_edition', 'standard', 'two_player', 'unique_abilities']
"""

from __future__ import annotations

from typing import Final, TypeVar

from mrp_tutor.games.mission_red_planet.engine.basics import ABILITIES, CITES, forget_cites
from mrp_tutor.games.mission_red_planet.engine.errors import MalformedIntent
from mrp_tutor.games.mission_red_planet.engine.rulesets.base import Rules
from mrp_tutor.games.mission_red_planet.engine.rulesets.first_edition import FirstEdition
from mrp_tutor.games.mission_red_planet.engine.rulesets.standard import Standard
from mrp_tutor.games.mission_red_planet.engine.rulesets.two_player import TwoPlayer
from mrp_tutor.games.mission_red_planet.engine.rulesets.unique_abilities import UniqueAbilities
from mrp_tutor.games.mission_red_planet.engine.state import GameState

RULESETS: Final[dict[str, Rules]] = {}
#: the ruleset of a game or a file that names none
DEFAULT = "standard"
#: names older states and files used for the standard rules (the data folder's name)
ALIASES: Final = {"base": "standard"}
#: the priority of each registered ruleset (lower first): :func:`ruleset_for_players` picks the
#: first that seats a count
PRIORITY: Final[dict[str, int]] = {}
R = TypeVar("R", bound=type[Rules])
#: the last ruleset name :func:`rules_of` looked up and its ruleset (an identity test instead
#: of a dict look-up per call; :func:`register` empties it)
_LAST_RULES: Final[list[tuple[str, Rules | None]]] = [("", None)]


def register(cls: R, priority: int = 100) -> R:
    """Register a ruleset under its ``name``; ``priority`` (lower first) orders
    :func:`ruleset_for_players` (ties: the order of registration).  Returns the class."""
    RULESETS[cls.name] = cls()
    _LAST_RULES[0] = ("", None)
    forget_cites()
    PRIORITY[cls.name] = priority
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
    """The registered ruleset of lowest priority that seats ``players`` players.

    Raises:
        MalformedIntent: ``bad_player_count`` when none does.
    """
    for rules in sorted(RULESETS.values(), key=lambda r: PRIORITY.get(r.name, 100)):
        if rules.players[0] <= players <= rules.players[1]:
            return rules
    raise MalformedIntent("bad_player_count", "setup.colors",
                          f"no ruleset seats {players} players", {"players": players})


def rules_of(s: GameState) -> Rules:
    """The ruleset a game is played under (recorded in its state)."""
    name = s.ruleset
    last = _LAST_RULES[0]
    if last[0] is name and last[1] is not None:
        return last[1]
    rules = RULESETS.get(name)
    if rules is None:
        return find_ruleset(name)
    _LAST_RULES[0] = (name, rules)
    return rules


#: the shipped rulesets and their priorities (3 players mean the standard game, not the first
#: edition; Unique Abilities is the first edition plus the ability sheets)
SHIPPED: tuple[tuple[type[Rules], int], ...] = (
    (Standard, 0), (TwoPlayer, 0), (FirstEdition, 10), (UniqueAbilities, 20))
for _cls, _priority in SHIPPED:
    register(_cls, _priority)

__all__ = [
    "ALIASES",
    "DEFAULT",
    "PRIORITY",
    "RULESETS",
    "SHIPPED",
    "FirstEdition",
    "Rules",
    "Standard",
    "TwoPlayer",
    "UniqueAbilities",
    "find_ruleset",
    "register",
    "rules_of",
    "ruleset_for_players",
]
