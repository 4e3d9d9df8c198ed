"""Explore's and Build's outcomes, asked inside the resolve step as the table sees them.

Explore (The Actions › 6. Explore): the table draws a random ROI tile from the stack of the
explored space's ring and places it face up; a sample cube goes on it per sample icon, a POI
icon sends a random POI token to the Cargo Bay's Available area, an Objective icon sends the
table to the Mission sheet.  The rulebook prints 19 tiles in three stacks (8, 8, 3) but the
icons of only four (its examples: Canyon, Geysers, Chasm, Plains), so the table names a
known tile or taps what is printed on another one (``tutor.roi_tiles``).  "Draw for me"
draws among the tiles left in that stack; an unprinted tile's icons are asked of the table
and are never drawn by the assistant.

Build (The Actions › 9. Build): the table says what it built: a red status of the Facility
it built at repaired with a matching spare part from the Cargo Bay or with the green marker
switched from the same status of another Facility, a rover's Blocked token discarded at the
Depot, or something the Mission sheet describes (an Upgrade, a Facility card, a Mission
objective), entered afterwards (``tutor.build_outcome``).
"""

from __future__ import annotations

from mrp_tutor.games.first_martians.errors import FmError
from mrp_tutor.games.first_martians.events import (
    RoverRepaired,
    ShutdownRemoved,
    StatusBroken,
    StatusRepaired,
    Tallied,
    TileRevealed,
)
from mrp_tutor.games.first_martians.events_more import ProductionChanged
from mrp_tutor.games.first_martians.intents import Cargo
from mrp_tutor.games.first_martians.run import Run
from mrp_tutor.games.first_martians.state import Declared

__all__ = ["build", "choice_words", "explore", "remove_shutdown", "roi_ring"]

OTHER = "another"
TERRAIN = ("wound", "morale", "adventure", "rover")
FINDS = {"none": (), "poi": ("poi",), "objective": ("objective",),
         "poi_objective": ("poi", "objective")}
FIND_WORDS = ["No POI or Objective icon", "A POI icon", "An Objective icon",
              "A POI and an Objective icon"]
#: what a POI token shows (Explore › POI names spare parts, samples and Mission icons; the
#: rulebook prints none of the nine tokens, so the table says which: ``tutor.poi_faces``)
POIS = {"spare_part_oxygen": "An O2 spare part", "spare_part_energy": "An energy spare part",
        "spare_part_hardware": "A hardware spare part", "spare_part_cpu": "A CPU spare part",
        "sample": "A sample", "mission": "A Mission icon (the Mission sheet says its use)",
        "other": "Another resource (entered when the POI is used)"}
ICON_WORDS = {"extra_pawn": "Extra Pawn", "wound": "Wound", "morale": "Morale",
              "adventure": "Adventure", "rover": "Rover", "sample": "sample", "poi": "POI",
              "objective": "Objective"}


PART_WORDS = {"oxygen": "O2", "energy": "energy", "hardware": "hardware", "cpu": "CPU"}


def choice_words(kind: str, value: object) -> str | None:
    """An Explore or Build answer in words (for the log), or None for other kinds."""
    v = str(value)
    if kind == "roi_tile":
        return "a tile the assistant's data does not print" if v == OTHER else \
            v.replace("_", " ").title()
    if kind in ("roi_extra_pawns", "roi_samples"):
        icon = "Extra Pawn" if kind == "roi_extra_pawns" else "sample"
        return f"{v if v != '0' else 'no'} {icon} icon{'' if v == '1' else 's'}"
    if kind == "roi_terrain":
        return "no more terrain icons" if v == "none" else f"a {ICON_WORDS.get(v, v)} icon"
    if kind == "roi_finds":
        said = FIND_WORDS[list(FINDS).index(v)] if v in FINDS else v
        return said[:1].lower() + said[1:]
    if kind == "poi":
        said = POIS.get(v, v)
        return "a POI showing " + said[:1].lower() + said[1:]
    if kind == "roi_edge":
        return "an impassable long outer edge" if v == "yes" else "no impassable edge"
    if kind == "build_what":
        how, _, rest = v.partition(":")
        part, _, donor = rest.partition(":")
        if how == "spare":
            return f"repair the {PART_WORDS.get(part, part)} status with a spare part"
        if how == "switch":
            return (f"repair the {PART_WORDS.get(part, part)} status with the green marker "
                    f"from {donor.replace('_', ' ')}")
        if how == "rover":
            return f"discard {part.capitalize()}'s Blocked token"
        return "something on the Mission sheet, entered next"
    if kind == "shutdown_cost":
        return "nothing to pay" if v == "none" else f"1 {v}"
    if kind == "shutdown_roll":
        return {"made": "the roll is made", "missed": "the roll is missed"}.get(v, "no roll")
    if kind == "shutdown_gain":
        what, _, n = v.partition(":")
        return "no production gain" if v == "none" else f"+{n} {what} production"
    return None


