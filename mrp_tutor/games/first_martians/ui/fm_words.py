"""Words for the First Martians panel: every id the engine uses, as the table says it.

The panel shows names, never ids (``farm_01``, ``r2_e``, ``remove_shutdown``): choices are
(label, value) pairs, and :func:`words` is the last pass over any sentence before it reaches
the page, replacing an id that slipped into an engine sentence by its name.
"""

from __future__ import annotations

import re

from mrp_tutor.games.first_martians.content import Board, default_board
from mrp_tutor.games.first_martians.outcomes import POIS

ACTIONS = {"event": "Event (Mission Log)", "rest": "Rest (A Quiet Place)",
           "unwind": "Unwind (Crew Quarters)", "heal": "Heal (Med Lab)",
           "manage": "Manage (Control Center)", "explore": "Explore (Garage Hall)",
           "gather": "Gather (Probe Bay)", "research": "Research (Lab)",
           "build": "Build (Working Bay)", "remove_shutdown": "Remove a Shutdown tile",
           "mission": "Untyped Mission action"}
ACTION_SHORT = {"event": "Event", "rest": "Rest", "unwind": "Unwind", "heal": "Heal",
                "manage": "Manage", "explore": "Explore", "gather": "Gather",
                "research": "Research", "build": "Build", "remove_shutdown": "Remove Shutdown",
                "mission": "Mission action"}
AOMS = {"green": "Green AOM (Explore)", "gray": "Gray AOM (Gather)",
        "blue": "Blue AOM (Research)", "brown": "Brown AOM (Build)"}
ROVERS = {"froggy": "Froggy", "scorpio": "Scorpio"}
PARTS = {"oxygen": "Oxygen Filters", "energy": "Energy Connectors", "hardware": "Hardware",
         "cpu": "CPU"}
TOKENS = {"extra_pawn": "Extra Pawn", "adventure": "Adventure", "reroll": "Reroll",
          "wound": "Wound", "rover": "Rover", "blocked": "Blocked", "morale": "Morale",
          "success_die": "Success die"}
BLOCKS = {"system": "System", "living": "Living", "working": "Working"}
RESOURCES = {"oxygen": "oxygen", "energy": "energy", "food": "food"}
PHASE_NAMES = {"events": "I. Events", "morale": "II. Morale", "production": "III. Production",
               "actions": "IV. Actions", "malfunction": "V. Malfunction",
               "cleanup": "VI. Clean-Up", "round_end": "Round over", "over": "Mission over"}
WOUND_FACES = {"wound": "Wound", "blank": "No wound"}
DIE_FACES = {"wound_die": WOUND_FACES,  # the action dice and the rover's green Wound die
             "success_die": {"success": "Success", "fail": "Failure"},
             "adventure_die": {"adventure": "Adventure", "blank": "No Adventure"}}


def title(x: str) -> str:
    """``anxiety_attack`` -> ``Anxiety Attack``."""
    return " ".join(w.capitalize() for w in x.replace("_", " ").split())


def tile_name(tile: str) -> str:
    """A Shutdown tile's id in words (``oxygen_3`` -> ``oxygen tile 3``)."""
    kind, _, n = tile.rpartition("_")
    if kind in ("oxygen", "energy") and n.isdigit():
        return f"{kind} tile {n}"
    if n == "replacement":
        return f"a replacement {kind} tile"
    return title(tile)


_CACHE: dict[int, tuple[Board, dict[str, str], re.Pattern[str]]] = {}


def _names(board: Board) -> dict[str, str]:
    return _cached(board)[1]


def _pattern(board: Board) -> re.Pattern[str]:
    return _cached(board)[2]


def _cached(board: Board) -> tuple[Board, dict[str, str], re.Pattern[str]]:
    hit = _CACHE.get(id(board))
    if hit is None or hit[0] is not board:
        names = _build(board)
        ids = sorted((k for k in names if "_" in k), key=len, reverse=True)
        pat = re.compile(r"'?\b(" + "|".join(map(re.escape, ids)) + r")\b'?")
        hit = _CACHE[id(board)] = (board, names, pat)
    return hit


def _build(board: Board) -> dict[str, str]:
    out: dict[str, str] = {}
    out.update({f.id: f.name for f in board.facilities})
    out.update({s.id: s.name for s in board.spaces if s.id != "hub"})
    out.update({c: title(c) for c in board.conditions.names})
    for kind in ("oxygen", "energy"):
        out.update({t: tile_name(t) for t in getattr(board.shutdown_tiles, kind)})
    out.update({k: v for k, v in ACTION_SHORT.items() if "_" in k})
    out.update({k: v for k, v in TOKENS.items() if "_" in k})
    out.update({k: v for k, v in PHASE_NAMES.items() if "_" in k})
    out.update({"spare_part_oxygen": "Oxygen spare part", "spare_part_energy":
                "Energy spare part", "spare_part_hardware": "Hardware spare part",
                "spare_part_cpu": "CPU spare part", "poi": "POI"})
    out.update({f"poi_{k}": _poi(v) for k, v in POIS.items()})
    return out


def _poi(shows: str) -> str:
    """A POI by what it shows: "POI: an O2 spare part"."""
    return f"POI: {shows[:1].lower()}{shows[1:]}"


def name(x: str, board: Board | None = None) -> str:
    """The name of any id the panel knows (a Facility, space, Condition, tile, ...)."""
    names = _names(board or default_board())
    if x.startswith("upgrade:"):
        upgrade, _, fac = x[8:].partition("@")
        return f"{title(upgrade)} Upgrade for {names.get(fac, title(fac))}"
    return names.get(x, title(x))


def known_name(x: object, board: Board | None = None) -> str | None:
    """The name of an id the panel knows, or None."""
    return _names(board or default_board()).get(x) if isinstance(x, str) else None


def words(text: str, board: Board | None = None) -> str:
    """A sentence with every known id replaced by its name (quotes around an id dropped)."""
    b = board or default_board()
    text = re.sub(r"\b(system|living|working) (Block|line|die)\b",
                  lambda m: f"{m.group(1).capitalize()} {m.group(2)}", text)
    return _pattern(b).sub(lambda m: _names(b)[m.group(1)], text)


def known_ids(board: Board | None = None) -> list[str]:
    """Every id :func:`words` knows with an underscore (what a page must not show)."""
    return sorted(k for k in _names(board or default_board()) if "_" in k)
