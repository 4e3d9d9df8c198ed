"""Taking a seat: the learner plays one colour, the tutor bot plays every other one.

Pure functions over a :class:`~.session.Session` (no widgets, tested directly).  The seat is a
colour that is also the session's viewer, so the learner sees only that colour's secrets (in
the two-player variant also its neutral colour, which that player decides for).  Bots decide
on the server with :func:`.bot.choose`; what reaches the page is only the redacted reports.

Clicking the board narrows the learner's legal options: each click adds a zone, ship or
astronaut colour to the *picks*, and an option matches when the ids it names contain the picks
in order (so clicking Hellas then Ausonia means "from Hellas to Ausonia").
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Sequence
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.views import controls
from mrp_tutor.games.mission_red_planet.explain.options import intent_ids
from mrp_tutor.games.mission_red_planet.ui import bot
from mrp_tutor.games.mission_red_planet.ui.session import Session, StepReport

YOUR_CHOICE = "Your choice."
BOT_LIMIT = 3000  # decisions the bots may play in one go (a whole game is ~300-600)


def is_mine(sess: Session, seat: str, colour: str | None) -> bool:
    """True when the seated learner decides for ``colour``."""
    return colour is not None and controls(sess.state, seat, colour)


def my_options(sess: Session, seat: str) -> list[I.Intent]:
    """The learner's legal options now (empty while only bots decide)."""
    return [x for x in sess.game.legal_intents() if is_mine(sess, seat, x.colour)]


#: the bot levels a learner may seat against: the tutor bot (explains each move) and the
#: engine's levels (``engine.bots.LEVELS``)
LEVEL_NAMES: dict[str, str] = {
    "tutor": "Tutor (explains its moves)", "easy": "Easy (random)",
    "medium": "Medium (greedy)", "hard": "Hard (searches, up to a second a move)"}
#: the hard level in the browser's Python (the static demo, Pyodide: the plain-Python engine):
#: measured by benchmarks/browser_engine.py (docs/static-site.md), the first 12 decisions of a
#: 3-player game of hard bots took 1.0-6.8 s, median 3.0 s, on a busy 2-core machine
BROWSER_HARD = "Hard (searches, 1–7 s a move here)"  # short: a phone shows ~35 characters


def level_names(browser: bool | None = None) -> dict[str, str]:
    """:data:`LEVEL_NAMES`, with the hard level's measured time where the app runs in the
    browser (``browser``; default: whether this Python is the browser's, Pyodide)."""
    import sys

    if browser is None:
        browser = sys.platform == "emscripten"
    return {**LEVEL_NAMES, "hard": BROWSER_HARD} if browser else dict(LEVEL_NAMES)


_LEVEL_WHY = {
    "easy": "The easy bot picks one of its options at random.",
    "medium": "The medium bot picks the option its one-step estimate of the board rates best.",
    "hard": "The hard bot played out many games that could follow from what it sees and "
            "picked the option it tried most.",
}
#: the hard bot's reason when it had a single option (it searched nothing)
SINGLE_WHY = "The hard bot had a single option here."
Chooser = Callable[[Any, list[I.Intent]], tuple[I.Intent, str]]


def level_bot(level: str, seed: int) -> Chooser:
    """The bots' decisions at ``level`` (a key of :data:`LEVEL_NAMES`), seeded by ``seed``:
    ``(game, their options) -> (intent, reason)``.

    Raises:
        KeyError: unknown level.
    """
    if level == "tutor":
        return bot.choose
    from mrp_tutor.games.mission_red_planet.engine.bots import BOTS, LEVELS

    why = _LEVEL_WHY[level]
    if level == "hard":  # seeded from each decision's view: public data, not the game's seed
        return SearchLevel()
    rng = random.Random(f"seat:{seed}:{level}")
    engine_bot = BOTS[LEVELS[level]](rng)

    def choose(game: Any, theirs: list[I.Intent]) -> tuple[I.Intent, str]:
        return engine_bot(game, theirs), why

    return choose


