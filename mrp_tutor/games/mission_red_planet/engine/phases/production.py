"""Production (rulebook "Production"): face-up zones make point tokens; majorities take them."""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.basics import Out, emit, hot, tokens_left
from mrp_tutor.games.mission_red_planet.engine.rulesets import rules_of
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState


def production_mods(spec: GameSpec, s: GameState) -> dict[str, tuple[str, C.DiscoveryEffect]]:
    """Revealed discoveries that change the third production, by zone."""
    mods: dict[str, tuple[str, C.DiscoveryEffect]] = {}
    if not s.discoveries_revealed:
        return mods
    for zone, card in s.discoveries.items():
        d = spec.discoveries[card]
        if d.phase == "third_production":
            mods[zone] = (card, d.effect)
    return mods


def _card_rule(spec: GameSpec, card: str) -> str:
    """The rule a discovery's effect cites (its own, else the generic one)."""
    return spec.discoveries[card].rule or "discoveries.effect"


def produce(spec: GameSpec, s: GameState, out: Out, amount: int, *, third: bool) -> None:
    """One production: make ``amount`` tokens per face-up zone, then distribute them."""
    mods = production_mods(spec, s) if third else {}
    h = hot(spec)
    zones = h.zones
    made = rules_of(s).scoring_rule("production.produce", h.track_number[s.track_index])
    blocked = {z for z, (_, fx) in mods.items() if isinstance(fx, C.NoProduction)}
    for zone in zones:
        if not s.face_up[zone]:
            continue
        if zone in blocked:
            card, fx = mods[zone]
            emit(s, out, E.ProductionModified(rule=_card_rule(spec, card), zone=zone,
                                              card=card, effect="no_production"))
            if isinstance(fx, C.NoProduction) and fx.remove_waiting and s.waiting[zone]:
                emit(s, out, E.TokensRemoved(rule=_card_rule(spec, card), zone=zone, card=card,
                                             resources=tuple(sorted(s.waiting[zone].items()))))
            continue
        resource = s.resources[zone]
        n = amount
        if zone in mods:
            card, fx = mods[zone]
            if isinstance(fx, C.ProduceResourceInstead):
                resource = fx.resource
                emit(s, out, E.ProductionModified(rule=_card_rule(spec, card), zone=zone,
                                                  card=card, effect=fx.effect))
            elif isinstance(fx, C.ExtraProduction):
                n = max(0, n + fx.amount)
                emit(s, out, E.ProductionModified(rule=_card_rule(spec, card), zone=zone,
                                                  card=card, effect=fx.effect))
        _make_tokens(spec, s, out, zone, resource, n, made)
    for zone, (card, fx) in mods.items():
        if isinstance(fx, C.ExtraProductionAdjacent):
            for adj in h.adjacent[zone]:
                if adj in blocked:
                    emit(s, out, E.ProductionModified(
                        rule="discoveries.mining_vs_synergy", zone=adj, card=card,
                        effect="synergy_blocked"))
                elif s.face_up[adj]:
                    _make_tokens(spec, s, out, adj, s.resources[adj], fx.amount,
                                 "discoveries.effect")
    for zone in zones:
        _distribute(spec, s, out, zone, mods.get(zone))
    gone = rules_of(s).leftovers_leave(h.track_number[s.track_index])
    if gone is not None:  # the last scoring's leftovers leave the game
        for zone in zones:
            if s.waiting[zone]:
                emit(s, out, E.TokensRemoved(rule=gone, zone=zone,
                                             resources=tuple(sorted(s.waiting[zone].items())),
                                             card=""))


def _make_tokens(spec: GameSpec, s: GameState, out: Out, zone: str, resource: str, n: int,
                 rule: str) -> None:
    have = tokens_left(spec, s, resource)
    emit(s, out, E.TokensProduced(rule if have >= n else "production.supply", zone, resource,
                                  min(n, have), n))  # rule, zone, resource, count, wanted


