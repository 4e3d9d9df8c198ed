"""The "What if" tab: fork the position, play two different choices, compare them.

Outside referee mode a fork stops before anything that would reveal hidden information
(the engine's secrecy policy, :data:`~mrp_tutor.games.mission_red_planet.engine.secrecy.REVEALING`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as W

from mrp_tutor.app.step_shell import button
from mrp_tutor.core.extras import have
from mrp_tutor.games.mission_red_planet import tables
from mrp_tutor.games.mission_red_planet.engine.intents import Intent
from mrp_tutor.games.mission_red_planet.engine.secrecy import REVEALING
from mrp_tutor.games.mission_red_planet.engine.views import view_for
from mrp_tutor.games.mission_red_planet.explain import Explanation, explain_event
from mrp_tutor.games.mission_red_planet.ui.html import e, race_html, sentences_html
from mrp_tutor.games.mission_red_planet.ui.panels.stepper import MAX_OPTIONS

if TYPE_CHECKING:
    from mrp_tutor.games.mission_red_planet.ui.panel import PanelContext, View


def what_if_events(events: list[Any], *, referee: bool) -> tuple[list[Any], str | None]:
    """The events a what-if may show: all for the referee, else those before a reveal."""
    if referee:
        return list(events), None
    for i, ev in enumerate(events):
        if ev.type in REVEALING:
            return list(events[:i]), ev.type
    return list(events), None


class WhatIfPanel:
    """Two option pickers, a Compare button and the two outcomes side by side."""

    title = "What if"

    def __init__(self, ctx: PanelContext) -> None:
        self.ctx = ctx
        self.app = ctx.app
        self.intents: list[Intent] = []
        self.a = W.Dropdown(description="Choice A", _dom_classes=["mrp-whatif-a"],
                            layout=W.Layout(width="48%"))
        self.b = W.Dropdown(description="Choice B", _dom_classes=["mrp-whatif-b"],
                            layout=W.Layout(width="48%"))
        self.go = button("Compare", "mrp-whatif-go")
        self.out = W.HTML(_dom_classes=["mrp-whatif"])
        self.go.on_click(ctx.guard(self.compare))
        self.root = W.VBox([W.HTML("<p>Fork the position, play two different choices and "
                                   "compare them side by side.</p>"),
                            W.HBox([self.a, self.b]), self.go, self.out])

    def refresh(self, view: View) -> None:
        opts = self.app.session.options()
        labels = [(self.app.stepper.label(x), i) for i, x in enumerate(opts[:MAX_OPTIONS])]
        self.intents = opts
        self.a.options = labels
        self.b.options = labels
        if labels:
            self.a.value = labels[0][1]
        if len(labels) > 1:
            self.b.value = labels[1][1]

    def clear(self) -> None:
        """Forget the comparison (it was about another position or viewer)."""
        self.out.value = ""

    def compare(self, _b: Any = None) -> None:
        app = self.app
        sess, spec = app.session, app.session.spec
        if self.a.value is None or self.b.value is None:
            app.say("There is nothing to compare for this viewer now.", "error")
            return
        cols = []
        for label, i in (("A", self.a.value), ("B", self.b.value)):
            intent = self.intents[i]
            events = sess.fork().play(intent)
            shown, cut = what_if_events(events, referee=sess.referee)
            partial = sess.state.clone()
            for ev in shown:  # the position after the visible part only
                ev.apply(partial)
            exps = [explain_event(spec, sess.visible(ev)) for ev in shown]
            if cut is not None:
                exps.append(Explanation(
                    f"What follows is hidden until it really happens: it would reveal "
                    f"{cut.replace('_', ' ')} information you do not have.", None, None))
            view = view_for(spec, partial, sess.viewer, referee=sess.referee)
            race = (race_html(tables.majorities(view, spec), view["order"])
                    if have("pandas") else "")  # the race is a pandas read model (tables.py)
            cols.append(f'<div class="mrp-whatif-col"><b>{label}: '
                        f'{e(app.stepper.label(intent))}</b>{sentences_html(exps, 30)}'
                        f'{race}</div>')
        self.out.value = f'<div class="mrp-whatif-cols">{"".join(cols)}</div>'
        app.say("Both choices were played on copies; the game itself is unchanged.", "ok")
