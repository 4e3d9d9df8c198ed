"""The stepper: Back / Next / Run to end of round, the decision waited for, the legal options
and the explanation of the steps just played.

Every click goes through the app's guard and ends in :meth:`TutorApp.render`, which calls
:meth:`StepperPanel.render` with the session's view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as W

from mrp_tutor.app.step_shell import EXPLAIN, button, prompt_html, step_html, step_row, why_html
from mrp_tutor.core.words import plural
from mrp_tutor.games.mission_red_planet.engine.intents import Intent, KeepAction, PlayAction
from mrp_tutor.games.mission_red_planet.engine.secrecy import REVEALING
from mrp_tutor.games.mission_red_planet.explain import cite
from mrp_tutor.games.mission_red_planet.explain.options import describe_intent
from mrp_tutor.games.mission_red_planet.ui.cards import card_notes_html
from mrp_tutor.games.mission_red_planet.ui.html import (
    COUNTDOWN_SHELL,
    countdown_cells,
    e,
    sentence_html,
    sentences_html,
)
from mrp_tutor.games.mission_red_planet.ui.live import LiveHTML, LiveRows, OptionPicker
from mrp_tutor.games.mission_red_planet.ui.panels.legal_now import options_reading_note
from mrp_tutor.games.mission_red_planet.ui.session import StepReport
from mrp_tutor.games.mission_red_planet.ui.summary import game_over_html

if TYPE_CHECKING:
    from mrp_tutor.games.mission_red_planet.ui.panel import PanelContext

MAX_OPTIONS = 400  # options listed in the dropdown
SHOWN_REPORTS = 25  # steps explained at once (Run to end of round may play more)
DECISION = "mrp-decision-text"  # the stepper's own class on the shared prompt line


DECISION_WORDS = {
    "choose_character": "choose a character face down", "assign_discovery":
    "put a discovery card face down in a zone", "pay_ability": "pay point tokens for an ability",
    "use_ability": "use an ability or not", "play_action": "play an action card or keep it",
    "scatter": "move astronauts away (a discovery)", "board": "board a ship",
    "move": "move astronauts", "kill": "kill an astronaut", "replace": "replace an astronaut",
    "destroy": "destroy a ship", "launch": "launch a ship", "peek": "look at a discovery card",
    "draw_event": "draw an event card", "place_destination_token":
    "put a destination token on a ship",
}


def decision_words(spec: Any, kind: str) -> str:
    """The decision waited for, in words (``keep_mission`` -> ``keep a mission``)."""
    if kind == "keep_mission":
        return f"keep a {spec.term('mission')}"
    if kind.startswith("action:"):
        return "carry out the action card"
    return DECISION_WORDS.get(kind, kind.replace("_", " "))


def intent_fields(x: Intent) -> list[str]:
    """The intent's values other than its colour (what a board click can match)."""
    return [str(getattr(x, f)) for f in x.__dataclass_fields__ if f != "colour"]


