"""Phase IV, resolving: the placed actions resolve one at a time, in the action order.

"When all pawns are placed, you resolve all actions in action order" (Phase IV. Actions):
every Event action before any Rest, ... untyped Mission actions last; actions of one step in
any order the table picks.  Resolving one action takes, in this order: its action dice (one
pawn short, or the Success die a red CPU status orders), its penalties other than General
Supply costs (those were paid when it was declared: ``costs.declare``; the others now,
``costs.resolve``, each kind once, ``costs.once``; travel icons under ``travel.penalties``),
then on a success its outcome (an Event action removes its event from the Mission Log, Rest
gives a Morale token, Unwind, Heal and Manage ask the table's choice, Gather moves a sample),
then a rover's green Wound die "at the end of the action".  Explore and Build ask their
outcome here, as the table sees it (:mod:`.outcomes`: the ROI tile drawn, by name or by what
is printed on it; the status or rover repaired).  Outcomes the table reads off cards (a
Facility card or Upgrade from the Mission sheet, the Shutdown tile flipped) are entered
afterwards as effects; :class:`ToResolve` ``enter`` names them.
"""

from __future__ import annotations

from dataclasses import dataclass

from mrp_tutor.games.first_martians.action_dice import MODEL, roll, rolls_dice
from mrp_tutor.games.first_martians.content import BLOCKS
from mrp_tutor.games.first_martians.effects import apply_effect
from mrp_tutor.games.first_martians.errors import FmError
from mrp_tutor.games.first_martians.events import MoraleTokens, RoverBlocked
from mrp_tutor.games.first_martians.events_more import ActionResolved, LogEventRemoved
from mrp_tutor.games.first_martians.intents import (
    AdvanceMalfunction,
    GatherSample,
    Heal,
    ResolveAction,
)
from mrp_tutor.games.first_martians.mission_log import label
from mrp_tutor.games.first_martians.outcomes import build, explore, remove_shutdown
from mrp_tutor.games.first_martians.run import Run
from mrp_tutor.games.first_martians.state import Declared, HubState

__all__ = ["ENTER", "ToResolve", "next_up", "pending", "resolve"]

ENTER: dict[str, tuple[str, ...]] = {
    "research": ("plant_seed", "cargo"),
    "mission": ("cargo",),
}
CHOICE = {"unwind": "unwind", "manage": "manage", "heal": "heal", "explore": "roi_tile",
          "build": "build_what", "remove_shutdown": "shutdown_cost"}


@dataclass(frozen=True, slots=True)
class ToResolve:
    """A placed action waiting to resolve, and what the table will be asked."""

    index: int
    order: int
    action: str
    astronaut: str
    helpers: tuple[str, ...]
    target: str
    target_name: str
    dice: bool
    success_die: bool
    penalties: tuple[str, ...]
    asks: tuple[str, ...]
    enter: tuple[str, ...]
    rule: str


def _target_name(s: HubState, d: Declared) -> str:
    if d.action == "event":
        e = next((e for e in s.mission_log if e.name == d.target), None)
        return label(e, s.sol) if e is not None else d.target
    if d.path_names:
        return d.path_names[-1]
    try:
        return s.facility(d.target).name
    except KeyError:
        return "the HUB" if d.target == "hub" else d.target.replace("_", " ")


def _asks(d: Declared) -> tuple[str, ...]:
    out: list[str] = []
    if rolls_dice(d):
        out.append("success_die")
        if d.dice:
            out += ["wound_die", "adventure_die"]
    if d.action in CHOICE:
        out.append(CHOICE[d.action])
    if "rover" in d.penalties and d.rover is not None:
        out.append("wound_die")
    return tuple(out)


def pending(s: HubState) -> tuple[ToResolve, ...]:
    """Every placed action not yet resolved, in the action order."""
    out = []
    for k, d in enumerate(s.declared):
        if d.resolved:
            continue
        out.append(ToResolve(
            k, d.order, d.action, d.astronaut, tuple(d.helpers), d.target,
            _target_name(s, d), d.dice, not d.dice and "success_die" in d.penalties,
            tuple(p for p in d.penalties if p not in ("success_die", "reroll")), _asks(d),
            ENTER.get(d.action, ()), "actions.order"))
    return tuple(sorted(out, key=lambda t: (t.order, t.index)))


def next_up(s: HubState) -> tuple[ToResolve, ...]:
    """The actions that may resolve now: those of the lowest action step still waiting."""
    left = pending(s)
    return tuple(t for t in left if t.order == left[0].order) if left else ()


def _pick(s: HubState, it: ResolveAction) -> int:
    if not s.actions_declared:
        raise FmError("fm.no_such_action", "actions.order", "no action is placed yet: place "
                      "every pawn first", {"declared": 0})
    if not s.declared:
        raise FmError("fm.no_such_action", "actions.order", "no action was placed this phase: "
                      "end the Action Phase", {"declared": 0})
    now = next_up(s)
    if not now:
        raise FmError("fm.action_resolved", "actions.same_step", "every placed action has "
                      "resolved: end the Action Phase", {"declared": len(s.declared)})
    k = it.action if it.action is not None else now[0].index
    if not 0 <= k < len(s.declared):
        raise FmError("fm.no_such_action", "actions.order", "no placed action has that number",
                      {"action": k, "declared": len(s.declared)})
    d = s.declared[k]
    if d.resolved:
        raise FmError("fm.action_resolved", "actions.order", f"{d.astronaut.capitalize()}'s "
                      f"{d.action.replace('_', ' ')} has already resolved", {"action": k})
    if all(t.index != k for t in now):
        first = now[0]
        raise FmError("fm.resolve_order", "actions.order",
                      f"{d.action.replace('_', ' ')} is step {d.order} of the action order; "
                      f"step {first.order} ({first.action.replace('_', ' ')}) resolves first",
                      {"action": k, "next": [t.index for t in now]})
    return k


