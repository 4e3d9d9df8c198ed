"""The greedy bot's view of ability sheets (the ``unique_abilities`` ruleset's bot knowledge):
an ability is used when its one-step gain is worth more than the point tokens it costs.

:func:`score_ability` scores ``use_ability``, ``pay_token`` and ``decline_ability`` on the scale
of :func:`mrp_tutor.games.mission_red_planet.engine.appeal.score_intent` (a zone majority won is
worth the zone's
points); declining is 0.  The ruleset answers ``Rules.bot_score`` with it.
"""

from __future__ import annotations

from collections.abc import Mapping

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import destination
from mrp_tutor.games.mission_red_planet.engine.heuristics import (
    appeal,
    majority_gain,
    standing,
    zone_value,
)
from mrp_tutor.games.mission_red_planet.engine.rulesets.unique_abilities.sheets import Sheet
from mrp_tutor.games.mission_red_planet.engine.spec import UNKNOWN, GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState

#: a use chosen within the choose decision must beat every character choice to be taken
BEFORE_CHOOSING = 10.0
#: a Travel Agent's three astronauts boarded before the shuttles with room for three fill
#: (else the turn is lost: fe.characters.travel_agent), as points
TRAVEL_AGENT_EARLY = 2.0


def _price(spec: GameSpec, s: GameState, colour: str, cost: int) -> float:
    """Points lost by paying ``cost`` tokens, the cheapest first."""
    values = sorted(spec.point_values[r] for r, n in s.seats[colour].tokens.items()
                    for _ in range(n))
    return float(sum(values[:cost])) if len(values) >= cost else 99.0


def score_ability(sheets: Mapping[str, Sheet], spec: GameSpec, s: GameState,
                  it: I.Intent) -> float:
    """Heuristic value of an ability intent for the colour making it (``sheets``: the
    ruleset's, by id: their costs)."""
    me = it.colour
    if isinstance(it, I.PayToken):
        return -float(spec.point_values.get(it.resource, 1))  # pay with the cheapest
    if isinstance(it, I.DeclineAbility) or not isinstance(it, I.UseAbility):
        return 0.0
    w = s.windows[0] if s.windows else None
    sheet = sheets.get(it.ability)
    cost = 1 if sheet is None else (sheet.second_cost if w is not None
                                    and w.point == "spy_swap" else sheet.cost)
    if it.ability == "cunning_conspirator" and any(x in s.launched for x in s.used):
        cost = 0  # paid for this action already (ua.tutor.conspirator_placement)
    price = _price(spec, s, me, cost)
    seat = s.seats[me]
    a, target = it.ability, it.target
    if a == "devious_despot" and target is not None:
        best = max((appeal(c) for c in seat.hand), default=0.0)
        net = appeal(target) - best - 0.5 * price
        return BEFORE_CHOOSING + net if net > 0 else -1.0
    if a == "versatile_villain" and target is not None:
        # worth knowing late in the game, where this colour has astronauts
        useful = s.round >= 7 and bool(s.zones[target].get(me)) and target not in seat.peeked
        return BEFORE_CHOOSING if useful and price <= 1 else -1.0
    if a == "stealthy_spy" and target is None:
        return 0.5 if price <= 1 and sum(seat.tokens.values()) >= 4 else -0.5
    if a == "stealthy_spy" and target is not None:
        return appeal(target) - appeal(seat.chosen or "") - 1.0 - price
    if a == "guileful_genius":
        if target is not None or (s.queue and s.queue[0] == me):
            return -1.0  # it comes next anyway (holding for later: no one-step gain)
        if seat.chosen == "travel_agent" and any(
                spec.capacity(x) - s.ships[x].aboard() >= 3 for x in s.docked()):
            # three astronauts or none: board while a shuttle still has room for all three
            return TRAVEL_AGENT_EARLY - price
        early = seat.chosen in ("scientist", "explorer")
        return 1.0 - price if early and len(s.queue) >= 3 else -1.0
    if a == "cunning_conspirator" and target is not None:
        zone = destination(spec, s, target)
        if zone == UNKNOWN:
            return -1.0
        aboard = s.ships[target].crew.get(me, 0)
        return (majority_gain(s, zone, me, aboard + 1) * zone_value(spec, s, zone) + 0.3
                - price)
    if a == "audacious_adventurer" and target is not None and w is not None:
        n = min(w.count, s.zones[w.zone].get(me, 0))
        gain = (majority_gain(s, target, me, n) * zone_value(spec, s, target)
                + majority_gain(s, w.zone, me, -n) * zone_value(spec, s, w.zone))
        return gain - price
    if a == "major_mayhem" and target is not None and w is not None:
        counts = s.zones[w.zone]
        if target == me or not counts.get(target):
            return -1.0
        after = dict(counts)
        after[target] -= 1
        gain = standing(after, me, after.get(me, 0)) - standing(counts, me, counts.get(me, 0))
        return gain * zone_value(spec, s, w.zone) - price
    return -1.0
