"""First Martians panel set (``show_app`` wires it in through :mod:`.picker`).

The panel holds one HUB (the shipped sample round, a Board Setup HUB, or a file the user
uploads) and steps it: **Next step** plays the next input of the loaded round file, then the
plain bookkeeping of the current phase; the table enters its own effects and choices as an
intent (JSON or YAML) and **Play** checks them.  Every event shows as a sentence with its
citation, every refusal as a sentence naming its rule.

Hidden information: only rendered sentences and the HUB view reach the page; the HubState,
its seed and the draw counter stay in the kernel (no widget holds them).
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets as W

from ..core.errors import ContentError, MrpError
from ..core.loading import load_yaml_text, read_yaml
from ..first_martians import explain_error, explain_event, intent_from_dict, summary
from ..first_martians.intents import Intent
from ..first_martians.round_file import round_intents
from ..first_martians.state import new_state, state_to_dict
from ..loader import decode
from .fm_hub import hub_html

SAMPLE = Path(__file__).resolve().parent.parent / "first_martians" / "data" / "sample_round.yaml"
SOURCES = {"Sample round (sol 3, 4 astronauts)": "sample",
           "Board Setup HUB, 2 astronauts": "setup2",
           "Board Setup HUB, 4 astronauts": "setup4"}
DEFAULT = {"events": {"type": "end_events"}, "morale": {"type": "resolve_morale"},
           "production": {"type": "produce"}, "actions": {"type": "roll_malfunction"},
           "malfunction": {"type": "roll_malfunction"}, "cleanup": {"type": "clean_up"},
           "round_end": {"type": "start_sol"}}
MAX_UPLOAD = 200_000


def _sentence(ex: Any) -> str:
    cite = f" <span class='fm-cite'>({html.escape(ex.citation.short())})</span>" \
        if ex.citation else ""
    return f"<li>{html.escape(ex.text)}{cite}</li>"


def _setup_doc(n: int) -> dict[str, Any]:
    crew = ["red", "yellow", "blue", "purple"][:n]
    state = state_to_dict(new_state(astronauts=crew, supply={"oxygen": 2, "energy": 2,
                                                             "food": 2}))
    return {"state": state}


class FmPanel:
    """One HUB, stepped and explained."""

    def __init__(self, path: Path = SAMPLE) -> None:
        self.sample = read_yaml(path)
        self.source = W.Dropdown(options=list(SOURCES), description="HUB",
                                 _dom_classes=["fm-source"], layout=W.Layout(width="auto"))
        self.upload = W.FileUpload(accept=".yaml,.yml,.json", multiple=False,
                                   description="Load HUB file", _dom_classes=["fm-upload"])
        self.head = W.HTML(_dom_classes=["fm-head"])
        self.status = W.HTML(_dom_classes=["fm-status"])
        self.hub = W.HTML(_dom_classes=["fm-hub-view"])
        self.log = W.HTML(_dom_classes=["fm-log"])
        self.next_btn = W.Button(description="Next step", tooltip="The round file's next "
                                 "input, then the phase's bookkeeping", _dom_classes=["fm-next"])
        self.undo_btn = W.Button(description="Undo", _dom_classes=["fm-undo"])
        self.restart_btn = W.Button(description="Restart", _dom_classes=["fm-restart"])
        self.intent = W.Text(placeholder='e.g. {type: change_supply, resource: food, delta: -1}',
                             description="Effect", _dom_classes=["fm-intent"],
                             layout=W.Layout(width="100%"))
        self.play_btn = W.Button(description="Play", _dom_classes=["fm-play"])
        self.next_btn.on_click(lambda _b: self.step())
        self.undo_btn.on_click(lambda _b: self.undo())
        self.restart_btn.on_click(lambda _b: self.restart())
        self.play_btn.on_click(lambda _b: self.play_text(self.intent.value))
        self.source.observe(lambda _c: self.load(self._source_doc(), "HUB"), names="value")
        self.upload.observe(self._on_upload, names="value")
        self.root = W.VBox(
            [W.HTML("<h3>First Martians: HUB bookkeeping</h3>"),
             W.HBox([self.source, self.upload], layout=W.Layout(flex_flow="row wrap")),
             self.head, W.HBox([self.next_btn, self.undo_btn, self.restart_btn],
                               layout=W.Layout(flex_flow="row wrap")),
             W.HBox([self.intent, self.play_btn]), self.status, self.log, self.hub],
            _dom_classes=["fm-panel"], layout=W.Layout(max_width="900px", width="100%"))
        self.load(self.sample, "sample")

    # ------------------------------------------------------------------ loading
    def _source_doc(self) -> dict[str, Any]:
        key = SOURCES[self.source.value]
        return self.sample if key == "sample" else _setup_doc(2 if key == "setup2" else 4)

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        name = str(f.get("name", "file"))
        content = bytes(f.get("content", b""))
        if len(content) > MAX_UPLOAD:
            self._say(f"{name}: the file is larger than {MAX_UPLOAD // 1000} kB.", error=True)
            return
        try:
            doc = load_yaml_text(decode(content, name), name)  # a bad byte is named
        except ContentError as err:
            self._say("; ".join(err.problems), error=True)
            return
        self.load(doc, name)

    def load(self, doc: Any, name: str) -> bool:
        """Load a HUB state (or state + round inputs); a wrong file changes nothing."""
        try:
            table, plan = round_intents(doc, name)
        except ContentError as err:
            self._say(f"{html.escape(name)} was not loaded: " + "; ".join(
                html.escape(p) for p in err.problems[:6]), error=True, escaped=True)
            return False
        self.doc, self.name = doc, name
        self.table, self.plan, self.k = table, plan, 0
        self.lines: list[str] = []
        self.from_plan: list[bool] = []
        self._say(f"Loaded {name}.")
        return True

    def restart(self) -> None:
        self.load(self.doc, self.name)

    # ------------------------------------------------------------------ playing
    def step(self) -> None:
        if self.table.state.result is not None:
            return
        if self.k < len(self.plan):
            self.k += 1  # a refused input is shown and skipped
            self._play(self.plan[self.k - 1][1], from_plan=True)
        else:
            self._play(intent_from_dict(DEFAULT[self.table.state.phase]))

    def play_text(self, text: str) -> None:
        try:
            data = load_yaml_text(text, "effect")
            intent = intent_from_dict(data, "effect")
        except ContentError as err:
            self._say("; ".join(err.problems), error=True)
            return
        self._play(intent)

    def undo(self) -> None:
        """Replay every intent but the last from the loaded HUB."""
        if not self.table.intents:
            return
        keep = self.table.intents[:-1]
        table, plan = round_intents(self.doc, self.name)
        for it in keep:
            table.play(it)
        self.table, self.plan = table, plan
        self.k -= self.from_plan.pop()
        self.lines = self.lines[:-1]
        self._say("Undone.")

    def _play(self, intent: Intent, *, from_plan: bool = False) -> bool:
        phase = self.table.state.phase
        try:
            events = self.table.play(intent)
        except MrpError as err:
            self._say(f"Refused: {explain_error(err)}", error=True)
            return False
        self.from_plan.append(from_plan)
        said = [explain_event(e) for e in events if e.type != "phase_started"]
        self.lines.append(f"<li><b>{html.escape(phase)}</b> · "
                          f"{html.escape(intent.type.replace('_', ' '))}<ul>"
                          + "".join(_sentence(x) for x in said) + "</ul></li>")
        self._say("")
        return True

    # ------------------------------------------------------------------ view
    def _say(self, text: str, *, error: bool = False, escaped: bool = False) -> None:
        body = text if escaped else html.escape(text)
        self.status.value = (f"<p class='fm-refused' style='color:#b71c1c'>{body}</p>"
                             if error else f"<p>{body}</p>" if body else "")
        self._render()

    def _render(self) -> None:
        s = self.table.state
        left = len(self.plan) - self.k
        note = (f" · {left} input{'s' if left != 1 else ''} of the round file left" if left
                else " · round file done" if self.plan else "")
        self.head.value = f"<p class='fm-summary'>{html.escape(summary(s))}{note}</p>"
        self.next_btn.disabled = s.result is not None
        self.undo_btn.disabled = not self.table.intents
        self.log.value = "<ol class='fm-steps'>" + "".join(self.lines) + "</ol>"
        self.hub.value = hub_html(s, self.table.board)

