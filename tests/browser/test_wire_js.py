"""widgets/wire.js and the rows panels of widgets/live.js (the log, the countdown strip), in
headless Chromium on a blank page (no kernel): fed the board, log and countdown messages a real
app sent over a mixed sequence (Next past the 60 rows shown, Back, another viewer, Referee
mode, a new game), the page's log and countdown must equal a fresh render of their HTML after
every message, unchanged rows must keep their nodes, and the board must equal the kernel's
(test_board_reconcile draws these boards too).
A page that missed a message asks for the whole value."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import MODEL_JS, record_app_messages, run_in_blank_page, widget_module

pytestmark = pytest.mark.browser

MODULE = widget_module("morph.js", "wire.js", "tips.js", "live.js",
                       expose="window.__wire = { rowsSlot, follow };")

CHECK_JS = """
async (steps) => {
  const KEYS = ["log", "board", "countdown"];
  const Model = """ + MODEL_JS + """;
  const [first, ...rest] = steps;
  const hub = new Model({ log: first.log, board: first.board, countdown: first.countdown });
  const el = document.createElement("div");
  const cd = document.createElement("div");
  document.body.append(el, cd);
  window.__wire.rowsSlot(hub, "log", el);
  window.__wire.rowsSlot(hub, "countdown", cd);
  const [board] = window.__wire.follow(hub, "board", () => {});
  const box = el.querySelector(".widget-html-content");
  const cdBox = cd.querySelector(".widget-html-content");
  const out = [];
  for (const step of [first, ...rest]) {
    const trs = Array.from(box.querySelectorAll("tbody tr"));
    const before = new Map(trs.map(tr => [tr, tr.outerHTML]));  // by node: rows may read alike
    const rowsBefore = new Set([...trs, ...cdBox.querySelectorAll("li")]);
    const obs = new MutationObserver(() => {});
    obs.observe(document.body, { childList: true, subtree: true });
    if (step !== first) for (const k of KEYS) if (step[k]) hub.set(k, step[k]);
    let moved = 0;  // rows kept but taken out and put back (a move costs a redraw)
    for (const r of obs.takeRecords()) for (const n of r.addedNodes) if (rowsBefore.has(n)) moved++;
    obs.disconnect();
    const fresh = document.createElement("template");
    fresh.innerHTML = step.html;
    const freshCd = document.createElement("template");
    freshCd.innerHTML = step.cd_html;
    const kept = Array.from(box.querySelectorAll("tbody tr"))
      .filter(tr => before.get(tr) === tr.outerHTML).length;
    out.push({ same: box.innerHTML === fresh.innerHTML, kept,
               cd: cdBox.innerHTML === freshCd.innerHTML, moved,
               board: JSON.stringify(board()) === JSON.stringify(step.expect_board),
               sent: hub.sent.length });
  }
  // a message lost: the next patch does not apply to what the page holds
  const last = steps[steps.length - 1].log;
  const none = { $: "d", p: {} };
  hub.set("log", { ...last, $wire: last.$wire + 5, base: last.$wire + 4, patch: none });
  hub.set("log", { ...last, $wire: last.$wire + 7, base: last.$wire + 6, patch: none });
  out.push({ sent: hub.sent, same: box.innerHTML.length > 0 });
  return out;
}
"""


def test_the_page_log_equals_a_fresh_render_after_every_message(
        browser: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    steps = record_app_messages(monkeypatch, tmp_path)
    *each, lost = run_in_blank_page(browser, MODULE, "window.__wire", CHECK_JS, steps)
    assert [r["same"] for r in each] == [True] * len(steps)
    assert [r["board"] for r in each] == [True] * len(steps)
    assert [r["cd"] for r in each] == [True] * len(steps)
    assert [r["moved"] for r in each] == [0] * len(steps)  # a kept row stays where it is
    assert sum("patch" in s.get("countdown", {}) for s in steps) > 20
    assert all(r["sent"] == 0 for r in each)  # never out of step
    # every row whose HTML is unchanged keeps its node (the page inserts the new ones only)
    for prev, step, r in zip(steps[:-1], steps[1:], each[1:], strict=True):
        same = [k for k, tr in step["rows"].items() if prev["rows"].get(k) == tr]
        assert r["kept"] == len(same)
    assert sum("patch" in s.get("log", {}) for s in steps) > 60
    assert lost["sent"] == [{"kind": "resync", "name": "log"}]  # asked once, not per message
