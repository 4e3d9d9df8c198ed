"""Which choices are legal now: what a panel offers as taps (pure; nothing changes).

:func:`legal` lists, for the table's position, the intents the phase accepts, the actions
that can be taken (with the sentence and rule of why not), the AOMs, rovers, Mission Log
events, Shutdown targets and travel destinations; :func:`travel_options` lists the paths
to one destination with the pawns each needs; :func:`check` dry-runs any intent and returns
the refusal it would get (``None``: accepted).  Everything here is derived from the same
rules :func:`.phases.play` applies, so a tap offered as legal is accepted.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import networkx as nx

from mrp_tutor.games.first_martians.actions import ACTIONS, AOM_ACTION
from mrp_tutor.games.first_martians.content import Board
from mrp_tutor.games.first_martians.errors import FmError
from mrp_tutor.games.first_martians.intents import EFFECTS, Intent
from mrp_tutor.games.first_martians.mission_log import label
from mrp_tutor.games.first_martians.phases import play
from mrp_tutor.games.first_martians.resolve import ToResolve, next_up
from mrp_tutor.games.first_martians.state import AOMS_PER_ROUND_SOLO, HubState, active_conditions
from mrp_tutor.games.first_martians.travel import PathOption, map_graph, paths

__all__ = ["ActionRow", "AstronautRow", "Legal", "TravelOption", "check", "legal",
           "travel_options"]

PHASE_INTENTS: dict[str, tuple[str, ...]] = {
    "events": ("end_events",), "morale": ("resolve_morale",), "production": ("produce",),
    "actions": ("declare_actions", "resolve_action", "roll_action_dice", "end_actions",
                "roll_malfunction"),
    "malfunction": ("roll_malfunction",), "cleanup": ("clean_up",),
    "round_end": ("start_sol",)}


@dataclass(frozen=True, slots=True)
class AstronautRow:
    id: str
    name: str
    pawns: int
    medic: bool
    dead: bool
    conditions: tuple[str, ...]  # held
    active: tuple[str, ...]  # whose penalties apply now (health.condition_timing)
    morale_tokens: int
    wounds: int


@dataclass(frozen=True, slots=True)
class ActionRow:
    action: str
    order: int
    pawns: int
    facility: str | None
    open: bool
    why_not: str | None  # a sentence, when closed
    rule: str | None  # the rule that closes it
    outside: bool  # travels out of the HUB


@dataclass(frozen=True, slots=True)
class TravelOption:
    option: PathOption
    pawns_needed: int  # the action's pawns + Extra Pawn icons + Extra Pawn tokens


@dataclass(frozen=True, slots=True)
class Legal:
    phase: str
    intent_types: tuple[str, ...]
    astronauts: tuple[AstronautRow, ...]
    actions: tuple[ActionRow, ...]
    aoms: tuple[str, ...]
    aoms_per_round: int
    rovers: tuple[str, ...]
    log_events: tuple[str, ...]
    shutdown_targets: dict[str, tuple[str, ...]]
    destinations: dict[str, tuple[str, ...]]  # action -> map spaces it may target
    log_entries: tuple[tuple[str, str], ...] = ()  # (name, label in words) per log entry
    tile_spaces: tuple[str, ...] = ()  # unrevealed spaces an effect may put an ROI tile on
    to_resolve: tuple[ToResolve, ...] = ()  # the placed actions that may resolve now
    nowhere: dict[str, tuple[str, str]] = field(default_factory=dict)  # action -> (why, rule)


def check(state: HubState, it: Intent, board: Board | None = None) -> FmError | None:
    """The refusal ``it`` would get now, or None.  An :class:`~.errors.InputNeeded` means
    legal so far but the table still has to enter a roll, draw or choice."""
    try:
        play(state, it, board)
    except FmError as err:
        return err
    return None


def _action_row(s: HubState, action: str) -> ActionRow:
    spec = ACTIONS[action]
    fac = s.facility(spec.facility) if spec.facility else None
    why: tuple[str, str] | None = None
    if fac is not None and fac.shut:
        why = (f"{fac.name} has a Shutdown tile: its action cannot be taken", "shutdown.effects")
    elif fac is not None and fac.blocked:
        why = (f"{fac.name} has a Blocked token: it cannot be used", "modifiers.blocked")
    elif action == "heal" and len(s.astronauts) >= 4 and "auto_scanner" not in (
            fac.upgrades if fac else []) and not any(a.medic and not a.dead
                                                     for a in s.astronauts):
        why = ("Heal needs the Medic or the Auto-scanner", "heal.declare")
    elif action == "event" and not s.mission_log:
        why = ("the Mission Log holds no event", "events.one_action")
    elif action == "remove_shutdown" and not any(f.shut for f in s.facilities):
        why = ("no Facility has a Shutdown tile", "shutdown.remove")
    elif action == "gather" and not any(t.samples for t in s.tiles.values()):
        why = ("no revealed ROI holds a sample", "gather.declare")
    return ActionRow(action, spec.order, spec.pawns, spec.facility, why is None,
                     why[0] if why else None, why[1] if why else None, spec.outside)


def _destinations(board: Board, s: HubState, g: nx.Graph) -> dict[str, tuple[str, ...]]:
    revealed = {n for n, d in g.nodes(data=True) if d["revealed"]}
    explore = sorted(n for n, d in g.nodes(data=True) if not d["revealed"] and d["explorable"]
                     and any(m in revealed for m in g.neighbors(n)))
    tiles = sorted(n for n in s.tiles)
    gather = [n for n in tiles if s.tiles[n].samples > 0
              and not s.tiles[n].closed_to_gather(s.sol)]
    out = {"explore": explore, "gather": gather, "research": tiles, "build": tiles,
           "mission": tiles}
    reach: dict[str, tuple[str, ...]] = {}
    for action, spaces in out.items():
        ok = []
        for sp in spaces:
            try:
                paths(board, s, sp, explore=action == "explore", graph=g, limit=1)
            except FmError:
                continue
            ok.append(sp)
        reach[action] = tuple(ok)
    return reach


def _nowhere(s: HubState, reach: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, str]]:
    """Why an action outside the HUB has no map space to go to: (sentence, rule)."""
    why: dict[str, tuple[str, str]] = {}
    if not reach["gather"]:
        held = [t for t in s.tiles.values() if t.samples > 0]
        closed = [t.name for t in held if t.closed_to_gather(s.sol)]
        if not held:
            why["gather"] = ("no revealed ROI tile holds a sample or token to gather",
                             "gather.declare")
        elif len(closed) == len(held):
            why["gather"] = (f"{', '.join(closed)} {'was' if len(closed) == 1 else 'were'} "
                             "revealed during this Action Phase, after the pawns were placed: "
                             "no Gather there until next sol", "gather.declare")
        else:
            why["gather"] = ("no path through revealed tiles reaches a tile with a sample",
                             "travel.path")
    if not reach["explore"]:
        why["explore"] = ("no unrevealed space next to a revealed tile can be explored",
                          "travel.unrevealed")
    for action in ("research", "build", "mission"):
        if not reach[action]:
            why[action] = ("no ROI tile is revealed yet", "travel.path")
    return why


def legal(state: HubState, board: Board) -> Legal:
    """The legal choices of the table's position (see the module docstring)."""
    s = state
    over = s.result is not None
    types: tuple[str, ...] = ()
    if not over:
        types = (*PHASE_INTENTS.get(s.phase, ()), *EFFECTS, "set_aoms", "set_medic")
        if s.phase == "actions" and s.actions_declared:
            types = tuple(t for t in types if t != "declare_actions")
        elif s.phase == "actions":
            types = tuple(t for t in types if t not in ("resolve_action", "roll_action_dice"))
    crew = tuple(AstronautRow(a.id, a.name, a.pawns, a.medic, a.dead, tuple(a.conditions),
                              tuple(active_conditions(a)), a.morale_tokens, a.wounds)
                 for a in s.astronauts)
    users = {k: tuple(f.id for f in s.facilities
                      if f.uses(k) and getattr(f, f"shutdown_{k}") is None)
             for k in ("oxygen", "energy")}
    g = map_graph(board, s)
    reach = _destinations(board, s, g)
    return Legal(
        phase=s.phase, intent_types=types, astronauts=crew,
        actions=tuple(_action_row(s, a) for a in ACTIONS),
        aoms=tuple(s.aoms), aoms_per_round=AOMS_PER_ROUND_SOLO if s.solo else len(s.aoms),
        rovers=tuple(r for r, rv in s.rovers.items() if not rv.blocked and not rv.used),
        log_events=tuple(e.name for e in s.mission_log), shutdown_targets=users,
        destinations=reach, nowhere=_nowhere(s, reach),
        log_entries=tuple((e.name, label(e, s.sol)) for e in s.mission_log),
        tile_spaces=tuple(sp.id for sp in board.spaces
                          if sp.id != "hub" and sp.id not in s.tiles),
        to_resolve=next_up(s) if s.phase == "actions" else ())


def aoms_for(action: str, aoms: tuple[str, ...]) -> tuple[str, ...]:
    """The AOMs in play that may join ``action`` (their icon's action, or any untyped one)."""
    spec = ACTIONS[action]
    if spec.aom is None:
        return aoms
    return tuple(c for c in aoms if AOM_ACTION.get(c) == action)


def travel_options(state: HubState, board: Board, action: str, dest: str,
                   limit: int = 12) -> list[TravelOption]:
    """The legal paths for ``action`` to ``dest``, cheapest first, each with the pawns the
    action then needs (its own, the Extra Pawn icons travelled through and the Extra Pawn
    tokens on its Facility's ! space).

    Raises:
        FmError: as :func:`.travel.paths` (``fm.no_path``, ``fm.not_revealed``, ...).
    """
    spec = ACTIONS[action]
    fac = state.facility(spec.facility) if spec.facility else None
    tokens = fac.settled.count("extra_pawn") if fac is not None else 0
    opts = paths(board, state, dest, explore=action == "explore", limit=limit)
    return [TravelOption(o, spec.pawns + o.extra_pawns + tokens) for o in opts]
