"""Small HTML renderers for the panels (pure functions: easy to test, cheap to call)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

# the shell's helpers, kept importable from here (every panel of this game imports them here)
from mrp_tutor.app.html import SHELL_RULES
from mrp_tutor.app.html import Cite as Cite
from mrp_tutor.app.html import citation_html as citation_html
from mrp_tutor.app.html import cite_button_html as cite_button_html
from mrp_tutor.app.html import e as e
from mrp_tutor.app.html import paraphrase_html as paraphrase_html
from mrp_tutor.app.html import rule_id_html as rule_id_html
from mrp_tutor.app.html import sentence_html as sentence_html
from mrp_tutor.app.html import sentences_html as sentences_html
from mrp_tutor.app.html import status_html as status_html
from mrp_tutor.games.mission_red_planet.engine.rulesets import RULESETS
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.explain.options import ship_name
from mrp_tutor.games.mission_red_planet.ui.cards import card_note

if TYPE_CHECKING:
    import pandas as pd

COLOUR_HEX = {
    "red": "#d64541", "blue": "#3b7dd8", "green": "#2e9e5b", "yellow": "#e0b400",
    "purple": "#8e5cc8", "black": "#333333",
}


# Column headers in words: the read models (mrp_tutor.games.mission_red_planet.tables) keep their
# analysis names
# (token_points, on_mars, ...); a visitor reads these.
COLUMN_LABELS = {
    "n": "#", "token_points": "Points in tokens", "on_mars": "On Mars", "on_ships": "On ships",
    "memorial": "Lost in space", "first": "First player", "ice_monopoly": "Ice Monopoly",
}


def column_label(name: object) -> str:
    """A table column's header in words (``on_mars`` -> ``On Mars``, ``red`` -> ``Red``)."""
    text = str(name)
    label = COLUMN_LABELS.get(text)
    if label is not None:
        return label
    text = text.replace("_", " ")
    return text[:1].upper() + text[1:]


