"""Effect intents: what the app, an Adventure, a Malfunction card or a resolved action does
to the HUB, entered by the table in any phase and checked against the rules."""

from __future__ import annotations

from mrp_tutor.games.first_martians import effects_more as M
from mrp_tutor.games.first_martians import mission_log
from mrp_tutor.games.first_martians.errors import FmError
from mrp_tutor.games.first_martians.events import (
    Healed,
    MoraleTokens,
    RoverRepaired,
    SampleGathered,
    ShutdownRemoved,
    StatusBroken,
    StatusRepaired,
    Tallied,
    TileRevealed,
    TokenPlaced,
)
from mrp_tutor.games.first_martians.intents import Intent, PlaceToken
from mrp_tutor.games.first_martians.lookup import astronaut as _astronaut
from mrp_tutor.games.first_martians.lookup import facility as _facility
from mrp_tutor.games.first_martians.run import Run


def _rule_known(rule: str) -> None:
    from mrp_tutor.games.first_martians.content import rulebook

    if rule not in rulebook():
        raise FmError("fm.unknown_rule", None, f"{rule!r} is not a rule id of the First "
                      "Martians rules file", {"rule": rule})


def _tile_space(r: Run, space: str, rule: str, *, revealed: bool) -> str:
    known = {s.id: s for s in r.board.spaces}
    if space not in known or space == "hub":
        raise FmError("fm.unknown_space", rule, f"there is no map space {space!r} for an ROI",
                      {"space": space})
    if revealed != (space in r.s.tiles):
        raise FmError("fm.not_revealed" if revealed else "fm.already_revealed", rule,
                      f"{known[space].name} is " + ("not revealed" if revealed else
                                                    "already revealed"), {"space": space})
    return space


def _place_token(r: Run, it: PlaceToken, rule: str) -> None:
    """A Modifier token on a Facility (not a Shutdown one) or on a rover's X space; the same
    penalty twice on one ! space is ignored (Extra Pawn excepted)."""
    if (it.facility is None) == (it.rover is None):
        raise FmError("fm.token_target", rule, "a Modifier token goes on one Facility or on "
                      "one rover", {})
    if it.rover is not None:
        if it.space != "now":
            raise FmError("fm.token_target", rule, "a rover has only its X space", {})
        rv = r.s.rovers[it.rover]
        if it.token not in ("extra_pawn", "blocked") and it.token in rv.tokens:
            r.emit(Tallied(rule="modifiers.same_penalty", step="token_ignored",
                           facts={"facility": it.rover, "token": it.token, "why": "same"}))
        else:
            r.emit(TokenPlaced(rule=rule, token=it.token, rover=it.rover))
        return
    f = _facility(r, it.facility or "", rule)
    if f.shut:
        r.emit(Tallied(rule="shutdown.effects", step="token_ignored",
                       facts={"facility": f.id, "token": it.token, "why": "shutdown"}))
    elif it.space == "now" and it.token != "extra_pawn" and it.token in f.now:
        r.emit(Tallied(rule="modifiers.same_penalty", step="token_ignored",
                       facts={"facility": f.id, "token": it.token, "why": "same"}))
    else:
        r.emit(TokenPlaced(rule=rule, facility=f.id, token=it.token, space=it.space))


