"""Phase III, Production, steps III-A to III-E, each number with the rule behind it."""

from __future__ import annotations

from mrp_tutor.games.first_martians.action_dice import MODEL
from mrp_tutor.games.first_martians.errors import FmError
from mrp_tutor.games.first_martians.events import (
    RoverBlocked,
    SampleDiscarded,
    SeedsChanged,
    ShutdownPlaced,
    Tallied,
    TokenPlaced,
)
from mrp_tutor.games.first_martians.intents import Produce
from mrp_tutor.games.first_martians.run import Run, active_conditions
from mrp_tutor.games.first_martians.state import FACE_DOWN, Facility


def _half_up(n: int) -> int:
    return (n + 1) // 2


def produce(r: Run, it: Produce) -> None:
    """III-A to III-E in order; a death (a food wound, a fight) fails the mission at once
    (winning.death), so no later step runs."""
    oxygen_energy(r, it)
    grow_or_wilt(r, it)
    food(r, it)
    if r.s.result is None:
        stress(r)
    if r.s.result is None:
        working_block(r, it)


def oxygen_energy(r: Run, it: Produce) -> None:
    """III-A: production against need; Shutdown tiles for what is missing; half the surplus
    (rounded up) to the General Supply.  A Shutdown producer produces nothing
    (``tutor.shutdown_no_production``)."""
    s = r.s
    for kind in ("oxygen", "energy"):
        producers = {f.id: (0 if f.shut else f.production) for f in s.facilities
                     if f.produces == kind}
        made = sum(producers.values())
        users = [f for f in s.facilities if f.uses(kind) and getattr(f, f"shutdown_{kind}") is None]
        need = len(users)
        facts = {"resource": kind, "produced": made, "need": need, "producers": producers,
                 "already_shut": [f.id for f in s.facilities
                                  if f.uses(kind) and getattr(f, f"shutdown_{kind}") is not None]}
        shut = [f.id for f in s.facilities if f.produces == kind and f.shut]
        if shut:
            facts["shut_producers"] = shut
        r.emit(Tallied(rule="tutor.shutdown_no_production" if shut else "production.a.need",
                       step="production.a", facts=facts))
        if made < need:
            _shutdowns(r, it, kind, need - made, users)
        elif made > need:
            r.supply(kind, _half_up(made - need), "production.a.surplus",
                     f"half of the {made - need} {kind} surplus, rounded up")


def _shutdowns(r: Run, it: Produce, kind: str, missing: int, users: list[Facility]) -> None:
    """A Shutdown tile per missing unit on a Facility the table names (a choice the
    rulebook leaves to the crew: ``tutor.shutdown_target``).  The tile goes face down: the
    table enters no face; only "roll for me" draws one (kept hidden)."""
    chosen = list(it.shutdowns.get(kind, []))  # type: ignore[call-overload]
    eligible = [f.id for f in users]
    for k, fid in enumerate(chosen):
        if fid not in eligible or fid in chosen[:k]:
            name = _name(r, fid)
            raise FmError("fm.shutdown_not_eligible", "production.a.one_tile",
                          f"{name} cannot take an {kind} Shutdown tile: it does not use {kind} "
                          "or already has one", {"facility": fid, "kind": kind})
    if len(chosen) > missing:
        raise FmError("fm.too_many_shutdowns", "production.a.shutdown",
                      f"{len(chosen)} {kind} Shutdown tiles named but only {missing} {kind} "
                      "is missing", {"kind": kind, "named": chosen, "missing": missing})
    stack = [t for t in getattr(r.board.shutdown_tiles, kind)
             if all(getattr(f, f"shutdown_{kind}") != t for f in r.s.facilities)]
    for k in range(missing):
        if not eligible:
            r.emit(Tallied(rule="tutor.shutdown_target", step="production.a.no_target",
                           facts={"resource": kind, "left": missing - k}))
            return
        if chosen:
            fid = chosen.pop(0)
        else:
            fid = r.draw("shutdown_target", eligible, "tutor.shutdown_target",
                         f"the Facility that takes the {kind} Shutdown tile"
                         + (f" ({k + 1} of {missing})" if missing > 1 else ""),
                         random_draw=False, labels=[_name(r, x) for x in eligible])
        if r.draws.has(f"shutdown_{kind}") or r.draws.roll_for_me:
            tile = r.draw(f"shutdown_{kind}", stack or [f"{kind}_replacement"],
                          "production.a.shutdown", f"a random {kind} Shutdown tile")
        else:
            tile = FACE_DOWN
        if tile in stack:
            stack.remove(tile)
        r.emit(ShutdownPlaced(rule="production.a.shutdown", facility=fid, kind=kind, tile=tile))
        eligible.remove(fid)


