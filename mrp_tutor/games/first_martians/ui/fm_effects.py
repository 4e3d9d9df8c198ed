"""“Something happened”: every effect a table enters during a round, by tapping.

An effect is chosen by its group and name, then each of its fields by buttons (six choices
or fewer) or a list; the choices come from the HUB as it stands (its astronauts, Facilities,
revealed tiles, Mission Log), shown by name, never by id.  "Apply" hands the effect to the
panel, which checks it against the rules and explains it or refuses it with a sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, get_args

import ipywidgets as W

from mrp_tutor.games.first_martians.content import Board
from mrp_tutor.games.first_martians.intents import EFFECTS, Intent
from mrp_tutor.games.first_martians.legal import legal
from mrp_tutor.games.first_martians.mission_log import ASKS
from mrp_tutor.games.first_martians.outcomes import POIS
from mrp_tutor.games.first_martians.state import HubState
from mrp_tutor.games.first_martians.ui.fm_ask import guard
from mrp_tutor.games.first_martians.ui.fm_busy import STEP_TAP
from mrp_tutor.games.first_martians.ui.fm_words import (
    BLOCKS,
    PARTS,
    RESOURCES,
    ROVERS,
    TOKENS,
    title,
)

Options = Callable[[HubState, Board], list[tuple[str, Any]]]


def _deltas(lo: int, hi: int) -> Options:
    return lambda _s, _b: [(f"{d:+d}", d) for d in range(lo, hi + 1) if d]


def _crew(s: HubState, _b: Board) -> list[tuple[str, Any]]:
    return [(a.name, a.id) for a in s.astronauts if not a.dead]


def _facilities(s: HubState, _b: Board) -> list[tuple[str, Any]]:
    return [(f.name, f.id) for f in s.facilities]


def _shut(s: HubState, _b: Board) -> list[tuple[str, Any]]:
    return [(f.name, f.id) for f in s.facilities if f.shut]


def _conditions_any(s: HubState, b: Board) -> list[tuple[str, Any]]:
    have = sorted({c for a in s.astronauts for c in a.conditions})
    return [("A wound", "")] + [(title(c), c) for c in have]


def _all_conditions(_s: HubState, b: Board) -> list[tuple[str, Any]]:
    return [(title(c), c) for c in b.conditions.names]


def _aoms(v: dict[str, Any], _s: HubState, _b: Board) -> dict[str, Any]:
    chosen = [c for c in (v.pop("first"), v.pop("second")) if c]
    return {"aoms": list(dict.fromkeys(chosen)), "solo": v.pop("solo") == "yes"}


def _producers(s: HubState, _b: Board) -> list[tuple[str, Any]]:
    return [(f.name, f.id) for f in s.facilities if f.produces]


def _farms(s: HubState, _b: Board) -> list[tuple[str, Any]]:
    return [(f.name, f.id) for f in s.facilities if f.farm is not None]


CARGO_ITEMS = [("Seed", "seed"), ("Sample", "sample"), ("POI", "poi"),
               ("Oxygen spare part", "spare_part_oxygen"),
               ("Energy spare part", "spare_part_energy"),
               ("Hardware spare part", "spare_part_hardware"),
               ("CPU spare part", "spare_part_cpu"), ("Objective token", "objective"),
               *[(f"POI: {w[:1].lower()}{w[1:]}", f"poi_{k}") for k, w in POIS.items()]]
CARDS = {"farm_01": ("farm", "Backup Farm"), "oxygenator_01": ("oxygenator", "Oxygenator"),
         "solar_panel_01": ("solar_panel", "Solar Panel")}


def _card(v: dict[str, Any], s: HubState, _b: Board) -> dict[str, Any]:
    """A Facility card's id and name: the next free ``<kind>_card_<n>``."""
    kind, label = CARDS[v["like"]]
    n = 1
    while any(f.id == f"{kind}_card_{n}" for f in s.facilities):
        n += 1
    size = v.pop("size")
    extra = {"greenhouses": size} if v["like"] == "farm_01" else {"production": size}
    return {**v, "id": f"{kind}_card_{n}", "name": f"{label} card {n}", **extra}


def _unrevealed(s: HubState, b: Board) -> list[tuple[str, Any]]:
    """Every space an effect may put an ROI tile on (a Mission sheet or an event may use
    Ring 3 East and Northeast, which Explore never targets)."""
    spaces = set(legal(s, b).tile_spaces)
    return [(x.name, x.id) for x in b.spaces if x.id in spaces]


def _tiles(s: HubState, _b: Board) -> list[tuple[str, Any]]:
    return [(f"{t.name} ({t.samples} samples)", k) for k, t in s.tiles.items()]


