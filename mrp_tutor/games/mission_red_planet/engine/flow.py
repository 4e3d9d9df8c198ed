"""The game's flow: :func:`advance` runs the automatic part stage by stage until a decision is
needed; :func:`apply_intent` turns one legal decision into events, then advances.
"""

from __future__ import annotations

from typing import Final

from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import Out, cite
from mrp_tutor.games.mission_red_planet.engine.phases import (
    actions,
    choose,
    discoveries,
    production,
    resolve,
    round_end,
    scoring,
    setup,
)
from mrp_tutor.games.mission_red_planet.engine.rulesets import rules_of
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState


def _missions(spec: GameSpec, s: GameState, out: Out, found: list[list[I.Intent]] | None) -> bool:
    if any(seat.dealt for seat in s.seats.values()):
        return True
    setup.form_event_deck(spec, s, out)
    round_end.next_track(spec, s, out)
    return False


def _choose(spec: GameSpec, s: GameState, out: Out, found: list[list[I.Intent]] | None) -> bool:
    return choose.choose_stage(spec, s, out)


def _production(
    spec: GameSpec, s: GameState, out: Out, found: list[list[I.Intent]] | None
) -> bool:
    entry = spec.track[s.track_index]
    if entry.number == 3:
        actions.queue_actions(spec, s, out, "before_third_production", "actions_before")
    else:
        production.produce(spec, s, out, entry.amount, third=False)
        round_end.next_track(spec, s, out)
    return False


def _work(spec: GameSpec, s: GameState, out: Out, found: list[list[I.Intent]] | None) -> bool:
    stage = s.stage
    if actions.advance_work(spec, s, out):
        return True
    if stage == "actions_before":
        entry = spec.track[s.track_index]
        production.produce(spec, s, out, entry.amount, third=True)
        actions.queue_actions(spec, s, out, "after_third_production", "actions_after")
    else:
        round_end.next_track(spec, s, out)
    return False


def _reveal(spec: GameSpec, s: GameState, out: Out, found: list[list[I.Intent]] | None) -> bool:
    discoveries.reveal_discoveries(spec, s, out)
    return False


def _scoring(spec: GameSpec, s: GameState, out: Out, found: list[list[I.Intent]] | None) -> bool:
    scoring.final_scoring(spec, s, out)
    return False


#: stage -> phase runner; a runner returns True when a decision is needed
STAGES: Final = {
    "missions": _missions, "choose": _choose, "resolve": resolve.advance_resolution,
    "production": _production, "actions_before": _work, "actions_after": _work,
    "reveal_work": _work, "reveal_discoveries": _reveal, "final_scoring": _scoring,
}


def advance(
    spec: GameSpec, s: GameState, out: Out, found: list[list[I.Intent]] | None = None
) -> None:
    """Run every automatic part of the game until a decision is needed or the game ends.

    ``found`` (optional) receives the legal intents of the decision the game stops at when
    computing them was needed anyway (a character step), so callers need not recompute them.
    """
    while True:
        run = STAGES.get(s.stage)
        if run is None or run(spec, s, out, found):  # setup (never left half-way), over
            return


def apply_intent(
    spec: GameSpec, s: GameState, intent: I.Intent, out: Out,
    found: list[list[I.Intent]] | None = None,
) -> None:
    """Turn a *legal* intent into events (in place), then advance to the next decision.

    ``found``: see :func:`advance`.
    """
    if isinstance(intent, I.ChooseCharacter):  # the commonest intent: its event, inlined
        ev = E.CharacterChosen(cite(s, "round.choose"), intent.colour, intent.character)
        ev.apply(s)
        out.append(ev)
        if not rules_of(s).draws:  # others still choose: what advance would find
            for seat in s.seats.values():
                if seat.chosen is None:
                    return
    elif isinstance(intent, I.RulesetIntent):  # an ability: the ruleset's own intents
        rules_of(s).apply_ruleset_intent(spec, s, intent, out)
    elif s.work:
        actions.apply_work(spec, s, intent, out)
    elif isinstance(intent, I.KeepMission):
        choose.keep_mission(s, intent, out)
    elif isinstance(intent, I.AssignDiscovery):
        discoveries.assign(s, intent, out)
    else:  # a character step: its effect turns the intent into events
        ch, i = s.char, s.step
        every = resolve.plans_of(spec)
        plan = every[ch or ""][i]  # current_step and its effect
        st, effect = plan[0], plan[1]
        effect.apply(spec, s, intent, st, out)
        if (found is not None and s.left > 0 and s.held is None and s.char == ch
                and s.step == i and s.cur is not None and s.stage == "resolve" and not s.work
                and not s.windows):
            # the step goes on: advance_resolution's first look, inlined (its options now)
            opts = effect.options(spec, s, s.cur, st, with_stop=True)
            rules = rules_of(s)
            if rules.abilities:  # e.g. an ability usable while placing
                opts = resolve.with_abilities(spec, s, s.cur, st, effect, opts)
            if opts:
                found.append(opts)
                return
    advance(spec, s, out, found)
