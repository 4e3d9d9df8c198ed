"""First Martians panel: a table beside the real board plays a round by tapping only.

The panel shows the round checklist (six phases, where the table is, what to do now), the
controls of the phase (buttons; pawns placed with the action planner and the drawn map), the
effects a table enters at any time ("Something happened"), the explanation of every step
with its citation, and the HUB.  The table's own dice and draws are asked for by their faces
or names (:mod:`.fm_ask`); "Roll for me" is an explicit choice.  YAML is only an import and
an export (:mod:`.fm_files`).

Hidden information: the HubState, its seed and draw counter stay in the kernel; widgets hold
only rendered sentences, names and the public map.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ipywidgets as W

from mrp_tutor.app.html import SHELL_CSS, citation_html, e, sentences_html, status_html
from mrp_tutor.app.step_shell import EXPLAIN, button, log_html, step_row
from mrp_tutor.core.errors import ContentError, MrpError
from mrp_tutor.core.loading import read_yaml
from mrp_tutor.core.rules import Citation, Explanation
from mrp_tutor.games.first_martians import (
    explain_error,
    explain_event,
    intent_from_dict,
    load_state,
)
from mrp_tutor.games.first_martians.checklist import checklist
from mrp_tutor.games.first_martians.content import default_board
from mrp_tutor.games.first_martians.errors import InputNeeded
from mrp_tutor.games.first_martians.events import Event
from mrp_tutor.games.first_martians.hub_table import Table
from mrp_tutor.games.first_martians.intents import Intent
from mrp_tutor.games.first_martians.ui.fm_actions import ActionPlanner
from mrp_tutor.games.first_martians.ui.fm_ask import Asker, Question, choice_label, guard
from mrp_tutor.games.first_martians.ui.fm_busy import STEP_TAP, BusyGuard
from mrp_tutor.games.first_martians.ui.fm_checklist import checklist_html
from mrp_tutor.games.first_martians.ui.fm_effects import EffectForms
from mrp_tutor.games.first_martians.ui.fm_files import FileBar, plain, setup_doc
from mrp_tutor.games.first_martians.ui.fm_followup import Followups
from mrp_tutor.games.first_martians.ui.fm_guard import LoadGuard, PutAway
from mrp_tutor.games.first_martians.ui.fm_hub import hub_html
from mrp_tutor.games.first_martians.ui.fm_keep import bring_back, keep
from mrp_tutor.games.first_martians.ui.fm_lessons import LessonPicker
from mrp_tutor.games.first_martians.ui.fm_resolve import Resolver, after_text
from mrp_tutor.games.first_martians.ui.fm_setup import SetupAsk
from mrp_tutor.games.first_martians.ui.fm_style import FM_CSS
from mrp_tutor.games.first_martians.ui.fm_tile import FIRST_KIND, TileForm
from mrp_tutor.games.first_martians.ui.fm_words import DIE_FACES, PHASE_NAMES, known_name, words

STALE = "That tap was for a question already answered; nothing changed."
#: questions whose choices the engine labels as the table sees them (an ROI tile with its
#: icons, what a Build repairs)
OWN_LABELS = ("roi_tile", "build_what", "poi")
SAMPLE = Path(__file__).resolve().parent.parent / "data" / "sample_round.yaml"


def hub_table(doc: Any, name: str) -> Table:
    """The HUB of a file (a state, or ``state:`` + ``round:``; the round's inputs are the
    table's to tap again, not played here).

    Raises:
        ContentError: located problems in the file.
    """
    wrapped = isinstance(doc, dict) and "state" in doc
    board = default_board()
    return Table(load_state(doc["state"] if wrapped else doc, name, board,
                            at=("state",) if wrapped else ()), board)


@dataclass
class Step:
    """One step of the round as the table played it (an intent, or a step of its own)."""

    intent: Intent | None
    before: str  # the panel's step before it (restored by Undo)
    label: str
    said: str  # its explanation: the app's shared sentences with their citations
    events: list[Event] = field(default_factory=list)


class FmPanel:
    """One HUB, played by taps and explained."""

    def __init__(self, path: Path = SAMPLE) -> None:
        self.sample = read_yaml(path)
        self.status = W.HTML(_dom_classes=["fm-status"])
        self.checklist = W.HTML(_dom_classes=["fm-checklist-box"])
        self.hub = W.HTML(_dom_classes=["fm-hub-view"])
        self.log = W.HTML(_dom_classes=["fm-log", EXPLAIN])  # the app's shared step shell
        self.files = FileBar(self)
        self.guard = LoadGuard(self)
        self.shelf: list[PutAway] = []  # games put away by a load (Undo brings them back)
        self.lesson_id: str | None = None
        self.lessons = LessonPicker(self.ask_load, lambda t: self.say(t))
        self.asker = Asker(self._roll_for_me, self._cancel, lambda t: self.say(t, error=True),
                           lambda: self.say(STALE))
        self.followups = Followups(self.asker, self.submit, lambda t: self.say(t))
        self.effects = EffectForms(self.submit, lambda t: self.say(t, error=True))
        self.planner = ActionPlanner(self.submit, lambda t, err: self.say(t, error=err),
                                     self._why)
        self.resolver = Resolver(self._resolve, lambda t: self.say(t, error=True))
        self.phase_box = W.VBox(_dom_classes=["fm-phase-box"])
        self.setup = SetupAsk(self.submit, lambda t: self.say(t))
        self.busy = BusyGuard()
        self.undo_btn = button("Undo", "fm-undo", "Take back the last step", extra=[STEP_TAP])
        self.restart_btn = button("Restart", "fm-restart", "Back to the loaded HUB",
                                  extra=[STEP_TAP])
        oops = lambda t: self.say(t, error=True)  # noqa: E731
        self.undo_btn.on_click(guard(self.undo, oops))
        self.restart_btn.on_click(guard(self.restart, oops))
        self._phase_buttons()
        self.changed: Any = lambda: None  # after every change (the app's record, record.py)
        left = W.VBox([self.checklist, self.setup.root, self.status, self.asker.root,
                       self.phase_box,
                       self.effects.root, step_row([self.undo_btn, self.restart_btn],
                                                   "fm-step-row", scope="fm")],
                      _dom_classes=["fm-col", "fm-col-play"])
        # the HUB first: the table keeps the board, the assistant the HUB's books (on a
        # phone or an upright tablet the one column shows it before the map)
        right = self.right = W.VBox([self.hub, self.planner.map],
                                    _dom_classes=["fm-col", "fm-col-hub"])
        self.root = W.VBox(
            [W.HTML(SHELL_CSS + FM_CSS
                    + "<h3 class='fm-title'>First Martians: table assistant</h3>"),
             self.files.root, self.lessons.root, self.guard.root,
             W.Box([left, right], _dom_classes=["fm-cols"]),
             W.HTML("<b>Explanation</b> (newest first; tap a citation for the rule)"),
             self.log, self.busy],
            _dom_classes=["fm-panel", "mrp-app"], layout=W.Layout(width="100%"))
        self.load(self.sample, "Sample round (sol 3, 4 astronauts)")

    # ------------------------------------------------------------------ phase buttons
    def _phase_buttons(self) -> None:
        def btn(label: str, cls: str, fn: Any, style: str = "primary") -> W.Button:
            b = button(label, cls, style=style, extra=[STEP_TAP])
            b.on_click(guard(fn, lambda t: self.say(t, error=True)))
            return b

        self.events_btn = btn("Events done → Morale", "fm-go-events",
                              lambda: self.submit({"type": "end_events"}, "Events done"))
        self.morale_btn = btn("Resolve Morale", "fm-go-morale",
                              lambda: self.submit({"type": "resolve_morale"}, "Morale"))
        self.wilt = W.VBox(_dom_classes=["fm-wilt"])
        self.produce_btn = btn("Produce", "fm-go-produce", self._tap_produce)
        self.actions_done_btn = btn("Actions done → Malfunction", "fm-go-actions-done",
                                    self._actions_done)
        self.also_roll = W.ToggleButtons(options=[("No extra die", ""), ("System", "system"),
                                                  ("Living", "living"), ("Working", "working")],
                                         description="Extra die (Mission sheet)", value="",
                                         style={"button_width": "auto",
                                                "description_width": "initial"},
                                         _dom_classes=["fm-also-roll"])
        self.malfunction_btn = btn("Resolve Malfunction", "fm-go-malfunction", self._malfunction)
        self.goals = W.Checkbox(description="Mandatory goals done", value=False, indent=False,
                                _dom_classes=["fm-goals"])
        self.threshold = W.Checkbox(description="Still below the Threshold", value=True,
                                    indent=False, _dom_classes=["fm-threshold"])
        self.cleanup_btn = btn("Clean-Up", "fm-go-cleanup", lambda: self.submit(
            {"type": "clean_up", "goals_done": self.goals.value,
             "threshold_ok": self.threshold.value}, "Clean-Up"))
        self.next_sol_btn = btn("Start the next sol", "fm-next-sol", self._next_sol, "success")

    def _tap_produce(self) -> None:
        pay = [c._fm_farm for c in self.wilt.children
               if isinstance(c, W.Checkbox) and c.value]
        self.submit({"type": "produce", "pay_wilt": pay}, "Production")

    def _resolve(self, index: int, label: str) -> None:
        self.submit({"type": "resolve_action", "action": index}, label)

    def _actions_done(self) -> None:
        self.submit({"type": "end_actions"}, "Actions done")

    def _malfunction(self) -> None:
        extra = [self.also_roll.value] if self.also_roll.value else []
        self.submit({"type": "roll_malfunction", "also_roll": extra}, "Malfunction")

    def _next_sol(self) -> None:
        self.submit({"type": "start_sol"}, "Next sol")

    # ------------------------------------------------------------------ loading
    def ask_load(self, doc: Any, name: str, lesson: str = "",
                 lesson_id: str | None = None) -> bool:
        """A load the table tapped (HUB list, lesson, import, Restart): while a game is
        running it asks first and offers the export (:mod:`.fm_guard`)."""
        return self.guard.ask(doc, name, lesson, lesson_id)

    def put_away(self, doc: Any, name: str, lesson: str, lesson_id: str | None) -> None:
        """Set the running game aside (Undo brings it back), then load the one asked for; a
        file that does not load puts nothing away."""
        game = PutAway(self.doc, self.name, self.lessons.shown.value, self.lesson_id,
                       self.table, self.history, self.step)
        if self.load(doc, name, lesson, lesson_id=lesson_id):
            self.shelf.append(game)
            self.say(f"Loaded {name}. {game.name} (sol {game.table.state.sol}) was put "
                     "away: Undo brings it back.")

    def load(self, doc: Any, name: str, lesson: str = "", *,
             lesson_id: str | None = None) -> bool:
        """Load a HUB (or HUB + round inputs, which are not played), with the lesson shown
        beside it when it is a scenario lesson; a bad file changes nothing and says why in a
        sentence."""
        try:
            table = hub_table(doc, name)
        except ContentError as err:
            self.say(f"{name} was not loaded: " + "; ".join(
                plain(p) for p in err.problems[:3]) + ".", error=True)
            return False
        self.doc, self.name, self.lesson_id = doc, name, lesson_id
        self.guard.close()
        self.lessons.shown.value = lesson
        self.files.shown(name)
        self.table = table
        self.history: list[Step] = []
        self.step = {"actions": "place", "round_end": "round_over"}.get(table.state.phase, "")
        self.pending: dict[str, Any] | None = None
        self.followups.blocks = []
        self.planner.reset()
        self.say(f"Loaded {name}.")
        return True

    def restart(self) -> None:
        self.ask_load(self.doc, self.name, self.lessons.shown.value, self.lesson_id)

    def load_setup(self, n: int) -> None:
        self.ask_load(setup_doc(n), f"Board Setup HUB, {n} astronaut{'s' if n != 1 else ''}")

    # ------------------------------------------------------------------ playing
    def submit(self, d: dict[str, Any], label: str) -> None:
        """Play an intent built by taps; the table's draws are asked for first."""
        self.pending = {"intent": dict(d), "label": label}
        self.pending["intent"].setdefault("draws", {})
        self._try()

    def _try(self) -> None:
        p = self.pending
        assert p is not None
        try:
            it = intent_from_dict(p["intent"])
        except ContentError:
            self.say("That choice is not complete: every field needs a tap.", error=True)
            self.pending = None
            return
        phase, before = self.table.state.phase, self.step
        try:
            events = self.table.play(it)  # a refusal changes nothing
        except InputNeeded as need:
            self._ask_engine(need)
            return
        except MrpError as err:
            self.pending = None
            self.asker.close()
            ex = explain_error(err)
            self.say(f"Refused: {words(ex.text)}", error=True, citation=ex.citation)
            return
        self._commit(it, p["label"], phase, before, events)

    def _ask_engine(self, need: InputNeeded) -> None:
        """The engine needs the table's roll, draw or choice: ask it by name."""
        kind, what, rolled = need.kind, words(need.what), need.random_draw
        choices, given = list(need.choices), list(need.labels)
        labels = [known_name(c) or words(x) for c, x in zip(choices, given, strict=False)]
        if kind in DIE_FACES:
            labels = [choice_label(kind, c) for c in choices]
        elif kind in OWN_LABELS or need.table_only:
            labels = [words(x) for x in given]
        verb = "roll" if kind.startswith("malfunction") or kind in DIE_FACES else "draw"
        head = f"{what[:1].upper()}{what[1:]}"
        prompt = (f"{head}: did the table's dice make it?" if kind == "shutdown_roll" else
                  f"{head}: what does it show? (the rulebook prints none of the POIs: "
                  "a tutor reading)" if kind == "poi" else
                  f"{head}: what does the tile show?" if need.table_only else
                  f"{head}: what did the table {verb}?" if rolled else
                  f"{head}: the table chooses.")
        assert self.pending is not None
        self.pending["asked"] = kind
        if kind == FIRST_KIND and need.table_only:  # an unprinted tile: one screen
            self._ask_tile(need)
            return
        self.asker.ask(Question(prompt, list(zip(labels, choices, strict=False)),
                                lambda v: self._answer(kind, v),
                                rolled and not need.table_only,
                                roll_label="Roll for me" if verb == "roll" else "Draw for me"),
                       kind)
        self.say("")

    def _ask_tile(self, need: InputNeeded) -> None:
        """Every icon of an unprinted ROI tile on one screen, entered at once."""
        where = words(need.what).split(" on ", 1)[-1]
        q = Question(f"What is printed on {where}? Tap what the tile shows, then place it "
                     "(the rulebook prints only four tiles).", [], self._answer_tile, False)
        form = TileForm(lambda draws: self.asker.answer_form(q, draws))
        self.asker.ask_form(q, form.widgets)
        self.say("")

    def _answer_tile(self, draws: Any) -> None:
        if self.pending is None:
            self.say(STALE)
            return
        for kind, values in draws.items():
            self.pending["intent"]["draws"].setdefault(kind, []).extend(values)
        self._try()

    def _answer(self, kind: str, value: Any) -> None:
        if self.pending is None:
            self.say(STALE)
            return
        self.pending["intent"]["draws"].setdefault(kind, []).append(value)
        self._try()

    def _roll_for_me(self) -> None:
        """The table asked the assistant to roll or draw this one question (only this one:
        the next die or draw is asked again)."""
        if self.pending is None or not self.pending.get("asked"):
            self.say(STALE)
            return
        if self.asker.question is not None and not self.asker.question.can_roll:
            self.say("That is the table's choice: tap one of the answers.", error=True)
            return
        self.pending["intent"].setdefault("roll_for", []).append(self.pending.pop("asked"))
        self._try()

    def _cancel(self) -> None:
        self.pending = None
        self.asker.close()
        self.say("Cancelled: nothing changed.")

    def _commit(self, it: Intent, label: str, phase: str, before: str,
                events: list[Event]) -> None:
        self.pending = None
        self.asker.close()
        said = [explain_event(ev) for ev in events if ev.type != "phase_started"]
        shown = [Explanation(labelled(x, ev.type == "draw_made"), x.rule, x.citation)
                 for x, ev in zip(said, [ev for ev in events if ev.type != "phase_started"],
                                  strict=True)]
        html = sentences_html(shown, cite=functools.partial(citation_html, show_id=False))
        self.history.append(Step(it, before, f"{PHASE_NAMES.get(phase, phase)}: {label}", html,
                                 events))
        self.step = self._step_after(it)
        if it.type == "declare_actions":
            self.planner.reset()
        self.resolver.note = after_text(events) if it.type == "resolve_action" else ""
        text, cite = result_line(label, shown or [
            Explanation(f"{PHASE_NAMES.get(str(self.table.state.phase), 'the next phase')} "
                        "begins.", "round.phases", explain_event(ev).citation)
            for ev in events if ev.type == "phase_started"][-1:])
        self.followups.after(self.table.state, events)  # a Malfunction card's Complication
        if it.type == self.effects.form_type:
            self.effects.applied()
            self.effects.result.value = status_html(text, "info", cite, show_id=False)
        self.say(text, citation=cite)  # the result where the tap was (and in the log)

    def _step_after(self, it: Intent) -> str:
        s = self.table.state
        if s.result is not None:
            return ""
        if it.type == "declare_actions":
            return "resolve"
        if it.type == "clean_up" or str(s.phase) == "round_end":
            return "round_over"
        if s.phase == "actions" and it.type == "produce":
            return "place"
        if s.phase == "malfunction":
            return "dice"
        return self.step if s.phase == "actions" else ""

    def undo(self) -> None:
        """Take back the last step: replay every intent but the last from the loaded HUB."""
        if not self.history and self.shelf:
            self._bring_back_put_away()
            return
        if not self.history:
            self.say("Nothing to take back: no step played since the HUB was loaded.")
            return
        last = self.history.pop()
        if last.intent is not None:
            table = hub_table(self.doc, self.name)
            for h in self.history:
                if h.intent is not None:
                    table.play(h.intent)
            self.table = table
        self.step = last.before
        self.pending = None
        self.followups.blocks = []
        self.asker.close()
        self.say("Undone.")

    def _bring_back_put_away(self) -> None:
        """Undo a load: the game it put away comes back whole (its steps, its lesson)."""
        g = self.shelf.pop()
        self.doc, self.name, self.lesson_id = g.doc, g.name, g.lesson_id
        self.lessons.shown.value = g.lesson
        self.files.shown(g.name)
        self.table, self.history, self.step = g.table, g.history, g.step
        self.pending = None
        self.asker.close()
        self.guard.close()
        self.planner.reset()
        self.say(f"Undone: {g.name} is back (sol {g.table.state.sol}, {len(g.history)} "
                 "steps played).")

    def _why(self, err: MrpError) -> str:
        ex = explain_error(err)
        cite = f" ({ex.citation.section})" if ex.citation is not None else ""
        return words(ex.text) + cite

    # ------------------------------------------------------------------ view
    def say(self, text: str, *, error: bool = False, citation: Citation | None = None) -> None:
        """The status line, in the app's shared look (a refusal cites its rule)."""
        cls = "fm-refused" if error else "fm-said"
        self._render(f"<div class='{cls}'>" + status_html(
            text, "error" if error else "info", citation, show_id=False) + "</div>"
            if text else "")

    def _render(self, status: str | None = None) -> None:
        """Redraw the panel; the status sentence (when given) and the checklist go last, so a
        page that shows them shows every other change of the step."""
        s, b = self.table.state, self.table.board
        self.undo_btn.disabled = not self.history and not self.shelf
        self.phase_box.children = self._phase_controls()
        # while the table answers a question, the step's button is not tapped a second time
        self.phase_box.layout.display = "none" if self.asker.question else ""
        self.effects.update(s, b)
        self.setup.update(s)
        self.effects.root.layout.display = "none" if s.result else ""
        self.planner.update(s, b)
        placing = s.phase == "actions" and self.step == "place" and s.result is None
        self.planner.show_map(placing)  # beside "Where" while pawns are placed
        self.right.children = [self.hub] if placing else [self.hub, self.planner.map]
        self.log.value = log_html([(h.label, h.said) for h in self.history], "fm-steps")
        self.hub.value = hub_html(s, b)
        self.files.refresh()
        if status is not None:
            self.status.value = status
        todos = checklist(self.table).now if s.phase in ("events", "cleanup") and \
            self.step not in ("dice", "round_over") else ()
        self.checklist.value = checklist_html(s, self.step, todos)  # last: where the table is
        self.busy.finished()  # the page takes taps again (sent after every change above)
        self.changed()

    def keep(self) -> dict[str, Any]:
        """The game as plain data, kept on the server (:mod:`.fm_keep`)."""
        return keep(self)

    def restore(self, data: object) -> None:
        """The panel protocol's restore (the app's lost-kernel record): :meth:`bring_back`."""
        self.bring_back(data)

    def bring_back(self, data: Any) -> None:
        """Play a kept game again (:mod:`.fm_keep`); raises when the rules refuse it."""
        bring_back(self, data)

    def _phase_controls(self) -> list[W.Widget]:
        s = self.table.state
        if s.result is not None:
            return [W.HTML(f"<p><b>The mission is over: {e(s.result)}.</b></p>")]
        if self.step == "round_over":
            self.next_sol_btn.description = f"Start sol {s.sol}"
            return [self.next_sol_btn]
        if self.step == "dice":
            return [self.also_roll, self.malfunction_btn]
        phase = s.phase
        if phase == "events":
            return [self.events_btn]
        if phase == "morale":
            return [self.morale_btn]
        if phase == "production":
            farms = [f.id for f in self._wilting()]
            if [c._fm_farm for c in self.wilt.children] != farms:
                self.wilt.children = self._wilt_boxes()
            return [self.wilt, self.produce_btn]
        if phase == "actions":
            if self.step != "resolve":
                return [self.planner.root]
            left = self.resolver.update(s)
            self.actions_done_btn.button_style = "" if left else "primary"
            self.actions_done_btn.description = ("Resolve all the rest in order, then "
                                                 "Malfunction" if left else
                                                 "Actions done → Malfunction")
            return [self.resolver.root, self.actions_done_btn]
        if phase == "cleanup":
            return [self.goals, self.threshold, self.cleanup_btn]
        return []

    def _wilting(self) -> list[Any]:
        """Farms that wilt this phase unless the crew pays (red oxygen or energy status)."""
        return [f for f in self.table.state.facilities
                if f.farm is not None and not f.shut and (f.red("oxygen") or f.red("energy"))]

    def _wilt_boxes(self) -> list[W.Widget]:
        out = []
        for f in self._wilting():
            cost = " and ".join(p for p in ("oxygen", "energy") if f.red(p))
            c = W.Checkbox(description=f"Pay 1 {cost} so {f.name} does not wilt", value=False,
                           indent=False, _dom_classes=["fm-pay-wilt"],
                           layout=W.Layout(width="auto"))
            c._fm_farm = f.id
            out.append(c)
        return out


def labelled(x: Explanation, tapped: bool = False) -> str:
    """A sentence in words; what the assistant decided by a tutor reading (no tap of the
    table's) says so on the page, not only in its citation."""
    text = words(x.text)
    if not tapped and x.citation is not None and x.citation.source == "tutor reading":
        return f"Tutor reading: {text}"
    return text


def result_line(label: str, said: list[Explanation]) -> tuple[str, Citation | None]:
    """The one-line result of a step: its first sentences, cited by the first rule."""
    texts = [x.text for x in said if x.text]
    if not texts:
        return f"{label}: done.", None
    more = len(texts) - 2
    line = " ".join(texts[:2]) + (f" (+{more} more in the Explanation below)" if more > 0
                                  else "")
    cite = next((x.citation for x in said if x.citation is not None), None)
    return f"{label}: {line}" if label else line, cite


__all__ = ["FmPanel", "Table"]
