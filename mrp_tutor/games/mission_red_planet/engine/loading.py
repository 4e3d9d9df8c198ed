"""Loading game content: read a data folder (and the folder it extends), apply the referee's
overrides, validate every file and cross-check every reference (split from :mod:`.content`,
which re-exports these functions)."""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from mrp_tutor.core.loading import format_validation as _format_validation
from mrp_tutor.core.loading import merge_entries as _merge_entries
from mrp_tutor.core.loading import read_yaml
from mrp_tutor.games.mission_red_planet.engine.content import (
    DATA_DIR,
    DISCOVERY_PHASE_OF,
    FILES,
    OVERRIDE_ENV,
    BoardStep,
    Content,
    DiscoveryEntry,
    DropStep,
    KillStep,
    MissionEntry,
    MostAstronautsInZone,
    MostAstronautsInZones,
    PerAstronautCapped,
    PresenceTable,
    RecallStep,
)
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError

# --------------------------------------------------------------------------- loading


_PARSED: dict[tuple[str, int, int], Any] = {}


def _read_data_file(path: Path) -> Any:
    """A data file of a ruleset, parsed once per version of the file.  A shallow copy is
    returned: :func:`apply_overrides` replaces top-level keys and list entries, never
    changing a nested value in place."""
    try:
        st = path.stat()
    except OSError:
        return read_yaml(path)  # the loader names the problem
    key = (str(path), st.st_mtime_ns, st.st_size)
    if key not in _PARSED:
        _PARSED[key] = read_yaml(path)
    data = _PARSED[key]
    return dict(data) if isinstance(data, dict) else data


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
        if not isinstance(target, dict):
            continue  # the data file itself is wrong: reported when it is validated
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


def default_override_path() -> Path | None:
    """The operator's override file, the one place the app and the CLI (``load_spec``) both
    read: ``$MRP_TUTOR_OVERRIDES`` when set, else none (never a file in a home folder)."""
    env = os.environ.get(OVERRIDE_ENV)
    return Path(env).expanduser() if env else None


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


def _remove(raw: dict[str, Any], drop: Any, where: str, problems: list[str]) -> None:
    """Take out of ``raw`` (the extended folder's files) the entries an extending folder
    removes: ``remove:`` of its ``extends.yaml``, data file -> ids (``characters: [pilot]``),
    so an entry can be replaced by one of another id (a new character at an existing
    number).  Only the top-level lists of a file are changed (new lists: the parsed files
    are shared)."""
    if drop is None:
        return
    if not isinstance(drop, dict):
        problems.append(f"{where}: a mapping of data file to ids ({', '.join(FILES)})")
        return
    for name, ids in drop.items():
        if (name not in raw or not isinstance(raw[name], dict) or not isinstance(ids, list)
                or not all(isinstance(i, str) for i in ids)):
            problems.append(f"{where}.{name}: a list of ids of a data file ({', '.join(FILES)})")
            continue
        data, found = raw[name], set()
        for key, entries in list(data.items()):
            if isinstance(entries, list):
                gone = {x.get("id") for x in entries if isinstance(x, dict) and x.get("id") in ids}
                found |= gone
                data[key] = [x for x in entries
                             if not (isinstance(x, dict) and x.get("id") in gone)]
        problems.extend(f"{where}.{name}: no entry {i!r} to remove" for i in ids if i not in found)


