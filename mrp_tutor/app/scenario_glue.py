"""Tolerant access to the scenario library (``mrp_tutor.scenarios``).

The app uses only this small surface: ``library()`` (a list of scenarios with ``id``,
``title``, ``lesson``, ``quiz`` and ``steps``) and ``Scenario.build() -> Game``.  A missing or
broken library yields an empty list and a sentence for the status area, never a traceback.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from ..engine.errors import MrpError
from ..engine.intents import Intent, intent_from_dict


def load_library() -> tuple[list[Any], str | None]:
    """(scenarios, problem sentence or None)."""
    try:
        mod = importlib.import_module("mrp_tutor.scenarios")
    except ModuleNotFoundError as exc:
        if exc.name in ("mrp_tutor.scenarios", "mrp_tutor"):
            return [], None  # no library installed: the picker offers free games only
        return [], f"The scenario library could not be imported ({exc})."
    except ImportError as exc:
        return [], f"The scenario library could not be imported ({exc})."
    try:
        return list(mod.library()), None
    except MrpError as err:
        return [], f"The scenario library could not be loaded: {err.message}"
    except Exception as exc:  # a broken library must not break the app
        return [], f"The scenario library could not be loaded ({type(exc).__name__}: {exc})."


def _get(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def title_of(sc: Any) -> str:
    """Display title of a scenario."""
    return str(_get(sc, "title") or _get(sc, "id") or "scenario")


def id_of(sc: Any) -> str:
    """Identifier of a scenario."""
    return str(_get(sc, "id") or title_of(sc))


def lesson_of(sc: Any) -> str:
    """The scenario's lesson text (may be empty)."""
    return str(_get(sc, "lesson") or "")


def steps_of(sc: Any) -> list[Any]:
    """The scenario's steps (may be empty)."""
    return list(_get(sc, "steps") or [])


def step_is_advance(step: Any) -> bool:
    """True for a step that runs the automatic part of the game (``advance: true``)."""
    return bool(_get(step, "advance", False))


def step_intent(step: Any) -> Intent | None:
    """The intent of one scenario step (an Intent, a dict, or an object with ``intent``);
    None for a step without a decision (``advance`` or a look at the position).

    Raises:
        MalformedIntent: the step does not hold a valid intent.
    """
    if isinstance(step, Intent):
        return step
    inner = _get(step, "intent", step)
    if inner is None:
        return None
    if isinstance(inner, Intent):
        return inner
    if hasattr(inner, "model_dump"):
        inner = inner.model_dump()
    return intent_from_dict(dict(inner) if isinstance(inner, Mapping) else inner)


def step_expected_error(step: Any) -> str | None:
    """The error code a step expects (a lesson about an illegal move), if any."""
    exp = _get(step, "expect_error")
    if exp is None:
        exp = _get(_get(step, "expect"), "error")
    if exp is None:
        return None
    code = _get(exp, "code", exp)
    return str(code) if code else None


def step_note(step: Any) -> str:
    """Optional explanation attached to a step."""
    for name in ("why", "note", "explain", "comment"):
        val = _get(step, name)
        if val:
            return str(val)
    return ""


def quiz_of(sc: Any) -> dict[str, Any] | None:
    """The scenario's quiz as {question, choices, answer, explain}, or None."""
    q = _get(sc, "quiz")
    if not q:
        return None
    if isinstance(q, str):
        return {"question": q, "choices": [], "answer": None, "explain": ""}
    choices = [str(c) for c in (_get(q, "choices") or _get(q, "options") or [])]
    answer = _get(q, "answer")
    if isinstance(answer, int) and not isinstance(answer, bool) and 0 <= answer < len(choices):
        answer = choices[answer]  # the library stores the index of the right choice
    return {
        "question": str(_get(q, "question") or _get(q, "prompt") or ""),
        "choices": choices,
        "answer": answer,
        "explain": str(_get(q, "explain") or _get(q, "explanation") or ""),
    }