def _rois(_s: HubState, b: Board) -> list[tuple[str, Any]]:
    return [(r.name, r.id) for r in b.rois]


def _log(s: HubState, _b: Board) -> list[tuple[str, Any]]:
    return [(e.name, e.name) for e in s.mission_log]


def _const(*pairs: tuple[str, Any]) -> Options:
    return lambda _s, _b: list(pairs)


RES = _const(*[(v, k) for k, v in RESOURCES.items()])
BLK = _const(*[(v, k) for k, v in BLOCKS.items()])
PRT = _const(*[(v, k) for k, v in PARTS.items()])
AOM_PICK = _const(("None", ""), *[(f"{c.capitalize()}", c) for c in
                                  ("green", "gray", "blue", "brown")])


LOG_ASKS = _const(*[(v[:1].upper() + v[1:], k) for k, v in ASKS.items()])


@dataclass
class Form:
    """One effect: its intent type, its words, its fields (name, label, options)."""

    type: str
    label: str
    fields: list[tuple[str, str, Options]] = field(default_factory=list)
    fixed: dict[str, Any] = field(default_factory=dict)
    build: Callable[[dict[str, Any], HubState, Board], dict[str, Any]] | None = None


def _heal(v: dict[str, Any], _s: HubState, _b: Board) -> dict[str, Any]:
    return {k: x for k, x in v.items() if not (k == "condition" and x == "")}


def _reveal(v: dict[str, Any], _s: HubState, b: Board) -> dict[str, Any]:
    rid = v.pop("roi")
    roi = next(r for r in b.rois if r.id == rid)
    return {**v, "name": roi.name, "icons": list(roi.icons)}


GROUPS: dict[str, list[Form]] = {
    "Supply": [Form("change_supply", "General Supply", [
        ("resource", "Resource", RES), ("delta", "Change", _deltas(-3, 3))])],
    "Tracks": [
        Form("change_morale", "Morale track", [("delta", "Change", _deltas(-2, 2))]),
        Form("change_stress", "Stress track", [("delta", "Change", _deltas(-6, 3))]),
        Form("advance_malfunction", "Malfunction track", [
            ("block", "Block", BLK), ("by", "Change", _deltas(-1, 2))])],
    "Health": [
        Form("wound", "Wound", [("astronaut", "Who", _crew), ("count", "Wounds",
                                                             _deltas(1, 3))]),
        Form("heal", "Heal", [("astronaut", "Who", _crew),
                              ("condition", "Heal", _conditions_any)], build=_heal),
        Form("set_medic", "The Medic (crew role)", [("astronaut", "Who is the Medic", _crew)]),
        Form("take_condition", "Condition taken", [("astronaut", "Who", _crew),
                                                   ("condition", "Condition",
                                                    _all_conditions)]),
        Form("morale_tokens", "Morale tokens", [("astronaut", "Who", _crew),
                                                ("delta", "Change", _deltas(-2, 2))]),
        Form("use_skill", "Skill used", [
            ("astronaut", "Who", _crew),
            ("skill", "Skill", _const(("Base skill", "base"), ("Skill card", "card"))),
            ("morale_tokens", "Morale tokens paid", _const(*[(str(k), k)
                                                             for k in range(0, 4)]))])],
    "Facilities": [
        Form("break_status", "Status turns red", [("facility", "Facility", _facilities),
                                                  ("part", "Status", PRT)]),
        Form("repair_status", "Status repaired", [("facility", "Facility", _facilities),
                                                  ("part", "Status", PRT)]),
        Form("clear_shutdown", "Shutdown tile removed", [
            ("facility", "Facility", _shut), ("kind", "Tile",
                                              _const(("oxygen", "oxygen"),
                                                     ("energy", "energy")))]),
        Form("change_production", "Production changed", [
            ("facility", "Producer", _producers), ("delta", "Change", _deltas(-2, 2))]),
        Form("plant_seed", "Seed planted", [("farm", "Farm", _farms)]),
        Form("add_facility", "Facility card built", [
            ("like", "Card", _const(("Farm", "farm_01"), ("Oxygenator", "oxygenator_01"),
                                    ("Solar Panel", "solar_panel_01"))),
            ("size", "Greenhouses or production", _const(*[(str(k), k)
                                                           for k in range(0, 5)]))],
             build=_card),
        Form("place_token", "Modifier token", [
            ("facility", "Facility", _facilities),
            ("token", "Token", _const(*[(TOKENS[t], t) for t in
                                        ("extra_pawn", "adventure", "wound", "rover",
                                         "reroll")])),
            ("space", "Space", _const(("! (this round)", "now"), (">> (next round)",
                                                                  "next")))])],
    "Cargo Bay": [
        Form("cargo", "Cargo Bay item", [
            ("item", "Item", _const(*CARGO_ITEMS)), ("delta", "Change", _deltas(-2, 2)),
            ("area", "Area", _const(("Available", "available"), ("Pending", "pending")))])],
    "Mission Log": [
        Form("add_log_event", "Event enters the Log", [
            ("asks", "Its action asks", LOG_ASKS), ("pawns", "Pawns", _const(("1 pawn", 1),
                                                                              ("2 pawns", 2)))]),
        Form("remove_log_event", "Event leaves the Log (Delayed Consequences)",
             [("name", "Event", _log)])],
    "Map": [
        Form("reveal_tile", "ROI tile explored", [("space", "Space", _unrevealed),
                                                  ("roi", "ROI tile", _rois)],
             build=_reveal),
        Form("gather_sample", "Sample gathered", [("space", "ROI tile", _tiles)])],
    "Rovers": [
        Form("place_token", "Token on its X space", [
            ("rover", "Rover", _const(*[(v, k) for k, v in ROVERS.items()])),
            ("token", "Token", _const(*[(TOKENS[t], t) for t in
                                        ("blocked", "wound", "adventure", "extra_pawn")]))]),
        Form("repair_rover", "Blocked token repaired", [
            ("rover", "Rover", _const(*[(v, k) for k, v in ROVERS.items()]))])],
    "AOMs": [Form("set_aoms", "AOM cards in play", [
        ("first", "AOM", AOM_PICK), ("second", "Second AOM", AOM_PICK),
        ("solo", "Solo game", _const(("No", "no"), ("Yes", "yes")))], build=_aoms)],
}


