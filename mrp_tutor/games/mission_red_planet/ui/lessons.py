"""Tutorial helpers: play real situations and return their explanations (for the notebooks).

Each function returns a :class:`Walkthrough`: the sentences (with rule citations) of what
happened, the game it happened in, and a rich HTML display for Jupyter.  Notebooks call one
or two of these per cell; no rules logic lives in the notebooks.

>>> w = setup(seed=3)
>>> "setup.first_player" in w.rules()
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.engine.game import Game
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.views import view_for
from mrp_tutor.games.mission_red_planet.explain import Explanation, cite, explain_event
from mrp_tutor.games.mission_red_planet.scenarios import Scenario, library, run_scenario
from mrp_tutor.games.mission_red_planet.ui.html import e, sentences_html, text_board_html
from mrp_tutor.games.mission_red_planet.ui.readings import lesson_html
from mrp_tutor.games.mission_red_planet.ui.session import Session, StepReport

SHOWN_LINES = 25  # a walkthrough shows its last sentences; the position is shown by map()


@dataclass
class Walkthrough:
    """What happened, sentence by sentence, with the game it happened in."""

    title: str
    lines: list[Explanation]
    game: Game
    notes: list[str] = field(default_factory=list)
    viewer: str | None = None
    referee: bool = True

    def texts(self) -> list[str]:
        """The sentences without citations."""
        return [x.text for x in self.lines]

    def rules(self) -> set[str]:
        """Rule ids cited."""
        return {x.rule for x in self.lines if x.rule}

    def view(self) -> dict[str, Any]:
        """The final position as the walkthrough's viewer sees it."""
        return view_for(self.game.spec, self.game.state, self.viewer, referee=self.referee)

    def board(self) -> Board:
        """The final position as accessible HTML tables."""
        return Board(self.game.spec, self.view())

    def map(self) -> Any:
        """The final position on the app's board widget (the map of Mars with its lines)."""
        from mrp_tutor.games.mission_red_planet.ui.board import (
            BoardWidget,
            board_payload,
            zone_layout,
        )

        spec = self.game.spec
        widget = BoardWidget()
        widget.board = board_payload(spec, self.view(), zone_layout(spec),
                                     step=len(self.game.log))
        return widget

    def __str__(self) -> str:
        return "\n".join([self.title, *(f"- {x}" for x in self.lines), *self.notes])

    def __repr__(self) -> str:
        return f"Walkthrough({self.title!r}, {len(self.lines)} sentences)"

    def _repr_html_(self) -> str:
        notes = "".join(f'<div class="mrp-note">{lesson_html(self.game.spec, n)}</div>'
                        for n in self.notes)
        return f"<h4>{e(self.title)}</h4>{notes}{sentences_html(self.lines, SHOWN_LINES)}"


@dataclass
class Board:
    """HTML tables of a position (rich display)."""

    spec: GameSpec
    view_data: dict[str, Any]

    def _repr_html_(self) -> str:
        return text_board_html(self.spec, self.view_data)

    def __repr__(self) -> str:
        return f"Board(round {self.view_data['round']}, {self.view_data['stage']})"


def _spec() -> GameSpec:
    return load_spec(use_env_overrides=False)


def _lines(sess: Session, reports: Iterable[StepReport]) -> list[Explanation]:
    out: list[Explanation] = []
    for rep in reports:
        if rep.error is not None:
            out.append(sess.error_sentence(rep.error))
        out.extend(sess.explain(rep))
    return out


def setup(seed: int = 1, colours: tuple[str, ...] = ("red", "blue", "green")) -> Walkthrough:
    """Set a game up and explain every setup step."""
    sess = Session.new(_spec(), colours, seed, viewer=None)
    sess.referee = True
    lines = [explain_event(sess.spec, ev) for ev in sess.game.log]
    return Walkthrough(f"Setup with {len(colours)} players (seed {seed})", lines, sess.game)


def play_until(seed: int = 1, *, stage: str | None = None, round: int | None = None,
               colours: tuple[str, ...] = ("red", "blue", "green"),
               keep: int = 400) -> Walkthrough:
    """Let the tutor bot play from a new game until ``stage`` (and ``round``) is reached.

    Only the last ``keep`` sentences are kept.
    """
    sess = Session.new(_spec(), colours, seed, viewer=None)
    sess.referee = True
    reports = []
    for _ in range(5000):
        s = sess.game.state
        if (stage is None or s.stage == stage) and (round is None or s.round >= round):
            break
        if sess.game.over:
            break
        reports.append(sess.next())
    lines = _lines(sess, reports)[-keep:]
    where = f"{stage or 'any stage'}" + (f", round {round}" if round else "")
    return Walkthrough(f"Seed {seed}: the bot plays until {where}", lines, sess.game)


