"""First Martians table assistant: round bookkeeping and travel, every step cited.

Pure (no UI, no pandas).  Public API (the panel's contract: /work/coord/fm_engine_api.md)::

    board = default_board()                    # Facilities, map, dice: sourced, overridable
    state = new_state(board, ["red", "yellow"]) # or load_state(yaml_dict)
    table = Table(state)
    table.play(intent_from_dict({"type": "produce"}))   # events, each with a rule id
    # InputNeeded: the table enters its roll/draw/choice -> table.play(with_input(it, k, v))
    explain_event(ev)                          # sentence + citation
    checklist(table)                           # the six phases, what to do now
    legal(table.state, board); check(state, intent)     # what can be tapped now
    paths(board, state, "r2_e")                # legal travel paths, cheapest first
"""

from mrp_tutor.games.first_martians.checklist import Checklist, Todo, checklist
from mrp_tutor.games.first_martians.content import Board, default_board, load_board, rulebook
from mrp_tutor.games.first_martians.errors import FmError, IllegalPlacement, InputNeeded, WrongPhase
from mrp_tutor.games.first_martians.events import EVENT_TYPES, Event, event_to_dict, replay
from mrp_tutor.games.first_martians.explain import explain_error, explain_event, summary
from mrp_tutor.games.first_martians.files import load_state
from mrp_tutor.games.first_martians.hub_table import Table, play
from mrp_tutor.games.first_martians.intents import (
    Intent,
    intent_from_dict,
    intent_to_dict,
    with_input,
    with_roll_for_me,
)
from mrp_tutor.games.first_martians.legal import Legal, check, legal, travel_options
from mrp_tutor.games.first_martians.state import HubState, new_state, state_to_dict
from mrp_tutor.games.first_martians.travel import (
    PathOption,
    Route,
    check_path,
    map_graph,
    paths,
    route,
)

__all__ = [
    "EVENT_TYPES", "Board", "Checklist", "Event", "FmError", "HubState", "IllegalPlacement",
    "InputNeeded", "Intent", "Legal", "PathOption", "Route", "Table", "Todo", "WrongPhase",
    "check", "check_path", "checklist", "default_board", "event_to_dict", "explain_error",
    "explain_event", "intent_from_dict", "intent_to_dict", "legal", "load_board",
    "load_state", "map_graph", "new_state", "paths", "play", "replay", "route", "rulebook",
    "state_to_dict", "summary", "travel_options", "with_input", "with_roll_for_me",
]