#: the section a change comes from when its card is not named: the phase it happens in (a
#: supply change during the Action Phase comes from an action, an Event action's event, an
#: Adventure or a card resolved then, not from Phase I)
PHASE_RULES = {"events": "events.mission_event", "actions": "actions.effects",
               "malfunction": "malfunction.resolve"}
GENERIC_RULES = ("events.mission_event", "events.malfunction_track", "shutdown.production")


def _default_rule(kind: str) -> str | None:
    for cls in get_args(get_args(Intent)[0]):
        if cls.model_fields["type"].default == kind and "rule" in cls.model_fields:
            return str(cls.model_fields["rule"].default)
    return None


def phase_rule(kind: str, s: HubState) -> dict[str, str]:
    """The rule a generic change cites, by the phase it is entered in (an event's production
    change cites Phase I, not Remove Shutdown Tiles)."""
    d = _default_rule(kind)
    if d not in GENERIC_RULES:
        return {}
    keep = {"events": d.startswith("events."), "actions": d == "shutdown.production"}
    return {"rule": d if keep.get(str(s.phase)) else PHASE_RULES.get(str(s.phase),
                                                                      "round.phases")}


def _picker(key: str, label: str, options: list[tuple[str, Any]]) -> W.Widget:
    """Buttons for a few choices, a list for many; the value is the id, the label a name."""
    cls = ["fm-field", f"fm-field-{key}"]
    if len(options) <= 6 and sum(len(x[0]) for x in options) <= 60:
        return W.ToggleButtons(options=options, description=label, value=None,
                               style={"button_width": "auto"}, _dom_classes=cls)
    return W.Dropdown(options=[("(choose)", None), *options], description=label, value=None,
                      _dom_classes=cls, layout=W.Layout(width="auto"))


