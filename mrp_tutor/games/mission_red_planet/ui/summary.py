"""The game-over summary shown where the game ended (issue 26, item 4): the winner, each
colour's score line by line (missions, Ice Monopoly, point tokens, discoveries) and the
missions revealed at the final scoring, completed or not.  Built from the view's result and
the final scoring events (missions are public once scored).  The total leads, beside the
colour (issue 36: on a phone it was behind the table's sideways scroll)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from mrp_tutor.core.words import plural
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec

LINES = (("missions", "missions"), ("ice_monopoly", "Ice Monopoly"),
         ("tokens", "point tokens"), ("discoveries", "discoveries"))


def winners_text(winners: Sequence[str]) -> str:
    """``Green`` / ``Red and Blue (shared)`` / ``nobody``: colours capitalised, as elsewhere."""
    names = [str(w).capitalize() for w in winners]
    if not names:
        return "nobody"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + f" and {names[-1]} (shared)"


def game_over_html(spec: GameSpec, view: Mapping[str, Any], events: Sequence[Any]) -> str:
    """The summary: winner line, a score table (a row per colour, a column per scoring line),
    the missions each colour revealed, and where the full breakdown is."""
    res = view.get("result") or {}
    winners = list(res.get("winners", []))
    who = "Winners" if len(winners) > 1 else "Winner"
    if res.get("losers_all"):
        head = "The game is over: a neutral colour scored most, so both players lose."
    else:
        head = f"The game is over. {who}: <b>{escape(winners_text(winners))}</b>."
    scores = res.get("scores", {})
    breakdown = res.get("breakdown", {})
    missions: dict[str, list[str]] = {}
    for ev in events:
        if type(ev).__name__ == "MissionScored":
            mark = (f"{spec.card_name(ev.card)} ✓ {plural(ev.points, 'point')}" if ev.completed
                    else f"{spec.card_name(ev.card)} ✗ not completed")
            missions.setdefault(ev.colour, []).append(mark)
    order = sorted(view.get("order", []), key=lambda c: -int(scores.get(c, 0)))
    head_cells = "".join(f'<th scope="col">{escape(t)}</th>' for _, t in LINES)
    rows, lists = [], []
    for c in order:
        b = breakdown.get(c, {})
        cells = "".join(f"<td>{int(b.get(k, 0))}</td>" for k, _ in LINES)
        won = " mrp-go-winner" if c in winners else ""
        revealed = "; ".join(missions.get(c, [])) or "none"
        rows.append(f'<tr class="mrp-go-row{won}"><th scope="row">{escape(c.capitalize())}'
                    f'</th><td class="mrp-go-total"><b>{int(scores.get(c, 0))}</b></td>'
                    f"{cells}</tr>")
        lists.append(f"<li><b>{escape(c.capitalize())}</b>: {escape(revealed)}</li>")
    # the total first, beside the colour: on a phone it is never behind the sideways scroll
    table = (f'<table class="mrp-go-table"><thead><tr><th scope="col">Colour</th>'
             f'<th scope="col">total</th>{head_cells}</tr></thead>'
             f"<tbody>{''.join(rows)}</tbody></table>")
    return (f'<div class="mrp-game-over" role="status"><div class="mrp-go-head">{head}</div>'
            f'<div class="mrp-go-scroll" tabindex="0" role="region" aria-label="Final scores">'
            f"{table}</div>"
            f'<div>The missions revealed:</div><ul class="mrp-go-missions">{"".join(lists)}</ul>'
            "<div>The Scores tab has the whole breakdown, zone by zone.</div></div>")


GAME_OVER_CSS = """<style>
.mrp-game-over { border: 2px solid #0b5d1e; border-radius: 8px; background: #f3faf5;
  padding: 6px 8px; margin: 4px 0; }
.mrp-go-head { font-size: 15px; margin-bottom: 4px; }
.mrp-go-scroll { overflow-x: auto; max-width: 100%; }
.mrp-go-table { border-collapse: collapse; font-size: 13px; }
.mrp-go-table th, .mrp-go-table td { border: 1px solid #c9d3df; padding: 2px 6px;
  text-align: left; vertical-align: top; white-space: nowrap; word-break: normal;
  overflow-wrap: normal; }
.mrp-go-missions { margin: 2px 0 4px; padding-left: 1.2em; }
.mrp-go-winner { background: #dff3e4; }
</style>"""
