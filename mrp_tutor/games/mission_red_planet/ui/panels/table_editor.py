"""The table editor: copy a physical table into the app, field by field.

The editor keeps a *draft* position document (the ``position`` of a scenario file).  Each
section (round, zone, ship, player) shows the draft's current values; "Set" writes the
section's fields into the draft, and the whole draft is checked at once by the scenario loader
(:func:`~mrp_tutor.games.mission_red_planet.scenarios.table_file.load_table`): the same check as the
command line and the
scenario files.  "Use this table" replaces the game by the draft's position.

Fields are filled only in Referee mode (a draft holds every player's secret cards); in Tutor
mode the editor is empty.  Clicking a zone or ship on the board picks it here.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any, Protocol

import ipywidgets as W

from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.explain.options import ship_name
from mrp_tutor.games.mission_red_planet.scenarios import Scenario
from mrp_tutor.games.mission_red_planet.scenarios.model import ruleset_of
from mrp_tutor.games.mission_red_planet.scenarios.table_file import (
    load_table,
    located_sentence,
    table_document,
    table_position,
)
from mrp_tutor.games.mission_red_planet.ui.html import e
from mrp_tutor.games.mission_red_planet.ui.panels.entry import (
    EntryError,
    counts_text,
    parse_cards,
    parse_counts,
)
from mrp_tutor.games.mission_red_planet.ui.panels.table_grid_more import blank_position
from mrp_tutor.games.mission_red_planet.ui.panels.table_grid_round import STAGES, drop_colours
from mrp_tutor.games.mission_red_planet.ui.panels.table_words import (
    round_changes,
    ship_card,
    ship_options,
)
from mrp_tutor.games.mission_red_planet.unknowns import UNKNOWN_DISCOVERY


class Host(Protocol):
    """What the editor needs from the app (public names of :class:`~..panel.Host`)."""

    session: Any
    corrections: dict[str, Any]

    def say(self, text: str, kind: str = ..., citation: Any = ...) -> None: ...
    def guard(self, fn: Any) -> Any: ...
    def use_table(self, sc: Scenario, message: str) -> None: ...


def _dd(label: str, cls: str, options: Any = (), width: str = "300px") -> W.Dropdown:
    return W.Dropdown(description=label, options=list(options), _dom_classes=[cls],
                      layout=W.Layout(width=width, max_width="100%"),
                      style={"description_width": "90px"})


def _text(label: str, cls: str, hint: str, width: str = "300px") -> W.Text:
    return W.Text(description=label, placeholder=hint, _dom_classes=[cls],
                  layout=W.Layout(width=width, max_width="100%"),
                  style={"description_width": "90px"})


def _button(label: str, cls: str, style: str = "") -> W.Button:
    return W.Button(description=label, tooltip=label, _dom_classes=[cls], button_style=style,
                    layout=W.Layout(width="auto"))


def _options(dd: W.Dropdown, options: list[tuple[str, str]]) -> None:
    """New options, keeping the chosen value when it is still one (else the first)."""
    keep = dd.value
    dd.options = options
    values = [v for _, v in options]
    dd.value = keep if keep in values else (values[0] if values else None)


def _row(*items: W.Widget) -> W.Box:
    return W.HBox(list(items), layout=W.Layout(flex_flow="row wrap", align_items="center"))


class TableEditor:
    """The draft position and its form."""

    def __init__(self, host: Host, on_draft: Callable[[], None] | None = None) -> None:
        self.host = host
        self.on_draft = on_draft or (lambda: None)
        self.players: list[str] = []
        self.ruleset = "standard"
        self.pos: dict[str, Any] = {}
        self.base_step = -1  # the game step the draft was taken from (-1: none)
        self.dirty = False
        self._loading = False
        spec = host.session.spec
        # --- round
        self.players_txt = _text("Colours", "mrp-te-players", "red, blue, green (clockwise)")
        self.stage = _dd("Stage", "mrp-te-stage", STAGES)
        self.round = W.BoundedIntText(description="Round", min=1, max=10, value=1,
                                      _dom_classes=["mrp-te-round"],
                                      layout=W.Layout(width="170px"),
                                      style={"description_width": "90px"})
        self.production = _dd("Production", "mrp-te-production",
                              [("-", 0), ("1st", 1), ("2nd", 2), ("3rd", 3)], "190px")
        self.first = _dd("First player", "mrp-te-first")
        self.res_colour = _dd("Resolving", "mrp-te-res-colour")
        self.res_char = _dd("Character", "mrp-te-res-char")
        self.res_step = W.BoundedIntText(description="Effect no.", min=1, max=9, value=1,
                                         _dom_classes=["mrp-te-res-step"],
                                         layout=W.Layout(width="170px"),
                                         style={"description_width": "90px"})
        self.revealed = W.Checkbox(description="Discoveries revealed", indent=False,
                                   _dom_classes=["mrp-te-revealed"],
                                   layout=W.Layout(width="auto"))
        self.set_round = _button("Set round", "mrp-te-set-round")
        # --- zones
        self.zone = _dd("Zone", "mrp-te-zone", [(spec.card_name(z), z) for z in spec.zones])
        self.astronauts = _text("Astronauts", "mrp-te-astronauts", "red 3, blue 1")
        self.resource = _dd("Resource", "mrp-te-resource",
                            [("not known", ""), ("ice", "ice"),
                             ("sylvanite", "sylvanite"), ("celerium", "celerium")])
        self.face = _dd("Face", "mrp-te-face", [("up if occupied (rule)", ""), ("face up", "up"),
                                                ("face down", "down")])
        self.waiting = _text("Waiting", "mrp-te-waiting", "point tokens left: ice 1")
        self.discovery = _dd("Discovery", "mrp-te-discovery", [("none", "")])
        self.set_zone = _button("Set zone", "mrp-te-set-zone")
        # --- ships
        self.ship = _dd("Ship", "mrp-te-ship", width="340px")
        self.place = _dd("Where", "mrp-te-ship-place")
        self.crew = _text("Crew", "mrp-te-crew", "red 2, green 1")
        self.tokens = _text("Destination", "mrp-te-dest", "tokens, bottom first: hellas")
        self.set_ship = _button("Set ship", "mrp-te-set-ship")
        # --- seats
        self.seat = _dd("Colour", "mrp-te-seat")
        self.seat_tokens = _text("Point tokens", "mrp-te-seat-tokens", "ice 2, celerium 1")
        self.played = _text("Played", "mrp-te-played", "face-up characters: Pilot, Soldier")
        self.chosen = _dd("Chosen", "mrp-te-chosen")
        self.missions = _text("Missions", "mrp-te-missions", "mission card names")
        self.actions = _text("Actions", "mrp-te-actions", "action card names")
        self.memorial = W.BoundedIntText(description="Memorial", min=0, max=22, value=0,
                                         _dom_classes=["mrp-te-memorial"],
                                         layout=W.Layout(width="170px"),
                                         style={"description_width": "90px"})
        self.set_seat = _button("Set player", "mrp-te-set-seat")
        # --- the whole table
        self.check = _button("Use this table", "mrp-te-use", "primary")
        self.restart = _button("Start again from the game", "mrp-te-restart")
        self.blank = _button("Start from an empty table", "mrp-te-blank")
        self.problems = W.HTML(_dom_classes=["mrp-te-problems"])
        self.note = W.HTML("<p>The same table one part at a time (advanced): each section "
                           "shows the draft; <i>Set</i> keeps it in the draft, <i>Use this "
                           "table</i> checks the whole table by the rules and plays on from "
                           "it. Click a zone or ship on the board to pick it. What you do not "
                           "enter is not known, never drawn.</p>", _dom_classes=["mrp-te-note"])
        self.zone_head, self.ship_head, self.seat_head = (
            W.HTML(f"<h3>{h}</h3>", _dom_classes=[f"mrp-te-{k}-head"])
            for h, k in (("Zone", "zone"), ("Ship", "ship"), ("Player", "seat")))
        # each Set button answers on the line under its own row, where the eye is
        self.notes = {k: W.HTML(_dom_classes=["mrp-te-local", f"mrp-te-local-{k}"])
                      for k in ("round", "zone", "ship", "seat")}
        self._wire()
        self.root = W.VBox([
            self.note,
            W.HTML("<h3>Round</h3>"),
            _row(self.players_txt, self.stage, self.round, self.production, self.first),
            _row(self.res_colour, self.res_char, self.res_step, self.revealed, self.set_round),
            self.notes["round"],
            self.zone_head,
            _row(self.zone, self.astronauts, self.resource, self.face, self.waiting,
                 self.discovery, self.set_zone),
            self.notes["zone"],
            self.ship_head,
            _row(self.ship, self.place, self.crew, self.tokens, self.set_ship),
            self.notes["ship"],
            self.seat_head,
            _row(self.seat, self.seat_tokens, self.played, self.chosen, self.missions,
                 self.actions, self.memorial, self.set_seat),
            self.notes["seat"],
        ], _dom_classes=["mrp-table-editor"])  # the Table tab puts these under its grid:
        self.use_box = W.VBox([_row(self.check, self.blank, self.restart), self.problems])

    # ------------------------------------------------------------------ wiring
    def _wire(self) -> None:
        app = self.host
        guard = app.guard
        self.set_round.on_click(guard(lambda _b: self._set(self.apply_round, "round")))
        self.set_zone.on_click(guard(lambda _b: self._set(self.apply_zone, "zone")))
        self.set_ship.on_click(guard(lambda _b: self._set(self.apply_ship, "ship")))
        self.set_seat.on_click(guard(lambda _b: self._set(self.apply_seat, "seat")))
        self.check.on_click(guard(lambda _b: self.use()))
        self.restart.on_click(guard(lambda _b: self.take_from_game(force=True)))
        self.blank.on_click(guard(lambda _b: self.start_blank()))
        self.players_txt.observe(guard(lambda _c: None if self._loading else
                                       self._follow_colours()), names="value")
        for dd, show in ((self.zone, self.show_zone), (self.ship, self.show_ship),
                         (self.seat, self.show_seat)):
            dd.observe(guard(lambda _c, show=show: None if self._loading else show()),
                       names="value")

    def _set(self, apply: Callable[[], str], where: str = "round") -> None:
        for note in self.notes.values():
            note.value = ""
        local = self.notes[where]
        try:
            done = apply()
        except EntryError as err:
            self.problems.value = f"<p class='mrp-te-error'>{e(err)}</p>"
            local.value = f'<p class="mrp-te-error" role="alert">{e(err)}</p>'
            self.host.say(str(err), "error")
            return
        self.dirty = True
        problems = self.validate()
        self.on_draft()
        if problems:
            text = f"{done} The table as entered is not legal yet: {problems[0]}"
            local.value = f'<p class="mrp-te-error" role="alert">{e(text)}</p>'
            self.host.say(text, "error")
        else:
            text = f"{done} The table as entered is legal; press Use this table."
            local.value = f'<p class="mrp-te-ok" role="status">{e(text)}</p>'
            self.host.say(text, "ok")

    # ------------------------------------------------------------------ the draft
    @property
    def spec(self) -> GameSpec:
        spec: GameSpec = self.host.session.spec
        return spec

    def document(self) -> dict[str, Any]:
        """The draft as a scenario document."""
        return table_document(self.players, copy.deepcopy(self.pos), ruleset=self.ruleset,
                              overrides=getattr(self.host, "corrections", None) or None)

    def fit_game(self) -> None:
        """Only the fields the game in play has: none for action cards where there are none
        (the first edition)."""
        self.actions.layout.display = "" if self.spec.actions else "none"

    def take_from_game(self, *, force: bool = False) -> None:
        """Start the draft from the current game (only in Referee mode: it holds secrets)."""
        sess = self.host.session
        self.fit_game()
        if not sess.referee:
            self.clear()
            return
        step = len(sess.game.log) + len(sess.history)
        if not force and self.pos and (self.dirty or step == self.base_step):
            return
        try:
            pos = table_position(self.spec, sess.state, sess.unknowns)
        except ContentError as err:
            self.problems.value = (f"<p>The game is in the middle of a phase "
                                   f"({e(err.problems[0])}); the editor keeps its draft.</p>")
            return
        self.players = list(sess.state.order)
        self.ruleset = sess.state.ruleset
        self.pos = pos
        self.base_step = step
        self.dirty = False
        self.problems.value = ""
        self.show_all()
        self.on_draft()

    def start_blank(self) -> None:
        """The draft from a table where nothing is known (the Referee door, issue 36): the
        game's colours, no astronaut nor ship, resources and point tokens not known."""
        sess = self.host.session
        if not sess.referee:
            self.clear()
            return
        self.players, self.ruleset = list(sess.state.order), sess.state.ruleset
        self.pos = blank_position(self.players)
        self.base_step, self.dirty = len(sess.game.log) + len(sess.history), True  # pending
        self.problems.value = ""
        self.fit_game()
        self.show_all()
        self.on_draft()
        self.host.say("Referee mode, an empty table: enter what is in front of you (what you "
                      "leave out is not known, never drawn), then press Use this table.", "info")

    def load_document(self, doc: Mapping[str, Any]) -> None:
        """Take a validated document's table as the draft (upload, code, saved table)."""
        self.players = list(doc["players"])
        self.ruleset = ruleset_of(doc)
        self.pos = copy.deepcopy(dict(doc["position"]))
        self.dirty = True
        self.show_all()
        self.on_draft()

    def clear(self) -> None:
        """Empty every field (Tutor mode: no secret may sit in a widget)."""
        self.pos, self.players, self.base_step, self.dirty = {}, [], -1, False
        self.fit_game()
        self._loading = True
        try:
            for t in (self.astronauts, self.waiting, self.crew, self.tokens, self.seat_tokens,
                      self.played, self.missions, self.actions, self.players_txt):
                t.value = ""
            for dd in (self.first, self.seat, self.chosen, self.res_colour, self.res_char):
                dd.options = []
            for dd in (self.resource, self.face, self.discovery):  # face-down facts
                dd.value = ""
            self.memorial.value = 0
            self.zone_head.value = "<h3>Zone</h3>"
            self.ship_head.value = "<h3>Ship</h3>"
            self.seat_head.value = "<h3>Player</h3>"
        finally:
            self._loading = False
        self.problems.value = "<p>Switch to Referee mode to copy a table.</p>"

    def validate(self) -> list[str]:
        """Problems of the draft (sentences naming the field and the rule); shown."""
        try:
            load_table(self.document(), "table")
        except ContentError as err:
            found = [located_sentence(self.spec, p, self.pos) for p in err.problems]
            self.problems.value = ("<ul class='mrp-te-problem-list'>" + "".join(
                f"<li>{e(p)}</li>" for p in found[:12]) + "</ul>")
            return found
        self.problems.value = "<p class='mrp-te-ok'>The table as entered is legal.</p>"
        return []

    def use(self) -> Scenario | None:
        """Check the whole draft; when legal, play on from it."""
        try:
            sc = load_table(self.document(), "table")
        except ContentError as err:
            self.validate()
            self.host.say("Not used: " + located_sentence(self.spec, err.problems[0], self.pos),
                          "error")
            return None
        self.host.use_table(sc, "The table is set: rulings and Next now start from it.")
        self.dirty = False
        self.base_step = len(self.host.session.game.log) + len(self.host.session.history)
        self.problems.value = "<p class='mrp-te-ok'>This table is in play.</p>"
        return sc

    def _follow_colours(self) -> None:
        """A colour typed in "Colours" is offered at once in "First player", "Player" and
        "Resolving" (issue 36: it waited for "Set round"); a half-typed name changes nothing."""
        try:
            players = parse_cards(self.players_txt.value, {c: c for c in self.spec.colours},
                                  "Colours")
        except EntryError:
            return
        if not players:
            return
        colours = [(c.capitalize(), c) for c in dict.fromkeys(players)]
        self._loading = True
        try:
            _options(self.first, colours)
            _options(self.res_colour, [("nobody", ""), *colours])
            _options(self.seat, colours)
        finally:
            self._loading = False

    # ------------------------------------------------------------------ show (draft -> form)
    def show_all(self) -> None:
        spec = self.spec
        self._loading = True
        try:
            colours = [(c.capitalize(), c) for c in self.players]
            self.players_txt.value = ", ".join(self.players)
            self.stage.value = self.pos.get("stage", "choose")
            self.round.value = int(self.pos.get("round") or 1)
            self.production.value = int(self.pos.get("production") or 0)
            self.revealed.value = bool(self.pos.get("discoveries_revealed"))
            self.first.options = colours
            self.first.value = self.pos.get("first") or (self.players[0] if self.players
                                                         else None)
            chars = [(spec.card_name(c), c) for c in spec.countdown]
            self.res_colour.options = [("nobody", ""), *colours]
            _options(self.res_char, chars)
            res = self.pos.get("resolving") or {}
            self.res_colour.value = res.get("colour", "")
            if res.get("character") in spec.countdown:
                self.res_char.value = res["character"]
            self.res_step.value = int(res.get("step", 0)) + 1
            self.discovery.options = [("none", ""), ("face down, not known", UNKNOWN_DISCOVERY)] + [
                (spec.card_name(d), d) for d in spec.discoveries]
            _options(self.ship, ship_options(spec, self.pos))
            self.place.options = ([("not in play (deck)", "out")]
                                  + [(f"dock {i + 1}", f"dock:{i}")
                                     for i in range(len(self.players))]
                                  + [("launched", "launched"), ("discard pile", "discard")])
            _options(self.seat, colours)
            self.chosen.options = [("none", ""), *chars]
        finally:
            self._loading = False
        self.show_zone()
        self.show_ship()
        self.show_seat()

    def _relabel_ships(self) -> None:
        """The ship dropdown's words follow the draft (a ship moved to a dock says so)."""
        self._loading = True
        try:
            _options(self.ship, ship_options(self.spec, self.pos))
        finally:
            self._loading = False

    def show_zone(self) -> None:
        z = self.zone.value
        zp = self.pos.get("zones", {}).get(z, {}) if self.pos else {}
        self.astronauts.value = counts_text(zp.get("astronauts", {}))
        self.resource.value = zp.get("resource") or ""
        fu = zp.get("face_up")
        self.face.value = "" if fu is None else ("up" if fu else "down")
        self.waiting.value = counts_text(zp.get("waiting", {}))
        self.discovery.value = zp.get("discovery") or ""
        self.zone_head.value = f"<h3>Zone: {e(self.spec.card_name(z))}</h3>"

    def _ship_entry(self, sid: str) -> tuple[int | None, dict[str, Any] | None]:
        for i, sp in enumerate(self.pos.get("ships", [])):
            if sp.get("id") == sid:
                return i, sp
        return None, None

    def show_ship(self) -> None:
        sid = self.ship.value
        if not sid or not self.pos:
            return
        _, sp = self._ship_entry(sid)
        if sp is None:
            where = "discard" if sid in self.pos.get("ship_discard", []) else "out"
            crew, tokens = {}, []
        else:
            where = "launched" if sp.get("launched") else f"dock:{sp.get('dock', 0)}"
            crew, tokens = sp.get("crew", {}), sp.get("tokens", [])
        self.place.value = where if where in [v for _, v in self.place.options] else "out"
        self.crew.value = counts_text(crew)
        self.tokens.value = ", ".join(self.spec.card_name(t) for t in tokens)
        self.ship_head.value = f"<h3>Ship: {e(ship_card(self.spec, sid))}</h3>"

    def show_seat(self) -> None:
        c = self.seat.value
        if not c or not self.pos:
            return
        sp = self.pos.get("seats", {}).get(c, {})
        name = self.spec.card_name
        self.seat_tokens.value = counts_text(sp.get("tokens", {}))
        self.played.value = ", ".join(name(x) for x in sp.get("played", []))
        self.chosen.value = sp.get("chosen") or ""
        self.missions.value = ", ".join(name(x) for x in sp.get("missions", []))
        self.actions.value = ", ".join(name(x) for x in sp.get("actions", []))
        self.memorial.value = int(self.pos.get("memorial", {}).get(c, 0))
        self.seat_head.value = f"<h3>Player: {e(c.capitalize())}</h3>"

    # ------------------------------------------------------------------ apply (form -> draft)
    def _need_draft(self) -> None:
        if not self.pos:
            raise EntryError("Switch to Referee mode first: the editor starts from the game.")
    def apply_round(self) -> str:
        self._need_draft()
        colours = {c: c for c in self.spec.colours}
        players = parse_cards(self.players_txt.value, colours, "Colours")
        if len(players) < 2:
            raise EntryError("Colours: name the colours at the table, clockwise.")
        if players != self.players:
            drop_colours(self.pos, players)
            self.players = players
        stage = self.stage.value
        wanted = self._round_fields()
        self.pos["stage"] = stage
        if stage != "missions":  # the two missions to choose from exist during setup only
            for seat in self.pos.get("seats", {}).values():
                seat.pop("dealt", None)
        self.pos["round"] = int(self.round.value) if stage in ("choose", "resolve") else None
        self.pos["production"] = (int(self.production.value) or None
                                  if stage == "production" else None)
        self.pos["first"] = self.first.value if self.first.value in players else players[0]
        if self.revealed.value:
            self.pos["discoveries_revealed"] = True
        else:
            self.pos.pop("discoveries_revealed", None)
        if stage == "resolve" and self.res_colour.value:
            self.pos["resolving"] = {"colour": self.res_colour.value,
                                     "character": self.res_char.value,
                                     "step": int(self.res_step.value) - 1}
        else:
            self.pos.pop("resolving", None)
        for key in ("round", "production"):
            if self.pos.get(key) is None:
                self.pos.pop(key, None)
        self.pos.pop("last", None)
        self.show_all()
        changed = round_changes(wanted, self._round_fields(), stage)
        return f"Round set. {changed}" if changed else "Round set."

    def _round_fields(self) -> dict[str, Any]:
        """The round fields a Set may put back, in the words the form shows them."""
        prod = dict((v, k) for k, v in self.production.options)
        return {"production": prod.get(self.production.value, "") if self.production.value
                else "", "round": int(self.round.value),
                "resolving": str(self.res_colour.value or "").capitalize()}

    def apply_zone(self) -> str:
        self._need_draft()
        z = self.zone.value
        name = self.spec.card_name(z)
        colours = {c: c for c in self.players}
        zp: dict[str, Any] = {}
        if astro := parse_counts(self.astronauts.value, colours, f"{name}, astronauts"):
            zp["astronauts"] = astro
        if self.resource.value:
            zp["resource"] = self.resource.value
        if self.face.value:
            zp["face_up"] = self.face.value == "up"
        res = {r: r for r in self.spec.resources}
        waiting = parse_counts(self.waiting.value, res, f"{name}, waiting point tokens")
        if waiting:
            zp["waiting"] = waiting
        if self.discovery.value:
            zp["discovery"] = self.discovery.value
        self.pos.setdefault("zones", {})[z] = zp
        return f"{name} set."

    def apply_ship(self) -> str:
        self._need_draft()
        sid = self.ship.value
        ships = self.pos.setdefault("ships", [])
        moved = ""
        i, _ = self._ship_entry(sid)
        if i is not None:
            del ships[i]
        discard = [x for x in self.pos.get("ship_discard", []) if x != sid]
        where = self.place.value
        name = ship_name(sid).capitalize()
        crew = parse_counts(self.crew.value, {c: c for c in self.players}, f"{name}, crew")
        zones = {z: self.spec.card_name(z) for z in self.spec.zones}
        tokens = parse_cards(self.tokens.value, zones, f"{name}, destination tokens")
        if where == "discard":
            discard.append(sid)
        elif where != "out":
            sp: dict[str, Any] = {"id": sid}
            if where == "launched":
                sp["launched"] = True
            else:
                dock = int(where.split(":")[1])
                for other in list(ships):  # the ship that was at this dock goes back
                    if other.get("dock") == dock and not other.get("launched"):
                        ships.remove(other)
                        moved = (f" {ship_name(other['id']).capitalize()} left dock "
                                 f"{dock + 1} (back in the deck).")
                sp["dock"] = dock
            if crew:
                sp["crew"] = crew
            if tokens:
                sp["tokens"] = tokens
            ships.append(sp)
        elif crew or tokens:
            raise EntryError(f"{name}: a ship not in play has no crew and no tokens.")
        ships.sort(key=lambda x: (bool(x.get("launched")), x.get("dock") or 0))
        if discard:
            self.pos["ship_discard"] = discard
        else:
            self.pos.pop("ship_discard", None)
        self._relabel_ships()
        return f"{name} set.{moved}"

    def apply_seat(self) -> str:
        self._need_draft()
        c = self.seat.value
        spec = self.spec
        who = c.capitalize()
        sp = dict(self.pos.setdefault("seats", {}).get(c, {}))
        chars = {x: spec.card_name(x) for x in spec.countdown}
        sp["tokens"] = parse_counts(self.seat_tokens.value,
                                    {r: r for r in spec.resources}, f"{who}, point tokens")
        sp["played"] = parse_cards(self.played.value, chars, f"{who}, played characters")
        sp["chosen"] = self.chosen.value or None
        sp["missions"] = parse_cards(self.missions.value,
                                     {m: spec.card_name(m) for m in spec.missions},
                                     f"{who}, missions")
        sp["actions"] = parse_cards(self.actions.value,
                                    {a: spec.card_name(a) for a in spec.actions},
                                    f"{who}, action cards")
        if sp.get("deck") is None:
            sp.pop("hand", None)  # the hand is the characters not played nor chosen
        self.pos["seats"][c] = sp
        mem = self.pos.setdefault("memorial", {})
        if self.memorial.value:
            mem[c] = int(self.memorial.value)
        else:
            mem.pop(c, None)
        return f"{who} set."

    # ------------------------------------------------------------------ board clicks
    def on_pick(self, target: str, ident: str) -> None:
        """A click on the board picks the zone or ship here."""
        dd = self.zone if target == "zone" else self.ship
        if ident in [v for _, v in dd.options]:
            dd.value = ident
