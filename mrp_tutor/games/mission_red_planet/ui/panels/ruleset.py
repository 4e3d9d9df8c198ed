"""The ruleset picker: which rules a new game (played or seated) is set up with.

A visitor picks the rules (the standard game; the first edition; the Unique Abilities variant
and any other registered ruleset), then a player count that ruleset allows.  The 2-player
variant is not a separate entry: it follows the player count (standard rules with 2 players).
Rulesets whose data holds placeholders say so here, in words, and the board marks each
unverified region and shuttle.  The pure functions are tested without widgets; the panel only
holds inputs (no game state, nothing secret).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as W

from mrp_tutor.games.mission_red_planet.engine.rulesets import (
    DEFAULT,
    RULESETS,
    Rules,
    find_ruleset,
)
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.ui.html import e

NOTE_CSS = """<style>
.mrp-ruleset-note { font-size: 13px; color: #5c4300; background: #fff8e1;
  border-left: 4px solid #b38600; padding: 3px 6px; margin: 2px 0; }
.mrp-unverified-word { font-style: italic; }
</style>"""

def _label(name: str) -> str:
    rules = RULESETS[name]
    return rules.label or f"{name.replace('_', ' ').capitalize()} ({rules.summary})"


def _offered_within(name: str) -> list[Rules]:
    """The rulesets the picker offers through ``name``'s entry (``Rules.offered_within``)."""
    return [r for r in RULESETS.values() if r.offered_within == name]


def rulesets() -> list[tuple[str, str]]:
    """(label, name) of every ruleset a visitor can pick, the default first, each with its
    label (``Rules.label``); a ruleset offered within another (the 2-player variant) is
    reached through that one's player count."""
    names = [n for n, r in RULESETS.items() if r.offered_within is None]
    names.sort(key=lambda n: (n != DEFAULT, list(RULESETS).index(n)))
    return [(_label(n), n) for n in names]


def player_options(name: str) -> list[tuple[str, int]]:
    """The player counts ruleset ``name`` allows, then those of the rulesets offered within
    it below its own (the standard game adds 2: its variant)."""
    lo, hi = find_ruleset(name).players
    opts = [(str(n), n) for n in range(lo, hi + 1)]
    for other in _offered_within(name):
        lo2, hi2 = other.players
        opts += [(f"{n} (variant)", n) for n in range(lo2, hi2 + 1) if n < lo]
    return opts


def played_ruleset(name: str, players: int) -> str:
    """The registered ruleset a new game is played under (standard with 2: the variant)."""
    for other in _offered_within(name):
        lo2, hi2 = other.players
        if lo2 <= players <= hi2 and players < find_ruleset(name).players[0]:
            return other.name
    return name


def colours_for(spec: GameSpec, ruleset: str, players: int) -> list[str]:
    """The colours a new game of ``players`` players takes (a 2-player game: 4 colours)."""
    return list(spec.colours)[: find_ruleset(ruleset).colours_needed(players)]


def seat_colours(spec: GameSpec, ruleset: str, players: int) -> list[str]:
    """The colours a learner may sit at: one per player, the first ones (in the 2-player
    variant the two main colours; the neutral colours follow them, :func:`colours_for`)."""
    return list(spec.colours)[:players]


def unverified_counts(spec: GameSpec) -> list[tuple[int, str]]:
    """(count, what) of the unverified entries of a ruleset's data, in words."""
    c = spec.content
    counts = [
        (sum(not z.verified for z in c.zones.zones), "regions"),
        (sum(not a.verified for a in c.zones.adjacency), "adjacencies between regions"),
        (sum(not s.verified for s in c.ships.ships), "shuttle cards"),
        (sum(not ch.verified or not all(st.verified for st in ch.steps)
             for ch in c.characters.characters), "character cards"),
        (sum(not x.verified for x in (*c.events.discoveries, *c.events.missions,
                                      *c.events.actions)), "event cards"),
    ]
    return [(n, what) for n, what in counts if n]


def unverified_html(spec: GameSpec, label: str) -> str:
    """A short sentence on the placeholders in a ruleset's data ('' when all is checked)."""
    counts = unverified_counts(spec)
    if not counts:
        return ""
    parts = [f"{n} {what}" for n, what in counts]
    listed = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]
    return (f'{NOTE_CSS}<div class="mrp-ruleset-note" role="note"><b>{e(label)}</b>: its '
            f"{e(listed)} are <b>unverified</b> placeholders (not checked against a physical "
            'copy). The board marks them <span class="mrp-unverified-word">unverified</span>; '
            "the Card data tab lists them and lets you correct them.</div>")


def sheet_options(name: str) -> list[tuple[str, str]]:
    """(label, id) of the ability sheets of ruleset ``name`` (none: no abilities), each with
    its crew, after "random"."""
    sheets = getattr(find_ruleset(name), "sheets", None)
    if not callable(sheets):
        return []
    out = [("Random sheet", "")]
    for sid, sheet in sheets().items():
        out.append((f"{sheet.name} (cost {sheet.cost})", sid))
    return out


