"""The Mission Log as the rulebook describes it (Phase I. Events; The Actions › 1. Events).

The companion app shows one Mission Event each round; it then waits in the app's Mission
Log, where one Event action (1 or 2 pawns, as its description says, never dice) resolves it.
It leaves the log when its Event action resolves it, when the app resolves its Delayed
Consequences, or after three rounds; a Follow-Up event may continue the story of one that
left.  The assistant cannot see the app, so it cannot know the events' card names: an entry
is named by the sol it arrived ("Sol 3 event") unless the table gives it a name, and it
carries what its Event action asks, tapped from :data:`ASKS` (tutor reading
``tutor.event_asks``).
"""

from __future__ import annotations

from typing import Literal

from mrp_tutor.games.first_martians.errors import FmError
from mrp_tutor.games.first_martians.events import LogEventAdded
from mrp_tutor.games.first_martians.events_more import LogEventRemoved
from mrp_tutor.games.first_martians.run import Run
from mrp_tutor.games.first_martians.state import HubState, LogEntry

Asks = Literal["pay_supply", "pay_cargo", "fix", "crew", "gain", "choose", "other"]
ASKS: dict[str, str] = {
    "pay_supply": "pay from the General Supply",
    "pay_cargo": "give something from the Cargo Bay",
    "fix": "repair or prevent a problem in the HUB",
    "crew": "help the crew (health, Morale or Stress)",
    "gain": "gain something",
    "choose": "choose between options the app shows",
    "other": "something else",
}


def default_name(s: HubState, sol: int | None = None) -> str:
    """"Sol 3 event", or "Sol 3 event 2" when the log already holds one of that name."""
    base = f"Sol {sol or s.sol} event"
    taken = {e.name for e in s.mission_log}
    if base not in taken:
        return base
    k = 2
    while f"{base} {k}" in taken:
        k += 1
    return f"{base} {k}"


def label(e: LogEntry, sol: int) -> str:
    """The entry in words a table recognises: name, what its action asks, pawns, current or
    past, and the rounds it has left."""
    asks = f" — its action asks: {ASKS[e.asks]}" if e.asks in ASKS else ""
    when = ("" if e.sol is None else "current event" if e.sol == sol
            else f"past event, from sol {e.sol}")
    left = ("leaves at this Clean-Up" if e.rounds_left <= 1 else
            f"leaves after {e.rounds_left} Clean-Ups")
    bits = ", ".join(x for x in (f"{e.pawns}-pawn Event action", when, left) if x)
    follows = f"; follows up {e.follows}" if e.follows else ""
    return f"{e.name}{asks} ({bits}{follows})"


def add(r: Run, name: str | None, pawns: int, rule: str, *, asks: str | None = None,
        follows: str | None = None, sol: int | None = None) -> None:
    """A Mission Event enters the log (``add_log_event``)."""
    s = r.s
    name = name or default_name(s, sol)
    if any(e.name == name for e in s.mission_log):
        raise FmError("fm.event_name_taken", "events.mission_log",
                      f"the Mission Log already holds an event called {name!r}: give this one "
                      "another name", {"event": name})
    if sol is not None and sol > s.sol:
        raise FmError("fm.event_sol", "events.mission_log", f"sol {sol} has not begun "
                      f"(this is sol {s.sol})", {"sol": sol, "now": s.sol})
    if follows is not None and all(e.name != follows for e in s.mission_log) and all(
            p.name != follows for p in s.log_past):
        raise FmError("fm.no_such_event", "events.follow_up",
                      f"{follows!r} was never in the Mission Log: a Follow-Up event continues "
                      "an event the crew has met", {"event": follows})
    r.emit(LogEventAdded(rule=rule, name=name, pawns=pawns, sol=sol or s.sol, asks=asks,
                         follows=follows))


def remove_delayed(r: Run, name: str, rule: str) -> None:
    """The app resolved an event's Delayed Consequences: it leaves the log."""
    if all(e.name != name for e in r.s.mission_log):
        names = ", ".join(repr(e.name) for e in r.s.mission_log) or "none"
        raise FmError("fm.no_such_event", rule, f"{name!r} is not in the Mission Log "
                      f"(it holds {names})", {"event": name})
    r.emit(LogEventRemoved(rule=rule, name=name, why="delayed"))
