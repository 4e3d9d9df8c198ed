"""Computer players: a random bot, a greedy one and the search bot (:mod:`.search`).

A bot is a function ``(game, legal) -> intent`` that picks one of the legal intents (the
signature :func:`~.game.play_out` expects).  Bots are pure: they read the game and never
change it; their only randomness comes from the ``random.Random`` they are given, so a
seeded bot makes a seeded game.

The greedy bot scores each legal intent with a cheap one-step heuristic (no look-ahead):
how much it improves its colour's projected majority in the zone the intent affects, weighted
by the value of that zone's resource and waiting point tokens; a character by what it could do
in the position now (:mod:`.appeal`).

The levels a learner picks when seating a bot (:data:`LEVELS`): easy (random), medium
(greedy), hard (search with a time budget, :func:`hard_bot`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from . import intents as I
from .ability_bot import score_ability
from .appeal import character_values, fixed_appeal
from .game import Game, destination, play_out
from .search import SearchResult, search_bot
from .spec import UNKNOWN, GameSpec
from .state import GameState

Bot = Callable[[Game, Sequence[I.Intent]], I.Intent]

UNKNOWN_RESOURCE_VALUE = 1.6  # expected value of a face-down resource token (5 ice, 3+3)


def random_bot(rng: random.Random) -> Bot:
    """A bot that picks uniformly among the legal intents."""

    def choose(game: Game, legal: Sequence[I.Intent]) -> I.Intent:
        if isinstance(legal[0], I.PlayAction):
            return legal[0]  # bots play every action card at its moment
        pick = legal[int(rng.random() * len(legal))]
        if isinstance(pick, I.UseAbility) and rng.random() < 0.6:  # (a leaf class)
            # an ability only sometimes: uniform picks would spend every token at once
            plain = [x for x in legal if type(x) is not I.UseAbility]
            if plain:
                pick = plain[int(rng.random() * len(plain))]
        return pick

    return choose


def greedy_bot(rng: random.Random, *, by_position: bool = True) -> Bot:
    """A bot that picks the legal intent with the best one-step heuristic score.

    It decides for the colour of the first legal intent (when several colours choose at once,
    each one in turn); a character is worth what it could do in the position now
    (:func:`.appeal.character_values`), so the picks follow the board.

    ``by_position=False`` is the greedy bot as it was before it looked at the board for its
    characters: a fixed table (:func:`.appeal.fixed_appeal`), and the best choice among every
    colour choosing at once.  Every such bot picks the same card; kept only so that a seeded
    game told in a tutorial (lesson 10) stays the game its text tells.
    """

    def choose(game: Game, legal: Sequence[I.Intent]) -> I.Intent:
        if len(legal) == 1 or isinstance(legal[0], I.PlayAction):
            return legal[0]  # (bots play every action card at its moment)
        spec, s = game.spec, game.state
        colour = legal[0].colour
        if legal[-1].colour != colour and by_position:  # several colours choose: this one now
            legal = [x for x in legal if x.colour == colour]
        best: I.Intent = legal[0]
        best_score = float("-inf")
        seat = s.seats.get(colour)
        wts = neutral_weights(spec, s, colour) if seat and seat.neutral else None
        values = None
        if by_position and (type(legal[0]) is I.ChooseCharacter
                            or type(legal[-1]) is I.ChooseCharacter):
            hand = [x.character for x in legal if type(x) is I.ChooseCharacter]
            values = character_values(spec, s, colour, hand)
        for intent in legal:
            if values is not None and type(intent) is I.ChooseCharacter:
                base = values[intent.character]
            elif not by_position and type(intent) is I.ChooseCharacter and wts is None:
                base = fixed_appeal(s, intent.colour, intent.character)
            elif wts is None:
                base = score_intent(spec, s, intent)
            else:
                base = score_for_controller(spec, s, intent, wts)
            score = base + rng.random() * 0.05
            if score > best_score:
                best, best_score = intent, score
        return best

    return choose


# ------------------------------------------------------------------------------ heuristic


def zone_value(spec: GameSpec, s: GameState, zone: str) -> float:
    """Points a zone is expected to be worth to whoever holds its majority."""
    if zone not in s.zones:
        return 0.0
    res = s.resources.get(zone)
    per = float(spec.point_values[res]) if (res and s.face_up.get(zone)) else (
        UNKNOWN_RESOURCE_VALUE)
    waiting = sum(spec.point_values[r] * n for r, n in s.waiting[zone].items())
    return per * 2.0 + waiting


def _standing(counts: dict[str, int], me: str, mine: int) -> float:
    best_other = max((n for c, n in counts.items() if c != me), default=0)
    if mine <= 0:
        return 0.0
    if mine > best_other:
        return 1.0
    return 0.5 if mine == best_other else 0.1


def majority_gain(s: GameState, zone: str, me: str, delta: int) -> float:
    """Change of ``me``'s standing in ``zone`` (0 nothing, 0.5 tie, 1 sole majority)."""
    counts = s.zones.get(zone)
    if counts is None:
        return 0.0
    mine = counts.get(me, 0)
    return _standing(counts, me, mine + delta) - _standing(counts, me, mine)


