"""Explanations: events, errors and rules as sentences with rulebook citations."""

from mrp_tutor.games.mission_red_planet.explain.messages import (
    ERROR_TEMPLATES,
    EVENT_TEMPLATES,
    Explanation,
    explain_error,
    explain_event,
)
from mrp_tutor.games.mission_red_planet.explain.rulebook import Citation, cite, search_rules

__all__ = [
    "ERROR_TEMPLATES", "EVENT_TEMPLATES", "Citation", "Explanation", "cite", "explain_error",
    "explain_event", "search_rules",
]
