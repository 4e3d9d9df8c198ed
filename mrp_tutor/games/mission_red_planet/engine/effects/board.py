"""``board``: place astronauts from the supply on docked ships (rule ``characters.placement``)."""

from __future__ import annotations

from typing import Final

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import (
    Fact,
    Out,
    emit,
    hot,
    room,
    shared,
    total,
)
from mrp_tutor.games.mission_red_planet.engine.effects.base import Effect
from mrp_tutor.games.mission_red_planet.engine.rulesets.base import Rules
from mrp_tutor.games.mission_red_planet.engine.spec import UNKNOWN, GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState

#: the last Board step whose fields :meth:`Board.options` read, and those fields (all or
#: nothing, min, ships, count): an identity test instead of four pydantic attribute reads
_LAST_STEP: Final[list[tuple[object, bool, int | None, str, int]]] = [(None, False, None, "", 0)]


def together(spec: GameSpec, s: GameState, c: str, st: C.BoardStep) -> int:
    """The room the next placement of a "same ship" step needs, as its words say ("put 2
    astronauts in one shuttle"): the first astronaut goes where all those still to place
    (as many as the supply holds) fit, when such a ship is docked; else 1 (then as many as
    fit go on one ship).  Other steps: 1 (all or nothing counts its own)."""
    if st.ships != "same" or st.all_or_nothing or s.used:
        return 1
    want = min(s.left, s.seats[c].supply)
    if want <= 1:
        return 1
    for sid in s.docked():
        if room(spec, s, sid) >= want:
            return want
    return 1