def _read_folder(folder: Path, problems: list[str], depth: int = 0) -> dict[str, Any]:
    """The raw data files of a folder.  A folder with ``extends.yaml`` (``extends: base``)
    holds only what it changes: its files are merged over the extended folder's, entry by id
    (same id: replaced; new id: added), after the entries its ``remove:`` names are taken out
    (:func:`_remove`)."""
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
            _remove(raw, doc.get("remove"), f"{marker}: remove", problems)
    for name in FILES:
        path = folder / f"{name}.yaml"
        if raw and not path.exists():
            continue
        try:
            data = _read_data_file(path) or {}
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
    from mrp_tutor.core.loader import confine

    folder = confine(data_dir or DATA_DIR, ruleset, "ruleset", "ruleset")
    problems: list[str] = []
    raw = _read_folder(folder, problems)
    if overrides is not None:
        if isinstance(overrides, Path):
            doc = read_yaml(overrides) if overrides.exists() else {}
            doc = {} if doc is None else doc  # an empty file: no overrides (not `[]` or "")
        else:
            doc = dict(overrides)
        if not isinstance(doc, dict):
            what = "a list" if isinstance(doc, list) else f"a {type(doc).__name__}"
            problems.append(f"document: an override file maps data file names to changes "
                            f"(e.g. 'ships:'), not {what}")
        else:
            apply_overrides(raw, doc, problems)
    # The shipped data is tested: with an override file, its problems are that file's.
    source = str(overrides) if isinstance(overrides, Path) else str(folder)
    validated: dict[str, Any] = {}
    for name, model in FILES.items():
        try:
            validated[name] = model.model_validate(raw[name])
        except ValidationError as err:
            problems.extend(_format_validation(f"{name}.yaml", err, raw[name]))
    if problems:
        raise ContentError(source, problems)
    content = Content(**validated)
    problems.extend(cross_check(content))
    if problems:
        raise ContentError(source, problems)
    return content


def cross_check(c: Content) -> list[str]:
    """Check every reference between files; return the problems found."""
    rule_ids = {r.id for r in c.rules.rules}
    zone_ids = {z.id for z in c.zones.zones}
    return [*_duplicate_ids(c), *_zone_problems(c, zone_ids),
            *_character_problems(c, rule_ids, zone_ids), *_event_problems(c, rule_ids, zone_ids),
            *_game_problems(c, rule_ids)]


def _duplicate_ids(c: Content) -> list[str]:
    def dupes(kind: str, ids: list[str]) -> Iterator[str]:
        seen: set[str] = set()
        for i in ids:
            if i in seen:
                yield f"{kind}: duplicate id {i!r}"
            seen.add(i)

    problems: list[str] = []
    problems += dupes("rules.yaml", [r.id for r in c.rules.rules])
    problems += dupes("zones.yaml", [z.id for z in c.zones.zones])
    problems += dupes("characters.yaml", [ch.id for ch in c.characters.characters])
    problems += dupes("ships.yaml", [s.id for s in c.ships.ships])
    problems += dupes(
        "events.yaml",
        [d.id for d in c.events.discoveries] + [m.id for m in c.events.missions]
        + [a.id for a in c.events.actions],
    )
    return problems


def _zone_problems(c: Content, zone_ids: set[str]) -> list[str]:
    problems: list[str] = []
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
    return problems


def _character_problems(c: Content, rule_ids: set[str], zone_ids: set[str]) -> list[str]:
    problems: list[str] = []
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
            if isinstance(st, BoardStep) and st.min is not None and st.min > st.count:
                problems.append(f"{where}: min {st.min} is more than count {st.count}")
            if isinstance(st, DropStep):
                if st.from_zone not in zone_ids:
                    problems.append(f"{where}: unknown zone {st.from_zone!r}")
                if st.min > st.max:
                    problems.append(f"{where}: min {st.min} is more than max {st.max}")
    chars = c.characters.characters
    if c.game.rounds > len(chars) and not any(
            isinstance(st, RecallStep) for ch in chars for st in ch.steps):
        problems.append(
            f"characters.yaml: a game of {c.game.rounds} rounds needs a character that takes the "
            f"played cards back (a recall_cards step): each player has only {len(chars)} "
            "characters, one played per round (rule characters.recruiter)")
    return problems


def _event_problems(c: Content, rule_ids: set[str], zone_ids: set[str]) -> list[str]:
    """Ships' destinations, and the rules, phases and zones of the event cards."""
    problems: list[str] = []
    for s in c.ships.ships:
        if s.destination != "unknown" and s.destination not in zone_ids:
            problems.append(f"ships.yaml: {s.id}: unknown destination {s.destination!r}")
    cards: list[DiscoveryEntry | MissionEntry] = [*c.events.discoveries, *c.events.missions]
    for card in cards:
        if card.rule and card.rule not in rule_ids:
            problems.append(f"events.yaml: {card.id}: unknown rule id {card.rule!r}")
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
    return problems


def _game_problems(c: Content, rule_ids: set[str]) -> list[str]:
    problems: list[str] = []
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

