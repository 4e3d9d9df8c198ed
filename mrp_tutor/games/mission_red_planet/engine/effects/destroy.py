"""``destroy_docked``: destroy a docked ship; its crew dies, its tokens go back."""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import Fact, Out, emit, shared
from mrp_tutor.games.mission_red_planet.engine.effects.base import Effect
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState


class Destroy(Effect[C.DestroyStep]):
    step = C.DestroyStep
    intents = (I.Destroy,)
    nothing = "no_docked_ship"

    def has(self, spec: GameSpec, s: GameState, c: str, st: C.DestroyStep) -> bool:
        return any(sid is not None for sid in s.docks)

    def options(self, spec: GameSpec, s: GameState, c: str, st: C.DestroyStep, *,
                with_stop: bool) -> list[I.Intent]:
        memo = spec.memo
        return [shared(memo, I.Destroy, c, sid) for sid in s.docks if sid is not None]

    def apply(self, spec: GameSpec, s: GameState, it: I.Intent, st: C.DestroyStep,
              out: Out) -> None:
        assert isinstance(it, I.Destroy)
        ship = s.ships[it.ship]
        tokens = tuple(ship.tokens)
        emit(s, out, E.ShipDestroyed(rule=st.rule, ship=it.ship,
                                     killed=tuple(sorted(ship.crew.items())),
                                     tokens=tokens, colour=it.colour))
        if tokens:  # (returned by ship_destroyed; this event records the reading)
            emit(s, out, E.DestinationTokensReturned(rule=self.rule(st, "tokens"), ship=it.ship,
                                                     tokens=tokens))

    def diagnose(self, spec: GameSpec, s: GameState, it: I.Intent, st: C.DestroyStep,
                 character: str) -> Fact | None:
        assert isinstance(it, I.Destroy)
        if it.ship not in s.ships or s.ships[it.ship].launched:
            return ("ship_not_docked", st.rule, f"{it.ship} is not docked",
                    {"ship": it.ship, "docked": s.docked()})
        return None