def roi_ring(r: Run, space: str) -> int:
    return next((x.ring for x in r.board.spaces if x.id == space), 0)


def _icons_words(icons: list[str]) -> str:
    counts = {i: icons.count(i) for i in dict.fromkeys(icons)}
    return ", ".join(f"{n} {ICON_WORDS.get(i, i)}" if n > 1 else ICON_WORDS.get(i, i)
                     for i, n in counts.items())


def _stack(r: Run, ring: int) -> tuple[list[str], list[str], int]:
    """The tiles left in a ring's stack: the known ones (ids, words) and how many others."""
    known = {x.name: x for x in r.board.rois}
    placed = list(r.s.tiles.items())
    known_left = [x for x in r.board.rois if x.ring == ring
                  and all(t.name != x.name for _, t in placed)]
    others_placed = sum(1 for sp, t in placed
                        if t.name not in known and roi_ring(r, sp) == ring)
    known_in_ring = sum(1 for x in r.board.rois if x.ring == ring)
    others = max(0, r.board.roi_stacks.size(ring) - known_in_ring - others_placed)
    return ([x.id for x in known_left],
            [f"{x.name} ({_icons_words(list(x.icons))})" for x in known_left], others)


def _printed(r: Run, what: str) -> tuple[list[str], bool]:
    """The icons the table reads off a tile the data does not print (never drawn)."""
    rule = "tutor.roi_tiles"
    n = r.draw("roi_extra_pawns", [1, 2, 3], rule, f"the Extra Pawn icons on {what}",
               random_draw=False, table_only=True,
               labels=["1 Extra Pawn icon", "2 Extra Pawn icons", "3 Extra Pawn icons"])
    icons = ["extra_pawn"] * int(n)
    samples = r.draw("roi_samples", [0, 1, 2, 3], rule, f"the sample icons on {what}",
                     random_draw=False, table_only=True,
                     labels=["No sample icon", "1 sample icon", "2 sample icons",
                             "3 sample icons"])
    icons += ["sample"] * int(samples)
    while True:
        left = [t for t in TERRAIN if t not in icons]
        first = len(left) == len(TERRAIN)
        t = r.draw("roi_terrain", ["none", *left], rule,
                   f"{'a' if first else 'another'} blue-box terrain icon on {what}",
                   random_draw=False, table_only=True,
                   labels=["No terrain icon" if first else "No other terrain icon",
                           *[f"{ICON_WORDS[x]} icon" for x in left]])
        if t == "none":
            break
        icons.append(str(t))
        if len(left) == 1:
            break
    finds = r.draw("roi_finds", list(FINDS), rule, f"the POI and Objective icons on {what}",
                   random_draw=False, table_only=True, labels=FIND_WORDS)
    icons += FINDS[str(finds)]
    edge = r.draw("roi_edge", ["no", "yes"], rule, f"the impassable long outer edge of {what}",
                  random_draw=False, table_only=True,
                  labels=["No impassable edge", "Impassable long outer edge"])
    return icons, edge == "yes"


