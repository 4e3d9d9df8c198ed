"""The post-game review under a seated game's summary
(:mod:`mrp_tutor.games.mission_red_planet.explain.review`).

Each decision of the seated learner is kept as the learner saw it (their view, options and
choice) when they make it; Back drops the decisions it undoes.  When the game ends the review
runs in a thread of its own (the page stays usable, "Stop review" shows what was judged so
far) and lists the learner's three most costly decisions: what they did, what the search
preferred, both estimated chances, why, and the rule.
"""

from __future__ import annotations

import contextlib
import threading
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from mrp_tutor.app.background import Stoppable, running_loop, start_work
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.explain import review as R
from mrp_tutor.games.mission_red_planet.explain.coach import likely
from mrp_tutor.games.mission_red_planet.explain.rulebook import cite
from mrp_tutor.games.mission_red_planet.explain.words import speaker
from mrp_tutor.games.mission_red_planet.ui.html import citation_html, e

if TYPE_CHECKING:
    from mrp_tutor.games.mission_red_planet.ui.panel import PanelContext

REVIEW_CSS = """<style>
.mrp-review-list { margin: 4px 0; padding-left: 1.4em; }
.mrp-review-item { margin: 4px 0; max-width: 100%; overflow-wrap: anywhere; }
.mrp-review-head { font-weight: bold; margin-top: 6px; }
</style>"""


def when(round_: int) -> str:
    """The moment of a decision in words: the setup, or its round."""
    return "Setup" if round_ <= 0 else f"Round {round_}"




class ReviewBox:
    """The learner's decisions of the game, and their review once it is over."""

    def __init__(self, ctx: PanelContext) -> None:
        self.ctx = ctx
        self.decisions: list[R.Decision] = []
        self.status = W.HTML(_dom_classes=["mrp-review-status"])
        self.out = W.HTML(_dom_classes=["mrp-review-out"])
        self.stop_btn = W.Button(description="Stop review", _dom_classes=["mrp-review-stop"],
                                 tooltip="Stop the review: show the decisions judged so far",
                                 layout=W.Layout(width="auto", display="none"))
        self.stop_btn.on_click(ctx.guard(self.on_stop))
        self.widget = W.VBox([W.HBox([self.status, self.stop_btn],
                                     layout=W.Layout(flex_flow="row wrap")), self.out])
        self.job: Stoppable | None = None
        self.thread: threading.Thread | None = None
        self.found: list[R.Costly] | None = None  # the review shown (None: none yet)

    def note(self, seat: str, options: list[I.Intent], chosen: I.Intent) -> None:
        """The learner is about to play ``chosen``: keep the decision as they see it now."""
        sess = self.ctx.session
        step = len(sess.game.log)
        self.decisions = [d for d in self.decisions if d.step < step]  # Back undid the rest
        self.decisions.append(R.decision(self.ctx.spec, sess.state, seat, options, chosen,
                                         step))

    def clear(self) -> None:
        """A new game: forget the decisions and any review."""
        if self.job is not None:
            self.job.stopped = True
        self.job = None
        self.decisions = []
        self.found = None
        self.status.value = self.out.value = ""
        self.stop_btn.layout.display = "none"

    def on_stop(self, _b: Any = None) -> None:
        if self.job is not None:
            self.job.stopped = True

    # ------------------------------------------------------------------ running
    def start(self) -> None:
        """The game is over: review the learner's decisions (once)."""
        if self.job is not None or self.found is not None:
            return
        decisions, spec = list(self.decisions), self.ctx.spec
        if not decisions:
            return
        job = self.job = Stoppable()
        loop = running_loop()
        self.stop_btn.layout.display = ""
        self._progress(job, 0, len(decisions))
        if loop is None:  # no event loop (a script, a test): at once
            self._done(job, R.review(spec, decisions, stop=job.is_stopped))
            return
        done, step = self.ctx.guard(self._done), self._progress

        def post(fn: Any, *args: Any) -> None:
            with contextlib.suppress(RuntimeError):  # the kernel is shutting down
                loop.call_soon_threadsafe(fn, *args)

        def work() -> None:
            try:
                found: list[R.Costly] = R.review(
                    spec, decisions, stop=job.is_stopped,
                    progress=lambda i, n: post(step, job, i, n))
            except Exception:  # a thread: the status says so in words
                found = []
            post(done, job, found)

        self.thread = start_work(  # the browser (no threads): slices, Stop read between them
            work, lambda pause: R.review_steps(spec, decisions, stop=job.is_stopped, pause=pause,
                                               progress=lambda i, n: step(job, i, n)),
            lambda found: done(job, found or []), "mrp-review", loop)

    def _progress(self, job: Stoppable, done: int, total: int) -> None:
        if job is self.job:
            self.status.value = ('<div class="mrp-review-status" role="status">The coach is '
                                 f"reviewing your decisions ({done} of {total})… The page "
                                 "stays usable.</div>")

    def _done(self, job: Stoppable, found: list[R.Costly]) -> None:
        if job is not self.job:
            return  # a new game meanwhile
        self.job = None
        self.found = found
        self.stop_btn.layout.display = "none"
        early = " (stopped early: the decisions judged so far)" if job.stopped else ""
        self.status.value = ""
        self.out.value = speaker(self.ctx.spec)(self.html(found, early))  # the game's words

    def html(self, found: list[R.Costly], early: str = "") -> str:
        """The review in words."""
        spec = self.ctx.spec
        if not found:
            return ('<div class="mrp-review-head">Review of your game</div><div class='
                    '"mrp-review-none">The coach found no decision of yours that cost much: in '
                    "the games it played out from what you saw, its own favourite did about as "
                    f"well as your choice{e(early)}.</div>")
        items = []
        referee = self.ctx.session.referee  # a learner reads the section, not the rule id
        for c in found:
            items.append(
                f'<li class="mrp-review-item"><b>{when(c.round)}</b>: you chose '
                f"<i>{e(c.did)}</i> (won {c.did_chance:.0%} of its sampled games, likely "
                f"{likely(*c.did_range)}). Better: "
                f"<b>{e(c.better)}</b> (won {c.better_chance:.0%}, likely "
                f"{likely(*c.better_range)}). {e(c.reason)}"
                f"{citation_html(cite(spec, c.reason_rule or c.rule), show_id=referee)}</li>")
        n = len(found)
        head = ("Your most costly decision" if n == 1 else
                f"Your {('two', 'three')[n - 2] if n <= 3 else n} most costly decisions")
        return (f'<div class="mrp-review-head">{head}{e(early)}</div><div>Judged from what you '
                "saw at the time: the coach played out games that could follow each choice. A "
                "decision is listed only when the gap is larger than the noise of its "
                "games; a choice that was the coach's first hint, or about equal to it, "
                "never is."
                f'</div><ol class="mrp-review-list">{"".join(items)}</ol>')
