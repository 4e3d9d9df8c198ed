"""Replay that re-derives: a log is accepted only when the rules produce every one of its events.

An event log is untrusted (a file, a colleague's game).  :func:`rederived_replay` does not fold
the log's events over a state (any event would then change it as it says); it plays the game
again with the engine: the setup from the recorded seed, colours, ruleset and setup choices
(the ability sheets a player took), then at each decision the legal choice whose events are
the log's next ones.  The seeded random generator gives every chance outcome (shuffles,
draws) again, so a log whose recorded outcome differs from what the seed gives is refused
too.  The first event that differs is named, with what the rules produce there instead.

Only the boundary pays for this (a whole game re-derives in a few tens of milliseconds);
:class:`~.game.Game` and the bots never call it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.basics import Decision
from mrp_tutor.games.mission_red_planet.engine.checks import _start_problems
from mrp_tutor.games.mission_red_planet.engine.codec import to_dict
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError, MalformedIntent
from mrp_tutor.games.mission_red_planet.engine.flow import advance, apply_intent
from mrp_tutor.games.mission_red_planet.engine.legal import decision, legal_intents
from mrp_tutor.games.mission_red_planet.engine.phases.setup import setup_events
from mrp_tutor.games.mission_red_planet.engine.rulesets import ALIASES, DEFAULT, RULESETS
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState

MAX_SEED_DIGITS = 19  # as files: |seed| < 10**19


def _short(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _same(a: Sequence[E.Event], log: Sequence[E.Event], pos: int) -> int:
    """How many of ``a`` equal the log's events from ``pos`` on (a common prefix)."""
    n = 0
    for ev in a:
        if pos + n >= len(log) or log[pos + n] != ev:
            break
        n += 1
    return n


def _differs(want: E.Event, got: E.Event) -> str:
    """``with count 2, not 3`` (the first two fields that differ) or the event type."""
    if want.type != got.type:
        return f"the rules produce {want.type} here"
    a, b = to_dict(want), to_dict(got)
    diffs = [f"{k} {_short(a[k])}, not {_short(b.get(k))}" for k in a if a[k] != b.get(k)]
    return f"the rules produce {want.type} with {'; '.join(diffs[:2])}"


def _setup_choices(log: Sequence[E.Event]) -> dict[str, str] | None:
    """The ability sheets players took (not drew) at setup, from a recorded ``sheets_dealt``."""
    if len(log) > 1 and isinstance(log[1], E.SheetsDealt):
        ev = log[1]
        return {c: sheet for c, sheet in ev.sheets if c not in ev.drawn} or None
    return None


def _start(spec: GameSpec, log: Sequence[E.Event], source: str) -> tuple[GameState, list[E.Event]]:
    """The setup the rules produce from the recorded start, checked against the log."""
    if not log or not isinstance(log[0], E.GameStarted):
        raise MalformedIntent("bad_log", "setup.colors", "a log starts with game_started", {})
    ev0 = log[0]
    bad = _start_problems(spec, ev0)
    seed = ev0.seed
    if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) >= 10 ** MAX_SEED_DIGITS:
        bad.append(f"seed: {_short(seed, 30)} is not a seed (a whole number of at most "
                   f"{MAX_SEED_DIGITS} digits) (rule setup.colors)")
    rules = RULESETS.get(ALIASES.get(ev0.variant, ev0.variant))
    if rules is not None and rules.data != spec.ruleset:
        bad.append(f"variant: {_short(ev0.variant)} plays with the data {rules.data!r}, not "
                   f"{spec.ruleset!r} of this game (rule {rules.cite('setup.colors')})")
    if bad:
        raise ContentError(source, [f"log[0] (game_started).{x}" for x in bad])
    try:
        s, out = setup_events(spec, ev0.colours, seed, ruleset=ev0.variant or DEFAULT,
                              choices=_setup_choices(log))
    except MalformedIntent as err:
        raise ContentError(source, [f"log[1] ({log[1].type if len(log) > 1 else 'end'}): "
                                    f"{err.message} (rule {err.rule})"]) from None
    advance(spec, s, out)
    return s, out


