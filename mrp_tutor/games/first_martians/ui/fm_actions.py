"""Placing pawns by tapping: the Action Phase planner and travel on the drawn map.

The table builds each action (who is on top, their pawns, a helper, an AOM, a rover, where)
and adds it; each addition is checked at once with the actions already placed, the way the
engine will check the declaration, and a refusal is a sentence with its rule.  An action
outside the HUB lists every legal path from the HUB, cheapest first, with its costs; the
table picks one (the map shows it).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as W

from mrp_tutor.core.errors import MrpError
from mrp_tutor.games.first_martians import travel
from mrp_tutor.games.first_martians.content import Board, rulebook
from mrp_tutor.games.first_martians.hub_table import play
from mrp_tutor.games.first_martians.intents import DeclareActions, Placement
from mrp_tutor.games.first_martians.legal import legal
from mrp_tutor.games.first_martians.outcomes import PART_WORDS
from mrp_tutor.games.first_martians.state import HubState
from mrp_tutor.games.first_martians.ui.fm_ask import guard
from mrp_tutor.games.first_martians.ui.fm_busy import STEP_TAP
from mrp_tutor.games.first_martians.ui.fm_map import FmMap, map_payload
from mrp_tutor.games.first_martians.ui.fm_words import (
    ACTION_SHORT,
    ACTIONS,
    AOMS,
    ROVERS,
    TOKENS,
    words,
)

MAP_ACTIONS = ("explore", "gather", "research", "build", "mission")
PATH_FIELD = "path" in Placement.model_fields  # the engine takes the table's path


def routes(board: Board, s: HubState, dest: str,
           action: str) -> list[tuple[tuple[str, ...], int, tuple[str, ...]]]:
    """Every legal path offered (path, extra pawns, penalties), cheapest first."""
    explore = action == "explore"
    many = getattr(travel, "paths", None)
    if many is not None:
        return [(tuple(r.path), r.extra_pawns, tuple(r.penalties))
                for r in many(board, s, dest, explore=explore)]
    best = travel.route(board, s, dest, explore=explore)
    return [(best.path, best.extra_pawns, best.penalties), *best.alternatives]


def space_label(s: HubState, board: Board, space: str) -> str:
    """A map space as the table sees it: its ROI tile's name and where it lies."""
    if space == "hub":
        return "HUB"
    tile = s.tiles.get(space)
    where = words(space, board)
    return f"{tile.name} ({where})" if tile is not None else where


def route_label(s: HubState, board: Board, path: tuple[str, ...], extra: int,
                pens: tuple[str, ...], cheapest: bool) -> str:
    names = " → ".join(space_label(s, board, p) for p in path)
    cost = f"+{extra} pawn{'s' if extra != 1 else ''}"
    pen = ", ".join(TOKENS.get(p, p) for p in pens)
    return f"{names}: {cost}" + (f"; {pen}" if pen else "; no terrain penalty") + (
        " (cheapest)" if cheapest else "")


def _where(s: HubState, board: Board, space: str) -> str:
    """A destination in the list: its tile (and samples) or, unexplored, its place."""
    tile = s.tiles.get(space)
    if tile is None:
        return words(space, board)
    return f"{tile.name} ({words(space, board)}, {tile.samples} samples)"


def _build_places(s: HubState) -> list[tuple[str, str]]:
    """Where a Build may go besides the HUB: first the Facilities with a red status a Build
    there can repair now (named with it), then every other Facility (none hidden)."""
    def red(f: Any) -> list[str]:
        return [PART_WORDS.get(st.part, st.part) for st in f.statuses if st.red]

    fix = [f for f in s.facilities if not f.shut and red(f)]
    return ([(f"{f.name}: {', '.join(red(f))} red, to repair", f.id) for f in fix]
            + [(f.name, f.id) for f in s.facilities if f not in fix])


