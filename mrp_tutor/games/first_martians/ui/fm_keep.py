"""A First Martians game kept on the server and brought back (the app's record: record.py).

:func:`keep` is the panel's game as plain data: the HUB it was loaded with (every field,
the seed and draw counter too: the record stays on the server, never in the page), the
scenario lesson shown beside it (by id) and each step as the table played it: the intent
(the table's own dice and draws in it, "Roll for me" as it was asked), its label and the
events it gave.

:func:`bring_back` plays that again through the panel itself: the HUB through the loader
every HUB file goes through (:func:`~.fm_panel.hub_table`: located refusals), each step
through the panel's own ``submit`` (the hardened intent reader, then the rules), and each
step must give exactly the events it gave before.  Any difference raises and the panel is
reset to its sample round: a record is taken only if the rules produce it.
"""

from __future__ import annotations

from typing import Any

from mrp_tutor.games.first_martians.events import event_to_dict
from mrp_tutor.games.first_martians.intents import intent_to_dict
from mrp_tutor.games.first_martians.state import state_to_dict

VERSION = 1
MAX_STEPS = 2000
MAX_TEXT = 200  # characters of a name or a step's label brought back


def keep(panel: Any) -> dict[str, Any]:
    """The panel's game as plain data (for the server's record only)."""
    t = panel.table
    lesson = panel.lesson_id if panel.lessons.shown.value else None
    return {"version": VERSION, "name": str(panel.name)[:MAX_TEXT], "lesson": lesson,
            "start": state_to_dict(t.start),
            "steps": [{"intent": intent_to_dict(h.intent), "label": h.label[:MAX_TEXT],
                       "events": [event_to_dict(ev) for ev in h.events]}
                      for h in panel.history if h.intent is not None]}


def bring_back(panel: Any, data: Any) -> None:
    """Play the kept game ``data`` again in ``panel``.

    Raises:
        ValueError: the record is malformed, or a step is refused or gives other events
            (the panel then shows its sample round).
    """
    try:
        _replay(panel, data)
    except Exception:
        panel.load(panel.sample, "Sample round (sol 3, 4 astronauts)")
        raise


def _lesson_html(ident: Any) -> str:
    """The lesson shown beside the HUB, from the shipped lesson files (by id: no text of the
    record reaches the page)."""
    if not isinstance(ident, str):
        return ""
    from mrp_tutor.games.first_martians.ui.fm_lessons import fm_lessons, lesson_html

    sc = next((x for x in fm_lessons() if x.id == ident), None)
    return lesson_html(sc) if sc is not None else ""


def _replay(panel: Any, data: Any) -> None:
    if (not isinstance(data, dict) or data.get("version") != VERSION
            or not isinstance(data.get("start"), dict) or not isinstance(data.get("name"), str)
            or not isinstance(data.get("steps"), list) or len(data["steps"]) > MAX_STEPS):
        raise ValueError("not a First Martians record of this version")
    lesson = data.get("lesson")
    if not panel.load({"state": data["start"]}, data["name"][:MAX_TEXT], _lesson_html(lesson),
                      lesson_id=lesson if isinstance(lesson, str) else None):
        raise ValueError("its HUB does not load")
    for i, step in enumerate(data["steps"]):
        if (not isinstance(step, dict) or not isinstance(step.get("intent"), dict)
                or not isinstance(step.get("label"), str)):
            raise ValueError(f"step {i + 1}: not a step")
        n = len(panel.history)
        panel.submit(dict(step["intent"]), "")
        if len(panel.history) != n + 1 or panel.pending is not None:
            panel.pending = None
            raise ValueError(f"step {i + 1}: the rules refuse it or ask for more")
        got = panel.history[-1]
        if [event_to_dict(ev) for ev in got.events] != step.get("events"):
            raise ValueError(f"step {i + 1}: the rules give other events")
        got.label = step["label"][:MAX_TEXT]
    panel.say("Your First Martians game is back where you left it. Carry on.")
