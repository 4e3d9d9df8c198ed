"""widgets/board.js redraws the board in keyed parts: after every change the board must equal a
fresh drawing of the new data, and every zone and ship whose data did not change must keep its
node (that is what makes a Next cheap for the page).  Runs the real module in headless
Chromium on a blank page (no kernel) with a stand-in model, over the boards of seeded games
(Next, Back, highlighted zones and ships, a picked zone or ship).  A zone or ship drawn again
while it has the keyboard focus hands the focus to its new node; a board that cannot be drawn
leaves a sentence, never half a board."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.ui.board import BOARD_JS, board_payload, zone_layout
from mrp_tutor.games.mission_red_planet.ui.session import Session

from .conftest import MODEL_JS, record_app_messages, run_in_blank_page, widget_module

MODULE = widget_module(*BOARD_JS, expose="window.__board = __default;")

# the board redrawn after each change, against a fresh drawing of the same data
CHECK_JS = """
async (boards) => {
  const Model = """ + MODEL_JS + """;
  const model = new Model({board: {}, picked: ""});
  const el = document.createElement("div");
  document.body.appendChild(el);
  window.__board.render({model, el});
  const out = [];
  for (const [board, picked] of boards) {
    const before = new Map(Array.from(el.querySelectorAll("[data-zone], [data-ship]"))
      .map((n) => [n.outerHTML, n]));
    model.attrs.picked = picked;
    const moved = new Set();  // kept nodes taken out and put back (a move costs a redraw)
    const obs = new MutationObserver(() => {});
    obs.observe(el, {childList: true, subtree: true});
    model.set("board", board);
    obs.takeRecords().forEach((r) => r.addedNodes.forEach((n) => {
      if (before.get(n.outerHTML) === n) moved.add(n);
    }));
    obs.disconnect();
    const fresh = document.createElement("div");
    window.__board.render({model: new Model({board, picked}), el: fresh});
    const parts = Array.from(el.querySelectorAll("[data-zone], [data-ship]"));
    out.push({same: el.innerHTML === fresh.innerHTML,
              kept: parts.filter((n) => before.get(n.outerHTML) === n).length,
              unchanged: parts.filter((n) => before.has(n.outerHTML)).length,
              moved: moved.size});
  }
  return out;
}
"""


def boards(seed: int) -> list[tuple[dict[str, Any], str]]:
    """The boards a page is sent over a seeded game: Next, some Backs, highlighted zones and
    ships, zones and ships picked."""
    spec = load_spec(use_env_overrides=False)
    rng = random.Random(seed)
    sess = Session.new(spec, ("red", "blue", "green", "yellow"), seed)
    layout = zone_layout(spec)
    out = []
    for _ in range(70):
        if rng.random() < 0.15 and sess.history:
            sess.back()
        else:
            sess.next()
        view = sess.view()
        zones = sorted(view["zones"])
        ships = [x for x in [*view["docks"], *view["launched"]] if x]
        targets: dict[str, Any] = {}
        roll = rng.random()
        if roll < 0.2:
            targets = {"zones": rng.sample(zones, 2), "prompt": "Pick a zone"}
        elif roll < 0.4 and ships:
            targets = {"ships": rng.sample(ships, 1), "prompt": "Pick a ship",
                       "picked": rng.sample(ships, 1) if rng.random() < 0.5 else []}
        picked = ""
        if rng.random() < 0.2:
            picked = (f"ship:{rng.choice(ships)}" if ships and rng.random() < 0.5
                      else f"zone:{rng.choice(zones)}")
        b = board_payload(spec, view, layout, step=len(sess.game.log), targets=targets)
        out.append((json.loads(json.dumps(b)), picked))
    return out


def check_redraws(browser: Any, seq: list[tuple[dict[str, Any], str]], what: str) -> None:
    res = run_in_blank_page(browser, MODULE, "window.__board", CHECK_JS, seq)
    assert [r["same"] for r in res] == [True] * len(res), what
    # a zone or ship drawn as before keeps its node: only what changed is drawn again
    assert [r["kept"] for r in res] == [r["unchanged"] for r in res], what
    assert [r["moved"] for r in res] == [0] * len(res), what  # kept in place
    assert sum(r["kept"] for r in res) > 10 * len(res), what  # most parts are kept


def test_board_redraw_equals_a_fresh_drawing_and_keeps_unchanged_parts(browser: Any) -> None:
    for seed in (1, 2):
        check_redraws(browser, boards(seed), f"seed {seed}")


def test_the_boards_a_real_app_sent_redraw_alike(
        browser: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    """The boards a real app's kernel sent over a mixed sequence (record_app_messages: Next,
    Back, another viewer, Referee mode, a round at once, a new game), now and then a zone
    picked."""
    sent = [s["expect_board"] for s in record_app_messages(monkeypatch, tmp_path)]
    seq = [(b, f"zone:{b['zones'][i % len(b['zones'])]['id']}" if i % 7 == 3 else "")
           for i, b in enumerate(sent)]
    check_redraws(browser, seq, "recorded")


# a zone or ship with the keyboard focus is picked (so drawn again): the focus must follow it
FOCUS_JS = """
async ([board, zone, ship]) => {
  const Model = """ + MODEL_JS + """;
  const model = new Model({board, picked: ""});
  const el = document.createElement("div");
  document.body.appendChild(el);
  window.__board.render({model, el});
  const out = [];
  for (const [attr, id] of [["zone", zone], ["ship", ship]]) {
    const sel = `[data-${attr}="${id}"]`;
    const node = el.querySelector(sel);
    node.focus();
    model.set("picked", `${attr}:${id}`);  // what a pick by Enter leads to
    const now = el.querySelector(sel);
    out.push({rebuilt: now !== node, focused: document.activeElement === now});
    model.set("picked", "");
  }
  return out;
}
"""


def test_the_keyboard_focus_follows_a_zone_or_ship_drawn_again(browser: Any) -> None:
    board, _ = boards(1)[10]
    zone = board["zones"][0]["id"]
    ship = next(s for s in board["docks"] if s)["id"]
    res = run_in_blank_page(browser, MODULE, "window.__board", FOCUS_JS, [board, zone, ship])
    assert res == [{"rebuilt": True, "focused": True}] * 2


# a board that cannot be drawn leaves a sentence, not half a board; the next one is whole
BROKEN_JS = """
async ([good, broken]) => {
  const Model = """ + MODEL_JS + """;
  const model = new Model({board: good, picked: ""});
  const el = document.createElement("div");
  document.body.appendChild(el);
  window.__board.render({model, el});
  model.set("board", broken);
  const said = el.textContent, zones = el.querySelectorAll("[data-zone]").length;
  model.set("board", good);
  const fresh = document.createElement("div");
  window.__board.render({model: new Model({board: good, picked: ""}), el: fresh});
  return {said, zones, same: el.innerHTML === fresh.innerHTML};
}
"""


def test_a_board_that_cannot_be_drawn_is_said_and_the_next_is_whole(browser: Any) -> None:
    good, _ = boards(1)[10]
    broken = {**good, "zones": [*good["zones"][:3], None]}  # a zone drawing throws on
    res = run_in_blank_page(browser, MODULE, "window.__board", BROKEN_JS, [good, broken])
    assert res["said"].startswith("The board could not be drawn.")
    assert res["zones"] == 0  # no half-drawn board
    assert res["same"]