Think = Callable[[Callable[[], bool]], tuple[I.Intent, str]]


class SearchLevel:
    """The hard level: the search bot
    (:func:`~mrp_tutor.games.mission_red_planet.engine.search.search`) from the view of
    the colour deciding, with the engine's hard-level budget
    (:func:`~mrp_tutor.games.mission_red_planet.engine.bots.hard_iterations`, stopped once the
    choice is settled: the
    same level as :func:`~mrp_tutor.games.mission_red_planet.engine.bots.hard_bot` and
    ``benchmarks/bots.py``).
    :meth:`prepare` takes that view on the caller's thread and returns the thinking, which
    may run in another thread (it reads only the view) and can be told to decide early;
    calling the level decides at once.  Its generator is seeded from the view and options
    (:func:`~mrp_tutor.games.mission_red_planet.engine.search.view_rng`), never from the
    game's secret seed: the same position as the colour sees it gets the same move."""

    @staticmethod
    def iterations(options: int, players: int = 4) -> int:
        """The engine's :func:`~mrp_tutor.games.mission_red_planet.engine.bots.hard_iterations`."""
        from mrp_tutor.games.mission_red_planet.engine.bots import hard_iterations

        return hard_iterations(options, players)

    def prepare(self, game: Any, theirs: Sequence[I.Intent]) -> Think | None:
        """The thinking of the colour deciding first among ``theirs`` (``stop() -> bool`` ends
        it early with the best option found so far); None when it has a single option."""
        from mrp_tutor.games.mission_red_planet.engine.search import view_rng
        from mrp_tutor.games.mission_red_planet.engine.views import view_for

        colour = theirs[0].colour
        options = [x for x in theirs if x.colour == colour]
        if len(options) == 1:
            return None
        spec = game.spec
        view = view_for(spec, game.state, game.state.seats[colour].controller)  # its view only
        rng = view_rng(view, options, "hard")  # public data: the same position, the same move
        budget = self.iterations(len(options), len(game.state.order))

        return _Thinking(spec, view, options, rng, budget)

    def __call__(self, game: Any, theirs: list[I.Intent]) -> tuple[I.Intent, str]:
        think = self.prepare(game, theirs)
        if think is None:  # nothing to search: no game played out, nothing "did best"
            return theirs[0], SINGLE_WHY
        return think(lambda: False)


class _Thinking:
    """The hard level's thinking about one decision: called with ``stop``, all at once (a
    thread); :meth:`steps` the same work in slices of ``pause`` seconds (no threads: the
    browser), with the same move."""

    def __init__(self, spec: Any, view: dict[str, Any], options: list[I.Intent],
                 rng: random.Random, budget: int) -> None:
        self.spec, self.view, self.options, self.rng, self.budget = (spec, view, options, rng,
                                                                     budget)

    def __call__(self, stop: Callable[[], bool]) -> tuple[I.Intent, str]:
        from mrp_tutor.games.mission_red_planet.engine.search import finish

        return finish(self.steps(stop))

    def steps(self, stop: Callable[[], bool], pause: float | None = None
              ) -> Generator[int, None, tuple[I.Intent, str]]:
        from mrp_tutor.games.mission_red_planet.engine.search import search_steps

        res = yield from search_steps(self.spec, self.view, self.options, self.rng,
                                      iterations=self.budget, seconds=None, stop=stop,
                                      settle=True, pause=pause)
        early = (" Asked to decide at once, it took the best option found so far."
                 if res.iterations < self.budget and not res.settled else "")
        return res.choice, _LEVEL_WHY["hard"] + early + hard_why(self.spec, self.view, res)


