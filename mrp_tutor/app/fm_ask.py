"""What the panel asks the table before it plays an intent: the table's own dice and draws
(a Malfunction die's face, the Wound die, the Facility a Shutdown tile goes on, a Condition
token) and the choices the rules leave to the table (who takes a wound for missing food).

The panel plays the intent on a copy first (the engine is pure); every draw the copy made
from the seeded generator is a draw the table owns, so it is asked here, by its faces or
names, with "Roll for me" as the explicit alternative.  Nothing random reaches the page
before the table chose to roll.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as W

from ..first_martians.content import Board
from ..first_martians.state import HubState
from .fm_words import BLOCKS, WOUND_FACES, name, title

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


def draw_question(kind: str, what: str, s: HubState, board: Board,
                  answer: Callable[[Any], None]) -> Question:
    """The question for one draw the engine would make (``kind`` as the engine names it)."""
    if kind.startswith("malfunction_"):
        block = kind.removeprefix("malfunction_")
        faces = sorted(set(board.dice.malfunction_die.faces))
        return Question(f"The {BLOCKS.get(block, title(block))} Block's Malfunction die: "
                        "which face did the table roll?", [(str(f), f) for f in faces], answer)
    if kind == "wound_die":
        faces = sorted(set(board.dice.wound_die.faces), key=lambda f: f != "wound")
        return Question(f"{what[0].upper() + what[1:]}: what did the table roll?",
                        [(WOUND_FACES.get(str(f), title(str(f))), f) for f in faces], answer)
    if kind == "condition":
        who = what.split("'s ")[0]
        have = next((a.conditions for a in s.astronauts if a.name == who), [])
        left = [c for c in board.conditions.names if c not in have]
        return Question(f"{who} passes a Condition icon: which Condition token did the table "
                        "draw?", [(title(c), c) for c in left], answer)
    if kind == "shutdown_target":
        res = "oxygen" if "oxygen" in what else "energy"
        fits = [f for f in s.facilities if f.uses(res) and getattr(f, f"shutdown_{res}") is None]
        return Question(f"An {res} Shutdown tile must go on a Facility that uses {res}: "
                        "which Facility gets it?", [(f.name, f.id) for f in fits], answer)
    if kind in ("shutdown_oxygen", "shutdown_energy"):
        res = kind.removeprefix("shutdown_")
        placed = {getattr(f, f"shutdown_{res}") for f in s.facilities}
        stack = [t for t in getattr(board.shutdown_tiles, res) if t not in placed]
        first = stack[0] if stack else f"{res}_replacement"
        return Question(f"The {res} Shutdown tile goes on face down: the table does not look "
                        "at it.", [("Placed face down", first)], answer, can_roll=False)
    return Question(f"{what[0].upper() + what[1:]}: the table has no choice to enter here.",
                    [], answer)


class Asker:
    """The question box: a prompt, a button per choice, "Roll for me" when it applies."""

    def __init__(self, on_roll: Callable[[], None], on_cancel: Callable[[], None],
                 say: Callable[[str], None]) -> None:
        self.say = say
        self.prompt = W.HTML(_dom_classes=["fm-ask-prompt"])
        self.choices = W.Box(_dom_classes=["fm-ask-choices"],
                             layout=W.Layout(flex_flow="row wrap"))
        self.roll_btn = W.Button(description="Roll for me", tooltip="Solo practice: the "
                                 "assistant rolls or draws (seeded, recorded in the log)",
                                 _dom_classes=["fm-roll-for-me"], layout=W.Layout(width="auto"))
        self.cancel_btn = W.Button(description="Cancel", _dom_classes=["fm-ask-cancel"],
                                   layout=W.Layout(width="auto"))
        self.roll_btn.on_click(guard(on_roll, say))
        self.cancel_btn.on_click(guard(on_cancel, say))
        self.root = W.VBox([self.prompt, self.choices,
                            W.HBox([self.roll_btn, self.cancel_btn])],
                           _dom_classes=["fm-ask"], layout=W.Layout(display="none"))
        self.question: Question | None = None

    def ask(self, q: Question) -> None:
        self.question = q
        self.prompt.value = f"<b>The table's turn:</b> {_e(q.prompt)}"
        buttons = []
        for label, value in q.choices:
            b = W.Button(description=label, _dom_classes=["fm-choice"],
                         button_style="info", layout=W.Layout(width="auto", min_width="64px"))
            b.on_click(guard(functools.partial(q.answer, value), self.say))
            buttons.append(b)
        self.choices.children = buttons
        self.roll_btn.layout.display = "" if q.can_roll else "none"
        self.root.layout.display = ""

    def close(self) -> None:
        self.question = None
        self.choices.children = []
        self.root.layout.display = "none"


def _e(x: str) -> str:
    from html import escape

    return escape(x)


def choice_label(kind: str, value: Any) -> str:
    """A drawn value in words (for the record of what the table entered)."""
    if kind == "wound_die":
        return WOUND_FACES.get(str(value), str(value))
    return name(str(value)) if isinstance(value, str) else str(value)
