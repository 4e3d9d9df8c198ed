"""The static game specification: zone graph, card catalogue and settings.

A :class:`GameSpec` is built once from validated :class:`~.content.Content` and never
changes.  Hot-path look-ups use the precomputed tuples and dicts; the networkx graph is
kept for drawing, analysis and load-time checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from mrp_tutor.games.mission_red_planet.engine.content import (
    RESOURCES,
    ActionEntry,
    CharacterEntry,
    Content,
    DiscoveryEntry,
    MissionEntry,
    RuleEntry,
    ShipEntry,
    TrackEntry,
    ZoneEntry,
)
from mrp_tutor.games.mission_red_planet.engine.loading import default_override_path, load_content

if TYPE_CHECKING:
    import networkx as nx

UNKNOWN: Final = "unknown"  # Final: compiled modules inline it (no look-up)


@dataclass(frozen=True, eq=False)
class GameSpec:
    """Everything about the game that does not change during play."""

    ruleset: str
    content: Content
    zones: tuple[str, ...] = field(init=False)
    zone_info: Mapping[str, ZoneEntry] = field(init=False)
    mars: tuple[str, ...] = field(init=False)
    outer: tuple[str, ...] = field(init=False)
    central: tuple[str, ...] = field(init=False)
    moon: str = field(init=False)
    adjacent: Mapping[str, tuple[str, ...]] = field(init=False)
    characters: Mapping[str, CharacterEntry] = field(init=False)
    countdown: tuple[str, ...] = field(init=False)
    ships: Mapping[str, ShipEntry] = field(init=False)
    cap: Mapping[str, int] = field(init=False)
    dest: Mapping[str, str] = field(init=False)
    discoveries: Mapping[str, DiscoveryEntry] = field(init=False)
    missions: Mapping[str, MissionEntry] = field(init=False)
    actions: Mapping[str, ActionEntry] = field(init=False)
    rules: Mapping[str, RuleEntry] = field(init=False)
    track: tuple[TrackEntry, ...] = field(init=False)
    #: the colours available at the table, in data order (a field: read on the hot path)
    colours: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        c = self.content
        s = object.__setattr__
        s(self, "zones", tuple(z.id for z in c.zones.zones))
        s(self, "zone_info", {z.id: z for z in c.zones.zones})
        s(self, "mars", tuple(z.id for z in c.zones.zones if z.kind != "moon"))
        s(self, "outer", tuple(z.id for z in c.zones.zones if z.kind == "outer"))
        s(self, "central", tuple(z.id for z in c.zones.zones if z.kind == "central"))
        moons = [z.id for z in c.zones.zones if z.kind == "moon"]
        s(self, "moon", moons[0] if moons else "")
        adj: dict[str, list[str]] = {z: [] for z in self.zones}
        for e in c.zones.adjacency:
            a, b = e.between
            adj[a].append(b)
            adj[b].append(a)
        s(self, "adjacent", {z: tuple(v) for z, v in adj.items()})
        s(self, "characters", {ch.id: ch for ch in c.characters.characters})
        order = sorted(c.characters.characters, key=lambda ch: -ch.number)
        s(self, "countdown", tuple(ch.id for ch in order))
        s(self, "ships", {sh.id: sh for sh in c.ships.ships})
        s(self, "cap", {sh.id: sh.capacity for sh in c.ships.ships})
        s(self, "dest", {sh.id: sh.destination for sh in c.ships.ships})
        s(self, "discoveries", {d.id: d for d in c.events.discoveries})
        s(self, "missions", {m.id: m for m in c.events.missions})
        s(self, "actions", {a.id: a for a in c.events.actions})
        s(self, "rules", {r.id: r for r in c.rules.rules})
        s(self, "track", tuple(c.game.track))
        s(self, "colours", tuple(c.game.colours))

    # ------------------------------------------------------------------ settings
    @property
    def astronauts_per_colour(self) -> int:
        """Astronauts each colour owns (22 in the box)."""
        return self.content.game.astronauts_per_colour

    @cached_property
    def point_values(self) -> Mapping[str, int]:
        """Points per point token of each resource (read-only, computed once)."""
        values: dict[str, int] = {str(k): v for k, v in self.content.game.point_values.items()}
        return MappingProxyType(values)

    @property
    def resources(self) -> tuple[str, ...]:
        """Resource kinds in a fixed order."""
        return RESOURCES

    def capacity(self, ship: str) -> int:
        """Printed capacity of a ship card."""
        return self.ships[ship].capacity

    def card_kind(self, card: str) -> str:
        """``discovery``, ``mission`` or ``action`` for an event card id."""
        if card in self.discoveries:
            return "discovery"
        if card in self.missions:
            return "mission"
        if card in self.actions:
            return "action"
        raise KeyError(card)

    def term(self, word: str) -> str:
        """What this edition's rulebook calls ``word`` (``mission`` -> ``bonus card`` in the
        first edition); the word itself when the data names no other."""
        return self.content.game.terms.get(word, word)

    def card_name(self, card: str) -> str:
        """Display name of any card, ship, zone or character id."""
        for table in (self.discoveries, self.missions, self.actions, self.characters):
            if card in table:
                return str(table[card].name)
        if card in self.zone_info:
            return self.zone_info[card].name
        if card in self.ships:
            return f"ship {card}"
        return card

    @cached_property
    def memo(self) -> dict[Any, Any]:
        """Memo of derived values for the engine's hot path (e.g. prebuilt intent lists).

        Derived from the spec alone, so it never goes stale; never serialised.
        """
        return {}

    @cached_property
    def graph(self) -> nx.Graph:
        """The zone graph (read-only networkx graph) with zone attributes."""
        import networkx as nx  # only here: a visitor's kernel never needs it (~11 MB)

        g = nx.Graph()
        for z in self.content.zones.zones:
            g.add_node(z.id, name=z.name, kind=z.kind, verified=z.verified)
        for e in self.content.zones.adjacency:
            g.add_edge(*e.between, verified=e.verified, source=e.source)
        return nx.freeze(g)

    def unverified(self) -> list[tuple[str, str, str]]:
        """Every card entry not checked against a physical copy: (file, id, source)."""
        c = self.content
        out: list[tuple[str, str, str]] = []
        for z in c.zones.zones:
            if not z.verified:
                out.append(("zones", z.id, z.source))
        for e in c.zones.adjacency:
            if not e.verified:
                out.append(("zones", "-".join(e.between), e.source))
        for ch in c.characters.characters:
            if not ch.verified or not all(st.verified for st in ch.steps):
                out.append(("characters", ch.id, ch.source))
        for sh in c.ships.ships:
            if not sh.verified:
                out.append(("ships", sh.id, sh.source))
        cards: list[DiscoveryEntry | MissionEntry | ActionEntry] = [
            *c.events.discoveries, *c.events.missions, *c.events.actions]
        for card in cards:
            if not card.verified:
                out.append(("events", card.id, card.source))
        return out


_CACHE: dict[tuple[str, str, str], GameSpec] = {}


def load_spec(
    ruleset: str = "base",
    *,
    overrides: Path | Mapping[str, Any] | None = None,
    use_env_overrides: bool = True,
    data_dir: Path | None = None,
) -> GameSpec:
    """Load the spec of data folder ``ruleset`` (cached when no explicit overrides are given).

    The referee's override file (:func:`~.loading.default_override_path`: the same one the
    app reads) is applied, when it exists, unless ``use_env_overrides`` is false.
    ``data_dir``: where the data folder lives (default: the package's data).

    Raises:
        ContentError: a data file or the override file is wrong (all problems listed).
    """
    if overrides is None and use_env_overrides:
        overrides = default_override_path()
    if overrides is None or isinstance(overrides, Path):
        key = (ruleset, str(overrides), str(data_dir))
        if key in _CACHE and (overrides is None or not overrides.exists()):
            return _CACHE[key]
        spec = GameSpec(ruleset, load_content(ruleset, overrides=overrides, data_dir=data_dir))
        if overrides is None or not overrides.exists():
            _CACHE[key] = spec
        return spec
    return GameSpec(ruleset, load_content(ruleset, overrides=overrides, data_dir=data_dir))


def clear_cache() -> None:
    """Forget cached specs (after a referee edits the override file)."""
    _CACHE.clear()
