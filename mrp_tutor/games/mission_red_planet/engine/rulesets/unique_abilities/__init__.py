"""The "Unique Abilities" fan variant (seed 003), one package: the rules (:mod:`.rules`), what
a paid ability does (:mod:`.effects`), the typed sheets (:mod:`.sheets`) and the greedy bot's
view of an ability (:mod:`.bot`); its data folder is
``mrp_tutor/games/mission_red_planet/data/unique_abilities``.

The ability events are part of the engine's model (``engine/ability_events.py``): the state
holds the windows and sheets they change, and reading a log never depends on which rulesets
are registered.  The words a learner reads live in
``mrp_tutor/games/mission_red_planet/explain/abilities.py`` and
``ability_options.py`` (the engine imports no words).
"""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine.rulesets.unique_abilities.rules import (
    UniqueAbilities,
)

__all__ = ["UniqueAbilities"]
