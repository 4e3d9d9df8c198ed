"""Import and export of a First Martians HUB: the only place YAML appears, never to play.

Import: the sample, a Board Setup HUB of 1–4 astronauts, or a saved file ("Import a saved
game…") (through the
shared loader: a bad byte or a wrong field is a located sentence).  Export: a download link
of the HUB the round started from plus every step the table played, with the table's dice
and draws written in, so ``mrp-tutor fm round FILE`` computes the same HUB.  The seed and
draw counter are left out of the export (they are hidden state; a draw the assistant rolled
for the table is written in as the value it gave).
"""

from __future__ import annotations

import base64
import re
from collections.abc import Sequence
from typing import Any, Protocol

import ipywidgets as W
import yaml

from mrp_tutor.app.file_pick import FilePick
from mrp_tutor.core.errors import ContentError
from mrp_tutor.core.loader import decode
from mrp_tutor.core.loading import load_yaml_text
from mrp_tutor.games.first_martians.events import DrawMade, Event
from mrp_tutor.games.first_martians.hub_table import Table
from mrp_tutor.games.first_martians.intents import Intent, intent_to_dict
from mrp_tutor.games.first_martians.state import new_state, state_to_dict
from mrp_tutor.games.first_martians.ui.fm_words import words


class StepLike(Protocol):
    intent: Intent | None
    events: list[Event]


class FmPanel(Protocol):
    """What the file bar needs of the panel (kept apart: no import circle in the app)."""

    table: Table
    sample: Any

    @property
    def history(self) -> Sequence[StepLike]: ...

    def load(self, doc: Any, name: str) -> bool: ...

    def ask_load(self, doc: Any, name: str) -> bool: ...

    def load_setup(self, n: int) -> None: ...

    def say(self, text: str, *, error: bool = False) -> None: ...

MAX_UPLOAD = 200_000
HIDDEN = ("seed", "draws")
SOURCES = [("Sample round (sol 3, 4 astronauts)", "sample"),
           ("Board Setup HUB, 4 astronauts", 4), ("Board Setup HUB, 3 astronauts", 3),
           ("Board Setup HUB, 2 astronauts", 2), ("Board Setup HUB, 1 astronaut", 1)]
CREW = ["red", "yellow", "blue", "purple"]


PLAIN = [(r"Input should be a valid (list|dictionary|mapping)[^.;]*", r"must be a \1"),
         (r"Input should be a valid integer[^.;]*", "must be a whole number"),
         (r"Input should be a valid boolean[^.;]*", "must be yes or no"),
         (r"Input should be a valid string[^.;]*", "must be a name"),
         (r"Input should be (greater|less) than or equal to (-?\d+)", r"must be \2 or \1"),
         (r"Input should be (greater|less) than (-?\d+)", r"must be \1 than \2"),
         (r"Input should be ('[^']*'(?:, '[^']*')*(?:,? or '[^']*')?)", r"must be one of \1"),
         (r"Field required", "is missing"),
         (r"Extra inputs are not permitted", "is not a field of a HUB file"),
         (r"List should have at (most|least) (\d+) items?[^.;]*", r"must hold at \1 \2"),
         (r"Value error, ", ""), (r"\(id=([^)]*)\)", r" (\1)"), (r"\[(\d+)\]", r" entry \1")]


def plain(problem: str) -> str:
    """A loader problem in plain words (pydantic's phrasing never reaches the page); the
    place in the file (field names) stays, as the table needs it to fix the file."""
    for pat, rep in PLAIN:
        problem = re.sub(pat, rep, problem)
    return words(problem)


def setup_doc(n: int) -> dict[str, Any]:
    """A Board Setup HUB of ``n`` astronauts (2 oxygen, energy and food in the supply)."""
    s = new_state(astronauts=CREW[:n], supply={"oxygen": 2, "energy": 2, "food": 2})
    return {"state": state_to_dict(s)}


def export_doc(panel: FmPanel) -> dict[str, Any]:
    """The start HUB (hidden state left out) and the steps played, draws written in."""
    t = panel.table
    assert t.start is not None
    start = {k: v for k, v in state_to_dict(t.start).items() if k not in HIDDEN}
    steps = []
    for h in panel.history:
        if h.intent is None:
            continue
        d = intent_to_dict(h.intent)
        d.pop("roll_for_me", None)
        d.pop("roll_for", None)
        drawn: dict[str, list[Any]] = {}
        for ev in h.events:
            if isinstance(ev, DrawMade):
                drawn.setdefault(ev.kind, []).append(ev.value)
        for kind, values in h.intent.draws.items():
            drawn.setdefault(kind, list(values))
        if drawn:
            d["draws"] = drawn
        steps.append(d)
    return {"state": start, "round": {"steps": steps}}


def export_text(panel: FmPanel) -> str:
    return ("# First Martians HUB and the steps the table played (mrp-tutor fm round FILE)\n"
            + yaml.safe_dump(export_doc(panel), sort_keys=False, allow_unicode=True))


class FileBar:
    """HUB source, upload (import) and the export link."""

    def __init__(self, panel: FmPanel) -> None:
        self.panel = panel
        self.source = W.Dropdown(options=SOURCES, value="sample", description="HUB",
                                 _dom_classes=["fm-source"], layout=W.Layout(width="auto"))
        self.upload = FilePick(label="Import a saved game…", accept=".yaml,.yml,.json",
                               hint="A HUB file this assistant (or mrp-tutor fm) saved",
                               max_bytes=MAX_UPLOAD, _dom_classes=["fm-upload"])
        self.export = W.HTML(_dom_classes=["fm-export"])
        self._quiet = False
        self.source.observe(self._on_source, names="value")
        self.upload.on_file(self._on_upload)
        self.root = W.HBox([self.source, self.upload, self.export], _dom_classes=["fm-files"],
                           layout=W.Layout(flex_flow="row wrap", align_items="center"))

    def shown(self, name: str) -> None:
        """The HUB list names the HUB loaded (a lesson or a file gets its own line), so it
        never says "Sample round" over another HUB."""
        listed = [*SOURCES, *([(name, "other")] if all(n != name for n, _ in SOURCES) else [])]
        value = next(v for n, v in listed if n == name)
        self._quiet = True
        try:
            if [tuple(o) for o in self.source.options] != listed:
                self.source.options = listed
            self.source.value = value
        finally:
            self._quiet = False

    def _on_source(self, change: dict[str, Any]) -> None:
        v = change["new"]
        if self._quiet or v == "other":
            return
        if v == "sample":
            self.panel.ask_load(self.panel.sample, SOURCES[0][0])
        else:
            self.panel.load_setup(int(v))

    def _on_upload(self, name: str, content: bytes | None) -> None:
        if content is None:
            self.panel.say(f"{name}: the file is larger than {MAX_UPLOAD // 1000} kB.",
                           error=True)
            return
        try:
            doc = load_yaml_text(decode(content, name), name)
        except ContentError as err:
            self.panel.say("; ".join(plain(p) for p in err.problems[:3]), error=True)
            return
        self.panel.ask_load(doc, name)

    def refresh(self) -> None:
        """The download link of the current export (plain text the table may keep)."""
        data = base64.b64encode(export_text(self.panel).encode("utf-8")).decode("ascii")
        self.export.value = (f"<a class='fm-export-link' download='first-martians-sol-"
                             f"{self.panel.table.state.sol}.yaml' href='data:text/yaml;base64,"
                             f"{data}'>Export HUB file</a>")
