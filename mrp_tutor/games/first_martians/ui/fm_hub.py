"""HTML view of a First Martians HUB: tracks, Malfunction Box, Facilities, crew, rovers.

Pure rendering (state in, escaped HTML out).  Board data the rulebook does not print is
marked unverified on the page, as the standards ask.
"""

from __future__ import annotations

from html import escape

from mrp_tutor.games.first_martians.content import Board
from mrp_tutor.games.first_martians.state import Astronaut, HubState
from mrp_tutor.games.first_martians.ui.fm_words import AOMS, PHASE_NAMES, TOKENS, name, title

CSS = """<style>
.fm-hub{font-size:13px;line-height:1.35}
.fm-hub table{border-collapse:collapse;width:100%;margin:4px 0}
.fm-hub td,.fm-hub th{border-bottom:1px solid #ddd;padding:2px 4px;text-align:left;
  vertical-align:top}
.fm-dot{display:inline-block;min-width:1.9em;padding:0 3px;margin:1px;border-radius:3px;
        color:#fff;font-size:11px;text-align:center}
.fm-green{background:#2e7d32}.fm-red{background:#c62828}
.fm-tile{background:#37474f;color:#fff;border-radius:3px;padding:0 4px;font-size:11px}
.fm-tracks span{display:inline-block;margin-right:12px}
.fm-unverified{color:#8d6e00;font-size:12px}
.fm-cite{color:#666;font-size:12px}
.fm-log{max-height:420px;overflow-y:auto}
.fm-wrap{overflow-x:auto}
</style>"""
PART = {"oxygen": "O2", "energy": "⚡", "hardware": "⚙", "cpu": "CPU"}


def _dot(part: str, red: bool, penalty: str) -> str:
    colour = "fm-red" if red else "fm-green"
    tip = f"{part} status, {'red' if red else 'green'} (penalty when red: {penalty})"
    return f"<span class='fm-dot {colour}' title='{escape(tip)}'>{PART[part]}</span>"


def _conditions(a: Astronaut) -> str:
    """An astronaut's Conditions; one gained this phase says it applies from its end."""
    fresh = set(getattr(a, "fresh_conditions", []))
    return escape(", ".join(title(c) + (" (applies from the end of this phase)"
                                        if c in fresh else "") for c in a.conditions)
                  or "no Condition")


def hub_html(s: HubState, board: Board) -> str:
    sup = " ".join(f"{k} <b>{v}</b>" for k, v in s.supply.items())
    first = next(a.name for a in s.astronauts if a.id == s.first_player)
    phase = PHASE_NAMES.get(s.phase, "round over")
    tracks = (f"<div class='fm-tracks'><span>Sol <b>{s.sol}</b>"
              + (f" of {s.sols}" if s.sols else "") + f"</span><span>Phase <b>{escape(phase)}"
              f"</b></span><span>First Player <b>{escape(first)}</b></span><span>Morale "
              f"<b>{s.morale:+d}</b> (−2…+3)</span><span>Stress <b>{s.stress}</b>/18</span>"
              f"<span>Supply: {sup}</span></div>")
    box = "".join(
        f"<span>{b.capitalize()} track <b>{s.malfunction[b]}</b>/5 "
        f"<span class='fm-dot fm-{'red' if s.box[b] == 'red' else 'green'}'>line</span></span>"
        for b in ("system", "living", "working"))
    rows = []
    for f in s.facilities:
        stat = "".join(_dot(st.part, st.red, st.penalty) for st in f.statuses)
        tiles = "".join(f"<span class='fm-tile'>{PART[k]} shutdown</span> "
                        for k in ("oxygen", "energy") if getattr(f, f"shutdown_{k}"))
        prod = f"{f.production}/{f.max_production} {f.produces}" if f.produces else ""
        farm = (("seeds on Growth spaces " + ", ".join(map(str, f.farm.seeds))
                 if f.farm.seeds else "no seeds")
                + f"; plants {f.farm.plants} of {f.farm.greenhouses} Greenhouses"
                if f.farm else "")
        toks = ("! " + ", ".join(TOKENS.get(t, t) for t in f.now) if f.now else "") + (
            (" » " + ", ".join(TOKENS.get(t, t) for t in f.next)) if f.next else "")
        rows.append(f"<tr><td>{escape(f.name)}</td><td>{f.block.capitalize()}</td><td>{stat}</td>"
                    f"<td>{tiles}{escape(prod)}{escape(farm)}</td><td>{escape(toks)}</td></tr>")
    crew = "".join(
        f"<tr><td>{escape(a.name)}{' ★' if a.id == s.first_player else ''}"
        f"{' (Medic)' if a.medic else ''}</td>"
        f"<td>{a.wounds}/{board.health.spaces} wounds{' (dead)' if a.dead else ''}</td>"
        f"<td>{a.morale_tokens} Morale tokens</td>"
        f"<td>{_conditions(a)}</td></tr>" for a in s.astronauts)
    rovers = ", ".join(f"{k.capitalize()}: " + (f"{r.blocked} Blocked" if r.blocked else "ready")
                       for k, r in s.rovers.items())
    tiles_txt = ", ".join(f"{escape(t.name)} ({escape(name(k, board))}, {t.samples} samples)"
                          for k, t in s.tiles.items()) or "none"
    def items(xs: list[str]) -> str:
        return escape(", ".join(name(x, board) for x in xs) or "nothing")

    cargo = (f"Cargo Bay: Available {items(s.cargo.available)}; Pending "
             f"{items(s.cargo.pending)}. ")
    aoms = (", ".join(AOMS[c] for c in s.aoms) + (" (solo: two a round)" if s.solo else "")
            if s.aoms else "none")
    unverified = len(board.unverified())
    return (CSS + "<div class='fm-hub'>" + tracks
            + f"<div class='fm-tracks'>Malfunction: {box}</div>"
            + "<div class='fm-wrap'><table><tr><th>Facility</th><th>Block</th><th>Statuses</th>"
            "<th>Production / Farm</th><th>Tokens</th></tr>" + "".join(rows) + "</table></div>"
            + "<div class='fm-wrap'><table>" + crew + "</table></div>"
            + f"<div>{cargo}AOMs in play: {escape(aoms)}. Rovers: {rovers}. "
            f"Revealed ROI tiles: {tiles_txt}. Mission Log: "
            + (escape(", ".join(e.name for e in s.mission_log)) or "empty") + ".</div>"
            + f"<div class='fm-unverified'>⚠ {unverified} board data entries (Facility "
            "statuses, map geometry, dice faces) are our model of the printed board, not "
            "checked against a physical copy: unverified.</div></div>")