def apply_effect(r: Run, it: Intent) -> None:
    rule = getattr(it, "rule", "events.mission_event")
    _rule_known(rule)
    if M.apply_more(r, it, rule):
        return
    if it.type == "advance_malfunction":
        r.malfunction(it.block, it.by, "manage.limits" if it.by < 0 else rule)
    elif it.type == "change_supply":
        r.supply(it.resource, it.delta, rule, "an effect entered by the table")
    elif it.type == "change_morale":
        r.morale(it.delta, rule)
    elif it.type == "change_stress":
        r.stress(it.delta, rule, "an effect entered by the table")
    elif it.type == "wound":
        _astronaut(r, it.astronaut, rule)
        r.wound(it.astronaut, it.count, "an effect entered by the table", rule)
    elif it.type == "add_log_event":
        mission_log.add(r, it.name, it.pawns, rule, asks=it.asks, follows=it.follows,
                        sol=it.sol)
    elif it.type in ("break_status", "repair_status"):
        f = _facility(r, it.facility, rule)
        if not f.uses(it.part):
            raise FmError("fm.no_such_status", rule, f"{f.name} has no {it.part} status",
                          {"facility": f.id, "part": it.part})
        if it.type == "break_status":
            r.emit(StatusBroken(rule=rule, facility=f.id, part=it.part,
                                effect=not f.shut and not f.red(it.part)))
        elif not f.red(it.part):
            raise FmError("fm.status_not_red", rule, f"{f.name}'s {it.part} status is green: "
                          "nothing to repair", {"facility": f.id, "part": it.part})
        else:
            r.emit(StatusRepaired(rule=rule, facility=f.id, part=it.part))
    elif it.type == "clear_shutdown":
        f = _facility(r, it.facility, rule)
        if getattr(f, f"shutdown_{it.kind}") is None:
            raise FmError("fm.no_shutdown_tile", rule, f"{f.name} has no {it.kind} Shutdown "
                          "tile", {"facility": f.id, "kind": it.kind})
        r.emit(ShutdownRemoved(rule=rule, facility=f.id, kind=it.kind))
    elif it.type == "place_token":
        _place_token(r, it, rule)
    elif it.type == "reveal_tile":
        space = _tile_space(r, it.space, rule, revealed=False)
        if not next(x for x in r.board.spaces if x.id == space).explorable:
            rule = "tutor.mission_tiles"  # never explored: a Mission sheet or event put it
        r.emit(TileRevealed(rule=rule, space=space, name=it.name, icons=list(it.icons),
                            samples=it.icons.count("sample"),
                            impassable_outer=it.impassable_outer))
    elif it.type in ("heal", "morale_tokens"):
        a = _astronaut(r, it.astronaut, rule)
        if it.type == "morale_tokens":
            value = max(0, a.morale_tokens + it.delta)  # discarding what you lack: no effect
            if value != a.morale_tokens:
                r.emit(MoraleTokens(rule=rule, astronaut=a.id, delta=value - a.morale_tokens,
                                    value=value))
        elif it.condition is not None:
            if it.condition not in a.conditions:
                raise FmError("fm.no_such_condition", rule, f"{a.name} has no "
                              f"{it.condition.replace('_', ' ')} Condition",
                              {"astronaut": a.id, "condition": it.condition})
            r.emit(Healed(rule=rule, astronaut=a.id, wounds=a.wounds, condition=it.condition))
        elif a.wounds == 0:
            raise FmError("fm.nothing_to_heal", rule, f"{a.name} has no wound to heal",
                          {"astronaut": a.id})
        else:
            r.emit(Healed(rule=rule, astronaut=a.id, wounds=a.wounds - 1))
    elif it.type == "repair_rover":
        rv = r.s.rovers[it.rover]
        name = it.rover.capitalize()
        if rv.blocked == 0:
            raise FmError("fm.rover_not_blocked", rule, f"{name} has no Blocked token",
                          {"rover": it.rover})
        if rv.blocked - rv.fresh < 1:
            raise FmError("fm.blocked_this_phase", rule, f"{name}'s Blocked token was placed "
                          "in this Action Phase: it cannot be repaired before the next one",
                          {"rover": it.rover})
        r.emit(RoverRepaired(rule=rule, rover=it.rover))
    elif it.type == "gather_sample":
        space = _tile_space(r, it.space, rule, revealed=True)
        tile = r.s.tiles[space]
        if tile.samples < 1:
            raise FmError("fm.no_sample_there", rule, f"{tile.name} has no sample left",
                          {"space": space})
        r.emit(SampleGathered(rule=rule, space=space))
