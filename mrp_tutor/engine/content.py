"""Game content: pydantic models of the data files and the loader.

Card data is validated here, at the boundary, once.  Every problem in every file is
collected before one :class:`~mrp_tutor.engine.errors.ContentError` is raised, so a
referee correcting an entry sees everything that is wrong at once.

A referee's own corrections live in an *override file* (YAML, same layout as the data
files, entries matched by ``id``; only the fields given are replaced).  See
:func:`load_spec`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..core.loading import format_validation as _format_validation
from ..core.loading import merge_entries as _merge_entries
from ..core.loading import read_yaml
from ..core.rules import RuleEntry as RuleEntry  # re-exported
from ..core.rules import RulesFile
from ..core.rules import SectionEntry as SectionEntry  # re-exported
from .errors import ContentError

Resource = Literal["ice", "sylvanite", "celerium"]
RESOURCES: tuple[Resource, ...] = ("ice", "sylvanite", "celerium")
DATA_DIR = Path(__file__).resolve().parent.parent / "data"
OVERRIDE_ENV = "MRP_TUTOR_OVERRIDES"


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Sourced(_Model):
    """Provenance carried by every card entry."""

    source: str = ""
    verified: bool = False
    notes: str = ""


# --------------------------------------------------------------------------- zones


class ZoneEntry(Sourced):
    id: str
    name: str
    kind: Literal["central", "outer", "moon"]


class EdgeEntry(Sourced):
    between: tuple[str, str]


class ZonesFile(_Model):
    zones: list[ZoneEntry]
    adjacency: list[EdgeEntry]


# --------------------------------------------------------------------------- character steps


class _Step(_Model):
    # the rule id this step applies (a rules-file entry); empty: the character's own rule
    rule: str = ""
    # named sub-rules (e.g. ``flip``, ``peek``, ``all_or_nothing``); missing: ``<rule>.<name>``
    rules: dict[str, str] = {}
    source: str = ""
    verified: bool = False
    notes: str = ""


class BoardStep(_Step):
    effect: Literal["board"]
    count: int = Field(ge=1)
    ships: Literal["any", "same", "distinct"] = "any"
    all_or_nothing: bool = False


class RecallStep(_Step):
    effect: Literal["recall_cards"]


class MoveStep(_Step):
    effect: Literal["move_adjacent"]
    max_moves: int = Field(ge=1)
    min_moves: int = Field(default=1, ge=0)  # rule characters.explorer.at_least_one


class DrawOrPeekStep(_Step):
    effect: Literal["draw_or_peek"]


class ForceLaunchStep(_Step):
    effect: Literal["force_launch"]
    allow_empty: bool = True


class DestroyStep(_Step):
    effect: Literal["destroy_docked"]


class ReplaceStep(_Step):
    effect: Literal["replace"]
    targets: list[Literal["docked", "launched", "zone"]]
    requires_presence: bool = True


class KillStep(_Step):
    effect: Literal["kill"]
    count: int = Field(default=1, ge=1)
    exclude_zones: list[str] = []
    allow_own: bool = True


class DropStep(_Step):
    effect: Literal["drop_from"]
    from_zone: str
    max: int = Field(ge=1)
    min: int = Field(default=1, ge=0)


class TokenStep(_Step):
    effect: Literal["place_destination_token"]
    targets: list[Literal["docked", "launched"]]


CharacterStep = Annotated[
    BoardStep | RecallStep | MoveStep | DrawOrPeekStep | ForceLaunchStep | DestroyStep
    | ReplaceStep | KillStep | DropStep | TokenStep,
    Field(discriminator="effect"),
]


class CharacterEntry(Sourced):
    id: str
    number: int = Field(ge=1, le=9)
    name: str
    rule: str
    text: str
    steps: list[CharacterStep]

    @model_validator(mode="before")
    @classmethod
    def _steps_cite_the_card(cls, data: Any) -> Any:
        # a step without its own rule id cites its character's card, never another card's
        if isinstance(data, dict) and isinstance(data.get("steps"), list):
            data = {**data, "steps": [
                {**st, "rule": data.get("rule", "")} if isinstance(st, dict) and not st.get("rule")
                else st for st in data["steps"]]}
        return data


class CharactersFile(_Model):
    characters: list[CharacterEntry]


# --------------------------------------------------------------------------- ships


class ShipEntry(Sourced):
    id: str
    destination: str
    capacity: int = Field(ge=1)


class ShipsFile(_Model):
    ships: list[ShipEntry]


# --------------------------------------------------------------------------- event cards


class _Fx(_Model):
    pass


class RemoveEachPlayer(_Fx):
    effect: Literal["remove_each_player"]
    count: int = Field(default=1, ge=1)


class PullDocked(_Fx):
    effect: Literal["pull_docked_astronauts"]


class ScatterToAdjacent(_Fx):
    effect: Literal["scatter_to_adjacent"]


class CountAllTied(_Fx):
    effect: Literal["count_all_tied"]


class FewestWins(_Fx):
    effect: Literal["fewest_wins"]


class NoProduction(_Fx):
    effect: Literal["no_production"]


class ExtraProductionAdjacent(_Fx):
    effect: Literal["extra_production_adjacent"]
    amount: int = Field(default=1, ge=1)


class SecondMostTakes(_Fx):
    effect: Literal["second_most_takes"]


class ExtraProduction(_Fx):
    effect: Literal["extra_production"]
    amount: int = Field(ge=1)


class ProduceResourceInstead(_Fx):
    effect: Literal["produce_resource_instead"]
    resource: Resource


class PresencePoints(_Fx):
    effect: Literal["presence_points"]
    points: int


class MajorityPoints(_Fx):
    effect: Literal["majority_points"]
    points: int


DiscoveryEffect = Annotated[
    RemoveEachPlayer | PullDocked | ScatterToAdjacent | CountAllTied | FewestWins | NoProduction
    | ExtraProductionAdjacent | SecondMostTakes | ExtraProduction | ProduceResourceInstead
    | PresencePoints | MajorityPoints,
    Field(discriminator="effect"),
]

DISCOVERY_PHASE_OF: dict[str, str] = {
    "remove_each_player": "reveal",
    "pull_docked_astronauts": "reveal",
    "scatter_to_adjacent": "reveal",
    "count_all_tied": "third_production",
    "fewest_wins": "third_production",
    "no_production": "third_production",
    "extra_production_adjacent": "third_production",
    "second_most_takes": "third_production",
    "extra_production": "third_production",
    "produce_resource_instead": "third_production",
    "presence_points": "final_scoring",
    "majority_points": "final_scoring",
}


class DiscoveryEntry(Sourced):
    id: str
    name: str
    phase: Literal["reveal", "third_production", "final_scoring"]
    effect: DiscoveryEffect
    text: str


class PresenceTable(_Fx):
    effect: Literal["presence_table"]
    zones: list[str]
    table: list[int]


class MostAstronautsInZones(_Fx):
    effect: Literal["most_astronauts_in_zones"]
    zones: list[str]
    points: int


class MostAstronautsInZone(_Fx):
    effect: Literal["most_astronauts_in_zone"]
    zone: str
    points: int


class MostTokens(_Fx):
    effect: Literal["most_tokens"]
    resource: Resource
    points: int


class AtLeastTokens(_Fx):
    effect: Literal["at_least_tokens"]
    resource: Resource
    count: int = Field(ge=1)
    points: int


class PerAstronautCapped(_Fx):
    effect: Literal["per_astronaut_capped"]
    place: str
    per: int
    cap: int


class PerZonePresence(_Fx):
    effect: Literal["per_zone_presence"]
    per: int


class AstronautsOnMarsAtLeast(_Fx):
    effect: Literal["astronauts_on_mars_at_least"]
    count: int = Field(ge=1)
    points: int


class OneOfEachToken(_Fx):
    effect: Literal["one_of_each_token"]
    points: int


MissionEffect = Annotated[
    PresenceTable | MostAstronautsInZones | MostAstronautsInZone | MostTokens | AtLeastTokens
    | PerAstronautCapped | PerZonePresence | AstronautsOnMarsAtLeast | OneOfEachToken,
    Field(discriminator="effect"),
]


class MissionEntry(Sourced):
    id: str
    name: str
    effect: MissionEffect
    text: str


class GainTokens(_Fx):
    effect: Literal["gain_tokens"]
    resource: Resource
    count: int = Field(ge=1)


class RescueFromMemorial(_Fx):
    effect: Literal["rescue_from_memorial"]
    max: int = Field(ge=1)


class KillWherePresent(_Fx):
    effect: Literal["kill_where_present"]
    count: int = Field(default=1, ge=1)


ActionEffect = Annotated[
    GainTokens | RescueFromMemorial | KillWherePresent, Field(discriminator="effect")
]


class ActionEntry(Sourced):
    id: str
    name: str
    timing: Literal["before_third_production", "after_third_production"]
    effect: ActionEffect
    text: str


class EventsFile(_Model):
    discoveries: list[DiscoveryEntry]
    missions: list[MissionEntry]
    actions: list[ActionEntry]


# --------------------------------------------------------------------------- game


class TrackEntry(_Model):
    kind: Literal["round", "production", "reveal_discoveries", "final_scoring"]
    number: int = 0
    amount: int = 0


class PlayersRange(_Model):
    min: int
    max: int


class IceMonopoly(_Model):
    points: int
    rule: str


class Provenance(_Model):
    source: str = ""
    verified: bool = False
    notes: str = ""


class GameFile(_Model):
    colours: list[str]
    astronauts_per_colour: int = Field(ge=1)
    players: PlayersRange
    resource_tokens: dict[Resource, int]
    point_tokens: dict[Resource, int]
    point_values: dict[Resource, int]
    destination_tokens_per_zone: int = Field(ge=0)
    ice_monopoly: IceMonopoly
    rounds: int
    track: list[TrackEntry]
    provenance: dict[str, Provenance] = {}
    sources: dict[str, Any] = {}


class Content(_Model):
    """Every data file of one ruleset, validated."""

    rules: RulesFile
    zones: ZonesFile
    characters: CharactersFile
    ships: ShipsFile
    events: EventsFile
    game: GameFile


FILES: dict[str, type[BaseModel]] = {
    "rules": RulesFile,
    "zones": ZonesFile,
    "characters": CharactersFile,
    "ships": ShipsFile,
    "events": EventsFile,
    "game": GameFile,
}


# --------------------------------------------------------------------------- loading


def apply_overrides(raw: dict[str, Any], overrides: Mapping[str, Any], problems: list[str]) -> None:
    """Apply a referee's override document to the raw data, in place."""
    for fname, patch in overrides.items():
        if fname not in raw:
            problems.append(f"overrides: unknown file {fname!r} (known: {sorted(raw)})")
            continue
        if not isinstance(patch, dict):
            problems.append(f"overrides.{fname}: must be a mapping")
            continue
        target = raw[fname]
        for key, value in patch.items():
            if isinstance(value, list) and isinstance(target.get(key), list) and key != "track":
                if fname == "zones" and key == "adjacency":
                    target[key] = value  # adjacency is replaced whole
                else:
                    target[key] = _merge_entries(target[key], value, f"overrides.{fname}.{key}",
                                                 problems)
            elif key in target or fname == "game":
                target[key] = value
            else:
                problems.append(f"overrides.{fname}: unknown key {key!r}")


