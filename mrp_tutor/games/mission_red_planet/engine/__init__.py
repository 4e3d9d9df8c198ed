"""The pure rules engine: no UI, no pandas.

Public API::

    spec = load_spec()                      # validated game content (+ referee overrides)
    game = Game.new(spec, ["red", "blue", "green"], seed=7)   # ruleset="standard"
    find_ruleset("two_player")              # the registered rulesets (mrp-tutor rulesets)
    game.decision()                         # what the game waits for
    game.legal_intents()                    # every legal decision
    game.play(Board("red", "s07"))          # events, each with its rule id
    step(spec, state, intent)               # pure form: Outcome(state, events)

The hot modules run compiled (mypyc) when built; :data:`COMPILED` / :data:`ENGINE` say which
engine runs (see :mod:`.native`).
"""

# first: decides which form of the engine modules loads
from mrp_tutor.games.mission_red_planet.engine.native import COMPILED, ENGINE  # noqa: I001
from mrp_tutor.games.mission_red_planet.engine.checks import state_from_dict
from mrp_tutor.games.mission_red_planet.engine.content import RESOURCES, Content
from mrp_tutor.games.mission_red_planet.engine.errors import (
    ContentError, GameOver, IllegalIntent, MalformedIntent, MrpError, NotYourDecision, WrongPhase,
)
from mrp_tutor.games.mission_red_planet.engine.events import (
    EVENT_TYPES, Event, event_from_dict, event_to_dict,
)
from mrp_tutor.games.mission_red_planet.engine.game import (
    Decision, Game, Outcome, advance, check_intent, decision, destination, legal_intents,
    mission_points, play_out, rank_winners, replay, room, setup_events, step, winners_of_zone,
)
from mrp_tutor.games.mission_red_planet.engine.intents import (
    INTENT_TYPES, AssignDiscovery, Board, ChooseCharacter, Destroy, DrawEvent, Drop, Intent,
    KeepAction, KeepMission, Kill, Launch, Move, Peek, PlaceToken, PlayAction, Replace, Rescue,
    Stop, format_intent, intent_from_dict, intent_to_dict,
)
from mrp_tutor.games.mission_red_planet.engine.rulesets import RULESETS, Rules, find_ruleset
from mrp_tutor.games.mission_red_planet.engine.loading import load_content
from mrp_tutor.games.mission_red_planet.engine.spec import UNKNOWN, GameSpec, load_spec
from mrp_tutor.games.mission_red_planet.engine.state import GameState, Seat, Ship, state_to_dict

__all__ = [
    "COMPILED",
    "ENGINE",
    "EVENT_TYPES",
    "INTENT_TYPES",
    "RESOURCES",
    "RULESETS",
    "UNKNOWN",
    "AssignDiscovery",
    "Board",
    "ChooseCharacter",
    "Content",
    "ContentError",
    "Decision",
    "Destroy",
    "DrawEvent",
    "Drop",
    "Event",
    "Game",
    "GameOver",
    "GameSpec",
    "GameState",
    "IllegalIntent",
    "Intent",
    "KeepAction",
    "KeepMission",
    "Kill",
    "Launch",
    "MalformedIntent",
    "Move",
    "MrpError",
    "NotYourDecision",
    "Outcome",
    "Peek",
    "PlaceToken",
    "PlayAction",
    "Replace",
    "Rescue",
    "Rules",
    "Seat",
    "Ship",
    "Stop",
    "WrongPhase",
    "advance",
    "check_intent",
    "decision",
    "destination",
    "event_from_dict",
    "event_to_dict",
    "find_ruleset",
    "format_intent",
    "intent_from_dict",
    "intent_to_dict",
    "legal_intents",
    "load_content",
    "load_spec",
    "mission_points",
    "play_out",
    "rank_winners",
    "replay",
    "room",
    "setup_events",
    "state_from_dict",
    "state_to_dict",
    "step",
    "winners_of_zone",
]
