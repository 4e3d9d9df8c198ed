"""The widget tree: panels that render the session's view and send intents to it.

:class:`TutorApp` is the controller: every widget callback goes through :meth:`TutorApp._guard`
(errors become sentences in the status area, never tracebacks) and then :meth:`render`.
Widgets hold no game state; their values are inputs, validated by the session/engine.
Heavy tabs are built on first open.
"""

from __future__ import annotations

import functools
import logging
import os
import secrets
from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as W

from .. import tables
from ..engine.errors import ContentError, MrpError
from ..engine.intents import Intent
from ..engine.secrecy import REVEALING
from ..engine.spec import GameSpec, load_spec
from ..engine.views import view_for
from ..explain import Explanation, cite, explain_error, explain_event, search_rules
from ..explain.markdown import md_html
from ..explain.options import describe_intent
from ..scenarios import Scenario
from . import scenario_glue
from .board import BoardWidget, board_payload, zone_layout
from .html import (
    APP_CSS,
    countdown_html,
    e,
    frame_html,
    race_html,
    row_html,
    sentence_html,
    sentences_html,
    status_html,
    table_html,
    text_board_html,
)
from .panels.corrections import operator_corrections, operator_path
from .panels.lesson import LessonPanel
from .panels.path import picker_options
from .panels.seat import SeatPanel
from .panels.style import RESPONSIVE_CSS
from .session import Session, StepReport

log = logging.getLogger(__name__)
F = TypeVar("F", bound=Callable[..., Any])

LOG_TAIL = 60
FREE_GAME = "__free__"
TAB_TITLES = ("Log", "Scores", "Hand", "Lesson & quiz", "What if", "Referee", "Card data",
              "Text board", "Rules", "Table", "Insights")


def app_spec() -> GameSpec:
    """The spec with the operator's override file (env MRP_TUTOR_OVERRIDES) when it exists;
    never a file in the user's home folder.

    Raises:
        ContentError: the override file does not load (shown as a sentence by the app).
    """
    path = operator_path()
    if path is not None and path.exists():
        return load_spec(overrides=path, use_env_overrides=False)
    return load_spec(use_env_overrides=False)


def _btn(label: str, cls: str, tip: str = "", style: str = "") -> W.Button:
    return W.Button(description=label, tooltip=tip or label, _dom_classes=[cls],
                    button_style=style, layout=W.Layout(width="auto"))


