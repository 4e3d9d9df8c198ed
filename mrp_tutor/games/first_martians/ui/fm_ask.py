"""What the panel asks the table before it plays an intent: the table's own dice and draws
(a Malfunction die's face, the Wound die, a Condition token) and the choices the rules leave
to the table (the Facility a Shutdown tile goes on, who takes a wound for missing food).

The engine refuses an intent that lacks one (``InputNeeded``, nothing changed); the panel
asks it here, by its faces or names, with "Roll for me" as the explicit alternative for a
roll or draw, and plays the intent again with the answer.  Nothing random reaches the page
before the table chose to roll.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as W

from mrp_tutor.games.first_martians.ui.fm_busy import STEP_TAP
from mrp_tutor.games.first_martians.ui.fm_words import DIE_FACES, name

log = logging.getLogger(__name__)


def guard(fn: Callable[[], None], say: Callable[[str], None]) -> Callable[[Any], None]:
    """A button handler that never fails silently: an unexpected error becomes a sentence
    (the details go to the kernel's log, not to the page)."""

    def run(_b: Any = None) -> None:
        try:
            fn()
        except Exception:  # the page gets a sentence, the log the traceback
            log.exception("First Martians panel: %s failed", getattr(fn, "__name__", "a tap"))
            say("The assistant could not do that (an internal problem); nothing changed.")

    return run


@dataclass
class Question:
    """One question: a prompt, (label, value) choices, where the answer goes."""

    prompt: str
    choices: list[tuple[str, Any]]
    answer: Callable[[Any], None]
    can_roll: bool = True
    roll_label: str = "Roll for me"


#: a choice shown alone, or a group: a heading and its short choices
Shown = tuple[str, Any] | tuple[str, list[tuple[str, Any]]]
SWITCH = " with the green marker from "


def grouped(kind: str, choices: list[tuple[str, Any]]) -> list[Shown]:
    """The choices as shown: a Build's repairs with a switched green marker (one per Facility
    that could give its marker, up to ten long sentences differing in the last words) become
    one group per status, headed by the repair and offering each Facility by its name alone,
    where the first of them stood; every other choice is shown as it is (nothing hidden)."""
    if kind != "build_what":
        return list(choices)
    out: list[Shown] = []
    heads: dict[str, list[tuple[str, Any]]] = {}
    for label, value in choices:
        head, sep, donor = label.rpartition(SWITCH)
        if not sep or not str(value).startswith("switch:"):
            out.append((label, value))
            continue
        head += SWITCH.rstrip()
        if head not in heads:
            heads[head] = []
            out.append((head, heads[head]))
        heads[head].append((donor, value))
    return out


class Asker:
    """The question box: a prompt, a button per choice, "Roll for me" when it applies."""

    def __init__(self, on_roll: Callable[[], None], on_cancel: Callable[[], None],
                 say: Callable[[str], None], stale: Callable[[], None]) -> None:
        self.say, self.stale = say, stale
        self.prompt = W.HTML(_dom_classes=["fm-ask-prompt"])
        self.choices = W.Box(_dom_classes=["fm-ask-choices"],
                             layout=W.Layout(flex_flow="row wrap"))
        self.roll_btn = W.Button(description="Roll for me", tooltip="Solo practice: the "
                                 "assistant rolls or draws (seeded, recorded in the log)",
                                 _dom_classes=["fm-roll-for-me", STEP_TAP],
                                 layout=W.Layout(width="auto"))
        self.cancel_btn = W.Button(description="Cancel", _dom_classes=["fm-ask-cancel", STEP_TAP],
                                   layout=W.Layout(width="auto"))
        self.roll_btn.on_click(guard(on_roll, say))
        self.cancel_btn.on_click(guard(on_cancel, say))
        self.root = W.VBox([self.prompt, self.choices,
                            W.HBox([self.roll_btn, self.cancel_btn])],
                           _dom_classes=["fm-ask"], layout=W.Layout(display="none"))
        self.question: Question | None = None

    def ask(self, q: Question, kind: str = "") -> None:
        self.question = q
        self.prompt.value = f"<b>The table's turn:</b> {_e(q.prompt)}"
        shown: list[W.Widget] = []
        for label, value in grouped(kind, q.choices):
            if isinstance(value, list):  # a heading and its short choices
                shown.append(W.VBox([
                    W.HTML(f"<b>{_e(label)}</b> one of these Facilities (its status "
                           "there turns red):",
                           _dom_classes=["fm-ask-group-head"]),
                    W.Box([self._button(q, x, v) for x, v in value],
                          layout=W.Layout(flex_flow="row wrap"))],
                    _dom_classes=["fm-ask-group"], layout=W.Layout(width="100%")))
            else:
                shown.append(self._button(q, label, value))
        self.choices.children = shown
        self.roll_btn.description = q.roll_label
        self.roll_btn.layout.display = "" if q.can_roll else "none"
        self.root.layout.display = ""

    def ask_form(self, q: Question, widgets: list[W.Widget]) -> None:
        """A question answered by a form of several answers (an unprinted ROI tile): its
        widgets instead of one button per choice; no roll (only the table can read it)."""
        self.question = q
        self.prompt.value = f"<b>The table's turn:</b> {_e(q.prompt)}"
        self.choices.children = widgets
        self.roll_btn.layout.display = "none"
        self.root.layout.display = ""

    def answer_form(self, q: Question, value: Any) -> None:
        """The form's answers, guarded like a choice's tap (a stale form answers nothing)."""
        guard(functools.partial(self._answer, q, value), self.say)(None)

    def _button(self, q: Question, label: str, value: Any) -> W.Button:
        b = W.Button(description=label, _dom_classes=["fm-choice", STEP_TAP],
                     button_style="info", layout=W.Layout(width="auto", min_width="64px"))
        b.on_click(guard(functools.partial(self._answer, q, value), self.say))
        b._fm_value = value  # what the button answers (kernel tests read it)
        return b

    def buttons(self) -> list[W.Button]:
        """Every choice button of the question asked, in order (inside groups too)."""
        out: list[W.Button] = []
        for w in self.choices.children:
            if isinstance(w, W.Button):
                out.append(w)
            elif "fm-ask-group" in w._dom_classes:
                out += [b for b in w.children[1].children if isinstance(b, W.Button)]
        return out

    def _answer(self, q: Question, value: Any) -> None:
        """A choice tapped: answered only if its question is still the one asked (a second
        tap on a button of a question already answered is not an answer to the next one)."""
        if q is not self.question:
            self.stale()
            return
        q.answer(value)

    def close(self) -> None:
        self.question = None
        self.choices.children = []
        self.root.layout.display = "none"


def _e(x: str) -> str:
    from html import escape

    return escape(x)


def choice_label(kind: str, value: Any) -> str:
    """A drawn value in words (for the record of what the table entered)."""
    if kind in DIE_FACES:
        return DIE_FACES[kind].get(str(value), str(value))
    return name(str(value)) if isinstance(value, str) else str(value)