def _name(r: Run, fid: str) -> str:
    try:
        return r.s.facility(fid).name
    except KeyError:
        return repr(fid)


def grow_or_wilt(r: Run, it: Produce) -> None:
    """III-B: each Farm grows, wilts (at most once) or is spared by paying from supply."""
    farms = [f for f in r.s.facilities if f.farm is not None]
    for fid in it.pay_wilt:
        if fid not in [f.id for f in farms]:
            raise FmError("fm.not_a_farm", "production.b.pay", f"{_name(r, fid)} is not a Farm",
                          {"facility": fid})
    for f in farms:
        farm = f.farm
        assert farm is not None
        red = [p for p in ("oxygen", "energy") if f.red(p)]
        if f.shut:
            fresh = any(isinstance(e, ShutdownPlaced) and e.facility == f.id for e in r.events)
            if f.id in it.pay_wilt and not fresh:
                raise FmError("fm.shutdown_farm_wilts", "production.b.shutdown",
                              f"{f.name} is shut down: paying from the supply cannot stop its "
                              "wilting", {"facility": f.id})
            if f.id in it.pay_wilt:  # the crew chose to pay before its tile went on it
                r.emit(Tallied(rule="tutor.shutdown_same_phase", step="production.b.pay_void",
                               facts={"farm": f.id}))
            _wilt(r, f, "tutor.shutdown_same_phase" if fresh else "production.b.shutdown")
        elif red and f.id in it.pay_wilt:
            for p in red:
                r.pay(p, 1, "production.b.pay", f"stopping {f.name} from wilting")
            r.emit(SeedsChanged(rule="production.b.pay", farm=f.id, how="spared",
                                seeds=list(farm.seeds), plants=farm.plants))
        elif red:
            _wilt(r, f, "production.b.wilt")
        else:
            if f.id in it.pay_wilt:
                raise FmError("fm.nothing_to_pay", "production.b.pay",
                              f"{f.name} has green oxygen and energy statuses: it grows, there is "
                              "no wilting to pay for", {"facility": f.id})
            grown = sorted(x + 1 for x in farm.seeds if x < 6)
            new = sum(1 for x in farm.seeds if x == 6)
            r.emit(SeedsChanged(rule="production.b.grow", farm=f.id, how="grew", seeds=grown,
                                plants=farm.plants + new, new_plants=new))


def _wilt(r: Run, f: Facility, rule: str) -> None:
    farm = f.farm
    assert farm is not None
    seeds = sorted(x - 1 for x in farm.seeds if x > 1)
    lost = sum(1 for x in farm.seeds if x == 1)
    plants = farm.plants
    if plants:
        plants -= 1
        seeds.append(6)
    r.emit(SeedsChanged(rule=rule, farm=f.id, how="wilted", seeds=seeds, plants=plants,
                        lost=lost, new_plants=plants - farm.plants))


def food(r: Run, it: Produce) -> None:
    """III-C: plants feed astronauts; the supply makes up the rest; a wound per food still
    missing; half a surplus (rounded up) saved.  A Shutdown Farm's plants give no food
    (``tutor.shutdown_no_production``)."""
    s = r.s
    made = sum(f.farm.plants for f in s.facilities if f.farm is not None and not f.shut)
    alive = [a for a in s.astronauts if not a.dead]
    portions = {a.id: 2 if "anemia" in active_conditions(a) else 1 for a in alive}
    eaten = sum(portions.values())
    from_supply = min(max(0, eaten - made), s.supply["food"])
    missing = max(0, eaten - made) - from_supply
    facts: dict[str, object] = {"produced": made, "eaten": eaten, "from_supply": from_supply,
                                "missing": missing}
    shut = [f.id for f in s.facilities if f.farm is not None and f.shut and f.farm.plants]
    if shut:
        facts["shut_farms"] = shut
    r.emit(Tallied(rule="tutor.shutdown_no_production" if shut else "production.c.food",
                   step="production.c", facts=facts))
    if from_supply:
        r.supply("food", -from_supply, "production.c.supply",
                 f"{from_supply} food eaten from the General Supply")
    if made > eaten:
        r.supply("food", _half_up(made - eaten), "production.c.surplus",
                 f"half of the {made - eaten} food surplus, rounded up")
    if missing:
        _food_wounds(r, it, missing, portions)


