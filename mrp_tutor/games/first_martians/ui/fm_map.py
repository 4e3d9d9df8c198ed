"""The First Martians map, drawn: a shell layout of the board data's map spaces (rings round
the HUB; computed here, not by networkx, whose layouts need numpy, which the in-browser demo
lacks: docs/static-site.md), in an anywidget (``widgets/fm_map.js``) that the table taps to
pick a destination.

Only public facts travel to the page (space names, which are revealed, their terrain icons,
the path shown); the HUB state, its seed and draw counter stay in the kernel.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import anywidget
import networkx as nx
import traitlets

from mrp_tutor.games.first_martians.content import Board
from mrp_tutor.games.first_martians.state import HubState
from mrp_tutor.games.first_martians.travel import map_graph
from mrp_tutor.resources import widget_esm, widgets_dir

ICON_WORDS = {"extra_pawn": "Extra Pawn", "wound": "Wound", "morale": "Morale",
              "adventure": "Adventure", "rover": "Rover", "sample": "sample", "poi": "POI",
              "objective": "Objective"}


def _ring_cycle(g: nx.Graph, nodes: list[str]) -> list[str]:
    """The spaces of one ring in the order they go round (their cycle), else as listed."""
    sub = g.subgraph(nodes)
    if len(nodes) < 3 or any(d != 2 for _, d in sub.degree()):
        return nodes
    order = [nodes[0]]
    prev = None
    while len(order) < len(nodes):
        nxt = [n for n in sub.neighbors(order[-1]) if n != prev and n not in order]
        if not nxt:
            return nodes
        prev = order[-1]
        order.append(sorted(nxt)[0] if len(order) > 1 else _clockwise(nxt))
    return order


def _clockwise(options: list[str]) -> str:
    """The first step round a ring: the neighbour whose name points east of north."""
    for o in options:
        if o.endswith(("_ne", "_e")):
            return o
    return sorted(options)[0]


def map_layout(board: Board) -> dict[str, tuple[float, float]]:
    """Positions in [-1, 1]² (y down): rings as shells, each ring started at the space next
    to the previous ring's first one, so spokes line up."""
    g = nx.Graph()
    for s in board.spaces:
        g.add_node(s.id)
        g.add_edges_from((s.id, n) for n in s.neighbours)
    rings = sorted({s.ring for s in board.spaces})
    shells: list[list[str]] = []
    for ring in rings:
        nodes = [s.id for s in board.spaces if s.ring == ring]
        order = _ring_cycle(g, nodes)
        if shells and len(order) > 1:
            anchor = shells[-1][0]
            start = next((k for k, n in enumerate(order) if g.has_edge(anchor, n)), 0)
            order = order[start:] + order[:start]
        shells.append(order)
    pos = _shell_positions(shells)
    far = max(math.hypot(x, y) for x, y in pos.values()) or 1.0
    # the shells go counter-clockwise from east; the map goes clockwise from north
    return {str(n): (round(y / far, 4), round(-x / far, 4) + 0.0) for n, (x, y) in pos.items()}


def _shell_positions(shells: list[list[str]]) -> dict[str, tuple[float, float]]:
    """Concentric shells (networkx's ``shell_layout`` with no rotation, in plain Python): the
    first at the centre if it is one space, else at radius 1/len(shells); each next one
    1/len(shells) further out; a shell's spaces evenly spaced counter-clockwise from east."""
    bump = 1.0 / len(shells)
    radius = 0.0 if len(shells[0]) == 1 else bump
    pos: dict[str, tuple[float, float]] = {}
    for nodes in shells:
        for k, n in enumerate(nodes):
            theta = 2 * math.pi * k / len(nodes)
            pos[n] = (radius * math.cos(theta), radius * math.sin(theta))
        radius += bump
    return pos


def map_payload(board: Board, state: HubState, *, pickable: list[str] | None = None,
                path: list[str] | None = None, chosen: str = "") -> dict[str, Any]:
    """What the page draws: spaces (name, place, revealed, terrain), edges, the path."""
    g = map_graph(board, state)
    pos = map_layout(board)
    spaces = []
    for s in board.spaces:
        d = g.nodes[s.id]
        tile = state.tiles.get(s.id)
        icons = [ICON_WORDS.get(i, i) for i in d["icons"]] if d["revealed"] else []
        spaces.append({"id": s.id, "name": tile.name if tile else s.name,
                       "x": pos[s.id][0], "y": pos[s.id][1], "ring": s.ring,
                       "revealed": bool(d["revealed"]), "icons": icons,
                       "samples": tile.samples if tile else 0})
    edges = [[u, v] for u, v in g.edges()]
    return {"spaces": spaces, "edges": edges, "pickable": list(pickable or []),
            "path": list(path or []), "chosen": chosen}


class FmMap(anywidget.AnyWidget):
    """The drawn map; a tap on a pickable space calls the pick handlers with its id."""

    _esm = widget_esm("landmark.js", "fm_map.js")
    _css = widgets_dir() / "fm_map.css"
    data = traitlets.Dict({}).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handlers: list[Callable[[str], None]] = []
        self.on_msg(self._on_custom_msg)

    def __repr__(self) -> str:
        return "FmMap()"

    def on_pick(self, handler: Callable[[str], None]) -> None:
        self._handlers.append(handler)

    def _on_custom_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        pick = content.get("pick") if isinstance(content, dict) else None
        if not isinstance(pick, str) or pick not in self.data.get("pickable", []):
            return  # a stale or foreign tap: nothing to do
        for h in self._handlers:
            h(pick)