def explore(r: Run, d: Declared) -> str:
    """A successful Explore: the tile the table drew goes on the space, then its icons."""
    from mrp_tutor.games.first_martians.effects_more import cargo

    space = d.target
    if space in r.s.tiles:
        return f"{r.s.tiles[space].name} is already on that space: nothing to place"
    ring = roi_ring(r, space)
    where = next((x.name for x in r.board.spaces if x.id == space), space)
    ids, words, others = _stack(r, ring)
    if not ids and not others:
        r.emit(Tallied(rule="tutor.roi_tiles", step="explore.empty_stack",
                       facts={"ring": ring, "space": space}))
        return f"the ring-{ring} stack is empty: no tile is placed"
    choices = ids + [OTHER] * others
    labels = words + ([f"Another ring-{ring} tile (tap what is printed on it)"]
                      if others else [])
    pick = r.draw("roi_tile", choices, "explore.resolve",
                  f"the ROI tile drawn from the ring-{ring} stack for {where}", labels=labels)
    if pick == OTHER:
        name = "ROI tile"  # its name is not in the data; the map shows it by its icons
        icons, edge = _printed(r, f"the ring-{ring} tile for {where}")
    else:
        spec = next(x for x in r.board.rois if x.id == pick)
        name, icons, edge = spec.name, list(spec.icons), False
    r.emit(TileRevealed(rule="explore.resolve", space=space, name=name, icons=icons,
                        samples=icons.count("sample"), impassable_outer=edge))
    if "poi" in icons:
        shows = r.draw("poi", list(POIS), "explore.poi",
                       "the token drawn for the Cargo Bay", labels=list(POIS.values()),
                       table_only=True)
        cargo(r, Cargo(item=f"poi_{shows}", delta=1, rule="explore.poi"))
        r.emit(Tallied(rule="tutor.poi_faces", step="explore.poi_kept",
                       facts={"shows": str(shows)}))
    if "objective" in icons:
        r.emit(Tallied(rule="explore.resolve", step="explore.objective",
                       facts={"space": space, "name": name}))
    # the tile's samples, POI and Objective are each said once, by their own events above
    return f"{'the ' if pick == OTHER else ''}{name} is explored on {where}"


def _repairs(r: Run, d: Declared) -> tuple[list[str], list[str]]:
    """What a successful Build may do, as (values, words)."""
    s = r.s
    values: list[str] = []
    words: list[str] = []
    fac = next((f for f in s.facilities if f.id == d.target), None)
    if fac is not None and not fac.shut:
        for st in fac.statuses:
            if not st.red or st.part in [v.split(":")[1] for v in values]:
                continue
            part = st.part
            label = PART_WORDS[part]
            its = f"{_whose(fac.name)} {label} status"
            if f"spare_part_{part}" in s.cargo.available:
                values.append(f"spare:{part}")
                words.append(f"Repair {its} with {_a(label)} spare part")
            for other in s.facilities:
                if other.id != fac.id and other.uses(part) and not other.red(part):
                    values.append(f"switch:{part}:{other.id}")
                    words.append(f"Repair {its} with the green marker from {other.name}")
    for rid, rv in s.rovers.items():
        if rv.blocked - rv.fresh >= 1:
            values.append(f"rover:{rid}")
            words.append(f"Repair {rid.capitalize()}: discard its Blocked token")
    values.append("other")
    words.append("Something on the Mission sheet (an Upgrade, a Facility card, an "
                 "objective): enter it next")
    return values, words


