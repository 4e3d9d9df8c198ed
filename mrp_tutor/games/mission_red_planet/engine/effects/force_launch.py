"""``force_launch``: launch a docked ship that is not full (empty too, if allowed)."""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import Fact, Out, emit, hot, room, shared
from mrp_tutor.games.mission_red_planet.engine.effects.base import Effect
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState


class ForceLaunch(Effect[C.ForceLaunchStep]):
    step = C.ForceLaunchStep
    intents = (I.Launch,)
    nothing = "no_docked_ship_can_launch"

    def has(self, spec: GameSpec, s: GameState, c: str, st: C.ForceLaunchStep) -> bool:
        cap = hot(spec).cap
        for sid in s.docks:
            if sid is not None:
                aboard = s.ships[sid].aboard()
                if aboard < cap[sid] and (st.allow_empty or aboard):
                    return True
        return False

    def options(self, spec: GameSpec, s: GameState, c: str, st: C.ForceLaunchStep, *,
                with_stop: bool) -> list[I.Intent]:
        opts: list[I.Intent] = []
        h = hot(spec)
        cap, memo, ships = h.cap, h.memo, s.ships
        empty: bool | None = None  # the step's field, read only when a docked ship has room
        for sid in s.docks:
            if sid is None:
                continue
            aboard = ships[sid].aboard()
            if aboard < cap[sid]:
                if not aboard and empty is None:
                    empty = st.allow_empty
                if aboard or empty:
                    opts.append(shared(memo, I.Launch, c, sid))
        return opts

    def apply(self, spec: GameSpec, s: GameState, it: I.Intent, st: C.ForceLaunchStep,
              out: Out) -> None:
        assert isinstance(it, I.Launch)
        # an empty shuttle: the step's ``empty`` rule when the data names one (a reading)
        rule = st.rules.get("empty", st.rule) if not s.ships[it.ship].aboard() else st.rule
        emit(s, out, E.ShipLaunched(rule=rule, ship=it.ship, forced=True, colour=it.colour))

    def diagnose(self, spec: GameSpec, s: GameState, it: I.Intent, st: C.ForceLaunchStep,
                 character: str) -> Fact | None:
        assert isinstance(it, I.Launch)
        if it.ship not in s.ships or s.ships[it.ship].launched:
            return ("ship_not_docked", st.rule, f"{it.ship} is not docked",
                    {"ship": it.ship, "docked": s.docked()})
        if room(spec, s, it.ship) <= 0:
            return ("ship_already_full", st.rule, f"{it.ship} is full and launches anyway",
                    {"ship": it.ship})
        return None
