"""Travel on the revealed map, as a networkx graph.

Nodes are map spaces (the HUB and the spaces of the board data); edges join spaces that
share a side, minus the long outer edges of tiles marked impassable.  A path runs from the
HUB through revealed ROI tiles only; an unrevealed space can only be the destination of an
Explore action.  The proposed path needs the fewest pawns, then the fewest distinct terrain
penalties (tutor reading ``tutor.cheapest_path``); the others are listed as alternatives.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import islice

import networkx as nx

from .content import Board
from .errors import FmError
from .state import HubState

TERRAIN = ("wound", "morale", "adventure", "rover")


@dataclass(frozen=True, slots=True)
class Route:
    """A legal path and what it costs the astronaut on top of the stack."""

    path: tuple[str, ...]
    extra_pawns: int
    penalties: tuple[str, ...]
    alternatives: tuple[tuple[tuple[str, ...], int, tuple[str, ...]], ...] = field(default=())


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


def route(board: Board, state: HubState, dest: str, *, explore: bool = False,
          graph: nx.Graph | None = None) -> Route:
    """The cheapest legal path from the HUB to ``dest``.

    Raises:
        FmError: ``fm.unknown_space``, ``fm.not_revealed`` (only Explore may end on an
            unrevealed space), ``fm.already_revealed``, ``fm.not_explorable``,
            ``fm.no_path``.
    """
    g = graph if graph is not None else map_graph(board, state)
    if dest not in g:
        raise FmError("fm.unknown_space", "travel.path", f"there is no map space {dest!r}",
                      {"space": dest})
    name = g.nodes[dest]["name"]
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
    nodes = [n for n, d in g.nodes(data=True) if d["revealed"]] + ([dest] if explore else [])
    h = nx.DiGraph()
    for u, v in g.subgraph(nodes).edges():
        for a, b in ((u, v), (v, u)):
            if b == dest or g.nodes[b]["revealed"]:
                h.add_edge(a, b, w=g.nodes[b]["icons"].count("extra_pawn"))
    if dest == "hub":
        return Route(("hub",), 0, ())
    if "hub" not in h or dest not in h or not nx.has_path(h, "hub", dest):
        raise FmError("fm.no_path", "travel.edges" if not explore else "explore.declare",
                      f"no path of revealed tiles sharing a side leads from the HUB to {name}",
                      {"space": dest})
    options = []
    for p in islice(nx.shortest_simple_paths(h, "hub", dest, weight="w"), 12):
        icons = [i for n in p for i in g.nodes[n]["icons"]]
        pen = tuple(sorted({i for i in icons if i in TERRAIN}))
        options.append((icons.count("extra_pawn"), len(pen), tuple(p), pen))
    options.sort()
    best = options[0]
    alts = tuple((o[2], o[0], o[3]) for o in options[1:4])
    return Route(best[2], best[0], best[3], alts)
