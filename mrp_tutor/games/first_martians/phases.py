"""The round's bookkeeping, phase by phase: which intent each phase accepts, and what it does.

:func:`play` is the one pure entry point (``Table.play`` calls it): it checks the intent
against the phase and the rules, returns the new state and the events (each with its rule
id), and raises a typed error that changes nothing on a refusal.  The round stops at its
end: Clean-Up leaves the phase ``round_end`` and only ``start_sol`` begins the next sol.
"""

from __future__ import annotations

from mrp_tutor.games.first_martians import actions as A
from mrp_tutor.games.first_martians import production as P
from mrp_tutor.games.first_martians.content import BLOCKS, Board, default_board
from mrp_tutor.games.first_martians.effects import apply_effect
from mrp_tutor.games.first_martians.errors import FmError, WrongPhase
from mrp_tutor.games.first_martians.events import (
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
)
from mrp_tutor.games.first_martians.events_more import AomsSet, MedicNamed
from mrp_tutor.games.first_martians.intents import (
    EFFECTS,
    CleanUp,
    DeclareActions,
    Intent,
    Produce,
    ResolveAction,
    RollActionDice,
    RollMalfunction,
    SetAoms,
    SetMedic,
)
from mrp_tutor.games.first_martians.resolve import pending, resolve
from mrp_tutor.games.first_martians.run import Run
from mrp_tutor.games.first_martians.state import PHASES, HubState, aom_limit

__all__ = ["game_over_rule", "play"]


def game_over_rule(s: HubState) -> str:
    """The rule that ended the mission (a death, the sols running out, or victory)."""
    if s.result == "won":
        return "cleanup.victory"
    if any(a.dead for a in s.astronauts):
        return "winning.death"
    return "winning.sols"


def _need_phase(s: HubState, it: Intent, *phases: str) -> None:
    if s.result is not None:
        raise FmError("fm.game_over", game_over_rule(s), f"the mission is over ({s.result})",
                      {"result": s.result})
    if s.phase not in phases:
        if s.phase == "round_end":
            raise WrongPhase("fm.round_over", "cleanup.sol",
                             f"the round of sol {s.sol - 1} is over: start the next sol first",
                             {"phase": s.phase, "wanted": list(phases)})
        raise WrongPhase("fm.wrong_phase", "round.phases",
                         f"{it.type.replace('_', ' ')} belongs to the "
                         f"{' or '.join(phases)} phase, but this is the {s.phase} phase",
                         {"phase": s.phase, "wanted": list(phases)})


def _next_phase(r: Run) -> None:
    k = PHASES.index(r.s.phase)
    if r.s.result is None and k + 1 < len(PHASES):
        r.emit(PhaseStarted(rule="round.phases", phase=PHASES[k + 1]))


def play(state: HubState, it: Intent, board: Board | None = None) -> tuple[HubState, list[Event]]:
    """Pure form: the state after ``it`` and the events; raises on a refused intent."""
    r = Run(state, board or default_board(), it.draws, it.roll_for_me, it.roll_for)
    s = r.s
    if it.type in EFFECTS:
        _need_phase(s, it, *PHASES, "round_end")
        apply_effect(r, it)
    elif it.type == "set_aoms":
        assert isinstance(it, SetAoms)
        _need_phase(s, it, *PHASES, "round_end")
        _set_aoms(r, it)
    elif it.type == "set_medic":
        assert isinstance(it, SetMedic)
        _need_phase(s, it, *PHASES, "round_end")
        _set_medic(r, it)
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
    elif it.type in ("resolve_action", "roll_action_dice"):
        assert isinstance(it, ResolveAction | RollActionDice)
        _need_phase(s, it, "actions")
        resolve(r, it if isinstance(it, ResolveAction) else ResolveAction(
            action=it.action, draws=it.draws, roll_for_me=it.roll_for_me,
            roll_for=it.roll_for))
    elif it.type == "end_actions":
        _need_phase(s, it, "actions")
        _resolve_rest(r)
        _next_phase(r)
    elif it.type == "roll_malfunction":
        assert isinstance(it, RollMalfunction)
        _need_phase(s, it, "actions", "malfunction")
        if s.phase == "actions":
            _resolve_rest(r)
            _next_phase(r)
        if r.s.result is not None:
            return r.s, r.events
        _malfunction(r, it)
        _next_phase(r)
    elif it.type == "clean_up":
        assert isinstance(it, CleanUp)
        _need_phase(s, it, "cleanup")
        _clean_up(r, it)
    elif it.type == "start_sol":
        _need_phase(s, it, "round_end")
        r.emit(PhaseStarted(rule="cleanup.sol", phase="events"))
    return r.s, r.events