class Board(Effect[C.BoardStep]):
    step = C.BoardStep
    intents = (I.Board, I.Stop)

    def count(self, st: C.BoardStep) -> int:
        return st.count

    def skip_rule(self, st: C.BoardStep, why: str, rules: Rules) -> str:
        if st.all_or_nothing:  # all or nothing, whatever the reason
            return self.rule(st, "all_or_nothing")
        return super().skip_rule(st, why, rules)

    def stop_refusal_rule(self, st: C.BoardStep) -> str:
        return st.rule if st.min is not None else super().stop_refusal_rule(st)

    def has(self, spec: GameSpec, s: GameState, c: str, st: C.BoardStep) -> bool:
        n = s.left if st.all_or_nothing else 1
        if s.seats[c].supply < n:
            return False
        fit = max(n, together(spec, s, c, st))
        for sid in s.docked():
            if ((st.ships == "distinct" and sid in s.used)
                    or (st.ships == "same" and s.used and sid != s.used[0])
                    or room(spec, s, sid) < fit):
                continue
            ship = s.ships[sid]
            if (spec.ships[sid].destination != UNKNOWN or ship.tokens or ship.crew
                    or any(v > 0 for v in s.dest_supply.values())):
                return True
        return False

    def options(self, spec: GameSpec, s: GameState, c: str, st: C.BoardStep, *,
                with_stop: bool) -> list[I.Intent]:
        last = _LAST_STEP[0]
        if last[0] is not st:  # the step's fields, read once per step (pydantic: slow)
            last = _LAST_STEP[0] = (st, st.all_or_nothing, st.min, st.ships, st.count)
        _, whole, least, mode, count = last
        n = s.left if whole else 1
        if s.seats[c].supply < n:
            return []
        opts: list[I.Intent] = []
        h = hot(spec)
        memo = h.memo  # prebuilt intents (immutable values, safe to share)
        boards: dict[str, I.Board] | None = memo.get(("board", c, n))
        if boards is None:
            boards = memo[("board", c, n)] = {sid: I.Board(c, sid, n) for sid in spec.ships}
        tokens: list[str] | None = None
        rows: dict[str, dict[str, I.Intent]] | None = None  # unknown ship -> token -> intent
        cap, dest, in_play, used = h.cap, h.dest, s.ships, s.used
        distinct = mode == "distinct"
        same = used[0] if mode == "same" and used else None
        fit = n if mode != "same" else max(n, together(spec, s, c, st))
        for sid in s.docks:
            if sid is None:
                continue
            ship = in_play[sid]
            crew = ship.crew
            if cap[sid] - total(crew) < fit:  # room aboard (for all, where they go together)
                continue
            if (distinct and sid in used) or (same is not None and sid != same):
                continue
            if dest[sid] == UNKNOWN and not ship.tokens and not crew:
                if tokens is None:
                    tokens = [z for z in h.zones if s.dest_supply[z] > 0]
                    rows = memo.get(("board_tokens", c, n))
                    if rows is None:  # the shared intents, one dict look-up per option
                        rows = memo[("board_tokens", c, n)] = {
                            sh: {z: shared(memo, I.Board, c, sh, n, z) for z in spec.zones}
                            for sh in spec.ships}
                assert rows is not None
                row = rows[sid]
                for z in tokens:
                    opts.append(row[z])
            else:
                opts.append(boards[sid])
        if opts and with_stop and least is not None and count - s.left >= least:
            opts.append(shared(memo, I.Stop, c))  # "1 or 2": may stop once the minimum is placed
        return opts

    def why_nothing(self, spec: GameSpec, s: GameState, c: str, st: C.BoardStep) -> str:
        n = s.left if st.all_or_nothing else 1
        if s.seats[c].supply < n:
            return "not_enough_astronauts_in_supply"
        roomy = [sid for sid in s.docked() if room(spec, s, sid) >= n]
        if not roomy:
            return "no_docked_ship_with_room"
        if st.ships == "distinct" and all(sid in s.used for sid in roomy):
            return "only_ship_with_room_already_used"
        if st.ships == "same" and s.used and s.used[0] not in roomy:
            return "same_ship_full"
        if any(spec.ships[sid].destination == UNKNOWN and not s.ships[sid].tokens
               and not s.ships[sid].crew for sid in roomy):
            return "no_destination_token_for_unknown_ship"
        return self.nothing

    def apply(self, spec: GameSpec, s: GameState, it: I.Intent, st: C.BoardStep,
              out: Out) -> None:
        if not isinstance(it, I.Board):  # (no subclass: the same as its type)
            assert isinstance(it, I.Stop)
            emit(s, out, E.StepStopped(rule=st.rule, colour=it.colour, effect=st.effect,
                                       left=s.left))
            return
        if it.token is not None:
            emit(s, out, E.DestinationTokenPlaced(
                rule="destination_tokens.unknown_ship", ship=it.ship, zone=it.token,
                colour=it.colour))
        ev = E.AstronautsBoarded(st.rule, it.colour, it.ship, it.count)
        ev.apply(s)  # emit, inlined on the hot path (the rule comes from the data)
        out.append(ev)

    def diagnose(self, spec: GameSpec, s: GameState, it: I.Intent, st: C.BoardStep,
                 character: str) -> Fact | None:
        assert isinstance(it, I.Board)
        seat = s.seats[it.colour]
        char_rule = spec.characters[character].rule if character in spec.characters else st.rule
        if it.ship not in s.ships or s.ships[it.ship].launched:
            return ("ship_not_docked", "ships.docked_only", f"{it.ship} is not docked",
                    {"ship": it.ship, "docked": s.docked()})
        need = s.left if st.all_or_nothing else 1
        if seat.supply < it.count:
            return ("no_astronauts_in_supply", "components.astronauts",
                    f"{it.colour} has {seat.supply} astronauts left", {"supply": seat.supply})
        if st.all_or_nothing and it.count != need:
            return ("must_place_all", self.rule(st, "all_or_nothing"),
                    f"all {need} astronauts go on one ship at once",
                    {"count": it.count, "required": need})
        if it.count != need:
            return ("wrong_count", st.rule, f"place {need} astronaut(s) at a time",
                    {"count": it.count, "required": need})
        free = room(spec, s, it.ship)
        if free < it.count:
            return ("ship_full", "ships.capacity",
                    f"{it.ship} has room for {free} more, not {it.count}",
                    {"ship": it.ship, "room": free, "capacity": spec.capacity(it.ship),
                     "count": it.count})
        if st.ships == "distinct" and it.ship in s.used:
            return ("ship_already_used", char_rule,
                    f"each astronaut goes on a different ship; {it.ship} already has one",
                    {"ship": it.ship, "used": list(s.used)})
        if st.ships == "same" and s.used and it.ship != s.used[0]:
            return ("must_use_same_ship", char_rule,
                    f"all astronauts go on {s.used[0]}", {"ship": it.ship, "required": s.used[0]})
        fit = together(spec, s, it.colour, st)
        if free < fit:
            roomy = [sid for sid in s.docked() if room(spec, s, sid) >= fit]
            return ("ship_too_small_for_all", self.rule(st, "together"),
                    f"all {fit} astronauts go on one ship, and {it.ship} has room for {free}",
                    {"ship": it.ship, "room": free, "count": fit, "ships": roomy})
        ship = s.ships[it.ship]
        unknown = spec.ships[it.ship].destination == UNKNOWN and not ship.tokens and not ship.crew
        if unknown and not any(n > 0 for n in s.dest_supply.values()):
            return ("no_destination_token_left", "destination_tokens.none_left",
                    f"{it.ship} has an unknown destination and no destination token is left "
                    "to give it one", {"ship": it.ship})
        if unknown and it.token is None:
            return ("destination_token_required", "destination_tokens.unknown_ship",
                    f"{it.ship} has an unknown destination: the first astronaut aboard chooses a "
                    "destination token", {"ship": it.ship})
        if not unknown and it.token is not None:
            piloted = spec.ships[it.ship].destination == UNKNOWN and not ship.crew
            return ("destination_token_not_allowed", "destination_tokens.unknown_after_pilot"
                    if piloted else "destination_tokens.use",
                    f"{it.ship} needs no destination token from this placement",
                    {"ship": it.ship, "token": it.token})
        if it.token is not None and s.dest_supply.get(it.token, 0) <= 0:
            return ("destination_token_unavailable", "destination_tokens.supply_limit",
                    f"no {it.token} destination token is left in the supply",
                    {"token": it.token})
        return None
