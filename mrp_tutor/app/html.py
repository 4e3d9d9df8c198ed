"""The app shell's HTML helpers every game's panel shares (pure functions): escaping, a
citation that opens to the rule's paraphrase, sentences with their citations, the status
line, and the shell's style rules (:data:`SHELL_RULES`: the look of those, the step shell's
classes and the focus ring)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from html import escape

from mrp_tutor.core.rules import Citation, Explanation
from mrp_tutor.core.words import plural

__all__ = [
    "SHELL_CSS",
    "SHELL_RULES",
    "Cite",
    "citation_html",
    "cite_button_html",
    "e",
    "paraphrase_html",
    "rule_id_html",
    "sentence_html",
    "sentences_html",
    "status_html",
]


def e(x: object) -> str:
    """Escape any value for HTML."""
    return escape(str(x), quote=True)


@functools.lru_cache(maxsize=1024)
def paraphrase_html(c: Citation) -> str:
    """The rule's paraphrase, as shown when its citation is opened (a citation is a frozen
    value: cached, as the explanation cites the same rules step after step)."""
    return (f'<div class="mrp-paraphrase">{e(c.summary)} '
            f'<span class="mrp-book">({e(c.book)})</span></div>')


def rule_id_html(c: Citation, show_id: bool) -> str:
    """`` [rule.id]`` after a section for a referee; nothing for a learner (issue 26)."""
    return f" [{e(c.rule)}]" if show_id else ""


def citation_html(c: Citation | None, show_id: bool = True) -> str:
    """A citation that opens to the rule's paraphrase (on demand, no round trip)."""
    if c is None:
        return ""
    return (f'<details class="mrp-cite"><summary><cite>{e(c.section)}'
            f'{rule_id_html(c, show_id)}</cite></summary>{paraphrase_html(c)}</details>')


def cite_button_html(c: Citation | None, show_id: bool = True) -> str:
    """A citation as a button that opens the rule's paraphrase, which is not in it: the page
    takes it from a table of the rules cited (the app board's ``cites``, sent once per rule;
    ``widgets/live.js``).  A button is drawn ~4x faster than a ``<details>`` (a shadow tree
    each): the explanation, redrawn at every step, uses this."""
    if c is None:
        return ""
    return (f'<button type="button" class="mrp-cite" aria-expanded="false" '
            f'data-rule="{e(c.rule)}"><cite>{e(c.section)}{rule_id_html(c, show_id)}</cite>'
            "</button>")


Cite = Callable[[Citation | None], str]


def sentence_html(ex: Explanation, cls: str = "mrp-sentence", cite: Cite = citation_html) -> str:
    """One explanation sentence with its citation (drawn by ``cite``)."""
    return f'<li class="{cls}"><span class="mrp-text">{e(ex.text)}</span>{cite(ex.citation)}</li>'


def sentences_html(items: Sequence[Explanation], limit: int = 80,
                   cite: Cite = citation_html) -> str:
    """A list of sentences; older ones beyond ``limit`` are summarised."""
    hidden = max(0, len(items) - limit)
    parts = [sentence_html(x, cite=cite) for x in items[hidden:]]
    more = (f'<li class="mrp-more">({plural(hidden, "earlier sentence")}: see the log)</li>'
            if hidden else "")
    return f'<ul class="mrp-sentences">{more}{"".join(parts)}</ul>'


def status_html(text: str, kind: str = "info", citation: Citation | None = None,
                show_id: bool = True) -> str:
    """The status line: a sentence (never a traceback), styled by kind."""
    return (f'<div class="mrp-status-msg mrp-status-{e(kind)}" role="status">{e(text)}'
            f'{citation_html(citation, show_id)}</div>')


#: the shell's style rules (inside a ``<style>``: :data:`SHELL_CSS`; a game adds its own)
SHELL_RULES = """.mrp-app { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
/* a focus ring anyone can see: 3 px, #1a4fb5 on white is 7:1 (issue 26) */
.mrp-app :focus-visible, .mrp-app .lm-TabBar-tab:focus-visible,
.mrp-app .jupyter-button:focus-visible, .mrp-app select:focus-visible,
.mrp-app input:focus-visible, .mrp-app [tabindex]:focus-visible {
  outline: 3px solid #1a4fb5 !important; outline-offset: 2px !important; }
.mrp-sr { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.mrp-app h2 { margin: 4px 0 6px; }
.mrp-status-msg { padding: 4px 8px; border-radius: 6px; margin: 2px 0; }
.mrp-status-info { background: #eef4ff; color: #1b3a6b; }
.mrp-status-ok { background: #eaf7ee; color: #1d5a2e; }
.mrp-status-error { background: #fdecea; color: #8a1c13; font-weight: 600; }
.mrp-sentences { margin: 0; padding-left: 18px; max-height: 320px; overflow-y: auto; }
.mrp-sentence { margin: 2px 0; }
.mrp-cite { display: inline; margin-left: 4px; font-size: 11px; color: #555; }
.mrp-cite summary { display: inline; cursor: pointer; }
button.mrp-cite { border: 0; background: none; padding: 0; font-family: inherit;
  line-height: inherit; cursor: pointer; text-align: left; }
button.mrp-cite:hover, button.mrp-cite:focus-visible { text-decoration: underline; }
.mrp-paraphrase { background: #fffbe6; border-left: 3px solid #e0b400; padding: 2px 6px; }
.mrp-why { font-style: italic; color: #4a3b00; margin: 2px 0 4px; }
.mrp-step-head { font-weight: 600; margin-top: 4px; }
.mrp-table { border-collapse: collapse; font-size: 12px; margin: 4px 0; }
.mrp-table th, .mrp-table td { border-bottom: 1px solid #ddd; padding: 2px 6px; text-align: left; }
.mrp-table caption { text-align: left; font-weight: 600; }
"""
SHELL_CSS = f"\n<style>\n{SHELL_RULES}</style>"
