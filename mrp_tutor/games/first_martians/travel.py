"""Travel on the revealed map, as a networkx graph.

Nodes are map spaces (the HUB and the spaces of the board data); edges join spaces that
share a side, minus the long outer edges of tiles marked impassable.  A path runs from the
HUB through revealed ROI tiles only; an unrevealed space can only be the destination of an
Explore action.  "If there are multiple paths to your destination, you may choose your path"
(Travel): :func:`paths` lists the legal paths cheapest first, a placement may name the one
the player chose (checked by :func:`route`), and without one the cheapest is taken: fewest
pawns, then fewest distinct terrain penalties (tutor reading ``tutor.cheapest_path``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import islice, pairwise

import networkx as nx

from mrp_tutor.games.first_martians.content import Board
from mrp_tutor.games.first_martians.errors import FmError
from mrp_tutor.games.first_martians.state import HubState

TERRAIN = ("wound", "morale", "adventure", "rover")


@dataclass(frozen=True, slots=True)
class Route:
    """A legal path and what it costs the astronaut on top of the stack."""

    path: tuple[str, ...]
    extra_pawns: int
    penalties: tuple[str, ...]
    alternatives: tuple[tuple[tuple[str, ...], int, tuple[str, ...]], ...] = field(default=())


@dataclass(frozen=True, slots=True)
class PathOption:
    """One legal path to a destination and what travelling it costs."""

    path: tuple[str, ...]
    names: tuple[str, ...]
    extra_pawns: int
    penalties: tuple[str, ...]
    cheapest: bool = False


def _icons(board: Board, state: HubState, space: str) -> list[str]:
    if space == "hub":
        return []
    tile = state.tiles.get(space)
    if tile is not None:
        return list(tile.icons)
    spec = next(s for s in board.spaces if s.id == space)
    return ["extra_pawn"] * spec.extra_pawns


def map_graph(board: Board, state: HubState) -> nx.Graph:
    """The map: every space with ``revealed``, ``icons`` and ``ring``; passable edges only."""
    g = nx.Graph()
    ring = {s.id: s.ring for s in board.spaces}
    for s in board.spaces:
        g.add_node(s.id, ring=s.ring, name=s.name, explorable=s.explorable,
                   revealed=s.id == "hub" or s.id in state.tiles,
                   icons=_icons(board, state, s.id))
    for s in board.spaces:
        for n in s.neighbours:
            blocked = False
            for a, b in ((s.id, n), (n, s.id)):
                tile = state.tiles.get(a)
                if tile is not None and tile.impassable_outer and ring[b] == ring[a] + 1:
                    blocked = True
            if not blocked:
                g.add_edge(s.id, n)
    return g


def _travel_graph(g: nx.Graph, dest: str, explore: bool) -> nx.DiGraph:
    nodes = [n for n, d in g.nodes(data=True) if d["revealed"]] + ([dest] if explore else [])
    h = nx.DiGraph()
    for u, v in g.subgraph(nodes).edges():
        for a, b in ((u, v), (v, u)):
            if b == dest or g.nodes[b]["revealed"]:
                h.add_edge(a, b, w=g.nodes[b]["icons"].count("extra_pawn"))
    return h


def _check_dest(g: nx.Graph, dest: str, explore: bool) -> str:
    if dest not in g:
        raise FmError("fm.unknown_space", "travel.path", f"there is no map space {dest!r}",
                      {"space": dest})
    name: str = g.nodes[dest]["name"]
    revealed = g.nodes[dest]["revealed"]
    if explore and revealed:
        raise FmError("fm.already_revealed", "explore.declare", f"{name} is already explored",
                      {"space": dest})
    if explore and not g.nodes[dest]["explorable"]:
        raise FmError("fm.not_explorable", "explore.forbidden", f"{name} cannot be explored",
                      {"space": dest})
    if not explore and not revealed:
        raise FmError("fm.not_revealed", "travel.unrevealed", f"{name} is not revealed: only an "
                      "Explore action may travel to an empty space", {"space": dest})
    return name


def _cost(g: nx.Graph, p: Sequence[str]) -> tuple[int, tuple[str, ...]]:
    icons = [i for n in p for i in g.nodes[n]["icons"]]
    return icons.count("extra_pawn"), tuple(sorted({i for i in icons if i in TERRAIN}))


def paths(board: Board, state: HubState, dest: str, *, explore: bool = False,
          limit: int = 12, graph: nx.Graph | None = None) -> list[PathOption]:
    """The legal paths from the HUB to ``dest``, cheapest first (fewest Extra Pawn icons,
    then fewest distinct terrain penalties, then fewest tiles); at most ``limit``.

    Raises:
        FmError: as :func:`route`.
    """
    g = graph if graph is not None else map_graph(board, state)
    name = _check_dest(g, dest, explore)
    if dest == "hub":
        return [PathOption(("hub",), ("HUB",), 0, (), True)]
    h = _travel_graph(g, dest, explore)
    if "hub" not in h or dest not in h or not nx.has_path(h, "hub", dest):
        raise FmError("fm.no_path", "travel.edges" if not explore else "explore.declare",
                      f"no path of revealed tiles sharing a side leads from the HUB to {name}",
                      {"space": dest})
    found = []
    for p in islice(nx.shortest_simple_paths(h, "hub", dest, weight="w"), max(limit, 1) * 3):
        extra, pen = _cost(g, p)
        found.append((extra, len(pen), len(p), tuple(p), pen))
    found.sort()
    return [PathOption(p, tuple(g.nodes[n]["name"] for n in p), extra, pen, k == 0)
            for k, (extra, _, _, p, pen) in enumerate(found[:limit])]


def check_path(board: Board, state: HubState, dest: str, path: Sequence[str], *,
               explore: bool = False, graph: nx.Graph | None = None) -> PathOption:
    """The player's chosen path, checked against the Travel rules.

    Raises:
        FmError: ``fm.bad_path`` (not from the HUB to ``dest``, a diagonal or impassable
            step, an unrevealed space on the way, a space twice), or as :func:`route`.
    """
    g = graph if graph is not None else map_graph(board, state)
    _check_dest(g, dest, explore)
    p = tuple(path)

    def bad(rule: str, why: str) -> FmError:
        return FmError("fm.bad_path", rule, f"that path {why}", {"path": list(p), "space": dest})

    if not p or p[0] != "hub" or p[-1] != dest:
        raise bad("travel.path", f"does not run from the HUB to {g.nodes[dest]['name']}")
    if len(set(p)) != len(p):
        raise bad("travel.path", "passes a space twice")
    for n in p:
        if n not in g:
            raise FmError("fm.unknown_space", "travel.path", f"there is no map space {n!r}",
                          {"space": n})
    for n in p[1:-1]:
        if not g.nodes[n]["revealed"]:
            raise bad("travel.unrevealed", f"crosses {g.nodes[n]['name']}, which is not "
                      "revealed")
    for a, b in pairwise(p):
        if not g.has_edge(a, b):
            raise bad("travel.edges", f"jumps from {g.nodes[a]['name']} to "
                      f"{g.nodes[b]['name']}: they share no passable side")
    extra, pen = _cost(g, p)
    return PathOption(p, tuple(g.nodes[n]["name"] for n in p), extra, pen)


def route(board: Board, state: HubState, dest: str, *, explore: bool = False,
          graph: nx.Graph | None = None, path: Sequence[str] | None = None) -> Route:
    """The chosen path (checked) or else the cheapest legal path from the HUB to ``dest``.

    Raises:
        FmError: ``fm.unknown_space``, ``fm.not_revealed`` (only Explore may end on an
            unrevealed space), ``fm.already_revealed``, ``fm.not_explorable``,
            ``fm.no_path``, ``fm.bad_path``.
    """
    g = graph if graph is not None else map_graph(board, state)
    opts = paths(board, state, dest, explore=explore, graph=g, limit=4)
    alts = tuple((o.path, o.extra_pawns, o.penalties) for o in opts[1:])
    if path is not None:
        o = check_path(board, state, dest, path, explore=explore, graph=g)
        return Route(o.path, o.extra_pawns, o.penalties, alts)
    best = opts[0]
    return Route(best.path, best.extra_pawns, best.penalties, alts)