def _whose(name: str) -> str:
    """``Lab's``, ``Crew Quarters'``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _a(word: str) -> str:
    """``an O2``, ``an energy``, ``a hardware``, ``a CPU`` (by the first letter as said)."""
    return f"{'an' if word[:1].lower() in 'aeio' else 'a'} {word}"


def build(r: Run, d: Declared) -> tuple[str, list[str]]:
    """A successful Build: the table says what it built; returns the outcome and what is
    still to be entered."""
    from mrp_tutor.games.first_martians.effects_more import cargo

    values, words = _repairs(r, d)
    who = r.s.astronaut(d.astronaut).name
    pick = str(r.draw("build_what", values, "tutor.build_outcome", f"what {who}'s Build does",
                      random_draw=False, labels=words))
    kind, _, rest = pick.partition(":")
    if kind == "other":
        return "what was built is entered next, from the Mission sheet", [
            "add_facility", "cargo"]
    if kind == "rover":
        if rest not in r.s.rovers:
            raise FmError("fm.draw_not_possible", "build.rover", "no such rover",
                          {"rover": rest})
        r.emit(RoverRepaired(rule="build.rover", rover=rest))
        return f"{rest.capitalize()}'s Blocked token is discarded", []
    part, _, donor = rest.partition(":")
    fac = r.s.facility(d.target)
    if kind == "spare":
        cargo(r, Cargo(item=f"spare_part_{part}", delta=-1, rule="build.repair"))
    else:
        r.emit(StatusBroken(rule="build.repair", facility=donor, part=part,
                            effect=not r.s.facility(donor).shut))
    r.emit(StatusRepaired(rule="build.repair", facility=fac.id, part=part))
    how = ("a spare part" if kind == "spare" else
           f"the green marker from {r.s.facility(donor).name}, whose status turns red")
    return f"{_whose(fac.name)} {PART_WORDS.get(part, part)} status is repaired with {how}", []


SHUTDOWN_COSTS = ["energy", "oxygen", "none"]
SHUTDOWN_ROLLS = ["made", "missed", "none"]
SHUTDOWN_GAINS = ["oxygen:1", "energy:1", "oxygen:2", "energy:2", "none"]


def remove_shutdown(r: Run, d: Declared) -> str:
    """10. Remove Shutdown Tiles, walked through in its resolve step: the tile flipped, the
    table reads its top section (pay 1 energy or oxygen from the General Supply: none there
    and the action fails; a Malfunction dice roll: missed and the tile goes back face
    down), then on a success the tile leaves and its bottom section's production gain goes,
    a point at a time, to a producer of that kind below its maximum (the table's choice; all
    at maximum: the gain is lost, ``shutdown.production``)."""
    s = r.s
    f = s.facility(d.target)
    kinds = [k for k in ("oxygen", "energy") if getattr(f, f"shutdown_{k}") is not None]
    if not kinds:
        return f"{f.name} has no Shutdown tile left: nothing to remove"
    kind = kinds[0] if len(kinds) == 1 else r.draw(
        "shutdown_tile", kinds, "shutdown.remove", f"which of {f.name}'s Shutdown tiles is "
        "flipped", random_draw=False, labels=[f"The {k} tile" for k in kinds])
    cost = r.draw("shutdown_cost", SHUTDOWN_COSTS, "shutdown.remove",
                  f"what the flipped {kind} Shutdown tile's top section asks to pay",
                  table_only=True, labels=["1 energy", "1 oxygen", "Nothing to pay"])
    if cost != "none":
        if s.supply[cost] < 1:
            return (f"the tile asks 1 {cost} and the General Supply has none: the action "
                    "fails and the tile is flipped back")
        r.supply(cost, -1, "shutdown.remove", f"paid to remove {f.name}'s Shutdown tile")
    roll = r.draw("shutdown_roll", SHUTDOWN_ROLLS, "shutdown.remove",
                  "the Malfunction dice roll the tile's top section asks for", table_only=True,
                  labels=["Rolled what it asks", "Missed it", "It asks no roll"])
    if roll == "missed":
        return "the roll is missed: the tile is flipped back face down on the Facility"
    r.emit(ShutdownRemoved(rule="shutdown.remove", facility=f.id, kind=kind))
    gain = r.draw("shutdown_gain", SHUTDOWN_GAINS, "shutdown.production",
                  "the production gain the tile's bottom section shows", table_only=True,
                  labels=["+1 oxygen production", "+1 energy production",
                          "+2 oxygen production", "+2 energy production",
                          "No production gain"])
    out = f"{f.name}'s {kind} Shutdown tile is removed"
    if gain == "none":
        return out
    what, n = gain.split(":")
    for _ in range(int(n)):
        room = [p for p in s.facilities if p.produces == what and not p.shut
                and p.production < p.max_production]
        if not room:
            r.emit(Tallied(rule="shutdown.production", step="production_lost",
                           facts={"resource": what, "lost": 1}))
            continue
        p = room[0] if len(room) == 1 else s.facility(r.draw(
            "shutdown_producer", [x.id for x in room], "shutdown.production",
            f"the producer that gains 1 {what} production", random_draw=False,
            labels=[x.name for x in room]))
        r.emit(ProductionChanged(rule="shutdown.production", facility=p.id, delta=1,
                                 value=p.production + 1))
    return out
