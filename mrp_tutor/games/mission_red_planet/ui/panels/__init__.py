"""Panels of the app, one module each (split out of
:mod:`mrp_tutor.games.mission_red_planet.ui.tutor_app`)."""
