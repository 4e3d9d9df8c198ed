"""Sentences for First Martians events and errors, each with its rulebook citation.

Uses the shared :class:`~mrp_tutor.games.mission_red_planet.explain.Explanation` and the shared
citation model, so
both games explain themselves the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mrp_tutor.core.errors import ContentError, MrpError
from mrp_tutor.core.rules import Explanation
from mrp_tutor.core.words import plural
from mrp_tutor.games.first_martians.content import rulebook
from mrp_tutor.games.first_martians.events import Event
from mrp_tutor.games.first_martians.mission_log import ASKS
from mrp_tutor.games.first_martians.state import HubState

_NAMES: dict[str, str] = {}


def _f(fid: str) -> str:
    from mrp_tutor.games.first_martians.content import default_board

    if not _NAMES:
        _NAMES.update({f.id: f.name for f in default_board().facilities})
        _NAMES.update({s.id: s.name for s in default_board().spaces})
    return _NAMES.get(fid, fid.replace("_", " "))


def _w(word: str) -> str:
    """A token or item id as words."""
    return word.replace("_", " ")


def _a(aid: str) -> str:
    """An astronaut's id as a name (the sample and the scenarios use colour ids)."""
    return aid[:1].upper() + aid[1:]


def action_name(action: str) -> str:
    """An action as the rulebook names it (``remove_shutdown`` → ``Remove Shutdown``)."""
    return action.replace("_", " ").title()


def _tally(e: Any) -> str:
    f = e.facts
    if e.step == "production.a":
        made, need = f["produced"], f["need"]
        parts = ", ".join(f"{_f(k)} {v}" for k, v in f["producers"].items())
        shut = (f" ({len(f['already_shut'])} already shut down for {f['resource']}, so they "
                "need none)" if f["already_shut"] else "")
        verdict = (f"{need - made} missing" if made < need else
                   f"a surplus of {made - need}" if made > need else "exactly enough")
        idle = (f"; {', '.join(_f(x) for x in f['shut_producers'])} shut down, so "
                "producing nothing" if f.get("shut_producers") else "")
        return (f"{f['resource'].capitalize()}: produced {made} ({parts}{idle}); "
                f"{need} Facilities need it{shut}: {verdict}.")
    if e.step == "production.a.no_target":
        return (f"{f['left']} more {f['resource']} is missing, but every {f['resource']}-using "
                "Facility already has such a Shutdown tile: nothing more is placed.")
    if e.step == "production.b.pay_void":
        return (f"{_f(f['farm'])} took a Shutdown tile this phase, so it wilts anyway: the "
                "crew pays nothing to stop it.")
    if e.step == "production.c":
        idle = (f" ({', '.join(_f(x) for x in f['shut_farms'])} is shut down: its plants "
                "give no food)" if f.get("shut_farms") else "")
        return (f"Food: the plants produce {f['produced']}{idle}, the crew eats {f['eaten']}; "
                f"{f['from_supply']} comes from the General Supply and {f['missing']} "
                "is missing.")
    if e.step == "production.d":
        return (f"Stress: +{f['astronauts']} for the astronauts and +{2 * f['shutdown_tiles']} "
                f"for {plural(f['shutdown_tiles'], 'Shutdown tile')}: +{f['gain']}.")
    if e.step == "token_ignored":
        why = ("a Shutdown Facility takes no tokens" if f["why"] == "shutdown" else
               "its ! space already holds that penalty")
        token = f["token"].replace("_", " ")
        return f"The {token} token is not placed on {_f(f['facility'])}: {why}."
    if e.step == "rest.ignored":
        return ("A Quiet Place: " + ", ".join(x.replace("_", " ") for x in f["ignored"])
                + " ignored: no effect forces dice or Adventures there.")
    if e.step == "condition_not_taken":
        return (f"{_a(f['astronaut'])} already has {f['condition'].replace('_', ' ')}: "
                "nothing happens.")
    if e.step == "explore.objective":
        return (f"{_tile(f['name'])} shows an Objective icon: check the Mission sheet for what "
                "it does.")
    if e.step == "explore.poi_kept":
        if f["shows"] == "mission":
            return ("A Mission-icon POI is used as the Mission sheet says, which the assistant "
                    "does not model: enter what it does under Something happened.")
        return ("The POI stays in the Cargo Bay until the table uses it (any time): enter "
                "that under Something happened, Cargo Bay (the token out, its resource in).")
    if e.step == "explore.empty_stack":
        return (f"The ring-{f['ring']} stack of ROI tiles is empty: the Explore places no tile "
                f"on {_f(f['space'])}.")
    if e.step == "production_lost":
        return (f"Every {f['resource']} producer is at its maximum: {f['lost']} "
                f"{f['resource']} production gained is lost.")
    if e.step == "actions.unused":
        return "Pawns left unplaced: " + ", ".join(f"{_a(k)} {plural(v, 'pawn')}"
                                                   for k, v in f.items()) + \
            " (every pawn must be used if possible)."
    return f"{e.step}: {f}."