def nowhere_html(why: tuple[str, str] | None) -> str:
    """Why the "Where" list of an action is empty, with the section of its rule."""
    if why is None:
        return ""
    c = rulebook().cite(why[1])
    cite = f" ({escape(c.section)})" if c is not None else ""
    return f"<span class='fm-refused'>Nowhere to go: {escape(why[0])}{cite}.</span>"


def placement_text(p: dict[str, Any], s: HubState, board: Board) -> str:
    """One placed action in words."""
    who = next((a.name for a in s.astronauts if a.id == p["astronaut"]), "?")
    parts = [f"{ACTION_SHORT[p['action']]}: {who}"]
    parts.append(f"{p['pawns']} pawn{'s' if p['pawns'] != 1 else ''}")
    for aid, n in p.get("helpers", {}).items():
        helper = next((a.name for a in s.astronauts if a.id == aid), "?")
        parts.append(f"{helper} helps with {n}")
    parts += [AOMS[c] for c in p.get("aom", [])]
    if p.get("rover"):
        parts.append(ROVERS[p["rover"]])
    target = p.get("target", "hub")
    fac = next((f.name for f in s.facilities if f.id == target), None)
    if p["action"] == "event":
        parts.append(f"event {target}")
    elif fac is not None:
        parts.append(f"at {fac}")
    elif target != "hub":
        parts.append("at " + (space_label(s, board, target) if target in s.tiles
                              else words(target, board)))
    if p.get("path"):
        parts.append("via " + " → ".join(space_label(s, board, x) for x in p["path"]))
    return ", ".join(parts)


class RoutePicker:
    """The legal paths as full-width buttons (a long label wraps on a phone), the cheapest
    few first and the rest behind "More paths"; the one picked is marked."""

    SHOWN = 4

    def __init__(self, changed: Callable[[], None]) -> None:
        self.changed = changed
        self.labels: list[str] = []
        self.index: int | None = None
        self.all_shown = False
        self.buttons = W.VBox(_dom_classes=["fm-pl-route"])
        self.more = W.Button(description="More paths", _dom_classes=["fm-route-more"],
                             layout=W.Layout(width="auto"))
        self.more.on_click(lambda _b: self._show_all())
        self.root = W.VBox([W.HTML("<b>Path</b> (cheapest first; you may choose any)"),
                            self.buttons, self.more], _dom_classes=["fm-route-box"],
                           layout=W.Layout(display="none"))

    @property
    def options(self) -> list[str]:
        return list(self.labels)

    def show(self, labels: list[str]) -> None:
        """Offer these paths; the same paths offered again (a redraw) keep the table's pick
        and their buttons."""
        if labels == self.labels:
            return
        self.labels = labels
        self.index = 0 if labels else None
        self.all_shown = len(labels) <= self.SHOWN
        self._draw()
        self.root.layout.display = "" if labels else "none"

    def _show_all(self) -> None:
        self.all_shown = True
        self._draw()

    def _draw(self) -> None:
        rows = []
        for k, label in enumerate(self.labels):
            if not self.all_shown and k >= self.SHOWN and k != self.index:
                continue
            b = W.Button(description=label, _dom_classes=["fm-route"],
                         layout=W.Layout(width="100%"))
            b._fm_k = k
            b.on_click(functools.partial(self._pick, k, self.labels))
            rows.append(b)
        self.buttons.children = rows
        hidden = len(self.labels) - len(rows)
        self.more.description = f"More paths ({hidden})"
        self.more.layout.display = "" if hidden else "none"
        self._mark()

    def pick(self, k: int) -> None:
        if 0 <= k < len(self.labels):
            self.index = k
            self._mark()
            self.changed()

    def _pick(self, k: int, offered: list[str], _b: Any = None) -> None:
        if offered is self.labels:  # a button of paths no longer offered picks nothing
            self.pick(k)

    def _mark(self) -> None:
        for b in self.buttons.children:
            chosen = b._fm_k == self.index
            b.button_style = "info" if chosen else ""
            b.icon = "check" if chosen else ""
            b._dom_classes = ["fm-route", "fm-route-chosen"] if chosen else ["fm-route"]


