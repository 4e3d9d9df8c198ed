"""The app's access to the scenario library (:mod:`mrp_tutor.scenarios`).

Scenarios are :class:`~mrp_tutor.scenarios.Scenario` objects (``id``, ``title``, ``lesson``,
``steps``, ``quiz``, ``build()``); their steps are :class:`~mrp_tutor.scenarios.model.Step`.
A library folder holding a broken file yields an empty list and a sentence for the status
area, never a traceback.
"""

from __future__ import annotations

from ..engine.errors import MrpError
from ..engine.intents import Intent, intent_from_dict
from ..scenarios import Scenario, library
from ..scenarios.model import Step


def load_library() -> tuple[list[Scenario], str | None]:
    """(scenarios, problem sentence or None)."""
    try:
        return list(library()), None
    except MrpError as err:
        return [], f"The scenario library could not be loaded: {err.message}"
    except Exception as exc:  # a broken library must not break the app
        return [], f"The scenario library could not be loaded ({type(exc).__name__}: {exc})."


def step_intent(step: Step) -> Intent | None:
    """The intent of one scenario step; None for ``advance: true`` or a look at the position.

    Raises:
        MalformedIntent: the step does not hold a valid intent.
    """
    return None if step.intent is None else intent_from_dict(step.intent)


def step_expected_error(step: Step) -> str | None:
    """The error code a step expects (a lesson about an illegal move), if any."""
    return step.expect.error.code if step.expect.error is not None else None
