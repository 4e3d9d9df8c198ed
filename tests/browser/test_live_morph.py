"""widgets/morph.js: live.js's HTML panels redraw by morphing the DOM: the result must equal a fresh
render of the new HTML, and unchanged nodes must be kept (not rebuilt), which is what makes a
Next cheap for the page.  Runs the real module in headless Chromium on a blank page (no
kernel), over seeded random edits of log-like tables and explanation lists."""

from __future__ import annotations

import random
from typing import Any

from .conftest import run_in_blank_page, widget_module

MODULE = widget_module("morph.js", expose="window.__live = { morph };")

CHECK_JS = """
async (steps) => {
  const box = document.createElement("div");
  document.body.appendChild(box);
  const out = [];
  for (const html of steps) {
    const before = new Map(Array.from(box.querySelectorAll("tr")).map(tr => [tr.outerHTML, tr]));
    const t = document.createElement("template");
    t.innerHTML = html;
    window.__live.morph(box, t.content);
    const fresh = document.createElement("template");
    fresh.innerHTML = html;
    const kept = Array.from(box.querySelectorAll("tr"))
      .filter(tr => before.get(tr.outerHTML) === tr).length;
    out.push({same: box.innerHTML === fresh.innerHTML, kept});
  }
  return out;
}
"""


def log_html(rows: list[str], note: str) -> str:
    body = "".join(f"<tr><td>{r}</td></tr>" for r in rows)  # a row's text names its event
    return (f"<div>{note}</div><table class=\"mrp-table\"><thead><tr><th>#</th><th>event</th>"
            f"</tr></thead><tbody>{body}</tbody></table>")


def steps(seed: int) -> tuple[list[str], list[int]]:
    """Seeded edits, and for each how many <tr> an ideal redraw keeps from the one before."""
    rng = random.Random(seed)
    rows: list[str] = []
    out: list[str] = []
    kept: list[int] = []
    prev: list[str] | None = None  # the rows on screen (None: not a log)
    for n in range(60):
        op = rng.random()
        if op < 0.6 or not rows:  # a new event at the top, the oldest row falls off
            rows = [f"event {n} <b>{rng.randint(0, 9)}</b>", *rows[:40]]
        elif op < 0.75:  # a row changes (a redaction lifted)
            rows[rng.randrange(len(rows))] = f"revealed {n}"
        elif op < 0.85:  # Back: the top row goes
            rows = rows[1:]
        else:  # something else entirely: an explanation list with citations
            out.append("".join(f'<li class="mrp-sentence">{w} <details class="mrp-cite">'
                               f"<summary>rule {w}</summary>x</details></li>"
                               for w in rng.sample(["a", "b", "c", "d"], 3)) + " tail text")
            kept.append(0)
            prev = None
            continue
        out.append(log_html(rows, f"{len(rows)} events"))
        kept.append(0 if prev is None else 1 + len(set(prev) & set(rows)))  # + the head row
        prev = list(rows)
    return out, kept


def test_morph_equals_a_fresh_render_and_keeps_unchanged_rows(browser: Any) -> None:
    for seed in range(3):
        html, kept = steps(seed)
        res = run_in_blank_page(browser, MODULE, "window.__live", CHECK_JS, html)
        assert [r["same"] for r in res] == [True] * len(html), seed
        # every unchanged row keeps its nodes: only what changed is drawn again
        assert [r["kept"] for r in res] == kept, seed
