"""Rule look-up and citations: rule ids resolve to rulebook sections and paraphrases."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..engine.spec import GameSpec


@dataclass(frozen=True, slots=True)
class Citation:
    """A rule id resolved against the rules data of a ruleset."""

    rule: str
    section: str
    summary: str
    source: str
    book: str

    def short(self) -> str:
        """``Rulebook › Section (rule.id)``."""
        return f"{self.section} [{self.rule}]"

    def full(self) -> str:
        """Citation plus paraphrase."""
        return f"{self.summary} ({self.book}: {self.section}; rule {self.rule})"


def cite(spec: GameSpec, rule: str | None) -> Citation | None:
    """Resolve ``rule`` to its citation, or None when there is no rule id.

    >>> from mrp_tutor.engine import load_spec
    >>> cite(load_spec(), "ships.capacity").rule
    'ships.capacity'
    """
    if rule is None:
        return None
    entry = spec.rules.get(rule)
    book = spec.content.rules.rulebook.title
    if entry is None:
        return Citation(rule, "(unknown rule)", "", "", book)
    return Citation(rule, entry.section, entry.summary, entry.source, book)


def search_rules(spec: GameSpec, query: str, *, limit: int = 10) -> list[Citation]:
    """Rules matching the words of ``query`` (id, keywords, section and paraphrase), best first.

    >>> from mrp_tutor.engine import load_spec
    >>> search_rules(load_spec(), "destination token")[0].rule.startswith("destination_tokens")
    True
    """
    words = [w for w in re.findall(r"[\w']+", query.lower()) if len(w) > 1]
    if not words:
        return []
    scored: list[tuple[int, int, str]] = []
    for i, r in enumerate(spec.content.rules.rules):
        keys = " ".join(r.keywords).lower()
        text = f"{r.section} {r.summary}".lower()
        rid = r.id.lower().replace("_", " ").replace(".", " ")
        score = 0
        for w in words:
            score += 5 * (w in rid) + 3 * (w in keys) + (w in text)
        if all(w in f"{rid} {keys} {text}" for w in words):
            score += 4
        if score:
            scored.append((-score, i, r.id))
    scored.sort()
    out = []
    for _, _, rid in scored[:limit]:
        c = cite(spec, rid)
        if c is not None:
            out.append(c)
    return out
