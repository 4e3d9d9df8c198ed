"""The working copy one intent changes: events are applied as they are emitted, so each
step sees the previous ones; the caller keeps the copy only if no error was raised."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mrp_tutor.games.first_martians.content import Board
from mrp_tutor.games.first_martians.draws import Draws
from mrp_tutor.games.first_martians.errors import FmError
from mrp_tutor.games.first_martians.events import (
    ConditionTaken,
    Event,
    FightBroke,
    MalfunctionAdvanced,
    MalfunctionOccurred,
    MoraleMoved,
    StressMoved,
    SupplyChanged,
    Wounded,
)
from mrp_tutor.games.first_martians.state import (
    MALFUNCTION_AT,
    MORALE_MAX,
    MORALE_MIN,
    STRESS_FIGHT,
    HubState,
    active_conditions,
    clone,
)

__all__ = ["NEXT_LINE", "Run", "active_conditions"]

NEXT_LINE = {"working": "living", "living": "system", "system": "working"}


class Run:
    def __init__(self, state: HubState, board: Board,
                 entered: Mapping[str, Sequence[Any]] | None = None,
                 roll_for_me: bool = False, roll_for: Sequence[str] = ()) -> None:
        self.s = clone(state)
        self.board = board
        self.events: list[Event] = []
        self.draws = Draws(self.s, entered, roll_for_me, roll_for)

    def emit(self, e: Event) -> None:
        e.apply(self.s)
        self.events.append(e)

    def draw(self, kind: str, choices: Sequence[Any], rule: str, what: str, *,
             random_draw: bool = True, labels: Sequence[str] | None = None,
             model: str | None = None, table_only: bool = False) -> Any:
        ev = self.draws.draw(kind, choices, rule, what, random_draw=random_draw, labels=labels,
                             model=model, table_only=table_only)
        self.emit(ev)
        return ev.value

    # ------------------------------------------------------------ shared consequences
    def wound(self, aid: str, n: int, why: str, rule: str) -> None:
        a = self.s.astronaut(aid)
        if "poisoning" in active_conditions(a):
            n *= 2
        icons = set(self.board.health.condition_icons)
        for _ in range(n):
            if a.dead or self.s.result is not None:  # the mission is over
                return
            w = a.wounds + 1
            died = w >= self.board.health.spaces
            self.emit(Wounded(rule=rule, astronaut=aid, wounds=w, why=why,
                              condition=w in icons and not died, died=died))
            if w in icons and not died:
                self.condition(aid)

    def condition(self, aid: str) -> None:
        """A random Condition the astronaut does not have yet (none left: nothing)."""
        a = self.s.astronaut(aid)
        left = [c for c in self.board.conditions.names if c not in a.conditions]
        if not left:
            return
        c = self.draw("condition", left, "health.condition", f"{a.name}'s Condition token")
        anxiety = c == "anxiety_attack"
        self.emit(ConditionTaken(rule="health.condition", astronaut=aid, condition=c,
                                 kept=not anxiety))
        if anxiety:
            self.morale(-1, "health.condition")

    def supply(self, resource: str, delta: int, rule: str, why: str) -> int:
        """Change a General Supply tracker, never below 0 nor past its last space
        (``tutor.supply_cap``: a gain past it is lost, and the event says so); returns the
        change made."""
        old = self.s.supply[resource]  # type: ignore[index]
        top = self.board.supply_max.value
        new = max(0, min(top, old + delta))
        if old + delta > top:
            lost = old + delta - top
            self.emit(SupplyChanged(rule="tutor.supply_cap", resource=resource, delta=new - old,
                                    value=new, why=f"{why}: {delta:+d} due, the track ends at "
                                    f"{top}, {lost} lost", wanted=delta))
        elif new != old:
            self.emit(SupplyChanged(rule=rule, resource=resource, delta=new - old, value=new,
                                    why=why))
        return new - old

    def pay(self, resource: str, n: int, rule: str, why: str) -> None:
        have = self.s.supply[resource]  # type: ignore[index]
        if have < n:
            raise FmError("fm.cannot_pay", rule, f"{why} costs {n} {resource} but the General "
                          f"Supply has {have}", {"resource": resource, "need": n, "have": have})
        self.supply(resource, -n, rule, why)

    def morale(self, delta: int, rule: str) -> None:
        old = self.s.morale
        new = max(MORALE_MIN, min(MORALE_MAX, old + delta))
        self.emit(MoraleMoved(rule=rule if new == old + delta else "morale.track_limits",
                              delta=new - old, value=new, wanted=delta))

    def stress(self, delta: int, rule: str, why: str) -> None:
        old = self.s.stress
        new = max(0, old + delta)
        if new >= STRESS_FIGHT:
            self.emit(StressMoved(rule=rule, by=STRESS_FIGHT - old, value=STRESS_FIGHT,
                                  why=why))
            self.fight()
        elif new != old:
            self.emit(StressMoved(rule=rule, by=new - old, value=new, why=why))

    def fight(self) -> None:
        self.emit(FightBroke(rule="production.d.fight"))
        for a in self.s.astronauts:
            if self.s.result is not None:  # a death fails the mission at once
                return
            if not a.dead:
                self.wound(a.id, 1, "fight", "production.d.fight")
        if self.s.result is None:
            self.morale(-1, "production.d.fight")

    def malfunction(self, block: str, by: int, rule: str, *, resolve: bool = True) -> bool:
        """Move a Malfunction track; True when it reached its top space (a Malfunction,
        resolved at once unless ``resolve`` is False: the Malfunction Phase advances every
        track before resolving)."""
        old = self.s.malfunction[block]  # type: ignore[index]
        new = min(MALFUNCTION_AT, max(0, old + by))
        self.emit(MalfunctionAdvanced(rule=rule, block=block, by=new - old, value=new))
        reached = new >= MALFUNCTION_AT
        if reached and resolve:
            self.resolve_malfunction(block)
        return reached

    def resolve_malfunction(self, block: str) -> None:
        self.emit(MalfunctionOccurred(rule="malfunction.resolve", block=block,
                                      next_line=NEXT_LINE[block]))
