"""Rulings as summaries (HTML): production as a zone table with totals per colour, the final
score "if the game ended now", each line with its rule.  Pure functions of
:mod:`mrp_tutor.games.mission_red_planet.referee` results; the printable sheet (:mod:`.sheet`) uses
them too.
"""

from __future__ import annotations

from mrp_tutor.core.words import detail_words, plural
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState
from mrp_tutor.games.mission_red_planet.explain import cite
from mrp_tutor.games.mission_red_planet.referee import (
    ColourScore,
    FinalRuling,
    ProductionRuling,
    Reason,
    final_ruling,
    production_ruling,
)
from mrp_tutor.games.mission_red_planet.ui.html import COLOUR_HEX, e
from mrp_tutor.games.mission_red_planet.unknowns import NONE, Unknowns


def _cite(spec: GameSpec, rule: str | None, printable: bool = False) -> str:
    """``[rule]`` with the section as a tooltip (printable: the section in words)."""
    if not rule:
        return ""
    c = cite(spec, rule)
    section = c.section if c else ""
    label = f"tutor reading {rule}" if c is not None and c.is_reading else rule
    if printable:  # the sheet lists each rule's section once, at the end
        return f'<span class="mrp-rule">[{e(label)}]</span>'
    return f'<cite class="mrp-rule" title="{e(section)}">[{e(label)}]</cite>'


def _colour(c: str) -> str:
    return (f'<span class="mrp-swatch" style="background:{COLOUR_HEX.get(c, "#777")}"></span>'
            f'{e(c.capitalize())}')


def _counts(d: dict[str, int]) -> str:
    return ", ".join(f"{c} {n}" for c, n in sorted(d.items(), key=lambda x: (-x[1], x[0])) if n)


def _reasons(spec: GameSpec, why: list[Reason], printable: bool) -> str:
    if printable:  # the table says what happens; the sheet keeps the rules behind it
        rules = dict.fromkeys(r.rule for r in why if r.rule)
        return " ".join(_cite(spec, r, True) for r in rules)
    return "<br>".join(f"{e(r.text)} {_cite(spec, r.rule, printable)}" for r in why)


def production_summary_html(spec: GameSpec, r: ProductionRuling, *,
                            printable: bool = False) -> str:
    """Zone -> who receives what, what stays, why; then the totals per colour."""
    head = (f"<p class='mrp-prod-head'>Production: {plural(r.amount, 'token')} per face-up zone"
            + (" (third production: discoveries apply)" if r.third else "")
            + f" {_cite(spec, 'production.produce', printable)}</p>")
    # an unreachable table, the cards taken into account, decisions still open (referee.py)
    extra = [*r.notes, *(reason for _, reason in r.cards), *r.pending]
    if extra:
        head += ("<ul class='mrp-prod-notes'>" + "".join(
            f"<li>{e(x.text)} {_cite(spec, x.rule, printable)}</li>" for x in extra) + "</ul>")
    rows = []
    for z in r.zones:
        if not z.face_up and not z.waiting_before:
            continue
        receives = "; ".join(
            f"{e(c.capitalize())} +" + ", +".join(f"{n} {e(res)}" for res, n in got.items())
            for c, got in z.receives.items()) or "nobody"
        stays = ", ".join(f"{n} {e(res)}" for res, n in z.stays.items() if n) or "nothing"
        produced = ", ".join(f"{n} {e(res)}" for res, n in z.produced.items()) or "nothing"
        if z.open:  # its resource token was not entered: each case is in "Why"
            produced = receives = stays = "not known (resource token not entered)"
        waiting = ", ".join(f"{n} {e(res)}" for res, n in z.waiting_before.items() if n)
        if waiting:  # counted in what is received: said, so the sum adds up
            produced += f" (+{waiting} already waiting)"
        rows.append(
            f"<tr><th scope='row'>{e(spec.card_name(z.zone))}</th>"
            f"<td data-label='Astronauts'>{e(_counts(z.counts) or 'empty')}</td>"
            f"<td data-label='Produces'>{produced}</td>"
            f"<td class='mrp-receives' data-label='Receives'>{receives}</td>"
            f"<td data-label='Stays'>{stays}</td>"
            f"<td class='mrp-why-cell' data-label='Why'>"
            f"{_reasons(spec, z.why, printable and not z.open)}</td>"  # cases: said in full
            "</tr>")
    if not rows:
        rows.append("<tr><td colspan='6'>No zone is face up and no tokens wait anywhere: "
                    "nothing happens.</td></tr>")
    table = ("<table class='mrp-table mrp-prod-table'><thead><tr><th>Zone</th>"
             "<th>Astronauts</th><th>Produces</th><th>Receives</th><th>Stays</th><th>Why</th>"
             "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>")
    totals = "".join(f"<li>{e(line)}</li>" for line in r.totals_lines())
    return (f"<div class='mrp-prod-summary'>{head}{table}<p><b>Totals</b> "
            f"{_cite(spec, 'production.majority', printable)}</p>"
            f"<ul class='mrp-prod-totals'>{totals}</ul></div>")


