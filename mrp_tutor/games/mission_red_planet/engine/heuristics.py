"""The bots' small measures of a position: what a zone is worth, a colour's standing in a
zone's majority and how a move changes it, the points a colour can expect, and what a
character card is worth in general (:data:`CHARACTER_APPEAL`).

A leaf of the bot code: it reads states and never imports a bot, a phase or a ruleset, so the
greedy heuristic (:mod:`.appeal`), the bots (:mod:`.greedy`, :mod:`.bots`) and a ruleset's
own bot knowledge (``rulesets/<name>``) all build on it without an import circle.
"""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine.basics import destination
from mrp_tutor.games.mission_red_planet.engine.spec import UNKNOWN, GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState

UNKNOWN_RESOURCE_VALUE = 1.6  # expected value of a face-down resource token (5 ice, 3+3)

#: what a character is worth in general to the greedy bot (higher: chosen earlier); also the
#: Devious Despot's and Stealthy Spy's view of a card (the unique_abilities bot knowledge)
CHARACTER_APPEAL: dict[str, float] = {
    "travel_agent": 3.0, "scientist": 2.6, "secret_agent": 2.4, "explorer": 2.2,
    "femme_fatale": 2.0, "soldier": 1.8, "saboteur": 1.6, "pilot": 1.5, "recruiter": 0.5,
}


def appeal(character: str) -> float:
    """The general worth of a character (1.0 for one the table does not name)."""
    return CHARACTER_APPEAL.get(character, 1.0)


def zone_value(spec: GameSpec, s: GameState, zone: str) -> float:
    """Points a zone is expected to be worth to whoever holds its majority."""
    if zone not in s.zones:
        return 0.0
    res = s.resources.get(zone)
    per = float(spec.point_values[res]) if (res and s.face_up.get(zone)) else (
        UNKNOWN_RESOURCE_VALUE)
    waiting = sum(spec.point_values[r] * n for r, n in s.waiting[zone].items())
    return per * 2.0 + waiting


def standing(counts: dict[str, int], me: str, mine: int) -> float:
    """``me``'s standing in a zone with ``counts`` when it has ``mine`` astronauts there
    (0 none, 0.1 behind, 0.5 tied for the majority, 1 sole majority)."""
    best_other = max((n for c, n in counts.items() if c != me), default=0)
    if mine <= 0:
        return 0.0
    if mine > best_other:
        return 1.0
    return 0.5 if mine == best_other else 0.1


def majority_gain(s: GameState, zone: str, me: str, delta: int) -> float:
    """Change of ``me``'s standing in ``zone`` (0 nothing, 0.5 tie, 1 sole majority)."""
    counts = s.zones.get(zone)
    if counts is None:
        return 0.0
    mine = counts.get(me, 0)
    return standing(counts, me, mine + delta) - standing(counts, me, mine)


def board_target(spec: GameSpec, s: GameState, token: str | None, ship: str) -> str | None:
    """The zone astronauts boarding ``ship`` head for (the destination ``token`` placed with
    them, else the ship's own; None while it is unknown)."""
    if token is not None:
        return token
    dest = destination(spec, s, ship)
    return None if dest == UNKNOWN else dest


def projected_points(spec: GameSpec, s: GameState, colour: str) -> float:
    """Point tokens held plus the expected worth of the zones ``colour`` currently leads."""
    pts = float(sum(spec.point_values[r] * n for r, n in s.seats[colour].tokens.items()))
    for zone, counts in s.zones.items():
        mine = counts.get(colour, 0)
        if mine:
            pts += standing(counts, colour, mine) * zone_value(spec, s, zone)
    return pts


def zone_shift(s: GameState, zone: str, mover: str, delta: int, wts: dict[str, float]) -> float:
    """Weighted change of every colour's standing in ``zone`` when ``mover`` gains ``delta``."""
    counts = s.zones.get(zone)
    if counts is None or not delta:
        return 0.0
    after = dict(counts)
    after[mover] = after.get(mover, 0) + delta
    return sum(w * (standing(after, c, after.get(c, 0)) - standing(counts, c, counts.get(c, 0)))
               for c, w in wts.items() if w)