def _seeds(e: Any) -> str:
    if e.how == "grew":
        grown = f"; {plural(e.new_plants, 'seed')} became plants" if e.new_plants else ""
        return f"{_f(e.farm)} grows: every seed moves up one space{grown}."
    if e.how == "spared":
        return f"{_f(e.farm)} is spared from wilting (paid from the supply); its seeds stay put."
    lost = f", {plural(e.lost, 'seed')} wilted away from space 1" if e.lost else ""
    plant = "; one plant goes back to Growth space 6" if e.new_plants < 0 else ""
    return f"{_f(e.farm)} wilts: every seed moves down one space{lost}{plant}."


def _declared(e: Any) -> str:
    names = list(getattr(e, "path_names", []) or []) or [_f(x) for x in e.path]
    via = (" via " + " → ".join(names)) if len(e.path) > 1 else ""
    dice = " One pawn short: the action dice are rolled." if e.dice else ""
    pen = (" Penalties as it resolves: " + ", ".join(x.replace("_", " ") for x in e.penalties)
           + ".") if e.penalties else ""
    helpers = f" (assisted by {', '.join(map(_a, e.helpers))})" if e.helpers else ""
    rover = f" with {e.rover.capitalize()}" if e.rover else ""
    act = action_name(e.action)
    return (f"Step {e.order}: {_a(e.astronaut)} takes {act}{helpers}{rover}{via}: "
            f"{plural(e.pawns, 'pawn')} for {e.needed} needed.{dice}{pen}")


#: draws the table makes face down: the tile is placed without anyone seeing its face
#: (Production III-A; it is flipped only by the Remove Shutdown Tiles action).
FACE_DOWN_DRAWS = ("shutdown_oxygen", "shutdown_energy")
#: what the table reads off an ROI tile the data does not print (outcomes._printed)
PRINTED = ("roi_extra_pawns", "roi_samples", "roi_terrain", "roi_finds", "roi_edge")


def _choice(kind: str, v: str) -> str | None:
    """The table's answer to a choice in words (a Facility or astronaut by name, a Block,
    what an Unwind or a Heal did), or None for other kinds."""
    if kind in ("heal_patient", "food_wound"):
        return _a(v)
    if kind == "shutdown_target":
        return _f(v)
    if kind == "unwind":
        return {"morale": "Morale +1", "stress": "Stress -6"}.get(v)
    if kind == "manage":
        return f"the {v.capitalize()} Block"
    if kind == "heal":
        return "a wound" if v == "wound" else None
    return None


def _tile(name: str) -> str:
    """A revealed tile at the start of a sentence: its name, or "The ROI tile" for one the
    data does not print (named "ROI tile" on the map)."""
    return "The ROI tile" if name == "ROI tile" else name


def _token(token: str) -> str:
    """A Facility token in words: the Extra Pawn token, the Wound token."""
    return f"{_w(token).title()} token"


