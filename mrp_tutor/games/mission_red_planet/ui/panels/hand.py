"""The "Hand" tab: pass-and-play secret picks.

One player at a time shows their hand, picks a character and locks it.  Nothing of a pick
stays in any widget once the hand is hidden or another player takes the device: the toggle's
options are emptied (so its index and labels are gone from the page).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as W

from mrp_tutor.app.step_shell import button
from mrp_tutor.games.mission_red_planet.engine.rulesets import rules_of
from mrp_tutor.games.mission_red_planet.ui.html import e

if TYPE_CHECKING:
    from mrp_tutor.games.mission_red_planet.ui.panel import PanelContext, View


class HandPanel:
    """Player chooser, Show/Hide, the hand's cards and the Lock button."""

    title = "Hand"

    def __init__(self, ctx: PanelContext) -> None:
        self.ctx = ctx
        self.app = ctx.app
        intro = W.HTML("<p>Pass-and-play: pass the device to one player, who shows their hand, "
                       "picks a character and locks it. The pick stays hidden until the "
                       "countdown reveals it.</p>")
        self.seat = W.Dropdown(description="Player", _dom_classes=["mrp-hand-seat"])
        self.show_btn = button("Show my hand", "mrp-show-hand")
        self.hide_btn = button("Hide", "mrp-hide-hand")
        self.cards = W.ToggleButtons(options=[], _dom_classes=["mrp-hand-cards"])
        self.lock_btn = button("Lock my pick", "mrp-lock", style="warning")
        self.info = W.HTML(_dom_classes=["mrp-hand"])
        self.box = W.VBox([])
        self.open: str | None = None  # whose hand is shown
        self.seat.observe(ctx.guard(self.on_seat), names="value")
        self.show_btn.on_click(ctx.guard(self.show))
        self.hide_btn.on_click(ctx.guard(self.hide))
        self.lock_btn.on_click(ctx.guard(self.lock))
        self.root = W.VBox([intro, W.HBox([self.seat, self.show_btn, self.hide_btn]),
                            self.info, self.box])

    def seats(self) -> list[str]:
        s = self.app.session.state
        return rules_of(s).players_of(s)

    def clear_cards(self) -> None:
        # options [] sets index None: nothing of a pick (label, index) stays in the page
        self.cards.options = []
        self.box.children = []

    def refresh(self, view: View) -> None:
        spec, sess = self.ctx.spec, self.ctx.session
        seats = self.seats()
        current = self.seat.value
        if list(self.seat.options) != seats:
            self.seat.options = seats
        if current not in seats:
            viewer = sess.viewer
            self.seat.value = viewer if viewer in seats else seats[0]
        else:
            self.seat.value = current
        s = sess.state
        public = ", ".join(f"{c}: {'picked' if s.seats[c].chosen else 'not yet'}"
                           for c in seats) if s.stage == "choose" else ""
        if self.open is None or not sess.sees_for(self.open):
            self.open = None
            self.clear_cards()
            self.info.value = (f"<p>Hands are hidden. {e(public)}</p>" if public
                               else "<p>Hands are hidden.</p>")
            return
        seat = view["seats"][self.open]
        choosing = [x for x in sess.game.legal_intents(self.open)
                    if x.type == "choose_character"]
        picks = [str(getattr(x, "character", "")) for x in choosing]
        cards = [(spec.card_name(ch), ch) for ch in picks]
        if list(self.cards.options) != cards:
            self.cards.options = cards
            self.cards.index = None  # never preselected: the player picks
        self.box.children = [self.cards, self.lock_btn] if choosing else []
        missions = ", ".join(spec.card_name(m) for m in seat["missions"] or []) or "none"
        actions = ", ".join(spec.card_name(m) for m in seat["actions"] or []) or "none"
        peeked = ", ".join(f"{spec.card_name(z)}: {spec.card_name(c)}"
                           for z, c in (seat["peeked"] or {}).items()) or "none"
        hand = ", ".join(spec.card_name(c) for c in seat["hand"] or []) or "empty"
        chosen = seat["chosen"]
        self.info.value = (
            f"<p><b>{e(self.open.capitalize())}'s hand</b>: {e(hand)}<br>"
            f"Locked pick: {e(spec.card_name(chosen) if chosen else 'none yet')}<br>"
            f"Missions: {e(missions)}<br>Actions: {e(actions)}<br>"
            f"Discoveries seen: {e(peeked)}</p>")

    def show(self, _b: Any = None) -> None:
        app = self.app
        c = self.seat.value
        if c not in self.seats():
            app.say("Choose a player first.", "error")
            return
        if not app.seat.may_view(c):
            return
        self.open = c
        app.session.viewer = c
        app.refresh_viewers()
        app.render([])
        app.say(f"{c.capitalize()}'s hand is shown: others look away.", "info")

    def hide(self, _b: Any = None) -> None:
        app = self.app
        self.open = None
        self.clear_cards()
        if not app.session.referee:
            app.session.viewer = None
            app.refresh_viewers()
        app.render([])
        app.say("Hand hidden: the table view shows no secrets.", "info")

    def lock(self, _b: Any = None) -> None:
        app = self.app
        c = self.open
        pick = self.cards.value
        if c is None or not pick:
            app.say("Show your hand and pick a character first.", "error")
            return
        app.session.play_dict({"type": "choose_character", "colour": c, "character": pick})
        self.hide()
        app.stepper.explain.value = ""
        app.say(f"{c.capitalize()} locked a character face down. Pass the device on.", "ok")

    def on_seat(self, change: dict[str, Any]) -> None:
        # another player takes the device: every control is reset, the open hand hidden
        if self.open is not None and change["new"] != self.open:
            self.hide()
            self.app.say("Another player chosen: the open hand was hidden.", "info")
        else:
            self.clear_cards()