def winners_of_zone(
    counts: dict[str, int], fx: C.DiscoveryEffect | None = None
) -> tuple[list[str], str]:
    """Who shares a zone's point tokens, and the rule id that decides it.

    >>> winners_of_zone({"red": 2, "blue": 1})
    (['red'], 'production.majority')
    >>> winners_of_zone({"red": 2, "blue": 2})
    (['red', 'blue'], 'production.tie')
    """
    if fx is None:  # the common case: plain majority
        most = max(counts.values(), default=0)
        if most <= 0:
            return [], "production.empty"
        best = [c for c, n in counts.items() if n == most]
        return best, "production.majority" if len(best) == 1 else "production.tie"
    present = {c: n for c, n in counts.items() if n > 0}
    if not present:
        return [], "production.empty"
    if isinstance(fx, C.CountAllTied):
        return list(present), "discoveries.even_uneven"
    if isinstance(fx, C.FewestWins):
        low = min(present.values())
        return [c for c, n in present.items() if n == low], "discoveries.even_uneven"
    top = max(present.values())
    leaders = [c for c, n in present.items() if n == top]
    if isinstance(fx, C.SecondMostTakes):
        if len(present) == 1:
            return [], "discoveries.subterfuge"
        if len(leaders) > 1:
            return leaders, "discoveries.subterfuge"
        rest = {c: n for c, n in present.items() if n < top}
        second = max(rest.values())
        return [c for c, n in rest.items() if n == second], "discoveries.subterfuge"
    return leaders, "production.majority" if len(leaders) == 1 else "production.tie"


def _remove_majority(spec: GameSpec, s: GameState, out: Out, zone: str, card: str,
                     fx: C.RemoveMajority) -> None:
    """Every astronaut of the colour(s) with the most in ``zone`` goes where the card's data
    says (its supply unless a reading says otherwise), citing that reading."""
    counts = {c: n for c, n in s.zones[zone].items() if n > 0}
    top = max(counts.values(), default=0)
    rule = fx.rule or _card_rule(spec, card)
    for c in s.order:
        for _ in range(counts.get(c, 0) if counts.get(c) == top else 0):
            emit(s, out, E.AstronautRemoved(rule=rule, colour=c, zone=zone, to=fx.to,
                                            card=card))


def _distribute(
    spec: GameSpec, s: GameState, out: Out, zone: str,
    mod: tuple[str, C.DiscoveryEffect] | None,
) -> None:
    waiting = s.waiting[zone]
    if not waiting:
        return
    fx = mod[1] if mod else None
    if mod is not None and isinstance(fx, C.RemoveMajority):
        _remove_majority(spec, s, out, zone, mod[0], fx)
    counts = s.zones[zone]
    if fx is None:  # the common case, a plain majority (winners_of_zone, inlined; clockwise)
        most = max(counts.values(), default=0)
        leaders = [c for c in s.order if counts.get(c) == most] if most > 0 else []
        rule = ("production.empty" if not leaders else
                "production.majority" if len(leaders) == 1 else "production.tie")
    else:
        leaders, rule = winners_of_zone(counts, fx)
        leaders = [c for c in s.order if c in leaders]
    rules = rules_of(s)
    number = hot(spec).track_number[s.track_index]
    if not leaders:
        emit(s, out, E.TokensStayed(rules.scoring_rule(rule, number), zone,
                                    tuple(sorted(waiting.items())), rule))
        return
    k = len(leaders)
    rule = rules.scoring_rule(rule, number)
    for resource, n in sorted(waiting.items()):
        share = n if k == 1 else rules.tied_share(s, n, k)
        if share:
            for c in leaders:
                emit(s, out, E.TokensAwarded(rule, zone, c, resource, share))
    if waiting:
        rule = rules.leftover_rule(s, number)
        emit(s, out, E.TokensStayed(rule, zone, tuple(sorted(waiting.items())),
                                    rules.tie_reason))