def default_override_path() -> Path:
    """The referee's override file, the one place the app and the CLI both read:
    ``$MRP_TUTOR_OVERRIDES`` when set, else ``~/.mrp_tutor/overrides.yaml``."""
    env = os.environ.get(OVERRIDE_ENV)
    return Path(env).expanduser() if env else Path.home() / ".mrp_tutor" / "overrides.yaml"


def _merge_by_id(base: Any, extra: Any) -> Any:
    """``extra`` over ``base``: mappings key by key; lists of entries with an ``id`` (or a
    ``path``) entry by entry (same id: replaced; new id: appended); anything else replaced."""
    if isinstance(base, dict) and isinstance(extra, dict):
        return {**base, **{k: _merge_by_id(base.get(k), v) for k, v in extra.items()}}
    if (isinstance(base, list) and isinstance(extra, list)
            and all(isinstance(x, dict) and ("id" in x or "path" in x) for x in base + extra)):
        new = {x.get("id", x.get("path")): x for x in extra}
        return [new.pop(x.get("id", x.get("path")), x) for x in base] + list(new.values())
    return extra


def _read_folder(folder: Path, problems: list[str], depth: int = 0) -> dict[str, Any]:
    """The raw data files of a folder.  A folder with ``extends.yaml`` (``extends: base``)
    holds only what it changes: its files are merged over the extended folder's, entry by id."""
    raw: dict[str, Any] = {}
    marker = folder / "extends.yaml"
    if marker.exists() and depth < 4:
        doc = read_yaml(marker) or {}
        parent = doc.get("extends") if isinstance(doc, dict) else None
        if not isinstance(parent, str) or "/" in parent or parent.startswith("."):
            problems.append(f"{marker}: extends must name a data folder")
        else:
            base_dir = DATA_DIR if (DATA_DIR / parent).is_dir() else folder.parent
            raw = _read_folder(base_dir / parent, problems, depth + 1)
    for name in FILES:
        path = folder / f"{name}.yaml"
        if raw and not path.exists():
            continue
        try:
            data = read_yaml(path) or {}
        except ContentError as err:
            problems.extend(err.problems if err.problems else [str(err)])
            data = {}
        raw[name] = _merge_by_id(raw[name], data) if name in raw else data
    return raw


