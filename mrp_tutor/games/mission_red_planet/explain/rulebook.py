"""Rule look-up and citations: rule ids resolve to rulebook sections and paraphrases."""

from __future__ import annotations

from mrp_tutor.core.rules import Citation, cite_in, search_in
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec

__all__ = ["Citation", "cite", "search_rules"]


def cite(spec: GameSpec, rule: str | None) -> Citation | None:
    """Resolve ``rule`` to its citation, or None when there is no rule id.

    >>> from mrp_tutor.games.mission_red_planet.engine import load_spec
    >>> cite(load_spec(), "ships.capacity").rule
    'ships.capacity'
    """
    return cite_in(spec.content.rules, spec.rules, rule)


def search_rules(spec: GameSpec, query: str, *, limit: int = 10) -> list[Citation]:
    """Rules matching the words of ``query`` (id, keywords, section and paraphrase), best first.

    >>> from mrp_tutor.games.mission_red_planet.engine import load_spec
    >>> search_rules(load_spec(), "destination token")[0].rule.startswith("destination_tokens")
    True
    """
    out = []
    for rid in search_in(spec.content.rules, query, limit):
        c = cite(spec, rid)
        if c is not None:
            out.append(c)
    return out