class TutorApp:
    """The whole app: one session, panels, and the single dispatch path."""

    def __init__(self, spec: GameSpec | None = None, *, seed: int | None = None,
                 colours: tuple[str, ...] = ("red", "blue", "green")) -> None:
        startup_problem = ""
        if spec is None:
            try:
                spec = app_spec()
            except ContentError as err:  # a broken override file: start on the base data
                spec = load_spec(use_env_overrides=False)
                startup_problem = (f"The card corrections in {operator_path()} were not "
                                   f"applied: {explain_error(spec, err).text}")
        self.spec = spec
        # this visitor's card corrections (an overrides document) and the spec they give
        self.corrections: dict[str, Any] = {} if startup_problem else operator_corrections()
        self.corrected_spec: GameSpec | None = None
        self.session = Session.new(self.spec, colours, start_seed(seed))
        self.layout = zone_layout(self.spec)
        self.scenarios, problem = scenario_glue.load_library()
        self.target: tuple[str, str] | None = None
        self._options: list[Intent] = []
        self._built: dict[int, bool] = {}
        self._refreshers: dict[int, Callable[[], None]] = {}
        self._quiz_answer: Any = None
        self._quiet = False
        self._shown: list[StepReport] = []  # reports in the explanation panel
        self.lesson = LessonPanel(self)  # guided path + quiz (its tab is built on first open)

        # --- header -------------------------------------------------------------------
        self.title = W.HTML(APP_CSS + RESPONSIVE_CSS
                            + "<h2>Mission: Red Planet: rules tutor and referee</h2>")
        self.scenario = W.Dropdown(description="Scenario", options=self._scenario_options(),
                                   value=FREE_GAME, _dom_classes=["mrp-scenario"],
                                   layout=W.Layout(width="360px"))
        self.load_btn = _btn("Load", "mrp-load", "Set up the chosen scenario")
        self.players = W.Dropdown(description="Players",
                                  options=[("3", 3), ("4", 4), ("5", 5), ("6", 6),
                                           ("2 (variant)", 2)], value=len(colours),
                                  layout=W.Layout(width="160px"), _dom_classes=["mrp-players"])
        # The seed decides every hidden card: the box is an input only, emptied once a game
        # starts (blank = a random seed); only Referee mode shows it (seed_shown).
        self.seed = W.Text(value="", placeholder="random", description="Seed",
                           layout=W.Layout(width="170px"), _dom_classes=["mrp-seed"])
        self.seed_shown = W.HTML(_dom_classes=["mrp-seed-shown"])
        self.new_btn = _btn("New game", "mrp-new-game", "Set up a new seeded game")
        self.mode = W.ToggleButtons(options=["Tutor", "Referee"], value="Tutor",
                                    _dom_classes=["mrp-mode"],
                                    tooltips=["Your view only", "See everything; edit the table"],
                                    style={"button_width": "80px"})
        self.viewer = W.Dropdown(description="View as", _dom_classes=["mrp-viewer"],
                                 layout=W.Layout(width="220px"))
        self.status = W.HTML(status_html("Ready."), _dom_classes=["mrp-status"])

        # --- board and stepper ----------------------------------------------------------
        self.board = BoardWidget(_dom_classes=["mrp-board-widget"])
        self.back_btn = _btn("◀ Back", "mrp-back", "Undo the last step")
        self.next_btn = _btn("Next ▶", "mrp-next", "Play the next decision and explain it",
                             "primary")
        self.round_btn = _btn("Run to end of round ▶▶", "mrp-run-round",
                              "Play decisions until the round (or phase) changes")
        self.step_label = W.HTML(_dom_classes=["mrp-step-count"])
        self.countdown = W.HTML(_dom_classes=["mrp-countdown"])
        self.decision = W.HTML(_dom_classes=["mrp-decision"])
        self.options = W.Dropdown(description="Options", _dom_classes=["mrp-options"],
                                  layout=W.Layout(width="78%"))
        self.play_btn = _btn("Play this", "mrp-play", "Play the chosen legal option")
        self.explain = W.HTML(_dom_classes=["mrp-explain"],
                              layout=W.Layout(max_height="380px", overflow="auto"))
        self.seat = SeatPanel(self)
        self.players.observe(lambda _c: self.seat.refresh_colours(), names="value")

        # --- tabs (lazy) --------------------------------------------------------------
        self.tabs = W.Tab(children=[W.VBox() for _ in TAB_TITLES], _dom_classes=["mrp-tabs"])
        for i, t in enumerate(TAB_TITLES):
            self.tabs.set_title(i, t)
        self._builders: dict[int, Callable[[], W.Widget]] = {
            0: self._build_log, 1: self._build_scores, 2: self._build_hand,
            3: self._build_lesson, 4: self._build_whatif, 5: self._build_referee,
            6: self._build_cards, 7: self._build_text_board, 8: self._build_rules,
            9: self._build_table, 10: self._build_insights,
        }

        # --- wiring -------------------------------------------------------------------
        self.next_btn.on_click(self._guard(self.on_next))
        self.back_btn.on_click(self._guard(self.on_back))
        self.round_btn.on_click(self._guard(self.on_run_round))
        self.play_btn.on_click(self._guard(self.on_play_option))
        self.load_btn.on_click(self._guard(self.on_load_scenario))
        self.new_btn.on_click(self._guard(self.on_new_game))
        self.mode.observe(self._guard(self.on_mode), names="value")
        self.viewer.observe(self._guard(self.on_viewer), names="value")
        self.tabs.observe(self._guard(self.on_tab), names="selected_index")
        self.board.on_pick(self._guard(self.on_pick), with_colour=True)
        self.board.on_bad_message(lambda msg: self.say(msg, "error"))

        left = W.VBox([self.board], layout=W.Layout(flex="3 1 0%", min_width="min(100%, 520px)"))
        stepper = W.HBox([self.back_btn, self.next_btn, self.round_btn, self.step_label],
                         _dom_classes=["mrp-stepper"], layout=W.Layout(flex_flow="row wrap"))
        right = W.VBox([self.seat.widget, stepper, self.countdown, self.decision,
                        W.HBox([self.options, self.play_btn]),
                        W.HTML("<b>Explanation</b>"), self.explain],
                       layout=W.Layout(flex="2 1 0%", min_width="min(100%, 340px)"))
        header = W.VBox([
            self.title,
            W.HBox([self.lesson.start_btn, self.lesson.store, self.scenario, self.load_btn,
                    self.players, self.seed, self.new_btn], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.mode, self.viewer, self.seed_shown],
                   layout=W.Layout(flex_flow="row wrap")),
            self.status,
        ])
        self.root = W.VBox([header, W.HBox([left, right],
                                           layout=W.Layout(flex_flow="row wrap")), self.tabs],
                           _dom_classes=["mrp-app"])
        self._set_viewer_options()
        self._ensure_tab(0)
        if problem or startup_problem:
            self.say(" ".join(p for p in (startup_problem, problem) if p), "error")
        self.render()

    # ================================================================= plumbing
    def _guard(self, fn: F) -> F:
        """Wrap a callback: engine errors and unexpected exceptions become status sentences."""

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except MrpError as err:
                ex = self.session.error_sentence(err)
                self.say(ex.text, "error", ex.citation)
            except Exception as exc:  # never a traceback in the page
                log.exception("callback %s failed", getattr(fn, "__name__", fn))
                self.say(f"Something went wrong ({type(exc).__name__}: {exc}). The position "
                         "is unchanged; you can go Back or start a new game.", "error")
            return None

        return wrapper  # type: ignore[return-value]

    def say(self, text: str, kind: str = "info", citation: Any = None) -> None:
        """Show a sentence in the status area."""
        self.status.value = status_html(text, kind, citation)

    def status_text(self) -> str:
        """The status sentence as plain text (for tests)."""
        import html
        import re

        return html.unescape(re.sub(r"<[^>]+>", "", self.status.value)).strip()

    def _scenario_options(self) -> list[tuple[str, str]]:
        opts = [("Free game (seeded setup)", FREE_GAME)]
        self.lesson.set_scenarios(self.scenarios)
        opts += picker_options(self.lesson.steps)  # grouped in teaching order
        return opts

    def _set_viewer_options(self) -> None:
        s = self.session.state
        controllers = []
        for c in s.order:
            ctl = s.seats[c].controller
            if ctl not in controllers:
                controllers.append(ctl)
        opts = [("Table (no secrets)", "")] + [(c.capitalize(), c) for c in controllers]
        value = self.session.viewer or ""
        if value not in dict((v, k) for k, v in opts):
            value = ""
        self._quiet = True
        try:
            self.viewer.options = opts
            self.viewer.value = value
        finally:
            self._quiet = False
        self.viewer.disabled = self.session.referee

    # ================================================================= render
    def render(self, reports: list[StepReport] | None = None) -> None:
        """Re-render every visible panel from the session's current view."""
        sess = self.session
        view = sess.view()
        with self.board.hold_sync():
            self.board.board = board_payload(self.spec, view, self.layout,
                                             step=len(sess.game.log),
                                             targets=self.seat.board_targets())
        self.countdown.value = countdown_html(self.spec, view)
        self._render_decision(view)
        if reports is not None:
            self._shown = list(reports)
            self.explain.value = self._reports_html(reports)
        self.seed_shown.value = (f'<span class="mrp-seed-text">Seed {sess.state.seed} (replays '
                                 'this game)</span>' if sess.referee else "")
        idx = self.tabs.selected_index
        if idx is not None and idx in self._refreshers:
            self._refreshers[idx]()
        # last: a changed counter tells the page (and tests) that this render is complete
        self.step_label.value = (f'<span class="mrp-step-text">{len(sess.game.log)} events, '
                                 f'{len(sess.history)} undo</span>')

    def _render_decision(self, view: dict[str, Any]) -> None:
        d = view["decision"]
        if view["stage"] == "over":
            res = view["result"] or {}
            win = ", ".join(res.get("winners", [])) or "nobody"
            self.decision.value = (f'<div class="mrp-decision-text">The game is over. '
                                   f'Winner(s): <b>{e(win)}</b>.</div>')
        elif d is None:
            self.decision.value = '<div class="mrp-decision-text">Nothing to decide.</div>'
        else:
            rule = cite(self.spec, d["rule"])
            who = ", ".join(d["colours"])
            ch = f' ({e(self.spec.card_name(d["character"]))})' if d["character"] else ""
            left = f', {d["left"]} left' if d["left"] else ""
            self.decision.value = (
                f'<div class="mrp-decision-text">Waiting for <b>{e(who)}</b>: '
                f'{e(d["kind"].replace("_", " "))}{ch}{e(left)}. '
                f'<small>{e(rule.section if rule else "")} [{e(d["rule"])}]</small></div>')
        self.seat.render(view)
        opts = self.seat.options() if self.seat.seated else self.session.options()
        if self.target is not None and not self.seat.seated:
            picked = [x for x in opts if self.target[1] in _fields(x)]
            opts = picked or opts
        self._options = opts
        labels = [(self._label(x, view), i) for i, x in enumerate(opts[:400])]
        self.options.options = labels or [("(no decision for this viewer)", -1)]
        self.options.value = labels[0][1] if labels else -1
        self.play_btn.disabled = not labels

    def _label(self, x: Intent, view: dict[str, Any] | None = None) -> str:
        return describe_intent(self.spec, x, view, who=True)

    def _reports_html(self, reports: list[StepReport]) -> str:
        sess = self.session
        parts = []
        total = 0
        for rep in reports[-25:]:
            exps = sess.explain(rep)
            total += len(exps)
            if rep.intent is not None:
                secret = rep.secret and not sess.sees_for(rep.actor or "")
                head = (f"{(rep.actor or '').capitalize()} made a secret choice." if secret
                        else self._label(rep.intent))
                parts.append(f'<div class="mrp-step-head">{e(head)}</div>')
                if rep.why and not secret:
                    parts.append(f'<div class="mrp-why">Why: {e(rep.why)}</div>')
            elif rep.why:
                parts.append(f'<div class="mrp-why">{e(rep.why)}</div>')
            if rep.error is not None:
                ex = sess.error_sentence(rep.error)
                parts.append('<div class="mrp-why">The scenario tries an illegal move on purpose:'
                             '</div><ul class="mrp-sentences">' + sentence_html(ex) + "</ul>")
            parts.append(sentences_html(exps))
        if len(reports) > 25:
            parts.insert(0, f'<div class="mrp-more">({len(reports) - 25} earlier step(s) in '
                         "the log)</div>")
        return "".join(parts)

    # ================================================================= handlers
    def on_next(self, _b: Any = None) -> None:
        if self.seat.seated:
            self.seat.on_next()
            return
        rep = self.session.next()
        self.target = None
        self.render([rep])
        if rep.error is not None:
            self.say("The scenario shows a move the rules forbid (see the explanation).", "info")
        elif rep.intent is None and not rep.events:
            self.say(rep.why, "info")
        else:
            self.say(f"Step played ({len(rep.events)} event(s)).", "ok")

    def on_back(self, _b: Any = None) -> None:
        if self.seat.seated:
            self.seat.on_back()
            return
        last = self.session.reports[-1] if self.session.reports else None
        if not self.session.back():
            self.say("Nothing to undo: this is the starting position.", "info")
            return
        self.render([])
        self.explain.value = '<div class="mrp-why">One step undone.</div>'
        revealed = last is not None and any(ev.type in REVEALING for ev in last.events)
        if revealed and not self.session.referee:
            self.say("Back one step. That step had revealed something hidden (a card, a token or "
                     "a deck order): at a real table it could not be taken back.", "info")
        else:
            self.say("Back one step.", "ok")

    def on_run_round(self, _b: Any = None) -> None:
        if self.seat.seated:
            self.seat.on_next()
            return
        reps = self.session.run_to_end_of_round()
        self.render(reps)
        self.say(f"Played {len(reps)} decision(s); now round {self.session.state.round}, "
                 f"{self.session.state.stage.replace('_', ' ')}.", "ok")

    def on_play_option(self, _b: Any = None) -> None:
        i = self.options.value
        if not isinstance(i, int) or not 0 <= i < len(self._options):
            self.say("Choose one of the legal options first.", "error")
            return
        if self.seat.seated:
            self.seat.play(self._options[i])
            return
        rep = self.session.play(self._options[i], why="Your choice.")
        self.target = None
        self.render([rep])
        self.say("Played.", "ok")

    def dispatch(self, data: Any) -> None:
        """Play untrusted intent data (validated by the engine); errors become sentences."""
        self._guard(self._dispatch)(data)

    def _dispatch(self, data: Any) -> None:
        rep = self.session.play_dict(data)
        self.target = None
        self.render([rep])
        self.say("Played.", "ok")

    def on_load_scenario(self, _b: Any = None) -> None:
        sid = self.scenario.value
        if sid == FREE_GAME:
            self.on_new_game()
            return
        sc = next((s for s in self.scenarios if s.id == sid), None)
        if sc is None:
            self.say(f"There is no scenario {sid!r}.", "error")
            return
        self.session.load_scenario(sc)
        if self.session.spec is not self.spec:
            self.spec = self.session.spec
            self.layout = zone_layout(self.spec)
        self._after_new_position()
        steps = len(sc.steps)
        self.lesson.on_scenario_loaded(sc)
        lesson = (md_html(sc.lesson) if sc.quiz is None else  # ask before telling
                  "<p>Make your prediction in the <b>Lesson &amp; quiz</b> tab first; the "
                  "lesson appears after it.</p>")
        self.explain.value = (f'<div class="mrp-step-head">{e(sc.title)}</div>'
                              f'<div class="mrp-why">{lesson}</div>')
        self.say(f"Scenario loaded: {sc.title} ({steps} step(s); press Next).",
                 "ok")

    def use_table(self, sc: Scenario, message: str) -> None:
        """Play on from a table the referee entered or loaded (Table tab)."""
        self.session.load_scenario(sc)
        if self.session.spec is not self.spec:
            self.spec = self.session.spec
            self.layout = zone_layout(self.spec)
        self._after_new_position()
        self.say(message, "ok")

    def on_new_game(self, _b: Any = None) -> None:
        if self.corrected_spec is not None:  # this visitor's card corrections
            self.spec = self.session.spec = self.corrected_spec
            self.layout = zone_layout(self.spec)
        n = int(self.players.value)
        palette = list(self.spec.colours)
        seed = parse_seed(self.seed.value)
        if seed is None:
            self.say("The seed must be a whole number of up to 18 digits, or blank for a "
                     "random one.", "error")
            return
        if n == 2:
            self.session.new_game(palette[:4], seed, variant="two_player")
        else:
            self.session.new_game(palette[:n], seed)
        self.seed.value = ""  # never left in a widget once the game has started
        self._after_new_position()
        self.explain.value = sentences_html(
            [explain_event(self.spec, self.session.visible(ev)) for ev in self.session.game.log])
        self.say("New game set up: press Next.", "ok")

    def _after_new_position(self) -> None:
        self.target = None
        self.seat.leave()
        self.viewer.disabled = self.session.referee
        self._set_viewer_options()
        if not self.session.referee and self.session.viewer is None and self.viewer.value:
            self.session.viewer = self.viewer.value
        for name in ("wi_out", "ruling"):  # outputs about the previous position
            if hasattr(self, name):
                getattr(self, name).value = ""
        self.render([])

    def _reviewed(self) -> None:
        """The viewer or mode changed: redraw every panel that may hold someone's secrets."""
        for name in ("wi_out", "ruling"):
            if hasattr(self, name):
                getattr(self, name).value = ""
        self.render(self._shown)  # the same steps, redacted for the new viewer
        for idx, refresh in self._refreshers.items():  # hidden tabs are synced too
            if idx != self.tabs.selected_index:
                refresh()

    def on_mode(self, change: dict[str, Any]) -> None:
        self.session.referee = change["new"] == "Referee"
        self.viewer.disabled = self.session.referee
        self._reviewed()
        self.say("Referee mode: you see every hidden card and may edit the table."
                 if self.session.referee else "Tutor mode: you see only your own secrets.", "info")

    def on_viewer(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        if not self.seat.may_view(change["new"] or None):  # seated: only your own view
            return
        self.session.viewer = change["new"] or None
        self.target = None
        self._reviewed()
        self.say(f"Viewing as {change['new'] or 'the table (no secrets)'}.", "info")

    def on_pick(self, target: str, ident: str, colour: str | None = None) -> None:
        if self.seat.seated and not self.session.referee:
            self.seat.on_pick(target, ident, colour)
            return
        self.target = (target, ident)
        self._render_decision(self.session.view())
        n = len([x for x in self._options if ident in _fields(x)])
        name = self.spec.card_name(ident)
        for dd in getattr(self, "_pick_targets", {}).get(target, []):
            if ident in [v for _, v in dd.options]:
                dd.value = ident
        self.say(f"Picked {target} {name}: {n} legal option(s) involve it."
                 if n else f"Picked {target} {name}: no legal option involves it now.", "info")

    def on_tab(self, change: dict[str, Any]) -> None:
        idx = change["new"]
        if idx is None:
            return
        self._ensure_tab(idx)
        self._refreshers[idx]()

    def _ensure_tab(self, idx: int) -> None:
        if self._built.get(idx):
            return
        widget = self._builders[idx]()
        children = list(self.tabs.children)
        children[idx] = widget
        self.tabs.children = children
        self._built[idx] = True

    # ================================================================= tabs
    def _build_log(self) -> W.Widget:
        self.log_html = W.HTML(_dom_classes=["mrp-log"])
        # log index -> (the event as shown, its round, its <tr>): a row is rendered again only
        # when what the viewer sees of it changed (compared field by field, never by identity)
        row_cache: dict[int, tuple[Any, int, str]] = {}

        def refresh() -> None:
            sess = self.session
            evs = sess.game.log
            rounds = _rounds(evs)
            start = max(0, len(evs) - LOG_TAIL)
            body = []
            for i in range(len(evs) - 1, start - 1, -1):
                shown = sess.visible(evs[i])
                hit = row_cache.get(i)
                if hit is None or hit[1] != rounds[i] or hit[0] != shown:
                    row = tables.event_rows(self.spec, [shown], start=i, rounds=[rounds[i]])[0]
                    hit = row_cache[i] = (shown, rounds[i], row_html(row))
                body.append(hit[2])
            self.log_html.value = (f"<div>{len(evs)} events; the latest {len(body)} first.</div>"
                                   + table_html(tables.LOG_COLUMNS, body, "mrp-log-table"))

        self._refreshers[0] = refresh
        return W.VBox([self.log_html])

    def _build_scores(self) -> W.Widget:
        self.scores_html = W.HTML(_dom_classes=["mrp-scores"])

        def refresh() -> None:
            view = self.session.view()
            sb = tables.scoreboard(view, self.spec.point_values)
            mj = tables.majorities(view, self.spec)
            br = tables.score_breakdown(view)
            sh = tables.ships_table(view)
            parts = [frame_html(sb, "mrp-scoreboard", "Scoreboard (point tokens and astronauts)"),
                     "<b>Majority race</b>", race_html(mj, view["order"]),
                     frame_html(mj.drop(columns=["zone", "kind"]), "mrp-majorities",
                                "Majority per zone (who would share its tokens now)"),
                     frame_html(sh, "mrp-ships", "Ships")]
            if not br.empty:
                parts.append(frame_html(br, "mrp-breakdown", "Final score breakdown"))
            self.scores_html.value = "".join(parts)

        self._refreshers[1] = refresh
        return W.VBox([self.scores_html])

    def _build_hand(self) -> W.Widget:
        intro = W.HTML("<p>Pass-and-play: pass the device to one player, who shows their hand, "
                       "picks a character and locks it. The pick stays hidden until the "
                       "countdown reveals it.</p>")
        self.hand_seat = W.Dropdown(description="Player", _dom_classes=["mrp-hand-seat"])
        self.hand_show = _btn("Show my hand", "mrp-show-hand")
        self.hand_hide = _btn("Hide", "mrp-hide-hand")
        self.hand_cards = W.ToggleButtons(options=[], _dom_classes=["mrp-hand-cards"])
        self.hand_lock = _btn("Lock my pick", "mrp-lock", style="warning")
        self.hand_info = W.HTML(_dom_classes=["mrp-hand"])
        self.hand_box = W.VBox([])
        self.hand_open: str | None = None

        def seats() -> list[str]:
            s = self.session.state
            return [c for c in s.order if not s.seats[c].neutral]

        def clear_cards() -> None:
            # options [] sets index None: nothing of a pick (label, index) stays in the page
            self.hand_cards.options = []
            self.hand_box.children = []

        def refresh() -> None:
            current = self.hand_seat.value
            if list(self.hand_seat.options) != seats():
                self.hand_seat.options = seats()
            if current not in seats():
                viewer = self.session.viewer
                self.hand_seat.value = viewer if viewer in seats() else seats()[0]
            else:
                self.hand_seat.value = current
            s = self.session.state
            public = ", ".join(f"{c}: {'picked' if s.seats[c].chosen else 'not yet'}"
                               for c in seats()) if s.stage == "choose" else ""
            if self.hand_open is None or not self.session.sees_for(self.hand_open):
                self.hand_open = None
                clear_cards()
                self.hand_info.value = (f"<p>Hands are hidden. {e(public)}</p>" if public
                                        else "<p>Hands are hidden.</p>")
                return
            view = self.session.view()
            seat = view["seats"][self.hand_open]
            choosing = [x for x in self.session.game.legal_intents(self.hand_open)
                        if x.type == "choose_character"]
            picks = [str(getattr(x, "character", "")) for x in choosing]
            cards = [(self.spec.card_name(ch), ch) for ch in picks]
            if list(self.hand_cards.options) != cards:
                self.hand_cards.options = cards
                self.hand_cards.index = None  # never preselected: the player picks
            self.hand_box.children = [self.hand_cards, self.hand_lock] if choosing else []
            missions = ", ".join(self.spec.card_name(m) for m in seat["missions"] or []) or "none"
            actions = ", ".join(self.spec.card_name(m) for m in seat["actions"] or []) or "none"
            peeked = ", ".join(f"{self.spec.card_name(z)}: {self.spec.card_name(c)}"
                               for z, c in (seat["peeked"] or {}).items()) or "none"
            hand = ", ".join(self.spec.card_name(c) for c in seat["hand"] or []) or "empty"
            chosen = seat["chosen"]
            self.hand_info.value = (
                f"<p><b>{e(self.hand_open.capitalize())}'s hand</b>: {e(hand)}<br>"
                f"Locked pick: {e(self.spec.card_name(chosen) if chosen else 'none yet')}<br>"
                f"Missions: {e(missions)}<br>Actions: {e(actions)}<br>"
                f"Discoveries seen: {e(peeked)}</p>")

        def show(_b: Any) -> None:
            c = self.hand_seat.value
            if c not in seats():
                self.say("Choose a player first.", "error")
                return
            if not self.seat.may_view(c):
                return
            self.hand_open = c
            self.session.viewer = c
            self._set_viewer_options()
            self.render([])
            self.say(f"{c.capitalize()}'s hand is shown: others look away.", "info")

        def hide(_b: Any = None) -> None:
            self.hand_open = None
            clear_cards()
            if not self.session.referee:
                self.session.viewer = None
                self._set_viewer_options()
            self.render([])
            self.say("Hand hidden: the table view shows no secrets.", "info")

        def lock(_b: Any) -> None:
            c = self.hand_open
            pick = self.hand_cards.value
            if c is None or not pick:
                self.say("Show your hand and pick a character first.", "error")
                return
            self.session.play_dict({"type": "choose_character", "colour": c, "character": pick})
            hide()
            self.explain.value = ""
            self.say(f"{c.capitalize()} locked a character face down. Pass the device on.", "ok")

        def on_seat(change: dict[str, Any]) -> None:
            # another player takes the device: every control is reset, the open hand hidden
            if self.hand_open is not None and change["new"] != self.hand_open:
                hide()
                self.say("Another player chosen: the open hand was hidden.", "info")
            else:
                clear_cards()

        self.hand_seat.observe(self._guard(on_seat), names="value")
        self.hand_show.on_click(self._guard(show))
        self.hand_hide.on_click(self._guard(hide))
        self.hand_lock.on_click(self._guard(lock))
        self._refreshers[2] = refresh
        return W.VBox([intro, W.HBox([self.hand_seat, self.hand_show, self.hand_hide]),
                       self.hand_info, self.hand_box])

    def _build_lesson(self) -> W.Widget:
        widget = self.lesson.build()
        self._refreshers[3] = self.lesson.refresh
        return widget

    def _build_whatif(self) -> W.Widget:
        self.wi_a = W.Dropdown(description="Choice A", _dom_classes=["mrp-whatif-a"],
                               layout=W.Layout(width="48%"))
        self.wi_b = W.Dropdown(description="Choice B", _dom_classes=["mrp-whatif-b"],
                               layout=W.Layout(width="48%"))
        self.wi_go = _btn("Compare", "mrp-whatif-go")
        self.wi_out = W.HTML(_dom_classes=["mrp-whatif"])

        def refresh() -> None:
            opts = self.session.options()
            labels = [(self._label(x), i) for i, x in enumerate(opts[:400])]
            self._wi_opts = opts
            self.wi_a.options = labels
            self.wi_b.options = labels
            if labels:
                self.wi_a.value = labels[0][1]
            if len(labels) > 1:
                self.wi_b.value = labels[1][1]

        def compare(_b: Any) -> None:
            if self.wi_a.value is None or self.wi_b.value is None:
                self.say("There is nothing to compare for this viewer now.", "error")
                return
            cols = []
            for label, i in (("A", self.wi_a.value), ("B", self.wi_b.value)):
                intent = self._wi_opts[i]
                events = self.session.fork().play(intent)
                shown, cut = what_if_events(events, referee=self.session.referee)
                partial = self.session.state.clone()
                for ev in shown:  # the position after the visible part only
                    ev.apply(partial)
                exps = [explain_event(self.spec, self.session.visible(ev)) for ev in shown]
                if cut is not None:
                    exps.append(Explanation(
                        f"What follows is hidden until it really happens: it would reveal "
                        f"{cut.replace('_', ' ')} information you do not have.", None, None))
                view = view_for(self.spec, partial, self.session.viewer,
                                referee=self.session.referee)
                mj = tables.majorities(view, self.spec)
                cols.append(f'<div class="mrp-whatif-col"><b>{label}: {e(self._label(intent))}'
                            f'</b>{sentences_html(exps, 30)}'
                            f'{race_html(mj, view["order"])}</div>')
            self.wi_out.value = f'<div class="mrp-whatif-cols">{"".join(cols)}</div>'
            self.say("Both choices were played on copies; the game itself is unchanged.", "ok")

        self.wi_go.on_click(self._guard(compare))
        self._refreshers[4] = refresh
        return W.VBox([W.HTML("<p>Fork the position, play two different choices and compare "
                              "them side by side.</p>"),
                       W.HBox([self.wi_a, self.wi_b]), self.wi_go, self.wi_out])

    def _build_referee(self) -> W.Widget:
        s = self.session.state
        zones = [(self.spec.card_name(z), z) for z in self.spec.zones]
        self.ed_zone = W.Dropdown(description="Zone", options=zones, _dom_classes=["mrp-ed-zone"])
        self.ed_zone_colour = W.Dropdown(description="Colour", options=list(s.order),
                                         _dom_classes=["mrp-ed-zone-colour"])
        self.ed_zone_n = W.IntText(description="Astronauts", value=0,
                                   _dom_classes=["mrp-ed-zone-count"])
        self.ed_zone_btn = _btn("Set astronauts in zone", "mrp-edit-zone")
        self.ed_ship = W.Dropdown(description="Ship", _dom_classes=["mrp-ed-ship"])
        self.ed_ship_colour = W.Dropdown(description="Colour", options=list(s.order),
                                         _dom_classes=["mrp-ed-ship-colour"])
        self.ed_ship_n = W.IntText(description="Crew", value=0, _dom_classes=["mrp-ed-ship-count"])
        self.ed_ship_btn = _btn("Set crew of ship", "mrp-edit-crew")
        self.ed_face = W.Dropdown(description="Zone", options=zones, _dom_classes=["mrp-ed-face"])
        self.ed_face_btn = _btn("Turn its resource face up", "mrp-edit-faceup")
        self.rule_prod = _btn("Production ruling", "mrp-ruling-production")
        self.rule_final = _btn("Final score ruling", "mrp-ruling-final")
        self.ruling = W.HTML(_dom_classes=["mrp-ruling"])
        self._pick_targets = {"zone": [self.ed_zone, self.ed_face], "ship": [self.ed_ship]}

        def refresh() -> None:
            st = self.session.state
            ships = [*st.docked(), *st.launched]
            current = self.ed_ship.value
            self.ed_ship.options = ships
            self.ed_ship.value = current if current in ships else (ships[0] if ships else None)
            for dd in (self.ed_zone_colour, self.ed_ship_colour):
                if list(dd.options) != list(st.order):
                    dd.options = list(st.order)

        def need_referee() -> bool:
            if not self.session.referee:
                self.say("Switch to Referee mode to edit the table position.", "error")
                return False
            return True

        def do_edit(data: dict[str, Any]) -> None:
            if not need_referee():
                return
            if not data.get("place"):
                self.say("Choose the zone or ship to edit first (or click it on the board).",
                         "error")
                return
            rep = self.session.edit(data)
            self.render([rep])
            self.say(explain_event(self.spec, rep.events[0]).text.rstrip(".") + ": done.", "ok")

        self.ed_zone_btn.on_click(self._guard(lambda _b: do_edit(
            {"what": "zone", "place": self.ed_zone.value, "colour": self.ed_zone_colour.value,
             "count": self.ed_zone_n.value})))
        self.ed_ship_btn.on_click(self._guard(lambda _b: do_edit(
            {"what": "crew", "place": self.ed_ship.value or "", "colour":
             self.ed_ship_colour.value, "count": self.ed_ship_n.value})))
        self.ed_face_btn.on_click(self._guard(lambda _b: do_edit(
            {"what": "face_up", "place": self.ed_face.value})))
        def ruling(which: str) -> None:
            if need_referee():  # a final ruling shows every colour's secret missions
                self._ruling(which)

        self.rule_prod.on_click(self._guard(lambda _b: ruling("production")))
        self.rule_final.on_click(self._guard(lambda _b: ruling("final")))
        self._refreshers[5] = refresh
        return W.VBox([
            W.HTML("<p>Copy the physical table into the app (Referee mode). Every edit is "
                   "checked against the rules; click a zone or ship on the board to pick it.</p>"),
            W.HBox([self.ed_zone, self.ed_zone_colour, self.ed_zone_n, self.ed_zone_btn],
                   layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.ed_ship, self.ed_ship_colour, self.ed_ship_n, self.ed_ship_btn],
                   layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.ed_face, self.ed_face_btn]),
            W.HBox([self.rule_prod, self.rule_final]), self.ruling,
        ], _dom_classes=["mrp-referee"])

    def _ruling(self, which: str) -> None:
        """Production or final-score ruling on the current position, with citations."""
        from .panels.rulings import ruling_summary_html

        self.ruling.value = ruling_summary_html(self.spec, self.session.state, which)
        self.say(f"{which.capitalize()} ruling computed for the current position.", "ok")

    def _build_cards(self) -> W.Widget:
        from .panels.corrections import CorrectionsPanel

        self.cards_panel = CorrectionsPanel(self)
        self._refreshers[6] = lambda: None
        return self.cards_panel.root

    def _build_table(self) -> W.Widget:
        from .panels.table_tab import TableTab

        self.table_tab = TableTab(self)
        self._refreshers[9] = self.table_tab.refresh
        return self.table_tab.root

    def _build_text_board(self) -> W.Widget:
        self.text_board = W.HTML(_dom_classes=["mrp-text-board"])

        def refresh() -> None:
            self.text_board.value = text_board_html(self.spec, self.session.view())

        self._refreshers[7] = refresh
        return W.VBox([self.text_board])

    def _build_rules(self) -> W.Widget:
        q = W.Text(description="Search", placeholder="e.g. ship full launch",
                   _dom_classes=["mrp-rules-query"], continuous_update=False)
        out = W.HTML(_dom_classes=["mrp-rules"])

        def search(change: Any) -> None:
            found = search_rules(self.spec, str(q.value))
            out.value = ("".join(f"<p><b>{e(c.section)}</b> [{e(c.rule)}]<br>{e(c.summary)}</p>"
                                 for c in found) or "<p>No rule matches.</p>")

        q.observe(self._guard(search), names="value")
        self._refreshers[8] = lambda: None
        return W.VBox([q, out])

    def _build_insights(self) -> W.Widget:
        from .panels.insights import build_insights_tab

        widget, self._refreshers[10] = build_insights_tab(self.say, self._guard)
        return widget


