"""Running scenarios: play each step and check every expectation.

:func:`run_scenario` plays a scenario's steps on the game its position builds and returns a
:class:`ScenarioResult` whose failures are sentences naming the file, the step and what
differed.  :func:`check_events` (expected events in order, forbidden event types) serves
every game's scenarios (see :mod:`mrp_tutor.first_martians.scenarios`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from mrp_tutor.engine import events as E
from mrp_tutor.engine import intents as I
from mrp_tutor.engine.errors import MrpError
from mrp_tutor.engine.game import Game, decision, legal_intents
from mrp_tutor.engine.state import GameState

from .core import Scenario, needs_advance
from .model import ErrorExpectation, Step


@dataclass(slots=True)
class ScenarioResult:
    """What running a scenario found."""

    ok: bool
    failures: list[str]
    events: list[Any]
    game: Any


def _match_event(ev: E.Event, want: Mapping[str, Any]) -> bool:
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


def run_scenario(sc: Any) -> ScenarioResult:
    """Play the scenario's steps and check every expectation.

    Failures are sentences that name the scenario, the step and what differed.
    """
    if not isinstance(sc, Scenario):  # another game's scenario (``game:`` field)
        from mrp_tutor.first_martians.scenarios import run_fm_scenario

        return ScenarioResult(*run_fm_scenario(sc))
    game = sc.build()
    failures: list[str] = []
    events: list[E.Event] = []
    name = sc.path.name if sc.path else sc.id
    for i, st in enumerate(sc.steps):
        where = f"{name}: step {i + 1}"
        new: list[E.Event] = []
        if st.advance:
            if not needs_advance(game):
                failures.append(f"{where}: advance expected the game to run on, but it waits "
                                f"for a decision ({decision(game.spec, game.state)})")
            try:
                new = game.advance()
            except Exception as exc:  # an engine defect is reported, never a traceback
                failures.append(f"{where}: the engine failed while running on: "
                                f"{type(exc).__name__}: {exc}")
                break
        elif st.intent is None:
            new = list(game.log)
        else:
            intent = I.intent_from_dict(st.intent)
            played = play_intent(where, I.format_intent(intent), game.play, intent, st.expect.error,
                                 lambda: _snapshot(game.state), failures)
            if played is None:
                break
            new = played
        events.extend(new)
        failures.extend(check_events(where, new, st))
        if st.expect.state is not None:
            failures.extend(_check_state(where, game, st))
    return ScenarioResult(not failures, failures, events, game)


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


def _snapshot(s: GameState) -> Any:
    from mrp_tutor.engine.state import state_to_dict

    return state_to_dict(s)


def check_events(where: str, new: list[Any], st: Step,
                  to_dict: Callable[[Any], dict[str, Any]] = E.event_to_dict) -> list[str]:
    out: list[str] = []
    k = 0
    for want in st.expect.events:
        while k < len(new) and not _match_event(new[k], want):
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


def _check_state(where: str, game: Game, st: Step) -> list[str]:
    exp = st.expect.state
    assert exp is not None
    s = game.state
    out: list[str] = []

    def differ(what: str, want: Any, got: Any) -> None:
        if want != got:
            out.append(f"{where}: {what} should be {want}, is {got}")

    if exp.stage is not None:
        differ("stage", exp.stage, s.stage)
    if exp.round is not None:
        differ("round", exp.round, s.round)
    if exp.first is not None:
        differ("first player", exp.first, s.first)
    for z, counts in (exp.zones or {}).items():
        for c, n in counts.items():
            differ(f"{c} astronauts in {z}", n, s.zones.get(z, {}).get(c, 0))
    for z, n in (exp.zone_total or {}).items():
        differ(f"astronauts in {z}", n, sum(s.zones.get(z, {}).values()))
    for sid, crew in (exp.crew or {}).items():
        if crew is None:
            differ(f"ship {sid} in play", False, sid in s.ships)
        elif sid not in s.ships:
            out.append(f"{where}: ship {sid} should be in play with {crew}, it is not")
        else:
            got = s.ships[sid].crew
            differ(f"crew of {sid}", {c: n for c, n in crew.items() if n},
                   {c: n for c, n in got.items() if n})
    if exp.launched is not None:
        differ("launched ships", exp.launched, s.launched)
    if exp.docked is not None:
        differ("docked ships", exp.docked, s.docked())
    if exp.docks is not None:
        differ("docks", exp.docks, s.docks)
    for c, toks in (exp.tokens or {}).items():
        for r, n in toks.items():
            differ(f"{c} {r} point tokens", n, s.seats[c].tokens.get(r, 0))
    for z, toks in (exp.waiting or {}).items():
        for r, n in toks.items():
            differ(f"{r} point tokens waiting in {z}", n, s.waiting.get(z, {}).get(r, 0))
    for c, n in (exp.memorial or {}).items():
        differ(f"{c} astronauts in the memorial", n, s.memorial.get(c, 0))
    for c, n in (exp.supply or {}).items():
        differ(f"{c} astronauts in supply", n, s.seats[c].supply)
    for c, cards in (exp.hand or {}).items():
        differ(f"{c}'s hand", sorted(cards), sorted(s.seats[c].hand))
    for c, cards in (exp.played or {}).items():
        differ(f"{c}'s played cards", sorted(cards), sorted(s.seats[c].played))
    for c, cards in (exp.missions or {}).items():
        differ(f"{c}'s missions", sorted(cards), sorted(s.seats[c].missions))
    for c, cards in (exp.actions or {}).items():
        differ(f"{c}'s action cards", sorted(cards), sorted(s.seats[c].actions))
    for z, up in (exp.face_up or {}).items():
        differ(f"{z} resource face up", up, s.face_up.get(z))
    for z, n in (exp.dest_supply or {}).items():
        differ(f"{z} destination tokens in supply", n, s.dest_supply.get(z))
    for sid, stack in (exp.ship_tokens or {}).items():
        differ(f"destination tokens on {sid}", stack,
               s.ships[sid].tokens if sid in s.ships else None)
    for z, card in (exp.discoveries or {}).items():
        differ(f"discovery in {z}", card, s.discoveries.get(z))
    if exp.discovery_discard is not None:
        differ("discarded discoveries", exp.discovery_discard, s.discovery_discard)
    if exp.scores is not None or exp.winners is not None or exp.breakdown is not None:
        if s.result is None:
            out.append(f"{where}: the game should be scored, it is not")
        else:
            for c, n in (exp.scores or {}).items():
                differ(f"{c}'s final score", n, s.result.scores.get(c))
            for c, parts in (exp.breakdown or {}).items():
                for k, n in parts.items():
                    differ(f"{c}'s {k} points", n, s.result.breakdown.get(c, {}).get(k))
            if exp.winners is not None:
                differ("winners", exp.winners, s.result.winners)
    if exp.decision is not None:
        d = decision(game.spec, s)
        if d is None:
            out.append(f"{where}: decision {exp.decision.kind} expected, the game waits for none")
        else:
            differ("decision", exp.decision.kind, d.kind)
            if exp.decision.colours is not None:
                differ("deciding colours", exp.decision.colours, list(d.colours))
    if exp.legal is not None or exp.not_legal is not None:
        legal = set(legal_intents(game.spec, s))
        for raw in exp.legal or []:
            it = I.intent_from_dict(raw)
            if it not in legal:
                out.append(f"{where}: {I.format_intent(it)} should be legal, it is not")
        for raw in exp.not_legal or []:
            it = I.intent_from_dict(raw)
            if it in legal:
                out.append(f"{where}: {I.format_intent(it)} should not be legal, it is")
    return out
