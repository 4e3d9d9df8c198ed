"""First Martians panel set and the game picker (new module; ``show_app`` wires it in).

The panel steps one round of a HUB (the shipped sample, or a state file) phase input by
phase input and shows each event as a sentence with its citation.  Only rendered sentences
and the state summary reach the page: the seed and the HubState never sit in a widget.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets as W
import yaml

from ..core.errors import MrpError
from ..first_martians import explain_error, explain_event, summary
from ..first_martians.round_file import round_intents
from .fm_hub import hub_html

SAMPLE = Path(__file__).resolve().parent.parent / "first_martians" / "data" / "sample_round.yaml"


class FmPanel:
    """One round, stepped: ``step()`` plays the next input; ``restart()`` starts over."""

    def __init__(self, path: Path = SAMPLE) -> None:
        self.doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        self.head = W.HTML(_dom_classes=["fm-head"])
        self.hub = W.HTML(_dom_classes=["fm-hub-view"])
        self.log = W.HTML(_dom_classes=["fm-log"])
        self.next_btn = W.Button(description="Next step", tooltip="Play the next input of "
                                 "the round", _dom_classes=["fm-next"])
        self.restart_btn = W.Button(description="Restart round", _dom_classes=["fm-restart"])
        self.next_btn.on_click(lambda _b: self.step())
        self.restart_btn.on_click(lambda _b: self.restart())
        self.root = W.VBox([W.HTML("<h3>First Martians: HUB bookkeeping</h3>"), self.head,
                            W.HBox([self.next_btn, self.restart_btn]), self.log,
                            self.hub],
                           _dom_classes=["fm-panel"],
                           layout=W.Layout(max_width="900px", width="100%"))
        self.restart()

    def restart(self) -> None:
        self.table, self.plan = round_intents(self.doc, "sample")
        self.k = 0
        self.lines: list[str] = []
        self._render()

    def step(self) -> None:
        if self.k >= len(self.plan) or self.table.state.result is not None:
            return
        phase, intent = self.plan[self.k]
        self.k += 1
        try:
            events = self.table.play(intent)
        except MrpError as err:
            self.lines.append(f"<li class='fm-refused'>Refused: "
                              f"{html.escape(str(explain_error(err)))}</li>")
        else:
            said = [explain_event(e) for e in events if e.type != "phase_started"]
            self.lines.append(f"<li><b>{html.escape(phase)}</b> · "
                              f"{html.escape(intent.type.replace('_', ' '))}<ul>"
                              + "".join(_sentence(x) for x in said)
                              + "</ul></li>")
        self._render()

    def _render(self) -> None:
        done = self.k >= len(self.plan) or self.table.state.result is not None
        self.head.value = (f"<p class='fm-summary'>{html.escape(summary(self.table.state))}"
                           + (" · <b>round done</b>" if done else "") + "</p>")
        self.next_btn.disabled = done
        self.log.value = "<ol class='fm-steps'>" + "".join(self.lines) + "</ol>"
        self.hub.value = hub_html(self.table.state, self.table.board)


def _sentence(ex: Any) -> str:
    cite = f" <span class='fm-cite'>({html.escape(ex.citation.short())})</span>" \
        if ex.citation else ""
    return f"<li>{html.escape(ex.text)}{cite}</li>"


def game_picker(mrp_root: Any) -> W.VBox:
    """A game picker above the games' panel sets; the First Martians panel is built lazily."""
    pick = W.ToggleButtons(options=["Mission: Red Planet", "First Martians"],
                           _dom_classes=["game-picker"])
    box = W.VBox([mrp_root])
    built: dict[str, Any] = {}

    def on_pick(change: dict[str, Any]) -> None:
        if change["new"] == "First Martians":
            if "fm" not in built:
                built["fm"] = FmPanel()
            box.children = [built["fm"].root]
        else:
            box.children = [mrp_root]

    pick.observe(on_pick, names="value")
    return W.VBox([pick, box])
