"""``replace``: put one of one's own astronauts in the place of another colour's one."""

from __future__ import annotations

from typing import Final

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import Fact, Out, emit, hot, intent_rows
from mrp_tutor.games.mission_red_planet.engine.effects.base import Effect
from mrp_tutor.games.mission_red_planet.engine.readings import OTHER_OF, other_applies
from mrp_tutor.games.mission_red_planet.engine.rulesets import rules_of
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState

#: the last Replace step and its fields (docked, launched, zone targets; presence required)
_LAST_STEP: Final[list[tuple[object, bool, bool, bool, bool]]] = [
    (None, False, False, False, False)]


class Replace(Effect[C.ReplaceStep]):
    step = C.ReplaceStep
    intents = (I.Replace,)
    nothing = "no_astronaut_to_replace"

    def why_nothing(self, spec: GameSpec, s: GameState, c: str, st: C.ReplaceStep) -> str:
        return "not_enough_astronauts_in_supply" if s.seats[c].supply < 1 else self.nothing

    def options(self, spec: GameSpec, s: GameState, c: str, st: C.ReplaceStep, *,
                with_stop: bool) -> list[I.Intent]:
        if s.seats[c].supply < 1:
            return []
        own = rules_of(s).may_replace_own(s, c)
        last = _LAST_STEP[0]
        if last[0] is not st:  # the step's fields, read once per step (pydantic: slow)
            targets = st.targets
            last = _LAST_STEP[0] = (st, "docked" in targets, "launched" in targets,
                                    "zone" in targets, st.requires_presence)
        _, docked, launched, zone, presence = last
        # the table's reading may apply the presence condition to zones only (readings.py)
        ships_free = presence and _zones_only(s, st)
        places: list[tuple[str, dict[str, int], bool]] = []
        if docked:
            places.extend((sid, s.ships[sid].crew, ships_free) for sid in s.docked())
        if launched:
            places.extend((sid, s.ships[sid].crew, ships_free) for sid in s.launched)
        if zone:
            places.extend((z, crew, False) for z, crew in s.zones.items())
        opts: list[I.Intent] = []
        h = hot(spec)
        rows = intent_rows(h.memo, I.Replace, c, h.places, h.colours)
        for place, crew, free in places:
            if presence and not free and not crew.get(c):
                continue
            row = rows[place]
            opts.extend([row[v] for v in crew if v != c or own])
        return opts

    def apply(self, spec: GameSpec, s: GameState, it: I.Intent, st: C.ReplaceStep,
              out: Out) -> None:
        assert isinstance(it, I.Replace)
        own = it.victim == it.colour  # only where the ruleset allows it
        rule = rules_of(s).own_replace_rule() if own else st.rule
        if (st.requires_presence and it.place in s.ships
                and not s.ships[it.place].crew.get(it.colour)):  # legal by the other reading
            rule = OTHER_OF.get(st.rules.get("ship_presence", ""), rule)
        emit(s, out, E.AstronautReplaced(rule=rule, colour=it.colour, victim=it.victim,
                                         place=it.place))

    def diagnose(self, spec: GameSpec, s: GameState, it: I.Intent, st: C.ReplaceStep,
                 character: str) -> Fact | None:
        assert isinstance(it, I.Replace)
        c = it.colour
        crew = s.ships[it.place].crew if it.place in s.ships else s.zones.get(it.place)
        if crew is None:
            return ("bad_place", st.rule, f"{it.place} is not a zone or ship in play",
                    {"place": it.place})
        if it.victim == c and not rules_of(s).may_replace_own(s, c):
            # the step's ``not_own`` rule when the data names one (a reading)
            return ("cannot_replace_own", st.rules.get("not_own", st.rule),
                    "the Femme Fatale replaces another player's astronaut", {"place": it.place})
        if st.requires_presence and not crew.get(c) and not (
                it.place in s.ships and _zones_only(s, st)):
            # on a ship: the step's ``ship_presence`` rule when the data names one (a reading)
            rule = st.rules.get("ship_presence", st.rule) if it.place in s.ships else st.rule
            return ("presence_required", rule, f"{c} has no astronaut at {it.place}",
                    {"place": it.place})
        if not crew.get(it.victim):
            return ("no_astronaut_there", st.rule, f"{it.victim} has no astronaut at {it.place}",
                    {"place": it.place, "victim": it.victim})
        return None


def _zones_only(s: GameState, st: C.ReplaceStep) -> bool:
    """The table plays the other reading: the presence condition holds for zones only."""
    return other_applies(s, st.rules.get("ship_presence"))
