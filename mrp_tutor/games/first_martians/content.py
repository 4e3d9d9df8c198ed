"""First Martians board data: Facilities, map spaces, ROI tiles, dice faces, health track.

The rulebook names these but does not print them as data, so every entry carries
``source`` and ``verified`` (false) and a table owner corrects any of them with an override
document (same layout, entries matched by ``id``; only the fields given are replaced), just
like the card data of Mission: Red Planet.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from mrp_tutor.core.errors import ContentError
from mrp_tutor.core.loading import merge_entries, read_yaml
from mrp_tutor.core.located import At, file_lines, validate
from mrp_tutor.core.located import Path as Loc
from mrp_tutor.core.rules import RuleBook

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


class RoiStacks(Sourced):
    """How many ROI tiles each ring's face-down stack holds at the start."""

    ring_1: int = Field(default=8, ge=0, le=20)
    ring_2: int = Field(default=8, ge=0, le=20)
    ring_3: int = Field(default=3, ge=0, le=20)
    source: str = "rulebook: Components (19 ROI tiles: 8 ring-1, 8 ring-2, 3 ring-3)"
    verified: bool = True

    def size(self, ring: int) -> int:
        return {1: self.ring_1, 2: self.ring_2, 3: self.ring_3}.get(ring, 0)


class ConditionStack(Sourced):
    names: list[str] = Field(min_length=1)


class Board(Sourced):
    """Everything about the physical game that does not change during play."""

    facilities: list[FacilitySpec]
    spaces: list[SpaceSpec]
    rois: list[RoiSpec] = []
    roi_stacks: RoiStacks = RoiStacks()
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


def _check(board: Board, at: At) -> list[str]:
    out: list[str] = []
    ids = [s.id for s in board.spaces]
    known = set(ids)
    for key, kind, names in (("facilities", "facility", [f.id for f in board.facilities]),
                             ("spaces", "space", ids), ("rois", "roi", [r.id for r in board.rois])):
        dup = sorted({x for x in names if names.count(x) > 1})
        out += [f"{at(key)}: duplicate {kind} id {d!r}" for d in dup]
    if "hub" not in known:
        out.append(f"{at('spaces')}: the map needs a space 'hub'")
    for i, s in enumerate(board.spaces):
        for n in s.neighbours:
            if n not in known:
                out.append(f"{at('spaces', i, 'neighbours')}: space {s.id} names unknown "
                           f"neighbour {n!r}")
            elif s.id not in next(x.neighbours for x in board.spaces if x.id == n):
                out.append(f"{at('spaces', i, 'neighbours')}: space {s.id} lists {n} but {n} "
                           f"does not list {s.id}")
    return out


def load_board(overrides: Mapping[str, Any] | Path | None = None) -> Board:
    """The board data, with a table owner's corrections applied (read strictly: a number
    is an integer, not a bool or a text).

    Raises:
        ContentError: every problem, located: the corrections file (or ``overrides``), the
            field as that file writes it and its line.
    """
    raw = read_yaml(DATA / "board.yaml")
    if overrides is None:
        return _checked(raw, At("board.yaml"))
    if isinstance(overrides, Path):
        at = At(str(overrides), (), file_lines(overrides))
        doc = read_yaml(overrides)
    else:
        at, doc = At("overrides"), overrides
    if not isinstance(doc, Mapping) or not doc:
        raise ContentError(at.source, [f"{at()}: board corrections are a mapping of board "
                                       f"keys to changes (keys: {', '.join(sorted(raw))})"])
    problems: list[str] = []
    for key, value in doc.items():
        if key not in raw:
            problems.append(f"{at(key)}: not a key of the board data (keys: "
                            f"{', '.join(sorted(raw))})")
        elif key in ("facilities", "spaces", "rois"):
            if not isinstance(value, list):
                problems.append(f"{at(key)}: corrections of {key} are a list of entries, each "
                                "with the id it corrects")
                continue
            raw[key] = merge_entries(raw[key], value, at(key), problems)
        else:
            raw[key] = value
    if problems:
        raise ContentError(at.source, problems)
    at.rename = _to_overrides(raw, doc)
    return _checked(raw, at)


def _to_overrides(raw: Mapping[str, Any], doc: Mapping[str, Any]) -> Callable[[Loc], Loc]:
    """A path in the merged board data -> the path of the correction that set it."""

    def rename(path: Loc) -> Loc:
        key = path[0] if path else None
        if isinstance(key, str) and isinstance(path[1:2][0] if path[1:2] else None, int) \
                and isinstance(doc.get(key), list):
            entry = raw[key][path[1]]
            ident = entry.get("id") if isinstance(entry, dict) else None
            for j, e in enumerate(doc[key]):
                if isinstance(e, dict) and e.get("id") == ident:
                    return (key, j, *path[2:])
        return path

    return rename


def _checked(raw: Any, at: At) -> Board:
    board = validate(Board, raw, at)
    problems = _check(board, at)
    if problems:
        raise ContentError(at.source, problems)
    return board


@lru_cache(maxsize=1)
def default_board() -> Board:
    return load_board()


@lru_cache(maxsize=1)
def rulebook() -> RuleBook:
    """The First Martians rule registry (our paraphrase of seed 004, by section)."""
    return RuleBook.load(DATA / "rules.yaml")
