"""One round from a HUB state file: the inputs of each phase, the bookkeeping, explained.

A round file is YAML: either a HUB state alone, or ``state:`` plus ``round:`` with the
table's inputs per phase (all optional)::

    state: {...}                      # as load_state accepts
    round:
      events: [{type: advance_malfunction, block: system}, ...]   # effect intents
      production: {shutdowns: ..., pay_wilt: [...], food_wounds: [...]}
      actions: [{action: build, astronaut: red, pawns: 2}, ...]
      effects: [...]                  # results of the actions, entered by the table
      malfunction: {dice: {living: 1}}
      clean_up: {goals_done: false}

or ``round: {steps: [intent, ...]}``: every input in the order played (the app's export).

``board`` is the board data (with a table owner's corrections, :func:`.load_board`).
The round runs from the state's phase to the start of the next round (or the end of the
mission).  Missing draws come from the state's seeded generator and are recorded.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..core.errors import ContentError
from ..core.loading import format_validation
from .content import Board, default_board
from .events import Event
from .intents import Intent, intent_from_dict
from .state import load_state
from .table import Table


class RoundInputs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    events: list[dict[str, Any]] = []
    production: dict[str, Any] = {}
    actions: list[dict[str, Any]] = []
    effects: list[dict[str, Any]] = []
    malfunction: dict[str, Any] = {}
    clean_up: dict[str, Any] = Field(default={})
    steps: list[dict[str, Any]] = Field(default=[], description="every intent in the order "
                                        "played (the app's export); alone, not with the above")


def round_intents(doc: Any, source: str,
                  board: Board | None = None) -> tuple[Table, list[tuple[str, Intent]]]:
    """The table and the intents of one round, phase by phase.

    Raises:
        ContentError: located problems in the file.
    """
    if isinstance(doc, dict) and "state" in doc:
        state_doc, raw = doc["state"], doc.get("round") or {}
    else:
        state_doc, raw = doc, {}
    board = board or default_board()
    table = Table(load_state(state_doc, f"{source}: state", board), board)
    try:
        inputs = RoundInputs.model_validate(raw)
    except ValidationError as err:
        raise ContentError(source, format_validation(f"{source}: round", err, raw)) from None
    if inputs.steps:
        if inputs.model_fields_set - {"steps"}:
            raise ContentError(source, [f"{source}: round: steps lists every input in order; "
                                        "it cannot be mixed with the per-phase inputs"])
        return table, [("round", intent_from_dict(d, f"{source}: round step {k + 1}"))
                       for k, d in enumerate(inputs.steps)]
    plan: list[tuple[str, dict[str, Any]]] = []
    plan += [("events", e) for e in inputs.events] + [("events", {"type": "end_events"})]
    plan.append(("morale", {"type": "resolve_morale"}))
    plan.append(("production", {"type": "produce", **inputs.production}))
    plan.append(("actions", {"type": "declare_actions", "actions": inputs.actions}))
    plan += [("actions", e) for e in inputs.effects]
    plan.append(("malfunction", {"type": "roll_malfunction", **inputs.malfunction}))
    plan.append(("cleanup", {"type": "clean_up", **inputs.clean_up}))
    start = table.state.phase
    order = ["events", "morale", "production", "actions", "malfunction", "cleanup"]
    if start not in order:
        raise ContentError(source, [f"{source}: the mission is over; no round to play"])
    out = []
    for k, (phase, d) in enumerate(plan):
        if order.index(phase) < order.index(start):
            continue
        out.append((phase, intent_from_dict(d, f"{source}: round step {k + 1}")))
    return table, out


def play_round(table: Table, intents: list[tuple[str, Intent]]) -> list[Event]:
    """Play the intents in order; stops after the mission ends.  Raises on a refusal."""
    out: list[Event] = []
    for _, it in intents:
        if table.state.result is not None:
            break
        out += table.play(it)
    return out
