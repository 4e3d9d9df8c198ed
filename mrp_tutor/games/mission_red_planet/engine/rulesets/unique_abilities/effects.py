"""What each ability does once paid, which tokens a payment forces, and why a target is wrong
(the ``unique_abilities`` ruleset; rule ids ``fe.abilities.*`` and ``ua.tutor.*``)."""

from __future__ import annotations

from collections.abc import Mapping

from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.basics import Fact, Out, current_step, emit, flip
from mrp_tutor.games.mission_red_planet.engine.rulesets.unique_abilities import genius
from mrp_tutor.games.mission_red_planet.engine.rulesets.unique_abilities.sheets import Sheet
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState, Window


def forced_payment(tokens: dict[str, int], owed: int) -> list[tuple[str, int]]:
    """The tokens a payment of ``owed`` must take when there is no choice left (one type held,
    or exactly as many tokens as owed); empty when the player has a choice to make.

    >>> forced_payment({"ice": 2, "sylvanite": 0, "celerium": 0}, 2)
    [('ice', 2)]
    >>> forced_payment({"ice": 1, "sylvanite": 1, "celerium": 0}, 1)
    []
    """
    held = [(r, n) for r, n in tokens.items() if n > 0]
    if owed <= 0:
        return []
    if len(held) == 1:
        return [(held[0][0], min(owed, held[0][1]))]
    if sum(n for _, n in held) == owed:
        return held
    return []


def conspirator_paid(s: GameState) -> bool:
    """Has the Cunning Conspirator paid for this action already (seed 003 §5: "spend 1 ... to
    place your astronaut(s)": one payment for the astronauts of one action)?  An astronaut
    of this step went on a launched shuttle: only the ability puts one there."""
    return any(sid in s.launched for sid in s.used)


def _close(s: GameState, out: Out, w: Window, rule: str) -> None:
    emit(s, out, E.AbilityWindowClosed(rule=rule, colour=w.colour, ability=w.ability, used=True))


def finish_use(sheets: Mapping[str, Sheet], spec: GameSpec, s: GameState, out: Out,
               w: Window) -> None:
    """The paid use of the first window (``sheets``: the ruleset's, by id): its effect, then
    the window closes."""
    sheet = sheets[w.ability]
    c, a, target, rule = w.colour, w.ability, w.target, sheet.rule
    seat = s.seats[c]
    if a == "devious_despot" and target is not None:
        emit(s, out, E.CharacterTakenBack(rule=rule, colour=c, card=target))
    elif a == "versatile_villain" and target is not None:
        emit(s, out, E.DiscoveryPeeked(rule=rule, colour=c, zone=target,
                                       card=s.discoveries[target]))
    elif a == "stealthy_spy" and target is None:  # the reveal, then perhaps the swap
        shown = tuple((x, s.seats[x].chosen or "") for x in s.order
                      if x != c and s.seats[x].chosen is not None)
        emit(s, out, E.CharactersShown(rule=rule, colour=c, shown=shown))
        _close(s, out, w, rule)
        if sum(seat.tokens.values()) >= sheet.second_cost and seat.hand:
            emit(s, out, E.AbilityWindowOpened(rule="ua.tutor.spy_swap", colour=c, ability=a,
                                               point="spy_swap"))
        return
    elif a == "stealthy_spy" and target is not None:
        emit(s, out, E.CharacterSwapped(rule="ua.tutor.spy_swap", colour=c,
                                        returned=seat.chosen or "", chosen=target))
    elif a == "guileful_genius" and target == genius.LATER:
        _close(s, out, w, rule)
        genius.hold(spec, s, out, c)
        return
    elif a == "guileful_genius":
        _close(s, out, w, rule)
        card = seat.chosen or ""
        emit(s, out, E.CharacterRevealed(rule="ua.tutor.genius_between", colour=c,
                                         character=card))
        emit(s, out, E.ResolutionStarted(rule=rule, colour=c, character=card))
        return
    elif a == "cunning_conspirator" and target is not None:
        st = current_step(spec, s)
        n = s.left if st is not None and getattr(st, "all_or_nothing", False) else 1
        emit(s, out, E.AstronautsBoarded(rule=rule, colour=c, ship=target, count=n))
    elif a == "audacious_adventurer" and target is not None:
        moved = min(w.count, s.zones[w.zone].get(c, 0))
        for _ in range(moved):
            emit(s, out, E.AstronautMoved(rule=rule, colour=c, from_zone=w.zone,
                                          to_zone=target))
        flip(s, out, target, "fe.phase4.explore")
        _close(s, out, w, rule)
        _again(sheets, s, out, w, target, moved)
        return
    elif a == "major_mayhem" and target is not None:
        emit(s, out, E.AstronautKilled(rule=rule, colour=c, victim=target, place=w.zone))
        _close(s, out, w, rule)
        _again(sheets, s, out, w, w.zone, w.count)
        return
    _close(s, out, w, rule)


