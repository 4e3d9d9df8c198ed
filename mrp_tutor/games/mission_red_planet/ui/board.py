"""The Mars board: an anywidget that only renders a viewer's view and reports clicks.

The synced trait ``board`` is built by :func:`board_payload` from ``view_for(...)`` only, so
it never carries what the viewer may not see.  A click in the browser arrives as a custom
message ``{"kind": "pick", "target": "zone"|"ship", "id": ...}``; it is validated here
(pydantic + a check that the id exists) before any callback runs.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Literal

import anywidget
import traitlets
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.explain.options import ship_name
from mrp_tutor.games.mission_red_planet.explain.words import (
    colour_roles,
    has_words,
    speak_tree,
    speaker,
)
from mrp_tutor.resources import widget_esm, widgets_dir


class Pick(BaseModel):
    """A click on the board, as sent by board.js (``colour``: the astronaut clicked, if any)."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["pick"]
    target: Literal["zone", "ship"]
    id: str = Field(min_length=1, max_length=40)
    colour: str | None = Field(default=None, min_length=1, max_length=20)


def ring_order(spec: GameSpec) -> list[str]:
    """Outer zones in ring order (a cycle of the outer adjacency when there is one).

    A simple ring (every outer zone next to exactly two outer zones, the printed board) is
    walked directly, in the order networkx's ``find_cycle`` gives; anything else is left to
    networkx, which is imported only then (a visitor's kernel saves ~11 MB).
    """
    outer = list(spec.outer)
    nbrs: dict[str, list[str]] = {z: [] for z in outer}
    for edge in spec.content.zones.adjacency:  # the graph's edge order
        a, b = edge.between
        if a in nbrs and b in nbrs and a != b:
            if b not in nbrs[a]:
                nbrs[a].append(b)
            if a not in nbrs[b]:
                nbrs[b].append(a)
    if len(outer) >= 3 and all(len(v) == 2 for v in nbrs.values()):
        walk = [outer[0], nbrs[outer[0]][0]]
        while len(walk) < len(outer):
            nxt = next(z for z in nbrs[walk[-1]] if z != walk[-2])
            if nxt == walk[0]:
                break
            walk.append(nxt)
        if len(walk) == len(outer):
            return walk
    return _ring_order_nx(spec, outer)


def _ring_order_nx(spec: GameSpec, outer: list[str]) -> list[str]:
    import networkx as nx

    sub = spec.graph.subgraph(outer)
    try:
        cycle = nx.find_cycle(sub, source=outer[0]) if outer else []
    except nx.NetworkXNoCycle:
        return outer
    ordered = [a for a, _ in cycle]
    return ordered + [z for z in outer if z not in ordered] if len(ordered) >= 3 else outer


def zone_layout(spec: GameSpec) -> dict[str, tuple[float, float]]:
    """Zone centres in percent of the map area: the positions in the zone data, else computed
    (central pair in the middle, the ring of outer zones around, the moon apart in a corner)."""
    computed = _computed_layout(spec)
    return {z: ((p.x, p.y) if (p := spec.zone_info[z].position) is not None else computed[z])
            for z in spec.zones}


def _computed_layout(spec: GameSpec) -> dict[str, tuple[float, float]]:
    pos: dict[str, tuple[float, float]] = {}
    central = list(spec.central)
    for i, z in enumerate(central):
        x = 50.0 if len(central) == 1 else 38.0 + 24.0 * i / max(1, len(central) - 1)
        pos[z] = (x, 52.0)
    ring = ring_order(spec)
    n = max(1, len(ring))
    for i, z in enumerate(ring):
        a = -math.pi / 2 + 2 * math.pi * i / n
        pos[z] = (round(50 + 38 * math.cos(a), 1), round(53 + 37 * math.sin(a), 1))
    others = [z for z in spec.zones if z not in pos]
    for i, z in enumerate(others):
        pos[z] = (88.0, 11.0 + 16.0 * i)
    return pos


_EDGES: dict[int, tuple[GameSpec, list[dict[str, Any]]]] = {}


