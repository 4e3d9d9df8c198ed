"""widgets/live.js's pickers, run for real in a blank page.

The options panel (the legal options and "Play this"): after every change the <select> lists
exactly the labels (or the "nothing to decide" line), a new list or position picks the first
option again, a pick the page sends carries the position it was listed for, and the panel
writes only what changed (most steps list nothing or the same labels again: the same
<option> nodes stay).

The seated learner's choices (a button each): a keyboard user who chose keeps the focus in
the next list; focus anywhere else is never taken."""

from __future__ import annotations

import random
from typing import Any

from .conftest import MODEL_JS, run_in_blank_page, widget_module

MODULE = widget_module("morph.js", "wire.js", "tips.js", "live.js",
                       expose="window.__opts = { optionsSlot, choicesSlot };")

CHECK_JS = """
async (steps) => {
  const Model = """ + MODEL_JS + """;
  const hub = new Model({options: steps[0].value});
  const model = new Model({});
  const el = document.createElement("div");
  document.body.appendChild(el);
  window.__opts.optionsSlot(hub, "options", el, model);
  const select = el.querySelector("select");
  const play = el.querySelector("button.mrp-play");
  const out = [];
  for (const step of steps) {
    const before = Array.from(select.options);
    if (step.pick !== undefined) select.selectedIndex = step.pick;  // the visitor chose
    hub.set("options", step.value);
    const opts = Array.from(select.options);
    model.sent.length = 0;
    play.click();
    out.push({
      texts: opts.map(o => o.textContent), values: opts.map(o => o.value),
      selected: select.selectedIndex, disabled: play.disabled,
      kept: opts.filter((o, i) => before[i] === o).length,
      sent: model.sent.slice(),
    });
  }
  return out;
}
"""

POOL = ["Red: play the Recruiter (9)", "Red: play the Explorer (8)",
        "Red: board ship 5 (to Phobos, 1 of 4 aboard) with 1 astronaut",
        "Red: draw the top event card", "Red: move an astronaut from Hellas to Ausonia"]


def fixed() -> list[dict[str, Any]]:
    """The cases the seeded ones may meet rarely: a pick stays while list and position do;
    the same labels at a new position pick the first again."""
    def at(position: int, labels: list[str], pick: int | None = None) -> dict[str, Any]:
        step: dict[str, Any] = {"value": {"labels": labels, "position": position,
                                          "empty": "(nothing to decide)"}}
        if pick is not None:
            step["pick"] = pick
        return step
    three = POOL[:3]
    return [at(1, three), at(1, three, pick=2), at(1, list(three), pick=1), at(2, three),
            at(2, three, pick=2), at(3, []), at(4, []), at(5, three)]


def steps(seed: int) -> list[dict[str, Any]]:
    """After the fixed cases, seeded option lists as the kernel sends them: often nothing,
    often the same labels again at the next position, sometimes a pick by the visitor
    first."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = fixed()
    labels: list[str] = []
    for position in range(10, 70):
        r = rng.random()
        if r < 0.4:
            labels = []
        elif r < 0.6 and labels:
            labels = labels[:]  # the same labels, listed again for the next position
        elif r < 0.75 and labels:
            labels = [*labels]
            labels[rng.randrange(len(labels))] = rng.choice(POOL) + f" #{position}"
        else:
            labels = rng.sample(POOL, rng.randint(1, len(POOL)))
        same_position = bool(out) and rng.random() < 0.15  # the view changed, not the game
        pos = out[-1]["value"]["position"] if same_position else position
        step: dict[str, Any] = {"value": {"labels": labels, "position": pos,
                                          "empty": "(nothing to decide)"}}
        if labels and rng.random() < 0.3:
            step["pick"] = rng.randrange(len(labels))
        out.append(step)
    return out


def test_the_select_lists_the_labels_and_writes_only_what_changed(browser: Any) -> None:
    for seed in range(3):
        plan = steps(seed)
        got = run_in_blank_page(browser, MODULE, "window.__opts", CHECK_JS, plan)
        prev: dict[str, Any] | None = None
        for n, (step, res) in enumerate(zip(plan, got, strict=True)):
            v = step["value"]
            where = f"seed {seed} step {n}"
            if v["labels"]:
                assert res["texts"] == v["labels"], where
                assert res["values"] == [str(i) for i in range(len(v["labels"]))], where
                assert not res["disabled"], where
                # Play sends the option shown selected, with the position it was listed for
                assert res["sent"] == [{"kind": "play", "index": res["selected"],
                                        "position": v["position"]}], where
            else:
                assert res["texts"] == ["(nothing to decide)"] and res["values"] == ["-1"], where
                assert res["disabled"] and res["sent"] == [], where
            same_list = prev is not None and prev["labels"] == v["labels"]
            if not (same_list and prev is not None and prev["position"] == v["position"]):
                assert res["selected"] == 0, where  # another list or position: the first
            elif "pick" in step:
                assert res["selected"] == step["pick"], where  # the visitor's pick stays
            if same_list and prev is not None:
                # nothing rebuilt: every <option> node stays
                assert res["kept"] == max(1, len(v["labels"])), where
            prev = v


CHOICES_JS = """
async (steps) => {
  const Model = """ + MODEL_JS + """;
  const hub = new Model({choices: {labels: [], position: 0}});
  const model = new Model({});
  const outside = document.createElement("button");
  outside.textContent = "Next";
  const el = document.createElement("div");
  document.body.append(outside, el);
  window.__opts.choicesSlot(hub, "choices", el, model);
  const out = [];
  for (const [labels, focus] of steps) {
    if (focus === "outside") outside.focus();
    else if (focus !== null) el.children[focus].focus();
    hub.set("choices", {labels, position: out.length + 1});
    const a = document.activeElement;
    out.push({texts: Array.from(el.children, b => b.textContent),
              focused: a === outside ? "outside" : (el.contains(a) ? a.textContent : null)});
  }
  return out;
}
"""


def test_a_keyboard_user_who_chose_keeps_the_focus_in_the_next_list(browser: Any) -> None:
    # (labels of the new list, what has the focus before it comes: a choice's index, the
    # outside button, or nothing)
    plan = [(["a", "b", "c"], None), (["d", "e"], 1), (["f", "g", "h"], 1), (["i"], 2),
            ([], 0), (["j", "k"], None), (["l", "m"], "outside"), (["n"], 0)]
    got = run_in_blank_page(browser, MODULE, "window.__opts", CHOICES_JS, plan)
    assert [r["texts"] for r in got] == [labels for labels, _ in plan]
    assert [r["focused"] for r in got] == [
        None,  # nothing had the focus: nothing takes it
        "e", "g",  # the button at the same place
        "i",  # the list got shorter: its last
        None,  # no choices left: nothing to hold it
        None, "outside",  # focus elsewhere is never taken
        "n"]
