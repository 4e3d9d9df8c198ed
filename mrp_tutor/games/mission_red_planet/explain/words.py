"""Sentences in the words of the game's own rulebook: the ruleset of a spec speaks through
its vocabulary (:meth:`mrp_tutor.games.mission_red_planet.engine.rulesets.Rules.speak`): ``ship``
-> ``shuttle``,
``dock`` -> ``launch place``, ``production phase`` -> ``scoring turn`` in the first edition."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from mrp_tutor.games.mission_red_planet.engine.rulesets import ALIASES, RULESETS, Rules
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec


def speak(spec: GameSpec, text: str) -> str:
    """``text`` as the ruleset of ``spec`` says it (unchanged for an unknown data folder)."""
    rules = RULESETS.get(ALIASES.get(spec.ruleset, spec.ruleset))
    return rules.speak(text) if rules is not None else text


def ruleset_words(name: str) -> dict[str, str]:
    """The sentence templates of ruleset ``name`` as a log records it
    (:attr:`~mrp_tutor.games.mission_red_planet.engine.rulesets.Rules.words`), over the shared ones
    (only those for a
    ruleset not registered)."""
    rules = RULESETS.get(ALIASES.get(name, name))
    return {**Rules.words, **(rules.words if rules is not None else {})}


#: what is not text in a page: a tag, a style sheet or a script (their words are code)
_NOT_TEXT = re.compile(r"(<style\b.*?</style>|<script\b.*?</script>|<[^>]*>)",
                       re.S | re.I)


def _same(text: str) -> str:
    return text


def has_words(spec: GameSpec) -> bool:
    """Does ``spec``'s ruleset say anything in words of its own?"""
    rules = RULESETS.get(ALIASES.get(spec.ruleset, spec.ruleset))
    return rules is not None and bool(rules.vocabulary)


def speaker(spec: GameSpec) -> Callable[[str], str]:
    """What turns a page's HTML into the words of ``spec``'s ruleset: the text between tags
    is spoken (:meth:`Rules.speak`), tags, attributes, styles and scripts are left as they
    are; for a ruleset with no words of its own, the HTML itself."""
    rules = RULESETS.get(ALIASES.get(spec.ruleset, spec.ruleset))
    if rules is None or not rules.vocabulary:
        return _same
    say = rules.speak

    def speak_html(html: str) -> str:
        if "<" not in html:
            return say(html)
        parts = _NOT_TEXT.split(html)
        parts[::2] = [say(x) if x else x for x in parts[::2]]
        return "".join(parts)

    return speak_html


def speak_tree(say: Callable[[str], str], value: Any) -> Any:
    """Every string of ``value`` (a JSON-like tree: dicts, lists) spoken by ``say``; keys
    and everything not a string unchanged."""
    if isinstance(value, str):
        return say(value)
    if isinstance(value, dict):
        return {k: speak_tree(say, v) for k, v in value.items()}
    if isinstance(value, list):
        return [speak_tree(say, v) for v in value]
    return value
def _seat_field(seat: Any, name: str) -> Any:
    return seat.get(name) if isinstance(seat, Mapping) else getattr(seat, name, None)


def colour_roles(seats: Mapping[str, Any]) -> dict[str, str]:
    """In the 2-player variant, each colour's role in a few words ("main colour" or "neutral,
    Red plays it"); empty when no colour is neutral.  ``seats``: a state's seats or a view's
    (each with ``controller`` and ``neutral``)."""
    if not any(_seat_field(s, "neutral") for s in seats.values()):
        return {}
    return {c: (f"neutral, {str(_seat_field(s, 'controller')).capitalize()} plays it"
                if _seat_field(s, "neutral") else "main colour")
            for c, s in seats.items()}


def roles_sentence(seats: Mapping[str, Any]) -> str:
    """The 2-player colours in one sentence, each player's main and neutral colour named
    ('' when no colour is neutral): the same words in lessons and free games."""
    if not colour_roles(seats):
        return ""
    mains = [c for c, s in seats.items() if not _seat_field(s, "neutral")]
    parts = []
    for m in mains:
        neutral = [c.capitalize() for c, s in seats.items()
                   if _seat_field(s, "neutral") and _seat_field(s, "controller") == m]
        parts.append(f"player {m.capitalize()}: {m.capitalize()} (main colour) and "
                     + " and ".join(f"{n} (neutral colour)" for n in neutral))
    return "Two players. " + "; ".join(parts)[:1].upper() + "; ".join(parts)[1:] + "."
