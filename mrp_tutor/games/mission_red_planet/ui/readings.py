"""Tutor readings where they are taught: a lesson's reading ids as links to the reading and
its argument (issue 42).

A lesson, a quiz explanation or a chapter introduction names each tutor reading it rests on by
its rule id (tests/scenarios/test_reading_labels.py checks that they do); the page shows the
reading's title as a link instead of the id, and under the text each reading opens to its
paraphrase and the argument for it.
"""

from __future__ import annotations

import re

from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.explain import Citation, cite
from mrp_tutor.games.mission_red_planet.explain.markdown import md_html
from mrp_tutor.games.mission_red_planet.ui.html import e

READINGS_CSS = """<style>
.mrp-readings { border-left: 4px solid #6b5b95; background: #f5f2fb; padding: 2px 8px;
  margin: 6px 0; }
.mrp-readings summary { cursor: pointer; }
.mrp-reading-link { color: #4b3a7a; font-weight: 600; }
</style>"""


def _pattern(rule: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w.]){re.escape(rule)}(?![\w])")


def readings_in(spec: GameSpec, text: str) -> list[Citation]:
    """The tutor readings a text names by rule id, in the order of the rules file."""
    out: list[Citation] = []
    for r in spec.content.rules.rules:
        if r.is_reading and r.id in text and _pattern(r.id).search(text):
            c = cite(spec, r.id)
            if c is not None:
                out.append(c)
    return out


def reading_title(c: Citation) -> str:
    """The reading's name: its section's last part, or "tutor reading" when it has none."""
    parts = c.section.split(" \u203a ")
    return parts[-1] if len(parts) > 1 else "tutor reading"


def anchor(c: Citation) -> str:
    return "mrp-reading-" + re.sub(r"[^\w-]", "-", c.rule)


def reading_notes_html(found: list[Citation], show_id: bool = False) -> str:
    """Each reading, opening to its paraphrase and the argument (its source)."""
    if not found:
        return ""
    items = "".join(
        f'<details class="mrp-reading" id="{anchor(c)}"><summary>Tutor reading: '
        f"{e(reading_title(c))}{f' [{e(c.rule)}]' if show_id else ''}</summary>"
        f"<p>{e(c.summary)}</p><p><i>Argument from: {e(c.source)}</i></p></details>"
        for c in found)
    return (f'{READINGS_CSS}<div class="mrp-readings"><p><b>Tutor readings</b> (the rulebook '
            f"does not settle these; open one for the tutor's argument):</p>{items}</div>")


def lesson_html(spec: GameSpec, text: str, *, show_id: bool = False) -> str:
    """A lesson's markdown as HTML, each tutor reading it names a link to its note below."""
    found = readings_in(spec, text)
    out = md_html(text)
    for c in found:
        link = (f'<a class="mrp-reading-link" href="#{anchor(c)}">tutor reading: '
                f"{e(reading_title(c))}</a>")
        out = _pattern(c.rule).sub(lambda _m, link=link: link, out)  # type: ignore[misc]
    return out + reading_notes_html(found, show_id)