def _item(item: str) -> str:
    """A Cargo Bay item in words: a POI token, an O2 spare part, a seed."""
    from mrp_tutor.games.first_martians.outcomes import PART_WORDS

    if item == "poi":
        return "POI token"
    if item.startswith("poi_"):
        from mrp_tutor.games.first_martians.outcomes import POIS

        shows = POIS.get(item[4:], _w(item[4:]))
        return f"POI token showing {shows[:1].lower()}{shows[1:]}"
    if item.startswith("spare_part_"):
        return f"{PART_WORDS.get(item[11:], _w(item[11:]))} spare part"
    return _w(item)


def _drawn(e: Any) -> str:
    from mrp_tutor.games.first_martians.outcomes import choice_words

    value = _choice(e.kind, str(e.value)) or choice_words(e.kind, e.value) or \
        str(e.value).replace("_", " ")
    if e.by == "table" and e.kind in PRINTED:  # what is printed on a tile: read, not chosen
        tile = e.what.rpartition(" on " if " on " in e.what else " of ")[2]
        return f"The table reads {tile}: {value}."
    if e.by == "table":
        verb = "enters" if getattr(e, "random", True) else "chooses"
        return f"The table {verb} {e.what}: {value}."
    if e.kind in FACE_DOWN_DRAWS:
        return (f"Rolled for you (asked; seeded draw {e.number}) {e.what}: it goes face down "
                "unseen, as at the table, until a Remove Shutdown Tiles action flips it.")
    return f"Rolled for you (asked; seeded draw {e.number}) {e.what}: {value}."


def _dice(e: Any) -> str:
    parts = []
    if e.success is not None:
        parts.append(("success" if e.success else "failure: the action fails and "
                      f"{_a(e.astronaut)} gains 2 Morale tokens")
                     + (" (after the Reroll token's second roll)" if e.rerolled else ""))
    if e.wound is not None:
        parts.append("a wound" if e.wound else "no wound")
    if e.adventure is not None:
        parts.append("an Adventure to resolve in the app" if e.adventure else "no Adventure")
    return f"{_a(e.astronaut)}'s {action_name(e.action)} dice: {'; '.join(parts)}."


ENTER_WORDS = {"reveal_tile": "the ROI tile drawn", "plant_seed": "a seed planted",
               "cargo": "Cargo Bay changes", "repair_status": "the status repaired",
               "repair_rover": "the rover repaired", "add_facility": "the Facility card built",
               "clear_shutdown": "the Shutdown tile removed",
               "change_production": "the tile's production change"}


def _resolved(e: Any) -> str:
    act = action_name(e.action)
    enter = (" Now enter " + " or ".join(ENTER_WORDS.get(x, _w(x)) for x in e.enter) + "."
             if e.enter else "")
    adv = (f" {_a(e.astronaut)} resolves an Adventure in the app." if e.adventure else "")
    head = "resolves" if e.success else "fails"
    what = f": {e.outcome}." if e.outcome else "."
    return f"{_a(e.astronaut)}'s {act} {head}{what}{adv}{enter} Its pawns go back."


