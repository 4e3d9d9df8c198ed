"""The resolution a table position is in: who resolves which character at which step, who
waits, in the order the position's ruleset calls characters (part of
:func:`~.position.build_state`)."""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine.game import current_step
from mrp_tutor.games.mission_red_planet.engine.rulesets import Rules
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState
from mrp_tutor.games.mission_red_planet.scenarios.model import Position, Resolving
from mrp_tutor.games.mission_red_planet.scenarios.problems import Problems


def resolution(
    spec: GameSpec, s: GameState, pos: Position, p: Problems, players: list[str], rules: Rules
) -> None:
    """Who resolves which character at which step, and who waits (in the ruleset's order)."""
    countdown = rules.calling_order(spec)  # 9 -> 1, or the first edition's 1 -> 9
    seating_i = players.index(s.first) if s.first in players else 0
    seating = players[seating_i:] + players[:seating_i]
    for c, since in pos.holds.items():  # a card held past its number (its checks: the
        if c in players:  # ruleset's state problems); it waits after every other card
            s.holds[c] = since or ""
        else:
            p.add(f"holds.{c}", f"colour {c!r} is not at this table", "setup.colors")
    held = [c for c in seating if c in s.holds]
    if pos.stage in ("choose", "missions"):
        if pos.resolving is not None:
            p.add("resolving", "nobody resolves a character before every card is chosen",
                  "round.choose")
        return
    if pos.stage != "resolve":
        if pos.resolving is not None:
            p.add("resolving", f"no character is resolved in the {pos.stage} stage",
                  "round.sequence")
        for c in players:
            if s.seats[c].chosen is not None:
                p.add(f"seats.{c}.chosen", f"no character is waiting face down in the "
                      f"{pos.stage} stage", "round.sequence")
        return
    r = pos.resolving
    if r is None:
        missing = [c for c in players if s.seats[c].chosen is None]
        if len(missing) == len(players):
            p.add("seats", "in the resolve step at least one chosen card waits, or someone is "
                  "resolving", "round.countdown")
        s.queue = [c for ch in countdown for c in seating
                   if s.seats[c].chosen == ch and c not in s.holds] + held
        return
    if r.colour not in players:
        p.add("resolving.colour", f"colour {r.colour!r} is not at this table", "setup.colors")
        return
    if r.character not in spec.characters:
        p.add("resolving.character", f"unknown character {r.character!r}",
              "components.character_cards")
        return
    seat = s.seats[r.colour]
    if seat.chosen == r.character:
        seat.chosen = None
    if r.character in seat.hand:
        p.add("resolving.character", f"{r.character} is in {r.colour}'s hand, not being "
              "resolved", "round.played_cards")
        return
    if seat.chosen is not None:
        p.add(f"seats.{r.colour}.chosen", f"{r.colour} is resolving {r.character} and cannot "
              "also have a card face down", "round.choose")
    if r.character not in seat.played:
        seat.played.append(r.character)
    elif seat.played[-1] != r.character:
        seat.played.remove(r.character)
        seat.played.append(r.character)
    now = countdown.index(r.character)
    me = seating.index(r.colour)
    # a character that may act early (the Guileful Genius) did so when one that comes before
    # it in the call order (a lower number, or the same one earlier clockwise) still waits,
    # face down or turned up at the call it cut into
    early = rules.may_act_early(s, r.colour) and (bool(r.turned_up) or any(
        (countdown.index(x.chosen), seating.index(c)) < (now, me) for c, x in s.seats.items()
        if c != r.colour and x.chosen is not None and c not in s.holds))
    now = 0 if early else now
    queue = _turned_up(s, r, p, early)
    for c in seating:
        other = s.seats[c]
        if c == r.colour or other.chosen is None or c in s.holds:
            continue
        k = countdown.index(other.chosen)
        if not early and (k < now or (k == now and seating.index(c) < me)):
            p.add(f"seats.{c}.chosen", f"{c}'s {other.chosen} would already have been resolved "
                  f"before {r.colour}'s {r.character}", "round.countdown")
    for ch in countdown[now:]:
        for c in seating:
            other = s.seats[c]
            if c != r.colour and other.chosen == ch and c not in s.holds:
                queue.append(c)
                if ch == r.character and not early:  # turned up with the one resolved
                    other.chosen = None
                    other.played.append(ch)
    s.queue = queue + [c for c in held if c != r.colour]
    s.cur, s.char, s.step = r.colour, r.character, r.step
    _step(spec, s, r, p, rules)


def _turned_up(s: GameState, r: Resolving, p: Problems, early: bool) -> list[str]:
    """The colours whose card was turned up at the call a character acting out of the call
    order (the Guileful Genius) cut into: they resolve next, in the position's order."""
    out: list[str] = []
    for i, c in enumerate(r.turned_up):
        seat = s.seats.get(c)
        if seat is None or c == r.colour or c in out or seat.chosen is not None \
                or not seat.played or not early:
            p.add(f"resolving.turned_up[{i}]", f"{c!r} has no card turned up waiting to be "
                  "resolved after a character acting out of the call order", "round.countdown")
        else:
            out.append(c)
    return out


def _step(spec: GameSpec, s: GameState, r: Resolving, p: Problems, rules: Rules) -> None:
    """The step being resolved: what is left of it, the ships it used, a held discovery."""
    steps = spec.characters[r.character].steps
    if r.step >= len(steps):
        p.add("resolving.step", f"{r.character} has {len(steps)} steps (0..{len(steps) - 1})",
              "round.top_to_bottom")
        s.cur = s.char = None
        return
    st = current_step(spec, s)
    assert st is not None
    full = _step_count(st)
    for i, sid in enumerate(r.used):  # (a launched one: boarded by an ability)
        ship = s.ships.get(sid)
        if ship is None or (ship.launched and not rules.may_overfill(s, ship)):
            p.add(f"resolving.used[{i}]", f"ship {sid!r} is not docked", "ships.docked_only")
    if isinstance(st, C.RecallStep):
        p.add("resolving.step", "the Recruiter's recall has no decision: resolve from the step "
              "before it", "characters.recruiter")
    left = r.left if r.left is not None else max(full - len(r.used), 0)
    if r.held is not None:
        s.held = r.held
        if not isinstance(st, C.DrawOrPeekStep):
            p.add("resolving.held", "only the Scientist's draw gives a discovery to assign",
                  "characters.scientist")
    elif left < 1:
        p.add("resolving.left", "nothing is left of this step: give the next step instead",
              "round.top_to_bottom")
    if left > full:
        p.add("resolving.left", f"this step does at most {full}", spec.characters[r.character].rule)
    s.left, s.done, s.used = left, r.done, list(r.used)


def _step_count(step: C.CharacterStep) -> int:
    from mrp_tutor.games.mission_red_planet.engine.effects import effect_for

    return effect_for(step).count(step)
