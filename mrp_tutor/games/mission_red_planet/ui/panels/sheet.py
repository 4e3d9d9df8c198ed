"""The printable one-page sheet: the table position and the rulings with their citations.

A self-contained HTML document with print styles (A4, small type, two columns), for settling
a dispute after the game.  The browser prints it (the Table tab's "Print sheet" button opens
it and calls the print dialog; a browser test prints it to PDF and checks it is one page).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState
from mrp_tutor.games.mission_red_planet.explain import cite
from mrp_tutor.games.mission_red_planet.explain.options import ship_name
from mrp_tutor.games.mission_red_planet.referee import final_ruling, production_ruling
from mrp_tutor.games.mission_red_planet.ui.html import e
from mrp_tutor.games.mission_red_planet.ui.panels.rulings import (
    final_summary_html,
    production_summary_html,
)
from mrp_tutor.games.mission_red_planet.ui.panels.table_grid_round import stage_words
from mrp_tutor.games.mission_red_planet.unknowns import NONE, Unknowns

SHEET_CSS = """
@page { size: A4; margin: 7mm; }
body { font: 7pt/1.15 system-ui, sans-serif; color: #111; margin: 0; }
h1 { font-size: 10pt; margin: 0 0 2px; } h2 { font-size: 8pt; margin: 4px 0 1px; }
p { margin: 2px 0; }
table { border-collapse: collapse; width: 100%; }
td, th { border: 0.5pt solid #999; padding: 0 2px; text-align: left; vertical-align: top; }
.cols { display: grid; grid-template-columns: 1fr 1fr; gap: 4mm; }
.rules-cited { columns: 3; font-size: 6.5pt; color: #333; }
.mrp-prod-totals { padding: 0; display: inline; } .mrp-prod-totals li { display: inline; }
.mrp-prod-totals li + li::before { content: "; "; }
.mrp-prod-summary > p { display: inline; }
.mrp-rule { color: #555; font-size: 6.5pt; }
.mrp-why-cell { font-size: 6.5pt; }
.mrp-swatch { display: inline-block; width: 6px; height: 6px; border-radius: 50%;
  margin-right: 2px; }
.meta { color: #444; }
ul { margin: 1px 0; padding-left: 12px; }
"""


def position_html(spec: GameSpec, s: GameState,
                  unknown: Unknowns = NONE) -> tuple[str, str]:
    """The table position in words: (round, zones and ships; players) - everything entered;
    what ``unknown`` says nobody entered is printed as not known (never the filler)."""
    name = spec.card_name
    head = (f"<p class='meta'>Stage: {e(stage_words(s.stage).lower())}, round {s.round}; first "
            f"player {e(s.first)}; colours {e(', '.join(s.order))}.</p>")
    zrows = []
    for z in spec.zones:
        crowd = ", ".join(f"{c} {n}" for c, n in s.zones[z].items() if n)
        res = "not known" if z in unknown.resources else s.resources.get(z, "?")
        face = "up" if s.face_up.get(z) else "down"
        wait = ", ".join(f"{n} {r}" for r, n in s.waiting[z].items() if n)
        disc = s.discoveries.get(z)
        disc_txt = (f"{name(disc)} ({'revealed' if s.discoveries_revealed else 'face down'})"
                    if disc else "")
        if z in unknown.discoveries:
            disc, disc_txt = z, "face down, not known"
        if crowd or wait or disc or s.face_up.get(z):
            zrows.append(f"<tr><th>{e(name(z))}</th><td>{e(res)}, face {face}</td><td>{e(crowd)}"
                         f"</td><td>{e(wait)}</td><td>{e(disc_txt)}</td></tr>")
    zones = ("<table><thead><tr><th>Zone</th><th>Resource</th><th>Astronauts</th>"
             "<th>Waiting</th><th>Discovery</th></tr></thead><tbody>" + "".join(zrows)
             + "</tbody></table>")
    srows = []
    for i, sid in enumerate(s.docks):
        if sid is not None:
            srows.append(_ship_row(spec, s, sid, f"dock {i + 1}"))
    srows.extend(_ship_row(spec, s, sid, "launched") for sid in s.launched)
    ships = ("<table><thead><tr><th>Where</th><th>Ship</th><th>Crew</th><th>Tokens</th></tr>"
             "</thead><tbody>" + "".join(srows) + "</tbody></table>")
    prow = []
    for c in s.order:
        seat = s.seats[c]
        toks = ", ".join(f"{n} {r}" for r, n in seat.tokens.items() if n) or "-"
        if c in unknown.tokens:
            toks = "not entered"
        prow.append(
            f"<tr><th>{e(c.capitalize())}</th><td>{e(toks)}</td>"
            f"<td>{e(', '.join(name(x) for x in seat.played) or '-')}</td>"
            f"<td>{e(name(seat.chosen) if seat.chosen else '-')}</td>"
            f"<td>{e(', '.join(name(x) for x in seat.missions) or '-')}</td>"
            f"<td>{seat.supply} / {s.memorial.get(c, 0)}</td></tr>")
    players = ("<table><thead><tr><th>Colour</th><th>Point tokens</th><th>Played</th>"
               "<th>Chosen</th><th>Missions</th><th>Supply / memorial</th></tr></thead>"
               "<tbody>" + "".join(prow) + "</tbody></table>")
    return (f"{head}<h2>Zones</h2>{zones}<h2>Ships</h2>{ships}", f"<h2>Players</h2>{players}")


def _ship_row(spec: GameSpec, s: GameState, sid: str, where: str) -> str:
    ship = s.ships[sid]
    dest = spec.dest.get(sid, "")
    crew = ", ".join(f"{c} {n}" for c, n in ship.crew.items() if n) or "-"
    toks = ", ".join(spec.card_name(t) for t in ship.tokens) or "-"
    dest_txt = "unknown" if dest in ("", "unknown") else spec.card_name(dest)
    return (f"<tr><td>{e(where)}</td><td>{e(ship_name(sid).capitalize())} (room for "
            f"{spec.cap[sid]}, to {e(dest_txt)})</td>"
            f"<td>{e(crew)}</td><td>{e(toks)}</td></tr>")


def sheet_html(spec: GameSpec, state: GameState, *, title: str = "Table sheet",
               when: dt.datetime | None = None, code: str = "",
               unknown: Unknowns = NONE) -> str:
    """The whole one-page sheet (an HTML document); ``unknown``: what the referee's table
    left out (the rulings rule on each possibility, as in the Table tab)."""
    stamp = (when or dt.datetime.now(dt.UTC)).strftime("%Y-%m-%d %H:%M UTC")
    running = state.stage != "over"
    parts: list[str] = []
    try:
        parts.append(production_summary_html(spec, production_ruling(spec, state, unknown=unknown),
                                             printable=True))
    except Exception as exc:  # a position with no production left: say so, do not fail
        parts.append(f"<p>No production ruling: {e(exc)}</p>")
    parts.append(final_summary_html(spec, final_ruling(spec, state, unknown=unknown),
                                    running=running, printable=True))
    share = (f"<p class='meta'>Table code: <code style='word-break:break-all'>{e(code)}"
             "</code></p>") if code and len(code) < 1600 else ""
    board, players = position_html(spec, state, unknown)
    rules = dict.fromkeys(re.findall(r"\[([a-z0-9_.]+)\]", "".join(parts)))
    cited = "".join(f"<li>[{e(r)}] {e(c.section)}</li>" for r in rules
                    if (c := cite(spec, r)) is not None)
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{e(title)}</title><style>{SHEET_CSS}</style></head><body>"
        f"<h1>Mission: Red Planet: {e(title)}</h1><p class='meta'>Printed {e(stamp)} by the "
        "rules tutor. Rule ids in brackets refer to the tutor's rules file (our paraphrase of "
        "the rulebook) and its section.</p>"
        f"<div class='cols'><section>{board}</section>"
        f"<section><h2>Score</h2>{parts[1]}</section></div>{players}"
        f"<h2>Production ruling</h2>{parts[0]}"
        f"<h2>Rules cited</h2><ul class='rules-cited'>{cited}</ul>{share}</body></html>")


def sheet_for(app: Any) -> str:
    """The sheet of an app's current position (Referee mode only: it shows every secret)."""
    if not app.session.referee:
        return ""
    return sheet_html(app.session.spec, app.session.state, unknown=app.session.unknowns)