TEMPLATES: dict[str, Callable[[Any], str]] = {
    "phase_started": lambda e: "The round is over; the next sol starts when the table asks."
    if e.phase == "round_end" else f"The {e.phase.replace('cleanup', 'clean-up')} phase begins.",
    "draw_made": _drawn,
    "tallied": _tally,
    "malfunction_advanced": lambda e: f"The {_a(e.block)} Block's Malfunction track moves "
    f"{e.by:+d} to {e.value}.",
    "malfunction_occurred": lambda e: f"Malfunction in the {_a(e.block)} Block: draw and resolve a "
    f"card from its deck, reset its track to 0, and the {_a(e.next_line)} line of the Malfunction "
    "Box turns red.",
    "supply_changed": lambda e: f"General Supply {e.resource} {e.delta:+d} to {e.value}"
    + (f" ({e.why})." if e.why else "."),
    "log_event_added": lambda e: f"{e.name!r} enters the Mission Log ({e.pawns}-pawn Event "
    "action" + (f"; it asks: {ASKS[e.asks]}" if e.asks in ASKS else "")
    + (f"; it follows up {e.follows!r}" if e.follows else "") + ").",
    "morale_moved": lambda e: f"Morale track {e.delta:+d} to {e.value:+d}"
    + (" (it stops at its end)." if e.delta != e.wanted else "."),
    "morale_tokens": lambda e: f"{_a(e.astronaut)} {'gains' if e.delta > 0 else 'discards'} "
    f"{plural(abs(e.delta), 'Morale token')} (now {e.value}).",
    "wounded": lambda e: f"{_a(e.astronaut)} takes a wound for {e.why} ({e.wounds} on the health "
    "track)" + (": a Condition icon is passed, draw a random Condition" if e.condition else "")
    + (": the astronaut dies and the mission fails" if e.died else "") + ".",
    "shutdown_placed": lambda e: f"An {e.kind} Shutdown tile goes face down on "
    f"{_f(e.facility)}.",
    "production_changed": lambda e: f"{_f(e.facility)}'s production {e.delta:+d} to "
    f"{e.value}.",
    "seed_planted": lambda e: f"A seed from the Cargo Bay is planted on Growth space 1 of "
    f"{_f(e.farm)}.",
    "cargo_changed": lambda e: f"Cargo Bay {e.area.capitalize()}: {e.delta:+d} "
    f"{_item(e.item)}.",
    "skill_used": lambda e: f"{_a(e.astronaut)} uses "
    + ("the base skill" if e.skill == "base" else f"the skill card {e.skill.replace('_', ' ')}")
    + (f", discarding {plural(e.morale_tokens, 'Morale token')}" if e.morale_tokens else "")
    + ".",
    "facility_added": lambda e: f"{e.facility['name']} is built beside the "
    f"{e.facility['block'].capitalize()} Block, a red marker on each status.",
    "action_dice_rolled": _dice,
    "action_resolved": _resolved,
    "pawns_placed": lambda e: f"Every pawn is placed ({plural(e.actions, 'action')}); no pawn "
    "moves once the actions resolve.",
    "medic_named": lambda e: f"{e.name} is the Medic: a Heal needs {e.name}'s pawn "
                             "unless the Med Lab has the Auto-scanner",
    "aoms_set": lambda e: "AOMs in play: " + (", ".join(e.aoms) or "none")
    + (" (solo: two of them each round)" if e.solo else "") + ".",
    "log_event_removed": lambda e: f"{e.name!r} leaves the Mission Log ("
    + ("its Event action resolved it" if e.why == "resolved" else
       "its Delayed Consequences resolved") + ").",
    "seeds_changed": _seeds,
    "stress_moved": lambda e: f"Stress {e.by:+d} to {e.value} ({e.why}).",
    "fight": lambda e: "Stress reaches 18: a fight! Every astronaut takes a wound, Morale "
    "drops 1, Stress goes back to 0.",
    "rover_blocked": lambda e: f"{e.rover.capitalize()} gets a Blocked token.",
    "sample_discarded": lambda e: (f"A sample cube is discarded from {_f(e.space)}."
                                   if e.space else "No ROI has a sample to discard."),
    "token_placed": lambda e: f"An {e.token.replace('_', ' ')} token goes on "
    + (f"{e.rover.capitalize()}'s X space" if e.rover else
       f"the {'!' if e.space == 'now' else '>>'} space of {_f(e.facility)}") + ".",
    "action_declared": _declared,
    "malfunction_rolled": lambda e: f"{e.block.capitalize()} Block: "
    + (f"die {e.roll}" if e.roll is not None else "no die") + f" + {len(e.penalties)} red "
    f"Malfunction {'penalty' if len(e.penalties) == 1 else 'penalties'} = {e.total}.",
    "status_broken": lambda e: (f"{_f(e.facility)}'s {e.part} status turns red." if e.effect
                                else f"{_f(e.facility)}'s {e.part} status: no effect (already "
                                "red or shut down)."),
    "tokens_cleaned": lambda e: f"{_f(e.facility)}: " + (
        f"discard the {', '.join(_token(x) for x in e.discarded)} from the ! space"
        if e.discarded else "! space empty")
    + (f"; the {_token(e.moved)} moves from >> to !" if e.moved else "")
    + ".",
    "cargo_moved": lambda e: "Cargo Bay: Pending goes to Available ("
    + (", ".join(_w(x) for x in e.items) or "nothing") + ")"
    + ("; " + ", ".join(f"the {u[8:].partition('@')[0].replace('_', ' ')} Upgrade goes to "
                        f"{_f(u.partition('@')[2])}" for u in e.upgrades) if e.upgrades else "")
    + ".",
    "skills_refreshed": lambda e: "Skills refresh; rovers are ready again.",
    "first_player_passed": lambda e: f"The First Player token passes left to {_a(e.astronaut)}.",
    "sol_advanced": lambda e: f"The Sol Counter moves to sol {e.sol}.",
    "victory_checked": lambda e: "Victory: mandatory goals done and not below the Threshold: "
    "the crew wins!" if e.won else "Victory check: not yet (" + (
        "goals not all done" if not e.goals_done else "below the Threshold") + ").",
    "mission_failed": lambda e: f"The mission fails: {e.why}.",
    "condition_taken": lambda e: f"{_a(e.astronaut)} draws the Condition "
    f"{e.condition.replace('_', ' ')}" + ("." if e.kept else ": Morale drops 1 and the token "
                                           "goes back into the stack."),
    "shutdown_removed": lambda e: f"The {e.kind} Shutdown tile leaves {_f(e.facility)}.",
    "status_repaired": lambda e: f"{_f(e.facility)}'s {e.part} status is repaired: green "
    "again (it counts as red until the end of the phase).",
    "tile_revealed": lambda e: f"{_tile(e.name)} is placed face up on {_f(e.space)}"
    + (f" with {plural(e.samples, 'sample cube')}" if e.samples else "")
    + ("; draw a random POI for the Cargo Bay" if "poi" in e.icons else "") + ".",
    "sample_gathered": lambda e: f"A sample moves from {_f(e.space)} to the Cargo Bay's Pending "
    "area.",
    "healed": lambda e: (f"{_a(e.astronaut)} is healed of "
                         f"{e.condition.replace('_', ' ')}; the token goes back to the stack."
                         if e.condition else f"{_a(e.astronaut)} heals a wound ({e.wounds} "
                         "left on the health track)."),
    "rover_repaired": lambda e: f"A Blocked token leaves {e.rover.capitalize()}'s X space.",
    "log_aged": lambda e: "Mission Log: " + (
        f"{', '.join(e.gone)} leave{'s' if len(e.gone) == 1 else ''} after three rounds"
        if e.gone else "every event ages one round") + ".",
}


def explain_event(e: Event) -> Explanation:
    fn = TEMPLATES.get(e.type)
    text = fn(e) if fn else e.type.replace("_", " ")
    return Explanation(text, e.rule, rulebook().cite(e.rule))


def explain_error(err: MrpError) -> Explanation:
    if isinstance(err, ContentError):
        return Explanation("; ".join(err.problems), None, None)
    return Explanation(err.message[0].upper() + err.message[1:] + ".", err.rule,
                       rulebook().cite(err.rule))


def summary(s: HubState) -> str:
    """One line: sol, phase, supply and tracks."""
    sup = ", ".join(f"{k} {v}" for k, v in s.supply.items())
    mal = ", ".join(f"{k} {v}" for k, v in s.malfunction.items())
    shut = sum((f.shutdown_oxygen is not None) + (f.shutdown_energy is not None)
               for f in s.facilities)
    where = (f"Sol {s.sol - 1} is over (sol {s.sol} starts when the table asks)"
             if s.phase == "round_end" else f"Sol {s.sol}, {s.phase} phase")
    return (f"{where}; supply {sup}; Morale {s.morale:+d}, Stress "
            f"{s.stress}; Malfunction {mal}; {plural(shut, 'Shutdown tile')}")
