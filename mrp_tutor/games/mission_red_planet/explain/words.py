"""Sentences in the words of the game's own rulebook: the ruleset of a spec speaks through
its vocabulary (:meth:`mrp_tutor.games.mission_red_planet.engine.rulesets.Rules.speak`): ``ship``
-> ``shuttle``,
``dock`` -> ``launch place``, ``production phase`` -> ``scoring turn`` in the first edition."""

from __future__ import annotations

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