def cell_text(value: object) -> str:
    """A table cell's text: yes/no for a flag, the value itself otherwise."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":  # numpy's flag too
        return "yes" if value else "no"
    return str(value)


def frame_html(df: pd.DataFrame, cls: str, caption: str = "") -> str:
    """A DataFrame as an accessible HTML table (hand-rolled: ~20x faster than to_html)."""
    return rows_html(df.columns, df.itertuples(index=False, name=None), cls, caption)


def rows_html(columns: Iterable[Any], rows: Iterable[Sequence[Any]], cls: str,
              caption: str = "") -> str:
    """Rows (tuples in ``columns`` order) as the same table as :func:`frame_html`."""
    return table_html(columns, (row_html(r) for r in rows), cls, caption)


def row_html(row: Sequence[Any]) -> str:
    """One ``<tr>`` of :func:`rows_html` (callers may cache it)."""
    return "<tr>" + "".join(f"<td>{e(cell_text(v))}</td>" for v in row) + "</tr>"


def table_html(columns: Iterable[Any], rows: Iterable[str], cls: str, caption: str = "") -> str:
    """A table from its column names and already rendered ``<tr>`` rows."""
    cap = f"<caption>{e(caption)}</caption>" if caption else ""
    head = "".join(f'<th scope="col">{e(column_label(c))}</th>' for c in columns)
    return (f'<table class="mrp-table {e(cls)}" tabindex="0">{cap}<thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>")


def countdown_cells(spec: GameSpec, view: Mapping[str, Any]) -> tuple[list[str], str]:
    """The nine characters in the order they are called (9 to 1; the first edition 1 to 9),
    one ``<li>`` each, the one resolving now highlighted; and the line of who is still to
    resolve (or "")."""
    rules = RULESETS.get(str(view.get("ruleset", "")))
    cur = view.get("character")
    resolving = view["stage"] == "resolve"
    # a dot for a card turned up this turn; a colour whose card is still face down (chosen
    # not None) has last turn's card on top of its played pile, which is not this turn's
    last = {c: view["seats"][c]["played"][-1] for c in view["order"]
            if resolving and view["seats"][c]["played"] and view["seats"][c]["chosen"] is None}
    cells = []
    for ch in rules.calling_order(spec) if rules is not None else spec.countdown:
        info = spec.characters[ch]
        cls = "mrp-cd-cell mrp-current" if ch == cur else "mrp-cd-cell"
        dots = "".join(f'<span class="mrp-cd-dot" style="background:{COLOUR_HEX.get(c, "#777")}"'
                       f' title="{e(c)}"></span>' for c in view["order"] if last.get(c) == ch)
        aria = ' aria-current="step"' if ch == cur else ""
        tip = f"{info.name} ({info.number}): {card_note(spec, ch) or info.text}"
        cells.append(f'<li class="{cls}"{aria} title="{e(info.text)}" data-tip="{e(tip)}">'
                     f'<b>{info.number}</b> {e(info.name)}{dots}</li>')
    queue = view.get("queue") or []
    holds = view.get("holds") or {}  # a card held past its number (public): it acts later
    names = [f"{c} (holds its card for later)" if c in holds else c for c in queue]
    q = (f'<div class="mrp-cd-queue">Still to resolve: {e(", ".join(names))}</div>'
         if queue and resolving else "")
    return cells, q


COUNTDOWN_SHELL = '<ol class="mrp-countdown-strip" data-mrp-rows></ol>'


def race_html(df: pd.DataFrame, colours: Sequence[str]) -> str:
    """Majority race: one bar row per zone, a segment per colour (inline HTML, no plotting lib)."""
    if df.empty:
        return ""
    top = max(1, int(df[list(colours)].to_numpy().max()) if len(colours) else 1)
    rows = []
    for _, r in df.iterrows():
        segs = []
        for c in colours:
            n = int(r[c])
            if n:
                w = 100.0 * n / top
                segs.append(f'<div class="mrp-bar" style="width:{w:.1f}%;background:'
                            f'{COLOUR_HEX.get(c, "#777")}" title="{e(c)}: {n}">{n}</div>')
        lead = e(r["leaders"]) or "nobody"
        rows.append(f'<div class="mrp-race-row"><span class="mrp-race-zone">{e(r["name"])}</span>'
                    f'<div class="mrp-race-bars">{"".join(segs)}</div>'
                    f'<span class="mrp-race-lead">leads: {lead}</span></div>')
    return (f'<div class="mrp-race" role="img" aria-label="astronauts per zone">'
            f'{"".join(rows)}</div>')


def text_board_html(spec: GameSpec, view: Mapping[str, Any]) -> str:
    """The board as plain tables with headers, for screen readers and text browsers."""
    colours = list(view["order"])
    head = "".join(f'<th scope="col">{e(c)}</th>' for c in colours)
    rows = []
    for z in spec.zones:
        zv = view["zones"][z]
        res = zv["resource"]
        res_txt = ("none" if res is None else "face down" if res == "hidden"
                   else f"{res} (face up)" if zv["face_up"] else f"{res} (face down)")
        counts = "".join(f'<td>{zv["astronauts"].get(c, 0)}</td>' for c in colours)
        waiting = ", ".join(f"{n} {r}" for r, n in sorted(zv["waiting"].items())) or "none"
        disc = zv["discovery"]
        disc_txt = ("none" if disc is None else "face down" if disc == "hidden"
                    else spec.card_name(disc))
        ver = "" if spec.zone_info[z].verified else " (name unverified)"
        near = ", ".join(spec.card_name(n) for n in spec.adjacent[z]) or "none"
        rows.append(f'<tr><th scope="row">{e(zv["name"])}{e(ver)}</th><td>{e(zv["kind"])}</td>'
                    f'<td>{e(res_txt)}</td>{counts}<td>{e(waiting)}</td><td>{e(disc_txt)}</td>'
                    f'<td>{e(near)}</td></tr>')
    where = f"Mars and {spec.card_name(spec.moon)}" if spec.moon else "Mars"
    zones = (f'<table class="mrp-table mrp-text-zones"><caption>Zones of {e(where)}, round '
             f'{view["round"]}, {e(view["stage"].replace("_", " "))}</caption><thead><tr>'
             f'<th scope="col">zone</th><th scope="col">kind</th><th scope="col">resource</th>'
             f'{head}<th scope="col">tokens waiting</th><th scope="col">discovery</th>'
             f'<th scope="col">neighbours (map lines)</th></tr>'
             f'</thead><tbody>{"".join(rows)}</tbody></table>')
    srows = []
    for sid in [*[s for s in view["docks"] if s], *view["launched"]]:
        sh = view["ships"].get(sid)
        if sh is None:
            continue
        where = "launched" if sh["launched"] else f"dock {sh['dock'] + 1}"
        crew = ", ".join(f"{n} {c}" for c, n in sorted(sh["crew"].items())) or "empty"
        dest = spec.card_name(sh["destination"]) if sh["destination"] else "unknown"
        ver = "" if sh["verified"] else " (card data unverified)"
        srows.append(f'<tr><th scope="row">{e(ship_name(sid))}{e(ver)}</th><td>{e(where)}</td>'
                     f'<td>{e(dest)}</td><td>{sum(sh["crew"].values())} of {sh["capacity"]}</td>'
                     f'<td>{e(crew)}</td></tr>')
    ships = (f'<table class="mrp-table mrp-text-ships"><caption>Ships</caption><thead><tr>'
             f'<th scope="col">ship</th><th scope="col">where</th><th scope="col">destination</th>'
             f'<th scope="col">aboard</th><th scope="col">crew</th></tr></thead>'
             f'<tbody>{"".join(srows)}</tbody></table>')
    mem = ", ".join(f"{n} {c}" for c, n in view["memorial"].items() if n) or "nobody"
    return f'{zones}{ships}<p class="mrp-text-memorial">Lost in Space Memorial: {e(mem)}.</p>'


APP_CSS = "\n<style>\n" + SHELL_RULES + """\
@media (max-width: 600px) {  /* a phone: the learner Log's section goes under what happened */
  .mrp-log-learner tr { display: grid; grid-template-columns: 4.6em 1fr; }
  .mrp-log-learner th:nth-child(3) { display: none; }
  .mrp-log-learner td:nth-child(1) { grid-row: span 2; }
  .mrp-log-learner td:nth-child(2) { border-bottom: none; }
  .mrp-log-learner td:nth-child(3) { grid-column: 2; color: #555; font-size: 11px;
    line-height: 1.4; padding-top: 0; }
}
.mrp-countdown-strip { display: flex; flex-wrap: wrap; gap: 3px; list-style: none; padding: 0;
  margin: 4px 0; }
.mrp-cd-cell { border: 1px solid #bbb; border-radius: 4px; padding: 1px 5px; font-size: 12px;
  background: #fafafa; }
.mrp-cd-cell.mrp-current { background: #ffd27a; border-color: #b37400; font-weight: 700; }
.mrp-cd-dot { display: inline-block; width: 8px; height: 8px; border-radius: 50%;
  margin-left: 2px; }
.mrp-cd-queue { font-size: 11px; color: #555; }
.mrp-race-row { display: flex; align-items: center; gap: 6px; font-size: 12px; margin: 1px 0; }
.mrp-race-zone { width: 130px; }
.mrp-race-bars { display: flex; width: 240px; gap: 1px; }
.mrp-bar { color: #fff; font-size: 10px; text-align: center; min-width: 12px; }
.mrp-race-lead { color: #555; }
.mrp-whatif-cols { display: flex; gap: 12px; }
.mrp-whatif-col { flex: 1; border: 1px solid #ddd; border-radius: 6px; padding: 4px; }
.mrp-unverified-row { background: #fff8e1; }
.mrp-decision-text { font-size: 13px; }
</style>
"""