def load_content(
    ruleset: str = "base",
    *,
    overrides: Path | Mapping[str, Any] | None = None,
    data_dir: Path | None = None,
) -> Content:
    """Load and validate every data file of ``ruleset``, applying ``overrides``.

    Raises:
        ContentError: listing every problem in every file (schema and cross references).
    """
    folder = (data_dir or DATA_DIR) / ruleset
    problems: list[str] = []
    raw = _read_folder(folder, problems)
    if overrides is not None:
        if isinstance(overrides, Path):
            doc = read_yaml(overrides) if overrides.exists() else {}
            doc = doc or {}
            where = str(overrides)
        else:
            doc, where = dict(overrides), "overrides"
        if not isinstance(doc, dict):
            problems.append(f"{where}: must be a mapping of file name to changes")
        else:
            apply_overrides(raw, doc, problems)
    validated: dict[str, Any] = {}
    for name, model in FILES.items():
        try:
            validated[name] = model.model_validate(raw[name])
        except ValidationError as err:
            problems.extend(_format_validation(f"{name}.yaml", err, raw[name]))
    if problems:
        raise ContentError(str(folder), problems)
    content = Content(**validated)
    problems.extend(cross_check(content))
    if problems:
        raise ContentError(str(folder), problems)
    return content


def cross_check(c: Content) -> list[str]:
    """Check every reference between files; return the problems found."""
    problems: list[str] = []
    rule_ids = {r.id for r in c.rules.rules}
    zone_ids = {z.id for z in c.zones.zones}

    def dupes(kind: str, ids: list[str]) -> Iterator[str]:
        seen: set[str] = set()
        for i in ids:
            if i in seen:
                yield f"{kind}: duplicate id {i!r}"
            seen.add(i)

    problems += dupes("rules.yaml", [r.id for r in c.rules.rules])
    problems += dupes("zones.yaml", [z.id for z in c.zones.zones])
    problems += dupes("characters.yaml", [ch.id for ch in c.characters.characters])
    problems += dupes("ships.yaml", [s.id for s in c.ships.ships])
    problems += dupes(
        "events.yaml",
        [d.id for d in c.events.discoveries] + [m.id for m in c.events.missions]
        + [a.id for a in c.events.actions],
    )
    for e in c.zones.adjacency:
        for z in e.between:
            if z not in zone_ids:
                problems.append(f"zones.yaml: adjacency names unknown zone {z!r}")
        if e.between[0] == e.between[1]:
            problems.append(f"zones.yaml: zone {e.between[0]!r} adjacent to itself")
    moons = [z for z in c.zones.zones if z.kind == "moon"]
    for m in moons:
        if any(m.id in e.between for e in c.zones.adjacency):
            problems.append(
                f"zones.yaml: {m.id} must not be adjacent to any zone (phobos.no_adjacency)")
    numbers = sorted(ch.number for ch in c.characters.characters)
    if len(set(numbers)) != len(numbers):
        problems.append("characters.yaml: two characters share a countdown number")
    for ch in c.characters.characters:
        if ch.rule not in rule_ids:
            problems.append(f"characters.yaml: {ch.id}: unknown rule id {ch.rule!r}")
        for i, st in enumerate(ch.steps):
            where = f"characters.yaml: {ch.id}.steps[{i}]"
            for rid in (st.rule, *st.rules.values()):
                if rid not in rule_ids:
                    problems.append(f"{where}: unknown rule id {rid!r}")
            if isinstance(st, KillStep):
                for z in st.exclude_zones:
                    if z not in zone_ids:
                        problems.append(f"{where}: unknown zone {z!r}")
            if isinstance(st, DropStep):
                if st.from_zone not in zone_ids:
                    problems.append(f"{where}: unknown zone {st.from_zone!r}")
                if st.min > st.max:
                    problems.append(f"{where}: min {st.min} is more than max {st.max}")
    for s in c.ships.ships:
        if s.destination != "unknown" and s.destination not in zone_ids:
            problems.append(f"ships.yaml: {s.id}: unknown destination {s.destination!r}")
    for d in c.events.discoveries:
        want = DISCOVERY_PHASE_OF[d.effect.effect]
        if want != d.phase:
            problems.append(
                f"events.yaml: discovery {d.id}: effect {d.effect.effect!r} resolves in phase "
                f"{want!r}, not {d.phase!r}"
            )
    for mission in c.events.missions:
        fx = mission.effect
        zones: list[str] = []
        if isinstance(fx, PresenceTable | MostAstronautsInZones):
            zones = list(fx.zones)
        elif isinstance(fx, MostAstronautsInZone):
            zones = [fx.zone]
        elif isinstance(fx, PerAstronautCapped) and fx.place != "memorial":
            zones = [fx.place]
        for z in zones:
            if z not in zone_ids:
                problems.append(f"events.yaml: mission {mission.id}: unknown zone {z!r}")
        if isinstance(fx, PresenceTable) and len(fx.table) != len(fx.zones):
            problems.append(
                f"events.yaml: mission {mission.id}: table has {len(fx.table)} entries for "
                f"{len(fx.zones)} zones"
            )
    g = c.game
    if g.ice_monopoly.rule not in rule_ids:
        problems.append(f"game.yaml: ice_monopoly.rule {g.ice_monopoly.rule!r} is not a rule id")
    if len(set(g.colours)) != len(g.colours):
        problems.append("game.yaml: duplicate colour")
    if g.players.max > len(g.colours):
        problems.append("game.yaml: more players than colours")
    rounds = [t.number for t in g.track if t.kind == "round"]
    if rounds != list(range(1, g.rounds + 1)):
        problems.append(f"game.yaml: track rounds {rounds} are not 1..{g.rounds}")
    for i, t in enumerate(g.track):
        if t.kind == "production" and t.amount < 1:
            problems.append(f"game.yaml: track[{i}] production must produce 1 or more tokens "
                            f"per zone, not {t.amount}")
    if not g.track or g.track[-1].kind != "final_scoring":
        problems.append("game.yaml: the track must end with final_scoring")
    placed = len(c.zones.zones)
    if sum(g.resource_tokens.values()) < placed:
        total = sum(g.resource_tokens.values())
        problems.append(f"game.yaml: {total} resource tokens for {placed} zones")
    return problems

