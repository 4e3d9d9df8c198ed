"""The "Lesson & quiz" tab: the guided path, and quizzes that ask before they tell.

The question and the position come first; the lesson's explanation appears only after the
learner has made a prediction (nothing is preselected, and checking with nothing chosen asks
for a choice instead of marking the learner wrong).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as W

from mrp_tutor.games.mission_red_planet.explain import Explanation, cite
from mrp_tutor.games.mission_red_planet.explain.markdown import md_html
from mrp_tutor.games.mission_red_planet.explain.words import roles_sentence
from mrp_tutor.games.mission_red_planet.referee import production_ruling
from mrp_tutor.games.mission_red_planet.scenarios import Scenario
from mrp_tutor.games.mission_red_planet.scenarios.model import Quiz
from mrp_tutor.games.mission_red_planet.ui.html import e, sentences_html
from mrp_tutor.games.mission_red_planet.ui.panels.path import (
    PathStep,
    ProgressStore,
    build_path,
    place_words,
)
from mrp_tutor.games.mission_red_planet.ui.readings import lesson_html
from mrp_tutor.games.mission_red_planet.ui.session import Session

if TYPE_CHECKING:
    from mrp_tutor.games.mission_red_planet.ui.panel import PanelContext, View

LESSON_CSS = """<style>
.mrp-path-head { font-size: 14px; }
.mrp-chapter-intro { border-left: 4px solid #8a3b12; background: #fff6ef; padding: 2px 8px;
  margin: 4px 0; }