def _again(sheets: Mapping[str, Sheet], s: GameState, out: Out, w: Window, zone: str,
           count: int) -> None:
    """A landing ability may be used again at once while its owner can pay (seed 003 §7:
    each use paid in full; ua.tutor.your_shuttle): the Adventurer's astronauts from where they
    now stand, Major Mayhem while another player's astronaut is left in the region."""
    c = w.colour
    if sum(s.seats[c].tokens.values()) < sheets[w.ability].cost or count <= 0:
        return
    here = s.zones[zone]
    if (not here.get(c, 0) if w.ability == "audacious_adventurer"
            else not any(n > 0 for v, n in here.items() if v != c)):
        return
    emit(s, out, E.AbilityWindowOpened(rule="ua.tutor.your_shuttle", colour=c,
                                       ability=w.ability, point="landed", zone=zone,
                                       count=count))


def placement_ship_problem(st: object, s: GameState, sid: str) -> Fact | None:
    """Why the character's placement step ``st`` cannot put its next astronaut(s) on ``sid``
    (a launched shuttle the Cunning Conspirator boards), by the step's own shuttle rule: the
    Secret Agent's "1 astronaut in each of 2 different shuttles" (seed 003 §5) and the
    one-shuttle placements (Travel Agent, Soldier) bind the ability too."""
    mode = getattr(st, "ships", "any")
    rule = getattr(st, "rule", "fe.abilities.cunning_conspirator")
    if mode == "distinct" and sid in s.used:
        return ("ship_already_used", rule, f"each astronaut goes on a different shuttle; {sid} "
                "already has one", {"ship": sid, "used": list(s.used)})
    if mode == "same" and s.used and sid != s.used[0]:
        return ("must_use_same_ship", rule, f"all astronauts go on {s.used[0]}",
                {"ship": sid, "required": s.used[0]})
    return None


def target_problem(spec: GameSpec, s: GameState, c: str, sheet: Sheet, w: Window | None,
                   target: str | None) -> Fact | None:
    """Why ``target`` is not a target of ``sheet``'s ability now (None: it is one)."""
    seat = s.seats[c]
    a, rule = sheet.id, sheet.rule
    bad = "ability_bad_target"
    if a == "devious_despot" and target not in seat.played:
        return (bad, rule, f"{target!r} is not one of {c}'s set-aside characters "
                f"({', '.join(seat.played) or 'none'})", {"target": target,
                                                          "played": list(seat.played)})
    if a == "versatile_villain" and (target not in s.discoveries or s.discoveries_revealed):
        return (bad, rule, f"no face-down discovery lies in {target!r}",
                {"target": target, "zones": sorted(s.discoveries)})
    if a == "stealthy_spy":
        swap = w is not None and w.point == "spy_swap"
        if swap and target not in seat.hand:
            return (bad, "ua.tutor.spy_swap", f"{target!r} is not in {c}'s hand",
                    {"target": target, "hand": list(seat.hand)})
        if not swap and target is not None:
            return (bad, rule, "the Spy first makes the others show their characters "
                    "(no target)", {"target": target})
    if a == "guileful_genius" and genius.held(s, c) and target != genius.NOW:
        return (bad, genius.RULE, "the Genius holds its card already: it acts now (paid when "
                "it held) or waits", {"target": target, "holds": True})
    if a == "guileful_genius" and not genius.held(s, c) and target not in (None, genius.LATER):
        return (bad, rule, "the Genius acts now or holds its card for a later point of the "
                "order (acting for nothing more comes only after a hold)",
                {"target": target, "holds": False})
    if a == "cunning_conspirator" and target not in s.launched:
        return (bad, rule, f"{target!r} is not a shuttle launched this turn",
                {"target": target, "launched": list(s.launched)})
    if a == "cunning_conspirator" and target is not None:
        problem = placement_ship_problem(current_step(spec, s), s, target)
        if problem is not None:
            return problem
    if a == "audacious_adventurer" and w is not None and target not in spec.adjacent[w.zone]:
        return (bad, rule, f"{target!r} is not next to {spec.zone_info[w.zone].name}",
                {"target": target, "adjacent": list(spec.adjacent[w.zone])})
    if a == "major_mayhem" and w is not None:
        if target == c:
            return ("ability_own_astronaut", "fe.faq.mayhem_own",
                    "Major Mayhem eliminates another player's astronaut, never its own",
                    {"target": target})
        if not s.zones[w.zone].get(target or ""):
            return (bad, rule, f"{target!r} has no astronaut in "
                    f"{spec.zone_info[w.zone].name}", {"target": target, "zone": w.zone})
    return None
