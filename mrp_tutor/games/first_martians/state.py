"""The HUB state as the table enters it: validated pydantic models (the boundary).

The state is edited by the table at any time (:func:`.files.load_state` validates a
whole document strictly and reports every problem located); during a round it only changes through
events (:mod:`.events`).  Limits printed in the rulebook are enforced here: Morale -2..+3,
Stress 0..17 (18 is a fight), Malfunction tracks 0..4 (5 is a Malfunction), one Shutdown
tile of each kind per Facility, no more seeds and plants than Greenhouses.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    field_validator,
    model_validator,
)

from mrp_tutor.games.first_martians.content import (
    BLOCKS,
    Block,
    Board,
    Icon,
    Part,
    Penalty,
    default_board,
)

Phase = Literal["events", "morale", "production", "actions", "malfunction", "cleanup",
                "round_end"]
PHASES: tuple[Phase, ...] = ("events", "morale", "production", "actions", "malfunction",
                             "cleanup")
Token = Literal["extra_pawn", "adventure", "reroll", "wound", "rover", "blocked"]
AomColour = Literal["green", "gray", "blue", "brown"]
Resource = Literal["oxygen", "energy", "food"]
RESOURCES: tuple[Resource, ...] = ("oxygen", "energy", "food")
MORALE_MIN, MORALE_MAX = -2, 3
STRESS_FIGHT = 18
MALFUNCTION_AT = 5
FACE_DOWN = "face_down"  # a Shutdown tile placed at the table: its face is unknown until flipped


class _S(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Status(_S):
    part: Part
    penalty: Penalty
    red: bool = False


class Farm(_S):
    greenhouses: int = Field(ge=0, le=8)
    seeds: list[int] = Field(default=[], description="Growth track spaces (1-6) of the seeds")
    plants: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _fits(self) -> Farm:
        if any(not 1 <= s <= 6 for s in self.seeds):
            raise ValueError("seeds sit on Growth spaces 1 to 6")
        if len(set(self.seeds)) != len(self.seeds):
            raise ValueError("only one seed on each Growth space")
        if len(self.seeds) + self.plants > self.greenhouses:
            raise ValueError(f"{len(self.seeds)} seeds and {self.plants} plants need more "
                             f"than {self.greenhouses} Greenhouses")
        return self


class Facility(_S):
    id: str
    name: str
    block: Block
    statuses: list[Status]
    produces: Literal["oxygen", "energy"] | None = None
    production: int = Field(default=0, ge=0, le=10)
    max_production: int = Field(default=0, ge=0, le=10)
    action: str | None = None
    shutdown_oxygen: str | None = Field(default=None, description="face-down tile id")
    shutdown_energy: str | None = None
    now: list[Token] = Field(default=[], description="tokens on the ! space")
    fresh: list[Token] = Field(default=[], description="tokens put on the ! space in the "
                               "current phase: they count from its end (modifiers.end_of_phase)")
    next: list[Token] = Field(default=[], description="tokens on the >> space, top last")
    upgrades: list[str] = []
    farm: Farm | None = None

    @property
    def shut(self) -> bool:
        return self.shutdown_oxygen is not None or self.shutdown_energy is not None

    @property
    def settled(self) -> list[str]:
        """The ! space tokens that affect actions now (not those placed this phase)."""
        out: list[str] = list(self.now)
        for t in self.fresh:
            if t in out:
                out.remove(t)
        return out

    @property
    def blocked(self) -> bool:
        return "blocked" in self.settled

    def uses(self, part: str) -> bool:
        return any(s.part == part for s in self.statuses)

    def red(self, part: str) -> bool:
        return any(s.part == part and s.red for s in self.statuses)

    @model_validator(mode="after")
    def _production(self) -> Facility:
        left = list(self.now)
        for t in self.fresh:
            if t not in left:
                raise ValueError(f"fresh names a {t} token that is not on the ! space")
            left.remove(t)
        if self.production > self.max_production:
            raise ValueError(f"production {self.production} is above the maximum "
                             f"{self.max_production}")
        return self


class Astronaut(_S):
    id: str
    name: str
    wounds: int = Field(default=0, ge=0, description="health marker spaces moved right")
    morale_tokens: int = Field(default=0, ge=0)
    conditions: list[str] = []
    fresh_conditions: list[str] = Field(default=[], description="Conditions gained in the "
                                        "current phase: their penalties apply from its end")
    pawns: int = Field(default=2, ge=0, le=3)
    medic: bool = False
    base_skill_used: bool = False
    skill_cards_down: list[str] = []
    dead: bool = False

    @model_validator(mode="after")
    def _fresh(self) -> Astronaut:
        if any(c not in self.conditions for c in self.fresh_conditions):
            raise ValueError("fresh_conditions names a Condition the astronaut does not have")
        return self


class Rover(_S):
    blocked: int = Field(default=0, ge=0, le=20)
    fresh: int = Field(default=0, ge=0, le=20,
                       description="Blocked tokens placed this Action Phase")
    tokens: list[Token] = Field(default=[], description="other Modifier tokens on its X space")
    used: bool = False

    @model_validator(mode="after")
    def _fresh_blocked(self) -> Rover:
        if self.fresh > self.blocked:
            raise ValueError(f"{self.fresh} Blocked tokens placed this phase but only "
                             f"{self.blocked} on the rover")
        return self


class Declared(_S):
    """An action declared this Action Phase, waiting to resolve in the action order (its
    penalties other than General Supply costs are taken as it resolves, costs.resolve)."""

    order: int
    action: str
    astronaut: str
    target: str
    dice: bool = False
    penalties: list[str] = []
    rolled: bool = False
    helpers: list[str] = []
    rover: Literal["froggy", "scorpio"] | None = None
    travel_penalties: list[str] = Field(default=[], description="penalties of the travel "
                                        "path's icons (travel.penalties)")
    path_names: list[str] = []
    resolved: bool = False
    success: bool | None = Field(default=None, description="set when resolved")


class Tile(_S):
    """A revealed ROI tile on a map space."""

    name: str
    icons: list[Icon] = ["extra_pawn"]
    samples: int = Field(default=0, ge=0)
    impassable_outer: bool = False
    explored_sol: int | None = None
    explored_phase: Phase | None = Field(
        default=None, description="the phase of explored_sol it was revealed in (an event "
        "reveals tiles in the Events phase, an Explore in the Action Phase)")

    def closed_to_gather(self, sol: int) -> bool:
        """Revealed during this sol's Action Phase: not yet revealed when the pawns were
        placed, so no Gather this round (gather.declare).  A tile an event revealed earlier
        this sol is open.  An old file without the phase keeps the old reading (closed)."""
        return self.explored_sol == sol and self.explored_phase in (None, "actions")


class LogEntry(_S):
    """An event waiting in the app's Mission Log (events.mission_log): the name the table
    knows it by, the sol it arrived, what its Event action asks (a key of
    :data:`.mission_log.ASKS`), its pawns, the rounds it has left and the event it follows
    up (Follow-Up events)."""

    name: str = Field(min_length=1, max_length=80)
    rounds_left: int = Field(default=3, ge=0, le=3)
    pawns: int = Field(default=1, ge=1, le=2)
    sol: int | None = Field(default=None, ge=1, description="the sol the event arrived")
    asks: str | None = Field(default=None, max_length=40,
                             description="what its Event action asks (tap list key)")
    follows: str | None = Field(default=None, max_length=80,
                                description="the earlier event it follows up")


class PastEntry(_S):
    """An event that left the Mission Log (it may still shape Follow-Up events)."""

    name: str = Field(min_length=1, max_length=80)
    why: Literal["resolved", "delayed", "aged"]
    by: str | None = Field(default=None, description="who took its Event action")
    sol: int = Field(default=1, ge=1, description="the sol it left")


class CargoBay(_S):
    pending: list[str] = []
    available: list[str] = []


class HubState(_S):
    """Everything on the table that the bookkeeping needs."""

    sol: int = Field(default=1, ge=1)
    sols: int | None = Field(default=None, ge=1, description="mission length, if known")
    phase: Phase = "events"
    first_player: str
    astronauts: list[Astronaut] = Field(min_length=1, max_length=4,
                                        description="in seating order, clockwise")
    morale: int = Field(default=0, ge=MORALE_MIN, le=MORALE_MAX)
    stress: int = Field(default=0, ge=0, lt=STRESS_FIGHT)
    supply: dict[Resource, int] = {"oxygen": 0, "energy": 0, "food": 0}
    malfunction: dict[Block, int] = {"system": 0, "living": 0, "working": 0}
    box: dict[Block, Literal["green", "red"]] = {b: "green" for b in BLOCKS}
    facilities: list[Facility]
    mission_log: list[LogEntry] = []
    log_past: list[PastEntry] = Field(default=[], max_length=200,
                                      description="events that left the Mission Log")
    aoms: list[AomColour] = Field(default=[], description="AOM cards in play (setup.aoms)")
    solo: bool = False
    actions_declared: bool = Field(default=False, description="pawns placed this Action "
                                   "Phase (once a phase)")
    declared: list[Declared] = []
    cargo: CargoBay = CargoBay()
    rovers: dict[Literal["froggy", "scorpio"], Rover] = {"froggy": Rover(), "scorpio": Rover()}
    tiles: dict[str, Tile] = Field(default={}, description="revealed ROI tiles by map space")
    goals_done: bool = False
    below_threshold: bool = False
    result: Literal["won", "lost"] | None = None
    seed: int = 0
    draws: int = Field(default=0, ge=0, description="seeded draws made so far")

    def facility(self, fid: str) -> Facility:
        for f in self.facilities:
            if f.id == fid:
                return f
        raise KeyError(fid)

    def astronaut(self, aid: str) -> Astronaut:
        for a in self.astronauts:
            if a.id == aid:
                return a
        raise KeyError(aid)

    @field_validator("supply")
    @classmethod
    def _all_resources(cls, v: dict[Resource, int]) -> dict[Resource, int]:
        return {r: v.get(r, 0) for r in RESOURCES}

    @field_validator("malfunction")
    @classmethod
    def _all_tracks(cls, v: dict[Block, int]) -> dict[Block, int]:
        return {b: v.get(b, 0) for b in BLOCKS}

    @field_validator("box")
    @classmethod
    def _all_lines(cls, v: dict[Block, str]) -> dict[Block, str]:
        return {b: v.get(b, "green") for b in BLOCKS}

    @field_validator("rovers")
    @classmethod
    def _both_rovers(cls, v: dict[str, Rover]) -> dict[str, Rover]:
        return {r: v.get(r) or Rover() for r in ("froggy", "scorpio")}

    @model_validator(mode="after")
    def _cross(self) -> HubState:
        ids = [a.id for a in self.astronauts]
        if self.first_player not in ids:
            raise ValueError(f"first_player {self.first_player!r} is not an astronaut "
                             f"({', '.join(ids)})")
        if len(set(ids)) != len(ids):
            raise ValueError("two astronauts share an id")
        fids = [f.id for f in self.facilities]
        if len(set(fids)) != len(fids):
            raise ValueError("two Facilities share an id")
        for k, v in self.supply.items():
            if v < 0:
                raise ValueError(f"the General Supply cannot hold {v} {k}")
        n = len(self.astronauts)
        if self.solo and n != 2:
            raise ValueError(f"solo play uses two astronauts, not {n}")
        if len(self.aoms) > aom_limit(n, self.solo) or len(set(self.aoms)) != len(self.aoms):
            raise ValueError(f"aoms: with {n} astronauts{' (solo)' if self.solo else ''} at "
                             f"most {aom_limit(n, self.solo)} different AOM cards are in play")
        for b, v in self.malfunction.items():
            if not 0 <= v < MALFUNCTION_AT:
                raise ValueError(f"the {b} Malfunction track is 0 to 4 (5 is a Malfunction), "
                                 f"not {v}")
        return self


def aom_limit(astronauts: int, solo: bool = False) -> int:
    """AOM cards chosen at setup (``setup.aoms``): 3 astronauts 1, 2 astronauts 2, solo all
    four, 4 astronauts none."""
    if solo:
        return 4
    return {1: 2, 2: 2, 3: 1}.get(astronauts, 0)


AOMS_PER_ROUND_SOLO = 2


def active_conditions(a: Astronaut) -> list[str]:
    """The Conditions whose penalties apply now: not those gained in the current phase
    (``health.condition_timing``)."""
    return [c for c in a.conditions if c not in a.fresh_conditions]


def new_state(board: Board | None = None, astronauts: list[str] | None = None,
              *, supply: dict[Resource, int] | None = None, seed: int = 0) -> HubState:
    """A HUB as the rulebook's Board Setup leaves it: a Greenhouse and a plant per astronaut
    (setup.board); with fewer than 4 astronauts the Auto-scanner on the Med Lab
    (setup.auto_scanner)."""
    board = board or default_board()
    names = astronauts or ["red", "yellow"]
    facs = []
    for f in board.facilities:
        farm = Farm(greenhouses=len(names), plants=len(names)) if f.id.startswith("farm") \
            else None
        scanner = ["auto_scanner"] if f.id == "med_lab" and len(names) < 4 else []
        facs.append(Facility(
            id=f.id, name=f.name, block=f.block, produces=f.produces,
            production=f.max_production, max_production=f.max_production, action=f.action,
            statuses=[Status(part=s.part, penalty=s.penalty) for s in f.statuses], farm=farm,
            upgrades=scanner))
    return HubState(first_player=names[0],
                    astronauts=[Astronaut(id=n, name=n.capitalize()) for n in names],
                    supply=dict(supply or {"oxygen": 0, "energy": 0, "food": 0}),
                    facilities=facs, seed=seed)


def clone(s: HubState) -> HubState:
    """An independent copy (dump and validate: ~5x faster than a deep copy, measured)."""
    return HubState.model_validate(s.model_dump())


def state_to_dict(s: HubState) -> dict[str, Any]:
    return s.model_dump(mode="json")
