"""First Martians table assistant: round bookkeeping and travel, every step cited.

Pure (no UI, no pandas).  Public API::

    board = default_board()                    # Facilities, map, dice: sourced, overridable
    state = new_state(board, ["red", "yellow"]) # or load_state(yaml_dict)
    table = Table(state)
    table.play(intent_from_dict({"type": "produce"}))   # events, each with a rule id
    explain_event(ev)                          # sentence + citation
    route(board, state, "r2_n", explore=True)  # travel on the revealed map (networkx)
"""

from .content import Board, default_board, load_board, rulebook
from .errors import FmError, IllegalPlacement, WrongPhase
from .events import EVENT_TYPES, Event, event_to_dict, replay
from .explain import explain_error, explain_event, summary
from .files import load_state
from .intents import Intent, intent_from_dict, intent_to_dict
from .state import HubState, new_state, state_to_dict
from .table import Table, play
from .travel import Route, map_graph, route

__all__ = [
    "EVENT_TYPES", "Board", "Event", "FmError", "HubState", "IllegalPlacement", "Intent",
    "Route", "Table", "WrongPhase", "default_board", "event_to_dict", "explain_error",
    "explain_event", "intent_from_dict", "intent_to_dict", "load_board", "load_state",
    "map_graph", "new_state", "play", "replay", "route", "rulebook", "state_to_dict",
    "summary",
]