def map_edges(spec: GameSpec) -> list[dict[str, Any]]:
    """The adjacency lines of the map with their provenance: the zone graph's edges in its
    order (as ``spec.graph.edges``), read from the data so a visitor's kernel need not import
    networkx.  The same list for the same spec (read-only): a board payload's diff with the
    last one sees at once that the map lines did not change."""
    hit = _EDGES.get(id(spec))
    if hit is not None and hit[0] is spec:
        return hit[1]
    if len(_EDGES) > 16:
        _EDGES.clear()
    out = _map_edges(spec)
    _EDGES[id(spec)] = (spec, out)
    return out


def _map_edges(spec: GameSpec) -> list[dict[str, Any]]:
    nbrs: dict[str, dict[str, bool]] = {z.id: {} for z in spec.content.zones.zones}
    for edge in spec.content.zones.adjacency:
        a, b = edge.between
        nbrs.setdefault(a, {})[b] = bool(edge.verified)
        nbrs.setdefault(b, {})[a] = bool(edge.verified)
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for a, near in nbrs.items():
        out.extend({"a": a, "b": b, "verified": v} for b, v in near.items() if b not in seen)
        seen.add(a)
    return out


#: the board's own labels (board.js), said in the words of the game's ruleset (``words``)
BOARD_WORDS = {
    "round": "Round", "dock": "Dock", "launchpad": "Launchpad",
    "launched": "Launched (land at the end of the round)", "ship_card": "ship card",
    "map": "Map of Mars", "neighbours": "lines join neighbouring zones",
    "key": "Lines join neighbouring zones (dashed: not yet checked against a physical "
           "board). ",
    "act": "Highlighted zones and ships are where you can act.",
    "unplaced": " Zone positions are a tutor layout, not measured from a physical board.",
}

