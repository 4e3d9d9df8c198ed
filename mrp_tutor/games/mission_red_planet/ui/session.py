"""The session: the one object that owns the
:class:`~mrp_tutor.games.mission_red_planet.engine.Game` behind the app.

It has no widgets, so it is tested directly.  Everything the browser sends arrives here as
untrusted data and is validated (``intent_from_dict`` / pydantic) before the engine sees it.
Undo keeps a stack of game copies.  What a viewer is shown always goes through
:func:`~mrp_tutor.games.mission_red_planet.engine.views.view_for` and
:func:`~mrp_tutor.games.mission_red_planet.engine.views.redact`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.errors import IllegalIntent, MrpError
from mrp_tutor.games.mission_red_planet.engine.events import Event, TokensProduced
from mrp_tutor.games.mission_red_planet.engine.game import Game
from mrp_tutor.games.mission_red_planet.engine.readings import choose_reading
from mrp_tutor.games.mission_red_planet.engine.secrecy import HIDDEN
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.views import controls, redact, view_for
from mrp_tutor.games.mission_red_planet.explain import Explanation, explain_error, explain_event
from mrp_tutor.games.mission_red_planet.scenarios import Scenario
from mrp_tutor.games.mission_red_planet.ui import bot, scenario_glue
from mrp_tutor.games.mission_red_planet.ui.edits import check_edit, parse_edit
from mrp_tutor.games.mission_red_planet.unknowns import NONE, Unknowns, names

DEFAULT_COLOURS = ("red", "blue", "green")
MAX_UNDO = 500


@dataclass
class StepReport:
    """One decision played (or one edit): who, what, why, and the events it caused."""

    actor: str | None
    intent: I.Intent | None
    why: str
    events: list[Event]
    secret: bool = False
    error: MrpError | None = None
    blocked: bool = False  # not played: it would have stated a fact nobody entered


@dataclass
class Session:
    """Game + undo stack + viewer; the single dispatch path for every user action."""

    spec: GameSpec
    game: Game
    viewer: str | None = None
    referee: bool = False
    scenario: Scenario | None = None
    scenario_pos: int = 0
    history: list[tuple[Game, int]] = field(default_factory=list)
    reports: list[StepReport] = field(default_factory=list)
    epoch: int = 0  # counts the games and scenarios started (a new game is a new view)

    # ----------------------------------------------------------------- construction
    @classmethod
    def new(cls, spec: GameSpec, colours: Sequence[str] = DEFAULT_COLOURS, seed: int = 1,
            *, ruleset: str = "standard", viewer: str | None = "") -> Session:
        """A new game; ``viewer=""`` means "the first colour"."""
        game = Game.new(spec, list(colours), seed, ruleset=ruleset)
        v = game.state.order[0] if viewer == "" else viewer
        return cls(spec, game, viewer=v)

    def new_game(self, colours: Sequence[str], seed: int, *, ruleset: str = "standard",
                 choices: Mapping[str, str] | None = None, spec: GameSpec | None = None) -> None:
        """Start a new game (undo history is cleared); ``choices``: setup choices the ruleset
        takes per colour (ability sheets); ``spec``: other game data (another ruleset's).

        Raises:
            MalformedIntent: bad colours, player count or choice (nothing changes).
        """
        game = Game.new(spec or self.spec, list(colours), seed, ruleset=ruleset, choices=choices)
        self.spec = game.spec
        self._reset(game, scenario=None)

    def load_scenario(self, sc: Scenario) -> None:
        """Set the position of a scenario; its steps are then played by :meth:`next`."""
        game = sc.build()
        self.spec = game.spec  # a scenario may bring its own ruleset / overrides
        self._reset(game, scenario=sc)

    def resume(self, game: Game) -> None:
        """Play on from ``game`` (a free game brought back from its record; undo cleared)."""
        self.spec = game.spec
        self._reset(game, scenario=None)

    def _reset(self, game: Game, scenario: Scenario | None) -> None:
        self.game = game
        self.epoch += 1
        self.scenario = scenario
        self.scenario_pos = 0
        self.history.clear()
        self.reports.clear()
        if self.viewer is not None and self.viewer not in game.state.seats:
            self.viewer = game.state.order[0]

    # ----------------------------------------------------------------- views
    @property
    def state(self) -> Any:
        return self.game.state

    @property
    def unknowns(self) -> Unknowns:
        """What the referee's table in play leaves unknown (nothing for a learner's or demo
        game, whose draws are part of it): the rulings rule on each possibility."""
        return self.scenario.unknowns() if self.scenario is not None else NONE

    def view(self) -> dict[str, Any]:
        """What the current viewer may see (the referee sees everything)."""
        view = view_for(self.spec, self.game.state, self.viewer, referee=self.referee)
        unknown = self.unknowns
        for z in unknown.resources:  # the loader's filler is never shown as the token
            if view["zones"][z]["resource"] is not None:
                view["zones"][z]["resource"] = HIDDEN
        for z in unknown.discoveries:  # a face-down card there, not identified
            view["zones"][z]["discovery"] = HIDDEN
        return view

    def visible(self, ev: Event) -> Event:
        """An event as the current viewer may see it."""
        return redact(ev, self.game.state, self.viewer, referee=self.referee)

    def sees_for(self, colour: str) -> bool:
        """True when the viewer may see ``colour``'s secrets."""
        return self.referee or controls(self.game.state, self.viewer, colour)

    def options(self) -> list[I.Intent]:
        """The legal decisions the viewer may take (referee: all of them)."""
        legal = self.game.legal_intents()
        if self.referee:
            return legal
        return [x for x in legal if controls(self.game.state, self.viewer, x.colour)]

    def explain(self, report: StepReport) -> list[Explanation]:
        """Sentences of a report, redacted for the viewer."""
        return [explain_event(self.spec, self.visible(e)) for e in report.events]

    def error_sentence(self, err: MrpError) -> Explanation:
        """A sentence for an error (the same one every caller of ``explain_error`` gets)."""
        return explain_error(self.spec, err)

    # ----------------------------------------------------------------- actions
    def _push(self) -> None:
        self.history.append((self.game.copy(), self.scenario_pos))
        if len(self.history) > MAX_UNDO:
            del self.history[0]

    def play(self, intent: I.Intent, why: str = "") -> StepReport:
        """Play a decision; nothing changes when it is illegal.

        Raises:
            IllegalIntent, MalformedIntent: with code, rule and facts.
        """
        err = self.game.check(intent)
        if err is not None:
            raise err
        self._push()
        kind = self.game.decision()
        events = self.game.play(intent, trusted=True)
        secret = kind is not None and kind.kind in bot.SECRET_KINDS
        rep = StepReport(intent.colour, intent, why, list(events), secret=secret)
        self.reports.append(rep)
        return rep

    def play_dict(self, data: Any) -> StepReport:
        """Play untrusted input (e.g. from the browser): bounded by the hardened loader, then
        validated with ``intent_from_dict``."""
        from mrp_tutor.core.loader import INTENT, check_tree

        check_tree(data, "intent", INTENT)
        return self.play(I.intent_from_dict(data), why="")

    def next(self) -> StepReport:
        """Play the next decision: the scenario's next step if any, else the tutor bot.

        On a referee's table, a step that would produce from a zone whose resource token
        nobody entered is undone and reported as blocked (the engine ran on the loader's
        filler: issue 36, never an invented fact).

        Raises:
            GameOver: the game has ended.
            MrpError: a scenario step that expects an error (returned in the report instead).
        """
        rep = self._next()
        unknown = self.unknowns.resources
        made = sorted({ev.zone for ev in rep.events if isinstance(ev, TokensProduced)
                       and ev.zone in unknown}, key=self.spec.zones.index)
        if not made:
            return rep
        self.back()
        return StepReport(None, None, f"Not played: {names(self.spec, made)} would produce, "
                          "and its resource token was not entered. Enter it in the Table tab "
                          "first (its production ruling rules on each token it may hold).", [],
                          blocked=True)

    def _next(self) -> StepReport:
        if self.game.over:
            raise IllegalIntent("game_over", "scoring.final", "the game is over", {})
        steps = self.scenario.steps if self.scenario is not None else []
        if self.scenario_pos < len(steps):
            step = steps[self.scenario_pos]
            note = step.note
            if step.advance:
                rep = self._advance(note or "The scenario lets the automatic part of the game "
                                    "run (nobody has a decision to make).")
                self.scenario_pos += 1
                return rep
            intent = scenario_glue.step_intent(step)
            if intent is None:  # a look at the position, no decision
                self._push()
                self.scenario_pos += 1
                rep = StepReport(None, None, note or "The scenario pauses to look at the "
                                 "position.", [])
                self.reports.append(rep)
                return rep
            note = note or "This is the scenario's next step."
            if scenario_glue.step_expected_error(step) is not None:
                err = self.game.check(intent)
                self._push()
                self.scenario_pos += 1
                rep = StepReport(intent.colour, intent, note, [], error=err)
                self.reports.append(rep)
                return rep
            rep = self.play(intent, why=note)
            self.scenario_pos += 1
            return rep
        legal = self.game.legal_intents()
        if not legal:
            return self._advance("Nobody has a decision to make: the engine runs the "
                                 "automatic part of the game.")
        intent, why = bot.choose(self.game, legal)
        return self.play(intent, why=why)

    def _advance(self, why: str) -> StepReport:
        """Run the engine's automatic part (a position entered where nobody decides)."""
        self._push()
        new = self.game.advance()
        rep = StepReport(None, None, why, new)
        self.reports.append(rep)
        return rep

    def back(self) -> bool:
        """Undo the last step (False when there is nothing to undo)."""
        if not self.history:
            return False
        self.game, self.scenario_pos = self.history.pop()
        if self.reports:
            self.reports.pop()
        return True

    def run_to_end_of_round(self, limit: int = 400) -> list[StepReport]:
        """Play :meth:`next` until the round number changes or the game ends."""
        start = (self.game.state.round, self.game.state.track_index)
        out: list[StepReport] = []
        while not self.game.over and len(out) < limit:
            out.append(self.next())
            if out[-1].blocked:
                break
            if (self.game.state.round, self.game.state.track_index) != start:
                break
        return out

    def edit(self, data: Any) -> StepReport:
        """Apply a referee edit (untrusted form data), validated against the rules.

        Raises:
            MalformedIntent, IllegalIntent: the edit is refused and nothing changes.
        """
        form = parse_edit(data)
        return self._referee_event(check_edit(self.spec, self.game.state, form),
                                   "Referee edit.")

    def choose_reading(self, key: str, other: bool) -> StepReport:
        """The referee chooses the reading of a contested question for this table (an event
        citing the reading now in force; undo takes it back).

        Raises:
            MalformedIntent, IllegalIntent: no such question in these rules; nothing changes.
        """
        return self._referee_event(choose_reading(self.spec, self.game.state, key, other),
                                   "Referee: reading chosen.")

    def _referee_event(self, ev: Event, why: str) -> StepReport:
        """Apply a checked referee event (an edit, a reading) as an undoable step."""
        self._push()
        state = self.game.state.clone()
        ev.apply(state)
        self.game = Game(self.spec, state, [*self.game.log, ev])
        rep = StepReport(None, None, why, [ev])
        self.reports.append(rep)
        return rep

    def fork(self) -> Game:
        """A copy of the current game (what-if)."""
        return self.game.copy()
