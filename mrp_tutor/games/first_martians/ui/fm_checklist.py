"""The round checklist: the six phases, where the table is, and what it must do now.

Pure (state and the panel's step in, escaped HTML out).  ``step`` is the panel's own place
inside a phase: in the Action Phase, ``"place"`` (pawns being placed), ``"resolve"``
(declared: the table resolves the actions in order) and ``"dice"`` (actions done: the
Malfunction dice are entered); ``"round_over"`` after Clean-Up, until the table starts the
next sol.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from mrp_tutor.app.step_shell import prompt_html
from mrp_tutor.games.first_martians.checklist import Todo
from mrp_tutor.games.first_martians.state import PHASES, HubState
from mrp_tutor.games.first_martians.ui.fm_words import BLOCKS, PHASE_NAMES

NOW = {
    "events": "Advance the Malfunction track the app names and enter the app's events "
              "(Something happened, below). Then tap “Events done”.",
    "morale": "The First Player gains or discards Morale tokens from the Morale track. "
              "Tap “Resolve Morale”.",
    "production": "Produce oxygen and energy, grow or wilt seeds, eat, gain Stress, resolve "
                  "red Working Block hardware. Say whether you pay to stop wilting, then tap "
                  "“Produce”: the panel then asks what only the table knows (which Facility "
                  "takes a Shutdown tile, who takes a wound for missing food, a Condition "
                  "drawn).",
    "place": "Place every action pawn: add each action (who is on top, pawns, AOM, rover, "
             "where), then tap “Declare these actions”.",
    "resolve": "Resolve the actions one by one in the action order: tap the action named "
               "below, then tap the dice the table rolls, the tile it draws and what it "
               "repairs; what a card or the app gives goes under Something happened. Tap "
               "“Actions done” when every action has resolved.",
    "dice": "Roll the Malfunction dice the Box names and tap each die's face "
            "(or “Roll for me”), then “Resolve Malfunction”. A die the Mission sheet adds: "
            "tap its Block under “Extra die (Mission sheet)” first.",
    "cleanup": "Check victory, clean the Facilities' ! and >> spaces, move the Cargo Bay, "
               "refresh skills, pass the First Player token: tap “Clean-Up”.",
    "round_over": "The round is over. Look the HUB over; tap “Start sol {sol}” when the table "
                  "is ready.",
    "over": "The mission is over.",
}


def now_text(s: HubState, step: str) -> str:
    """What the table must do now, in one or two sentences."""
    if s.result is not None:
        return NOW["over"]
    if step == "round_over":
        return NOW["round_over"].format(sol=s.sol)
    if s.phase == "actions" or step == "dice":
        text = NOW[step if step in ("place", "resolve", "dice") else "place"]
        if step == "dice":
            red = [BLOCKS[b] for b in BLOCKS if s.box[b] == "red"]  # type: ignore[index]
            text += (" Red Box lines: " + ", ".join(red) + "." if red else
                     " Every Box line is green: no die is rolled unless the Mission sheet "
                     "orders one.")
        return text
    return NOW.get(s.phase, "")


def shown_phase(s: HubState, step: str) -> str:
    """The phase the table is in (the engine stays in Actions while dice are entered)."""
    if step == "round_over":
        return "done"
    return "malfunction" if step == "dice" else s.phase


def todos_html(todos: Sequence[Todo]) -> str:
    """The phase's to-dos, each ticked once done (one the table may skip says so)."""
    if not todos:
        return ""
    items = "".join(
        f"<li class='fm-todo fm-todo-{'done' if t.done else 'open'}'>"
        f"<span class='fm-ph-mark'>{'✓' if t.done else '○'}</span>{escape(t.text)}"
        + ("" if t.required or t.done else " <i>(if it applies)</i>") + "</li>"
        for t in todos)
    return f"<ul class='fm-todos'>{items}</ul>"


def checklist_html(s: HubState, step: str, todos: Sequence[Todo] = ()) -> str:
    here = shown_phase(s, step)
    done = here == "done" or s.result is not None
    rows = []
    for p in PHASES:
        k, h = PHASES.index(p), PHASES.index(here) if here in PHASES else len(PHASES)
        state = "done" if done or k < h else "now" if k == h else "todo"
        mark = {"done": "✓", "now": "▶", "todo": "○"}[state]
        rows.append(f"<li class='fm-ph fm-ph-{state}'"
                    + (" aria-current='step'" if state == "now" else "")
                    + f"><span class='fm-ph-mark'>{mark}</span>{escape(PHASE_NAMES[p])}</li>")
    head = f"Sol {s.sol}" + (f" of {s.sols}" if s.sols else "")
    return (f"<div class='fm-checklist'><div class='fm-cl-head'><b>{escape(head)}</b> · "
            "round checklist</div><ol class='fm-phases'>" + "".join(rows) + "</ol>"
            + prompt_html(f"<b>Now:</b> {escape(now_text(s, step))}", "fm-now")
            + todos_html(todos) + "</div>")
