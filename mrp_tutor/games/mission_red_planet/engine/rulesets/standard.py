"""The standard game (3 to 6 players): every hook of :class:`~.base.Rules` as it is."""

from __future__ import annotations

from typing import ClassVar

from mrp_tutor.games.mission_red_planet.engine.rulesets.base import Rules


class Standard(Rules):
    """Mission: Red Planet, 2nd edition, 3 to 6 players."""

    label: ClassVar[str | None] = "Standard (2nd edition)"
