"""Table facts no game history reaches, checked as part of the one validation of a state
(:func:`~.checks.table_problems`): what the rules never leave on the table (a full ship still
docked, a launched ship outside the resolve step, astronauts on a face-down resource) and what
no sequence of rounds produces (more characters played than rounds, more dealt cards than the
ruleset deals).  Every count that differs between rulesets comes from the ruleset's hooks."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol

from mrp_tutor.core.words import plural
from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine.spec import UNKNOWN, GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState

if TYPE_CHECKING:
    from mrp_tutor.games.mission_red_planet.engine.rulesets import Rules

#: (field, sentence, rule id)
Problem = tuple[str, str, str]


class Sink(Protocol):
    """Where problems go (:class:`mrp_tutor.games.mission_red_planet.engine.checks._P`)."""

    def add(self, field: str, message: str, rule: str) -> None: ...

    def known(self, field: str, value: Any, ids: Iterable[str], what: str,
              rule: str) -> bool: ...


def unreachable(spec: GameSpec, s: GameState) -> list[Problem]:
    """What the rules never leave on the table (ids are known: checked before)."""
    out: list[Problem] = []
    resolving = s.stage == "resolve" and s.cur is not None
    # a starting astronaut (one per ship) fills a ship of capacity 1: it launches after the
    # first resolution of the game
    setup = s.round <= 1 and not any(seat.played for seat in s.seats.values())
    for sid, ship in s.ships.items():
        path = f"ships.{sid}"
        if ship.launched:
            if s.stage != "resolve":
                out.append((f"{path}.launched", f"ship {sid} is launched, but launched ships "
                            "land at the end of the round, so there are none outside the "
                            "resolve step", "round.land"))
        elif ship.aboard() >= spec.cap[sid] and not resolving and not (
                setup and ship.aboard() == 1):
            out.append((f"{path}.crew", f"ship {sid} is full and would have launched (a full "
                        "ship stays docked only until the effect that filled it is over)",
                        "round.launch_full"))
        if spec.dest[sid] == UNKNOWN and ship.crew and not ship.tokens:
            out.append((f"{path}.tokens", f"ship {sid} has an unknown destination and "
                        "astronauts aboard, so it carries the destination token its first "
                        "astronaut chose", "destination_tokens.unknown_ship"))
    for z, counts in s.zones.items():
        name = spec.card_name(z)
        if counts and z in s.resources and not s.face_up.get(z):
            out.append((f"face_up.{z}", f"{name} has astronauts, so its resource token "
                        "is face up", "round.land.flip"))
        if s.waiting.get(z) and not s.face_up.get(z):
            out.append((f"waiting.{z}", f"{name} has point tokens waiting, but only a "
                        "zone with its resource face up produces them", "production.produce"))
    return out


def history(spec: GameSpec, s: GameState, rules: Rules | None) -> list[Problem]:
    """Facts no sequence of rounds produces (the counts the ruleset deals and plays)."""
    out: list[Problem] = []
    allowed = max(s.round - 1 if s.stage in ("choose", "missions", "setup") else s.round, 0)
    dealt = rules.missions_dealt(len(s.order)) if rules is not None else 2
    holders = set(rules.mission_holders(s)) if rules is not None and s.first in s.seats \
        else set(s.seats)
    for c, seat in s.seats.items():
        path = f"seats.{c}"
        if len(seat.played) > allowed:
            out.append((f"{path}.played", f"{len(seat.played)} characters played, but by round "
                        f"{s.round} ({s.stage}) at most {allowed} can be (one per round)",
                        "round.played_cards"))
        if len(seat.dealt) > dealt or (seat.dealt and c not in holders):
            out.append((f"{path}.dealt", f"{len(seat.dealt)} dealt {spec.term('missions')}; "
                        + (f"each player is dealt {dealt}" if c in holders
                           else "this colour is dealt none"), "setup.missions"))
    return out


def resolution(spec: GameSpec, s: GameState, p: Sink) -> None:
    """The resolution in progress: a colour, a revealed character, a step it has."""
    if s.step < -1:  # -1: a resolution has started, its first step not yet
        p.add("step", f"a step number cannot be negative ({s.step})", "round.top_to_bottom")
    for name in ("left", "done"):
        if getattr(s, name) < 0:
            p.add(name, f"a count cannot be negative ({getattr(s, name)})", "round.top_to_bottom")
    for i, sid in enumerate(s.used):
        p.known(f"used[{i}]", sid, spec.ships, "ship", "ships.docked_only")
    if s.cur is None:
        if s.char is not None:
            p.add("char", "a character is resolved by a colour (cur)", "round.countdown")
        return
    if s.stage != "resolve":
        p.add("cur", f"nobody resolves a character in the {s.stage} stage", "round.sequence")
    if not p.known("cur", s.cur, s.order, "colour", "round.countdown"):
        return
    if not p.known("char", s.char, spec.characters, "character", "components.character_cards"):
        return
    assert s.char is not None
    seat = s.seats[s.cur]
    steps = spec.characters[s.char].steps
    recalled = any(isinstance(st, C.RecallStep) for st in steps[: max(s.step, 0) + 1])
    if s.char not in (*seat.played, *seat.boxed, *(seat.hand if recalled else ())):
        p.add("char", f"{s.cur} resolves {s.char}, a card they have not revealed",
              "round.countdown")
    if not -1 <= s.step <= len(steps):
        p.add("step", f"{s.char} has {plural(len(steps), 'step')}; step {s.step} is not one "
              "of them", "round.top_to_bottom")
        return
    if 0 <= s.step < len(steps) and s.held is None:
        from mrp_tutor.games.mission_red_planet.engine.effects import EFFECTS

        full = EFFECTS[type(steps[s.step])].count(steps[s.step])
        if max(s.left, s.done, len(s.used)) > max(full, 1):
            p.add("left", f"step {s.step} of {s.char} acts at most {plural(full, 'time')}: left "
                  f"{s.left}, done {s.done}, ships used {len(s.used)}", "round.top_to_bottom")
    for i, sid in enumerate(s.used):
        if sid not in s.ships:
            p.add(f"used[{i}]", f"ship {sid!r:.40} is not in play", "ships.docked_only")
