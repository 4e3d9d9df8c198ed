"""The Guileful Genius's points of the turn order (seed 003 §5: "play your character action at
any point in the turn order"; ``ua.tutor.genius_between``).

Before each call, while its card is face down, the Genius is asked the same question,
whatever its number and whatever the others chose: pay 1 to act at once (target None), pay 1
to hold its card (target :data:`LATER`: it is not turned up at its number, and it acts at a
later call of its choosing, last at the latest), or let the call go on.  A held card is a
recorded, public fact (:class:`~...ability_events.CharacterHeld`, ``s.holds``: who holds,
since which call); the order still to call puts it last.  Before each later call a holder may
act at once for nothing more (target :data:`NOW`: it has paid).
"""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine import content as C
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


def held(s: GameState, c: str) -> bool:
    """Has ``c`` held its face-down card for a later point of the order?"""
    return c in s.holds


def last_called(spec: GameSpec, s: GameState) -> str:
    """The character last called in order this turn ("" before the first call), asked while
    the Genius's own card is still face down: the highest number turned up so far this turn
    (every colour chose a card this turn, so a colour with none face down has turned its card
    up; one with no card left on the table took them back with its Recruiter).  Public: every
    card turned up is seen."""
    rank = _rank(spec)
    best = ""
    for seat in s.seats.values():
        if seat.chosen is not None:
            continue
        # none left on the table: a Recruiter took its cards back, itself with them
        card = seat.played[-1] if seat.played else _recaller(spec)
        if rank.get(card, -1) > rank.get(best, -1):
            best = card
    return best


def _recaller(spec: GameSpec) -> str:
    """The character whose action takes the played cards back (the Recruiter)."""
    return next((ch for ch, entry in spec.characters.items()
                 if any(isinstance(st, C.RecallStep) for st in entry.steps)), "")


def hold(spec: GameSpec, s: GameState, out: Out, c: str) -> None:
    """The Genius's card waits past its number: the recorded hold puts it last."""
    emit(s, out, E.CharacterHeld(rule=RULE, colour=c, since=last_called(spec, s)))


def hold_problems(spec: GameSpec, s: GameState) -> list[tuple[str, str, str]]:
    """What is wrong with the recorded holds (field, message, rule): only a Guileful Genius
    holds, a card face down this turn, of a number above the call it held after, a call this
    turn has reached."""
    out: list[tuple[str, str, str]] = []
    rank = _rank(spec)
    for c, since in s.holds.items():
        f = f"holds.{c[:20]}"
        seat = s.seats.get(c)
        if seat is None or seat.sheet != "guileful_genius":
            out.append((f, "only the Guileful Genius holds its card past its number",
                        "fe.abilities.guileful_genius"))
            continue
        if s.stage != "resolve" or c not in s.queue or seat.chosen is None:
            out.append((f, f"{c} holds no card face down waiting to be resolved this turn",
                        RULE))
            continue
        if since and since not in rank:
            out.append((f, f"unknown character {since[:40]!r}", "fe.components.counts"))
        elif since and rank.get(seat.chosen, -1) <= rank[since]:
            out.append((f, f"{c}'s {spec.characters[seat.chosen].name} would have been turned "
                        f"up at its number, before the {spec.characters[since].name} "
                        "was called", RULE))
        elif since and rank[since] > rank.get(last_called(spec, s) or since, -1):
            out.append((f, f"the {spec.characters[since].name} has not been called this turn",
                        RULE))
    return out
