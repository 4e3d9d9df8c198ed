"""Check your copy: a guided form for an owner of the game to enter the facts we could not
verify - the 36 ships (capacity and destination, one table), the zone names and their
adjacency, the characters' placement counts - each entered value marked
``verified: true, source: "my copy"``.

Each section is one text table, prefilled with the current data; "Mark as checked" reads every
line, and either keeps them all (as this session's corrections, :mod:`.corrections`) or
changes nothing and names every wrong line.
"""

from __future__ import annotations

import copy
import re
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from mrp_tutor.core.words import plural
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.ui.html import e

if TYPE_CHECKING:
    from mrp_tutor.games.mission_red_planet.ui.panel import PanelContext

MY_COPY = "my copy"
MAX_NAME = 40
MAX_CAPACITY = 12  # as in .corrections (a ship holds at most this many astronauts)


class LineErrors(ValueError):
    """Wrong lines of a form: one sentence each."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def _names(spec: GameSpec) -> dict[str, str]:
    """Lower-cased zone name or id -> zone id."""
    out = {z: z for z in spec.zones}
    out.update({spec.card_name(z).lower(): z for z in spec.zones})
    return out


def ships_text(spec: GameSpec) -> str:
    return "\n".join(f"{s.id}: {s.capacity}, "
                     f"{'unknown' if s.destination == 'unknown' else spec.card_name(s.destination)}"
                     for s in spec.content.ships.ships)


def parse_ships(spec: GameSpec, text: str) -> list[dict[str, Any]]:
    """``s01: 4, Syrtis Major`` per line -> override entries (all, or :class:`LineErrors`)."""
    zones = _names(spec) | {"unknown": "unknown"}
    known = {s.id for s in spec.content.ships.ships}
    out, problems, seen = [], [], set()
    for n, line in enumerate(text.splitlines()[:200], 1):
        if not line.strip():
            continue
        m = re.fullmatch(r"\s*(\w+)\s*[:,]?\s*(\d+)\s*[,;]?\s*(.+?)\s*", line)
        if m is None:
            problems.append(f"line {n}: write 'ship: capacity, destination' (e.g. s01: 4, "
                            "Syrtis Major)")
            continue
        sid, cap, dest = m.group(1).lower(), int(m.group(2)), m.group(3).lower()
        if sid not in known:
            problems.append(f"line {n}: there is no ship {sid[:10]!r} (s01 to s36)")
        elif sid in seen:
            problems.append(f"line {n}: ship {sid} is listed twice")
        elif not 1 <= cap <= MAX_CAPACITY:
            problems.append(f"line {n}: ship {sid} holds 1 to {MAX_CAPACITY} astronauts, "
                            f"not {cap}")
        elif dest not in zones:
            problems.append(f"line {n}: {dest[:MAX_NAME]!r} is not a zone (or 'unknown')")
        else:
            seen.add(sid)
            out.append({"id": sid, "capacity": cap, "destination": zones[dest],
                        "source": MY_COPY, "verified": True})
    if problems:
        raise LineErrors(problems)
    return out


def zones_text(spec: GameSpec) -> str:
    names = "\n".join(f"{z}: {spec.card_name(z)}" for z in spec.zones)
    edges = "\n".join(f"{spec.card_name(a)} - {spec.card_name(b)}"
                      for a, b in (x.between for x in spec.content.zones.adjacency))
    return f"{names}\n\n{edges}"


def parse_zones(spec: GameSpec, text: str) -> dict[str, Any]:
    """Zone names (``id: Name``) then adjacency (``Name - Name``) -> a zones override."""
    names: dict[str, str] = {}
    edges: list[tuple[str, str]] = []
    problems = []
    lines = text.splitlines()[:300]
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        if ":" in line:
            zid, _, name = (x.strip() for x in line.partition(":"))
            if zid not in spec.zones:
                problems.append(f"line {n}: there is no zone {zid[:MAX_NAME]!r}")
            elif not 1 <= len(name) <= MAX_NAME:
                problems.append(f"line {n}: a zone name has 1 to {MAX_NAME} characters")
            else:
                names[zid] = name
    lookup = _names(spec) | {v.lower(): k for k, v in names.items()}
    for n, line in enumerate(lines, 1):
        if ":" in line or not line.strip():
            continue
        parts = [x.strip().lower() for x in re.split(r"\s+-\s+|\s*[–—]\s*", line)]
        if len(parts) != 2 or any(p not in lookup for p in parts):
            problems.append(f"line {n}: write two zone names joined by ' - ' (e.g. Hellas - "
                            "Ausonia)")
            continue
        a, b = lookup[parts[0]], lookup[parts[1]]
        if a == b:
            problems.append(f"line {n}: a zone is not adjacent to itself")
        elif (a, b) not in edges and (b, a) not in edges:
            edges.append((a, b))
    if problems:
        raise LineErrors(problems)
    entries = [{"id": z, "name": name, "source": MY_COPY, "verified": True}
               for z, name in names.items()]
    adjacency = [{"between": [a, b], "source": MY_COPY, "verified": True} for a, b in edges]
    return {"zones": entries, "adjacency": adjacency}


def placements_text(spec: GameSpec) -> str:
    out = []
    for ch in spec.content.characters.characters:
        board = next((s for s in ch.steps if s.effect == "board"), None)
        if board is not None:
            out.append(f"{ch.name}: {board.count}")
    return "\n".join(out)


def parse_placements(spec: GameSpec, text: str) -> list[dict[str, Any]]:
    """``Pilot: 2`` per line -> character overrides: that board step's count, verified."""
    chars = {c.name.lower(): c for c in spec.content.characters.characters}
    chars.update({c.id: c for c in spec.content.characters.characters})
    out, problems = [], []
    for n, line in enumerate(text.splitlines()[:50], 1):
        if not line.strip():
            continue
        name, _, num = line.rpartition(":")
        ch = chars.get(name.strip().lower())
        if ch is None or not num.strip().isdigit():
            problems.append(f"line {n}: write 'Character: astronauts placed' (e.g. Pilot: 2)")
            continue
        count = int(num)
        if not 1 <= count <= MAX_CAPACITY:
            problems.append(f"line {n}: {ch.name} places 1 to {MAX_CAPACITY} astronauts")
            continue
        steps = [s.model_dump(mode="json") for s in ch.steps]
        board = next((s for s in steps if s["effect"] == "board"), None)
        if board is None:
            problems.append(f"line {n}: {ch.name} places no astronaut")
            continue
        board.update(count=count, source=MY_COPY, verified=True)
        out.append({"id": ch.id, "steps": steps})
    if problems:
        raise LineErrors(problems)
    return out


