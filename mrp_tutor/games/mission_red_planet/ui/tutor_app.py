"""The widget tree: panels that render the session's view and send intents to it.

:class:`TutorApp` is the controller: every widget callback goes through :meth:`TutorApp.guard`
(errors become sentences in the status area, never tracebacks) and then :meth:`render`.
Widgets hold no game state; their values are inputs, validated by the session/engine.
The tabs are the ones registered in :mod:`.tabs` (the panel interface: :mod:`.panel`), each
built on first open.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as W

from mrp_tutor.app import idle_gc
from mrp_tutor.app.seeds import parse_seed, start_seed
from mrp_tutor.app.step_shell import button, note_html, step_html
from mrp_tutor.core.words import plural
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError, MrpError
from mrp_tutor.games.mission_red_planet.engine.rulesets import rules_of
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec, load_spec
from mrp_tutor.games.mission_red_planet.explain import explain_error, explain_event
from mrp_tutor.games.mission_red_planet.explain.words import speaker
from mrp_tutor.games.mission_red_planet.scenarios import Scenario
from mrp_tutor.games.mission_red_planet.ui import scenario_glue
from mrp_tutor.games.mission_red_planet.ui.board import board_payload, zone_layout
from mrp_tutor.games.mission_red_planet.ui.bot_turns import THINK_CSS
from mrp_tutor.games.mission_red_planet.ui.fixed_words import FixedWords
from mrp_tutor.games.mission_red_planet.ui.html import APP_CSS, e, sentences_html, status_html
from mrp_tutor.games.mission_red_planet.ui.live import AppBoard, LiveHTML
from mrp_tutor.games.mission_red_planet.ui.panel import Panel, PanelContext
from mrp_tutor.games.mission_red_planet.ui.panels.corrections import (
    operator_corrections,
    operator_path,
)
from mrp_tutor.games.mission_red_planet.ui.panels.lesson import LessonPanel
from mrp_tutor.games.mission_red_planet.ui.panels.path import picker_options
from mrp_tutor.games.mission_red_planet.ui.panels.ruleset import RulesetPicker
from mrp_tutor.games.mission_red_planet.ui.panels.seat import SEAT_CSS, SeatPanel
from mrp_tutor.games.mission_red_planet.ui.panels.stepper import StepperPanel, intent_fields
from mrp_tutor.games.mission_red_planet.ui.panels.style import RESPONSIVE_CSS
from mrp_tutor.games.mission_red_planet.ui.readings import lesson_html
from mrp_tutor.games.mission_red_planet.ui.referee_confirm import CONFIRM_CSS, RefereeConfirm
from mrp_tutor.games.mission_red_planet.ui.review_box import REVIEW_CSS
from mrp_tutor.games.mission_red_planet.ui.session import Session, StepReport
from mrp_tutor.games.mission_red_planet.ui.summary import GAME_OVER_CSS
from mrp_tutor.games.mission_red_planet.ui.tabs import TABS

log = logging.getLogger(__name__)
F = TypeVar("F", bound=Callable[..., Any])

FREE_GAME = "__free__"
#: after the seed in Referee mode while the board is the app's own game (a seeded setup or a
#: lesson), not a table the referee entered or loaded: none of its facts passes for theirs
NOT_YOUR_BOARD = ("The board shows the app's own game, not your table: enter yours in the "
                  "Table tab and press Use this table.")
# the styles of the panels on the first page, in the order they were on the page
PANEL_CSS = SEAT_CSS + THINK_CSS + REVIEW_CSS + GAME_OVER_CSS + CONFIRM_CSS


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


class TutorApp:
    """The whole app: one session, panels, and the single dispatch path."""

    # the first game is seen as the table (no secrets: issue 36, the first screen showed Red's
    # missions) until the visitor takes a seat, opens a lesson, starts a game or picks a view
    table_first = True

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
        # this visitor's card corrections (an overrides document) and the spec they give
        self.corrections: dict[str, Any] = {} if startup_problem else operator_corrections()
        self.corrected_spec: GameSpec | None = None
        self.session = Session.new(spec, colours, start_seed(seed), viewer=None)  # table_first
        self._layout: tuple[GameSpec, Any] = (spec, zone_layout(spec))
        self.scenarios, problem = scenario_glue.load_library()
        self.target: tuple[str, str] | None = None
        self.recorder: Any = None  # keeps the game on the server (record.attach, when served)
        self.ctx = PanelContext(self)  # what every panel is built from
        self.panels: dict[str, Panel] = {}  # the tabs built so far, by title
        self._quiet, self._fixed = False, FixedWords()  # (the page's own texts in its words)
        self._shown: list[StepReport] = []  # reports in the explanation panel
        self.lesson = LessonPanel(self.ctx)  # guided path + quiz (its tab: built on first open)

        # the board's model also carries every live panel's text (one message per click)
        self.board = AppBoard(_dom_classes=["mrp-board-widget"])

        # --- header -------------------------------------------------------------------
        # every style of the first page's panels in this one widget (a widget each cost a
        # model of its own, and a layout and a style model: three comm messages)
        self.title = W.HTML(APP_CSS + RESPONSIVE_CSS + PANEL_CSS
                            + "<h2>Mission: Red Planet: rules tutor and referee</h2>")
        self.scenario = W.Dropdown(description="Scenario", options=self._scenario_options(),
                                   value=FREE_GAME, _dom_classes=["mrp-scenario"],
                                   layout=W.Layout(width="360px"))
        self.load_btn = button("Load", "mrp-load", "Set up the chosen scenario")
        self.rules = RulesetPicker(spec, len(colours),  # rules + player count
                                   on_change=lambda: self.seat.refresh_colours())
        self.players = self.rules.players
        # The seed decides every hidden card: the box is an input only, emptied once a game
        # starts (blank = a random seed); only Referee mode shows it (seed_shown).
        self.seed = W.Text(value="", placeholder="random", description="Seed",
                           layout=W.Layout(width="170px"), _dom_classes=["mrp-seed"])
        self.seed_shown = LiveHTML(self.board, "seed", _dom_classes=["mrp-seed-shown"])
        self.new_btn = button("New game", "mrp-new-game", "Set up a new seeded game")
        self.mode = W.ToggleButtons(options=["Tutor", "Referee"], value="Tutor",
                                    _dom_classes=["mrp-mode"],
                                    tooltips=["Your view only", "See everything; edit the table"],
                                    style={"button_width": "80px"})
        self.viewer = W.Dropdown(description="View as", _dom_classes=["mrp-viewer"],
                                 layout=W.Layout(width="220px"))
        self.status = LiveHTML(self.board, "status", kind="fresh",
                               _dom_classes=["mrp-status"])
        self.say("Ready.")

        # --- board, seat and stepper -----------------------------------------------------
        self.seat: SeatPanel = SeatPanel(self.ctx)
        self.stepper: StepperPanel = StepperPanel(self.ctx)
        self.players.observe(lambda _c: self.seat.refresh_colours(), names="value")

        # --- tabs (lazy) --------------------------------------------------------------
        # one empty box stands for every tab not built yet (a box each was two models)
        unbuilt = W.Box()
        self.tabs = W.Tab(children=[unbuilt for _ in TABS], _dom_classes=["mrp-tabs"])
        for i, tab in enumerate(TABS):
            self.tabs.set_title(i, tab.title)

        # --- wiring -------------------------------------------------------------------
        self.load_btn.on_click(self.guard(self.on_load_scenario))
        self.new_btn.on_click(self.guard(self.on_new_game))
        self.mode.observe(self.guard(self.on_mode), names="value")
        self.viewer.observe(self.guard(self.on_viewer), names="value")
        self.tabs.observe(self.guard(self.on_tab), names="selected_index")
        self.board.on_pick(self.guard(self.on_pick), with_colour=True)
        self.board.on_bad_message(lambda msg: self.say(msg, "error"))

        left = W.VBox([self.board], layout=W.Layout(flex="3 1 0%", min_width="min(100%, 520px)"))
        right = W.VBox([self.seat.widget, *self.stepper.widgets], _dom_classes=["mrp-side"],
                       layout=W.Layout(flex="2 1 0%", min_width="min(100%, 340px)"))
        header = W.VBox([
            self.title,
            self._doors(),
            W.HBox([self.lesson.store, self.scenario, self.load_btn,
                    self.rules.ruleset, self.players, self.rules.sheet, self.seed,
                    self.new_btn],
                   layout=W.Layout(flex_flow="row wrap")),
            self.rules.note,
            W.HBox([self.mode, self.viewer, self.seed_shown],
                   layout=W.Layout(flex_flow="row wrap")),
            self.status,
        ])
        self.referee_confirm = RefereeConfirm(self._open_referee, self.guard, header)
        self.root = W.VBox([header, W.HBox([left, right], _dom_classes=["mrp-main"],
                                           layout=W.Layout(flex_flow="row wrap")), self.tabs],
                           _dom_classes=["mrp-app"])
        self.refresh_viewers()
        self._ensure_tab(TABS[0].title)
        if problem or startup_problem:
            self.say(" ".join(p for p in (startup_problem, problem) if p), "error")
        self.render()

    # ================================================================= plumbing
    @property
    def spec(self) -> GameSpec:
        """The rules and data in play: the session's (it owns them; nothing here copies them)."""
        return self.session.spec

    @property
    def layout(self) -> Any:
        """The board's zone layout for the spec in play (the session's: it owns the spec; a
        scenario or a new game may bring another ruleset's data)."""
        spec = self.session.spec
        if self._layout[0] is not spec:
            self._layout = (spec, zone_layout(spec))
        return self._layout[1]

    def guard(self, fn: F) -> F:
        """Wrap a callback: engine errors and unexpected exceptions become status sentences."""

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            # every live panel the click changes goes to the page in one message, at the end;
            # no garbage collection until it has gone (idle_gc)
            with idle_gc.during_click(), self.board.hold_sync():
                try:
                    return fn(*args, **kwargs)
                except MrpError as err:
                    ex = self.session.error_sentence(err)
                    self.say(ex.text, "error", ex.citation)
                except Exception:  # never a traceback or an exception's text in the page
                    # (a kernel's stderr goes to the page: the traceback only at DEBUG)
                    name = getattr(fn, "__name__", fn)
                    log.debug("callback %s failed", name, exc_info=True)
                    log.warning("callback %s failed", name)
                    self.say("Something went wrong in the app (not in what you did). The "
                             "position is unchanged; you can go Back or start a new game.",
                             "error")
                finally:
                    self.record_now()
                return None

        return wrapper  # type: ignore[return-value]

    def record_now(self) -> None:
        """Bring the game's record on the server up to date (``ui/record.py``)."""
        if self.recorder is not None:
            try:
                self.recorder.save(self)
            except Exception:  # a full disk must not stop the game
                log.exception("the game record was not written")

    def say(self, text: str, kind: str = "info", citation: Any = None) -> None:
        """Show a sentence in the status area."""
        referee = getattr(self, "session", None) is None or self.session.referee
        self.status.value = status_html(text, kind, citation, show_id=referee)

    def undo(self) -> None:
        """The panel protocol's undo (:class:`mrp_tutor.core.games.GamePanel`): the stepper's
        *Back* (or the seated player's)."""
        self.stepper.on_back()

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

    def refresh_viewers(self) -> None:
        """The "View as" choices: the table and each player controlling a colour."""
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
        if self._fixed.spec is not sess.spec:  # every panel's text in the game's own words
            self._fixed.spec = sess.spec
            self.board.speak = speaker(sess.spec)
            self._fixed.say(self.root, self.board.speak)
        self.board.new_view((sess.viewer, sess.referee, sess.epoch))
        self.board.show_rule_ids = sess.referee  # a learner reads sections, not rule ids
        with self.board.hold_sync():
            self.board.board = board_payload(sess.spec, view, self.layout,
                                             step=len(sess.game.log),
                                             targets=self.seat.board_targets())
            self.board.picked = ":".join(self.target) if self.target else ""  # after Back too
        if reports is not None:
            self._shown = list(reports)
        self.stepper.render(view, reports)
        sc = sess.scenario  # a loaded table or scenario has no seed that replays it
        origin = (f"Seed {sess.state.seed} (replays this game)" if sc is None else
                  f"Loaded: {sc.title} (no seed replays it)")
        if not getattr(sc, "entered", False):  # the board is not the referee's own table
            origin += ". " + NOT_YOUR_BOARD
        self.seed_shown.value = (f'<span class="mrp-seed-text">{e(origin)}</span>'
                                 if sess.referee else "")
        shown = self.shown_tab()
        if shown in self.panels:
            self.panels[shown].refresh(view)
        self._fixed.again(self.root)  # the page's own texts, as redrawn, in the game's words
        self.stepper.render_done()  # last: tells the page the render is complete

    # ================================================================= handlers
    def dispatch(self, data: Any) -> None:
        """Play untrusted intent data (validated by the engine); errors become sentences."""
        self.guard(self._dispatch)(data)

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
        self._after_new_position()
        steps = len(sc.steps)
        self.lesson.on_scenario_loaded(sc)
        lesson = (lesson_html(self.session.spec, sc.lesson, show_id=self.session.referee)
                  if sc.quiz is None else  # ask before telling
                  "<p>Make your prediction in the <b>Lesson &amp; quiz</b> tab first; the "
                  "lesson appears after it.</p>")
        self.stepper.explain.value = step_html(sc.title, "", note_html(lesson))
        self.say(f"Scenario loaded: {sc.title} ({plural(steps, 'step')}; press Next).",
                 "ok")

    def use_table(self, sc: Scenario, message: str) -> None:
        """Play on from a table the referee entered or loaded (Table tab)."""
        self.session.load_scenario(sc)
        self._header_from_game()
        self._after_new_position()
        self.say(message, "ok")

    def _header_from_game(self) -> None:
        """The header's player count follows the table now in play (a 4-colour table: 4)."""
        st = self.session.state
        n = len(rules_of(st).players_of(st))
        if n in [v for _, v in self.players.options] and self.players.value != n:
            self.players.value = n

    def on_new_game(self, _b: Any = None) -> None:
        seed = parse_seed(self.seed.value)
        if seed is None:
            self.say("The seed must be a whole number of up to 18 digits, or blank for a "
                     "random one.", "error")
            return
        new = self.rules.new_game(self.corrected_spec, self.seat.colour.value)  # picked rules
        self.session.new_game(new.colours, seed, ruleset=new.ruleset, choices=new.choices,
                              spec=new.spec)
        self.seed.value = ""  # never left in a widget once the game has started
        self._after_new_position()
        self.stepper.explain.value = sentences_html(
            [explain_event(self.session.spec, self.session.visible(ev))
             for ev in self.session.game.log],
            cite=self.board.cite_html)
        self.say("New game set up: press Next.", "ok")

    def _after_new_position(self) -> None:
        self.target = None
        self.seat.leave()
        if self.table_first:  # the first screen's table view ends with its game: a lesson, a
            self.table_first = False  # new game or a seat is seen as its first colour
            if self.session.viewer is None:
                self.session.viewer = self.session.state.order[0]
        self.viewer.disabled = self.session.referee
        self.refresh_viewers()
        if not self.session.referee and self.session.viewer is None and self.viewer.value:
            self.session.viewer = self.viewer.value
        self._clear_outputs()  # they were about the previous position
        self.render([])

    def _clear_outputs(self) -> None:
        """Forget what the built tabs computed about the previous position or viewer (a
        what-if comparison, a ruling): every panel with a ``clear()``."""
        for panel in self.panels.values():
            clear = getattr(panel, "clear", None)
            if clear is not None:
                clear()

    def _reviewed(self) -> None:
        """The viewer or mode changed: redraw every panel that may hold someone's secrets."""
        self._clear_outputs()
        self.render(self._shown)  # the same steps, redacted for the new viewer
        shown, view = self.shown_tab(), self.session.view()
        for title, panel in self.panels.items():  # hidden tabs are synced too
            if title != shown:
                panel.refresh(view)

    def on_mode(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        seat = self.seat.seat
        if change["new"] == "Referee" and seat is not None and not self.seat.saw_all:
            self._quiet = True  # ask first: Referee mode shows the seat every secret
            try:
                self.mode.value = "Tutor"
            finally:
                self._quiet = False
            self.referee_confirm.ask(seat)
            self.say("Referee mode shows every secret: confirm below, or stay seated.", "info")
            return
        self.referee_confirm.hide()
        self.session.referee = change["new"] == "Referee"
        self.viewer.disabled = self.session.referee
        self._reviewed()
        self.say("Referee mode: you see every hidden card and may edit the table."
                 if self.session.referee else "Tutor mode: you see only your own secrets.", "info")

    def _doors(self) -> W.HBox:
        """Three doors at the top: learn (the guided path), play a seat, referee a table
        (issue 36: the first screen said none of the three)."""
        self.play_door = button("Play a seat against the bots", "mrp-door-play",
                                "Take the colour chosen below; the bots play the others",
                                style="success")
        self.referee_door = button("Referee a table", "mrp-door-referee",
                                   "Referee mode and the Table tab: copy the table in front of "
                                   "you and get rulings")
        self.play_door.on_click(self.guard(lambda _b: self.seat.on_take()))
        self.referee_door.on_click(self.guard(self.on_referee_door))
        return W.HBox([self.lesson.start_btn, self.play_door, self.referee_door],
                      _dom_classes=["mrp-doors"], layout=W.Layout(flex_flow="row wrap"))

    def on_referee_door(self, _b: Any = None) -> None:
        """The third door: Referee mode (asked first while seated), then the Table tab from
        a table where nothing is known (never the demo game's draws, issue 36)."""
        self.mode.value = "Referee"
        if self.session.referee:
            blank = getattr(self.panel("Table"), "start_blank", None)
            if blank is not None:
                blank()
            self.open_tab("Table")

    def _open_referee(self) -> None:
        """The seated learner chose to see everything: the seat is marked, then Referee."""
        self.seat.saw_all = True
        self.mode.value = "Referee"

    def on_viewer(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        if not self.seat.may_view(change["new"] or None):  # seated: only your own view
            return
        self.session.viewer = change["new"] or None
        self.table_first = False  # the visitor chose a view: it stays
        self.target = None
        self._reviewed()
        self.say(f"Viewing as {change['new'] or 'the table (no secrets)'}.", "info")

    def on_pick(self, target: str, ident: str, colour: str | None = None) -> None:
        if self.seat.seated and not self.session.referee:
            self.seat.on_pick(target, ident, colour)
            return
        self.target = (target, ident)
        self.stepper.render_decision(self.session.view())
        n = len([x for x in self.stepper.intents if ident in intent_fields(x)])
        name = self.session.spec.card_name(ident)
        for panel in self.panels.values():  # built tabs that follow board clicks
            follow = getattr(panel, "on_pick", None)
            if follow is not None:
                follow(target, ident)
        self.say(f"Picked {target} {name}: {plural(n, 'legal option')} "
                 f"{'involves' if n == 1 else 'involve'} it."
                 if n else f"Picked {target} {name}: no legal option involves it now.", "info")

    # ================================================================= tabs
    def tab_titles(self) -> list[str]:
        """The tabs' titles, in the order they are shown."""
        return [tab.title for tab in TABS]

    def shown_tab(self) -> str | None:
        """The title of the tab shown now (None: none is)."""
        idx = self.tabs.selected_index
        return None if idx is None else TABS[idx].title

    def open_tab(self, title: str) -> None:
        """Show the tab ``title`` (built on first open) and refresh it."""
        if self.shown_tab() == title:
            self.panels[title].refresh(self.session.view())
            self._fixed.again(self.panels[title].root)
        else:
            self.tabs.selected_index = self.tab_titles().index(title)  # on_tab: build, refresh

    def panel(self, title: str) -> Panel:
        """The panel of the tab ``title``, built now if it was not yet."""
        self._ensure_tab(title)
        return self.panels[title]

    def on_tab(self, change: dict[str, Any]) -> None:
        title = self.shown_tab()
        if title is None:
            return
        self._ensure_tab(title)
        self.panels[title].refresh(self.session.view())
        self._fixed.again(self.panels[title].root)

    def _ensure_tab(self, title: str) -> None:
        if title in self.panels:
            return
        idx = self.tab_titles().index(title)
        panel = self.panels[title] = TABS[idx].build(self.ctx)
        children = list(self.tabs.children)
        children[idx] = panel.root
        self.tabs.children = children
        self._fixed.again(panel.root)
        idle_gc.settle_later()  # the tab's widgets and imports stay: full collections skip them