def _ice_cell(sc: ColourScore) -> str:
    return "not known" if any("(not known)" in x and "Monopoly" in x for x in sc.open) \
        else str(sc.ice_monopoly)


def _tokens_cell(sc: ColourScore) -> str:
    if "point tokens (not entered)" in sc.open:
        return "not entered"
    return f"{sum(sc.token_points.values())} ({sc.token_count} tokens)"


def final_summary_html(spec: GameSpec, r: FinalRuling, *, running: bool,
                       printable: bool = False) -> str:
    """Score per colour (each mission line once), Ice Monopoly, discoveries, tie-breaks."""
    title = ("If the game ended now" if running else "Final scoring")
    rows = []
    for c, sc in r.scores.items():
        missions = "<br>".join(
            f"{e(spec.card_name(m.card))}: {'completed' if m.completed else 'not completed'}, "
            f"{m.points} ({e(detail_words(m.detail))}) {_cite(spec, m.rule, printable)}"
            for m in sc.missions
        ) or "none"
        disc = "<br>".join(f"{e(spec.card_name(card))} in {e(spec.card_name(z))}: {p}"
                           for card, z, p in sc.discoveries) or "-"
        win = " class='mrp-winner'" if c in r.winners else ""
        rows.append(
            f"<tr{win}><th scope='row'>{_colour(c)}</th>"
            f"<td class='mrp-total' data-label='Total'>{e(sc.total_text())}</td>"
            f"<td data-label='Missions'>{missions}</td>"
            f"<td data-label='Ice Monopoly'>{_ice_cell(sc)}</td>"
            f"<td data-label='Point tokens'>{_tokens_cell(sc)}</td>"
            f"<td data-label='Discoveries'>{disc}</td></tr>")
    table = ("<table class='mrp-table mrp-final-table'><thead><tr><th>Colour</th><th>Total</th>"
             "<th>Missions</th><th>Ice Monopoly</th><th>Point tokens</th><th>Discoveries</th>"
             "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>")
    notes = "".join(f"<li>{e(x.text)} {_cite(spec, x.rule, printable)}</li>"
                    for x in [*r.why, *r.tie_breaks])
    return (f"<div class='mrp-final-summary'><p class='mrp-final-head'><b>{title}</b> "
            f"{_cite(spec, 'scoring.final', printable)}</p>{table}"
            f"<ul class='mrp-final-notes'>{notes}</ul></div>")


SUMMARY_CSS = """<style>
.mrp-prod-table td, .mrp-final-table td, .mrp-prod-table th, .mrp-final-table th {
  vertical-align: top; padding: 2px 6px; }
.mrp-why-cell { font-size: 0.85em; color: #444; }
.mrp-rule { font-size: 0.85em; color: #666; font-style: normal; }
.mrp-swatch { display: inline-block; width: 0.8em; height: 0.8em; border-radius: 50%;
  margin-right: 4px; vertical-align: middle; }
.mrp-winner th, .mrp-winner .mrp-total { font-weight: bold; }
.mrp-prod-summary, .mrp-final-summary { overflow-x: auto; max-width: 100%; }
@media (max-width: 600px) {  /* a phone: one card per zone / colour instead of columns */
  .mrp-prod-table thead, .mrp-final-table thead { display: none; }
  .mrp-prod-table tr, .mrp-final-table tr { display: block; border-bottom: 1px solid #ccc;
    padding: 4px 0; }
  .mrp-prod-table td, .mrp-prod-table th, .mrp-final-table td, .mrp-final-table th {
    display: block; padding: 1px 0; }
  .mrp-prod-table td::before, .mrp-final-table td::before { content: attr(data-label) ": ";
    font-weight: bold; }
}
</style>"""


def ruling_summary_html(spec: GameSpec, state: GameState, which: str,
                        unknown: Unknowns = NONE) -> str:
    """The production or final-score ruling on ``state`` as a summary (with its styles);
    ``unknown``: what the referee's table left out (ruled per possibility)."""
    if which == "production":
        return SUMMARY_CSS + production_summary_html(
            spec, production_ruling(spec, state, unknown=unknown))
    return SUMMARY_CSS + final_summary_html(spec, final_ruling(spec, state, unknown=unknown),
                                            running=state.stage != "over")
