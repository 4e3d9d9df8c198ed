"""The bots' turns of a seated game, played without blocking the page.

A hard bot thinks about a second a decision.  Played on the kernel's message thread, that
second would freeze the page (no other tab, no rule, no scrolling answers).  So a slow bot's
decision is thought in a thread of its own, from a view taken before it starts
(:meth:`~mrp_tutor.games.mission_red_planet.ui.seat.SearchLevel.prepare`: the thread never touches
the game), while
the page shows "Blue is thinking…" and a "Decide now" button.  The decision is then played on
the kernel's own event loop, where every click is handled too, so a decision and a click
never run at once; it is dropped (and the bots think again) when the game changed meanwhile
(Back, a new game, an edit).  The learner's controls stay shut until it is their turn
(:attr:`BotTurns.busy`).  Quick bots (easy, medium, the tutor) decide at once, as before.

Without an event loop (a script, a test calling the panel) every decision is played at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import ipywidgets as W

from mrp_tutor.app.background import Stoppable, running_loop, start_work
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.explain.options import plural
from mrp_tutor.games.mission_red_planet.ui import seat as S
from mrp_tutor.games.mission_red_planet.ui.html import e
from mrp_tutor.games.mission_red_planet.ui.session import StepReport

if TYPE_CHECKING:
    from mrp_tutor.games.mission_red_planet.ui.panel import PanelContext

Then = Callable[[list[StepReport]], None]


class SeatLike(Protocol):
    """What the bots' turns read of the seat panel (:class:`~.panels.seat.SeatPanel`)."""

    seat: str | None
    bots: S.Chooser
    review: Any  # its ReviewBox: started when the game ends

THINK_CSS = """<style>
.mrp-thinking-row { align-items: center; }
.mrp-thinking { border-left: 4px solid #8a5a00; background: #fff6e0; padding: 3px 6px;
  margin: 2px 0; }
</style>"""


class _Job(Stoppable):
    """One decision being thought: the game and log length it was asked about."""

    def __init__(self, game: Any, steps: int, colour: str) -> None:
        super().__init__()
        self.game = game
        self.steps = steps
        self.colour = colour


class BotTurns:
    """Plays the bots of a seated game up to the learner's turn, a slow bot in a thread."""

    def __init__(self, ctx: PanelContext, panel: SeatLike) -> None:
        self.ctx = ctx
        self.panel = panel
        self.status = W.HTML(_dom_classes=["mrp-thinking-status"])
        self.skip_btn = W.Button(description="Decide now", _dom_classes=["mrp-think-skip"],
                                 tooltip="Stop the bot's thinking: it plays the best option "
                                         "it has found so far",
                                 layout=W.Layout(width="auto", display="none"))
        self.skip_btn.on_click(ctx.guard(self.on_skip))
        self.widget = W.HBox([self.status, self.skip_btn],
                             _dom_classes=["mrp-thinking-row"],
                             layout=W.Layout(flex_flow="row wrap"))
        self.job: _Job | None = None
        self.thread: threading.Thread | None = None
        self.reps: list[StepReport] = []
        self.then: Then | None = None

    @property
    def busy(self) -> bool:
        """True while a bot thinks: the learner's controls are shut."""
        return self.job is not None

    def thinking_text(self) -> str:
        """"Blue is thinking…" (empty when no bot thinks)."""
        if self.job is None:
            return ""
        if not self.job.colour:  # an action card's holder: secret
            return "A player is thinking about an action card…"
        return f"{self.job.colour.capitalize()} is thinking…"

    def cancel(self) -> None:
        """Forget the decision being thought (Back, a new game, standing up)."""
        if self.job is not None:
            self.job.stop()
        self.job = None
        self.then = None
        self._show()

    def _show(self) -> None:
        text = self.thinking_text()
        self.status.value = ("" if not text else
                             f'<div class="mrp-thinking" role="status">{e(text)} The page '
                             "stays usable; “Decide now” makes it play its best so far.</div>")
        self.skip_btn.layout.display = "" if text else "none"

    def on_skip(self, _b: Any = None) -> None:
        if self.job is not None:
            self.job.stop()
            self.ctx.say(f"{self.thinking_text()} Deciding now…", "info")

    # ------------------------------------------------------------------ playing
    def run(self, reps: list[StepReport], then: Then) -> None:
        """Let the bots play from here to the learner's next decision (or the game's end);
        ``reps``: the reports so far (the learner's own move); ``then(reports)`` shows the
        result once the bots are done."""
        self.cancel()
        self.reps = list(reps)
        self.then = then
        self._go()

    def _go(self) -> None:
        app, seat, choose = self.ctx.app, self.panel.seat, self.panel.bots
        sess = app.session
        if seat is None:
            return
        prepare = getattr(choose, "prepare", None)
        loop = running_loop() if prepare is not None else None
        while not sess.game.over and len(self.reps) < S.BOT_LIMIT:
            legal = sess.game.legal_intents()
            if not legal:  # nobody decides: production, reveals, scoring
                self.reps.append(sess.next())
                continue
            theirs = [x for x in legal if not S.is_mine(sess, seat, x.colour)]
            if not theirs:
                break  # the learner's turn
            if loop is not None and prepare is not None:
                think = prepare(sess.game, theirs)
                if think is not None:
                    # whether to play an action card: its holder stays secret (tutor reading
                    # actions.hidden_holder), so the thinking names nobody
                    secret = isinstance(theirs[0], I.PlayAction | I.KeepAction)
                    self._think(loop, think, "" if secret else
                                sess.state.seats[theirs[0].colour].controller)
                    return
            intent, why = choose(sess.game, theirs)
            self.reps.append(sess.play(intent, why=why))
        then, self.then = self.then, None
        if then is not None:
            then(self.reps)
        if sess.game.over:
            self.panel.review.start()  # the learner's most costly decisions

    def _think(self, loop: asyncio.AbstractEventLoop, think: S.Think, colour: str) -> None:
        sess = self.ctx.app.session
        job = self.job = _Job(sess.game, len(sess.game.log), colour)
        self.ctx.app.render(self.reps)  # what the bots did so far; the learner's controls shut
        self._show()
        done = self.ctx.guard(self._resume)

        def work() -> None:
            try:
                out: Any = think(job.is_stopped)
            except Exception as exc:  # reported on the loop, in words
                out = exc
            with contextlib.suppress(RuntimeError):  # the kernel is shutting down
                loop.call_soon_threadsafe(done, job, out)

        steps = getattr(think, "steps", None)  # the browser: slices, "Decide now" read between
        self.thread = start_work(
            work, None if steps is None else lambda pause: steps(job.is_stopped, pause),
            lambda out: done(job, RuntimeError() if out is None else out), "mrp-bot", loop)

    def _resume(self, job: _Job, out: Any) -> None:
        """On the event loop: play the thought decision, then let the bots go on."""
        if job is not self.job:
            return  # cancelled meanwhile
        self.job = None
        self._show()
        sess = self.ctx.app.session
        if sess.game is not job.game or len(sess.game.log) != job.steps:
            self._go()  # the game changed meanwhile: think again about the position now
            return
        if isinstance(out, Exception):
            self.then = None
            self.ctx.app.render(self.reps)
            self.ctx.say("The bot could not decide (an error in its search). Press Next to "
                         "let it try again.", "error")
            return
        intent, why = out
        self.reps.append(sess.play(intent, why=why))
        self._go()

    def wait_text(self) -> str:
        """What Next or a click says while a bot thinks."""
        return (f"{self.thinking_text()} Wait for it, or press “Decide now”; "
                f"the bots made {plural(len(self.reps), 'step')} so far.")
