"""The engine's facade: :class:`Game`, the pure :func:`step`, :func:`replay`, :func:`play_out`.

The rules live in :mod:`.phases` (one module per phase), :mod:`.effects` (one module per effect
primitive, registered by step type) and :mod:`.rulesets` (the hooks a variant overrides);
:mod:`.flow` runs them and :mod:`.legal` answers "what now, and why not".  Every change is an
event (see :mod:`.events`) with the rule id that caused it.

Use :class:`Game` for a mutable game with its log, or :func:`step` for the pure form
``step(spec, state, intent) -> Outcome`` that never changes its input.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import (
    Decision,
    Out,
    current_character,
    current_step,
    destination,
    room,
)
from mrp_tutor.games.mission_red_planet.engine.errors import MrpError
from mrp_tutor.games.mission_red_planet.engine.flow import advance, apply_intent
from mrp_tutor.games.mission_red_planet.engine.legal import (
    check_intent,
    decision,
    diagnose,
    legal_intents,
)
from mrp_tutor.games.mission_red_planet.engine.phases.production import produce, winners_of_zone
from mrp_tutor.games.mission_red_planet.engine.phases.resolve import (
    has_options,
    step_count,
    step_options,
)
from mrp_tutor.games.mission_red_planet.engine.phases.scoring import (
    discovery_points,
    final_scoring,
    mission_points,
    rank_winners,
)
from mrp_tutor.games.mission_red_planet.engine.phases.setup import setup_events
from mrp_tutor.games.mission_red_planet.engine.rng import SeededRandom, rng_for
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState

__all__ = [
    "Decision", "Game", "Outcome", "SeededRandom", "advance", "apply_intent",
    "check_intent", "current_character", "current_step", "decision", "destination", "diagnose",
    "discovery_points", "final_scoring", "has_options", "legal_intents", "mission_points",
    "play_out", "produce", "rank_winners", "replay", "rng_for", "room", "setup_events", "step",
    "step_count", "step_options", "winners_of_zone",
]


@dataclass(slots=True)
class Outcome:
    """Result of :func:`step`: the new state and the events that produced it."""

    state: GameState
    events: list[E.Event]


def step(spec: GameSpec, state: GameState, intent: I.Intent) -> Outcome:
    """Pure step: validate ``intent`` and return the new state and events (input unchanged).

    Raises:
        IllegalIntent: (and its subclasses) with a stable code, the rule id and the facts.
        MalformedIntent: the intent names an unknown colour.
    """
    err = check_intent(spec, state, intent)
    if err is not None:
        raise err
    new = state.clone()
    out: Out = []
    apply_intent(spec, new, intent, out)
    return Outcome(new, out)


class Game:
    """A game in progress: spec, current state and the full event log.

    >>> from mrp_tutor.games.mission_red_planet.engine import load_spec
    >>> g = Game.new(load_spec(), ["red", "blue", "green"], seed=1)
    >>> g.decision().kind
    'keep_mission'
    """

    __slots__ = ("_legal", "log", "spec", "state")

    def __init__(self, spec: GameSpec, state: GameState, log: list[E.Event]) -> None:
        self.spec = spec
        self.state = state
        self.log = log
        self._legal: list[I.Intent] | None = None

    @classmethod
    def new(
        cls, spec: GameSpec, colours: Sequence[str], seed: int, *, ruleset: str = "standard",
        choices: Mapping[str, str] | None = None,
    ) -> Game:
        """Set up a new game (all setup steps) and run to the first decision.

        ``ruleset`` names a registered ruleset; ``choices``: per-colour setup choices it takes
        (``unique_abilities``: ability sheets).
        """
        state, log = setup_events(spec, colours, seed, ruleset=ruleset, choices=choices)
        advance(spec, state, log)
        return cls(spec, state, log)

    def decision(self) -> Decision | None:
        """What the game waits for."""
        return decision(self.spec, self.state)

    def legal_intents(self, colour: str | None = None) -> list[I.Intent]:
        """Every legal intent now (computed once per position)."""
        if self._legal is None:
            self._legal = legal_intents(self.spec, self.state)
        if colour is None:
            return list(self._legal)
        return [x for x in self._legal if x.colour == colour]

    def invalidate(self) -> None:
        """Forget the cached legal intents (after editing :attr:`state` directly)."""
        self._legal = None

    def check(self, intent: I.Intent) -> MrpError | None:
        """The error ``intent`` would raise, or None."""
        if self.state.stage != "over" and intent in self.legal_intents():
            return None
        return check_intent(self.spec, self.state, intent)

    def play(self, intent: I.Intent, *, trusted: bool = False) -> list[E.Event]:
        """Apply ``intent`` in place; return the new events.

        ``trusted=True`` skips validation: only for intents taken from :meth:`legal_intents`.

        Raises:
            IllegalIntent: the intent is not legal now (nothing changes).
        """
        if not trusted:
            err = self.check(intent)
            if err is not None:
                raise err
        start = len(self.log)
        self._apply(intent)
        return self.log[start:]

    def _apply(self, intent: I.Intent) -> None:
        """Apply a legal ``intent`` in place and keep the next decision's legal intents."""
        before = self._legal
        self._legal = None
        s = self.state
        choosing = s.stage == "choose" and isinstance(intent, I.ChooseCharacter)
        track = s.track_index
        found: list[list[I.Intent]] = []
        apply_intent(self.spec, s, intent, self.log, found)
        if found:
            self._legal = found[-1]
        elif (choosing and before is not None and s.stage == "choose" and s.track_index == track
              and not s.windows):
            # still choosing: the others' options are unchanged (their hands did not move)
            c = intent.colour
            self._legal = [x for x in before if x.colour != c]

    def advance(self) -> list[E.Event]:
        """Run the automatic part of the game (production, reveals, scoring, a step with
        nothing possible left) until a decision is needed; return the new events.

        For positions entered at such a point (scenarios, referee edits); :meth:`play` already
        advances after every intent.
        """
        start = len(self.log)
        self._legal = None
        advance(self.spec, self.state, self.log)
        return self.log[start:]

    @property
    def over(self) -> bool:
        """True when final scoring is done."""
        return self.state.stage == "over"

    def copy(self) -> Game:
        """A fork of this game (structural copy; the log is shared up to here)."""
        return Game(self.spec, self.state.clone(), list(self.log))


