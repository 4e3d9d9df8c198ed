"""The "Hint" tab: the coach of a seated learner
(:mod:`mrp_tutor.games.mission_red_planet.explain.coach`).

"Hint" runs the search from the learner's view in a thread of its own, so the page stays
usable (Back, Next, other tabs) while it thinks, with its progress; "Stop" ends it early with
what it found so far.  The two or three options it tried most come back in words, ordered by
their estimated chance to win with its 95 % range (those within the noise of the first said
to be about equal), one sentence on what each does citing the rule it rests on, and what a
chance means; "Play this" follows one.  The same position gets the same hints (a fixed
budget, seeded from the learner's view).  Only the
learner's view goes into the search and only these words come out: no hidden card, mission
or pick reaches the page.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from mrp_tutor.app.background import Stoppable, running_loop, start_work
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.search import SearchResult
from mrp_tutor.games.mission_red_planet.engine.views import view_for
from mrp_tutor.games.mission_red_planet.explain.coach import (
    CHANCE_MEANING,
    HINT_ITERATIONS,
    Hint,
    hints,
    hints_steps,
    likely,
)
from mrp_tutor.games.mission_red_planet.explain.rulebook import cite
from mrp_tutor.games.mission_red_planet.ui import seat as S
from mrp_tutor.games.mission_red_planet.ui.html import citation_html, e

if TYPE_CHECKING:
    from mrp_tutor.games.mission_red_planet.ui.panel import PanelContext, View

HINT_CSS = """<style>
.mrp-hint-list { margin: 4px 0; padding: 0; list-style: none; }
.mrp-hint { border-left: 4px solid #2a6cb0; background: #eef4fb; margin: 4px 0;
  padding: 4px 8px; max-width: 100%; overflow-wrap: anywhere; }
