"""First Martians files read strictly: a HUB state, wherever a file holds one.

Every number is an integer (``morale: true`` or ``stress: "5"`` is refused, never coerced),
every limit printed in the rulebook or in the board data holds (the General Supply's last
space, the health track, the Malfunction tracks...), and the Facilities are the HUB's:
a ``facilities:`` list names every Facility of the board once, as the board describes it,
and none it does not have but Facility cards (a backup Farm, Oxygenator or Solar Panel built
as the board's); ``facilities: {id: changes}`` changes the Board Setup HUB of
the file's own crew (one Greenhouse and plant per astronaut).  Each refusal is a sentence
naming the field and, when the file's text is known, its line (:mod:`mrp_tutor.core.located`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any, get_args

from pydantic import TypeAdapter, ValidationError

from mrp_tutor.core.errors import ContentError
from mrp_tutor.core.loader import refuse_foreign
from mrp_tutor.core.located import At, Lines, Path, file_lines, validate, validation_problems
from mrp_tutor.games.first_martians.content import Board, default_board
from mrp_tutor.games.first_martians.intents import AddFacility, Intent
from mrp_tutor.games.first_martians.state import Facility, HubState, new_state

__all__ = ["At", "board_problems", "file_lines", "load_state", "read_intent", "validate"]

# What a HUB Facility takes from the board: a file cannot change these (``--board`` can).
BOARD_FACTS = ("block", "produces", "max_production", "action")
MAX_CREW = 4
#: the basic Facilities a Facility card may copy (what ``add_facility`` builds)
CARDS: tuple[str, ...] = get_args(AddFacility.model_fields["like"].annotation)


@lru_cache(maxsize=1)
def _intents() -> TypeAdapter[Intent]:
    return TypeAdapter(Intent)


def read_intent(data: Any, at: At) -> Intent:
    """One intent of a file, validated strictly and located.

    Raises:
        ContentError: one sentence per problem.
    """
    try:
        return _intents().validate_python(data, strict=True)
    except ValidationError as err:
        raise ContentError(at.source, validation_problems(err, data, at.path, at.lines,
                                                          at.rename)) from None


def load_state(data: Any, source: str = "state", board: Board | None = None, *,
               at: Path = (), lines: Lines | None = None) -> HubState:
    """Validate a HUB state document; every problem is reported, located.

    ``at`` is where the state sits in its file (``("state",)`` in a scenario or round file)
    and ``lines`` the file's line map.

    Raises:
        ContentError: the document does not describe a legal table.
    """
    board = board or default_board()
    where = At(source, at, lines)
    if not isinstance(data, dict):
        raise ContentError(source, [f"{where()}: a HUB state is a mapping (first_player, "
                                    "astronauts, facilities, ...)"])
    if not at:  # the whole file: some other file is refused without listing its keys
        refuse_foreign(data, HubState.model_fields, source, "a HUB state")
    data = dict(data)
    crew = data.get("astronauts")
    seats = len(crew) if isinstance(crew, list) else 2
    facs = data.get("facilities")
    if facs is None:
        data["facilities"] = setup_facilities(board, seats)
    elif isinstance(facs, dict):
        data["facilities"] = _merge_facilities(facs, board, seats, where)
        order = list(data["facilities"])
        where.rename = _by_id([f["id"] for f in order])
    state = validate(HubState, data, where)
    problems = board_problems(state, board, where)
    if problems:
        raise ContentError(source, problems)
    return state


def _by_id(ids: list[str]) -> Callable[[Path], Path]:
    """``facilities[k]...`` of the merged list back to ``facilities.ID...`` as written."""

    def rename(path: Path) -> Path:
        if len(path) >= 2 and path[0] == "facilities" and isinstance(path[1], int) \
                and path[1] < len(ids):
            return ("facilities", ids[path[1]], *path[2:])
        return path

    return rename


def setup_facilities(board: Board, seats: int) -> list[dict[str, Any]]:
    """The Facilities of the Board Setup HUB for ``seats`` astronauts (one Greenhouse and
    one plant each: rulebook, Board Setup), as plain data."""
    n = max(1, min(seats, MAX_CREW))  # a wrong crew size is the astronauts field's problem
    base = new_state(board, [f"seat{i}" for i in range(n)])
    return [f.model_dump() for f in base.facilities]


def _merge_facilities(changes: dict[str, Any], board: Board, seats: int,
                      where: At) -> list[dict[str, Any]]:
    """``facilities: {id: {field: value}}`` changes the Board Setup HUB's Facilities."""
    base = {f["id"]: f for f in setup_facilities(board, seats)}
    problems = [f"{where('facilities', k)}: the HUB has no Facility {k!r} (its Facilities: "
                f"{', '.join(base)})" for k in changes if k not in base]
    for fid, patch in changes.items():
        if fid not in base:
            continue
        if not isinstance(patch, dict):
            problems.append(f"{where('facilities', fid)}: the changes of a Facility are a "
                            "mapping (field: value)")
            continue
        patch = dict(patch)
        fixed = sorted(k for k in patch if k in ("id", "name", "statuses", *BOARD_FACTS))
        problems += [f"{where('facilities', fid, k)}: comes from the board data; correct "
                     "the board (mrp-tutor fm round --board FILE), not the HUB" for k in fixed]
        red = patch.pop("red", None)
        if red is not None:
            parts = red if isinstance(red, list) else [red]
            known = {s["part"] for s in base[fid]["statuses"]}
            bad = [p for p in parts if not isinstance(p, str) or p not in known]
            if bad:
                problems.append(f"{where('facilities', fid, 'red')}: {base[fid]['name']} has "
                                f"no {', '.join(map(repr, bad))} status (its statuses: "
                                f"{', '.join(sorted(known))})")
            for s in base[fid]["statuses"]:
                s["red"] = s["part"] in parts
        base[fid].update({k: v for k, v in patch.items() if k not in fixed})
    if problems:
        raise ContentError(where.source, problems)
    return list(base.values())


