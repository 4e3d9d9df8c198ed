"""The "Referee" tab: copy the physical table into the app and ask for rulings.

Every edit is checked against the rules (:mod:`mrp_tutor.games.mission_red_planet.ui.edits` via the
session); a
click on a board zone or ship fills the matching dropdowns.  Edits and the final-score
ruling (which shows every colour's secret missions) need Referee mode.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as W

from mrp_tutor.app.step_shell import button
from mrp_tutor.games.mission_red_planet.explain import explain_event
from mrp_tutor.games.mission_red_planet.explain.options import ship_text

if TYPE_CHECKING:
    from mrp_tutor.games.mission_red_planet.ui.panel import PanelContext, View


class RefereePanel:
    """Zone, crew and face-up edits; production and final-score rulings."""

    title = "Referee"

    def __init__(self, ctx: PanelContext) -> None:
        self.ctx = ctx
        self.app = app = ctx.app
        spec, s = app.session.spec, app.session.state
        zones = [(spec.card_name(z), z) for z in spec.zones]
        self.zone = W.Dropdown(description="Zone", options=zones, _dom_classes=["mrp-ed-zone"])
        self.zone_colour = W.Dropdown(description="Colour", options=list(s.order),
                                      _dom_classes=["mrp-ed-zone-colour"])
        self.zone_n = W.IntText(description="Astronauts", value=0,
                                _dom_classes=["mrp-ed-zone-count"])
        self.zone_btn = button("Set astronauts in zone", "mrp-edit-zone")
        self.ship = W.Dropdown(description="Ship", _dom_classes=["mrp-ed-ship"])
        self.ship_colour = W.Dropdown(description="Colour", options=list(s.order),
                                      _dom_classes=["mrp-ed-ship-colour"])
        self.ship_n = W.IntText(description="Crew", value=0, _dom_classes=["mrp-ed-ship-count"])
        self.ship_btn = button("Set crew of ship", "mrp-edit-crew")
        self.face = W.Dropdown(description="Zone", options=zones, _dom_classes=["mrp-ed-face"])
        self.face_btn = button("Turn its resource face up", "mrp-edit-faceup")
        self.rule_prod = button("Production ruling", "mrp-ruling-production")
        self.rule_final = button("Score if the game ended now", "mrp-ruling-final")
        self.rule_compare = button("Compare editions", "mrp-ruling-compare",
                                   "What each ruleset rules for this table, side by side")
        self.ruling = W.HTML(_dom_classes=["mrp-ruling"])
        # board click target kind -> the dropdowns it fills
        self.pick_targets: dict[str, list[W.Dropdown]] = {"zone": [self.zone, self.face],
                                                          "ship": [self.ship]}
        guard = ctx.guard
        self.zone_btn.on_click(guard(lambda _b: self.edit(
            {"what": "zone", "place": self.zone.value, "colour": self.zone_colour.value,
             "count": self.zone_n.value})))
        self.ship_btn.on_click(guard(lambda _b: self.edit(
            {"what": "crew", "place": self.ship.value or "", "colour": self.ship_colour.value,
             "count": self.ship_n.value})))
        self.face_btn.on_click(guard(lambda _b: self.edit(
            {"what": "face_up", "place": self.face.value})))
        self.rule_prod.on_click(guard(lambda _b: self.ask_ruling("production")))
        self.rule_final.on_click(guard(lambda _b: self.ask_ruling("final")))
        self.rule_compare.on_click(guard(lambda _b: self.ask_compare()))
        self.root = W.VBox([
            W.HTML("<p>Quick fixes to the game in play (Referee mode), each checked against "
                   "the rules; click a zone or ship on the board to pick it. To copy a whole "
                   "physical table into the app, use the <b>Table</b> tab's editor.</p>"),
            W.HBox([self.zone, self.zone_colour, self.zone_n, self.zone_btn],
                   layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.ship, self.ship_colour, self.ship_n, self.ship_btn],
                   layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.face, self.face_btn]),
            W.HBox([self.rule_prod, self.rule_final, self.rule_compare],
                   layout=W.Layout(flex_flow="row wrap")), self.ruling,
        ], _dom_classes=["mrp-referee"])

    def refresh(self, view: View) -> None:
        st = self.app.session.state
        ships = [*st.docked(), *st.launched]
        current = self.ship.value
        # a ship as its card shows it (number, destination, room), not its id
        self.ship.options = [(ship_text(self.ctx.spec, sid, view), sid) for sid in ships]
        self.ship.value = current if current in ships else (ships[0] if ships else None)
        for dd in (self.zone_colour, self.ship_colour):
            if list(dd.options) != list(st.order):
                dd.options = list(st.order)

    def clear(self) -> None:
        """Forget the ruling (it was about another position or viewer)."""
        self.ruling.value = ""

    def on_pick(self, target: str, ident: str) -> None:
        """A board click fills the dropdowns that list the zone or ship."""
        for dd in self.pick_targets.get(target, []):
            if ident in [v for _, v in dd.options]:
                dd.value = ident

    def need_referee(self) -> bool:
        if not self.app.session.referee:
            self.app.say("Switch to Referee mode to edit the table position.", "error")
            return False
        return True

    def edit(self, data: dict[str, Any]) -> None:
        app = self.app
        if not self.need_referee():
            return
        if not data.get("place"):
            app.say("Choose the zone or ship to edit first (or click it on the board).",
                    "error")
            return
        rep = app.session.edit(data)
        app.render([rep])
        app.say(explain_event(app.session.spec, rep.events[0]).text.rstrip(".") + ": done.", "ok")

    def ask_ruling(self, which: str) -> None:
        """Production or final-score ruling on the current position, with citations."""
        from mrp_tutor.games.mission_red_planet.ui.panels.rulings import ruling_summary_html

        if not self.need_referee():  # a final ruling shows every colour's secret missions
            return
        app = self.app
        self.ruling.value = ruling_summary_html(app.session.spec, app.session.state, which,
                                               unknown=app.session.unknowns)
        app.say(f"{which.capitalize()} ruling computed for the current position.", "ok")

    def ask_compare(self) -> None:
        """This table under the game's ruleset and every other one the picker offers, side
        by side (``referee compare``): Referee mode, as it names the characters chosen."""
        from mrp_tutor.games.mission_red_planet.compare import (
            compare,
            compare_html,
            picker_rulesets,
        )

        if not self.need_referee():
            return
        app = self.app
        s = app.session.state
        names = [s.ruleset, *[n for n in picker_rulesets() if n != s.ruleset]]
        self.ruling.value = compare_html(compare(app.session.spec, s, names))
        app.say("The editions compared for the current position.", "ok")
