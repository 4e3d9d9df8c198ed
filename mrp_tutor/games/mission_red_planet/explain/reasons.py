"""Why an option: one true sentence on what it does in this position, and the rule it rests on.

Everything is computed from a seat's view (:func:`~.engine.views.view_for`) with the real
rules' counts: a boarding counts every astronaut already aboard the ship (rivals' too, since
they land with it) and the zone's astronauts after the ship lands; a move counts the zone
after the move.  No sentence ranks an option against the others: what the search found is
said by the coach itself (:mod:`.coach`), which knows the statistics.

A *standing* is who would have the most astronauts in a zone (``production.majority``: the
most astronauts there take its production; ties share, ``production.tie``).  The sentences
of a standing use three fixed forms, so a checker can read them back
(``tests/engine/test_coach_truth.py``): "you would have the most astronauts there",
"you would be tied for the most astronauts there", "you would have fewer astronauts there
than".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import CITES
from mrp_tutor.games.mission_red_planet.engine.determinize import public_state
from mrp_tutor.games.mission_red_planet.engine.heuristics import board_target
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState
from mrp_tutor.games.mission_red_planet.explain.options import plural

#: what a character's reason says of its citation (dropped where no rule is cited beside it)
CITED = "; its effect is in the rule cited"
#: the three standing forms (see the module's text)
LEAD, TIED, BEHIND = ("you would have the most astronauts there",
                      "you would be tied for the most astronauts there",
                      "you would have fewer astronauts there than")


@dataclass(frozen=True)
class Reason:
    """A sentence on what an option does, and the rule id it rests on (None: the
    decision's own rule)."""

    text: str
    rule: str | None


def standing_after(counts: Mapping[str, int], me: str) -> str:
    """``me``'s standing in a zone whose astronauts would be ``counts``, in one of the three
    fixed forms, with the counts."""
    mine = counts.get(me, 0)
    others = {c: n for c, n in counts.items() if c != me and n > 0}
    best = max(others.values(), default=0)
    if mine > best:
        tail = f" ({mine} against at most {best})" if best else f" ({mine}, nobody else)"
        return LEAD + tail
    if mine == best:
        return f"{TIED} ({mine} each)"
    top = sorted(c for c, n in others.items() if n == best)
    return f"{BEHIND} {' and '.join(top)} ({mine} against {best})"


def _name(spec: GameSpec, x: str) -> str:
    return spec.card_name(x)


def _waiting(spec: GameSpec, s: GameState, zone: str) -> str:
    tokens = sum(s.waiting.get(zone, {}).values())
    return (f"; {plural(tokens, 'point token')} {'waits' if tokens == 1 else 'wait'} there"
            if tokens else "")


def _board(spec: GameSpec, s: GameState, it: I.Board) -> Reason:
    ship = s.ships[it.ship]
    zone = board_target(spec, s, it.token, it.ship)
    room = spec.cap[it.ship] - sum(ship.crew.values()) - it.count
    full = " It fills the ship, so it launches." if room <= 0 else ""
    if zone is None:
        return Reason("It puts astronauts aboard a ship whose destination is still unknown: "
                      f"where they land is not decided yet.{full}",
                      "destination_tokens.unknown_ship")
    after = dict(s.zones.get(zone, {}))
    for c, n in ship.crew.items():  # everyone aboard lands with the ship
        after[c] = after.get(c, 0) + n
    after[it.colour] = after.get(it.colour, 0) + it.count
    aboard = ship.crew.get(it.colour, 0) + it.count
    rivals = sum(ship.crew.values()) - ship.crew.get(it.colour, 0)
    return Reason(
        f"The ship is bound for {_name(spec, zone)} with {plural(aboard, 'astronaut')} of yours "
        f"and {plural(rivals, 'rival astronaut')} aboard; if it landed with them now, "
        f"{standing_after(after, it.colour)}{_waiting(spec, s, zone)}.{full}",
        "production.majority")


def _arrive(spec: GameSpec, s: GameState, me: str, zone: str, leave: str | None) -> str:
    after = dict(s.zones.get(zone, {}))
    after[me] = after.get(me, 0) + 1
    text = f"In {_name(spec, zone)} {standing_after(after, me)}{_waiting(spec, s, zone)}"
    if leave is not None and leave in s.zones:
        left = dict(s.zones[leave])
        left[me] = left.get(me, 0) - 1
        text += f"; in {_name(spec, leave)} {standing_after(left, me)}" if left[me] > 0 else (
            f"; you would have no astronaut left in {_name(spec, leave)}")
    return text + "."


def _remove(spec: GameSpec, s: GameState, it: I.Kill | I.Replace) -> Reason:
    place = it.zone if isinstance(it, I.Kill) else it.place
    rule = "memorial.killed"
    if it.victim == it.colour:
        return Reason("It kills one of your own astronauts (it goes to the Memorial).", rule)
    if place in s.zones:
        counts = s.zones[place]
        n = counts.get(it.victim, 0)
        after = dict(counts)
        after[it.victim] = n - 1
        if isinstance(it, I.Replace):
            after[it.colour] = after.get(it.colour, 0) + 1
        return Reason(f"A {it.victim} astronaut of {n} in {_name(spec, place)} goes to the "
                      f"Memorial; then {standing_after(after, it.colour)}.", rule)
    dest = board_target(spec, s, None, place) if place in s.ships else None
    where = _name(spec, dest) if dest else "an unknown destination"
    return Reason(f"A {it.victim} astronaut aboard the ship bound for {where} goes to the "
                  "Memorial before it lands.", rule)


def _ship(spec: GameSpec, s: GameState, it: I.Intent) -> Reason | None:
    sid = getattr(it, "ship", "")
    if sid not in s.ships:
        return None
    crew = s.ships[sid].crew
    mine = crew.get(it.colour, 0)
    rivals = sum(crew.values()) - mine
    dest = board_target(spec, s, None, sid)
    where = _name(spec, dest) if dest else "an unknown destination"
    if isinstance(it, I.Launch):
        return Reason(f"It sends the ship to {where} now, with {plural(mine, 'astronaut')} of "
                      f"yours and {plural(rivals, 'rival astronaut')} aboard.", "round.land")
    if isinstance(it, I.Destroy):
        return Reason(f"It destroys the ship bound for {where}: {plural(rivals, 'rival astronaut')}"
                      f" and {mine} of yours go to the Memorial.", "characters.saboteur")
    if isinstance(it, I.PlaceToken):
        after = dict(s.zones.get(it.zone, {}))
        for c, n in crew.items():
            after[c] = after.get(c, 0) + n
        return Reason(f"The ship would land in {_name(spec, it.zone)} instead of {where}; if it "
                      f"landed with its crew now, {standing_after(after, it.colour)}.",
                      "destination_tokens.use")
    return None


def card_rule(spec: GameSpec, character: str, decision_rule: str | None) -> str | None:
    """The rule of the character card ``character`` in ``spec``'s rules file (a ruleset's own
    ids may carry a prefix: ``fe.characters.scientist``), else ``decision_rule`` (the
    decision's), else None: never an id the rules file does not hold."""
    own = f"characters.{character}"
    found = sorted((r for r in spec.rules if r == own or r.endswith("." + own)
                    or r.startswith(own + ".") or f".{own}." in r), key=len)
    if found:
        return found[0]
    return decision_rule if decision_rule in spec.rules else None


def _character(spec: GameSpec, view: Mapping[str, Any], it: I.ChooseCharacter) -> Reason:
    rule = card_rule(spec, it.character, (view.get("decision") or {}).get("rule"))
    return Reason(f"The {_name(spec, it.character)} acts when its number is called{CITED}.",
                  rule)


def why(spec: GameSpec, view: Mapping[str, Any], it: I.Intent) -> Reason | None:
    """What ``it`` does for the seat whose ``view`` this is (None: nothing to say beyond the
    search's figures), citing a rule ``spec``'s rules file holds (:func:`known_rule`)."""
    r = _why(spec, view, it)
    return None if r is None else Reason(r.text, known_rule(spec, r.rule))


def known_rule(spec: GameSpec, rule: str | None) -> str | None:
    """``rule`` when ``spec``'s rules file holds it, else the ruleset's rule that says the same
    (``Rules.rule_ids``, which its events cite: ``production.majority`` ->
    ``fe.scoring.majority``), else the one id it holds under a ruleset's prefix (``fe.`` +
    ``rule``), else None (the decision's own rule): the reasons
    name the second edition's ids, which another ruleset's file may not hold."""
    if rule is None or rule in spec.rules:
        return rule
    same = CITES.get(spec.ruleset, {}).get(rule)  # the ruleset's rule saying the same thing
    if same in spec.rules:
        return same
    found = [r for r in spec.rules if r.endswith("." + rule)]
    return found[0] if len(found) == 1 else None


def _why(spec: GameSpec, view: Mapping[str, Any], it: I.Intent) -> Reason | None:
    s = public_state(spec, dict(view), seed=0)  # the board as seen: no hidden card in it
    if isinstance(it, I.Board):
        return _board(spec, s, it)
    if isinstance(it, I.Move):
        return Reason(_arrive(spec, s, it.colour, it.to_zone, it.from_zone), "production.majority")
    if isinstance(it, I.Drop):
        return Reason(_arrive(spec, s, it.colour, it.to_zone, None), "production.majority")
    if isinstance(it, I.Rescue):
        return Reason(_arrive(spec, s, it.colour, it.zone, None), "actions.effect")
    if isinstance(it, I.Kill | I.Replace):
        return _remove(spec, s, it)
    if hasattr(it, "ship"):
        r = _ship(spec, s, it)
        if r is not None:
            return r
    if isinstance(it, I.ChooseCharacter):
        return _character(spec, view, it)
    if isinstance(it, I.Stop):
        return Reason(f"It ends this effect now, leaving {plural(s.left, 'use')} of it unused.",
                      None)
    return None


#: the second person of the reasons above, and how to say it of a named colour
_SECOND_PERSON = (("you would", "{} would"), ("of yours", "of {}'s"), ("your own", "{}'s own"),
                  ("that you won", "that {} won"), ("You won", "{} won"))  # a card's story


def told_of(text: str, colour: str) -> str:
    """A reason written for the seat that decides (``you``) retold about ``colour``, when
    someone else reads it (a bot's "Why" on the learner's page: "you" there is the
    learner)."""
    name = colour.capitalize()
    for mine, theirs in _SECOND_PERSON:
        text = text.replace(mine, theirs.format(name))
    return text

