"""The step shell both games' panels share: the step buttons and their row, the "what to do
now" line, a step of the explanation (its head, its "why" and its sentences with citations)
and the log of steps.

Every game's panel (the stepper of :mod:`.panels.stepper`, a game's own panel registered
in :mod:`mrp_tutor.core.games`) builds its step controls and its explanation here, so all
have the same classes, and so the same look (:data:`.html.APP_CSS`) and the same hooks for
tests.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as W

from mrp_tutor.app.html import e

STEP_ROW = "mrp-stepper"  # the row of step buttons (every game's: select a game's own row
#: by its scoped class, :func:`row_class`, since both games can be on one page)
STEP_HEAD = "mrp-step-head"  # the step played, in words
WHY = "mrp-why"  # why it was played, or a note on the step
EXPLAIN = "mrp-explain"  # the box of the explanation
STEP_LOG = "mrp-step-log"  # the steps played, newest first
PROMPT = "mrp-now"  # the line saying what is waited for now (not "mrp-prompt": that is
#: the seated learner's prompt, which the page and its tests find as the one prompt)


def button(label: str, cls: str, tip: str = "", style: str = "",
           extra: Sequence[str] = ()) -> W.Button:
    """A button sized to its label, with a CSS class tests and the page can find."""
    return W.Button(description=label, tooltip=tip or label, _dom_classes=[cls, *extra],
                    button_style=style, layout=W.Layout(width="auto"))


def row_class(scope: str) -> str:
    """The step row's class scoped to one panel (``mrp-stepper-fm``): with both games on one
    page, the shared class matches both rows, this one only that panel's."""
    return f"{STEP_ROW}-{scope}"


def step_row(children: Sequence[W.Widget], *classes: str, scope: str) -> W.HBox:
    """The row of step buttons (and what sits beside them), wrapping on a narrow screen;
    ``scope`` names the panel (its row gets :func:`row_class` beside the shared class)."""
    return W.HBox(list(children), _dom_classes=[STEP_ROW, row_class(scope), *classes],
                  layout=W.Layout(flex_flow="row wrap"))


def prompt_html(inner: str, cls: str) -> str:
    """The "what to do now" line around ``inner`` (already-escaped markup), with the
    panel's own class ``cls`` beside the shared one."""
    return f'<div class="{PROMPT} {cls}">{inner}</div>'


def why_html(text: str) -> str:
    """A note on a step (why it was played, or what just happened to the steps)."""
    return f'<div class="{WHY}">{e(text)}</div>'


def note_html(markup: str) -> str:
    """A note on a step that is already-rendered markup (a lesson's Markdown as HTML)."""
    return f'<div class="{WHY}">{markup}</div>'


def step_html(head: str | None, why: str, body: str) -> str:
    """One step explained: its head (``None``: none), its note (``""``: none) and the
    already-rendered sentences with their citations (:func:`.html.sentences_html`)."""
    top = f'<div class="{STEP_HEAD}">{e(head)}</div>' if head is not None else ""
    return top + (why_html(why) if why else "") + body


def log_html(steps: Sequence[tuple[str, str]], cls: str = "") -> str:
    """The steps played, newest first: each a ``(head, sentences html)`` pair, oldest first."""
    items = "".join(f"<li>{step_html(head, '', body)}</li>" for head, body in reversed(steps))
    return f"<ol class='{f'{STEP_LOG} {cls}'.strip()}' reversed>{items}</ol>"


__all__ = ["EXPLAIN", "PROMPT", "STEP_HEAD", "STEP_LOG", "STEP_ROW", "WHY", "button",
           "log_html", "note_html", "prompt_html", "row_class", "step_html", "step_row",
           "why_html"]
