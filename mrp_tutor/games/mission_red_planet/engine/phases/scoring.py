"""Final scoring (rulebook "End of the Game"): missions, Ice Monopoly, tokens, discoveries."""

from __future__ import annotations

from collections.abc import Iterable

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.basics import Out, emit, tokens_left
from mrp_tutor.games.mission_red_planet.engine.rulesets import rules_of
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState


def mission_points(spec: GameSpec, s: GameState, colour: str, card: str) -> tuple[bool, int, str]:
    """Evaluate a mission for ``colour``: (completed, points, short reason)."""
    fx = spec.missions[card].effect

    def zone_total(c: str, zones: Iterable[str]) -> int:
        zs = s.zones
        return sum([zs[z].get(c, 0) for z in zones])

    def is_most(values: dict[str, int]) -> bool:
        mine = values[colour]
        return mine > 0 and mine >= max(values.values())

    if type(fx) is C.PresenceTable:
        k = sum(1 for z in fx.zones if s.zones[z].get(colour))
        pts = fx.table[k - 1] if k else 0  # completed only where it scores (a first-edition
        return pts > 0, pts, f"present in {k} of {len(fx.zones)} zones"  # card: all or nothing
    if isinstance(fx, (C.MostAstronautsInZones, C.MostAstronautsInZone)):
        zones = fx.zones if isinstance(fx, C.MostAstronautsInZones) else [fx.zone]
        totals = {c: zone_total(c, zones) for c in s.order}
        ok = is_most(totals)
        best = max(totals.values())
        return ok, fx.points if ok else 0, f"{totals[colour]} astronauts (best {best})"
    if type(fx) is C.MostTokens:
        totals = {c: s.seats[c].tokens[fx.resource] for c in s.order}
        ok = is_most(totals)
        return ok, fx.points if ok else 0, f"{totals[colour]} {fx.resource} tokens"
    if type(fx) is C.AtLeastTokens:
        have = s.seats[colour].tokens[fx.resource]
        ok = have >= fx.count
        return ok, fx.points if ok else 0, f"{have} of {fx.count} {fx.resource} tokens"
    if type(fx) is C.PerAstronautCapped:
        where = s.memorial if fx.place == "memorial" else s.zones[fx.place]
        n = where.get(colour, 0)
        pts = min(n * fx.per, fx.cap)
        return n > 0, pts, f"{n} astronauts at {fx.place}"
    if type(fx) is C.PerZonePresence:
        k = sum(1 for z in spec.zones if s.zones[z].get(colour))
        return k > 0, k * fx.per, f"present in {k} zones"
    if type(fx) is C.AstronautsOnMarsAtLeast:
        n = zone_total(colour, spec.zones)
        ok = n >= fx.count
        return ok, fx.points if ok else 0, f"{n} of {fx.count} astronauts"
    if type(fx) is C.PerZoneAlone:
        alone = [z for z in spec.zones
                 if s.zones[z].get(colour) and all(c == colour for c in s.zones[z])]
        return bool(alone), len(alone) * fx.per, f"alone in {len(alone)} zones"
    if type(fx) is C.NoEffect:
        return False, 0, "no known effect"
    if type(fx) is C.GainTokensAtEnd:
        return True, 0, f"gains {fx.count} {fx.resource} tokens (counted with the tokens)"
    if type(fx) is C.OneOfEachToken:
        ok = all(s.seats[colour].tokens[r] for r in C.RESOURCES)
        return ok, fx.points if ok else 0, "one of each token" if ok else "a token type missing"
    raise AssertionError(fx)  # pragma: no cover - the union is exhaustive


def discovery_points(spec: GameSpec, s: GameState, zone: str, card: str) -> dict[str, int]:
    """Points a final-scoring discovery gives each colour."""
    fx = spec.discoveries[card].effect
    counts = {c: n for c, n in s.zones[zone].items() if n > 0}
    if type(fx) is C.PresencePoints:
        return {c: fx.points for c in s.order if c in counts}
    if type(fx) is C.MajorityPoints:
        if not counts:
            return {}
        top = max(counts.values())
        return {c: fx.points for c in s.order if counts.get(c) == top}
    if type(fx) is C.PerAstronautPoints:
        return {c: counts[c] * fx.per for c in s.order if c in counts}
    return {}


