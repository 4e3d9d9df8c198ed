"""``draw_or_peek``: draw the top event card, or look at a face-down discovery in play."""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import (
    Fact,
    Out,
    emit,
    free_discovery_zones,
    shared,
)
from mrp_tutor.games.mission_red_planet.engine.effects.base import Effect
from mrp_tutor.games.mission_red_planet.engine.rulesets import rules_of
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState


class DrawOrPeek(Effect[C.DrawOrPeekStep]):
    step = C.DrawOrPeekStep
    intents = (I.DrawEvent, I.Peek)
    nothing = "no_event_card_and_no_discovery"

    def kind(self, s: GameState, st: C.DrawOrPeekStep) -> str:
        return "peek" if s.done else st.effect

    def why_nothing(self, spec: GameSpec, s: GameState, c: str, st: C.DrawOrPeekStep) -> str:
        if not s.done and not rules_of(s).may_peek(s, c):
            return rules_of(s).no_peek_reason
        if s.done:
            return "no_face_down_discovery_to_look_at"
        return "event_deck_empty_and_no_face_down_discovery"

    def has(self, spec: GameSpec, s: GameState, c: str, st: C.DrawOrPeekStep) -> bool:
        if not s.done and s.event_deck:
            return True
        if not rules_of(s).may_peek(s, c):
            return False
        return not s.discoveries_revealed and any(z in s.discoveries for z in spec.zones)

    def options(self, spec: GameSpec, s: GameState, c: str, st: C.DrawOrPeekStep, *,
                with_stop: bool) -> list[I.Intent]:
        opts: list[I.Intent] = []
        if not s.done and s.event_deck:
            opts.append(shared(spec.memo, I.DrawEvent, c))
        if not s.discoveries_revealed and rules_of(s).may_peek(s, c):
            memo = spec.memo
            opts.extend(shared(memo, I.Peek, c, z) for z in spec.zones if z in s.discoveries)
        return opts

    def apply(self, spec: GameSpec, s: GameState, it: I.Intent, st: C.DrawOrPeekStep,
              out: Out) -> None:
        c = it.colour
        if isinstance(it, I.Peek):
            rule = rules_of(s).peek_rule(s, c, self.rule(st, "peek"))
            emit(s, out, E.DiscoveryPeeked(rule=rule, colour=c, zone=it.zone,
                                           card=s.discoveries[it.zone]))
            return
        card = s.event_deck[0]
        kind = spec.card_kind(card)
        emit(s, out, E.EventCardDrawn(rule=st.rule, colour=c, card=card, kind=kind))
        if kind == "discovery" and not free_discovery_zones(spec, s):
            emit(s, out, E.DiscoveryDiscarded(rule=self.rule(st, "no_zone"), colour=c,
                                              card=card))
        elif kind != "discovery":
            rules_of(s).after_event_drawn(spec, s, out, c, card, kind)

    def diagnose(self, spec: GameSpec, s: GameState, it: I.Intent, st: C.DrawOrPeekStep,
                 character: str) -> Fact | None:
        if isinstance(it, I.Peek):
            return ("no_discovery_there", self.rule(st, "peek"),
                    f"no face-down discovery in {it.zone}", {"zone": it.zone})
        if s.done:  # a drawn discovery with no free zone: now a look instead
            return ("cannot_draw", self.rule(st, "no_zone"),
                    "the Scientist now looks at a discovery in play instead", {})
        return ("cannot_draw", st.rule, "the event deck is empty", {})