.mrp-quiz-pick .widget-radio-box { flex-wrap: wrap; }
.mrp-quiz-pick label { white-space: normal; }
.mrp-lesson-hidden { color: #4d4d4d; font-style: italic; }
</style>"""


class LessonPanel:
    """Guided path navigation, quiz and lesson text (built on first open of the tab).

    The app makes it at start (its Start-here button and progress store sit in the page
    header); :func:`lesson_tab` is the tab's registered factory.
    """

    title = "Lesson & quiz"

    def __init__(self, ctx: PanelContext) -> None:
        self.ctx = ctx
        self.app = app = ctx.app
        self.steps: list[PathStep] = build_path(app.scenarios)
        self.current: int | None = None  # index into steps while on the path
        self.answered = False
        self._quiz: tuple[str, Any] = ("none", None)
        self.start_btn = W.Button(description="Learn the rules: guided path", button_style="info",
                                  tooltip="Lessons in teaching order, from the goal of the game",
                                  _dom_classes=["mrp-start-here"], layout=W.Layout(width="auto"))
        # shown (invisibly) in the page header, so saved progress is back before Start here
        self.store = ProgressStore([s.scenario.id for s in self.steps])
        self.start_btn.on_click(ctx.guard(self.on_start))
        self.widget: W.Widget | None = None

    def set_scenarios(self, scenarios: list[Scenario]) -> None:
        """The path over this library (the app's scenario list changed)."""
        self.steps = build_path(scenarios)
        self.store.known = {s.scenario.id for s in self.steps}
        if self.current is not None and self.current >= len(self.steps):
            self.current = None

    # ------------------------------------------------------------------ build
    def build(self) -> W.Widget:
        self.path_head = W.HTML(_dom_classes=["mrp-path-head"])
        self.progress = W.IntProgress(value=0, min=0, max=max(1, len(self.steps)),
                                      description="Done", _dom_classes=["mrp-path-progress"],
                                      tooltip="Lessons of the guided path done",
                                      layout=W.Layout(width="auto", max_width="100%"))
        self.prev_btn = W.Button(description="Previous step", _dom_classes=["mrp-path-prev"],
                                 layout=W.Layout(width="auto"))
        self.next_btn = W.Button(description="Done: next step", button_style="success",
                                 _dom_classes=["mrp-path-next"], layout=W.Layout(width="auto"))
        self.intro = W.HTML(_dom_classes=["mrp-chapter-intro-box"])
        self.quiz_q = W.HTML(_dom_classes=["mrp-quiz-question"])
        self.quiz_pick = W.RadioButtons(options=[], _dom_classes=["mrp-quiz-pick"],
                                        layout=W.Layout(width="auto", max_width="100%"))
        self.quiz_check = W.Button(description="Check my prediction", button_style="primary",
                                   _dom_classes=["mrp-quiz-check"],
                                   layout=W.Layout(width="auto", align_self="flex-start"))
        self.quiz_out = W.HTML(_dom_classes=["mrp-quiz-ruling"])  # the verdict
        # why, and what the engine rules step by step: under the lesson's Next (a phone)
        self.quiz_more = W.HTML(_dom_classes=["mrp-quiz-more"])
        self.lesson_html = W.HTML(_dom_classes=["mrp-lesson"])
        # the lesson's own Next, beside its text (the stepper's is a screen away on a phone)
        self.step_btn = W.Button(description="Next step of this lesson", button_style="primary",
                                 _dom_classes=["mrp-lesson-next"],
                                 layout=W.Layout(width="auto", align_self="flex-start"))
        self.step_out = W.HTML(_dom_classes=["mrp-lesson-step-out"])
        self.step_btn.on_click(self.ctx.guard(self.on_step))
        self.prev_btn.on_click(self.ctx.guard(lambda _b: self.go_by(-1)))
        self.next_btn.on_click(self.ctx.guard(self.on_done_next))
        self.quiz_check.on_click(self.ctx.guard(self.on_check))
        self.nav = W.HBox([self.prev_btn, self.next_btn], layout=W.Layout(flex_flow="row wrap"))
        self.path_box = W.VBox([self.path_head, self.progress, self.nav])
        self.widget = W.VBox([W.HTML(LESSON_CSS), self.path_box, self.intro,
                              self.quiz_q, self.quiz_pick, self.quiz_check, self.quiz_out,
                              self.step_btn, self.step_out, self.quiz_more, self.lesson_html],
                             _dom_classes=["mrp-lesson-panel"])
        self.store.observe(lambda _c: self._show_path(), names="done")
        return self.widget

    # ------------------------------------------------------------------ path
    def on_start(self, _b: Any = None) -> None:
        if not self.steps:
            self.app.say("No lessons are available (the scenario library did not load).",
                         "error")
            return
        done = set(self.store.done)
        first_open = next((i for i, s in enumerate(self.steps)
                           if s.scenario.id not in done), 0)
        self.go(first_open if done else 0)

    def go_by(self, delta: int) -> None:
        i = (self.current if self.current is not None else -1) + delta
        self.go(max(0, min(len(self.steps) - 1, i)))

    def on_done_next(self, _b: Any = None) -> None:
        if self.current is not None:
            self.store.mark(self.steps[self.current].scenario.id)
        if self.current is not None and self.current + 1 >= len(self.steps):
            self.app.say("That was the last step of the guided path: well done!", "ok")
            self._show_path()
            return
        self.go_by(1)

    def go(self, i: int) -> None:
        """Open step ``i``: load its scenario and show its question first."""
        step = self.steps[i]
        app = self.app
        app.scenario.value = step.scenario.id
        app.on_load_scenario()
        self.current = i
        app.open_tab(self.title)  # builds (first time) and refreshes the tab
        self.store.target = ""  # the panel's top
        self.store.scroll += 1
        app.say(f"{place_words(self.steps, i)}: {step.scenario.title}.", "ok")

    def on_scenario_loaded(self, sc: Scenario | None) -> None:
        """Any scenario load (path or picker): follow it on the path, reset the quiz."""
        idx = next((i for i, s in enumerate(self.steps)
                    if sc is not None and s.scenario.id == sc.id), None)
        self.current = idx
        self.answered = False

    def _show_path(self) -> None:
        if self.widget is None:
            return
        n = len(self.steps)
        done = len(self.store.done)
        self.progress.value = done
        self.progress.description = f"{done}/{n} done"
        if self.current is None:
            self.path_head.value = ("<p><b>Guided path</b>: press <i>Learn the rules</i> for the "
                                    f"lessons in teaching order ({n} steps).</p>")
            self.nav.layout.display = "none"
            self.intro.value = ""
            return
        step = self.steps[self.current]
        sc = self.app.session.scenario
        if sc is None or sc.id != step.scenario.id:  # a seat, a new game: the path waits
            self.path_head.value = (
                "<p><b>Guided path</b>: paused (the game in play is not one of its lessons); "
                f"you were at {e(place_words(self.steps, self.current))}. <i>Learn the rules</i> "
                "takes you back to the first lesson not done yet.</p>")
            self.nav.layout.display = "none"
            self.intro.value = ""
            return
        mark = " ✓ done" if step.scenario.id in self.store.done else ""
        self.path_head.value = (f"<p><b>Guided path</b>{mark} · "
                                f"{e(place_words(self.steps, self.current))}</p>")
        self.nav.layout.display = ""
        self.prev_btn.disabled = self.current == 0
        self.intro.value = (f'<div class="mrp-chapter-intro"><b>{e(step.chapter.title)}</b>'
                            f"{md_html(step.chapter.intro)}</div>" if step.first else "")

    # ------------------------------------------------------------------ quiz
    @property
    def root(self) -> W.Widget:
        """The tab's widget (built by :meth:`build`)."""
        return self.widget if self.widget is not None else self.build()

    def refresh(self, view: View) -> None:
        """Question first; the lesson only after a prediction."""
        if self.widget is None:
            return
        self._show_path()
        sc = self.app.session.scenario
        self.quiz_out.value = self.quiz_more.value = ""
        self.answered = False
        self._show_step()
        if sc is not None and sc.quiz is not None:
            self._show_quiz(True)
            self._quiz = ("scenario", (sc, sc.quiz))
            self.quiz_q.value = (f"<h3>{e(sc.title)}</h3>{self._roles()}<p><b>Predict first:"
                                 f"</b> {e(sc.quiz.question)}</p>")
            self._set_choices([(c, c) for c in sc.quiz.choices])
            self.lesson_html.value = ('<p class="mrp-lesson-hidden">The lesson appears after '
                                      "your prediction.</p>")
            return
        self._show_quiz(True)
        if sc is not None:  # a lesson without a question of its own: no unrelated question
            self._quiz = ("none", None)
            self._show_quiz(False)
            self.quiz_q.value = (f"<h3>{e(sc.title)}</h3><p>This lesson has no question of its "
                                 "own: read it, then step through it with <i>Next step of this "
                                 "lesson</i> below.</p>")
            self.lesson_html.value = f"<h4>The lesson</h4>{self._lesson(sc)}"
            return
        zone = self._quiz_zone()
        self._quiz = ("zone", zone)
        name = self.ctx.spec.card_name(zone)
        head = f"<h3>{e(sc.title)}</h3>{self._lesson(sc)}" if sc is not None else (
            "<p>No lesson loaded: the quiz asks about the current position.</p>")
        self.lesson_html.value = ""
        self.quiz_q.value = (f"{head}<p><b>Predict first:</b> if a production phase happened "
                             f"now, who would receive tokens from {e(name)}?</p>")
        order = self.app.session.state.order
        self._set_choices([("Nobody", "nobody"), *((c.capitalize(), c) for c in order)])

    def _md(self, text: str) -> str:
        """Lesson markdown, each tutor reading it names a link to the reading's argument."""
        return lesson_html(self.ctx.spec, text, show_id=self.app.session.referee)

    def _roles(self) -> str:
        """The 2-player colours, in the same words as a free game's seat panel ('' else)."""
        roles = roles_sentence(self.app.session.state.seats)
        return f'<p class="mrp-lesson-roles">{e(roles)}</p>' if roles else ""

    def _lesson(self, sc: Scenario) -> str:
        """The lesson, after the 2-player colours (a lesson with its own question shows
        them above the question)."""
        return ("" if sc.quiz is not None else self._roles()) + self._md(sc.lesson)

    def _show_quiz(self, shown: bool) -> None:
        for w in (self.quiz_pick, self.quiz_check):
            w.layout.display = "" if shown else "none"

    def _set_choices(self, options: list[tuple[str, str]]) -> None:
        self.quiz_pick.options = options
        self.quiz_pick.index = None  # nothing preselected: the learner must choose

    def on_check(self, _b: Any = None) -> None:
        guess = self.quiz_pick.value
        if guess is None:
            text = "Choose your prediction first: nothing is marked yet."
            # beside the button (the status line is a screen above on a small window)
            self.quiz_out.value = f'<p class="mrp-local-note" role="status">{e(text)}</p>'
            self.quiz_more.value = ""
            self.app.say(text, "info")
            return
        kind, data = self._quiz
        if kind == "none":
            return
        if kind == "zone":
            self.quiz_out.value, self.quiz_more.value = self._zone_ruling(data, guess), ""
        else:
            sc, quiz = data
            self.quiz_out.value, self.quiz_more.value = self._scenario_ruling(sc, quiz, guess)
            self.lesson_html.value = f"<h4>The lesson</h4>{self._lesson(sc)}"
        self.answered = True
        self.app.say("Prediction checked: see the ruling and the lesson below.", "ok")
        # the result where the eye is (a phone), and the lesson's own Next under it
        self.store.target = ".mrp-quiz-ruling+.mrp-lesson-next"
        self.store.scroll += 1

    # ------------------------------------------------------------------ the lesson's Next
    def _show_step(self) -> None:
        """The lesson's own Next: shown while the lesson in play has steps left."""
        sess = self.app.session
        sc = sess.scenario
        left = sc is not None and sess.scenario_pos < len(sc.steps)
        self.step_btn.layout.display = "" if left else "none"
        if sc is not None and sc.steps:
            self.step_btn.description = (f"Next step of this lesson ({sess.scenario_pos + 1} of "
                                         f"{len(sc.steps)})" if left else "Lesson played")
        if sess.scenario_pos == 0:
            self.step_out.value = ""

    def on_step(self, _b: Any = None) -> None:
        """Play the lesson's next step (the stepper's Next) and say what it did here."""
        rep = self.app.stepper.on_next()
        if rep is not None:  # its sentences, a note's words, a forbidden move's refusal
            self.step_out.value = self.app.stepper.reports_html([rep])
        self._show_step()
        self.store.target = ".mrp-lesson-next+.mrp-lesson-step-out"  # what it did, then on
        self.store.scroll += 1

    def _quiz_zone(self) -> str:
        s = self.app.session.state
        busy = sorted(self.ctx.spec.zones, key=lambda z: -sum(s.zones[z].values()))
        return busy[0]

    def _zone_ruling(self, zone: str, guess: Any) -> str:
        """The Referee tab's production ruling for one zone, checked against the guess."""
        spec = self.ctx.spec
        ruling = production_ruling(spec, self.app.session.state)
        zr = next(z for z in ruling.zones if z.zone == zone)
        leaders = zr.winners  # in the order the engine awards them (seating order)
        truth = " and ".join(x.capitalize() for x in leaders) or "nobody"
        ok = (guess == "nobody" and not leaders) or guess in leaders
        head = Explanation(f"{'Right' if ok else 'Not quite'}: the engine rules that {truth} "
                           f"would receive tokens from {spec.card_name(zone)} in the "
                           f"next production ({ruling.amount} per face-up zone).",
                           "production.produce", cite(spec, "production.produce"))
        why = [Explanation(r.text, r.rule, r.citation) for r in zr.why]
        return sentences_html([head, *why])

    def _scenario_ruling(self, sc: Scenario, quiz: Quiz, guess: Any) -> tuple[str, str]:
        """Play the scenario from its start on a fresh copy: (the verdict, the lesson's
        explanation and what the engine rules step by step)."""
        sess = self.app.session
        fork = Session(self.ctx.spec, sc.build(), viewer=sess.viewer, referee=sess.referee,
                       scenario=sc)
        items: list[Explanation] = []
        while fork.scenario_pos < len(sc.steps):
            rep = fork.next()
            if rep.error is not None:
                items.append(fork.error_sentence(rep.error))
            items.extend(fork.explain(rep))
        answer = quiz.choices[quiz.answer]
        ok = str(guess) == answer
        verdict = (f"<p><b>{'Right' if ok else 'Not quite'}</b>: the answer is "
                   f"{e(answer)}.</p>")
        return verdict, (self._md(quiz.explanation) + "<h4>What the engine rules, step by "
                         "step</h4>" + sentences_html(items))


def lesson_tab(ctx: PanelContext) -> LessonPanel:
    """The Lesson & quiz tab: the app's lesson panel (made at start), its tab built now."""
    panel: LessonPanel = ctx.app.lesson
    panel.build()
    return panel