def rederived_replay(spec: GameSpec, log: Sequence[E.Event], source: str = "log") -> GameState:
    """The state the rules reach by producing exactly ``log``, or a refusal at its first
    event they would not produce.

    Raises:
        MalformedIntent: ``bad_log`` when the log does not start with ``game_started``.
        ContentError: ``log[17] (astronauts_boarded): the rules produce astronauts_boarded
            with count 2, not 3 (rule round.board)`` and the like.
    """
    s, out = _start(spec, log, source)
    n = _same(out, log, 0)
    if n < len(out):
        _refuse(source, log, n, out[n])
    return rederive_from(spec, s, log, n, source)


def rederive_from(spec: GameSpec, s: GameState, log: Sequence[E.Event], pos: int,
                  source: str = "log") -> GameState:
    """Play on from ``s`` (changed in place and returned), where ``log[:pos]`` is the history
    already accepted (a scenario's position has none), until ``log`` ends, accepting each
    further event only when the rules produce it.  A position where nobody decides (a
    scenario set at a production or a reveal) runs its automatic part, as the app's *Next*
    does there.

    Raises:
        ContentError: as :func:`rederived_replay`, at the first event the rules would not
            produce.
    """
    done = list(log[:pos])  # the events so far (the log's own, checked): rules look back
    while pos < len(log):
        legal = legal_intents(spec, s) if s.stage != "over" else []
        if not legal and s.stage != "over":  # nobody decides: the automatic part runs
            trial = s.clone()
            advance(spec, trial, done)
            made = done[pos:]
            del done[pos:]
            k = _same(made, log, pos)
            if made and k == len(made):
                s = trial
                done.extend(made)
                pos += len(made)
                continue
            if made:
                _refuse(source, log, pos + k, made[k])
        best, best_n, found, near = None, -1, None, None
        for intent in legal:
            trial = s.clone()
            apply_intent(spec, trial, intent, done)
            made = done[pos:]
            del done[pos:]
            k = _same(made, log, pos)
            if k == len(made) and made:
                found = (trial, made)
                break
            if k > best_n:
                best, best_n = made, k
            if k == 0 and near is None and made and made[0].type == log[pos].type:
                near = made[0]  # the same kind of event with other facts
        if found is not None:
            s, made = found
            done.extend(made)
            pos += len(made)
            continue
        if best is None or best_n <= 0:
            _refuse_decision(spec, s, log, pos, source, near)
        assert best is not None
        _refuse(source, log, pos + best_n, best[best_n])
    return s


def _refuse(source: str, log: Sequence[E.Event], at: int, want: E.Event) -> None:
    if at >= len(log):
        raise ContentError(source, [
            f"log[{at}]: the log ends in the middle of what the rules produce (next: "
            f"{want.type}) (rule {want.rule})"])
    got = log[at]
    raise ContentError(source, [f"log[{at}] ({got.type}): {_differs(want, got)} (rule "
                                f"{want.rule})"])


def _refuse_decision(spec: GameSpec, s: GameState, log: Sequence[E.Event], pos: int,
                     source: str, near: E.Event | None) -> None:
    got = log[pos]
    if s.stage == "over":
        raise ContentError(source, [f"log[{pos}] ({got.type}): the game is over; nothing "
                                    "happens after the final scoring (rule scoring.final)"])
    d: Decision | None = decision(spec, s)
    who = f"{' or '.join(d.colours)} to decide ({d.kind})" if d else "a decision"
    rule = d.rule if d else "round.sequence"
    eg = f" (one they allow: {_differs(near, got)[len('the rules produce '):]})" if near else ""
    raise ContentError(source, [f"log[{pos}] ({got.type}): no choice the rules allow here "
                                f"produces it{eg}; the game waits for {who} (rule {rule})"])