def _gain_tokens(spec: GameSpec, s: GameState, out: Out) -> None:
    """Point tokens gained at the final scoring, before bonus cards and the ice bonus count
    tokens: discoveries first (every colour present), then the holders' cards."""
    gains: list[tuple[str, str, str, int, str]] = []  # (colour, card, resource, count, rule)
    for zone in spec.zones:
        card = s.discoveries.get(zone)
        fx = spec.discoveries[card].effect if card is not None else None
        if card is not None and isinstance(fx, C.PresenceTokens):
            rule = spec.discoveries[card].rule or "scoring.discoveries"
            gains += [(c, card, fx.resource, fx.count, rule) for c in s.order
                      if s.zones[zone].get(c)]
    for c in s.order:
        for card in s.seats[c].missions:
            mx = spec.missions[card].effect
            if isinstance(mx, C.GainTokensAtEnd):
                gains.append((c, card, mx.resource, mx.count, spec.missions[card].rule
                              or "missions.effect"))
    for c, card, resource, n, rule in gains:
        have = tokens_left(spec, s, resource)
        emit(s, out, E.TokensGained(rule=rule, colour=c, resource=resource,
                                    count=min(n, have), wanted=n, card=card))


def _mission_rule(spec: GameSpec, card: str, fx: C.MissionEffect) -> str:
    if spec.missions[card].rule:
        return spec.missions[card].rule
    if isinstance(fx, C.PresenceTable):
        return "missions.red_zones"
    if card == "strategic_zones":
        return "missions.strategic_zones"
    if isinstance(fx, (C.MostTokens, C.MostAstronautsInZone, C.MostAstronautsInZones)):
        return "missions.most_tie"
    return "missions.effect"


def final_scoring(spec: GameSpec, s: GameState, out: Out) -> None:
    """Score every colour, rank the winners and end the game."""
    rules = rules_of(s)
    breakdown: dict[str, dict[str, int]] = {
        c: {"missions": 0, "ice_monopoly": 0, "tokens": 0, "discoveries": 0} for c in s.order}
    _gain_tokens(spec, s, out)
    for c in s.order:
        for card in s.seats[c].missions:
            ok, pts, why = mission_points(spec, s, c, card)
            emit(s, out, E.MissionScored(rule=_mission_rule(spec, card, spec.missions[card].effect),
                                         colour=c, card=card, completed=ok, points=pts,
                                         detail=why))
            breakdown[c]["missions"] += pts
    ice = {c: s.seats[c].tokens["ice"] for c in s.order}
    top = max(ice.values())
    if top > 0:
        holders = tuple(c for c in s.order if ice[c] == top)
        each = spec.content.game.ice_monopoly.points // len(holders)
        emit(s, out, E.IceMonopolyScored(rule=rules.ice_monopoly_rule(s, holders),
                                         colours=holders, ice=top, points=each))
        for c in holders:
            breakdown[c]["ice_monopoly"] = each
    else:  # nobody holds ice: recorded, not silently skipped (tutor reading)
        emit(s, out, E.IceMonopolyScored(rule="ice_monopoly.no_ice", colours=(), ice=0,
                                         points=0))
    for c in s.order:
        breakdown[c]["tokens"] = sum(spec.point_values[r] * n for r, n in s.seats[c].tokens.items())
    for zone in spec.zones:
        found = s.discoveries.get(zone)
        if found is None or spec.discoveries[found].phase != "final_scoring":
            continue
        card = found
        for c, pts in discovery_points(spec, s, zone, card).items():
            rule = spec.discoveries[card].rule or "scoring.discoveries"
            emit(s, out, E.DiscoveryScored(rule=rule, colour=c, card=card, zone=zone,
                                           points=pts))
            breakdown[c]["discoveries"] += pts
    scores = {c: sum(b.values()) for c, b in breakdown.items()}
    counts = {c: sum(s.seats[c].tokens.values()) for c in s.order}
    winners, rule, losers_all = rules.rank_winners(s, scores, counts)
    emit(s, out, E.GameEnded(
        rule=rule, scores=tuple(scores.items()),
        breakdown=tuple((c, tuple(b.items())) for c, b in breakdown.items()),
        token_counts=tuple(counts.items()), winners=tuple(winners), losers_all=losers_all))


def rank_winners(
    s: GameState, scores: dict[str, int], counts: dict[str, int]
) -> tuple[list[str], str, bool]:
    """Winners by score, then number of point tokens, then shared (and the deciding rule),
    as the state's ruleset ranks them (the 2-player variant: see its ruleset)."""
    return rules_of(s).rank_winners(s, scores, counts)
