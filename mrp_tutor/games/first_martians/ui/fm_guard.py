"""A game is never lost by one tap: switching the HUB, loading a lesson, importing a file or
restarting while a game is running asks first, offers the export, and the game put away is
brought back by Undo.

:class:`LoadGuard` holds the load the table asked for until it confirms ("Load …") or keeps
playing; :class:`PutAway` is a running game set aside by a confirmed load (the panel's
``shelf``), whole: its HUB file, its lesson, its table and every step played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import ipywidgets as W

from mrp_tutor.app.html import e
from mrp_tutor.games.first_martians.ui.fm_ask import guard
from mrp_tutor.games.first_martians.ui.fm_busy import STEP_TAP


@dataclass
class PutAway:
    """A running game set aside by a load (Undo brings it back as it was)."""

    doc: Any
    name: str
    lesson: str
    lesson_id: str | None
    table: Any
    history: list[Any]
    step: str


@dataclass
class Asked:
    """A load the table asked for, waiting for its confirmation."""

    doc: Any
    name: str
    lesson: str
    lesson_id: str | None


class LoadGuard:
    """The confirmation asked before a load replaces a running game."""

    def __init__(self, panel: Any) -> None:
        self.panel = panel
        self.waiting: Asked | None = None
        self.text = W.HTML(_dom_classes=["fm-confirm-text"])
        self.yes = W.Button(description="Load", button_style="warning",
                            _dom_classes=["fm-confirm-load", STEP_TAP],
                            layout=W.Layout(width="auto"))
        self.no = W.Button(description="Keep playing", button_style="success",
                           _dom_classes=["fm-confirm-keep", STEP_TAP],
                           layout=W.Layout(width="auto"))
        oops = lambda t: panel.say(t, error=True)  # noqa: E731
        self.yes.on_click(guard(self._yes, oops))
        self.no.on_click(guard(self._no, oops))
        self.root = W.VBox([self.text, W.HBox([self.yes, self.no],
                                              layout=W.Layout(flex_flow="row wrap"))],
                           _dom_classes=["fm-confirm"], layout=W.Layout(display="none"))

    def ask(self, doc: Any, name: str, lesson: str = "", lesson_id: str | None = None) -> bool:
        """Load at once when no step was played (nothing to lose); otherwise ask first."""
        p = self.panel
        if not p.history:
            return bool(p.load(doc, name, lesson, lesson_id=lesson_id))
        self.waiting = Asked(doc, name, lesson, lesson_id)
        s = p.table.state
        n = len(p.history)
        self.text.value = (
            f"<div class='fm-confirm-q'><b>Load {e(name)}?</b> The running game ({e(p.name)}, "
            f"sol {s.sol}, {n} step{'s' if n != 1 else ''} played) will be put away: "
            f"<b>Undo</b> brings it back. Keep a copy first: {p.files.export.value}</div>")
        self.yes.description = f"Load {name}"
        self.root.layout.display = ""
        p.say("")
        return False

    def close(self) -> None:
        self.waiting = None
        self.root.layout.display = "none"

    def _yes(self) -> None:
        w, p = self.waiting, self.panel
        if w is None:
            p.say("That question was already answered; nothing changed.")
            return
        self.close()
        p.put_away(w.doc, w.name, w.lesson, w.lesson_id)

    def _no(self) -> None:
        p = self.panel
        self.close()
        p.files.shown(p.name)  # the HUB list names the game still running
        if p.lessons.pick.value is not None and p.lessons.pick.value != p.lesson_id:
            p.lessons.pick.value = None  # the same lesson may be chosen again later
        p.say(f"Kept playing {p.name}: nothing changed.")