def board_payload(spec: GameSpec, view: Mapping[str, Any],
                  layout: Mapping[str, tuple[float, float]], step: int = 0,
                  targets: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The JSON the board renders, derived from a view (never from the state).

    ``step`` numbers the position (events so far), shown in the board's header.
    ``targets`` (zones, ships, picked) come from the viewer's own legal options only.
    """
    zones = []
    for z in spec.zones:
        zv = view["zones"][z]
        info = spec.zone_info[z]
        zones.append({
            "id": z, "name": zv["name"], "kind": zv["kind"], "verified": info.verified,
            "x": layout[z][0], "y": layout[z][1],
            "placed": info.position is not None and info.position.verified,
            "astronauts": {c: n for c, n in zv["astronauts"].items() if n},
            "resource": zv["resource"], "face_up": zv["face_up"],
            "waiting": dict(zv["waiting"]),
            "discovery": (None if zv["discovery"] is None else
                          "face down" if zv["discovery"] == "hidden" else
                          spec.card_name(zv["discovery"])),
            "discovery_face_up": zv["discovery_face_up"],
        })
    ships = view["ships"]

    def ship(sid: str) -> dict[str, Any]:
        sh = ships[sid]
        dest = sh["destination"]
        return {
            "id": sid, "name": ship_name(sid), "capacity": sh["capacity"], "crew": dict(sh["crew"]),
            "aboard": sum(sh["crew"].values()),
            "destination": spec.card_name(dest) if dest else "? (unknown)",
            "printed": "?" if sh["printed"] == "unknown" else spec.card_name(sh["printed"]),
            "tokens": [spec.card_name(t) for t in sh["tokens"]],
            "launched": sh["launched"], "verified": sh["verified"], "card": "ship card",
        }

    docks = [ship(s) if s else None for s in view["docks"]]
    launched = [ship(s) for s in view["launched"] if s in ships]
    d = view["decision"]
    out: dict[str, Any] = {
        "step": step,
        "viewer": "referee (everything)" if view["referee"] else (view["viewer"] or "table"),
        "referee": view["referee"],
        "round": view["round"], "stage": view["stage"].replace("_", " "),
        "colours": list(view["order"]),
        "first": view["first"],
        "zones": zones, "docks": docks, "launched": launched,
        "memorial": {c: n for c, n in view["memorial"].items() if n},
        "resolving": view["resolving"],
        "character": spec.card_name(view["character"]) if view["character"] else None,
        "decision": None if d is None else {"kind": d["kind"].replace("_", " "),
                                            "colours": d["colours"]},
        "supply": {c: view["seats"][c]["supply"] for c in view["order"]},
        # the 2-player variant: each colour's role (main, or neutral and whose)
        "roles": colour_roles(view["seats"]),
        "edges": map_edges(spec),
        "moon": spec.card_name(spec.moon) if spec.moon else None,
        "targets": dict(targets or {}),
        "words": BOARD_WORDS,
    }
    say = speaker(spec)  # in the words of the game's ruleset
    if not has_words(spec):  # (a ruleset with no words of its own: as it is)
        return out
    for key in ("viewer", "stage", "character", "moon", "words"):
        out[key] = speak_tree(say, out[key])
    for key in ("zones", "docks", "launched"):
        out[key] = [_said_place(say, x) for x in out[key]]
    if "prompt" in out["targets"]:
        out["targets"]["prompt"] = say(out["targets"]["prompt"])
    return out


def _said_place(say: Callable[[str], str], x: dict[str, Any] | None) -> dict[str, Any] | None:
    """A zone or ship of the payload with its names spoken (ids, counts, colours as they are)."""
    if x is None:
        return None
    return {k: (say(v) if isinstance(v, str) and k in ("name", "destination", "printed",
                                                       "discovery", "card") else v)
            for k, v in x.items()}


#: the files of the board's ES module, in order (shared helpers first)
BOARD_JS = ("morph.js", "wire.js", "tips.js", "float.js", "landmark.js", "board.js")


class BoardWidget(anywidget.AnyWidget):
    """Render-only board (ES module ``widgets/board.js``)."""

    _esm = widget_esm(*BOARD_JS)
    _css = widgets_dir() / "board.css"
    board = traitlets.Dict({}).tag(sync=True)
    picked = traitlets.Unicode("").tag(sync=True)
    #: the page sets nothing here (``mrp_tutor/app/page_guard.py``): a pick is a message
    _page_writes: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, **kwargs: Any) -> None:
        self._known: dict[str, frozenset[str]] = {"zone": frozenset(), "ship": frozenset(),
                                                  "colour": frozenset()}
        super().__init__(**kwargs)
        self._remember(self.board)
        self._pick_handlers: list[tuple[Callable[..., None], bool]] = []
        self._bad_handlers: list[Callable[[str], None]] = []
        self.on_msg(self._on_custom_msg)

    def __repr__(self) -> str:  # cheap, stable (nbval)
        return "BoardWidget()"

    def on_pick(self, handler: Callable[..., None], *, with_colour: bool = False) -> None:
        """Call ``handler(target, id)`` for every valid click on a zone or ship; with
        ``with_colour``, ``handler(target, id, colour)`` (the astronaut clicked, or None)."""
        self._pick_handlers.append((handler, with_colour))

    def on_bad_message(self, handler: Callable[[str], None]) -> None:
        """Call ``handler(sentence)`` when the browser sends something invalid."""
        self._bad_handlers.append(handler)

    @traitlets.observe("board")
    def _on_board(self, change: dict[str, Any]) -> None:
        self._remember(change["new"])

    def _remember(self, board: dict[str, Any]) -> None:
        """The zones, ships and colours the kernel drew, kept in the kernel: a pick is checked
        against these, never against what the page holds (it could rewrite its copy)."""
        ships = [*board.get("docks", []), *board.get("launched", [])]
        self._known = {"zone": frozenset(z["id"] for z in board.get("zones", [])),
                       "ship": frozenset(s["id"] for s in ships if s),
                       "colour": frozenset(board.get("colours", []))}

    def _on_custom_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            pick = Pick.model_validate(content)
        except ValidationError:
            for h in self._bad_handlers:
                h("The board sent a message the app does not understand; it was ignored.")
            return
        if pick.id not in self._known[pick.target]:
            for h in self._bad_handlers:
                h(f"There is no such {pick.target} on the board now; the tap was ignored.")
            return
        if pick.colour is not None and pick.colour not in self._known["colour"]:
            for h in self._bad_handlers:
                h("There is no such astronaut in this game; the tap was ignored.")
            return
        self.picked = f"{pick.target}:{pick.id}"
        for handler, with_colour in self._pick_handlers:
            if with_colour:
                handler(pick.target, pick.id, pick.colour)
            else:
                handler(pick.target, pick.id)