class ActionPlanner:
    """The pawn placements of one Action Phase, built by taps and checked as added."""

    def __init__(self, submit: Callable[[dict[str, Any], str], None],
                 say: Callable[[str, bool], None], explain: Callable[[MrpError], str]) -> None:
        self.submit, self.say, self.explain = submit, say, explain
        self.state: HubState | None = None
        self.board: Board | None = None
        self.planned: list[dict[str, Any]] = []
        self.reach: dict[str, tuple[str, ...]] = {}
        self.paths: list[tuple[str, ...]] = []
        tb = dict(style={"button_width": "auto"}, value=None)
        self.action = W.Dropdown(options=[("(choose the action)", None),
                                          *[(v, k) for k, v in ACTIONS.items()]],
                                 description="Action", _dom_classes=["fm-pl-action"],
                                 layout=W.Layout(width="auto"))
        self.who = W.ToggleButtons(options=[], description="On top", _dom_classes=["fm-pl-who"],
                                   **tb)
        self.pawns = W.ToggleButtons(options=[("0 (AOM alone)", 0), ("1", 1), ("2", 2),
                                              ("3", 3)], description="Own pawns",
                                     _dom_classes=["fm-pl-pawns"], **tb)
        self.helper = W.ToggleButtons(options=[], description="Helper",
                                      _dom_classes=["fm-pl-helper"], **tb)
        self.helper_pawns = W.ToggleButtons(options=[("1", 1), ("2", 2)],
                                            description="Helps with",
                                            _dom_classes=["fm-pl-helper-pawns"],
                                            style={"button_width": "auto"}, value=1,
                                            layout=W.Layout(display="none"))
        self.aom = W.ToggleButtons(options=[("No AOM", "")] + [(v, k) for k, v in AOMS.items()],
                                   description="AOM", _dom_classes=["fm-pl-aom"],
                                   style={"button_width": "auto"}, value="")
        self.rover = W.ToggleButtons(options=[("No rover", "")] + [(v, k) for k, v in
                                                                   ROVERS.items()],
                                     description="Rover", _dom_classes=["fm-pl-rover"],
                                     style={"button_width": "auto"}, value="")
        self.target = W.Dropdown(options=[], description="Where", _dom_classes=["fm-pl-target"],
                                 layout=W.Layout(width="auto"))
        self.nowhere_why = W.HTML(_dom_classes=["fm-pl-nowhere"])
        self.nowhere: dict[str, tuple[str, str]] = {}
        self.route = RoutePicker(self._draw_map)
        self.map = FmMap()
        self.add_btn = W.Button(description="Add this action", button_style="primary",
                                _dom_classes=["fm-pl-add", STEP_TAP], layout=W.Layout(width="auto"))
        self.declare_btn = W.Button(description="Declare these actions", button_style="success",
                                    _dom_classes=["fm-declare", STEP_TAP],
                                    layout=W.Layout(width="auto"))
        self.list = W.VBox(_dom_classes=["fm-planned"])
        self._listed: list[tuple[int, str]] | None = None
        self.add_btn.on_click(guard(self.add, lambda t: say(t, True)))
        self.declare_btn.on_click(guard(self.declare, lambda t: say(t, True)))
        self.action.observe(lambda _c: self._targets(), names="value")
        self.target.observe(lambda _c: self._routes(), names="value")
        self.map.on_pick(self._on_map)
        self.helper.observe(lambda c: self._helper_shown(), names="value")
        self.route_box = self.route.root
        self.map_slot = W.Box(_dom_classes=["fm-map-slot"])
        self.root = W.VBox([W.HTML("<b>Place pawns</b>: build each action, add it; declare "
                                   "when every pawn is placed."),
                            self.action, self.who, self.pawns, self.helper, self.helper_pawns,
                            self.aom, self.rover, self.target, self.nowhere_why,
                            self.map_slot, self.route_box,
                            self.add_btn, self.list, self.declare_btn],
                           _dom_classes=["fm-planner"])

    def _helper_shown(self) -> None:
        self.helper_pawns.layout.display = "" if self.helper.value else "none"

    def show_map(self, here: bool) -> None:
        """The map inside the planner (next to "Where" and the paths) or elsewhere."""
        want = (self.map,) if here else ()
        if self.map_slot.children != want:
            self.map_slot.children = want

    # --------------------------------------------------------------- choices
    def update(self, s: HubState, board: Board) -> None:
        self.state, self.board = s, board
        crew = [(a.name, a.id) for a in s.astronauts if not a.dead]
        if list(self.who.options) != crew:
            self.who.options = crew
            self.who.value = None
            self.helper.options = [("No helper", ""), *crew]
            self.helper.value = ""
        roster = [("No AOM", "")] + [(AOMS[c], c) for c in getattr(s, "aoms", AOMS)]
        if list(self.aom.options) != roster:
            self.aom.options = roster
            self.aom.value = ""
        self.aom.layout.display = "" if len(roster) > 1 else "none"
        self._reach()
        self._targets()
        self._show_list()

    def _reach(self) -> None:
        """The map spaces each action may target (the engine's legal destinations)."""
        assert self.state is not None and self.board is not None
        lg = legal(self.state, self.board)
        self.reach, self.nowhere = dict(lg.destinations), dict(lg.nowhere)

    def _targets(self) -> None:
        s, b, act = self.state, self.board, self.action.value
        if s is None or b is None:
            return
        opts: list[tuple[str, str]] = [("In the HUB", "hub")]
        if act == "event":
            opts = [(e.name, e.name) for e in s.mission_log]
        elif act == "remove_shutdown":
            opts = [(f.name, f.id) for f in s.facilities if f.shut]
        elif act in ("explore", "gather"):  # only spaces a legal path reaches
            opts = []
        elif act == "build":
            opts += _build_places(s)
        if act in MAP_ACTIONS:
            opts += [(_where(s, b, x), x) for x in self.reach.get(str(act), ())]
        old = self.target.value
        listed = [("(choose where)", None), *opts] if len(opts) > 1 else opts
        if [tuple(o) for o in self.target.options] != listed:  # unchanged: no reset, no redraw
            self.target.options = listed
        values = [v for _, v in opts]
        self.target.value = old if old in values else (values[0] if len(values) == 1 else None)
        self.target.layout.display = "" if act else "none"
        self.nowhere_why.value = nowhere_html(self.nowhere.get(str(act))) if (
            act in MAP_ACTIONS and not any(v in self.reach.get(str(act), ()) for v in values)
            and act in ("explore", "gather")) else ""
        self._routes()

    def _map_targets(self) -> list[str]:
        s = self.state
        if s is None or self.action.value not in MAP_ACTIONS:
            return []
        return [v for _, v in self.target.options if v in self.reach.get(self.action.value, ())]

    def _routes(self) -> None:
        s, b, dest = self.state, self.board, self.target.value
        self.paths = []
        labels: list[str] = []
        if s is not None and b is not None and dest in self._map_targets():
            try:
                found = routes(b, s, dest, str(self.action.value))
            except MrpError as err:
                self.say(self.explain(err), True)
                found = []
            found.sort(key=lambda r: (r[1], len(r[2]), len(r[0])))
            self.paths = [r[0] for r in found]
            labels = [route_label(s, b, *r, cheapest=k == 0) for k, r in enumerate(found)]
        self.route.show(labels)
        self._draw_map()

    def _draw_map(self) -> None:
        s, b = self.state, self.board
        if s is None or b is None:
            return
        k = self.route.index
        path = list(self.paths[k]) if self.paths and k is not None else []
        dest = self.target.value if isinstance(self.target.value, str) else ""
        self.map.data = map_payload(b, s, pickable=self._map_targets(), path=path, chosen=dest)

    def _on_map(self, space: str) -> None:
        if space in [v for _, v in self.target.options]:
            self.target.value = space

    # --------------------------------------------------------------- placing
    def current(self) -> dict[str, Any] | None:
        """The action being built, or None (and a sentence saying what is missing)."""
        for field, missing in (
                (self.action, "Choose the action first."),
                (self.who, "Choose who is on top of the stack (the astronaut taking the action)."),
                (self.pawns, "Choose how many of their own pawns go on it."),
                (self.target, "Choose where the action is taken (tap the map or the list).")):
            if field.value is None:
                self.say(missing, True)
                return None
        p: dict[str, Any] = {"action": self.action.value, "astronaut": self.who.value,
                             "pawns": self.pawns.value, "target": self.target.value}
        if self.helper.value and self.helper.value != self.who.value:
            p["helpers"] = {self.helper.value: self.helper_pawns.value}
        if self.aom.value:
            p["aom"] = [self.aom.value]
        if self.rover.value:
            p["rover"] = self.rover.value
        if self.paths and self.route.index is not None:
            chosen = list(self.paths[self.route.index])
            if PATH_FIELD:
                p["path"] = chosen
            elif self.route.index != 0:
                self.say("This assistant cannot yet take a path other than the cheapest "
                         "one; the cheapest path is used.", True)
                return None
        return p

    def check(self, actions: list[dict[str, Any]]) -> str | None:
        """The refusal sentence for these placements, or None when the rules allow them."""
        s, b = self.state, self.board
        assert s is not None and b is not None
        try:
            play(s, DeclareActions(actions=[Placement(**p) for p in actions]), b)
        except MrpError as err:
            return self.explain(err)
        return None

    def add(self) -> None:
        p = self.current()
        if p is None:
            return
        problem = self.check([*self.planned, p])
        if problem is not None:
            self.say(f"Not placed: {problem}", True)
            return
        self.planned.append(p)
        # the action, helper, AOM and rover are cleared; who is on top and their pawns stay
        # (the next stack is often the same astronaut's: one tap less on a phone)
        self.action.value = None
        self.helper.value = ""
        self.aom.value = ""
        self.rover.value = ""
        self._show_list()
        # the sentence last: a page that shows it shows the cleared fields too
        self.say(f"Placed: {placement_text(p, self.state, self.board)}.", False)  # type: ignore[arg-type]

    def remove(self, p: dict[str, Any]) -> None:
        """Take a placed action back (by the action itself: a second tap on its Remove, or on
        a row redrawn meanwhile, never removes another one)."""
        if not any(q is p for q in self.planned):
            self.say("That action was already removed; nothing changed.", False)
            return
        self.planned = [q for q in self.planned if q is not p]
        self.say(f"Removed: {placement_text(p, self.state, self.board)}.", False)  # type: ignore[arg-type]

    def _show_list(self) -> None:
        s, b = self.state, self.board
        if s is None or b is None:
            return
        key = [(id(p), placement_text(p, s, b)) for p in self.planned]
        if key == self._listed:
            return  # the same list: its rows (and their Remove buttons) stay
        self._listed = key
        rows = []
        for k, p in enumerate(self.planned):
            text = W.HTML(f"<span class='fm-pl-item'>{k + 1}. "
                          f"{escape(placement_text(p, s, b))}</span>")
            rm = W.Button(description="Remove", _dom_classes=["fm-pl-remove", STEP_TAP],
                          layout=W.Layout(width="auto"))
            rm.on_click(guard(functools.partial(self.remove, p), lambda t: self.say(t, True)))
            rows.append(W.HBox([text, rm], layout=W.Layout(flex_flow="row wrap",
                                                           align_items="center")))
        if not rows:
            rows = [W.HTML("<i>No action placed yet.</i>")]
        self.list.children = rows

    def declare(self) -> None:
        if not self.planned:
            self.say("Place at least one action first.", True)
            return
        self.submit({"type": "declare_actions", "actions": list(self.planned)},
                    "Pawns placed")

    def reset(self) -> None:
        self.planned = []
        self._show_list()
