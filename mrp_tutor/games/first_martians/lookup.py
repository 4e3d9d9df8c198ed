"""Finding the Facility or astronaut an effect names, with the typed error when there is none
(shared by the effect modules)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from mrp_tutor.games.first_martians.errors import FmError
from mrp_tutor.games.first_martians.run import Run
from mrp_tutor.games.first_martians.state import Astronaut, Facility

T = TypeVar("T")


def _named(get: Callable[[str], T], key: str, rule: str, what: str, noun: str) -> T:
    try:
        return get(key)
    except KeyError:
        raise FmError(f"fm.unknown_{what}", rule, f"there is no {noun} {key!r}",
                      {what: key}) from None


def facility(r: Run, fid: str, rule: str) -> Facility:
    return _named(r.s.facility, fid, rule, "facility", "Facility")


def astronaut(r: Run, aid: str, rule: str) -> Astronaut:
    return _named(r.s.astronaut, aid, rule, "astronaut", "astronaut")
