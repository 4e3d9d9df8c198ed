"""``kill``: kill an astronaut on Mars (not in excluded zones; one's own if allowed)."""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import Fact, Out, emit, intent_rows
from mrp_tutor.games.mission_red_planet.engine.effects.base import Effect
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState


class Kill(Effect[C.KillStep]):
    step = C.KillStep
    intents = (I.Kill,)
    nothing = "no_astronaut_to_kill"

    def count(self, st: C.KillStep) -> int:
        return st.count

    def has(self, spec: GameSpec, s: GameState, c: str, st: C.KillStep) -> bool:
        for z, counts in s.zones.items():
            if counts and z not in st.exclude_zones and (
                    st.allow_own or any(v != c for v in counts)):
                return True
        return False

    def options(self, spec: GameSpec, s: GameState, c: str, st: C.KillStep, *,
                with_stop: bool) -> list[I.Intent]:
        opts: list[I.Intent] = []
        exclude, own = st.exclude_zones, st.allow_own
        rows = intent_rows(spec.memo, I.Kill, c, spec.zones, spec.colours)
        for z, counts in s.zones.items():
            if z not in exclude:
                row = rows[z]
                opts.extend([row[v] for v in counts if own or v != c])
        return opts

    def apply(self, spec: GameSpec, s: GameState, it: I.Intent, st: C.KillStep,
              out: Out) -> None:
        assert isinstance(it, I.Kill)
        # one's own astronaut: the step's ``own`` rule when the data names one (a reading)
        rule = st.rules.get("own", st.rule) if it.victim == it.colour else st.rule
        emit(s, out, E.AstronautKilled(rule=rule, colour=it.colour, victim=it.victim,
                                       place=it.zone))

    def diagnose(self, spec: GameSpec, s: GameState, it: I.Intent, st: C.KillStep,
                 character: str) -> Fact | None:
        assert isinstance(it, I.Kill)
        if it.zone in st.exclude_zones:
            return ("zone_protected", st.rule, f"no astronaut can be killed in {it.zone}",
                    {"zone": it.zone})
        if it.zone not in s.zones or not s.zones[it.zone].get(it.victim):
            return ("no_astronaut_there", st.rule, f"{it.victim} has no astronaut in {it.zone}",
                    {"zone": it.zone, "victim": it.victim})
        return None
