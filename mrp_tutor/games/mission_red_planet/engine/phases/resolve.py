"""Resolving the chosen characters in countdown order, step by step (rulebook "Round").

Each step of a character card is resolved by its effect (:mod:`..effects`): this module only
reveals cards, starts and ends steps, skips a step with nothing possible, and launches full
ships after each character.
"""

from __future__ import annotations

from typing import Any, Final

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import Out, cite, emit, shared, total
from mrp_tutor.games.mission_red_planet.engine.effects import EFFECTS, Effect
from mrp_tutor.games.mission_red_planet.engine.phases.round_end import end_round
from mrp_tutor.games.mission_red_planet.engine.rulesets import rules_of
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState


def step_count(spec: GameSpec, character: str, index: int) -> int:
    """How many times step ``index`` of ``character`` acts (memoised per spec)."""
    count = spec.memo.get(("count", character, index))
    if count is None:
        st = spec.characters[character].steps[index]
        count = spec.memo[("count", character, index)] = EFFECTS[type(st)].count(st)
    return int(count)


def step_options(
    spec: GameSpec, s: GameState, c: str, st: C.CharacterStep, *, with_stop: bool = True
) -> list[I.Intent]:
    """Every legal intent of ``c`` for step ``st`` now."""
    return EFFECTS[type(st)].options(spec, s, c, st, with_stop=with_stop)


def with_abilities(spec: GameSpec, s: GameState, c: str, st: C.CharacterStep, effect: Any,
                   opts: list[I.Intent]) -> list[I.Intent]:
    """The step's options ``opts`` and the ruleset's ability options at this step (the Cunning
    Conspirator's launched shuttles), offered even when the step has no option of its own:
    then a Stop declines the ability and gives the placement up (ua.tutor.windows)."""
    extra = rules_of(s).extra_options(spec, s, c, effect.kind(s, st))
    if not extra:
        return opts
    return opts + extra if opts else [*extra, shared(spec.memo, I.Stop, c)]


def has_options(spec: GameSpec, s: GameState, c: str, st: C.CharacterStep) -> bool:
    """Is any option open for ``c`` in step ``st`` (fast; equals ``bool(step_options)``)?"""
    if s.held is not None:
        return True  # a drawn discovery always has a zone: full zones were handled on draw
    return EFFECTS[type(st)].has(spec, s, c, st)


#: one step of a character card, read once per spec: (step, its effect, rule id, effect name,
#: count); the content models are pydantic models, whose attributes are slow to read
Plan = tuple[C.CharacterStep, Effect[Any], str, str, int]
PLANS: Final = ("plans",)  # their key in spec.memo


def plans(spec: GameSpec) -> dict[str, tuple[Plan, ...]]:
    """Per character, the plan of each step (memoised per spec)."""
    found: dict[str, tuple[Plan, ...]] | None = spec.memo.get(PLANS)
    if found is None:
        found = spec.memo[PLANS] = {
            ch: tuple((st, EFFECTS[type(st)], st.rule, st.effect, step_count(spec, ch, i))
                      for i, st in enumerate(entry.steps))
            for ch, entry in spec.characters.items()}
    return found


#: the last spec whose plans were asked for, and its plans (an identity test instead of the
#: spec's memo look-up on every step: a spec never changes)
_LAST_PLANS: Final[list[tuple[object, dict[str, tuple[Plan, ...]]]]] = [(None, {})]


def plans_of(spec: GameSpec) -> dict[str, tuple[Plan, ...]]:
    """:func:`plans`, remembered for the last spec asked (by identity)."""
    last = _LAST_PLANS[0]
    if last[0] is spec:
        return last[1]
    found = plans(spec)
    _LAST_PLANS[0] = (spec, found)
    return found


def advance_resolution(
    spec: GameSpec, s: GameState, out: Out, found: list[list[I.Intent]] | None = None
) -> bool:
    """Resolve automatically as far as possible. True when a decision is needed."""
    rules = rules_of(s)
    abilities = rules.abilities  # (a class attribute: read once)
    if s.windows:
        rules.settle_windows(spec, s, out)  # windows that can no longer be used close
        if s.windows:
            return True  # an ability window is open
    every = plans_of(spec)
    seats = s.seats
    while True:
        colour = s.cur
        if colour is None:
            if not s.queue:
                return end_round(spec, s, out)
            if abilities and rules.before_resolution(spec, s, out):
                return True
            if s.cur is not None:
                continue
            queue = s.queue
            colour = queue[0]
            ch = seats[colour].chosen
            if ch is not None:  # its number is called: every card with it is turned up
                group = 0
                holds = s.holds  # cards held past their number wait at the end, face down
                for c in queue:  # (a reveal changes only its own seat)
                    other = seats[c].chosen
                    if group and holds and c in holds:
                        break
                    if other == ch:
                        emit(s, out, E.CharacterRevealed("round.countdown", c, ch))
                        group += 1
                    elif other is not None:  # the group is the run at the front
                        break
                rule = "round.ties_clockwise" if group > 1 else "round.countdown"
            else:  # revealed with an earlier player of the same number
                ch, rule = seats[colour].played[-1], "round.ties_clockwise"
            ev: E.Event = E.ResolutionStarted(cite(s, rule), colour, ch)
            ev.apply(s)  # emit, inlined on the hot path
            out.append(ev)
            continue
        ch = s.char or ""
        steps = every[ch]
        i = s.step
        if 0 <= i < len(steps) and (s.left > 0 or s.held is not None):  # current_step, inlined
            st, effect, _, name, _ = steps[i]
            if found is not None and s.held is None:
                opts = effect.options(spec, s, colour, st, with_stop=True)
                if abilities:  # e.g. an ability usable while placing
                    opts = with_abilities(spec, s, colour, st, effect, opts)
                if opts:
                    found.append(opts)
                    return True
            elif s.held is not None or effect.has(spec, s, colour, st) or (
                    abilities and rules.extra_options(spec, s, colour, effect.kind(s, st))):
                return True
            why = effect.why_nothing(spec, s, colour, st)
            emit(s, out, E.StepSkipped(
                rule=effect.skip_rule(st, why, rules), colour=colour, character=ch,
                step=i, effect=name, reason=why, left=s.left))
            continue
        nxt = i + 1
        if nxt >= len(steps):
            ev = E.ResolutionEnded(cite(s, "round.top_to_bottom"), colour, ch)
            ev.apply(s)
            out.append(ev)
            cap, ships = spec.cap, s.ships
            for sid in s.docks:  # full ships launch (a launch empties only its own dock)
                if sid is not None and cap[sid] <= total(ships[sid].crew):
                    emit(s, out, E.ShipLaunched("round.launch_after_effect", sid))
            continue
        st, effect, rule, name, count = steps[nxt]
        ev = E.StepStarted(rule, colour, ch, nxt, name, count)  # positional: see events._EV
        ev.apply(s)
        out.append(ev)
        if effect.starts:
            effect.start(spec, s, out, colour, st)