def _resolve_rest(r: Run) -> None:
    """The Action Phase ends after every placed action has resolved and its pawns are back
    (Phase IV. Actions): the actions not yet resolved resolve now, in the action order, each
    as :func:`.resolve.resolve` would (the table's dice and choices in this intent's draws)."""
    for t in pending(r.s):
        if r.s.result is not None:
            return
        resolve(r, ResolveAction(action=t.index))


def _set_aoms(r: Run, it: SetAoms) -> None:
    """The AOM cards the crew chose at setup: one with 3 astronauts, two with 2, all four
    solo (two astronauts, two AOMs a round), none with 4 (``setup.aoms``)."""
    s = r.s
    n = len(s.astronauts)
    want = aom_limit(n, it.solo)
    if it.solo and n != 2:
        raise FmError("fm.aom_count", "setup.aoms", f"solo play uses two astronauts, not {n}",
                      {"astronauts": n})
    if len(it.aoms) != want or len(set(it.aoms)) != len(it.aoms):
        raise FmError("fm.aom_count", "setup.aoms",
                      f"with {n} astronauts{' (solo)' if it.solo else ''} the crew plays "
                      f"{want} different AOM card{'' if want == 1 else 's'}, not "
                      f"{len(set(it.aoms))}", {"astronauts": n, "aoms": list(it.aoms),
                                               "wanted": want})
    r.emit(AomsSet(rule="setup.aoms", aoms=list(it.aoms), solo=it.solo))


def _set_medic(r: Run, it: SetMedic) -> None:
    """The crew names its Medic (``setup.medic``): one living astronaut of the crew."""
    a = next((x for x in r.s.astronauts if x.id == it.astronaut), None)
    if a is None or a.dead:
        raise FmError("fm.unknown_astronaut", "setup.medic",
                      f"the Medic is one living astronaut of the crew, not {it.astronaut!r}",
                      {"astronaut": it.astronaut})
    r.emit(MedicNamed(rule="setup.medic", astronaut=a.id, name=a.name))


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
    """V, in the rulebook's order: check the Malfunction Box (which dice roll is decided
    before any is rolled), roll them (once each) and add the red Malfunction penalties of
    Facilities not Shutdown, advance every track, then resolve each Malfunction."""
    s = r.s
    rolling = [b for b in BLOCKS if s.box[b] == "red" or b in it.also_roll]
    for b in it.dice:
        if b not in rolling:
            raise FmError("fm.die_not_rolled", "malfunction.dice",
                          f"the {b} Block's line in the Malfunction Box is green and the "
                          "Mission sheet names no roll: its die is not rolled", {"block": b})
    die = r.board.dice.malfunction_die
    faces = die.faces
    entered = [(b, v) for b in BLOCKS for v in r.draws.entered.get(f"malfunction_{b}", [])[:1]]
    for b, v in [*it.dice.items(), *entered]:
        if v not in faces or isinstance(v, bool):
            whose = ("the board file's Malfunction die" if die.verified else "the assistant's "
                     "model of a Malfunction die (unverified, correctable with a board file)")
            raise FmError("fm.draw_not_possible", "malfunction.dice" if die.verified
                          else "tutor.malfunction_die_faces",
                          f"{whose} shows {', '.join(map(str, sorted(set(faces))))}, not {v}",
                          {"block": b, "value": v, "faces": sorted(set(faces))})
    totals: dict[str, int] = {}
    for b in BLOCKS:
        roll = None
        if b in rolling:
            roll = it.dice.get(b)
            if roll is None:
                roll = r.draw(f"malfunction_{b}", faces, "malfunction.dice",
                              f"the {b} Block's Malfunction die",
                              model="tutor.malfunction_die_faces")
        pens = [f"{f.id}:{st.part}" for f in s.facilities if f.block == b and not f.shut
                for st in f.statuses if st.red and st.penalty == "malfunction"]
        totals[b] = (roll or 0) + len(pens)
        r.emit(MalfunctionRolled(rule="malfunction.penalties" if pens else "malfunction.dice",
                                 block=b, roll=roll, penalties=pens, total=totals[b]))
    reached = [b for b in BLOCKS if totals[b] and r.malfunction(b, totals[b],
                                                               "malfunction.advance",
                                                               resolve=False)]
    for b in reached:
        r.resolve_malfunction(b)


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
        r.emit(MissionFailed(rule="winning.sols", why=f"the mission's {s.sols} sols "
                             "are over without its mandatory goals"))
        return
    r.emit(PhaseStarted(rule="cleanup.sol", phase="round_end"))
