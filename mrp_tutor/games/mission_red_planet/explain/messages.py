"""Sentences for events, errors and decisions, each with its rulebook citation.

Templates are keyed by event ``type`` and error ``code``; the engine itself never formats
prose.  Redacted events (hidden fields blanked for the viewer) read as "a card", "a mission".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from mrp_tutor.core.rules import Explanation as Explanation  # re-exported
from mrp_tutor.core.words import article, detail_words, plural
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError, MrpError
from mrp_tutor.games.mission_red_planet.engine.readings import BY_KEY
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.explain.abilities import ABILITY_EVENT_TEMPLATES
from mrp_tutor.games.mission_red_planet.explain.ending import game_ended
from mrp_tutor.games.mission_red_planet.explain.options import ship_name as _sn
from mrp_tutor.games.mission_red_planet.explain.rulebook import cite
from mrp_tutor.games.mission_red_planet.explain.stages import stage_words
from mrp_tutor.games.mission_red_planet.explain.words import ruleset_words, speak


def _c(colour: Any) -> str:
    return str(colour).capitalize() if colour else "Someone"


def _n(spec: GameSpec, ident: Any, fallback: str = "a card") -> str:
    if ident is None:
        return fallback
    return spec.card_name(str(ident))


def _amount(spec: GameSpec, card: Any) -> int:
    """The token change of an extra-production discovery (negative: an Empty Mine)."""
    entry = spec.discoveries.get(str(card))
    return int(getattr(getattr(entry, "effect", None), "amount", 0) or 0)


def _crew(crew: Any) -> str:
    if not crew:
        return "nobody"
    return _and(f"{n} {c}" for c, n in crew)


def _count(crew: Any) -> int:
    return sum(int(n) for _, n in crew or ())


def _and(items: Any) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    xs = [str(x) for x in items]
    return xs[0] if len(xs) == 1 else ", ".join(xs[:-1]) + " and " + xs[-1] if xs else ""


def _ship(spec: GameSpec, sid: str) -> str:
    sh = spec.ships.get(sid)
    if sh is None:
        return _sn(sid)
    dest = "unknown destination" if sh.destination == "unknown" else spec.card_name(sh.destination)
    return f"{_sn(sid)} ({dest}, capacity {sh.capacity})"


def _cap(text: str) -> str:
    """First letter upper case, the rest untouched (zone names keep their capitals)."""
    return text[:1].upper() + text[1:]


def _at(spec: GameSpec, place: Any) -> str:
    """``in Hellas`` or ``aboard ship 11``."""
    return f"aboard {_sn(str(place))}" if place in spec.ships else f"in {_n(spec, place)}"


T = Callable[[GameSpec, Any], str]

def _reading_words(key: str, other: bool) -> str:
    c = BY_KEY.get(key)
    if c is None:
        return "."
    words = c.other_words if other else c.tutor_words
    return f" ({words.split(': ', 1)[-1]})."


EVENT_TEMPLATES: dict[str, T] = {
    "game_started": lambda sp, e: _game_started(e),
    "deck_shuffled": lambda sp, e: (  # a shared deck, or a seat's own: <kind>:<colour>
        f"The {e.deck.partition(':')[0]} deck of {_c(e.deck.partition(':')[2])} is shuffled "
        "face down." if ":" in e.deck else f"The {e.deck} deck is shuffled."),
    "ship_docked": lambda sp, e: f"{_cap(_ship(sp, e.ship))} docks at dock {e.dock + 1}.",
    "ship_returned": lambda sp, e: f"{_cap(_sn(e.ship))} has an unknown destination, so at "
    "setup it goes back into the ship deck and another ship replaces it.",
    "destination_token_placed": lambda sp, e: (
        f"{_c(e.colour) if e.colour else 'Setup'} puts {article(_n(sp, e.zone))} destination "
        f"token on {_sn(e.ship)}: it now flies to {_n(sp, e.zone)}."),
    "astronauts_boarded": lambda sp, e: (
        f"{_c(e.colour)} places {e.count} astronaut{'s' if e.count != 1 else ''} on "
        f"{_ship(sp, e.ship)}."),
    "starting_astronauts_placed": lambda sp, e: "One astronaut of each player goes on each "
    "docked ship at random: " + ", ".join(f"{_c(c)} on {_sn(s)}" for s, c in e.placement) + ".",
    "first_player_set": lambda sp, e: f"{_c(e.colour)} is the first player.",
    "resources_placed": lambda sp, e: "A face-down resource token is placed in every zone"
    + (f" and on {sp.card_name(sp.moon)}" if sp.moon else "") + f"; {_aside(sp)}.",
    "missions_dealt": lambda sp, e: f"{_c(e.colour)} is dealt "
    f"{'' if e.cards is None else f'{len(e.cards)} '}cards to keep one {sp.term('mission')} from.",
    "dealt_cards_returned": lambda sp, e: f"{_c(e.colour)} puts back the dealt cards that "
    "cannot be kept (discoveries go back to the event deck).",
    "mission_kept": lambda sp, e: f"{_c(e.colour)} keeps "
    f"{_n(sp, e.card, 'one ' + sp.term('mission'))} and puts the rest back.",
    "stage_changed": lambda sp, e: stage_words(sp, e.stage),
    "track_advanced": lambda sp, e: (
        f"The round tracker moves to round {e.number}." if e.kind == "round" else
        f"The round tracker moves to the {_track_name(e.kind, e.number)}."),
    "neutral_card_drawn": lambda sp, e: f"The controller of {_c(e.colour)} (neutral) draws "
    f"{_n(sp, e.card, 'the top neutral card')} and looks at it.",
    "character_chosen": lambda sp, e: f"{_c(e.colour)} chooses "
    f"{_n(sp, e.character, 'a character')} face down.",
    "resolution_order_set": lambda sp, e: (
        f"{sp.term('Countdown from 9 to 1')}: characters resolve in the "
        + ("order " + ", ".join(_c(c) for c in e.order) + "." if e.order is not None else
           "order of their numbers, revealed as each number is called.")),
    "character_revealed": lambda sp, e: f"{_c(e.colour)} reveals the "
    f"{_n(sp, e.character)} ({sp.characters[e.character].number}).",
    "resolution_started": lambda sp, e: f"{_c(e.colour)} resolves the {_n(sp, e.character)}.",
    "step_started": lambda sp, e: f"{_n(sp, e.character)}, step {e.step + 1}: "
    f"{_step_name(e.effect, e.count)}.",
    "step_skipped": lambda sp, e: (
        f"{_c(e.colour)} cannot place all {e.left} astronauts on one ship "
        f"({_skip_reason(e)}): the Travel Agent's effect happens fully or not at all, so it is "
        "ignored and the turn is skipped."
        if _all_or_nothing(sp, e) else
        f"{_c(e.colour)} cannot do any more of \"{_step_name(e.effect, e.left)}\": "
        f"{_skip_reason(e)}. The step is resolved as fully as possible and ends."),
    "step_stopped": lambda sp, e: f"{_c(e.colour)} stops with {e.left} left.",
    "resolution_ended": lambda sp, e: f"{_c(e.colour)}'s {_n(sp, e.character)} is fully "
    "resolved; now full ships may launch.",
    "cards_recalled": lambda sp, e: f"{_c(e.colour)} takes back {len(e.cards)} played "
    "character cards, the Recruiter included.",
    "neutral_recruiter_boxed": lambda sp, e: f"The neutral Recruiter of {_c(e.colour)} leaves "
    "the game; the other neutral cards form a new deck.",
    "astronaut_moved": lambda sp, e: f"{_c(e.colour)} moves an astronaut from "
    f"{_n(sp, e.from_zone)} to {_n(sp, e.to_zone)}.",
    "resource_flipped": lambda sp, e: f"An astronaut reaches {_n(sp, e.zone)}: its resource is "
    f"turned face up: {e.resource}.",
    "event_card_drawn": lambda sp, e: f"{_c(e.colour)} draws an event card"
    + (f": {_n(sp, e.card)} ({e.kind})." if e.card else "."),
    "event_card_boxed": lambda sp, e: f"The neutral {_c(e.colour)} drew a mission or action; it "
    "goes back to the box unseen.",
    "discovery_assigned": lambda sp, e: f"{_c(e.colour)} slides a face-down discovery under "
    f"{_n(sp, e.zone)}.",
    "discovery_discarded": lambda sp, e: f"Every outer zone already has a discovery, so "
    f"{_c(e.colour)} discards {_n(sp, e.card)} face up and will look at one in play.",
    "discovery_peeked": lambda sp, e: f"{_c(e.colour)} looks at the discovery in "
    f"{_n(sp, e.zone)}" + (f": {_n(sp, e.card)}." if e.card else "."),
    "ship_launched": lambda sp, e: (
        f"{_c(e.colour)} forces {_sn(e.ship)} to launch before it is full." if e.forced else
        f"{_cap(_sn(e.ship))} is full and launches."),
    "ship_destroyed": lambda sp, e: (
        f"{_c(e.colour)} destroys {_sn(e.ship)}: {_crew(e.killed)} "
        f"{'is' if _count(e.killed) == 1 else 'are'} killed and sent to the Lost in Space "
        "Memorial." if e.killed else
        f"{_c(e.colour)} destroys {_sn(e.ship)}; nobody was aboard, so nobody is killed."),
    "destination_tokens_returned": lambda sp, e: (
        f"The {_and(_n(sp, z) for z in e.tokens)} destination token"
        f"{'s' if len(e.tokens) != 1 else ''} of the destroyed {_sn(e.ship)} "
        f"{'return' if len(e.tokens) != 1 else 'returns'} to the supply."),
    "astronaut_killed": lambda sp, e: f"{_c(e.colour)} kills a {e.victim} astronaut in "
    f"{_n(sp, e.place)}; it goes to the Lost in Space Memorial.",
    "astronaut_replaced": lambda sp, e: f"{_c(e.colour)} replaces a {e.victim} astronaut "
    f"{_at(sp, e.place)} with one of its own; the {e.victim} astronaut goes to the memorial.",
    "ship_landed": lambda sp, e: (
        f"{_cap(_sn(e.ship))} lands in {_n(sp, e.zone)} with {_crew(e.crew)}"
        + ("." if not e.tokens else " (its destination token returns to the supply)."
           if len(e.tokens) == 1 else
           f" (its {len(e.tokens)} destination tokens return to the supply).")
        if e.zone else f"{_cap(_sn(e.ship))} lands nowhere: it had no destination and nobody "
        "aboard."),
    "tokens_produced": lambda sp, e: (
        f"{_n(sp, e.zone)} produces {e.count} {e.resource} point token"
        f"{'s' if e.count != 1 else ''}"
        + (f" (only {e.count} of {e.wanted} were left in the supply)." if e.count < e.wanted
           else ".")),
    "tokens_awarded": lambda sp, e: f"{_c(e.colour)} receives {e.count} {e.resource} token"
    f"{'s' if e.count != 1 else ''} from {_n(sp, e.zone)}.",
    "resource_replaced": lambda sp, e: f"{_n(sp, e.card)}: the resource of {_n(sp, e.zone)} "
    f"becomes {e.new} (was {e.old}); its waiting tokens change to {e.new}.",
    "tokens_removed": lambda sp, e: (
        f"{_n(sp, e.card)}: the point tokens in {_n(sp, e.zone)} are removed." if e.card else
        f"{_tokens(e.resources)} nobody took in {_n(sp, e.zone)} "
        f"{'leaves' if _one(e) else 'leave'} the game: the last scoring is over."),
    "tokens_stayed": lambda sp, e: (
        f"Nobody takes the {_tokens(e.resources)} in {_n(sp, e.zone)}: players tied for the "
        "most take nothing, whatever the count." if e.reason == "tie_takes_nothing" else
        f"{', '.join(f'{n} {r}' for r, n in e.resources)} stay{'s' if _one(e) else ''} in "
        f"{_n(sp, e.zone)}" + {"production.empty": ": nobody is there.",
                               "tie": ": they cannot be split evenly among the tied players.",
                               "discoveries.subterfuge": ": only one player is there."}.get(
            e.reason, ".")),
    "tokens_gained": lambda sp, e: f"{_c(e.colour)} gains {e.count} {e.resource} token"
    f"{'s' if e.count != 1 else ''}"
    + (f" from {_n(sp, e.card)}." if e.card else " to start with."),
    "discoveries_revealed": lambda sp, e: "All discovery cards are turned face up: "
    + (", ".join(f"{_n(sp, c)} in {_n(sp, z)}" for z, c in e.cards) or "none") + ".",
    "work_queued": lambda sp, e: (
        "Some decisions are to be made in this phase." if e.items is None
        else f"{plural(len(e.items), 'decision')} to make in this phase."),
    "work_started": lambda sp, e: f"{_c(e.item[1])} resolves {_n(sp, e.item[2])}.",
    "work_done": lambda sp, e: (f"{_c(e.item[1])} is done with {_n(sp, e.item[2] or None)}."
                                if e.item and e.item[1] else
                                "The moment for that action card has passed."),
    "astronaut_removed": lambda sp, e: f"{_n(sp, e.card)}: {_c(e.colour)} removes an astronaut "
    f"from {_n(sp, e.zone)}.",
    "astronauts_unloaded": lambda sp, e: f"{_n(sp, e.card)}: {_crew(e.crew)} from {_sn(e.ship)} "
    f"land in {_n(sp, e.zone)}.",
    "action_played": lambda sp, e: f"{_c(e.colour)} plays the action {_n(sp, e.card)}.",
    "action_kept": lambda sp, e: (f"{_c(e.colour)} does not play "
                                  if e.colour else "The card is not played ")
    + f"{_n(sp, e.card, 'an action card')} now; it stays hidden and unplayed, its moment past.",
    "astronaut_rescued": lambda sp, e: f"{_c(e.colour)} brings an astronaut back from the "
    f"memorial to {_n(sp, e.zone)}.",
    "production_modified": lambda sp, e: f"{_n(sp, e.card)} in {_n(sp, e.zone)}: "
    + {"no_production": "this zone produces nothing.",
       "synergy_blocked": "Mining Incident takes precedence; no extra tokens here.",
       "extra_production": ("fewer tokens are produced." if _amount(sp, e.card) < 0
                            else "extra tokens are produced."),
       "produce_resource_instead": "this zone produces another resource."}.get(
        e.effect, e.effect.replace("_", " ") + "."),
    "mission_scored": lambda sp, e: (
        f"{_c(e.colour)}'s {sp.term('mission')} {_n(sp, e.card)}: "
        + (f"completed, {plural(e.points, 'point')}" if e.completed and e.points
           else "scores nothing" if e.completed else "not completed")
        + f" ({detail_words(e.detail)})."),
    "ice_monopoly_scored": lambda sp, e: (
        f"{sp.term('Ice Monopoly')}: nobody holds an ice token, so nobody completes it."
        if not e.colours else f"{sp.term('Ice Monopoly')}: {', '.join(_c(c) for c in e.colours)} "
        + (f"has the most ice ({e.ice}) and gains {plural(e.points, 'point')}."
           if len(e.colours) == 1
           else f"tie for the most ice ({e.ice}) and split the points: {e.points} each.")),
    "discovery_scored": lambda sp, e: f"{_n(sp, e.card)} in {_n(sp, e.zone)}: {_c(e.colour)} "
    f"{'gains' if e.points >= 0 else 'loses'} {plural(abs(e.points), 'point')}.",
    "game_ended": lambda sp, e: game_ended(e),
    # referee edits of the table position (event defined in
    # mrp_tutor.games.mission_red_planet.ui.edits)
    "position_edited": lambda sp, e: (
        f"The referee turns the resource token of {_n(sp, e.place)} face up"
        + (f": {e.resource}." if e.resource else ".") if e.what == "face_up" else
        f"The referee sets the {e.colour} astronauts "
        f"{'in ' + _n(sp, e.place) if e.what == 'zone' else 'aboard ' + _sn(str(e.place))} "
        f"to {e.count}"
        + (f"; an astronaut arrives, so its resource token turns face up: {e.resource}."
           if e.what == "zone" and e.resource else ".")),
    "reading_chosen": lambda sp, e: (
        "The referee chooses, for this table, the other reading of a question the rulebook "
        "leaves open" if e.other else
        "The referee sets this table back to the tutor's own reading of a question the "
        "rulebook leaves open") + _reading_words(e.key, e.other),
}

EVENT_TEMPLATES.update(ABILITY_EVENT_TEMPLATES)

def _game_started(e: Any) -> str:
    """The recorded start in its ruleset's words: the table, then each colour another colour's
    player decides for."""
    words = ruleset_words(e.variant)
    head = words["game_started"].format(colours=", ".join(_c(c) for c in e.colours),
                                        seed=_seed(e), astronauts=e.astronauts)
    return " ".join([head, *(words["game_started.seat"].format(colour=_c(c), controller=_c(k))
                             for c, k in zip(e.colours, e.controllers, strict=True) if k != c)])


def _seed(e: Any) -> str:
    return "seed hidden from the players" if e.seed is None else f"seed {e.seed}"


def _all_or_nothing(spec: GameSpec, e: Any) -> bool:
    """Was the skipped step an all-or-nothing placement (the Travel Agent's, in any edition)?"""
    ch = spec.characters.get(str(e.character))
    steps = ch.steps if ch is not None else ()
    step = steps[e.step] if 0 <= e.step < len(steps) else None
    return bool(getattr(step, "all_or_nothing", False))


def _aside(spec: GameSpec) -> str:
    """The resource tokens left over once every zone has one (set aside face down)."""
    n = sum(spec.content.game.resource_tokens.values()) - len(spec.zones)
    return ("the last one is set aside" if n == 1 else
            f"the other {n} are set aside" if n > 1 else "none is left over")


def _tokens(resources: Any) -> str:
    """``6 ice``, ``2 celerium and 1 ice``."""
    return _and(f"{n} {r}" for r, n in resources)


def _one(e: Any) -> bool:
    return bool(sum(n for _, n in e.resources) == 1)


def _track_name(kind: str, number: int) -> str:
    if kind == "production":
        return f"production phase {number}"
    return kind.replace("_", " ") + " phase"


SKIP_REASONS: dict[str, str] = {
    "not_enough_astronauts_in_supply": "not enough astronauts are left in its supply",
    "no_docked_ship_with_room": "no docked ship has room for {n} more",
    "only_ship_with_room_already_used": "each astronaut goes on a different ship, and every "
    "docked ship with room already has one of them",
    "same_ship_full": "its astronauts go on one ship, and the ship its first astronaut "
    "boarded is full",
    "no_destination_token_for_unknown_ship": "the only docked ships with room have an unknown "
    "destination, and no destination token is left to give them one",
    "no_astronaut_on_mars_to_move": "it has no astronaut in a zone of Mars",
    "only_astronauts_on_phobos": "its only astronauts in a zone are on Phobos, which is "
    "adjacent to no zone",
    "event_deck_empty_neutral_only_draws": "the event deck is empty, and a neutral Scientist "
    "only draws (it never looks at a discovery in play)",
    "event_deck_empty_and_no_face_down_discovery": "the event deck is empty and no face-down "
    "discovery is in play to look at",
    "no_face_down_discovery_to_look_at": "no face-down discovery is in play to look at",
    "no_docked_ship_can_launch": "no docked ship can be forced to launch (every docked ship "
    "is full, or none is docked)",
    "no_docked_ship": "no ship is docked at the launchpad",
    "no_astronaut_to_replace": "no astronaut of another colour is where it could be replaced",
    "no_astronaut_to_kill": "no astronaut is in a zone where it may be killed",
    "no_astronaut_on_phobos": "it has no astronaut on Phobos",
    "no_destination_token_left": "no destination token is left in the supply",
    "no_ship_to_redirect": "no ship is docked or launched to take a destination token",
    "nothing_possible": "nothing is possible",
}


def _skip_reason(e: Any) -> str:
    text = SKIP_REASONS.get(e.reason, str(e.reason).replace("_", " "))
    return text.format(n=e.left or 1)


STEP_NAMES = {
    "board": "place {astronauts} on docked ships",
    "recall_cards": "take back all played character cards",
    "move_adjacent": "move astronauts to adjacent zones, up to {moves}",
    "draw_or_peek": "draw an event card or look at a face-down discovery",
    "force_launch": "force a docked ship to launch",
    "destroy_docked": "destroy a docked ship",
    "replace": "replace another player's astronaut with one of yours",
    "kill": "kill {astronauts}",
    "drop_from": "move up to {astronauts} from Phobos anywhere on Mars",
    "place_destination_token": "put a destination token on a ship",
}


def _step_name(effect: str, n: int) -> str:
    return STEP_NAMES.get(effect, effect.replace("_", " ")).format(
        n=n, astronauts=plural(n, "astronaut"), moves=plural(n, "move"))


def explain_event(spec: GameSpec, event: E.Event) -> Explanation:
    """The sentence for one event, with the citation of its rule.

    >>> from mrp_tutor.games.mission_red_planet.engine import load_spec, events as E
    >>> str(explain_event(load_spec(), E.FirstPlayerSet(rule="round.first_player", colour="red")))
    'Red is the first player. (Playing the Game › The Game Round › 5. Assign New First Player [round.first_player])'
    """  # noqa: E501
    template = EVENT_TEMPLATES.get(event.type)
    text = template(spec, event) if template else event.type.replace("_", " ")
    return Explanation(speak(spec, text), event.rule, cite(spec, event.rule))


def _w(sp: GameSpec, ident: Any) -> str:
    """A zone, card, character or ship id in words (``ship s07``, ``Mare Tyrrhenum``)."""
    return sp.card_name(str(ident)) if ident is not None else "somewhere"


def _S(sid: Any) -> str:
    """A ship at the start of a sentence: ``Ship s07`` (ship ids stay lower case)."""
    return f"Ship {sid}"


def _ws(sp: GameSpec, idents: Any, word: str = "or") -> str:
    xs = [_w(sp, x) for x in idents or ()]
    if not xs:
        return "none"
    return xs[0] if len(xs) == 1 else ", ".join(xs[:-1]) + f" {word} " + xs[-1]


def _astronauts(n: Any) -> str:
    return f"{n} astronaut{'' if n == 1 else 's'}"


def decision_name(kind: Any) -> str:
    """A decision kind in words: ``play_action`` -> "play or keep an action card"."""
    text = str(kind or "decide")
    if text.startswith("action:"):
        return "resolve an action card"
    return DECISION_NAMES.get(text, text.replace("_", " "))


DECISION_NAMES = {
    "keep_mission": "keep one of the two starting missions",
    "choose_character": "choose a character",
    "assign_discovery": "assign the drawn discovery to an outer zone",
    "scatter": "move an astronaut out of the zone",
    "board": "place astronauts on docked ships",
    "move_adjacent": "move astronauts to adjacent zones",
    "draw_or_peek": "draw an event card or look at a discovery",
    "peek": "look at a face-down discovery in play",
    "force_launch": "force a docked ship to launch",
    "destroy_docked": "destroy a docked ship",
    "replace": "replace an astronaut",
    "kill": "kill an astronaut",
    "drop_from": "move astronauts from Phobos to Mars",
    "place_destination_token": "put a destination token on a ship",
    "play_action": "play or keep an action card",
    "use_ability": "use or decline an ability",
    "pay_ability": "choose a point token to pay for an ability",
}


def _sheet(d: dict[str, Any]) -> str:
    return str(d.get("ability") or "ability").replace("_", " ").title()


E_T = Callable[[GameSpec, dict[str, Any]], str]

#: One sentence per error code, in words (tests/engine/test_error_sentences.py finds them all)
ERROR_TEMPLATES: dict[str, E_T] = {
    "unknown_reading": lambda sp, d: f"There is no contested reading {d['key']!r} to choose.",
    "reading_not_in_ruleset": lambda sp, d: "These rules do not ask that question of a reading.",
    "ship_full": lambda sp, d: f"{_S(d['ship'])} has room for only "
    f"{_astronauts(d['room'])} more (capacity {d['capacity']}), so {d['count']} cannot go "
    "aboard.",
    "ship_not_docked": lambda sp, d: f"{_S(d['ship'])} is not docked at the "
    "launchpad; astronauts and these effects only use docked ships.",
    "not_adjacent": lambda sp, d: f"{_w(sp, d['from'])} is not adjacent to {_w(sp, d['to'])}; "
    f"from there an astronaut can reach {_ws(sp, d['adjacent'])}."
    if d.get("adjacent") else f"{_w(sp, d['from'])} is not adjacent to any zone, so no "
    f"astronaut can move between it and {_w(sp, d['to'])}.",
    "not_your_decision": lambda sp, d: f"It is not {_c(d['colour'])}'s decision now: the game "
    f"waits for {_and(_c(c) for c in d['waiting_for']) or 'nobody'}.",
    "wrong_decision": lambda sp, d: f"{_c(d['colour'])} must now {decision_name(d['decision'])}, "
    f"not {str(d['got']).replace('_', ' ')}.",
    "zone_protected": lambda sp, d: f"No astronaut can be killed in {_w(sp, d['zone'])}: the "
    "Soldier cannot kill in the two central zones.",
    "presence_required": lambda sp, d: "The Femme Fatale can only replace where she already "
    f"has an astronaut; {_c(d['colour'])} has none at {_w(sp, d['place'])}.",
    "character_already_played": lambda sp, d: f"The {_w(sp, d['character'])} was already "
    "played; played characters stay face up until a Recruiter takes them back.",
    "character_not_in_hand": lambda sp, d: f"The {_w(sp, d['character'])} is not in "
    f"{_c(d.get('colour'))}'s hand.",
    "unknown_character": lambda sp, d: f"There is no character called {d['character']!r}.",
    "mission_not_dealt": lambda sp, d: f"{_w(sp, d['card'])} is not one of the two missions "
    f"dealt to {_c(d.get('colour'))}.",
    "destination_token_required": lambda sp, d: f"{_S(d['ship'])} has an "
    "unknown destination: whoever places the first astronaut on it must choose a destination "
    "token.",
    "destination_token_not_allowed": lambda sp, d: f"{_S(d['ship'])} already "
    "has a destination, so this placement puts no destination token on it.",
    "destination_token_unavailable": lambda sp, d: f"No {_w(sp, d['token'])} destination token "
    "is left in the supply (there are two per zone).",
    "no_destination_token_left": lambda sp, d: f"{_S(d['ship'])} has an "
    "unknown destination and no destination token is left in the supply to give it one, so "
    "nobody can be the first aboard.",
    "discovery_zone_forbidden": lambda sp, d: f"Discoveries cannot go to {_w(sp, d['zone'])}: "
    "only outer zones take them (not Phobos, Syrtis Major or Valles Marineris).",
    "discovery_zone_taken": lambda sp, d: f"{_w(sp, d['zone'])} already has a discovery; a zone "
    "holds at most one.",
    "no_discovery_there": lambda sp, d: f"There is no face-down discovery in "
    f"{_w(sp, d['zone'])} to look at.",
    "must_place_all": lambda sp, d: f"The Travel Agent places all {d['required']} astronauts "
    "on one ship at once, or none.",
    "wrong_count": lambda sp, d: f"This effect places {_astronauts(d['required'])} at a time, "
    f"not {d['count']}.",
    "must_use_same_ship": lambda sp, d: "All these astronauts go on the same ship: "
    f"{_w(sp, d['required'])}, not {_w(sp, d['ship'])}.",
    "ship_too_small_for_all": lambda sp, d: f"All {d['count']} astronauts go on one ship, and "
    f"{_sn(d['ship'])} has room for {d['room']} only: put them on one with room for all "
    f"({_and(_sn(x) for x in d['ships'])}).",
    "ship_already_used": lambda sp, d: "Each astronaut of this effect goes on a different ship, "
    f"and {_w(sp, d['ship'])} already has one.",
    "no_astronauts_in_supply": lambda sp, d: f"{_c(d.get('colour'))} has only "
    f"{_astronauts(d['supply'])} left in its supply.",
    "no_astronaut_there": lambda sp, d: (
        f"{_c(d.get('victim') or d.get('colour'))} has no astronaut "
        f"{'at' if d.get('place') in sp.ships else 'in'} "
        f"{_w(sp, d.get('zone') or d.get('place'))}."),
    "unknown_zone": lambda sp, d: "There is no zone called " + _and(
        repr(z) for z in ([d["zone"]] if "zone" in d else [d["from"], d["to"]])
        if z not in sp.zones) + ".",
    "drop_target_invalid": lambda sp, d: "Astronauts moved from Phobos go to a zone of Mars, "
    f"and {_w(sp, d['zone'])} is not one.",
    "bad_place": lambda sp, d: (
        f"{_S(d['place'])} is not in play (neither docked nor launched), so "
        "nobody aboard it can be replaced." if d["place"] in sp.ships else
        f"There is no zone or ship in play called {d['place']!r}."),
    "cannot_replace_own": lambda sp, d: "The Femme Fatale replaces another player's astronaut, "
    f"not one of {_c(d.get('colour'))}'s own.",
    "ship_already_full": lambda sp, d: f"{_S(d['ship'])} is already full and "
    "launches anyway; the Secret Agent forces a ship that is not full.",
    "must_continue": lambda sp, d: (
        "At least one astronaut must move from Phobos before the Soldier can stop."
        if d.get("decision") == "drop_from" else
        "The Explorer makes at least one move when a move is possible; only then may it stop."
        if d.get("decision") == "move_adjacent" else
        "Character effects are mandatory: this one cannot be stopped now."),
    "cannot_draw": lambda sp, d: "A discovery was discarded because every outer zone has one: "
    "the Scientist now looks at a discovery in play instead of drawing.",
    "neutral_scientist_draws": lambda sp, d: "A neutral Scientist always draws an event card; "
    "it never looks at a discovery in play.",
    "not_legal": lambda sp, d: f"That is not one of {_c(d.get('colour'))}'s legal choices to "
    f"{decision_name(d.get('decision'))} now.",
    "game_over": lambda sp, d: "The game is over.",
    "unknown_colour": lambda sp, d: f"There is no {d['colour']!r} colour at this table "
    f"({_and(_c(c) for c in d.get('colours') or ()) or 'no colours yet'}).",
    "bad_colours": lambda sp, d: "The colours must be different and each one of "
    f"{_and(sp.colours)}" + (f"; {_and(repr(c) for c in d['unknown'])} is not"
                             if d.get("unknown") else "") + ".",
    "bad_player_count": lambda sp, d: "The standard game takes 3 to "
    f"{sp.content.game.players.max} players, and the 2-player variant seats 4 colours (two "
    "main, two neutral).",
    "unknown_variant": lambda sp, d: f"There is no variant {d['variant']!r}: choose the "
    "standard game or the 2-player variant.",
    "unknown_ruleset": lambda sp, d: f"There is no ruleset {d['ruleset']!r}: choose one of "
    f"{_and(d.get('registered') or ())} (mrp-tutor rulesets lists them).",
    "bad_log": lambda sp, d: "This is not a game log: a log starts with the start of a game.",
    "bad_amount": lambda sp, d: "A production phase produces 1 or more tokens per zone, not "
    f"{d['amount']}.",
    "intent_malformed": lambda sp, d: (
        f"There is no decision of type {d['type']!r}." if "known" in d else
        f"A {str(d['type']).replace('_', ' ')} decision has no field "
        f"{_and(repr(f) for f in d['fields'])}." if "fields" in d else
        f"This {str(d['type']).replace('_', ' ')} decision is incomplete or wrong: "
        f"{'; '.join(d.get('problems') or ['bad fields'])}."),
    "edit_malformed": lambda sp, d: "This edit is incomplete or wrong: "
    f"{'; '.join(d.get('problems') or ['bad fields'])}.",
    # referee position edits (mrp_tutor.games.mission_red_planet.ui.edits) and their engine
    # counterparts
    "not_enough_astronauts": lambda sp, d: f"{_c(d['colour'])} has only "
    f"{_astronauts(d['supply'])} left in its supply, but this edit needs {d['needed']} more: "
    f"each colour has {d['total']} astronauts in all.",
    "negative_count": lambda sp, d: "A number of astronauts cannot be negative.",
    "no_resource_there": lambda sp, d: f"{_w(sp, d['zone'])} has no resource token to turn "
    "face up.",
    "already_face_up": lambda sp, d: f"The resource token of {_w(sp, d['zone'])} is already "
    "face up.",
    "ship_not_in_play": lambda sp, d: f"{_S(d['ship'])} is neither docked at "
    "the launchpad nor launched now.",
    "table_unreachable": lambda sp, d: "The game could never reach the table this edit makes: "
    f"{d['problems'][0]}.",
    # ability sheets (the unique_abilities ruleset)
    "ability_wrong_sheet": lambda sp, d: f"{_c(d['colour'])} does not play the {_sheet(d)}: "
    "each player uses only the ability of the sheet they took.",
    "ability_not_now": lambda sp, d: f"The {_sheet(d)}'s ability cannot be used at this "
    f"moment; it works {str(d.get('window', '')).replace('_', ' ')}.",
    "ability_cannot_pay": lambda sp, d: f"The {_sheet(d)}'s ability costs "
    f"{plural(d['cost'], 'point token')} and {_c(d['colour'])} has only "
    f"{sum((d.get('tokens') or {}).values())}: nobody pays with tokens they do not have.",
    "ability_bad_target": lambda sp, d: f"{d.get('target')!r} is not something the "
    f"{_sheet(d)}'s ability can be used on now.",
    "ability_own_astronaut": lambda sp, d: "Major Mayhem eliminates another player's astronaut, "
    f"never one of {_c(d['colour'])}'s own.",
    "pay_not_owed": lambda sp, d: f"{_c(d['colour'])} has no ability use to pay for now.",
    "pay_token_missing": lambda sp, d: f"{_c(d['colour'])} has no {d['resource']} token to pay "
    "with.",
    "character_not_in_crew": lambda sp, d: f"The {_w(sp, d['character'])} is not in "
    f"{_c(d['colour'])}'s crew ({_ws(sp, d['crew'])}): only those five characters can be "
    "chosen.",
    "unknown_sheet": lambda sp, d: f"There is no ability sheet {d['sheet']!r}.",
    "sheet_taken": lambda sp, d: "Two players cannot take the same ability sheet.",
    "setup_choice_not_taken": lambda sp, d: "These rules take no setup choices (ability sheets "
    "belong to the unique_abilities ruleset).",
}


def explain_error(spec: GameSpec, err: MrpError) -> Explanation:
    """A user-facing sentence for an error (never a traceback), with its citation."""
    if isinstance(err, ContentError):
        text = f"{err.source}: " + "; ".join(err.problems[:8])
        if len(err.problems) > 8:
            text += f"; and {plural(len(err.problems) - 8, 'more problem')}"
        return Explanation(text, None, None)
    template = ERROR_TEMPLATES.get(err.code)
    try:
        text = template(spec, err.detail) if template else _sentence(err.message)
    except (KeyError, TypeError):
        text = _sentence(err.message)
    return Explanation(speak(spec, text), err.rule, cite(spec, err.rule))


def _sentence(msg: str) -> str:
    msg = msg.strip()
    if not msg:
        return "That is not allowed."
    msg = f"Ship {msg}" if re.match(r"s\d", msg) else msg[0].upper() + msg[1:]
    return msg if msg.endswith(".") else msg + "."
