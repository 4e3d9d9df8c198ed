"""``replace``: put one of one's own astronauts in the place of another colour's one."""

from __future__ import annotations

from .. import content as C
from .. import events as E
from .. import intents as I
from ..core import Fact, Out, emit, intent_rows
from ..rulesets import rules_of
from ..spec import GameSpec
from ..state import GameState
from .base import Effect


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
        places: list[tuple[str, dict[str, int]]] = []
        if "docked" in st.targets:
            places.extend((sid, s.ships[sid].crew) for sid in s.docked())
        if "launched" in st.targets:
            places.extend((sid, s.ships[sid].crew) for sid in s.launched)
        if "zone" in st.targets:
            places.extend(s.zones.items())
        opts: list[I.Intent] = []
        rows = intent_rows(spec.memo, I.Replace, c, (*spec.ships, *spec.zones), spec.colours)
        presence = st.requires_presence
        for place, crew in places:
            if presence and not crew.get(c):
                continue
            row = rows[place]
            opts.extend([row[v] for v in crew if v != c or own])
        return opts

    def apply(self, spec: GameSpec, s: GameState, it: I.Intent, st: C.ReplaceStep,
              out: Out) -> None:
        assert isinstance(it, I.Replace)
        own = it.victim == it.colour  # only where the ruleset allows it
        emit(s, out, E.AstronautReplaced(
            rule=rules_of(s).own_replace_rule() if own else st.rule, colour=it.colour,
            victim=it.victim, place=it.place))

    def diagnose(self, spec: GameSpec, s: GameState, it: I.Intent, st: C.ReplaceStep,
                 character: str) -> Fact | None:
        assert isinstance(it, I.Replace)
        c = it.colour
        crew = s.ships[it.place].crew if it.place in s.ships else s.zones.get(it.place)
        if crew is None:
            return ("bad_place", st.rule, f"{it.place} is not a zone or ship in play",
                    {"place": it.place})
        if it.victim == c and not rules_of(s).may_replace_own(s, c):
            return ("cannot_replace_own", st.rule,
                    "the Femme Fatale replaces another player's astronaut", {"place": it.place})
        if st.requires_presence and not crew.get(c):
            return ("presence_required", st.rule, f"{c} has no astronaut at {it.place}",
                    {"place": it.place})
        if not crew.get(it.victim):
            return ("no_astronaut_there", st.rule, f"{it.victim} has no astronaut at {it.place}",
                    {"place": it.place, "victim": it.victim})
        return None