def board_problems(s: HubState, board: Board, where: At | str = "state") -> list[str]:
    """Facts of a state that the board data contradicts: the Facilities, map spaces, the
    health track, the Conditions, the General Supply's last space, the mission's sols."""
    at = where if isinstance(where, At) else At(where)
    out = _facility_problems(s, board, at)
    spaces = {x.id for x in board.spaces}
    out += [f"{at('tiles', k)}: there is no map space {k!r} for an ROI tile" for k in s.tiles
            if k not in spaces or k == "hub"]
    top = board.supply_max.value
    out += [f"{at('supply', r)}: the General Supply track ends at {top}, not {v} (rule "
            "tutor.supply_cap)" for r, v in s.supply.items() if v > top]
    names = board.conditions.names
    for i, a in enumerate(s.astronauts):
        if a.wounds > board.health.spaces:
            out.append(f"{at('astronauts', i, 'wounds')}: the health track has "
                       f"{board.health.spaces} spaces, {a.wounds} wounds is past its end")
        elif a.wounds == board.health.spaces and not a.dead:
            out.append(f"{at('astronauts', i, 'dead')}: {a.wounds} wounds is the end of the "
                       "health track: the astronaut is dead (rule winning.death); write "
                       "dead: true or fewer wounds")
        out += [f"{at('astronauts', i, 'conditions', j)}: there is no Condition {c!r} "
                f"(Conditions: {', '.join(names)})" for j, c in enumerate(a.conditions)
                if c not in names]
        if len(set(a.conditions)) != len(a.conditions):
            out.append(f"{at('astronauts', i, 'conditions')}: a Condition is held once")
    fids = {f.id for f in s.facilities}
    out += [f"{at('cargo', 'pending', j)}: {u!r} names no Facility (write "
            "upgrade:NAME@FACILITY)" for j, u in enumerate(s.cargo.pending)
            if u.startswith("upgrade:") and u.partition("@")[2] not in fids]
    if s.sols is not None and s.sol > s.sols and s.result is None:
        out.append(f"{at('sol')}: sol {s.sol} is past the mission's {s.sols} sols, and the "
                   "mission has no result")
    return out


def _facility_problems(s: HubState, board: Board, at: At) -> list[str]:
    """Every Facility of the board once, as the board describes it; none invented."""
    known = {f.id: f for f in board.facilities}
    out: list[str] = []
    seen: set[str] = set()
    for i, f in enumerate(s.facilities):
        spec = known.get(f.id)
        if spec is None:
            if _card_of(f, board) is None:
                out.append(f"{at('facilities', i)}: the HUB has no Facility {f.id!r}, and it "
                           "is not a Facility card built as the board's "
                           f"{' or '.join(board.facility(k).name for k in CARDS)} (its "
                           f"Facilities: {', '.join(known)})")
            continue
        seen.add(f.id)
        for k in BOARD_FACTS:
            if getattr(f, k) != getattr(spec, k):
                out.append(f"{at('facilities', i, k)}: {spec.name}'s {k.replace('_', ' ')} is "
                           f"{getattr(spec, k)!r} on the board, not {getattr(f, k)!r}")
        have = sorted((x.part, x.penalty) for x in f.statuses)
        want = sorted((x.part, x.penalty) for x in spec.statuses)
        if have != want:
            out.append(f"{at('facilities', i, 'statuses')}: {spec.name}'s statuses are "
                       f"{_statuses(want)} on the board, not {_statuses(have)}")
        farm = f.id.startswith("farm")
        if farm and f.farm is None:
            out.append(f"{at('facilities', i)}: {spec.name} is a Farm: give its farm "
                       "(greenhouses, seeds, plants)")
        elif not farm and f.farm is not None:
            out.append(f"{at('facilities', i, 'farm')}: {spec.name} is not a Farm")
    missing = [spec.name for fid, spec in known.items() if fid not in seen]
    if missing:
        out.append(f"{at('facilities')}: a HUB has every Facility of the board; this list "
                   f"leaves out {', '.join(missing)}")
    return out


def _card_of(f: Facility, board: Board) -> str | None:
    """The basic Facility a Facility card copies (``add_facility``: a backup Farm, Oxygenator
    or Solar Panel has that Facility's block, production track, action and statuses)."""
    for like in CARDS:
        spec = board.facility(like)
        same = all(getattr(f, k) == getattr(spec, k) for k in BOARD_FACTS)
        if same and sorted((x.part, x.penalty) for x in f.statuses) == sorted(
                (x.part, x.penalty) for x in spec.statuses) and (f.farm is not None) == (
                like.startswith("farm")):
            return like
    return None


def _statuses(pairs: Sequence[tuple[str, str]]) -> str:
    return ", ".join(f"{p} ({pen})" for p, pen in pairs) or "none"


def check_keys(doc: Mapping[str, Any], allowed: tuple[str, ...], at: At) -> list[str]:
    """Unknown top-level keys of a document (a misspelt ``round:`` is not ignored)."""
    return [f"{at(k)}: is not a field here (known: {', '.join(allowed)})" for k in doc
            if k not in allowed]