def _food_wounds(r: Run, it: Produce, missing: int, portions: dict[str, int]) -> None:
    """A wound for each missing food.  An anemic astronaut's second food is the first to go
    uneaten, and its wound is that astronaut's (``tutor.anemia_wound``: the token says *you*
    take a wound for each uneaten food); every other food wound goes to the astronaut the
    crew chooses, the same one again if it likes (``production.c.supply``)."""
    ids = list(portions)
    k = ids.index(r.s.first_player) if r.s.first_player in ids else 0
    anemic = [a for a in ids[k:] + ids[:k] if portions[a] > 1]
    for aid in anemic[:missing]:
        r.wound(aid, 1, "the second food Anemia makes them eat, missing", "tutor.anemia_wound")
    left = missing - min(missing, len(anemic))
    named = list(it.food_wounds)
    for aid in named:
        if aid not in portions:
            raise FmError("fm.unknown_astronaut", "production.c.supply",
                          f"no living astronaut {aid!r} to take a food wound",
                          {"astronaut": aid})
    if len(named) > max(left, 1):
        raise FmError("fm.too_many_food_wounds", "production.c.supply",
                      f"{len(named)} astronauts named for food wounds but only {left} food "
                      "wound is the crew's to give", {"named": named, "missing": left})
    for j in range(left):
        alive = [a for a in ids if not r.s.astronaut(a).dead]
        if not alive or r.s.result is not None:  # a death failed the mission: ask no more
            return
        if named:
            aid = named[j % len(named)]
        else:  # the crew's choice (tutor.wound_choice): asked, never rolled for the table
            aid = r.draw("food_wound", alive, "production.c.supply",
                         "the astronaut who takes a wound for missing food"
                         + (f" ({j + 1} of {left})" if left > 1 else ""),
                         random_draw=False, labels=[r.s.astronaut(a).name for a in alive])
        r.wound(aid, 1, "missing food", "production.c.supply")


def stress(r: Run) -> None:
    """III-D: +1 per astronaut, +2 per Shutdown tile; a fight at 18."""
    s = r.s
    crew = sum(1 for a in s.astronauts if not a.dead)
    tiles = sum((f.shutdown_oxygen is not None) + (f.shutdown_energy is not None)
                for f in s.facilities)
    r.emit(Tallied(rule="production.d.stress", step="production.d", facts={
        "astronauts": crew, "shutdown_tiles": tiles, "gain": crew + 2 * tiles}))
    r.stress(crew + 2 * tiles, "production.d.stress",
             f"{crew} astronauts and {tiles} Shutdown tile{'' if tiles == 1 else 's'}")


def working_block(r: Run, it: Produce) -> None:
    """III-E: red hardware statuses of Working Block Facilities that are not Shutdown."""
    for f in r.s.facilities:
        if f.block != "working" or f.shut:
            continue
        for st in f.statuses:
            if st.part != "hardware" or not st.red:
                continue
            if st.penalty == "rover":
                face = r.draw("wound_die", r.board.dice.wound_die.faces, "production.e.rover",
                              f"the green Wound die for {f.name}", model=MODEL)
                if face == "wound":
                    r.emit(RoverBlocked(rule="production.e.rover", rover="froggy"))
            elif st.penalty == "sample":
                r.emit(SampleDiscarded(rule="production.e.sample",
                                       space=_sample_space(r, it)))
            elif st.penalty == "stress":
                r.stress(1, "production.e.stress", f"the red hardware status of {f.name}")
            elif st.penalty == "extra_pawn":
                r.emit(TokenPlaced(rule="production.e.extra_pawn", facility=f.id,
                                   token="extra_pawn"))


def _sample_space(r: Run, it: Produce) -> str | None:
    with_samples = [k for k, t in r.s.tiles.items() if t.samples > 0]
    if it.sample_from is not None:
        if it.sample_from not in with_samples:
            raise FmError("fm.no_sample_there", "production.e.sample",
                          f"there is no sample on map space {it.sample_from!r}",
                          {"space": it.sample_from})
        return it.sample_from
    return with_samples[0] if with_samples else None
