"""The base class of an effect primitive (one step of a character card).

An effect owns everything about its step type: how many times it acts, its legal options,
whether any exists (fast), why nothing is possible, how a legal intent becomes events, and the
specific diagnosis of a wrong one.  Rule ids come from the step's data (``rule`` and
``rules`` in ``characters.yaml``), never from a base-game character's name.
"""

from __future__ import annotations

from typing import ClassVar, Final, Generic, TypeVar

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import Fact, Out
from mrp_tutor.games.mission_red_planet.engine.rulesets.base import Rules
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState

S = TypeVar("S", bound=C.CharacterStep)

#: a skip whose reason is a rule of its own cites that rule
SKIP_RULES: Final = {"no_destination_token_for_unknown_ship": "destination_tokens.none_left"}


class Effect(Generic[S]):
    """One effect primitive; subclasses register with :func:`~.register`."""

    #: the step model this effect resolves
    step: ClassVar[type[C.CharacterStep]]
    #: True when the step has an automatic part when it starts (:meth:`start`)
    starts: ClassVar[bool] = False
    #: intent types this step's decision takes (for the wrong-decision check)
    intents: ClassVar[tuple[type[I.Intent], ...]] = ()
    #: reason recorded when nothing is possible (``StepSkipped.reason``)
    nothing: ClassVar[str] = "nothing_possible"

    @staticmethod
    def rule(st: C.CharacterStep, name: str) -> str:
        """The step's named sub-rule: ``rules[name]`` in the data, else ``<rule>.<name>``."""
        return st.rules.get(name) or f"{st.rule}.{name}"

    def count(self, st: S) -> int:
        """How many times the step acts (placements, moves, kills); 1 for single effects."""
        return 1

    def kind(self, s: GameState, st: S) -> str:
        """The decision kind the step asks for now."""
        return st.effect

    def skip_rule(self, st: S, why: str, rules: Rules) -> str:
        """The rule cited when the step is skipped because nothing is possible (``why``):
        a reason that is a rule of its own (the ruleset's or the effect's) cites that rule."""
        return rules.skip_rules.get(why) or SKIP_RULES.get(why, "characters.as_fully_as_possible")

    def stop_refusal_rule(self, st: S) -> str:
        """The rule cited when a player tries to stop this step too early."""
        return "characters.mandatory"

    def start(self, spec: GameSpec, s: GameState, out: Out, colour: str,
              st: S) -> None:
        """Automatic part when the step starts (e.g. a recall)."""

    def has(self, spec: GameSpec, s: GameState, c: str, st: S) -> bool:
        """Is any option open?  Must equal ``bool(options(..., with_stop=False))``."""
        return bool(self.options(spec, s, c, st, with_stop=False))

    def options(self, spec: GameSpec, s: GameState, c: str, st: S, *,
                with_stop: bool) -> list[I.Intent]:
        """Every legal intent of ``c`` for this step now."""
        return []

    def why_nothing(self, spec: GameSpec, s: GameState, c: str, st: S) -> str:
        """Why no option is open (a stable reason code)."""
        return self.nothing

    def apply(self, spec: GameSpec, s: GameState, it: I.Intent, st: S,
              out: Out) -> None:
        """Turn a legal intent into events."""

    def diagnose(self, spec: GameSpec, s: GameState, it: I.Intent, st: S,
                 character: str) -> Fact | None:
        """The specific refusal of a wrong intent of one of :attr:`intents`, if any."""
        return None
