"""Events: every change of the HUB state, each with the rule id that caused it.

An event is a slotted dataclass with a ``rule`` and an :meth:`Event.apply` that changes a
state in place; :func:`replay` folds events over a state.  Draws are events too, so an event
log replays with no random generator.  ``Tallied`` events change nothing: they carry the
numbers a step computed (production against need, food against mouths) for explanations.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

from mrp_tutor.games.first_martians.event_base import _EV
from mrp_tutor.games.first_martians.event_base import Event as Event
from mrp_tutor.games.first_martians.events_more import MORE_EVENTS
from mrp_tutor.games.first_martians.state import MORALE_MAX, MORALE_MIN, HubState, clone


@dataclass(**_EV)
class PhaseStarted(Event):
    type: ClassVar[str] = "phase_started"
    phase: str

    def apply(self, s: HubState) -> None:
        s.phase = self.phase  # type: ignore[assignment]
        for a in s.astronauts:  # Conditions gained last phase now apply (health.condition_timing)
            a.fresh_conditions = []
        for f in s.facilities:  # tokens placed last phase now apply (modifiers.end_of_phase)
            f.fresh = []
        if self.phase == "actions":
            s.actions_declared = False
            s.declared = []


@dataclass(**_EV)
class DrawMade(Event):
    type: ClassVar[str] = "draw_made"
    kind: str
    what: str
    value: Any
    by: str
    number: int | None
    random: bool = True

    def apply(self, s: HubState) -> None:
        if self.number is not None:
            s.draws = self.number


@dataclass(**_EV)
class Tallied(Event):
    """Numbers a step computed (no state change)."""

    type: ClassVar[str] = "tallied"
    step: str
    facts: dict[str, Any] = field(default_factory=dict)


@dataclass(**_EV)
class MalfunctionAdvanced(Event):
    type: ClassVar[str] = "malfunction_advanced"
    block: str
    by: int
    value: int

    def apply(self, s: HubState) -> None:
        s.malfunction[self.block] = self.value  # type: ignore[index]


@dataclass(**_EV)
class MalfunctionOccurred(Event):
    type: ClassVar[str] = "malfunction_occurred"
    block: str
    next_line: str

    def apply(self, s: HubState) -> None:
        s.malfunction[self.block] = 0  # type: ignore[index]
        s.box[self.next_line] = "red"  # type: ignore[index]


@dataclass(**_EV)
class SupplyChanged(Event):
    type: ClassVar[str] = "supply_changed"
    resource: str
    delta: int
    value: int
    why: str = ""
    wanted: int | None = None

    def apply(self, s: HubState) -> None:
        s.supply[self.resource] = self.value  # type: ignore[index]


@dataclass(**_EV)
class LogEventAdded(Event):
    type: ClassVar[str] = "log_event_added"
    name: str
    pawns: int
    sol: int | None = None
    asks: str | None = None
    follows: str | None = None

    def apply(self, s: HubState) -> None:
        from mrp_tutor.games.first_martians.state import LogEntry

        s.mission_log.append(LogEntry(name=self.name, pawns=self.pawns, sol=self.sol,
                                      asks=self.asks, follows=self.follows))


@dataclass(**_EV)
class MoraleMoved(Event):
    type: ClassVar[str] = "morale_moved"
    delta: int
    value: int
    wanted: int

    def apply(self, s: HubState) -> None:
        s.morale = max(MORALE_MIN, min(MORALE_MAX, self.value))


@dataclass(**_EV)
class MoraleTokens(Event):
    type: ClassVar[str] = "morale_tokens"
    astronaut: str
    delta: int
    value: int

    def apply(self, s: HubState) -> None:
        s.astronaut(self.astronaut).morale_tokens = self.value


@dataclass(**_EV)
class Wounded(Event):
    type: ClassVar[str] = "wounded"
    astronaut: str
    wounds: int
    why: str
    condition: bool = False
    died: bool = False

    def apply(self, s: HubState) -> None:
        a = s.astronaut(self.astronaut)
        a.wounds = self.wounds
        if self.died:
            a.dead = True
            s.result = "lost"


@dataclass(**_EV)
class ShutdownPlaced(Event):
    type: ClassVar[str] = "shutdown_placed"
    facility: str
    kind: str
    tile: str

    def apply(self, s: HubState) -> None:
        setattr(s.facility(self.facility), f"shutdown_{self.kind}", self.tile)


@dataclass(**_EV)
class SeedsChanged(Event):
    """A Farm grew or wilted (or was spared): its seeds and plants afterwards."""

    type: ClassVar[str] = "seeds_changed"
    farm: str
    how: str  # grew | wilted | spared
    seeds: list[int]
    plants: int
    new_plants: int = 0
    lost: int = 0

    def apply(self, s: HubState) -> None:
        farm = s.facility(self.farm).farm
        assert farm is not None
        farm.seeds = list(self.seeds)
        farm.plants = self.plants


@dataclass(**_EV)
class StressMoved(Event):
    type: ClassVar[str] = "stress_moved"
    by: int
    value: int
    why: str

    def apply(self, s: HubState) -> None:
        s.stress = self.value


@dataclass(**_EV)
class FightBroke(Event):
    type: ClassVar[str] = "fight"

    def apply(self, s: HubState) -> None:
        s.stress = 0


@dataclass(**_EV)
class RoverBlocked(Event):
    type: ClassVar[str] = "rover_blocked"
    rover: str

    def apply(self, s: HubState) -> None:
        s.rovers[self.rover].blocked += 1  # type: ignore[index]
        if s.phase == "actions":
            s.rovers[self.rover].fresh += 1  # type: ignore[index]


@dataclass(**_EV)
class SampleDiscarded(Event):
    type: ClassVar[str] = "sample_discarded"
    space: str | None

    def apply(self, s: HubState) -> None:
        if self.space is not None:
            s.tiles[self.space].samples -= 1


@dataclass(**_EV)
class TokenPlaced(Event):
    """A Modifier token on a Facility's ! or >> space, or on a rover's X space."""

    type: ClassVar[str] = "token_placed"
    token: str
    facility: str = ""
    space: str = "now"
    rover: str | None = None

    def apply(self, s: HubState) -> None:
        if self.rover is not None:
            rv = s.rovers[self.rover]  # type: ignore[index]
            if self.token == "blocked":
                rv.blocked += 1
                if s.phase == "actions":
                    rv.fresh += 1
            else:
                rv.tokens.append(self.token)  # type: ignore[arg-type]
            return
        f = s.facility(self.facility)
        getattr(f, self.space).append(self.token)
        if self.space == "now":
            f.fresh.append(self.token)  # type: ignore[arg-type]


@dataclass(**_EV)
class ActionDeclared(Event):
    """An action with its pawns checked: what it needs and what it costs."""

    type: ClassVar[str] = "action_declared"
    order: int
    action: str
    astronaut: str
    target: str
    pawns: int
    needed: int
    dice: bool
    path: list[str] = field(default_factory=list)
    penalties: list[str] = field(default_factory=list)
    helpers: list[str] = field(default_factory=list)
    rover: str | None = None
    travel_penalties: list[str] = field(default_factory=list)
    path_names: list[str] = field(default_factory=list)

    def apply(self, s: HubState) -> None:
        from mrp_tutor.games.first_martians.state import Declared

        if self.rover is not None:
            s.rovers[self.rover].used = True  # type: ignore[index]
        s.declared.append(Declared(order=self.order, action=self.action,
                                   astronaut=self.astronaut, target=self.target, dice=self.dice,
                                   penalties=list(self.penalties), helpers=list(self.helpers),
                                   rover=self.rover,  # type: ignore[arg-type]
                                   travel_penalties=list(self.travel_penalties),
                                   path_names=list(self.path_names)))


@dataclass(**_EV)
class MalfunctionRolled(Event):
    type: ClassVar[str] = "malfunction_rolled"
    block: str
    roll: int | None
    penalties: list[str]
    total: int


@dataclass(**_EV)
class StatusBroken(Event):
    type: ClassVar[str] = "status_broken"
    facility: str
    part: str
    effect: bool

    def apply(self, s: HubState) -> None:
        if self.effect:
            for st in s.facility(self.facility).statuses:
                if st.part == self.part:
                    st.red = True


@dataclass(**_EV)
class TokensCleaned(Event):
    type: ClassVar[str] = "tokens_cleaned"
    facility: str
    discarded: list[str]
    moved: str | None

    def apply(self, s: HubState) -> None:
        f = s.facility(self.facility)
        f.now = [self.moved] if self.moved is not None else []  # type: ignore[list-item]
        f.fresh = []
        if self.moved is not None:
            f.next.pop()


@dataclass(**_EV)
class CargoMoved(Event):
    type: ClassVar[str] = "cargo_moved"
    items: list[str]
    upgrades: list[str]

    def apply(self, s: HubState) -> None:
        s.cargo.available.extend(self.items)
        s.cargo.pending = []
        for u in self.upgrades:  # "upgrade:NAME@FACILITY"
            name, _, fid = u.removeprefix("upgrade:").partition("@")
            s.facility(fid).upgrades.append(name)


@dataclass(**_EV)
class SkillsRefreshed(Event):
    type: ClassVar[str] = "skills_refreshed"

    def apply(self, s: HubState) -> None:
        for a in s.astronauts:
            a.base_skill_used = False
            a.skill_cards_down = []
        for r in s.rovers.values():
            r.used = False
            r.fresh = 0


@dataclass(**_EV)
class FirstPlayerPassed(Event):
    type: ClassVar[str] = "first_player_passed"
    astronaut: str

    def apply(self, s: HubState) -> None:
        s.first_player = self.astronaut


@dataclass(**_EV)
class SolAdvanced(Event):
    type: ClassVar[str] = "sol_advanced"
    sol: int

    def apply(self, s: HubState) -> None:
        s.sol = self.sol


@dataclass(**_EV)
class VictoryChecked(Event):
    type: ClassVar[str] = "victory_checked"
    won: bool
    goals_done: bool
    below_threshold: bool

    def apply(self, s: HubState) -> None:
        if self.won:
            s.result = "won"


@dataclass(**_EV)
class ConditionTaken(Event):
    type: ClassVar[str] = "condition_taken"
    astronaut: str
    condition: str
    kept: bool = True

    def apply(self, s: HubState) -> None:
        if self.kept:
            a = s.astronaut(self.astronaut)
            a.conditions.append(self.condition)
            a.fresh_conditions.append(self.condition)


@dataclass(**_EV)
class ShutdownRemoved(Event):
    type: ClassVar[str] = "shutdown_removed"
    facility: str
    kind: str

    def apply(self, s: HubState) -> None:
        setattr(s.facility(self.facility), f"shutdown_{self.kind}", None)


@dataclass(**_EV)
class StatusRepaired(Event):
    type: ClassVar[str] = "status_repaired"
    facility: str
    part: str

    def apply(self, s: HubState) -> None:
        for st in s.facility(self.facility).statuses:
            if st.part == self.part:
                st.red = False


@dataclass(**_EV)
class TileRevealed(Event):
    type: ClassVar[str] = "tile_revealed"
    space: str
    name: str
    icons: list[str]
    samples: int
    impassable_outer: bool = False

    def apply(self, s: HubState) -> None:
        from mrp_tutor.games.first_martians.state import Tile

        s.tiles[self.space] = Tile(name=self.name, icons=self.icons,  # type: ignore[arg-type]
                                   samples=self.samples, impassable_outer=self.impassable_outer,
                                   explored_sol=s.sol, explored_phase=s.phase)


@dataclass(**_EV)
class SampleGathered(Event):
    type: ClassVar[str] = "sample_gathered"
    space: str

    def apply(self, s: HubState) -> None:
        s.tiles[self.space].samples -= 1
        s.cargo.pending.append("sample")


@dataclass(**_EV)
class LogAged(Event):
    type: ClassVar[str] = "log_aged"
    left: list[str]
    gone: list[str]

    def apply(self, s: HubState) -> None:
        from mrp_tutor.games.first_martians.state import PastEntry

        for e in s.mission_log:
            e.rounds_left -= 1
            if e.rounds_left <= 0:
                s.log_past.append(PastEntry(name=e.name, why="aged", sol=s.sol))
        s.mission_log = [e for e in s.mission_log if e.rounds_left > 0]


@dataclass(**_EV)
class Healed(Event):
    type: ClassVar[str] = "healed"
    astronaut: str
    wounds: int
    condition: str | None = None

    def apply(self, s: HubState) -> None:
        a = s.astronaut(self.astronaut)
        a.wounds = self.wounds
        if self.condition is not None:
            a.conditions.remove(self.condition)
            if self.condition in a.fresh_conditions:
                a.fresh_conditions.remove(self.condition)


@dataclass(**_EV)
class RoverRepaired(Event):
    type: ClassVar[str] = "rover_repaired"
    rover: str

    def apply(self, s: HubState) -> None:
        s.rovers[self.rover].blocked -= 1  # type: ignore[index]


@dataclass(**_EV)
class MissionFailed(Event):
    type: ClassVar[str] = "mission_failed"
    why: str

    def apply(self, s: HubState) -> None:
        s.result = "lost"


_CORE_EVENTS: tuple[type[Event], ...] = (
    PhaseStarted, DrawMade, Tallied, MalfunctionAdvanced, MalfunctionOccurred,
    SupplyChanged, LogEventAdded, MoraleMoved, MoraleTokens, Wounded, ShutdownPlaced,
    SeedsChanged, StressMoved, FightBroke, RoverBlocked, SampleDiscarded, TokenPlaced,
    ActionDeclared, MalfunctionRolled,
    StatusBroken, TokensCleaned, CargoMoved,
    SkillsRefreshed, FirstPlayerPassed, SolAdvanced, VictoryChecked, MissionFailed,
    ConditionTaken, ShutdownRemoved, StatusRepaired, TileRevealed, SampleGathered, LogAged,
    Healed, RoverRepaired)
EVENT_TYPES: dict[str, type[Event]] = {c.type: c for c in (*_CORE_EVENTS, *MORE_EVENTS)}


def event_to_dict(e: Event) -> dict[str, Any]:
    return {"type": e.type, **asdict(e)}


def replay(state: HubState, events: list[Event]) -> HubState:
    """The state after ``events`` (``state`` itself is not changed)."""
    s = clone(state)
    for e in events:
        e.apply(s)
    return s