def _pairs(options: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    return [(str(label), value) for label, value in options]


def _offered(w: W.Widget | None) -> list[tuple[str, Any]] | None:
    """The (label, value) choices a field's widget offers (a list's "(choose)" left out)."""
    if w is None:
        return None
    return [(str(label), value) for label, value in w.options if value is not None]


class EffectForms:
    """Group buttons, effect buttons, the chosen effect's fields and Apply."""

    def __init__(self, submit: Callable[[dict[str, Any], str], None],
                 say: Callable[[str], None]) -> None:
        self.submit, self.say = submit, say
        self.state: HubState | None = None
        self.board: Board | None = None
        self.group = W.ToggleButtons(options=list(GROUPS), value=None,
                                     style={"button_width": "auto"},
                                     _dom_classes=["fm-effect-group"])
        self.kind = W.ToggleButtons(options=[], value=None, style={"button_width": "auto"},
                                    _dom_classes=["fm-effect-kind"])
        self.fields = W.VBox(_dom_classes=["fm-effect-fields"])
        self.apply_btn = W.Button(description="Apply", button_style="primary",
                                  _dom_classes=["fm-apply", STEP_TAP],
                                  layout=W.Layout(width="auto"))
        self.apply_btn.on_click(guard(self.apply, say))
        self.result = W.HTML(_dom_classes=["fm-effect-result"])  # the result by Apply
        self.group.observe(self._on_group, names="value")
        self.kind.observe(self._on_kind, names="value")
        self._quiet = False
        self._step: tuple[int, str] | None = None  # the sol and phase of the last update
        self.form: Form | None = None
        self.pickers: dict[str, W.Widget] = {}
        self.root = W.VBox([W.HTML("<b>Something happened</b> (app events, action results, "
                                   "cards): tap what changed."),
                            self.group, self.kind, self.fields, self.apply_btn,
                            self.result],
                           _dom_classes=["fm-effects"])
        self.apply_btn.layout.display = "none"
        assert all(f.type in (*EFFECTS, "set_aoms", "set_medic")
                   for forms in GROUPS.values() for f in forms)

    def update(self, s: HubState, board: Board) -> None:
        """New HUB: the open effect's choices follow it; a field whose choices did not change
        keeps its widget (and the table's pick), so a tap never lands on a widget being
        replaced.  When the phase (or sol) moves on, the form folds: it was entered for the
        phase before, and open it kept every later step a screen further down on a phone."""
        self.state, self.board = s, board
        step, self._step = self._step, (s.sol, s.phase)
        if step is not None and step != self._step:
            self.result.value = ""  # the last Apply's result belongs to the phase before
        if step is not None and step != self._step and self.group.value is not None:
            self.group.value = None  # a new phase: the form folds away (tapped open again)
            return
        if self.form is None:
            return
        fresh = {key: options(s, board) for key, _label, options in self.form.fields}
        if all(_offered(self.pickers.get(k)) == _pairs(v) for k, v in fresh.items()):
            return
        kept = {k: getattr(w, "value", None) for k, w in self.pickers.items()}
        self._build(self.form, kept)

    def _on_group(self, change: dict[str, Any]) -> None:
        forms = GROUPS.get(change["new"] or "", [])
        self._quiet = True  # new options: no effect is open until one is tapped
        self.kind.value = None
        self.kind.options = [(f.label, k) for k, f in enumerate(forms)]
        self.kind.value = None
        self._quiet = False
        self._clear()
        if len(forms) == 1:
            self.kind.value = 0

    def _on_kind(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        if change["new"] is None or self.group.value is None:
            self._clear()
            return
        self.form = GROUPS[self.group.value][change["new"]]
        self._build(self.form, {})

    @property
    def form_type(self) -> str | None:
        """The intent type of the open effect (None: none open)."""
        return self.form.type if self.form is not None else None

    def applied(self) -> None:
        """The effect was played: its choices are emptied (a second tap on Apply must not
        play it twice); the effect stays open for the next one of its kind."""
        for w in self.pickers.values():
            if len(w.options) > 1 + isinstance(w, W.Dropdown):
                w.value = None

    def _clear(self) -> None:
        self.form, self.pickers = None, {}
        self.fields.children = []
        self.apply_btn.layout.display = "none"

    def _build(self, form: Form, kept: dict[str, Any]) -> None:
        if self.state is None or self.board is None:
            return
        old, self.pickers = self.pickers, {}
        for key, label, options in form.fields:
            opts = options(self.state, self.board)
            same = old.get(key)
            if same is not None and same.description == label and _offered(same) == _pairs(opts):
                self.pickers[key] = same  # the same field in the next effect: kept as it is
                continue
            w = _picker(key, label, opts)
            if kept.get(key) in [v for _, v in opts]:
                w.value = kept[key]
            elif len(opts) == 1:
                w.value = opts[0][1]
            self.pickers[key] = w
        self.fields.children = list(self.pickers.values())
        self.apply_btn.layout.display = ""

    def apply(self) -> None:
        form, s, b = self.form, self.state, self.board
        if form is None or s is None or b is None:
            self.say("Tap what happened first (a group, then the effect).")
            return
        values: dict[str, Any] = {}
        for key, label, _options in form.fields:
            v = self.pickers[key].value
            if v is None:
                self.say(f"Tap a choice for “{label}” first.")
                return
            values[key] = v
        if form.build is not None:
            values = form.build(values, s, b)
        self.result.value = ""
        self.submit({"type": form.type, **form.fixed, **phase_rule(form.type, s),
                     **values}, form.label)
