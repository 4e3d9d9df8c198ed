"""First Martians scenario lessons in the panel: the scenario library's First Martians files
(reached through the game registry:
:func:`mrp_tutor.core.games.library` hands each file
to the game that reads it), each a HUB to play by tap with its lesson and the rules it is
about, cited in the app's shared citation look.  The library is read when the table first
asks for it (it holds many files), once per kernel.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from mrp_tutor.app.html import citation_html, e
from mrp_tutor.core.errors import ContentError
from mrp_tutor.core.rules import Citation
from mrp_tutor.games.first_martians.content import rulebook
from mrp_tutor.games.first_martians.ui.fm_ask import guard
from mrp_tutor.games.first_martians.ui.fm_busy import STEP_TAP
from mrp_tutor.games.first_martians.ui.fm_words import words
from mrp_tutor.resources import scenarios_dir


@functools.cache
def fm_lessons() -> tuple[Any, ...]:
    """The First Martians scenarios of the library, sorted by id (read once)."""
    from mrp_tutor.core.games import library, scenario_game

    return tuple(sc for sc in library(scenarios_dir() / "first_martians")
                 if scenario_game(sc) == "first_martians")


def lesson_html(sc: Any) -> str:
    """The lesson's sentence and the rules it is about, each cited (no rule id shown)."""
    book = rulebook()
    sections: dict[str, Citation | None] = {}  # several rules of one section: cited once
    for r in sc.rules:
        c = book.cite(r)
        sections.setdefault(c.section if c is not None else r, c)
    cites = "".join(citation_html(c, show_id=False) for c in sections.values())
    return (f"<div class='fm-lesson mrp-sentence'><b>Lesson: {e(sc.title)}.</b> "
            f"<span class='mrp-text'>{e(words(' '.join(sc.lesson.split())))}</span>"
            f"{cites}</div>")


class LessonPicker:
    """"Scenario lessons…": a list of the lessons, and the lesson shown once loaded."""

    def __init__(self, load: Callable[[dict[str, Any], str, str, str | None], bool],
                 say: Callable[[str], None]) -> None:
        self.load, self.say = load, say
        self.open_btn = W.Button(description="Scenario lessons…", tooltip="A HUB set up "
                                 "to show one rule, with its lesson", layout=W.Layout(
                                     width="auto"), _dom_classes=["fm-lessons-open", STEP_TAP])
        self.pick = W.Dropdown(options=[], description="Lesson", _dom_classes=["fm-lesson-pick"],
                               layout=W.Layout(width="auto", display="none"))
        self.shown = W.HTML(_dom_classes=["fm-lesson-box"])
        self.open_btn.on_click(guard(self._open, say))
        self.pick.observe(lambda c: guard(functools.partial(self._chosen, c["new"]), say)(None),
                          names="value")
        self.root = W.VBox([W.HBox([self.open_btn, self.pick],
                                   layout=W.Layout(flex_flow="row wrap")), self.shown],
                           _dom_classes=["fm-lessons"])

    def _open(self) -> None:
        try:
            lessons = fm_lessons()
        except ContentError:
            self.say("The scenario lessons could not be read; nothing changed.")
            return
        self.pick.options = [("(choose a lesson)", None)] + [(sc.title, sc.id)
                                                              for sc in lessons]
        self.pick.value = None
        self.pick.layout.display = ""
        self.open_btn.layout.display = "none"
        self.say(f"{len(lessons)} lessons: choose one to load its HUB.")

    def _chosen(self, ident: str | None) -> None:
        sc = next((x for x in fm_lessons() if x.id == ident), None) if ident else None
        if sc is None:
            return
        self.load({"state": sc.doc.state}, f"Lesson: {sc.title}", lesson_html(sc), sc.id)
