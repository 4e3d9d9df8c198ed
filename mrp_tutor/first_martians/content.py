"""First Martians board data: Facilities, map spaces, ROI tiles, dice faces, health track.

The rulebook names these but does not print them as data, so every entry carries
``source`` and ``verified`` (false) and a table owner corrects any of them with an override
document (same layout, entries matched by ``id``; only the fields given are replaced), just
like the card data of Mission: Red Planet.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..core.errors import ContentError
from ..core.loading import format_validation, merge_entries, read_yaml
from ..core.rules import RuleBook

DATA = Path(__file__).resolve().parent / "data"

Block = Literal["system", "living", "working"]
Part = Literal["oxygen", "energy", "hardware", "cpu"]
Penalty = Literal["malfunction", "wilt", "pay_oxygen", "pay_energy", "success",
                  "no_rover_explore", "rover", "sample", "stress", "extra_pawn"]
Icon = Literal["extra_pawn", "wound", "morale", "adventure", "rover", "sample", "poi",
               "objective"]
BLOCKS: tuple[Block, ...] = ("system", "living", "working")


class _M(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Sourced(_M):
    source: str = ""
    verified: bool = False
    notes: str = ""


class StatusSpec(_M):
    part: Part
    penalty: Penalty


class FacilitySpec(Sourced):
    id: str
    name: str
    block: Block
    produces: Literal["oxygen", "energy"] | None = None
    max_production: int = Field(default=0, ge=0, le=10)
    action: str | None = None
    statuses: list[StatusSpec]


class SpaceSpec(Sourced):
    id: str
    name: str
    ring: int = Field(ge=0, le=3)
    extra_pawns: int = Field(default=1, ge=0, le=3)
    explorable: bool = True
    neighbours: list[str]


class RoiSpec(Sourced):
    id: str
    name: str
    ring: int = Field(ge=1, le=3)
    icons: list[Icon]


class DieSpec(Sourced):
    faces: list[Any] = Field(min_length=1)


class Dice(_M):
    wound_die: DieSpec
    malfunction_die: DieSpec


class ShutdownStacks(Sourced):
    oxygen: list[str] = Field(min_length=1)
    energy: list[str] = Field(min_length=1)


class HealthSpec(Sourced):
    spaces: int = Field(ge=2, le=12)
    condition_icons: list[int] = []


class SupplyMax(Sourced):
    value: int = Field(ge=1, le=99)


class ConditionStack(Sourced):
    names: list[str] = Field(min_length=1)


class Board(Sourced):
    """Everything about the physical game that does not change during play."""

    facilities: list[FacilitySpec]
    spaces: list[SpaceSpec]
    rois: list[RoiSpec] = []
    dice: Dice
    shutdown_tiles: ShutdownStacks
    health: HealthSpec
    supply_max: SupplyMax
    conditions: ConditionStack

    def facility(self, fid: str) -> FacilitySpec:
        for f in self.facilities:
            if f.id == fid:
                return f
        raise KeyError(fid)

    def unverified(self) -> list[tuple[str, str, str]]:
        """(kind, id, source) of every entry not checked against a physical copy."""
        out = [("facility", f.id, f.source) for f in self.facilities if not f.verified]
        out += [("roi", r.id, r.source) for r in self.rois if not r.verified]
        if not self.verified:
            out.append(("map", "spaces", self.source))
        for name in ("shutdown_tiles", "health", "supply_max", "conditions"):
            entry = getattr(self, name)
            if not entry.verified:
                out.append(("data", name, entry.source))
        return out


def _check(board: Board) -> list[str]:
    out: list[str] = []
    ids = [s.id for s in board.spaces]
    known = set(ids)
    for kind, names in (("facility", [f.id for f in board.facilities]), ("space", ids),
                        ("roi", [r.id for r in board.rois])):
        dup = sorted({x for x in names if names.count(x) > 1})
        out += [f"board.yaml: duplicate {kind} id {d!r}" for d in dup]
    if "hub" not in known:
        out.append("board.yaml: the map needs a space 'hub'")
    for s in board.spaces:
        for n in s.neighbours:
            if n not in known:
                out.append(f"board.yaml: space {s.id} names unknown neighbour {n!r}")
            elif s.id not in next(x.neighbours for x in board.spaces if x.id == n):
                out.append(f"board.yaml: space {s.id} lists {n} but {n} does not list {s.id}")
    return out


def load_board(overrides: Mapping[str, Any] | Path | None = None) -> Board:
    """The board data, with a table owner's corrections applied.

    Raises:
        ContentError: every problem, located (file, entry id, field).
    """
    raw = read_yaml(DATA / "board.yaml")
    problems: list[str] = []
    if overrides is not None:
        doc = read_yaml(overrides) if isinstance(overrides, Path) else dict(overrides)
        if not isinstance(doc, dict):
            raise ContentError("overrides", ["must be a mapping of board keys to changes"])
        for key, value in doc.items():
            if key not in raw:
                problems.append(f"overrides: unknown key {key!r} (known: {sorted(raw)})")
            elif isinstance(value, list) and key in ("facilities", "spaces", "rois"):
                raw[key] = merge_entries(raw[key], value, f"overrides.{key}", problems)
            else:
                raw[key] = value
    if problems:
        raise ContentError("overrides", problems)
    try:
        board = Board.model_validate(raw)
    except ValidationError as err:
        raise ContentError("board.yaml", format_validation("board.yaml", err, raw)) from None
    problems = _check(board)
    if problems:
        raise ContentError("board.yaml", problems)
    return board


@lru_cache(maxsize=1)
def default_board() -> Board:
    return load_board()


@lru_cache(maxsize=1)
def rulebook() -> RuleBook:
    """The First Martians rule registry (our paraphrase of seed 004, by section)."""
    return RuleBook.load(DATA / "rules.yaml")