def replay(spec: GameSpec, log: Sequence[E.Event], *, source: str = "log") -> GameState:
    """Rebuild a state from an untrusted event log by playing it again.

    :func:`.replay.rederived_replay` accepts the log only when every event is what the rules
    produce from the recorded start, choices and seeded chance outcomes; otherwise a located
    :class:`ContentError` names the first event that differs.
    """
    from mrp_tutor.games.mission_red_planet.engine.replay import rederived_replay

    return rederived_replay(spec, log, source)


def play_out(
    game: Game, choose: Callable[[Game, list[I.Intent]], I.Intent], *, max_decisions: int = 100000,
    on_step: Callable[[Game], None] | None = None,
) -> Game:
    """Play ``game`` to the end, letting ``choose`` pick each decision from the legal ones.

    ``on_step`` (if given) sees the game before every decision and once at the end.
    """
    n = 0
    while game.state.stage != "over":
        if on_step is not None:
            on_step(game)
        legal = game._legal  # Game.legal_intents, inlined
        if legal is None:
            legal = game._legal = legal_intents(game.spec, game.state)
        if not legal:
            raise AssertionError(f"no legal intent in stage {game.state.stage}")
        # the trusted path of Game.play, without the slice of new events; a copy of the list:
        # the game keeps its own
        game._apply(choose(game, list(legal)))
        n += 1
        if n > max_decisions:
            raise AssertionError("game did not end")
    if on_step is not None:
        on_step(game)
    return game
