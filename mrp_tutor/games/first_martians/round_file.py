"""One round from a HUB state file: the inputs of each phase, the bookkeeping, explained.

A round file is YAML: either a HUB state alone, or ``state:`` plus ``round:`` with the
table's inputs per phase (all optional)::

    state: {...}                      # as load_state accepts
    round:
      events: [{type: advance_malfunction, block: system}, ...]   # effect intents
      production: {shutdowns: ..., pay_wilt: [...], food_wounds: [...]}
      morale: {draws: {condition: [anemia]}}   # the table's draws of a phase (all optional)
      actions: [{action: build, astronaut: red, pawns: 2}, ...]   # or {placements: [...],
                                        # draws: {...}, resolve: [{unwind: [stress]}, ...]}
      effects: [...]                  # results of the actions, entered by the table
      malfunction: {dice: {living: 1}}
      clean_up: {goals_done: false}

or ``round: {steps: [intent, ...]}``: every input in the order played (the app's export).
After the placements, every action resolves in the action order (``resolve_action``), with
the table's dice and choices of the k-th action to resolve in ``actions.resolve[k]``.

``board`` is the board data (with a table owner's corrections, :func:`.load_board`).
The round runs from the state's phase to the end of its Clean-Up (or the end of the
mission); a HUB saved after a Clean-Up (phase ``round_end``) starts the next sol first.  The
table's dice and draws are entered in each step's ``draws``.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from mrp_tutor.core.errors import ContentError
from mrp_tutor.core.located import Lines, Path
from mrp_tutor.games.first_martians.content import Board, default_board
from mrp_tutor.games.first_martians.events import Event
from mrp_tutor.games.first_martians.files import At, check_keys, load_state, read_intent, validate
from mrp_tutor.games.first_martians.hub_table import Table
from mrp_tutor.games.first_martians.intents import Intent


class ActionInputs(BaseModel):
    """The Action Phase's placements, the table's draws while they are declared, and its
    dice and choices as each action resolves (in the action order)."""

    model_config = ConfigDict(extra="forbid")
    placements: list[dict[str, Any]] = []
    draws: dict[str, list[Any]] = {}
    resolve: list[dict[str, list[Any]]] = Field(
        default=[], max_length=20, description="the draws of each action as it resolves, in "
        "the action order (success_die, wound_die, adventure_die, condition, unwind, heal, "
        "manage ...)")


class RoundInputs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    events: list[dict[str, Any]] = []
    morale: dict[str, Any] = Field(default={}, description="e.g. draws for morale wounds")
    production: dict[str, Any] = {}
    actions: list[dict[str, Any]] | ActionInputs = Field(
        default=[], description="the placements, or {placements: [...], draws: {...}}")
    effects: list[dict[str, Any]] = []
    malfunction: dict[str, Any] = {}
    clean_up: dict[str, Any] = Field(default={})
    steps: list[dict[str, Any]] = Field(default=[], description="every intent in the order "
                                        "played (the app's export); alone, not with the above")


def _placements(path: Path) -> Path:
    """``actions[k]`` of the declare_actions intent is ``placements[k]`` in the file."""
    return ("placements", *path[1:]) if path[:1] == ("actions",) else path


def round_intents(doc: Any, source: str, board: Board | None = None,
                  lines: Lines | None = None) -> tuple[Table, list[tuple[str, Intent]]]:
    """The table and the intents of one round, phase by phase (read strictly; ``lines``:
    the file's line map, :func:`.files.file_lines`).

    Raises:
        ContentError: located problems in the file.
    """
    at = At(source, (), lines)
    base: Path
    if isinstance(doc, dict) and "state" in doc:
        bad = check_keys(doc, ("state", "round"), at)
        if bad:
            raise ContentError(source, bad)
        state_doc, raw, base = doc["state"], doc.get("round") or {}, ("state",)
    else:
        state_doc, raw, base = doc, {}, ()
    board = board or default_board()
    table = Table(load_state(state_doc, source, board, at=base, lines=lines), board)
    inputs = validate(RoundInputs, raw, at.inner("round"))
    if inputs.steps:
        return table, _steps(inputs, at, source)
    plan: list[tuple[str, dict[str, Any], Path]] = []
    plan += [("events", e, ("round", "events", i)) for i, e in enumerate(inputs.events)]
    plan.append(("events", {"type": "end_events"}, ("round",)))
    plan.append(("morale", {"type": "resolve_morale", **inputs.morale}, ("round", "morale")))
    plan.append(("production", {"type": "produce", **inputs.production},
                 ("round", "production")))
    acts = inputs.actions
    if isinstance(acts, ActionInputs):
        plan.append(("actions", {"type": "declare_actions", "actions": acts.placements,
                                 "draws": acts.draws}, ("round", "actions")))
        placed, resolving = acts.placements, acts.resolve
    else:
        plan.append(("actions", {"type": "declare_actions", "actions": acts}, ("round",)))
        placed, resolving = acts, []
    for k in range(len(placed)):
        draws = resolving[k] if k < len(resolving) else {}
        plan.append(("actions", {"type": "resolve_action", "draws": draws},
                     ("round", "actions", "resolve", k)))
    plan += [("actions", e, ("round", "effects", i)) for i, e in enumerate(inputs.effects)]
    plan.append(("malfunction", {"type": "roll_malfunction", **inputs.malfunction},
                 ("round", "malfunction")))
    plan.append(("cleanup", {"type": "clean_up", **inputs.clean_up}, ("round", "clean_up")))
    start = table.state.phase
    order = ["events", "morale", "production", "actions", "malfunction", "cleanup"]
    if table.state.result is not None:
        raise ContentError(source, [f"{at(*base, 'result')}: the mission is over "
                                    f"({table.state.result}); no round to play"])
    if start == "round_end":  # a HUB saved after Clean-Up: the next sol starts first
        plan.insert(0, ("events", {"type": "start_sol"}, ("round",)))
        start = "events"
    out = []
    problems: list[str] = []
    for phase, d, where in plan:
        if order.index(phase) < order.index(start):
            continue
        inner = at.inner(*where)
        if where == ("round", "actions"):
            inner.rename = _placements
        try:
            out.append((phase, read_intent(d, inner)))
        except ContentError as err:
            problems += err.problems
    if problems:
        raise ContentError(source, problems)
    return table, out


def _steps(inputs: RoundInputs, at: At, source: str) -> list[tuple[str, Intent]]:
    """``round: {steps: [...]}``: every input in the order the table played it."""
    if inputs.model_fields_set - {"steps"}:
        raise ContentError(source, [f"{at('round', 'steps')}: steps lists every input in "
                                    "order; it cannot be mixed with the per-phase inputs"])
    out: list[tuple[str, Intent]] = []
    problems: list[str] = []
    for i, d in enumerate(inputs.steps):
        try:
            out.append(("round", read_intent(d, at.inner("round", "steps", i))))
        except ContentError as err:
            problems += err.problems
    if problems:
        raise ContentError(source, problems)
    return out


def play_round(table: Table, intents: list[tuple[str, Intent]]) -> list[Event]:
    """Play the intents in order; stops after the mission ends.  Raises on a refusal."""
    out: list[Event] = []
    for _, it in intents:
        if table.state.result is not None:
            break
        out += table.play(it)
    return out