def _board_target(spec: GameSpec, s: GameState, it: I.Board) -> str | None:
    if it.token is not None:
        return it.token
    dest = destination(spec, s, it.ship)
    return None if dest == UNKNOWN else dest


def score_intent(spec: GameSpec, s: GameState, it: I.Intent) -> float:
    """Cheap heuristic value of ``it`` for the colour that makes it (higher is better)."""
    me = it.colour
    if isinstance(it, I.RulesetIntent):  # ability sheets: worth their price?
        return score_ability(spec, s, it)
    if isinstance(it, I.Board):
        zone = _board_target(spec, s, it)
        if zone is None:
            return 0.0
        aboard = s.ships[it.ship].crew.get(me, 0)
        near = 1.0 / max(1, spec.cap[it.ship] - s.ships[it.ship].aboard())
        return (majority_gain(s, zone, me, aboard + it.count) * zone_value(spec, s, zone)
                + 0.2 * it.count + 0.3 * near)
    if isinstance(it, I.Move):
        return (majority_gain(s, it.to_zone, me, 1) * zone_value(spec, s, it.to_zone)
                + majority_gain(s, it.from_zone, me, -1) * zone_value(spec, s, it.from_zone))
    if isinstance(it, I.Drop):
        return 0.5 + majority_gain(s, it.to_zone, me, 1) * zone_value(spec, s, it.to_zone)
    if isinstance(it, I.Kill | I.Replace):
        place = it.zone if isinstance(it, I.Kill) else it.place
        if it.victim == me:
            return -1.0
        if place in s.zones:
            counts = s.zones[place]
            top = max(counts.values(), default=0)
            lead = 1.0 if counts.get(it.victim, 0) == top else 0.3
            bonus = majority_gain(s, place, me, 1) if isinstance(it, I.Replace) else 0.0
            return lead * zone_value(spec, s, place) * 0.5 + bonus * zone_value(spec, s, place)
        return 0.5  # on a ship
    if isinstance(it, I.PlaceToken):
        crew = s.ships[it.ship].crew
        mine = crew.get(me, 0)
        others = sum(crew.values()) - mine
        now = destination(spec, s, it.ship)
        gain = (majority_gain(s, it.zone, me, mine) * zone_value(spec, s, it.zone)
                - (majority_gain(s, now, me, mine) * zone_value(spec, s, now)
                   if now != UNKNOWN else 0.0))
        return gain + 0.1 * (mine - others)
    if isinstance(it, I.Launch):
        crew = s.ships[it.ship].crew
        return crew.get(me, 0) - 0.5 * (sum(crew.values()) - crew.get(me, 0))
    if isinstance(it, I.Destroy):
        crew = s.ships[it.ship].crew
        return (sum(crew.values()) - crew.get(me, 0)) - 2.0 * crew.get(me, 0)
    if isinstance(it, I.ChooseCharacter):
        return character_values(spec, s, me, [it.character])[it.character]
    if isinstance(it, I.Rescue):
        return 1.0 + majority_gain(s, it.zone, me, 1) * zone_value(spec, s, it.zone)
    if isinstance(it, I.Stop):
        return 0.05
    return 0.5  # keep mission, draw, peek, assign discovery: no preference


# ------------------------------------------------------------------ neutral colours (2 players)
# A neutral colour's decisions are its controller's (two_player.neutral_decisions), and a
# neutral colour on top makes both players lose (two_player.winning).  So the greedy bot scores
# a neutral's options from the controller's point of view: what helps his main colour or hurts
# the opponent's is good; the neutral's own gains count a little while it trails its main
# colour, and against him once it gets close (it must not end on top).

NEUTRAL_MARGIN = 8.0  # projected points: nearer than this to its controller, a neutral is held back


def projected_points(spec: GameSpec, s: GameState, colour: str) -> float:
    """Point tokens held plus the expected worth of the zones ``colour`` currently leads."""
    pts = float(sum(spec.point_values[r] * n for r, n in s.seats[colour].tokens.items()))
    for zone, counts in s.zones.items():
        mine = counts.get(colour, 0)
        if mine:
            pts += _standing(counts, colour, mine) * zone_value(spec, s, zone)
    return pts


def neutral_weights(spec: GameSpec, s: GameState, neutral: str) -> dict[str, float]:
    """How much each colour's gain is worth to the player controlling ``neutral``."""
    me = s.seats[neutral].controller
    wts = {c: 0.0 for c in s.seats}
    for c, seat in s.seats.items():
        if not seat.neutral and c != me:
            wts[c] = -1.0  # the opponent's main colour
    wts[me] = 1.0
    close = projected_points(spec, s, neutral) + NEUTRAL_MARGIN >= projected_points(spec, s, me)
    wts[neutral] = -1.0 if close else 0.2
    return wts


