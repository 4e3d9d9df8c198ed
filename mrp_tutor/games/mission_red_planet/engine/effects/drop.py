"""``drop_from``: move own astronauts from one zone (Phobos) to zones of Mars."""

from __future__ import annotations

from typing import Final

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import Fact, Out, emit, flip, hot, shared
from mrp_tutor.games.mission_red_planet.engine.effects.base import Effect
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState

#: the last Drop step's fields (step, from zone, min): read once per step (pydantic: slow)
_LAST_STEP: Final[list[tuple[object, str, int]]] = [(None, "", 0)]


def _fields(st: C.DropStep) -> tuple[object, str, int]:
    last = _LAST_STEP[0]
    if last[0] is not st:
        last = _LAST_STEP[0] = (st, st.from_zone, st.min)
    return last


class Drop(Effect[C.DropStep]):
    step = C.DropStep
    intents = (I.Drop, I.Stop)
    nothing = "no_astronaut_on_phobos"

    def count(self, st: C.DropStep) -> int:
        return st.max

    def stop_refusal_rule(self, st: C.DropStep) -> str:
        return st.rule

    def has(self, spec: GameSpec, s: GameState, c: str, st: C.DropStep) -> bool:
        _, source, _ = _fields(st)
        return bool(s.zones[source].get(c)) and any(z != source for z in hot(spec).mars)

    def options(self, spec: GameSpec, s: GameState, c: str, st: C.DropStep, *,
                with_stop: bool) -> list[I.Intent]:
        _, source, least = _fields(st)
        opts: list[I.Intent] = []
        h = hot(spec)
        memo = h.memo
        if s.zones[source].get(c):
            opts.extend(shared(memo, I.Drop, c, z) for z in h.mars if z != source)
        if opts and with_stop and s.done >= least:
            opts.append(shared(memo, I.Stop, c))
        return opts

    def apply(self, spec: GameSpec, s: GameState, it: I.Intent, st: C.DropStep,
              out: Out) -> None:
        if isinstance(it, I.Stop):
            emit(s, out, E.StepStopped(rule=st.rule, colour=it.colour, effect=st.effect,
                                       left=s.left))
            return
        assert isinstance(it, I.Drop)
        emit(s, out, E.AstronautMoved(rule=st.rule, colour=it.colour, from_zone=st.from_zone,
                                      to_zone=it.to_zone))
        flip(s, out, it.to_zone, self.rule(st, "flip"))

    def diagnose(self, spec: GameSpec, s: GameState, it: I.Intent, st: C.DropStep,
                 character: str) -> Fact | None:
        if not isinstance(it, I.Drop):
            return None
        if it.to_zone not in spec.mars:
            return ("drop_target_invalid", st.rule,
                    f"astronauts from {st.from_zone} go to a zone of Mars", {"zone": it.to_zone})
        return ("no_astronaut_there", st.rule,
                f"{it.colour} has no astronaut on {st.from_zone}", {"zone": st.from_zone})
