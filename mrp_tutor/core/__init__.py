"""The generic core shared by every game of the tutor.

* :mod:`.errors` - the error base (stable ``code``, ``rule`` id, ``detail`` facts) and
  :class:`ContentError` for wrong data or scenario files;
* :mod:`.rules` - the rules-file model (rule ids -> rulebook sections, our paraphrase),
  citations, rule search and the :class:`Explanation` (a sentence and its citation);
* :mod:`.loading` - the hardened YAML reader and located validation messages.
* :mod:`.scenario` - what every game's scenario shares (:class:`~.scenario.Quiz`, the
  id/title/lesson/rules/quiz properties of :class:`~.scenario.ScenarioBase`, the
  :class:`~.scenario.ErrorExpectation` of a refused step);
* :mod:`.expect` - checking a scenario step for any game (play an intent as expected, match
  the expected events);
* :mod:`.games` - the game registry: how each game loads, plays, explains and shows its
  scenarios and table (the scenario loader, runner, CLI and app picker dispatch through it).

Game engines (:mod:`mrp_tutor.games.mission_red_planet.engine`,
:mod:`mrp_tutor.games.first_martians`) build on it; it
knows nothing of any game.
"""

from mrp_tutor.core.errors import ContentError, MrpError
from mrp_tutor.core.loading import format_validation, read_yaml
from mrp_tutor.core.rules import Citation, Explanation, RuleBook, RuleEntry, RulesFile

__all__ = [
    "Citation", "ContentError", "Explanation", "MrpError", "RuleBook", "RuleEntry", "RulesFile",
    "format_validation", "read_yaml",
]
