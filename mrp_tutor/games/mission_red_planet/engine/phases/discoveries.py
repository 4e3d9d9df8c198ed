"""Discoveries: assigning a drawn discovery to a zone, and the reveal phase."""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import (
    Fact,
    Out,
    clockwise_from,
    emit,
    flip,
    free_discovery_zones,
    tokens_left,
)
from mrp_tutor.games.mission_red_planet.engine.rng import shuffled
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState


def assign_options(spec: GameSpec, s: GameState, c: str) -> list[I.Intent]:
    """The zones a drawn discovery may go to."""
    return [I.AssignDiscovery(c, z) for z in free_discovery_zones(spec, s)]


def assign(s: GameState, it: I.AssignDiscovery, out: Out) -> None:
    """Put the drawn discovery face down in a zone."""
    emit(s, out, E.DiscoveryAssigned(rule="discoveries.assign", colour=it.colour,
                                     card=s.held or "", zone=it.zone))


def diagnose_assign(spec: GameSpec, it: I.AssignDiscovery) -> Fact:
    """Why a discovery may not go to that zone."""
    if it.zone not in spec.outer:
        rule = "phobos.no_discovery" if it.zone == spec.moon else "discoveries.allowed_zones"
        return ("discovery_zone_forbidden", rule,
                f"discoveries cannot be assigned to {it.zone}", {"zone": it.zone})
    return ("discovery_zone_taken", "discoveries.one_per_zone",
            f"{it.zone} already has a discovery", {"zone": it.zone})


def reveal_discoveries(spec: GameSpec, s: GameState, out: Out) -> None:
    """Turn every discovery face up and run the reveal effects (scatters are queued)."""
    emit(s, out, E.DiscoveriesRevealed(rule="discoveries.reveal_phase",
                                       cards=tuple(sorted(s.discoveries.items()))))
    items: list[tuple[str, ...]] = []
    for zone in spec.zones:
        card = s.discoveries.get(zone)
        if card is None or spec.discoveries[card].phase != "reveal":
            continue
        fx = spec.discoveries[card].effect
        if isinstance(fx, C.RemoveEachPlayer):
            for c in clockwise_from(s, s.first):
                for _ in range(min(fx.count, s.zones[zone].get(c, 0))):
                    emit(s, out, E.AstronautRemoved(
                        rule="discoveries.native_resistance.supply", colour=c, zone=zone,
                        to="supply", card=card))
        elif isinstance(fx, C.PullDocked):
            for sid in s.docked():
                crew = tuple(sorted(s.ships[sid].crew.items()))
                if crew:
                    emit(s, out, E.AstronautsUnloaded(rule="discoveries.effect", ship=sid,
                                                      zone=zone, crew=crew, card=card))
                    flip(s, out, zone, "round.land.flip")
        elif isinstance(fx, C.ReplaceResource):
            _replace_resource(spec, s, out, zone, card)
        elif isinstance(fx, C.ScatterToAdjacent):
            items.extend(("scatter", c, card, zone) for c in clockwise_from(s, s.first)
                         if s.zones[zone].get(c))
    emit(s, out, E.StageChanged(rule="discoveries.timing", stage="reveal_work"))
    if items:
        emit(s, out, E.WorkQueued(rule="discoveries.effect", items=tuple(items)))


def _replace_resource(spec: GameSpec, s: GameState, out: Out, zone: str, card: str) -> None:
    """Draw a new resource token for ``zone`` from those not on the board; exchange the point
    tokens waiting there for the new type, as far as the supply allows."""
    pool = {str(r): n for r, n in spec.content.game.resource_tokens.items()}
    for r in [*s.resources.values(), *([s.spare_resource] if s.spare_resource else [])]:
        pool[r] -= 1  # the spare token set aside at setup is not in the draw either
    tokens = [r for r, n in sorted(pool.items()) for _ in range(n)]
    if not tokens:
        return
    new = shuffled(s, tokens)[0]
    before = s.waiting[zone]
    total = sum(before.values())
    have = min(s.token_supply[new] + before.get(new, 0), tokens_left(spec, s, new) + total)
    after = ((new, min(total, have)),) if total else ()
    emit(s, out, E.ResourceReplaced(
        rule=spec.discoveries[card].rule or "discoveries.effect", zone=zone,
        old=s.resources[zone], new=new, card=card,
        waiting_before=tuple(sorted(before.items())), waiting_after=after))
