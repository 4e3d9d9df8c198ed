"""Resolving the Action Phase one action at a time, by tap: the checklist names the next
action in the action order ("Resolve action 2 of 5: Yellow's Research"), says what the
table will be asked (its dice, a choice), and one tap plays it; the table's dice and
choices are then asked by their faces or names (:mod:`.fm_ask`), "Roll for me" only when
chosen.  When several actions share the step, each has its button (the table picks which
goes first).  Explore asks the ROI tile drawn and Build what it repairs inside the step;
after a success, what the table still enters (a Facility card, Cargo Bay items...) is named.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W

from mrp_tutor.app.html import e
from mrp_tutor.games.first_martians.events import Event
from mrp_tutor.games.first_martians.resolve import ToResolve, next_up
from mrp_tutor.games.first_martians.state import HubState
from mrp_tutor.games.first_martians.ui.fm_ask import guard
from mrp_tutor.games.first_martians.ui.fm_busy import STEP_TAP
from mrp_tutor.games.first_martians.ui.fm_words import ACTION_SHORT, words

ASK_WORDS = {"success_die": "the Success die", "wound_die": "the Wound die",
             "adventure_die": "the Adventure die", "unwind": "Morale or Stress",
             "manage": "which track goes down", "heal": "what is healed",
             "heal_patient": "who is healed",
             "roi_tile": "the ROI tile drawn (by name, or by what is printed on it)",
             "build_what": "what the Build repairs or builds",
             "shutdown_cost": "what the flipped Shutdown tile asks (its cost and roll) and "
                              "gives (its production)"}
ENTER_WORDS = {"reveal_tile": "the ROI tile explored (Map)",
               "plant_seed": "the seed planted (Facilities)",
               "repair_status": "the status repaired (Facilities)",
               "repair_rover": "the rover repaired (Rovers)",
               "add_facility": "a Facility card built (Facilities)",
               "cargo": "Cargo Bay items (Cargo Bay)",
               "clear_shutdown": "the Shutdown tile removed (Facilities)",
               "change_production": "a change of production (Facilities)"}


def action_name(s: HubState, t: ToResolve) -> str:
    """"Yellow's Research" (the astronaut on top takes the consequences)."""
    who = next((a.name for a in s.astronauts if a.id == t.astronaut), t.astronaut)
    return f"{who}'s {ACTION_SHORT.get(t.action, t.action)}"


def what_is_asked(t: ToResolve) -> str:
    """The table's part of this action, in a sentence."""
    parts = []
    if t.dice:
        parts.append("one pawn short: the table rolls the three action dice")
    elif t.success_die:
        parts.append("red CPU status: the table rolls the Success die")
    asked = [ASK_WORDS.get(k, words(k)) for k in dict.fromkeys(t.asks)]
    if asked:
        parts.append("you will be asked " + ", ".join(asked))
    if t.penalties:
        parts.append("penalties taken now: " + ", ".join(words(p) for p in t.penalties))
    return "; ".join(parts) if parts else "nothing to roll or choose"


def after_text(events: Sequence[Event]) -> str:
    """What the table enters next after the action just resolved (a success that asks)."""
    done = [ev for ev in events if ev.type == "action_resolved"]
    if not done:
        return ""
    last: Any = done[-1]
    enter = [ENTER_WORDS.get(k, words(k)) for k in last.enter]
    if not last.success or not enter:
        return ""
    return "Now enter what it gave, under Something happened: " + ", ".join(enter) + "."


class Resolver:
    """The next action(s) to resolve, each a button; redrawn only when they change."""

    def __init__(self, play: Callable[[int, str], None], say: Callable[[str], None]) -> None:
        self.play, self.say = play, say
        self.head = W.HTML(_dom_classes=["fm-resolve-head"])
        self.buttons = W.Box(_dom_classes=["fm-resolve-buttons"],
                             layout=W.Layout(flex_flow="row wrap"))
        self.root = W.VBox([self.head, self.buttons], _dom_classes=["fm-resolve"])
        self._shown: tuple[Any, ...] | None = None
        self.note = ""

    def update(self, s: HubState) -> bool:
        """Show the next action(s); False when every placed action has resolved."""
        now = next_up(s)
        done = sum(1 for d in s.declared if d.resolved)
        key = (tuple(t.index for t in now), done, self.note)
        if key == self._shown:
            return bool(now)
        self._shown = key
        n = len(s.declared)
        if not now:
            self.head.value = ("<p class='fm-resolve-now'><b>Every placed action has "
                               f"resolved.</b> {e(self.note)}</p>")
            self.buttons.children = []
            return False
        lines = [f"<p class='fm-resolve-now'><b>Resolve action {done + 1} of {n}: "
                 + (e(action_name(s, now[0])) if len(now) == 1 else
                    f"step {now[0].order} of the action order, the table picks which goes "
                    "first") + "</b></p>"]
        lines += [f"<p class='fm-resolve-ask'>{e(action_name(s, t))}"
                  f"{' at ' + e(t.target_name) if t.target not in ('hub', '') else ''}: "
                  f"{e(what_is_asked(t))}.</p>" for t in now]
        if self.note:
            lines.insert(0, f"<p class='fm-resolve-after'>{e(self.note)}</p>")
        self.head.value = "".join(lines)
        bs = []
        for t in now:
            b = W.Button(description=f"Resolve {action_name(s, t)}", button_style="primary",
                         _dom_classes=["fm-resolve-go", STEP_TAP],
                         layout=W.Layout(width="auto"))
            b.on_click(guard(functools.partial(self.play, t.index, action_name(s, t)),
                             self.say))
            bs.append(b)
        self.buttons.children = bs
        return True