def merged(doc: dict[str, Any], file: str, key: str, entries: list[dict[str, Any]]
           ) -> dict[str, Any]:
    """The override document with ``entries`` merged into ``file.key`` by id."""
    out = copy.deepcopy(doc)
    lst = out.setdefault(file, {}).setdefault(key, [])
    for new in entries:
        old = next((x for x in lst if isinstance(x, dict) and x.get("id") == new["id"]), None)
        if old is None:
            lst.append(new)
        else:
            old.update(new)
    return out


class CheckCopyPanel:
    """Three text tables (ships, zones, placements), each marked checked as a whole."""

    def __init__(self, ctx: PanelContext, commit: Any) -> None:
        self.ctx = ctx
        self.app = app = ctx.app
        self.commit = commit  # (doc, sentence) -> bool, from the corrections panel
        spec = app.corrected_spec or ctx.spec
        area = {"layout": W.Layout(width="100%", max_width="640px"), "rows": 10}
        self.ships = W.Textarea(value=ships_text(spec), _dom_classes=["mrp-cc-ships"], **area)
        self.zones = W.Textarea(value=zones_text(spec), _dom_classes=["mrp-cc-zones"], **area)
        self.placements = W.Textarea(value=placements_text(spec),
                                     _dom_classes=["mrp-cc-placements"], **area)
        self.out = W.HTML(_dom_classes=["mrp-cc-result"])
        buttons = []
        for what, cls in (("ships", "mrp-cc-ships-ok"), ("zones", "mrp-cc-zones-ok"),
                          ("placements", "mrp-cc-placements-ok")):
            b = W.Button(description="Mark as checked against my copy", _dom_classes=[cls],
                         layout=W.Layout(width="auto"))
            b.on_click(ctx.guard(lambda _b, w=what: self.mark(w)))
            buttons.append(b)
        self.root = W.VBox([
            W.HTML("<h4>Check your copy</h4><p>Own the game? Compare each table with your "
                   "copy, fix what differs, and mark it checked: every value is then "
                   "<i>verified</i>, source <i>my copy</i>, and the board drops its "
                   "'unverified' tags (from the next new game or table).</p>"),
            W.HTML("<b>Ships</b>: one line each, <code>ship: capacity, destination</code>"),
            self.ships, buttons[0],
            W.HTML("<b>Zones</b>: <code>id: name</code> lines, then one line per pair of "
                   "adjacent zones, <code>Name - Name</code> (the whole adjacency)"),
            self.zones, buttons[1],
            W.HTML("<b>Placement counts</b>: astronauts each character places, "
                   "<code>Character: count</code>"),
            self.placements, buttons[2], self.out,
        ], _dom_classes=["mrp-check-copy"])

    def mark(self, what: str) -> None:
        spec = self.app.corrected_spec or self.ctx.spec
        doc = self.app.corrections
        try:
            if what == "ships":
                entries = parse_ships(spec, self.ships.value)
                doc, n = merged(doc, "ships", "ships", entries), len(entries)
            elif what == "zones":
                z = parse_zones(spec, self.zones.value)
                doc = merged(doc, "zones", "zones", z["zones"])
                doc["zones"]["adjacency"] = z["adjacency"]
                n = len(z["zones"]) + len(z["adjacency"])
            else:
                entries = parse_placements(spec, self.placements.value)
                doc, n = merged(doc, "characters", "characters", entries), len(entries)
        except LineErrors as err:
            msg = f"Nothing marked: {plural(len(err.problems), 'line')} to fix: " + "; ".join(
                err.problems[:5]) + "."
            self.out.value = f"<p class='mrp-cc-error'>{e(msg)}</p>"
            self.app.say(msg, "error")
            return
        if self.commit(doc, f"Marked {n} {what} entries as checked against your copy "
                       "(verified, source: my copy). Start a new game or use a table to "
                       "see them on the board."):
            self.out.value = f"<p class='mrp-cc-ok'>{n} {e(what)} entries checked.</p>"
