"""Resolving the chosen characters in countdown order, step by step (rulebook "Round").

Each step of a character card is resolved by its effect (:mod:`..effects`): this module only
reveals cards, starts and ends steps, skips a step with nothing possible, and launches full
ships after each character.
"""

from __future__ import annotations

from .. import content as C
from .. import events as E
from .. import intents as I
from ..core import Out, cite, emit
from ..effects import EFFECTS
from ..rulesets import rules_of
from ..spec import GameSpec
from ..state import GameState
from .round_end import end_round


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


def has_options(spec: GameSpec, s: GameState, c: str, st: C.CharacterStep) -> bool:
    """Is any option open for ``c`` in step ``st`` (fast; equals ``bool(step_options)``)?"""
    if s.held is not None:
        return True  # a drawn discovery always has a zone: full zones were handled on draw
    return EFFECTS[type(st)].has(spec, s, c, st)


def advance_resolution(
    spec: GameSpec, s: GameState, out: Out, found: list[list[I.Intent]] | None = None
) -> bool:
    """Resolve automatically as far as possible. True when a decision is needed."""
    if s.windows:
        return True  # an ability window is open
    rules = rules_of(s)
    while True:
        if s.cur is None:
            if not s.queue:
                return end_round(spec, s, out)
            if rules.abilities and rules.before_resolution(spec, s, out):
                return True
            if s.cur is not None:
                continue
            colour = s.queue[0]
            ch = s.seats[colour].chosen
            if ch is not None:  # its number is called: every card with it is turned up
                group = [c for c in s.queue if s.seats[c].chosen == ch]
                for c in group:
                    emit(s, out, E.CharacterRevealed(rule="round.countdown", colour=c,
                                                     character=ch))
                rule = "round.ties_clockwise" if len(group) > 1 else "round.countdown"
            else:  # revealed with an earlier player of the same number
                ch, rule = s.seats[colour].played[-1], "round.ties_clockwise"
            ev: E.Event = E.ResolutionStarted(rule=cite(s, rule), colour=colour, character=ch)
            ev.apply(s)  # emit, inlined on the hot path
            out.append(ev)
            continue
        colour = s.cur
        ch = s.char or ""
        char = spec.characters[ch]
        steps = char.steps
        st = steps[s.step] if 0 <= s.step < len(steps) else None  # current_step, inlined
        if st is not None and (s.left > 0 or s.held is not None):
            effect = EFFECTS[type(st)]
            if found is not None and s.held is None:
                opts = effect.options(spec, s, colour, st, with_stop=True)
                if opts and rules.abilities:  # e.g. an ability usable while placing
                    opts = opts + rules.extra_options(spec, s, colour, effect.kind(s, st))
                if opts:
                    found.append(opts)
                    return True
            elif s.held is not None or effect.has(spec, s, colour, st):
                return True
            why = effect.why_nothing(spec, s, colour, st)
            emit(s, out, E.StepSkipped(
                rule=effect.skip_rule(st, why, rules), colour=colour, character=ch,
                step=s.step, effect=st.effect, reason=why, left=s.left))
            continue
        nxt = s.step + 1
        if nxt >= len(steps):
            ev = E.ResolutionEnded(rule=cite(s, "round.top_to_bottom"), colour=colour,
                                   character=ch)
            ev.apply(s)
            out.append(ev)
            cap = spec.cap
            full = [sid for sid in s.docks
                    if sid is not None and cap[sid] <= sum(s.ships[sid].crew.values())]
            for sid in full:
                emit(s, out, E.ShipLaunched(rule="round.launch_after_effect", ship=sid))
            continue
        step = steps[nxt]
        count = spec.memo.get(("count", ch, nxt))  # step_count, inlined
        if count is None:
            count = step_count(spec, ch, nxt)
        ev = E.StepStarted(rule=step.rule, colour=colour, character=ch, step=nxt,
                           effect=step.effect, count=count)
        ev.apply(s)
        out.append(ev)
        effect = EFFECTS[type(step)]
        if effect.starts:
            effect.start(spec, s, out, colour, step)
