"""Phase IV: pawns placed on actions are checked, paid for and sorted into the action order.

Checked: pawns needed (1- or 2-pawn action, +1 per Extra Pawn token on the ! space, +1 per
Extra Pawn icon travelled through), one pawn short on a 2-pawn action means rolling dice,
rovers and AOM pawns, Shutdown Facilities, the Medic for Heal, each astronaut's pawns.
General Supply penalties are paid at declaring; the other penalties of each action
(travel icons and ! tokens, the same one only once) are only listed here: they are taken when
the action resolves (:mod:`.resolve`, ``costs.resolve``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import networkx as nx

from mrp_tutor.games.first_martians.errors import IllegalPlacement
from mrp_tutor.games.first_martians.events import ActionDeclared, Tallied
from mrp_tutor.games.first_martians.events_more import PawnsPlaced
from mrp_tutor.games.first_martians.intents import DeclareActions, Placement
from mrp_tutor.games.first_martians.run import Run
from mrp_tutor.games.first_martians.state import (
    AOMS_PER_ROUND_SOLO,
    Facility,
    HubState,
    active_conditions,
)
from mrp_tutor.games.first_martians.travel import map_graph, route


@dataclass(frozen=True, slots=True)
class ActionSpec:
    order: int
    pawns: int
    facility: str | None
    aom: str | None  # AOM colour that may join (None: untyped, any AOM)
    outside: bool  # may travel out of the HUB


ACTIONS: dict[str, ActionSpec] = {
    "event": ActionSpec(1, 1, None, None, False),
    "rest": ActionSpec(2, 1, "a_quiet_place", "-", False),
    "unwind": ActionSpec(3, 1, "crew_quarters", "gray", False),
    "heal": ActionSpec(4, 1, "med_lab", "blue", False),
    "manage": ActionSpec(5, 1, "control_center", "brown", False),
    "explore": ActionSpec(6, 2, "garage_hall", "green", True),
    "gather": ActionSpec(7, 2, "probe_bay", "gray", True),
    "research": ActionSpec(8, 2, "lab", "blue", True),
    "build": ActionSpec(9, 2, "working_bay", "brown", True),
    "remove_shutdown": ActionSpec(10, 1, None, None, False),
    "mission": ActionSpec(11, 1, None, None, True),
}
NO_DICE = ("event", "unwind", "heal", "manage", "rest", "remove_shutdown")
AOM_ACTION = {"green": "explore", "gray": "gather", "blue": "research", "brown": "build"}


@dataclass(slots=True)
class _Phase:
    """What the placements of one declaration have used so far."""

    used: dict[str, int] = field(default_factory=dict)
    off_heal: dict[str, int] = field(default_factory=dict)
    aoms: set[str] = field(default_factory=set)
    rovers: set[str] = field(default_factory=set)
    events: set[str] = field(default_factory=set)


def _words(action: str) -> str:
    return action.replace("_", " ")


def declare(r: Run, it: DeclareActions) -> None:
    """Every pawn of the Action Phase placed at once (once a phase), checked and General
    Supply costs paid; then the actions in the action order, each waiting to resolve
    (:func:`.resolve.resolve`) with the penalties it will take then."""
    s = r.s
    if s.actions_declared:
        raise IllegalPlacement("fm.actions_declared", "actions.no_more_pawns",
                               "the pawns of this Action Phase are already placed: pawns cannot "
                               "be placed or moved once the actions resolve", {})
    ph = _Phase()
    planned: list[tuple[int, int, ActionDeclared]] = []
    graph = map_graph(r.board, s)
    for k, p in enumerate(it.actions):
        where = f"action {k + 1} ({_words(p.action)})"
        planned.append((ACTIONS[p.action].order, k, _placement(r, p, ph, graph, where)))
    free = {a.id: a.pawns - ph.used.get(a.id, 0) for a in s.astronauts if not a.dead}
    if any(free.values()):
        r.emit(Tallied(rule="tutor.unused_pawns", step="actions.unused",
                       facts={k: v for k, v in free.items() if v}))
    r.emit(PawnsPlaced(rule="actions.order", actions=len(planned)))
    for _, _, ev in sorted(planned, key=lambda x: (x[0], x[1])):
        r.emit(ev)


def _crew(s: HubState, p: Placement, ph: _Phase, where: str) -> dict[str, int]:
    crew = {p.astronaut: p.pawns, **p.helpers}
    for aid, n in crew.items():
        try:
            a = s.astronaut(aid)
        except KeyError:
            raise IllegalPlacement("fm.unknown_astronaut", "actions.pawns",
                                   f"{where}: there is no astronaut {aid!r}",
                                   {"astronaut": aid}) from None
        if a.dead:
            raise IllegalPlacement("fm.astronaut_dead", "winning.death",
                                   f"{where}: {a.name} is dead", {"astronaut": aid})
        ph.used[aid] = ph.used.get(aid, 0) + n
        if ph.used[aid] > a.pawns:
            raise IllegalPlacement("fm.not_enough_pawns", "actions.pawns",
                                   f"{where}: {a.name} has only {a.pawns} action pawns",
                                   {"astronaut": aid, "placed": ph.used[aid]})
        if p.action != "heal" and "cardiac_disorder" in active_conditions(a):
            ph.off_heal[aid] = ph.off_heal.get(aid, 0) + n
            if ph.off_heal[aid] > a.pawns - 1:
                raise IllegalPlacement("fm.cardiac_pawn", "health.cardiac",
                                       f"{where}: {a.name} has Cardiac Disorder: one pawn can "
                                       "only take the Heal action", {"astronaut": aid})
    return crew


def _aoms(s: HubState, p: Placement, ph: _Phase, where: str) -> None:
    for colour in p.aom:
        if colour not in s.aoms:
            inplay = ", ".join(s.aoms) or "none"
            raise IllegalPlacement("fm.aom_not_in_play", "setup.aoms",
                                   f"{where}: the {colour} AOM is not in play (AOMs in play: "
                                   f"{inplay})", {"aom": colour, "aoms": list(s.aoms)})
        if colour in ph.aoms:
            raise IllegalPlacement("fm.aom_twice", "aom.icons",
                                   f"{where}: the {colour} AOM has only one pawn",
                                   {"aom": colour})
        ph.aoms.add(colour)
        if s.solo and len(ph.aoms) > AOMS_PER_ROUND_SOLO:
            raise IllegalPlacement("fm.aom_solo_limit", "setup.aoms",
                                   f"{where}: solo, only {AOMS_PER_ROUND_SOLO} AOMs are used "
                                   "each round", {"aoms": sorted(ph.aoms)})
        if ACTIONS[p.action].aom is not None and AOM_ACTION.get(colour) != p.action:
            raise IllegalPlacement("fm.aom_wrong_action", "aom.icons",
                                   f"{where}: the {colour} AOM cannot take a "
                                   f"{_words(p.action)} action",
                                   {"aom": colour, "action": p.action})


def _facility(s: HubState, p: Placement, crew: dict[str, int], where: str) -> Facility | None:
    spec = ACTIONS[p.action]
    fac = s.facility(spec.facility) if spec.facility else None
    if fac is not None and fac.shut:
        raise IllegalPlacement("fm.facility_shutdown", "shutdown.effects",
                               f"{where}: {fac.name} has a Shutdown tile; its action cannot "
                               "be taken", {"facility": fac.id})
    if fac is not None and fac.blocked:
        raise IllegalPlacement("fm.facility_blocked", "modifiers.blocked",
                               f"{where}: {fac.name} has a Blocked token; it cannot be used "
                               "this round", {"facility": fac.id})
    if p.action == "heal":
        medic = any(s.astronaut(a).medic for a in crew)
        scanner = len(s.astronauts) < 4 or (fac is not None and "auto_scanner" in fac.upgrades)
        if not medic and not scanner:
            raise IllegalPlacement("fm.heal_needs_medic", "heal.declare",
                                   f"{where}: Heal needs the Medic's pawn or the "
                                   "Auto-scanner", {})
    return fac


def _placement(r: Run, p: Placement, ph: _Phase, graph: nx.Graph,
               where: str) -> ActionDeclared:
    s = r.s
    spec = ACTIONS[p.action]
    crew = _crew(s, p, ph, where)
    _aoms(s, p, ph, where)
    if sum(crew.values()) + len(p.aom) == 0:
        raise IllegalPlacement("fm.no_pawn", "rovers.count" if p.rover else "actions.pawns",
                               f"{where}: at least one action pawn (an astronaut's or an "
                               "AOM's) goes on every action; a rover never acts alone", {})
    if p.action == "remove_shutdown":
        _shutdown_target(s, p, where)
    fac = _facility(s, p, crew, where)
    path: list[str] = []
    travel: list[str] = []
    extra = fac.settled.count("extra_pawn") if fac is not None else 0
    out_of_hub = spec.outside and p.target != "hub" and p.target in graph
    if p.action == "explore" or out_of_hub:
        rt = route(r.board, s, p.target, explore=p.action == "explore", graph=graph,
                   path=p.path)
        path, extra, travel = list(rt.path), extra + rt.extra_pawns, list(rt.penalties)
    elif p.action == "gather":
        raise IllegalPlacement("fm.gather_needs_tile", "gather.declare",
                               f"{where}: Gather targets a revealed ROI tile", {})
    elif p.path is not None:
        raise IllegalPlacement("fm.bad_path", "travel.path", f"{where}: a {_words(p.action)} "
                               "action in the HUB travels nowhere", {"path": list(p.path)})
    if p.action == "gather" and s.tiles[p.target].closed_to_gather(s.sol):
        raise IllegalPlacement("fm.gather_same_round", "gather.declare",
                               f"{where}: {s.tiles[p.target].name} was revealed during this "
                               "Action Phase, after the pawns were placed",
                               {"space": p.target})
    penalties = list(travel)
    if fac is not None:
        penalties += [t for t in fac.settled if t not in ("extra_pawn", "blocked")]
        if any(st.red and st.penalty == "success" for st in fac.statuses):
            penalties.append("success_die")
    if p.action in ("explore", "gather", "research", "build") and any(
            "concentration_difficulties" in active_conditions(s.astronaut(a)) for a in crew):
        penalties.append("adventure")  # health.condition; once per action (costs.once)
    base = _event_pawns(s, p, ph.events, where) if p.action == "event" else spec.pawns
    rover_pawns = _rover(r, p, out_of_hub, ph.rovers, where)
    if p.rover is not None:
        rv = s.rovers[p.rover]
        extra += rv.tokens.count("extra_pawn")
        penalties += [t for t in rv.tokens if t != "extra_pawn"]
    if p.action == "rest":
        penalties = _quiet_place(r, penalties)
    placed = sum(crew.values()) + len(p.aom) + rover_pawns
    dice = _pawns_needed(p, base, extra, placed, where)
    ev = ActionDeclared(rule="actions.dice" if dice else "actions.pawns", order=spec.order,
                        action=p.action, astronaut=p.astronaut, target=p.target,
                        pawns=placed, needed=base + extra, dice=dice, path=path,
                        penalties=sorted(set(penalties)), helpers=sorted(p.helpers),
                        rover=p.rover, travel_penalties=sorted(set(travel)),
                        path_names=[s.tiles[x].name if x in s.tiles else graph.nodes[x]["name"]
                                    for x in path])
    if fac is not None and p.action != "remove_shutdown":
        for part in ("oxygen", "energy"):
            if any(st.part == part and st.red and st.penalty == f"pay_{part}"
                   for st in fac.statuses):
                r.pay(part, 1, "costs.declare", f"{where} at {fac.name}")
    return ev


def _quiet_place(r: Run, penalties: list[str]) -> list[str]:
    """No game effect forces dice or Adventures in A Quiet Place (``rest.no_dice``)."""
    dropped = sorted({x for x in penalties if x in ("adventure", "success_die", "reroll")})
    if dropped:
        r.emit(Tallied(rule="rest.no_dice", step="rest.ignored", facts={"ignored": dropped}))
    return [x for x in penalties if x not in dropped]


def _pawns_needed(p: Placement, base: int, extra: int, placed: int, where: str) -> bool:
    """True when the action rolls dice (one pawn short on a 2-pawn action)."""
    needed = base + extra
    if placed >= needed:
        return False
    if placed == needed - 1 and base == 2 and p.action not in NO_DICE:
        return True
    rule = "tutor.one_pawn_extra" if base == 1 and extra else (
        "actions.no_dice" if base == 2 and p.action in NO_DICE else "actions.pawns")
    raise IllegalPlacement("fm.pawns_short", rule,
                           f"{where}: {placed} pawns placed, {needed} needed"
                           + (f" ({base} for the action, {extra} extra)" if extra else ""),
                           {"placed": placed, "needed": needed})


def _shutdown_target(s: HubState, p: Placement, where: str) -> None:
    f = next((f for f in s.facilities if f.id == p.target), None)
    if f is None or not f.shut:
        raise IllegalPlacement("fm.no_shutdown_tile", "shutdown.remove",
                               f"{where}: Remove Shutdown targets a Facility with a Shutdown "
                               f"tile; {f.name if f else repr(p.target)} has none",
                               {"target": p.target})


def _event_pawns(s: HubState, p: Placement, taken: set[str], where: str) -> int:
    """An Event action names a Mission Log event; one action per event; its pawns."""
    entry = next((e for e in s.mission_log if e.name == p.target), None)
    if entry is None:
        names = ", ".join(repr(e.name) for e in s.mission_log) or "none"
        raise IllegalPlacement("fm.no_such_event", "events.one_action",
                               f"{where}: {p.target!r} is not in the Mission Log (it holds "
                               f"{names})", {"event": p.target})
    if entry.name in taken:
        raise IllegalPlacement("fm.event_taken", "events.one_action",
                               f"{where}: {entry.name!r} already has an Event action this "
                               "round", {"event": entry.name})
    taken.add(entry.name)
    return entry.pawns


def _rover(r: Run, p: Placement, outside: bool, rovers: set[str], where: str) -> int:
    if p.rover is None:
        return 0
    rv = r.s.rovers[p.rover]
    name = p.rover.capitalize()
    if rv.blocked or rv.used or p.rover in rovers:
        raise IllegalPlacement("fm.rover_unavailable", "rovers.limits",
                               f"{where}: {name} is " + ("Blocked" if rv.blocked else
                                                         "already used this round"),
                               {"rover": p.rover})
    rovers.add(p.rover)
    garage = r.s.facility("garage_hall")
    if p.action == "explore" and any(st.red and st.penalty == "no_rover_explore"
                                     for st in garage.statuses):
        raise IllegalPlacement("fm.rover_cannot_explore", "rovers.limits",
                               f"{where}: a red CPU status in the Garage Hall stops rovers "
                               "from exploring", {"rover": p.rover})
    if p.rover == "froggy" and p.action == "explore":
        return 2
    if p.rover == "scorpio" and p.action in ("explore", "gather", "research", "build") \
            and (outside or p.action == "explore"):
        return 1
    why = (" (Froggy only joins Explore actions)" if p.rover == "froggy" else
           "" if p.action == "explore" else
           " in the HUB" if not outside and p.action in ("gather", "research", "build") else
           " (Scorpio joins Explore, Gather, Research and Build actions outside the HUB)")
    raise IllegalPlacement("fm.rover_not_allowed", "rovers.count",
                           f"{where}: {name} cannot join a {_words(p.action)} action{why}",
                           {"rover": p.rover, "action": p.action})
