"""Panels of the app, one module each (split out of :mod:`mrp_tutor.app.ui`)."""
