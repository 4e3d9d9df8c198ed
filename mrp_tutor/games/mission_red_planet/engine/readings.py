"""Contested readings: where the rulebook admits two readings, the table chooses one (issue 42).

The tutor plays its own reading of each (a rule under "Tutor readings" in the rules file); a
referee may choose the other for a table.  The choice is part of the position
(:attr:`GameState.readings`, the rule ids of the other readings chosen), kept by the table's
file, its saves and its share code, and made by an event (:class:`ReadingChosen`) that cites
the reading now in force.  The engine consults it where the reading matters (the Femme
Fatale's targets, :mod:`.effects.replace`); every reading has its own rule id, so a ruling
always says which one it rests on.

Pure: no UI.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from mrp_tutor.games.mission_red_planet.engine.errors import IllegalIntent, MalformedIntent
from mrp_tutor.games.mission_red_planet.engine.phase_events import ReadingChosen
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState


@dataclass(frozen=True, slots=True)
class Contested:
    """A question the rulebook leaves open: the tutor's reading and the other one."""

    key: str
    question: str
    tutor: str  # rule id of the tutor's reading (played unless the table chooses the other)
    other: str  # rule id of the other reading
    tutor_words: str  # each reading in a few words (what a referee picks from)
    other_words: str
    neutral_only: bool = False  # the question arises only at a table with neutral colours


def asked(c: Contested, spec: GameSpec, s: GameState) -> bool:
    """Whether the table in ``s`` can meet the question (its rules and its colours)."""
    return (c.tutor in spec.rules and c.other in spec.rules
            and (not c.neutral_only or any(seat.neutral for seat in s.seats.values())))


FEMME_FATALE_SHIPS: Final = Contested(
    "femme_fatale_ships",
    "Must the Femme Fatale's player already have an astronaut aboard a ship she targets?",
    "characters.femme_fatale.ship_presence", "characters.femme_fatale.zones_only",
    "The tutor's reading: aboard a ship too, her player must already have an astronaut",
    "The other reading: the condition is for zones only, any ship is a target")

NEUTRAL_SCIENTIST: Final = Contested(
    "neutral_scientist_look",
    "May a neutral Scientist's controller look at a discovery in play instead of drawing?",
    "two_player.neutral_scientist.draws", "two_player.neutral_scientist.may_look",
    "The tutor's reading: a neutral Scientist only draws an event card",
    "The other reading: its controller may draw or look at a discovery, as any Scientist",
    neutral_only=True)

CONTESTED: Final[tuple[Contested, ...]] = (FEMME_FATALE_SHIPS, NEUTRAL_SCIENTIST)
BY_KEY: Final[dict[str, Contested]] = {c.key: c for c in CONTESTED}
BY_OTHER: Final[dict[str, Contested]] = {c.other: c for c in CONTESTED}
OTHER_OF: Final[dict[str, str]] = {c.tutor: c.other for c in CONTESTED}


def other_applies(s: GameState, tutor_rule: str | None) -> bool:
    """Whether the table plays the other reading of the question ``tutor_rule`` reads."""
    return bool(s.readings) and tutor_rule is not None and OTHER_OF.get(tutor_rule) in s.readings


def in_force(s: GameState, c: Contested) -> str:
    """The rule id of the reading the table plays for ``c``."""
    return c.other if c.other in s.readings else c.tutor


def reading_problems(spec: GameSpec, readings: list[str]) -> list[str]:
    """Problems of a table's chosen readings (each: ``readings: ...``)."""
    out: list[str] = []
    if len(set(readings)) != len(readings):
        out.append("readings: a reading is named twice")
    for r in readings:
        c = BY_OTHER.get(r)
        if c is None:
            names = ", ".join(sorted(BY_OTHER))
            out.append(f"readings: {r!r} is not a reading a table can choose (one of: {names})")
        elif c.tutor not in spec.rules:
            out.append(f"readings: {r!r} is not a question of this ruleset (its rules have "
                       f"no {c.tutor})")
    return out


def choose_reading(spec: GameSpec, s: GameState, key: str, other: bool) -> ReadingChosen:
    """The event that makes the table play the other reading of ``key`` (or the tutor's).

    Raises:
        MalformedIntent: ``unknown_reading`` (no such contested question).
        IllegalIntent: ``reading_not_in_ruleset`` (the ruleset does not ask the question).
    """
    c = BY_KEY.get(key)
    if c is None:
        raise MalformedIntent("unknown_reading", None, f"no contested reading {key!r}",
                              {"key": key, "known": sorted(BY_KEY)})
    if c.tutor not in spec.rules or c.other not in spec.rules:
        raise IllegalIntent("reading_not_in_ruleset", c.tutor,
                            f"the {s.ruleset} rules do not ask this question", {"key": key})
    return ReadingChosen(rule=c.other if other else c.tutor, key=key, reading=c.other,
                         other=other)