def hard_why(spec: Any, view: dict[str, Any], res: Any) -> str:
    """What the hard bot's move does (the coach's reason, true of the position from its
    view: for a character choice, what the card did in the games won after it, as a hint
    says it) and the share of its played-out games won after it."""
    from mrp_tutor.games.mission_red_planet.explain.coach import option_reason
    from mrp_tutor.games.mission_red_planet.explain.reasons import told_of

    stat = next((o for o in res.options if o.intent == res.choice), None)
    won = (f" It won {stat.wins:.0%} of the {stat.visits:,} games it played out after this "
           "move" if stat is not None and stat.visits else "")
    if won:  # the search's choice is the option it tried most, not always the best share
        best = stat is not None and all(o.wins <= stat.wins for o in res.options)
        won += (", the largest share of any option." if best else
                ", a little less than another option it tried less.")
    r = option_reason(spec, view, res.choice)
    # the learner reads it: the coach's "you" is the bot's colour here
    return won + ("" if r is None else f" {told_of(r.text, res.choice.colour)}")


def bots_play(sess: Session, seat: str, limit: int = BOT_LIMIT,
              choose: Chooser | None = None) -> list[StepReport]:
    """Let the bots play every colour but the learner's until the learner must decide or the
    game ends.  Each bot decision is a report with the bot's reason (redacted when secret);
    ``choose``: the bots' level (:func:`level_bot`; default the tutor bot)."""
    decide = choose or bot.choose
    out: list[StepReport] = []
    while not sess.game.over and len(out) < limit:
        legal = sess.game.legal_intents()
        if not legal:  # nobody decides: production, reveals, scoring
            out.append(sess.next())
            continue
        theirs = [x for x in legal if not is_mine(sess, seat, x.colour)]
        if not theirs:
            break  # waiting for the learner
        intent, why = decide(sess.game, theirs)
        out.append(sess.play(intent, why=why))
    return out


def back_to_my_turn(sess: Session, seat: str) -> int:
    """Undo the bots' moves and the learner's last decision; return the steps undone."""
    undone = 0
    while sess.history:
        last = sess.reports[-1] if sess.reports else None
        sess.back()
        undone += 1
        if last is not None and last.intent is not None and last.why == YOUR_CHOICE:
            break
    return undone


def matches(x: I.Intent, picks: Sequence[str]) -> bool:
    """True when the ids ``x`` names contain ``picks`` in this order."""
    ids = iter(intent_ids(x))
    return all(any(p == i for i in ids) for p in picks)


def narrow(options: Sequence[I.Intent], picks: Sequence[str]) -> list[I.Intent]:
    """The options matching every pick."""
    return [x for x in options if matches(x, picks)]


def add_pick(options: Sequence[I.Intent], picks: Sequence[str],
             new: Sequence[str]) -> tuple[list[str], list[I.Intent]]:
    """Add one click (``new``: a place id, perhaps with an astronaut colour) to the picks.

    When no option matches the longer list, the click starts a new pick list instead
    (clicking somewhere else means "I changed my mind").
    """
    longer = [*picks, *new]
    found = narrow(options, longer)
    if found or not picks:
        return longer, found
    fresh = list(new)
    return fresh, narrow(options, fresh)


def targets(spec: Any, options: Sequence[I.Intent], picks: Sequence[str]) -> dict[str, Any]:
    """Zones and ships where a click can still narrow the learner's options."""
    zones: list[str] = []
    ships: list[str] = []
    for x in narrow(options, picks):
        nxt = next_place(spec, x, picks)  # only the next place to click: "board a ship"
        if nxt is None:                   # lights ships, not the zones of their tokens
            continue
        if nxt in spec.zone_info and nxt not in zones:
            zones.append(nxt)
        elif nxt in spec.ships and nxt not in ships:
            ships.append(nxt)
    return {"zones": zones, "ships": ships, "picked": list(picks)}


def next_place(spec: Any, x: I.Intent, picks: Sequence[str]) -> str | None:
    """The first zone or ship ``x`` names after the ones matched by ``picks`` (in order)."""
    ids = intent_ids(x)
    at = 0
    for p in picks:
        while at < len(ids) and ids[at] != p:
            at += 1
        at += 1
    for i in ids[at:]:
        if i in spec.zone_info or i in spec.ships:
            return i
    return None