def sheets_html(spec: GameSpec, state: Any, me: str | None) -> str:
    """Who plays which ability sheet (public), with the text of ``me``'s own sheet."""
    rules = RULESETS.get(state.ruleset)
    sheets = getattr(rules, "sheets", None)
    if not callable(sheets):
        return ""
    known = sheets()
    parts, mine = [], ""
    for c in state.order:
        sheet = known.get(state.seats[c].sheet or "")
        if sheet is None:
            continue
        you = " (you)" if c == me else ""
        parts.append(f"{c.capitalize()}{you}: {sheet.name}")
        if c == me:
            crew = ", ".join(spec.card_name(x) for x in sheet.crew)
            mine = (f'<div class="mrp-my-sheet"><b>Your ability ({e(sheet.name)})</b>: '
                    f"{e(sheet.text)} <i>Crew: {e(crew)}.</i></div>")
    if not parts:
        return ""
    return f'<div class="mrp-sheets">Ability sheets: {e("; ".join(parts))}.</div>{mine}'


@dataclass(frozen=True)
class NewGame:
    """What the picker says a new game is: its ruleset, colours, data and setup choices."""

    ruleset: str
    colours: list[str]
    spec: GameSpec
    choices: dict[str, str]


class RulesetPicker:
    """Rules and player-count dropdowns for a new game, with the placeholder note."""

    def __init__(self, base_spec: GameSpec, players: int,
                 on_change: Callable[[], None] | None = None) -> None:
        self.base_spec = base_spec  # the standard data (with the operator's corrections)
        self._on_change = on_change
        self.ruleset = W.Dropdown(description="Rules", options=rulesets(), value=DEFAULT,
                                  _dom_classes=["mrp-ruleset"],
                                  layout=W.Layout(width="300px"))
        opts = player_options(DEFAULT)
        self.players = W.Dropdown(description="Players", options=opts,
                                  value=players if players in [v for _, v in opts] else 3,
                                  layout=W.Layout(width="160px"), _dom_classes=["mrp-players"])
        self.sheet = W.Dropdown(description="Your sheet", options=[("Random sheet", "")],
                                value="", _dom_classes=["mrp-sheet"],
                                tooltip="The ability sheet of the colour you play as "
                                        "(Play as; red when watching)",
                                layout=W.Layout(width="330px", display="none"))
        self.note = W.HTML(_dom_classes=["mrp-ruleset-notes"])
        self.ruleset.observe(self._changed, names="value")
        self._show_note()

    # ------------------------------------------------------------------ reading
    @property
    def name(self) -> str:
        """The ruleset a new game will be played under (the player count may pick the
        variant)."""
        return played_ruleset(str(self.ruleset.value), int(self.players.value))

    def spec(self, corrected: GameSpec | None = None) -> GameSpec:
        """The data of the chosen ruleset: the visitor's corrected data when it is of the
        same data folder, else the ruleset's own (the standard one: the app's)."""
        rules = find_ruleset(self.name)
        if corrected is not None and corrected.ruleset == rules.data:
            return corrected
        if rules.data == self.base_spec.ruleset:
            return self.base_spec
        return rules.spec(use_env_overrides=False)

    def new_game(self, corrected: GameSpec | None = None, colour: str | None = None) -> NewGame:
        """The ruleset, colours, data and setup choices of the next new game (``colour``: the
        seat the chosen ability sheet goes to; none or unseated: the first colour)."""
        spec = self.spec(corrected)
        name = self.name
        colours = colours_for(spec, name, int(self.players.value))
        sheet = str(self.sheet.value or "") if self.sheet.layout.display != "none" else ""
        who = colour if colour in colours else colours[0]
        return NewGame(name, colours, spec, {who: sheet} if sheet else {})

    def seat_colours(self) -> list[str]:
        """The colours a learner may take a seat at in the next new game."""
        name = self.name
        return seat_colours(self.spec(), name, int(self.players.value))

    # ------------------------------------------------------------------ events
    def _changed(self, _change: Any = None) -> None:
        opts = player_options(str(self.ruleset.value))
        current = self.players.value
        values = [v for _, v in opts]
        self.players.options = opts
        self.players.value = current if current in values else values[0]
        sheets = sheet_options(str(self.ruleset.value))
        self.sheet.options = sheets or [("Random sheet", "")]
        self.sheet.value = ""
        self.sheet.layout.display = "" if sheets else "none"
        self._show_note()
        if self._on_change is not None:
            self._on_change()

    def _show_note(self) -> None:
        name = str(self.ruleset.value)
        if name == DEFAULT:  # the standard data's placeholders are listed in Card data
            self.note.value = ""
            return
        label = dict((n, lbl) for lbl, n in rulesets()).get(name, name)
        self.note.value = unverified_html(self.spec(), label)