# ===================================================================== helpers
# Events that would show the viewer something hidden: the engine's secrecy policy
# (engine.secrecy.REVEALING); a what-if stops before them outside referee mode.


def what_if_events(events: list[Any], *, referee: bool) -> tuple[list[Any], str | None]:
    """The events a what-if may show: all for the referee, else those before a reveal."""
    if referee:
        return list(events), None
    for i, ev in enumerate(events):
        if ev.type in REVEALING:
            return list(events[:i]), ev.type
    return list(events), None


SEED_ENV = "MRP_TUTOR_SEED"


def start_seed(seed: int | None) -> int:
    """The first game's seed: the one given, else env MRP_TUTOR_SEED (tests), else random."""
    if seed is not None:
        return seed
    env = parse_seed(os.environ.get(SEED_ENV, ""))
    return env if env is not None and os.environ.get(SEED_ENV, "").strip() else fresh_seed()


def fresh_seed() -> int:
    """A random seed nobody at the table can know."""
    return secrets.randbelow(10**15)


def parse_seed(text: Any) -> int | None:
    """The seed typed in the box (blank: a fresh random one); None when it is not a seed."""
    raw = str(text).strip()
    if not raw:
        return fresh_seed()
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 18 else None


def _fields(x: Intent) -> list[str]:
    return [str(getattr(x, f)) for f in x.__dataclass_fields__ if f != "colour"]


def _rounds(events: list[Any]) -> list[int]:
    out, r = [], 0
    for ev in events:
        if ev.type == "track_advanced" and getattr(ev, "kind", "") == "round":
            r = ev.number
        out.append(r)
    return out
