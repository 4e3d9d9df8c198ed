"""Checking a scenario step, for every game: play an intent as the step expects (accepted,
or refused with the expected code and rule and nothing changed), then match the expected
events in order and the forbidden event types.

Each game's runner (:mod:`mrp_tutor.games.mission_red_planet.scenarios.runner`,
:mod:`mrp_tutor.games.first_martians.scenario_file`)
calls these with its own ``play``, ``snapshot`` and ``event_to_dict``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from mrp_tutor.core.errors import MrpError
from mrp_tutor.core.scenario import ErrorExpectation


class ExpectingStep(Protocol):
    """A step of any game's scenario: ``expect.events`` (dicts: type and fields, in order)
    and ``expect.no_events`` (event types)."""

    @property
    def expect(self) -> Any: ...


def match_event(ev: Any, want: Mapping[str, Any]) -> bool:
    """Does event ``ev`` have the type and every field value of ``want``?"""
    if ev.type != want.get("type"):
        return False
    for k, v in want.items():
        if k == "type":
            continue
        if not hasattr(ev, k):
            return False
        got = getattr(ev, k)
        if isinstance(got, tuple):
            got = [list(x) if isinstance(x, tuple) else x for x in got]
            v = [list(x) if isinstance(x, tuple) else x for x in v] if isinstance(v, list) else v
        if got != v:
            return False
    return True


def _fmt(ev: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in ev.items())


def check_events(where: str, new: Sequence[Any], st: ExpectingStep,
                 to_dict: Callable[[Any], dict[str, Any]]) -> list[str]:
    """Failures (sentences) of the step's expected events (in order) and forbidden types."""
    out: list[str] = []
    k = 0
    for want in st.expect.events:
        while k < len(new) and not match_event(new[k], want):
            k += 1
        if k >= len(new):
            same = [e for e in new if e.type == want.get("type")]
            seen = "; ".join(_fmt(to_dict(e)) for e in same[:4]) or "none of that type"
            out.append(f"{where}: expected event {_fmt(want)} (in order), got: {seen}")
            k = 0
            continue
        k += 1
    for t in st.expect.no_events:
        hits = [e for e in new if e.type == t]
        if hits:
            out.append(f"{where}: no {t} event expected, got {_fmt(to_dict(hits[0]))}")
    return out


def play_intent(where: str, said: str, play: Callable[[Any], list[Any]], intent: Any,
                want: ErrorExpectation | None, snapshot: Callable[[], Any],
                failures: list[str], *, table: str = "position",
                engine: str = "engine") -> list[Any] | None:
    """``play(intent)`` (``said``: the intent in words) as the step expects: accepted, or
    refused with ``want``'s code and rule and nothing changed (``snapshot`` of the ``table``
    before and after).  Adds what differed to ``failures``; returns the new events, or None
    when the ``engine`` failed (a defect, reported as a sentence: the run stops there)."""
    before = snapshot()
    try:
        new = play(intent)
    except MrpError as err:
        if want is None:
            failures.append(f"{where}: {said} was refused: {err.code} (rule {err.rule}): "
                            f"{err.message}")
        elif err.code != want.code or (want.rule is not None and err.rule != want.rule):
            failures.append(f"{where}: expected error {want.code} (rule {want.rule}), got "
                            f"{err.code} (rule {err.rule}): {err.message}")
        if snapshot() != before:
            failures.append(f"{where}: the refused intent changed the {table}")
        return []
    except Exception as exc:  # an engine defect is reported, never a traceback
        failures.append(f"{where}: the {engine} failed on {said}: {type(exc).__name__}: {exc}")
        return None
    if want is not None:
        failures.append(f"{where}: {said} was accepted, but the rules forbid it ({want.code}, "
                        f"rule {want.rule})")
    return new
