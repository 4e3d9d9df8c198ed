"""mrp_tutor: rules tutor and referee assistant for *Mission: Red Planet* (2nd edition).

The public API lives in :mod:`mrp_tutor.games.mission_red_planet.engine`; explanations in
:mod:`mrp_tutor.games.mission_red_planet.explain`.
"""

__version__ = "0.1.0"
