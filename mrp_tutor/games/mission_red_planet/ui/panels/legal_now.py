"""The Table tab's "Legal now": the options of the decision in play, beside the rulings, with
every contested reading that shaped them named and linked, what the other reading would
allow, and the referee's choice of reading for the table (issue 36, issue 42).

Referee only (the options name every colour's choices).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from mrp_tutor.games.mission_red_planet.engine.errors import MrpError
from mrp_tutor.games.mission_red_planet.engine.legal import decision
from mrp_tutor.games.mission_red_planet.engine.readings import (
    CONTESTED,
    Contested,
    asked,
    in_force,
)
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState
from mrp_tutor.games.mission_red_planet.explain import cite
from mrp_tutor.games.mission_red_planet.explain.options import describe_intent
from mrp_tutor.games.mission_red_planet.explain.readings import (
    Shaped,
    difference_words,
    legal_now,
)
from mrp_tutor.games.mission_red_planet.ui.html import e
from mrp_tutor.games.mission_red_planet.ui.readings import (
    READINGS_CSS,
    anchor,
    reading_notes_html,
    reading_title,
)

if TYPE_CHECKING:
    from mrp_tutor.games.mission_red_planet.explain import Citation


def _link(c: Citation, words: str = "", show_id: bool = True) -> str:
    """A reading as a link to its argument (``words``: what it says, else its title; the
    rule id for a referee only)."""
    return (f'<a class="mrp-reading-link" href="#{anchor(c)}">tutor reading: '
            f"{e(words or reading_title(c))}</a>" + (f" [{e(c.rule)}]" if show_id else ""))


def _words(con: Contested, rule: str) -> str:
    """What a reading says, in a few words (its chooser label after the colon)."""
    return (con.other_words if rule == con.other else con.tutor_words).split(": ", 1)[-1]


def legal_now_html(spec: GameSpec, s: GameState) -> str:
    """Who decides what now, the options, and the readings that shaped them."""
    d = decision(spec, s)
    if d is None:
        return "<p class='mrp-legal-none'>Nobody has a choice to make: the game is over.</p>"
    found = legal_now(spec, s)
    who = ", ".join(c.capitalize() for c in d.colours) or "nobody"
    items = "".join(f"<li>{e(describe_intent(spec, i, who=True))}</li>" for i in found.options)
    out = (f"<p class='mrp-legal-head'><b>Legal now</b> ({e(who)} to decide): "
           f"{len(found.options)} option{'s' if len(found.options) != 1 else ''}.</p>"
           f"<ul class='mrp-legal-list'>{items}</ul>")
    cites: list[Citation] = []
    for sh in found.shaped:
        rule, other = cite(spec, sh.rule), cite(spec, sh.other_rule)
        if rule is None or other is None:
            continue
        cites += [rule, other]
        con = sh.contested
        out += (f"<p class='mrp-reading-shaped'>{e(con.question)} This answer rests on a "
                f"{_link(rule, _words(con, sh.rule))}. The rulebook admits another reading, "
                f"the {_link(other, _words(con, sh.other_rule))}. "
                f"{e(difference_words(spec, sh))}</p>")
    for c in CONTESTED:  # a table playing the other reading says so even when it changes nothing
        if c.other in s.readings and all(sh.contested is not c for sh in found.shaped):
            other = cite(spec, c.other)
            if other is not None:
                cites.append(other)
                out += (f"<p class='mrp-reading-shaped'>This table plays the "
                        f"{_link(other, _words(c, c.other))} (it changes nothing now).</p>")
    return READINGS_CSS + out + reading_notes_html(list(dict.fromkeys(cites)), show_id=True)


class LegalNowBox:
    """The "Legal now" block and the reading chooser of the Table tab."""

    def __init__(self, app: Any, spec: GameSpec, guard: Callable[..., Any],
                 note: Callable[[], str] = str) -> None:
        self.app, self.spec, self.note = app, spec, note  # note: above the answer (HTML)
        self.out = W.HTML(_dom_classes=["mrp-tt-legal-now"])
        self.choosers: dict[str, W.Dropdown] = {}
        rows: list[W.Widget] = []
        for c in CONTESTED:
            dd = W.Dropdown(options=[(c.tutor_words, "tutor"), (c.other_words, "other")],
                            value="tutor", description="Reading",
                            _dom_classes=["mrp-tt-reading", f"mrp-tt-reading-{c.key}"],
                            layout=W.Layout(width="auto", max_width="100%"))
            dd.observe(guard(lambda ch, c=c: self._chosen(c, ch)), names="value")
            self.choosers[c.key] = dd
            rows.append(W.VBox([W.HTML(f"<p class='mrp-tt-question'>{e(c.question)}</p>"), dd],
                               _dom_classes=["mrp-tt-reading-row"]))
        self.readings = W.VBox(rows, _dom_classes=["mrp-tt-readings"])
        self.root = W.VBox([W.HTML("<h3>Legal now and the readings it rests on</h3>"),
                            self.out, self.readings], _dom_classes=["mrp-tt-legal"])
        self._syncing = False

    def refresh(self) -> None:
        sess = self.app.session
        if not sess.referee:
            self.out.value = ""
            return
        s = sess.state
        self._syncing = True
        try:
            for c in CONTESTED:
                dd = self.choosers[c.key]
                dd.disabled = not asked(c, self.spec, s)
                dd.value = "other" if in_force(s, c) == c.other else "tutor"
        finally:
            self._syncing = False
        self.out.value = self.note() + legal_now_html(self.spec, s)

    def _chosen(self, c: Contested, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        sess = self.app.session
        if not sess.referee:
            self.app.say("Switch to Referee mode to choose the table's reading.", "error")
            return
        other = change["new"] == "other"
        if (in_force(sess.state, c) == c.other) == other:
            return
        try:
            sess.choose_reading(c.key, other)
        except MrpError as err:
            self.app.say(f"Not changed: {sess.error_sentence(err).text}", "error")
            return
        self.app.say("This table now plays " + ("the other reading" if other else
                     "the tutor's reading") + f": {(c.other_words if other else c.tutor_words)}.",
                     "ok")
        self.app.render()


def options_reading_note(spec: GameSpec, s: GameState, may_see: Callable[[str], bool],
                         show_id: bool = False) -> str:
    """Below an options list: the contested readings that shaped it and what the other would
    allow, for the options the viewer may see ('' when no reading shaped them).  Only a
    decision a contested question can touch is looked at (the Femme Fatale's replace, a
    Scientist's draw or look)."""
    d = decision(spec, s)
    if d is None or d.kind not in ("replace", "draw_or_peek") or not any(
            may_see(c) for c in d.colours):
        return ""
    parts: list[str] = []
    cites: list[Citation] = []
    for sh in legal_now(spec, s).shaped:
        seen = Shaped(sh.contested, sh.rule, sh.other_rule,
                      tuple(i for i in sh.added if may_see(i.colour)),
                      tuple(i for i in sh.removed if may_see(i.colour)))
        rule, other = cite(spec, sh.rule), cite(spec, sh.other_rule)
        if rule is None or other is None or not (seen.added or seen.removed):
            continue
        cites += [rule, other]
        con = sh.contested
        parts.append(f"<p class='mrp-options-reading'>These options rest on a "
                     f"{_link(rule, _words(con, sh.rule), show_id)}; the rulebook admits the "
                     f"{_link(other, _words(con, sh.other_rule), show_id)}. "
                     f"{e(difference_words(spec, seen))}</p>")
    return (READINGS_CSS + "".join(parts) + reading_notes_html(cites, show_id=show_id)
            if parts else "")