def _penalties(r: Run, d: Declared) -> bool:
    """Wound and Morale penalties as the action resolves (each kind once); True when an
    Adventure is to be resolved in the app."""
    act = d.action.replace("_", " ")
    for pen in d.penalties:
        rule = "travel.penalties" if pen in d.travel_penalties else "costs.resolve"
        if pen == "wound":
            r.wound(d.astronaut, 1, f"a wound penalty on the {act} action", rule)
        elif pen == "morale":
            r.morale(-1, rule)
        if r.s.result is not None:
            break
    return "adventure" in d.penalties


def _heal(r: Run, d: Declared) -> str:
    """Heal: the astronaut whose pawn is under the Medic's is healed ("The Medic takes the
    action to heal you"); the Medic alone, or anyone alone with the Auto-scanner, heals
    themself (heal.declare).  The table chooses a wound or a Condition (heal.resolve)."""
    crew = [r.s.astronaut(a) for a in (d.helpers or [d.astronaut])]
    sick = [a for a in crew if not a.dead and (a.wounds or a.conditions)]
    if not sick:
        return f"{' or '.join(a.name for a in crew)} has no wound or Condition to heal"
    who = sick[0]
    if len(sick) > 1:
        aid = r.draw("heal_patient", [a.id for a in sick], "heal.resolve", "who is healed",
                     random_draw=False, labels=[a.name for a in sick])
        who = r.s.astronaut(aid)
    options = (["wound"] if who.wounds else []) + list(who.conditions)
    what = r.draw("heal", options, "heal.resolve", f"what {who.name} heals",
                  random_draw=False, labels=[x.replace("_", " ") for x in options])
    apply_effect(r, Heal(astronaut=who.id, condition=None if what == "wound" else what,
                         rule="heal.resolve"))
    return f"{who.name} heals " + ("a wound" if what == "wound" else what.replace("_", " "))


def _outcome(r: Run, d: Declared) -> tuple[str, list[str]]:
    """What a successful action does, and what the table still enters afterwards."""
    if d.action == "build":
        return build(r, d)
    if d.action == "explore":
        return explore(r, d), []
    if d.action == "remove_shutdown":
        return remove_shutdown(r, d), []
    return _simple(r, d), list(ENTER.get(d.action, ()))


def _simple(r: Run, d: Declared) -> str:
    s = r.s
    a = s.astronaut(d.astronaut)
    if d.action == "event":
        if all(e.name != d.target for e in s.mission_log):
            return "the event had already left the Mission Log: nothing to resolve"
        r.emit(LogEventRemoved(rule="events.resolve", name=d.target, why="resolved",
                               by=d.astronaut))
        return "the event's effects are entered from the app"
    if d.action == "rest":
        r.emit(MoraleTokens(rule="rest.resolve", astronaut=a.id, delta=1,
                            value=a.morale_tokens + 1))
        return f"{a.name} gains a Morale token"
    if d.action == "unwind":
        how = r.draw("unwind", ["morale", "stress"], "unwind.limits", "what the Unwind does",
                     random_draw=False, labels=["Morale +1", "Stress -6"])
        if how == "morale":
            r.morale(1, "unwind.limits")
            return "Morale +1"
        r.stress(-6, "unwind.limits", "Unwind")
        return "Stress -6"
    if d.action == "manage":
        blocks = [b for b in BLOCKS if s.malfunction[b] > 0]
        if not blocks:
            return "every Malfunction track is at 0: nothing to lower"
        b = r.draw("manage", blocks, "manage.limits", "the Malfunction track Manage lowers",
                   random_draw=False, labels=[f"{x.capitalize()} Block" for x in blocks])
        apply_effect(r, AdvanceMalfunction(block=b, by=-1, rule="manage.limits"))
        return f"the {b.capitalize()} Block's track -1"
    if d.action == "heal":
        return _heal(r, d)
    if d.action == "gather":
        tile = s.tiles.get(d.target)
        if tile is None or tile.samples < 1:
            return "no sample is left on the tile: nothing to gather"
        apply_effect(r, GatherSample(space=d.target, rule="gather.resolve"))
        return "one sample goes to the Cargo Bay's Pending area"
    return ""


def resolve(r: Run, it: ResolveAction) -> None:
    """Resolve the placed action ``it.action`` (or the next one); see the module docstring."""
    k = _pick(r.s, it)
    d = r.s.declared[k]
    success, adventure = roll(r, k) if rolls_dice(d) else (True, False)
    if r.s.result is None:  # a Wound die that kills ends the mission at once
        adventure = _penalties(r, d) or adventure
    if r.s.result is not None:
        r.emit(ActionResolved(rule="actions.order", index=k, action=d.action,
                              astronaut=d.astronaut, success=False,
                              outcome="the mission is over"))
        return
    outcome, enter = _outcome(r, d) if success else (
        "the action fails: nothing of it happens", [])
    if "rover" in d.penalties and d.rover is not None:
        rule = "travel.penalties" if "rover" in d.travel_penalties else "costs.resolve"
        face = r.draw("wound_die", r.board.dice.wound_die.faces, rule,
                      f"the green Wound die for {d.rover.capitalize()}", model=MODEL)
        if face == "wound":
            r.emit(RoverBlocked(rule=rule, rover=d.rover))
    r.emit(ActionResolved(rule="actions.order", index=k, action=d.action,
                          astronaut=d.astronaut, success=success, outcome=outcome,
                          enter=enter,
                          adventure=adventure))