def first_round(seed: int = 1) -> Walkthrough:
    """Missions, then the whole of round 1, played by the tutor bot."""
    return play_until(seed, round=2)


def production(seed: int = 1) -> Walkthrough:
    """Play until the first production phase is over and explain that phase only."""
    w = play_until(seed, round=6, keep=10_000)
    lines = []
    inside = False
    for x in w.lines:
        if x.rule == "production.when":
            inside = True
        elif x.rule == "production.advance":
            lines.append(x)
            break
        if inside:
            lines.append(x)
    return Walkthrough(f"Seed {seed}: the first production phase", lines, w.game)


def whole_game(seed: int = 1, colours: tuple[str, ...] = ("red", "blue", "green")
               ) -> Walkthrough:
    """A whole game played by the bot; the sentences of the final scoring only."""
    w = play_until(seed, stage="over", colours=colours, keep=10_000)
    start = next((i for i, x in enumerate(w.lines) if x.rule == "scoring.final"), 0)
    tail = list(w.lines[start:])
    return Walkthrough(f"Seed {seed}: final scoring", tail, w.game)


def scenario(sid: str) -> Walkthrough:
    """Load a scenario of the library, play all its steps and explain them.

    The notes hold the lesson, and whether the engine met every expectation of the file.
    """
    sc = _library_scenario(sid)
    game = sc.build()
    sess = Session(game.spec, game, viewer=None, referee=True)
    sess.load_scenario(sc)
    reports = [sess.next() for _ in sc.steps]
    notes = [sc.lesson.strip()]
    for rep in reports:
        if rep.why and rep.intent is not None and rep.why != "This is the scenario's next step.":
            notes.append(rep.why)
    w = Walkthrough(sc.title, _lines(sess, reports), sess.game, notes)
    return w


def _library_scenario(sid: str) -> Scenario:
    """The scenario ``sid`` of the library (ContentError when the library is broken)."""
    lib = library()
    sc = next((x for x in lib if x.id == sid), None)
    if sc is None:
        raise KeyError(f"no scenario {sid!r}; known: {[x.id for x in lib]}")
    return sc


def scenario_checks(sid: str) -> bool:
    """True when the engine produces everything the scenario file expects."""
    return run_scenario(_library_scenario(sid)).ok


def quiz(sid: str) -> Quiz:
    """The quiz of a scenario, with its answer and the rules it shows."""
    sc = _library_scenario(sid)
    q = sc.quiz
    if q is None:
        raise KeyError(f"scenario {sid!r} has no quiz")
    spec = sc.spec()
    return Quiz(q.question, list(q.choices), q.choices[q.answer], q.explanation,
                [c for c in (cite(spec, r) for r in sc.rules) if c is not None])


@dataclass
class Quiz:
    """A question, its choices, and (on request) the answer with citations."""

    question: str
    choices: list[str]
    answer: Any
    explanation: str
    citations: list[Any]

    def check(self, prediction: str) -> str:
        """A sentence saying whether ``prediction`` is right, and why (nothing is told
        before a prediction is made)."""
        if not str(prediction or "").strip():
            return (f"Write your prediction first (one of: {', '.join(self.choices)}); the "
                    "answer stays hidden until then.")
        ok = str(prediction).strip().lower() == str(self.answer).strip().lower()
        cites = "; ".join(c.short() for c in self.citations)
        return (f"{'Right' if ok else 'Not quite'}: {self.answer}. {self.explanation}"
                + (f" ({cites})" if cites else ""))

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{e(c)}</li>" for c in self.choices)
        return f"<p><b>{e(self.question)}</b></p><ol type='a'>{items}</ol>"


def characters() -> Any:
    """The nine characters, highest number first, with their data status (a DataFrame)."""
    import pandas as pd

    spec = _spec()
    rows = [{"number": ch.number, "character": ch.name, "effect (paraphrase)": ch.text,
             "rule": ch.rule, "verified": ch.verified} for ch in
            (spec.characters[c] for c in spec.countdown)]
    return pd.DataFrame(rows)


def rule(rule_id: str) -> str:
    """The paraphrase of a rule with its rulebook section."""
    c = cite(_spec(), rule_id)
    return c.full() if c is not None else rule_id


def majorities(w: Walkthrough) -> Any:
    """Majority table (a DataFrame) of a walkthrough's final position."""
    from mrp_tutor.games.mission_red_planet import tables

    return tables.majorities(w.view(), w.game.spec)


def scores(w: Walkthrough) -> Any:
    """Final score breakdown (a DataFrame) of a walkthrough's game."""
    from mrp_tutor.games.mission_red_planet import tables

    return tables.score_breakdown(w.view())

