"""Setup as the rulebook sets up: what the crew chose at setup, asked on the page until it is
entered (and changeable later under "Something happened").

- The Medic (Setup › III, heal.declare): with four astronauts and no Auto-scanner on the
  Med Lab a Heal needs the Medic's pawn, so the crew names its Medic by one tap.
- The AOM cards (Setup › IV): 3 astronauts choose one, 2 choose two; solo (one player, two
  astronauts) plays all four, two a round.  Each AOM tapped is marked; the choice is entered
  when the count the rulebook asks is reached.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from mrp_tutor.games.first_martians.state import HubState, aom_limit
from mrp_tutor.games.first_martians.ui.fm_ask import guard
from mrp_tutor.games.first_martians.ui.fm_busy import STEP_TAP
from mrp_tutor.games.first_martians.ui.fm_words import AOMS

COLOURS = ("green", "gray", "blue", "brown")


def needs_medic(s: HubState) -> bool:
    """Four astronauts, no Auto-scanner and no living Medic named: Heal cannot be taken."""
    med = next((f for f in s.facilities if f.id == "med_lab"), None)
    scanner = med is not None and "auto_scanner" in med.upgrades
    return (len(s.astronauts) >= 4 and not scanner
            and not any(a.medic and not a.dead for a in s.astronauts))


def needs_aoms(s: HubState) -> bool:
    """A crew of 1–3 has not entered the AOM cards it chose."""
    return aom_limit(len(s.astronauts), s.solo) > 0 and not s.aoms


class SetupAsk:
    """The setup questions the HUB still needs answered, one tap each."""

    def __init__(self, submit: Callable[[dict[str, Any], str], None],
                 say: Callable[[str], None]) -> None:
        self.submit = submit
        self.chosen: list[str] = []
        self.medic_q = W.HTML()
        self.medic = W.HBox(layout=W.Layout(flex_flow="row wrap"),
                            _dom_classes=["fm-setup-medic"])
        self.aom_q = W.HTML()
        self.aoms = W.HBox(layout=W.Layout(flex_flow="row wrap"), _dom_classes=["fm-setup-aoms"])
        self.solo_btn = W.Button(description="Solo: all four AOMs, two a round",
                                 _dom_classes=["fm-setup-solo", STEP_TAP],
                                 layout=W.Layout(width="auto"))
        self.solo_btn.on_click(guard(self._solo, say))
        self._say = say
        self._crew: list[tuple[str, str]] | None = None
        self.root = W.VBox(_dom_classes=["fm-setup"], layout=W.Layout(display="none"))

    def update(self, s: HubState) -> None:
        parts: list[W.Widget] = []
        if needs_medic(s):
            crew = [(a.name, a.id) for a in s.astronauts if not a.dead]
            if crew != self._crew:
                self._crew = crew
                self.medic.children = [self._button(n, "fm-setup-medic-pick",
                                                    functools.partial(self._medic, i))
                                       for n, i in crew]
            self.medic_q.value = ("<b>Board Setup: who is the Medic?</b> With four astronauts "
                                  "a Heal needs the Medic's pawn (Setup › III. Player Setup; "
                                  "The Actions › 4. Heal).")
            parts += [self.medic_q, self.medic]
        if needs_aoms(s):
            want = aom_limit(len(s.astronauts))
            self.aom_q.value = (f"<b>Board Setup: which AOM card{'s' if want != 1 else ''} did "
                                f"the crew choose?</b> With {len(s.astronauts)} astronauts "
                                f"the crew plays {want} (Setup › IV. Setup for 1–3 Players)."
                                + (f" Chosen: {', '.join(AOMS[c] for c in self.chosen)}."
                                   if self.chosen else ""))
            labels = [AOMS[c] + (" ✓" if c in self.chosen else "") for c in COLOURS]
            if [b.description for b in self.aoms.children] != labels:
                self.aoms.children = [self._button(lb, "fm-setup-aom",
                                                   functools.partial(self._aom, c, want))
                                      for lb, c in zip(labels, COLOURS, strict=True)]
            parts += [self.aom_q, self.aoms]
            if len(s.astronauts) == 2:
                parts.append(self.solo_btn)
        else:
            self.chosen = []
        self.root.children = parts
        self.root.layout.display = "" if parts else "none"

    def _button(self, label: str, cls: str, fn: Callable[[], None]) -> W.Button:
        b = W.Button(description=label, _dom_classes=[cls, STEP_TAP],
                     layout=W.Layout(width="auto"))
        b.on_click(guard(fn, self._say))
        return b

    def _medic(self, aid: str) -> None:
        self.submit({"type": "set_medic", "astronaut": aid}, "The Medic")

    def _aom(self, colour: str, want: int) -> None:
        if colour in self.chosen:
            self.chosen.remove(colour)
        else:
            self.chosen.append(colour)
        if len(self.chosen) >= want:
            chosen, self.chosen = self.chosen[:want], []
            self.submit({"type": "set_aoms", "aoms": chosen}, "AOM cards in play")
        else:
            self._say(f"{AOMS[colour]} {'chosen' if colour in self.chosen else 'taken back'}; "
                      f"choose {want - len(self.chosen)} more.")

    def _solo(self) -> None:
        self.chosen = []
        self.submit({"type": "set_aoms", "aoms": list(COLOURS), "solo": True},
                    "AOM cards in play (solo)")