def _zone_shift(s: GameState, zone: str, mover: str, delta: int, wts: dict[str, float]) -> float:
    """Weighted change of every colour's standing in ``zone`` when ``mover`` gains ``delta``."""
    counts = s.zones.get(zone)
    if counts is None or not delta:
        return 0.0
    after = dict(counts)
    after[mover] = after.get(mover, 0) + delta
    return sum(w * (_standing(after, c, after.get(c, 0)) - _standing(counts, c, counts.get(c, 0)))
               for c, w in wts.items() if w)


def score_for_controller(
    spec: GameSpec, s: GameState, it: I.Intent, wts: dict[str, float]
) -> float:
    """Heuristic value of a neutral colour's ``it`` for its controller (weights: see above)."""
    me = it.colour
    if isinstance(it, I.Board):
        zone = _board_target(spec, s, it)
        if zone is None:
            return 0.0
        aboard = s.ships[it.ship].crew.get(me, 0)
        return _zone_shift(s, zone, me, aboard + it.count, wts) * zone_value(spec, s, zone)
    if isinstance(it, I.Move):
        return (_zone_shift(s, it.to_zone, me, 1, wts) * zone_value(spec, s, it.to_zone)
                + _zone_shift(s, it.from_zone, me, -1, wts) * zone_value(spec, s, it.from_zone))
    if isinstance(it, I.Drop):
        return _zone_shift(s, it.to_zone, me, 1, wts) * zone_value(spec, s, it.to_zone)
    if isinstance(it, I.Kill | I.Replace):
        place = it.zone if isinstance(it, I.Kill) else it.place
        value = -wts.get(it.victim, 0.0)  # a dead astronaut of a colour that helps us is a loss
        if place in s.zones:
            worth = zone_value(spec, s, place)
            value = value * 0.5 + _zone_shift(s, place, it.victim, -1, wts) * worth
            if isinstance(it, I.Replace):
                value += _zone_shift(s, place, me, 1, wts) * worth
        return value
    if isinstance(it, I.PlaceToken):
        now = destination(spec, s, it.ship)
        value = 0.0
        for c, n in s.ships[it.ship].crew.items():
            value += _zone_shift(s, it.zone, c, n, wts) * zone_value(spec, s, it.zone)
            if now != UNKNOWN:
                value -= _zone_shift(s, now, c, n, wts) * zone_value(spec, s, now)
        return value
    if isinstance(it, I.Launch):
        return 0.5 * sum(wts.get(c, 0.0) * n for c, n in s.ships[it.ship].crew.items())
    if isinstance(it, I.Destroy):
        return -sum(wts.get(c, 0.0) * n for c, n in s.ships[it.ship].crew.items())
    if isinstance(it, I.Stop):
        return 0.05
    return 0.5  # draw, peek, assign discovery: no preference


#: iterations per decision of the search bot in simulations: an iteration budget (not a time
#: budget), so a seeded game replays exactly on any machine (about 0.2 s per decision compiled)
SEARCH_ITERATIONS = 300
#: the hard level's time budget per decision (one core), for a decision with many options
HARD_SECONDS = 1.0


def search_bot_for_simulation(rng: random.Random) -> Bot:
    """The search bot with :data:`SEARCH_ITERATIONS` iterations per decision."""
    bot: Bot = search_bot(rng, iterations=SEARCH_ITERATIONS)
    return bot


def hard_bot(rng: random.Random, seconds: float | None = None,
             log: list[SearchResult] | None = None) -> Bot:
    """The hard level: the search bot with a time budget per decision, less when there are few
    options (a quarter with two, the whole from six on); a single option is played at once.
    ``seconds``: the budget of a decision with many options (default :data:`HARD_SECONDS`);
    ``log`` (if given) receives each search's result."""
    whole = HARD_SECONDS if seconds is None else seconds

    def budget(options: int) -> float:
        return whole * min(1.0, 0.25 + 0.1875 * max(0, options - 2))

    bot: Bot = search_bot(rng, iterations=None, seconds=whole, budget=budget, log=log)
    return bot


BOTS: dict[str, Callable[[random.Random], Bot]] = {
    "random": random_bot, "greedy": greedy_bot, "search": search_bot_for_simulation}
#: the levels a learner picks when seating a bot -> the bot kind (hard: :func:`hard_bot`)
LEVELS: dict[str, str] = {"easy": "random", "medium": "greedy", "hard": "search"}


def bot_game(
    spec: GameSpec, colours: Sequence[str], seed: int, *, bot: str = "random",
    ruleset: str = "standard",
    on_step: Callable[[Game], None] | None = None, choices: Mapping[str, str] | None = None,
    variant: str | None = None,
) -> Game:
    """Play a whole seeded game with one bot kind deciding for every colour.

    The game's seed and the bots' random generator are both derived from ``seed``, so the
    same arguments always give the same event log.  ``on_step`` (if given) is called with the
    game before every decision and once at the end (for invariant checks).  ``variant``: the
    older name of ``ruleset``, still accepted (not for new code).

    Raises:
        KeyError: unknown bot name.
    """
    make = BOTS[bot]
    game = Game.new(spec, colours, seed, ruleset=variant or ruleset, choices=choices)
    return play_out(game, make(random.Random(f"bot:{seed}")), on_step=on_step)
