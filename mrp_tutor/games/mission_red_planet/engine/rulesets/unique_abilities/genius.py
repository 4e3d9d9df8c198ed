"""The Guileful Genius's points of the turn order (seed 003 §5: "play your character action at
any point in the turn order"; ``ua.tutor.genius_between``).

Before each character is called, while its card is face down, the Genius may pay 1 to act at
once (earlier than its number).  When its own number is called and a later number is still to
come, it may instead pay 1 to hold its card (``target`` :data:`LATER`): its colour goes to the
end of the order, its card stays face down, and before each later call it may act at once for
nothing more (it has paid); if it never does, it acts last, after every other character.
"""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.basics import Out, emit
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState

#: the target of a use that holds the Genius's card for a later point of the order
LATER = "later"
#: the target of a held Genius's action at a later point (paid when it held)
NOW = "now"
RULE = "ua.tutor.genius_between"


def _rank(spec: GameSpec) -> dict[str, int]:
    # the first edition calls its characters 1 -> 9 (spec.countdown runs 9 -> 1)
    return {ch: i for i, ch in enumerate(reversed(spec.countdown))}


def held(spec: GameSpec, s: GameState, c: str) -> bool:
    """Has ``c`` held its card past its number (a higher number waits before it)?"""
    mine = s.seats[c].chosen
    if mine is None or c not in s.queue:
        return False
    rank = _rank(spec)
    for x in s.queue:
        if x == c:
            return False
        ch = s.seats[x].chosen
        if ch is not None and rank[ch] > rank[mine]:
            return True
    return False


def own_call(spec: GameSpec, s: GameState, c: str) -> bool:
    """Is ``c``'s own number called next, with a higher number still to come after it?"""
    mine = s.seats[c].chosen
    if mine is None or not s.queue or s.seats[s.queue[0]].chosen != mine:
        return False
    rank = _rank(spec)
    return any(ch is not None and rank[ch] > rank[mine]
               for ch in (s.seats[x].chosen for x in s.queue))


def hold(s: GameState, out: Out, c: str) -> None:
    """The Genius's card waits: its colour goes to the end of the order."""
    emit(s, out, E.ResolutionOrderSet(rule=RULE, order=(*[x for x in s.queue if x != c], c)))