.mrp-hint-chance { font-weight: bold; }
.mrp-hint-meaning { font-size: 90%; color: #444; margin: 2px 0; }
</style>"""


class _Job(Stoppable):
    """One running hint: its position number and whether it was stopped."""

    def __init__(self, position: int) -> None:
        super().__init__()
        self.position = position


class HintTab:
    """Hint and Stop buttons, the status line and the hints of the position asked about."""

    title = "Hint"

    def __init__(self, ctx: PanelContext, iterations: int = HINT_ITERATIONS) -> None:
        self.ctx = ctx
        self.iterations = iterations
        self.ask = W.Button(description="Hint", button_style="info", icon="lightbulb-o",
                            tooltip="Ask the coach for the best options here (it plays out "
                                    f"{iterations:,} games)", _dom_classes=["mrp-hint-ask"])
        self.stop_btn = W.Button(description="Stop", tooltip="Stop thinking and show what the "
                                 "coach found so far", _dom_classes=["mrp-hint-stop"],
                                 layout=W.Layout(display="none"))
        self.status = W.HTML(_dom_classes=["mrp-hint-status"])
        self.out = W.HTML(_dom_classes=["mrp-hint-out"])
        self.follow = W.HBox([], layout=W.Layout(flex_flow="row wrap"))
        self.ask.on_click(ctx.guard(self.on_ask))
        self.stop_btn.on_click(ctx.guard(self.on_stop))
        self.root = W.VBox([W.HTML(HINT_CSS), W.HBox([self.ask, self.stop_btn]), self.status,
                            self.out, self.follow])
        self.job: _Job | None = None
        self.thread: threading.Thread | None = None
        self._position = 0  # numbers the positions: a hint about an older one is dropped
        self._key: tuple[Any, ...] | None = None
        self.shown: list[Hint] = []

    # ------------------------------------------------------------------ position
    def _seat(self) -> str | None:
        seat = getattr(self.ctx.app, "seat", None)
        return getattr(seat, "seat", None)

    def refresh(self, view: View) -> None:
        key = (self._seat(), len(self.ctx.session.game.log), view.get("stage"))
        if key != self._key:  # a new position: a hint about the old one no longer applies
            self._key = key
            self.clear()

    def clear(self) -> None:
        self._position += 1
        if self.job is not None:
            self.job.stop()
            self.job = None
        self.stop_btn.layout.display = "none"
        self.ask.disabled = False
        self.out.value = ""
        self.follow.children = ()
        self.shown = []
        seat = self._seat()
        first = (f"You play {seat.capitalize()}: when it is your turn" if seat else
                 "Take a seat, and when it is your turn")
        self.status.value = (f'<div class="mrp-hint-status">{e(first)} ask for a hint: the '
                             "coach plays out the games that could follow from what you "
                             "see.</div>")

    # ------------------------------------------------------------------ actions
    def on_ask(self, _b: Any = None) -> None:
        seat = self._seat()
        sess = self.ctx.session
        if seat is None:
            self.ctx.say("Take a seat first: the coach advises the colour you play.", "info")
            return
        turns = getattr(self.ctx.app.seat, "turns", None)
        if turns is not None and turns.busy:  # the position is about to change
            self.ctx.say(f"{turns.thinking_text()} Ask when it is your turn.", "info")
            return
        options = S.my_options(sess, seat)
        if not options:
            self.ctx.say("Nothing for you to decide now: press Next.", "info")
            return
        view = view_for(sess.spec, sess.state, seat)  # the learner's view, nothing more
        job = self.job = _Job(self._position)
        self.ask.disabled = True
        self.stop_btn.layout.display = ""
        self.status.value = ('<div class="mrp-hint-status" role="status">Thinking… (the '
                             "page stays usable; Stop shows what was found so far)</div>")
        self.thread = start_work(  # the browser (no threads): slices, Stop read between them
            lambda: self._think(job, view, options),
            lambda pause: hints_steps(self.ctx.spec, view, options, iterations=self.iterations,
                                      stop=job.is_stopped, pause=pause,
                                      progress=lambda i, n: self._progress(job, i, n)),
            lambda out: self._found(job, view, out), "mrp-hint", running_loop())

    def on_stop(self, _b: Any = None) -> None:
        if self.job is not None:
            self.job.stop()

    def _progress(self, job: _Job, done: int, total: int) -> None:
        if job is self.job:  # a widget's value: safe to set from the thinking thread
            self.status.value = (f'<div class="mrp-hint-status" role="status">Thinking… '
                                 f"{done:,} of {total:,} games played out (the page stays "
                                 "usable; Stop shows what was found so far)</div>")

    def _think(self, job: _Job, view: View, options: list[I.Intent]) -> None:
        out: tuple[list[Hint], SearchResult] | None
        try:
            out = hints(self.ctx.spec, view, options, iterations=self.iterations,
                        stop=job.is_stopped, progress=lambda i, n: self._progress(job, i, n))
        except Exception:  # a thread: the status says so in words, never a traceback
            out = None
        self._found(job, view, out)

    def _found(self, job: _Job, view: View,
               out: tuple[list[Hint], SearchResult] | None) -> None:
        found, res = out if out is not None else ([], None)
        if job is not self.job or job.position != self._position:
            return  # the position changed meanwhile
        self.job = None
        self.stop_btn.layout.display = "none"
        self.ask.disabled = False
        if not found:
            self.status.value = '<div class="mrp-hint-status">The coach found nothing.</div>'
            return
        games = 0 if res is None else res.iterations
        stopped = " (stopped early)" if job.stopped else ""
        said = (f"The coach played out {games:,} possible games from what you see{stopped}."
                if games or stopped else
                "You have a single option here: there is nothing to compare, so the coach "
                "played out no games.")
        self.status.value = f'<div class="mrp-hint-status" role="status">{said}</div>'
        self.show(found, view)

    def show(self, found: list[Hint], view: View) -> None:
        """The hints as a list, and a "Play this" button for each."""
        self.shown = list(found)
        items = []
        referee = self.ctx.session.referee  # a learner reads the section, not the rule id
        for i, h in enumerate(found, 1):
            where = citation_html(cite(self.ctx.spec, h.reason_rule or h.rule), show_id=referee)
            items.append(f'<li class="mrp-hint"><b>{i}. {e(h.words)}</b> — '
                         f"{chance_html(h, i)}{e(h.reason)}{where}</li>")
        meaning = (f'<div class="mrp-hint-meaning">{e(CHANCE_MEANING)}</div>'
                   if any(h.chance is not None for h in found) else "")
        self.out.value = f'<ol class="mrp-hint-list">{"".join(items)}</ol>{meaning}'
        buttons = []
        for i, h in enumerate(found, 1):
            b = W.Button(description=f"Play {i}", tooltip=f"Play: {h.words}",
                         _dom_classes=["mrp-hint-play"], layout=W.Layout(width="auto"))
            b.on_click(self.ctx.guard(lambda _b, x=h.intent: self.play(x)))
            buttons.append(b)
        self.follow.children = tuple(buttons)

    def play(self, intent: I.Intent) -> None:
        """Follow a hint: play it as the learner's decision (if still legal)."""
        seat = self._seat()
        if seat is None or intent not in S.my_options(self.ctx.session, seat):
            self.ctx.say("That hint is about an earlier position: ask again.", "error")
            return
        self.ctx.app.seat.play(intent)


def chance_html(h: Hint, place: int) -> str:
    """The chance of a hint with its 95 % range, and "about equal to the first" when its
    difference from the first hint's is within the noise."""
    if h.chance is None or h.low is None or h.high is None:
        return ""
    equal = " — about equal to the first" if place > 1 and h.about_equal else ""
    if equal and h.compared is not None:  # the figures the mark rests on, not those shown
        games, first, mine = h.compared
        equal += f" when both had {games:,} games ({mine:.0%} against {first:.0%})"
    return (f'<span class="mrp-hint-chance">won {h.chance:.0%} of {h.visits:,} games '
            f"(likely {likely(h.low, h.high)}){equal}</span>: ")
