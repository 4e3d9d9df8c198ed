"""The round checklist: the six phases, where the table is, and what it must do now.

:func:`checklist` reads a :class:`~.hub_table.Table` (its state and its log since the phase
began) and returns rows a panel shows as they are: a sentence and a rule id per thing to
do, the intent types that do it, and whether it is done.  The round stops at its end:
after Clean-Up the phase is ``round_end`` and the only step is starting the next sol.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from mrp_tutor.games.first_martians.content import BLOCKS
from mrp_tutor.games.first_martians.events import Event
from mrp_tutor.games.first_martians.explain import ENTER_WORDS, action_name
from mrp_tutor.games.first_martians.hub_table import Table
from mrp_tutor.games.first_martians.resolve import ENTER, next_up
from mrp_tutor.games.first_martians.state import PHASES, HubState

__all__ = ["Checklist", "PhaseRow", "Todo", "checklist"]

TITLES = {"events": "I. Events", "morale": "II. Morale", "production": "III. Production",
          "actions": "IV. Actions", "malfunction": "V. Malfunction", "cleanup": "VI. Clean-Up"}
PHASE_RULES = {"events": "events.mission_event", "morale": "morale.first_player",
               "production": "production.a.need", "actions": "actions.order",
               "malfunction": "malfunction.dice", "cleanup": "cleanup.victory"}


@dataclass(frozen=True, slots=True)
class PhaseRow:
    phase: str
    title: str
    status: Literal["done", "now", "todo"]
    rule: str


@dataclass(frozen=True, slots=True)
class Todo:
    id: str
    text: str
    rule: str
    intent_types: tuple[str, ...]
    required: bool = True
    done: bool = False


@dataclass(frozen=True, slots=True)
class Checklist:
    sol: int
    phase: str
    round_over: bool
    result: str | None
    phases: tuple[PhaseRow, ...]
    now: tuple[Todo, ...]
    next_intent: dict[str, Any] | None  # the intent that closes this phase, when no input


def _since_phase(log: list[Event]) -> list[Event]:
    for k in range(len(log) - 1, -1, -1):
        if log[k].type == "phase_started":
            return log[k + 1:]
    return list(log)


def _last_phase(log: list[Event], phase: str) -> list[Event]:
    """The events from the start of the last ``phase`` to the next phase start."""
    start = None
    for k in range(len(log) - 1, -1, -1):
        if log[k].type == "phase_started" and getattr(log[k], "phase", "") == phase:
            start = k
            break
    if start is None:
        return []
    out: list[Event] = []
    for e in log[start + 1:]:
        if e.type == "phase_started":
            break
        out.append(e)
    return out


def _events(s: HubState, done: set[str]) -> list[Todo]:
    out = [Todo("malfunction_track", "Raise the Malfunction track the app names by 1.",
                "events.malfunction_track", ("advance_malfunction",),
                done="malfunction_advanced" in done),
           Todo("mission_event", "Enter the Mission Event's effects (supply, tracks, markers, "
                "wounds) and put it in the Mission Log if it leaves an Event action.",
                "events.mission_event", ("change_supply", "change_morale", "change_stress",
                                         "wound", "place_token", "break_status",
                                         "add_log_event"), required=False,
                done=bool(done & {"log_event_added", "supply_changed", "morale_moved",
                                  "stress_moved", "wounded", "token_placed",
                                  "status_broken"}))]
    if s.mission_log:
        out.append(Todo("delayed", "If the app resolves a logged event's Delayed "
                        "Consequences, enter them and remove it from the Mission Log.",
                        "events.delayed", ("remove_log_event",), required=False,
                        done="log_event_removed" in done))
    out.append(Todo("end", "When the app's Events phase is done, go on to Morale.",
                    "round.phases", ("end_events",)))
    return out


def _production(s: HubState) -> list[Todo]:
    out = []
    for kind in ("oxygen", "energy"):
        made = sum(0 if f.shut else f.production for f in s.facilities if f.produces == kind)
        need = sum(1 for f in s.facilities
                   if f.uses(kind) and getattr(f, f"shutdown_{kind}") is None)
        if made < need:
            out.append(Todo(f"shutdown_{kind}", f"III-A: {made} {kind} for {need} Facilities: "
                            f"choose {need - made} Facilit{'y' if need - made == 1 else 'ies'} "
                            f"for face-down {kind} Shutdown tiles.", "production.a.shutdown",
                            ("produce",)))
    for f in s.facilities:
        if f.farm is not None and not f.shut and (f.red("oxygen") or f.red("energy")):
            out.append(Todo(f"wilt_{f.id}", f"III-B: {f.name} has a red oxygen or energy "
                            "status: pay from the General Supply to stop it wilting, or let "
                            "it wilt.", "production.b.pay", ("produce",), required=False))
    out.append(Todo("produce", "Produce: oxygen and energy, seeds, food, Stress, the Working "
                    "Block's red hardware statuses (III-A to III-E).", "production.a.need",
                    ("produce",)))
    return out


OUTCOMES = ("heal", "morale_tokens", "change_morale", "change_stress", "advance_malfunction",
            "reveal_tile", "gather_sample", "plant_seed", "repair_status", "repair_rover",
            "clear_shutdown", "change_production", "cargo", "add_facility", "wound")


def _place_name(table: Table, target: str) -> str:
    for sp in table.board.spaces:
        if sp.id == target:
            return sp.name
    for f in table.state.facilities:
        if f.id == target:
            return f.name
    return target


def _actions(table: Table) -> list[Todo]:
    """Placing, then each placed action in the action order (resolve_action), then what the
    table enters after a success (the ROI tile drawn ...), then the end of the phase."""
    s = table.state
    if not s.actions_declared:
        aoms = f" (AOMs in play: {', '.join(s.aoms)})" if s.aoms else ""
        return [Todo("place", f"Place every action pawn{aoms}; once placed, no pawn moves.",
                     "actions.order", ("declare_actions",))]
    out = []
    now = {t.index for t in next_up(s)}
    for k, d in sorted(enumerate(s.declared), key=lambda x: (x[1].order, x[0])):
        rolls = d.dice or "success_die" in d.penalties
        dice = (": roll its action dice and enter what they show" if d.dice else
                ": roll its Success die (red CPU status) and enter it" if rolls else "")
        choice = {"unwind": "; choose Morale +1 or Stress -6", "manage": "; choose the track "
                  "to lower", "heal": "; choose what is healed"}.get(d.action, "")
        where = "" if d.target == "hub" else f" ({_place_name(table, d.target)})"
        first = " (now)" if k in now else ""
        out.append(Todo(f"resolve_{k}", f"Step {d.order}{first}: resolve "
                        f"{d.astronaut.capitalize()}'s {action_name(d.action)}{where}"
                        f"{dice}{choice}.", "actions.dice" if rolls else "actions.order",
                        ("resolve_action",), done=d.resolved))
        if d.resolved and d.success and ENTER.get(d.action):
            out.append(Todo(f"enter_{k}", f"Enter the result of {d.astronaut.capitalize()}'s "
                            f"{d.action.replace('_', ' ')} (" + " or ".join(
                                ENTER_WORDS.get(x, x) for x in ENTER[d.action]) + ").",
                            "actions.order", ENTER[d.action] + OUTCOMES, required=False))
    out.append(Todo("end", "Every action resolved: end the Action Phase.", "actions.same_step",
                    ("end_actions",)))
    return out


def _next_action(s: HubState) -> dict[str, Any] | None:
    """The intent that moves the Action Phase on when it needs no table input."""
    if not s.actions_declared:
        return None
    up = next_up(s)
    if not up:
        return {"type": "end_actions"}
    return {"type": "resolve_action", "action": up[0].index} if not up[0].asks else None


def _malfunction(s: HubState) -> list[Todo]:
    rolling = [b for b in BLOCKS if s.box[b] == "red"]
    dice = (f"Roll the Malfunction dice of the red Box lines ({', '.join(rolling)}) and "
            "enter their faces" if rolling else "No Box line is red: no die rolls unless "
            "the Mission sheet orders one")
    return [Todo("roll", f"{dice}; red Malfunction penalties add to their tracks.",
                 "malfunction.dice", ("roll_malfunction",))]


def _pending_cards(log: list[Event]) -> list[Todo]:
    """A to-do per Malfunction card drawn; the k-th ticks once k card effects are entered
    in Clean-Up (a Complication's red status, a wound, a supply change or a token)."""
    hits = [e for e in _last_phase(log, "malfunction") if e.type == "malfunction_occurred"]
    entered = sum(1 for e in _since_phase(log) if e.type in (
        "status_broken", "wounded", "supply_changed", "token_placed"))
    return [Todo(f"card_{getattr(e, 'block', '')}", f"Draw a {getattr(e, 'block', '')} Block "
                 "Malfunction card and enter its effect (a Complication turns a status red).",
                 "malfunction.resolve", ("break_status", "wound", "change_supply",
                                         "place_token"), required=False, done=entered > k)
            for k, e in enumerate(hits)]


def checklist(table: Table) -> Checklist:
    """Where the table is in the round and what it must do now."""
    s = table.state
    phase = s.phase
    k = PHASES.index(phase) if phase in PHASES else len(PHASES)
    rows = tuple(PhaseRow(p, TITLES[p], "done" if j < k else "now" if j == k else "todo",
                          PHASE_RULES[p]) for j, p in enumerate(PHASES))
    done = {e.type for e in _since_phase(table.log)}
    nxt: dict[str, Any] | None = None
    if s.result is not None:
        now: list[Todo] = []
    elif phase == "events":
        now, nxt = _events(s, done), {"type": "end_events"}
    elif phase == "morale":
        m = s.morale
        verb = f"gains {m}" if m > 0 else f"discards {-m}" if m < 0 else "neither gains nor loses"
        now = [Todo("morale", f"The First Player ({s.astronaut(s.first_player).name}) {verb} "
                    "Morale tokens (a wound for each token they lack).", "morale.first_player",
                    ("resolve_morale",))]
        nxt = {"type": "resolve_morale"}
    elif phase == "production":
        now, nxt = _production(s), {"type": "produce"}
    elif phase == "actions":
        now = _actions(table)
        nxt = _next_action(s)
    elif phase == "malfunction":
        now, nxt = _malfunction(s), {"type": "roll_malfunction"}
    elif phase == "cleanup":
        now = [*_pending_cards(table.log),
               Todo("victory", "Check victory: are the mandatory goals done, and is the crew "
                    "not below the Threshold? Then clean up.", "cleanup.victory",
                    ("clean_up",))]
        nxt = {"type": "clean_up"}
    else:
        now = [Todo("start", f"Sol {s.sol - 1} is over. Start sol {s.sol} when the table is "
                    "ready.", "cleanup.sol", ("start_sol",))]
        nxt = {"type": "start_sol"}
    return Checklist(s.sol, phase, phase == "round_end", s.result, rows, tuple(now), nxt)