class StepperPanel:
    """Stepper buttons, decision line, options dropdown and explanation."""

    def __init__(self, ctx: PanelContext) -> None:
        self.ctx = ctx
        self.app = app = ctx.app
        self.intents: list[Intent] = []  # the options listed, in dropdown order
        self.back_btn = button("Back", "mrp-back", "Undo the last step")
        self.next_btn = button("Next", "mrp-next", "Play the next decision and explain it",
                               "primary")
        self.round_btn = button("Run to end of round", "mrp-run-round",
                                "Play decisions until the round (or phase) changes")
        hub = app.board  # the live panels' text travels on the board's model
        self.step_label = LiveHTML(hub, "steps", kind="fresh", _dom_classes=["mrp-step-count"])
        self.countdown = LiveRows(hub, "countdown", _dom_classes=["mrp-countdown"])
        self.decision = LiveHTML(hub, "decision", kind="fresh",
                                 _dom_classes=["mrp-decision"])
        self.options = OptionPicker(hub, _dom_classes=["mrp-options"],
                                    layout=W.Layout(width="100%"))
        # new text at every step: drawn afresh by the page, not morphed (live.js)
        self.explain = LiveHTML(hub, "explain", kind="fresh", _dom_classes=[EXPLAIN],
                                layout=W.Layout(max_height="380px", overflow="auto"))
        self.scores_btn = button("Open the Scores tab", "mrp-open-scores",
                                 "The final score breakdown, zone by zone")
        self.scores_btn.layout.display = "none"
        self.scores_btn.on_click(ctx.guard(lambda _b: app.open_tab("Scores")))
        self.next_btn.on_click(ctx.guard(self.on_next))
        self.back_btn.on_click(ctx.guard(self.on_back))
        self.round_btn.on_click(ctx.guard(self.on_run_round))
        self.options.on_play(ctx.guard(self.on_play_option))
        self.options.on_bad_message(lambda msg: app.say(msg, "error"))
        self._position = 0  # numbers each options list, so a stale choice is refused
        bar = step_row([self.back_btn, self.next_btn, self.round_btn, self.step_label],
                       scope="mrp")
        self.widgets: list[W.Widget] = [bar, self.countdown,
                                        self.decision, self.scores_btn, self.options,
                                        W.HTML("<b>Explanation</b>"), self.explain]

    # ------------------------------------------------------------------ render
    def render(self, view: dict[str, Any], reports: list[StepReport] | None) -> None:
        """Countdown, decision, options and (when given) the explanation of ``reports``."""
        cells, queue = countdown_cells(self.ctx.spec, view)
        self.countdown.show_rows(COUNTDOWN_SHELL, list(enumerate(cells)), foot=queue,
                                 order="asc")
        self.render_decision(view)
        if reports is not None:
            self.explain.value = self.reports_html(reports)

    def render_done(self) -> None:
        """Last: a changed counter tells the page (and tests) that a render is complete."""
        sess = self.app.session
        # a learner reads the round and the step; a referee also the log's event count
        steps = len(sess.reports)
        events = f" ({plural(len(sess.game.log), 'event')} in the log)" if sess.referee else ""
        self.step_label.value = (f'<span class="mrp-step-text">Round {sess.state.round}, '
                                 f"step {steps}{events}</span>")

    def render_decision(self, view: dict[str, Any]) -> None:
        """The decision line, the seat panel and the options for the current viewer."""
        app = self.app
        spec = app.session.spec
        d = view["decision"]
        over = view["stage"] == "over"
        self.scores_btn.layout.display = "" if over else "none"
        if over:  # the summary where the game ended: here, or in the seat panel's prompt
            self.decision.value = (
                prompt_html("The game is over: see the summary above.", DECISION)
                if app.seat.seated else game_over_html(spec, view, app.session.game.log))
        elif d is None:
            self.decision.value = prompt_html("Nothing to decide.", DECISION)
        else:
            rule = cite(spec, d["rule"])
            # an action card's holder stays secret: a pause that names nobody
            who = ", ".join(d["colours"]) or "a player who may hold an action card"
            ch = f' ({e(spec.card_name(d["character"]))})' if d["character"] else ""
            left = f', {d["left"]} left' if d["left"] else ""
            rid = f' [{e(d["rule"])}]' if app.session.referee else ""  # ids: referees only
            self.decision.value = prompt_html(
                f'Waiting for <b>{e(who)}</b>: {e(decision_words(spec, d["kind"]))}{ch}'
                f'{e(left)}. <small>{e(rule.section if rule else "")}{rid}</small>', DECISION)
        app.seat.render(view)
        opts = app.seat.options() if app.seat.seated else app.session.options()
        if app.target is not None and not app.seat.seated:
            picked = [x for x in opts if app.target[1] in intent_fields(x)]
            opts = picked or opts
        self.intents = opts
        # seated, the choice buttons by the prompt are the one list (no second Options list)
        self.options.layout.display = "none" if app.seat.seated else ""
        if not app.seat.seated:  # seated, each choice button carries its card's text
            self.decision.value += card_notes_html(spec, opts)
        # a contested reading that shaped these options, and what the other would allow
        self.decision.value += options_reading_note(spec, app.session.state,
                                                    app.session.sees_for, app.session.referee)
        labels = [self.label(x, view) for x in opts[:MAX_OPTIONS]]
        self._position += 1
        self.options.show(labels, self._position, "(no decision for this viewer)")

    def label(self, x: Intent, view: dict[str, Any] | None = None) -> str:
        """An option in words, naming who decides."""
        return describe_intent(self.ctx.spec, x, view, who=True)

    def reports_html(self, reports: list[StepReport]) -> str:
        """The explanation of the latest steps, redacted for the current viewer."""
        sess = self.app.session
        cite = self.app.board.cite_html  # the paraphrases go to the page once per rule
        parts = []
        for rep in reports[-SHOWN_REPORTS:]:
            exps = sess.explain(rep)
            head, why = None, rep.why
            if rep.intent is not None:
                secret = rep.secret and not sess.sees_for(rep.actor or "")
                head = (secret_head(rep) if secret else self.label(rep.intent))
                why = f"Why: {rep.why}" if rep.why and not secret else ""
            body = ""
            if rep.error is not None:
                ex = sess.error_sentence(rep.error)
                body = (why_html("The scenario tries an illegal move on purpose:")
                        + '<ul class="mrp-sentences">' + sentence_html(ex, cite=cite) + "</ul>")
            parts.append(step_html(head, why, body + sentences_html(exps, cite=cite)))
        if len(reports) > SHOWN_REPORTS:
            earlier = plural(len(reports) - SHOWN_REPORTS, "earlier step")
            parts.insert(0, f'<div class="mrp-more">({earlier} in the log)</div>')
        return "".join(parts)

    # ------------------------------------------------------------------ clicks
    def on_next(self, _b: Any = None) -> StepReport | None:
        """Play the next decision; the report (None when a seat plays on instead)."""
        app = self.app
        if app.seat.seated:
            app.seat.on_next()
            return None
        rep = app.session.next()
        app.target = None
        app.render([rep])
        if rep.error is not None:
            app.say("The scenario shows a move the rules forbid (see the explanation).", "info")
        elif rep.intent is None and not rep.events:
            app.say(rep.why, "info")
        else:
            app.say(f"Step played ({plural(len(rep.events), 'event')}).", "ok")
        return rep

    def on_back(self, _b: Any = None) -> None:
        app = self.app
        if app.seat.seated:
            app.seat.on_back()
            return
        last = app.session.reports[-1] if app.session.reports else None
        if not app.session.back():
            app.say("Nothing to undo: this is the starting position.", "info")
            return
        app.target = None  # a pick belongs to the position it was made in
        app.render([])
        self.explain.value = why_html("One step undone.")
        revealed = last is not None and any(ev.type in REVEALING for ev in last.events)
        if revealed and not app.session.referee:
            app.say("Back one step. That step had revealed something hidden (a card, a token or "
                    "a deck order): at a real table it could not be taken back.", "info")
        else:
            app.say("Back one step.", "ok")

    def on_run_round(self, _b: Any = None) -> None:
        app = self.app
        if app.seat.seated:
            app.seat.on_next()
            return
        reps = app.session.run_to_end_of_round()
        app.render(reps)
        app.say(f"Played {plural(len(reps), 'decision')}; now round {app.session.state.round}, "
                f"{app.session.state.stage.replace('_', ' ')}.", "ok")

    def on_play_option(self, i: int, position: int) -> None:
        """"Play this": option ``i`` of the list shown at ``position``."""
        app = self.app
        if position != self._position:
            app.say("The options changed before your choice arrived: choose again.", "error")
            return
        if not 0 <= i < len(self.intents):
            app.say("Choose one of the legal options first.", "error")
            return
        if app.seat.seated:
            app.seat.play(self.intents[i])
            return
        rep = app.session.play(self.intents[i], why="Your choice.")
        app.target = None
        app.render([rep])
        app.say("Played.", "ok")


def secret_head(rep: StepReport) -> str:
    """The head of another colour's secret choice: who made it, except whether to play an
    action card, whose holder stays secret until it is played (tutor reading
    ``actions.hidden_holder``)."""
    if isinstance(rep.intent, PlayAction | KeepAction):
        return "At an action card's moment, a secret choice was made."
    return f"{(rep.actor or '').capitalize()} made a secret choice."
