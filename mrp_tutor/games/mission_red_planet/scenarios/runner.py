"""Running scenarios: play each step and check every expectation.

:func:`run_scenario` plays a scenario's steps on the game its position builds and returns a
:class:`ScenarioResult` whose failures are sentences naming the file, the step and what
differed.  Another game's scenario is run by the game that loaded it (the game registry,
:mod:`mrp_tutor.core.games`); the step checks every game shares live in
:mod:`mrp_tutor.core.expect` (re-exported here).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mrp_tutor.core.expect import check_events as core_check_events
from mrp_tutor.core.expect import play_intent
from mrp_tutor.core.games import PlayResult, play_scenario
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.game import Game, decision, legal_intents
from mrp_tutor.games.mission_red_planet.engine.state import GameState
from mrp_tutor.games.mission_red_planet.scenarios.build import Scenario, needs_advance
from mrp_tutor.games.mission_red_planet.scenarios.model import Step

__all__ = ["ScenarioResult", "check_events", "play_intent", "run_scenario"]


ScenarioResult = PlayResult  # the name this module has always exported


def run_scenario(sc: Any) -> ScenarioResult:
    """Play the scenario's steps and check every expectation.

    Failures are sentences that name the scenario, the step and what differed.
    """
    return play_scenario(sc)  # the game that loaded it plays it (mrp_tutor.core.games)


def play_mrp_scenario(sc: Scenario) -> PlayResult:
    """Run a Mission: Red Planet scenario (the game registry's ``play`` for it)."""
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
    return PlayResult(not failures, failures, events, game)


def _snapshot(s: GameState) -> Any:
    from mrp_tutor.games.mission_red_planet.engine.state import state_to_dict

    return state_to_dict(s)


def check_events(where: str, new: list[Any], st: Step,
                 to_dict: Callable[[Any], dict[str, Any]] = E.event_to_dict) -> list[str]:
    """:func:`mrp_tutor.core.expect.check_events` with this game's events by default."""
    return core_check_events(where, new, st, to_dict)


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
