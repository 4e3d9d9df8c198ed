"""The round, stepped: a :class:`Table` holds the HUB state and its event log.

``table.play(intent)`` checks the intent against the phase and the rules, returns the
events (each with its rule id) and keeps the new state; a refused intent raises a typed
error and changes nothing.  :func:`replay` rebuilds any state from the start state and
the events; playing the same intents from the same state gives the same events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from . import actions as A
from . import production as P
from .content import BLOCKS, Board, default_board
from .effects import apply_effect
from .errors import FmError, WrongPhase
from .events import (
    CargoMoved,
    Event,
    FirstPlayerPassed,
    LogAged,
    MalfunctionRolled,
    MissionFailed,
    MoraleTokens,
    PhaseStarted,
    SkillsRefreshed,
    SolAdvanced,
    TokensCleaned,
    VictoryChecked,
    replay,
)
from .intents import EFFECTS, CleanUp, DeclareActions, Intent, Produce, RollMalfunction
from .run import Run
from .state import PHASES, HubState, clone

__all__ = ["Table", "play", "replay"]


def _need_phase(s: HubState, it: Intent, *phases: str) -> None:
    if s.result is not None:
        raise FmError("fm.game_over", "winning.threshold", f"the mission is over ({s.result})",
                      {"result": s.result})
    if s.phase not in phases:
        raise WrongPhase("fm.wrong_phase", "round.phases",
                         f"{it.type.replace('_', ' ')} belongs to the "
                         f"{' or '.join(phases)} phase, but this is the {s.phase} phase",
                         {"phase": s.phase, "wanted": list(phases)})


def _next_phase(r: Run) -> None:
    k = PHASES.index(r.s.phase)
    if r.s.result is None:
        r.emit(PhaseStarted(rule="round.phases", phase=PHASES[(k + 1) % len(PHASES)]))


def play(state: HubState, it: Intent, board: Board | None = None) -> tuple[HubState, list[Event]]:
    """Pure form: the state after ``it`` and the events; raises on a refused intent."""
    r = Run(state, board or default_board(), it.draws)
    s = r.s
    if it.type in EFFECTS:
        _need_phase(s, it, *PHASES)
        apply_effect(r, it)
    elif it.type == "end_events":
        _need_phase(s, it, "events")
        _next_phase(r)
    elif it.type == "resolve_morale":
        _need_phase(s, it, "morale")
        _morale(r)
        _next_phase(r)
    elif it.type == "produce":
        assert isinstance(it, Produce)
        _need_phase(s, it, "production")
        P.produce(r, it)
        _next_phase(r)
    elif it.type == "declare_actions":
        assert isinstance(it, DeclareActions)
        _need_phase(s, it, "actions")
        A.declare(r, it)
    elif it.type == "roll_malfunction":
        assert isinstance(it, RollMalfunction)
        _need_phase(s, it, "actions", "malfunction")
        if s.phase == "actions":
            _next_phase(r)
        _malfunction(r, it)
        _next_phase(r)
    elif it.type == "clean_up":
        assert isinstance(it, CleanUp)
        _need_phase(s, it, "cleanup")
        _clean_up(r, it)
    return r.s, r.events


def _morale(r: Run) -> None:
    """II: the First Player gains or discards tokens; a wound per token missing."""
    s = r.s
    a = s.astronaut(s.first_player)
    m = s.morale
    if m > 0:
        r.emit(MoraleTokens(rule="morale.first_player", astronaut=a.id, delta=m,
                            value=a.morale_tokens + m))
    elif m < 0:
        lose = min(-m, a.morale_tokens)
        if lose:
            r.emit(MoraleTokens(rule="morale.first_player", astronaut=a.id, delta=-lose,
                                value=a.morale_tokens - lose))
        if -m - lose:
            r.wound(a.id, -m - lose, "Morale tokens they could not discard", "morale.wounds")


def _malfunction(r: Run, it: RollMalfunction) -> None:
    """V: dice of red Box lines (and the Mission sheet's), once each, plus red Malfunction
    penalties of Facilities not Shutdown; then advance and resolve."""
    s = r.s
    for b in it.dice:
        if s.box[b] != "red" and b not in it.also_roll:
            raise FmError("fm.die_not_rolled", "malfunction.dice",
                          f"the {b} Block's line in the Malfunction Box is green and the "
                          "Mission sheet names no roll: its die is not rolled", {"block": b})
    faces = r.board.dice.malfunction_die.faces
    for b, v in it.dice.items():
        if v not in faces:
            raise FmError("fm.draw_not_possible", "malfunction.dice",
                          f"a Malfunction die shows {', '.join(map(str, sorted(set(faces))))}, "
                          f"not {v}", {"block": b, "value": v})
    for b in BLOCKS:
        rolls = s.box[b] == "red" or b in it.also_roll  # each die at most once
        roll = None
        if rolls:
            roll = it.dice.get(b)
            if roll is None:
                roll = r.draw(f"malfunction_{b}", r.board.dice.malfunction_die.faces,
                              "malfunction.dice", f"the {b} Block's Malfunction die")
        pens = [f"{f.id}:{st.part}" for f in s.facilities if f.block == b and not f.shut
                for st in f.statuses if st.red and st.penalty == "malfunction"]
        total = (roll or 0) + len(pens)
        r.emit(MalfunctionRolled(rule="malfunction.penalties" if pens else "malfunction.dice",
                                 block=b, roll=roll, penalties=pens, total=total))
        if total:
            r.malfunction(b, total, "malfunction.advance")


def _clean_up(r: Run, it: CleanUp) -> None:
    s = r.s
    won = it.goals_done and it.threshold_ok
    r.emit(VictoryChecked(rule="cleanup.victory", won=won, goals_done=it.goals_done,
                          below_threshold=not it.threshold_ok))
    if won:
        return
    for f in s.facilities:
        if f.shut or not (f.now or f.next):
            continue
        r.emit(TokensCleaned(rule="cleanup.modifiers", facility=f.id, discarded=list(f.now),
                             moved=f.next[-1] if f.next else None))
    if s.cargo.pending:
        ups = [x for x in s.cargo.pending if x.startswith("upgrade:")]
        r.emit(CargoMoved(rule="cleanup.cargo", items=[x for x in s.cargo.pending
                                                        if x not in ups], upgrades=ups))
    if s.mission_log:
        r.emit(LogAged(rule="events.mission_log",
                       left=[e.name for e in s.mission_log if e.rounds_left > 1],
                       gone=[e.name for e in s.mission_log if e.rounds_left <= 1]))
    r.emit(SkillsRefreshed(rule="cleanup.skills"))
    ids = [a.id for a in s.astronauts]
    k = ids.index(s.first_player)
    r.emit(FirstPlayerPassed(rule="cleanup.first_player", astronaut=ids[(k + 1) % len(ids)]))
    r.emit(SolAdvanced(rule="cleanup.sol", sol=s.sol + 1))
    if s.sols is not None and s.sol > s.sols:
        r.emit(MissionFailed(rule="winning.threshold", why=f"the mission's {s.sols} sols "
                             "are over without its mandatory goals"))
        return
    r.emit(PhaseStarted(rule="cleanup.sol", phase="events"))


@dataclass
class Table:
    """A HUB state, its start and every event since (the log replays exactly)."""

    state: HubState
    board: Board = field(default_factory=default_board)
    start: HubState | None = None
    log: list[Event] = field(default_factory=list)
    intents: list[Intent] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.start is None:
            self.start = clone(self.state)

    def play(self, it: Intent) -> list[Event]:
        new_state, events = play(self.state, it, self.board)
        self.state = new_state
        self.log.extend(events)
        self.intents.append(it)
        return events

    def play_all(self, intents: Sequence[Intent]) -> list[Event]:
        out: list[Event] = []
        for it in intents:
            out += self.play(it)
        return out

    def replayed(self) -> HubState:
        assert self.start is not None
        return replay(self.start, self.log)
