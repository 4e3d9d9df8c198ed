"""Asking first before a seated learner opens Referee mode (issue 36).

Referee mode shows every secret: the bots' missions and hands, face-down tokens and
discoveries, the seed.  A seated learner who taps "Referee" is told so and asked; if they go
on, their seat is marked as having seen everything for the rest of that game (the seat panel
says so), and tapping "Tutor" resumes the seat with that mark.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as W

from mrp_tutor.app.step_shell import button
from mrp_tutor.games.mission_red_planet.ui.html import e

CONFIRM_CSS = """<style>
.mrp-referee-confirm { border: 2px solid #8a5a00; background: #fff6e0; padding: 6px 10px;
  margin: 4px 0; max-width: 100%; }
.mrp-saw-all { border-left: 4px solid #8a5a00; background: #fff6e0; padding: 3px 6px;
  margin: 4px 0; }
</style>"""


def saw_all_html(colour: str) -> str:
    """The seat's mark once Referee mode was opened during its game."""
    return (f'<div class="mrp-saw-all" role="note">{e(colour.capitalize())} has seen every '
            "secret (Referee mode was opened during this game): this game is no longer "
            "played blind.</div>")


class RefereeConfirm:
    """The question, built the first time it is asked (the first page carries no model for
    it) and put in ``place`` (the header); ``on_yes`` opens Referee mode."""

    def __init__(self, on_yes: Callable[[], None], guard: Callable[..., object],
                 place: W.Box) -> None:
        self.on_yes, self.guard, self.place = on_yes, guard, place
        self.widget: W.VBox | None = None
        self.asked = False

    def _build(self) -> W.VBox:
        self.text = W.HTML()
        self.yes = button("Show everything", "mrp-referee-yes",
                          "Open Referee mode: every secret is shown", style="warning")
        self.no = button("Stay seated", "mrp-referee-no", "Keep playing your seat blind")
        self.yes.on_click(self.guard(self._yes))
        self.no.on_click(self.guard(lambda _b: self.hide()))
        self.widget = W.VBox([self.text, W.HBox([self.yes, self.no],
                                                layout=W.Layout(flex_flow="row wrap"))],
                             _dom_classes=["mrp-referee-confirm"])
        self.place.children = (*self.place.children, self.widget)
        return self.widget

    def _yes(self, _b: object = None) -> None:
        self.hide()
        self.on_yes()

    def ask(self, colour: str) -> None:
        widget = self.widget or self._build()
        who = colour.capitalize()
        self.text.value = (
            f"<p role='alert'><b>Referee mode shows every secret.</b> You play {e(who)}: the "
            "other players' missions, action cards and hands, the face-down resource tokens "
            "and discoveries and the seed would all be shown. Your seat is then marked as "
            "having seen everything for the rest of this game.</p>")
        widget.layout.display = ""
        self.asked = True

    def hide(self) -> None:
        if self.widget is not None:
            self.widget.layout.display = "none"
            self.text.value = ""
        self.asked = False
