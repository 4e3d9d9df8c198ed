"""``move_adjacent``: move own astronauts from zone to adjacent zone, up to ``max_moves``."""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import Fact, Out, emit, flip, hot, shared
from mrp_tutor.games.mission_red_planet.engine.effects.base import Effect
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState


class Move(Effect[C.MoveStep]):
    step = C.MoveStep
    intents = (I.Move, I.Stop)
    nothing = "no_astronaut_on_mars_to_move"

    def count(self, st: C.MoveStep) -> int:
        return st.max_moves

    def stop_refusal_rule(self, st: C.MoveStep) -> str:
        return self.rule(st, "at_least_one")

    def why_nothing(self, spec: GameSpec, s: GameState, c: str, st: C.MoveStep) -> str:
        if any(counts.get(c) for z, counts in s.zones.items() if z != spec.moon):
            return "nothing_possible"  # (never: every zone of Mars has a neighbour)
        return ("only_astronauts_on_phobos" if s.zones.get(spec.moon or "", {}).get(c)
                else "no_astronaut_on_mars_to_move")

    def has(self, spec: GameSpec, s: GameState, c: str, st: C.MoveStep) -> bool:
        adjacent = hot(spec).adjacent
        return any(counts.get(c) and adjacent[z] for z, counts in s.zones.items())

    def options(self, spec: GameSpec, s: GameState, c: str, st: C.MoveStep, *,
                with_stop: bool) -> list[I.Intent]:
        opts: list[I.Intent] = []
        h = hot(spec)
        memo = h.memo
        for z, counts in s.zones.items():
            if counts.get(c):
                moves = memo.get(("move", c, z))
                if moves is None:
                    moves = memo[("move", c, z)] = [I.Move(c, z, a) for a in h.adjacent[z]]
                opts.extend(moves)
        if opts and with_stop and s.done >= st.min_moves:
            opts.append(shared(memo, I.Stop, c))
        return opts

    def apply(self, spec: GameSpec, s: GameState, it: I.Intent, st: C.MoveStep,
              out: Out) -> None:
        if isinstance(it, I.Stop):
            emit(s, out, E.StepStopped(rule=st.rule, colour=it.colour, effect=st.effect,
                                       left=s.left))
            return
        assert isinstance(it, I.Move)
        emit(s, out, E.AstronautMoved(st.rule, it.colour, it.from_zone, it.to_zone))
        flip(s, out, it.to_zone, self.rule(st, "flip"))

    def diagnose(self, spec: GameSpec, s: GameState, it: I.Intent, st: C.MoveStep,
                 character: str) -> Fact | None:
        if not isinstance(it, I.Move):
            return None
        c = it.colour
        if it.from_zone not in s.zones or it.to_zone not in s.zones:
            return ("unknown_zone", st.rule, "unknown zone",
                    {"from": it.from_zone, "to": it.to_zone})
        if not s.zones[it.from_zone].get(c):
            return ("no_astronaut_there", st.rule,
                    f"{c} has no astronaut in {it.from_zone}", {"zone": it.from_zone})
        if it.to_zone not in spec.adjacent[it.from_zone]:
            rule = "phobos.no_adjacency" if spec.moon in (it.from_zone, it.to_zone) else st.rule
            return ("not_adjacent", rule, f"{it.from_zone} is not adjacent to {it.to_zone}",
                    {"from": it.from_zone, "to": it.to_zone,
                     "adjacent": list(spec.adjacent[it.from_zone])})
        return None
