"""``place_destination_token``: put a destination token on a docked or launched ship."""

from __future__ import annotations

from typing import Final

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import Fact, Out, emit, hot, intent_rows
from mrp_tutor.games.mission_red_planet.engine.effects.base import Effect
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState

#: the last Token step and its fields (docked, launched targets)
_LAST_STEP: Final[list[tuple[object, bool, bool]]] = [(None, False, False)]


class Token(Effect[C.TokenStep]):
    step = C.TokenStep
    intents = (I.PlaceToken,)
    nothing = "no_ship_or_no_token"

    def why_nothing(self, spec: GameSpec, s: GameState, c: str, st: C.TokenStep) -> str:
        if not any(n > 0 for n in s.dest_supply.values()):
            return "no_destination_token_left"
        return "no_ship_to_redirect"

    def has(self, spec: GameSpec, s: GameState, c: str, st: C.TokenStep) -> bool:
        if not any(n > 0 for n in s.dest_supply.values()):
            return False
        if "docked" in st.targets and any(sid is not None for sid in s.docks):
            return True
        return "launched" in st.targets and bool(s.launched)

    def options(self, spec: GameSpec, s: GameState, c: str, st: C.TokenStep, *,
                with_stop: bool) -> list[I.Intent]:
        last = _LAST_STEP[0]
        if last[0] is not st:  # the step's fields, read once per step (pydantic: slow)
            last = _LAST_STEP[0] = (st, "docked" in st.targets, "launched" in st.targets)
        _, docked, launched = last
        ships: list[str] = []
        if docked:
            ships.extend(s.docked())
        if launched:
            ships.extend(s.launched)
        h = hot(spec)
        zones = h.zones
        tokens = [z for z in zones if s.dest_supply[z] > 0]
        rows = intent_rows(h.memo, I.PlaceToken, c, h.ship_ids, zones)
        if len(tokens) < len(zones):
            return [rows[sid][z] for sid in ships for z in tokens]
        opts: list[I.Intent] = []
        for sid in ships:  # every zone's token is available
            opts.extend(rows[sid].values())
        return opts

    def apply(self, spec: GameSpec, s: GameState, it: I.Intent, st: C.TokenStep,
              out: Out) -> None:
        assert isinstance(it, I.PlaceToken)
        emit(s, out, E.DestinationTokenPlaced(rule=st.rule, ship=it.ship, zone=it.zone,
                                              colour=it.colour, pilot=True))

    def diagnose(self, spec: GameSpec, s: GameState, it: I.Intent, st: C.TokenStep,
                 character: str) -> Fact | None:
        assert isinstance(it, I.PlaceToken)
        if it.ship not in s.ships:
            return ("ship_not_in_play", st.rule, f"{it.ship} is neither docked nor launched",
                    {"ship": it.ship})
        if s.dest_supply.get(it.zone, 0) <= 0:
            return ("destination_token_unavailable", "destination_tokens.supply_limit",
                    f"no {it.zone} destination token is left in the supply", {"token": it.zone})
        return None
