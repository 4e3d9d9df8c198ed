"""One row per finished game: the columns of the results table and the code that fills them.

Pure Python (no pandas, no Dask): this is what each worker runs.  A chunk of seeds is played
with :func:`play_chunk` and comes back as a list of tuples in :data:`columns` order (tuples
pickle far smaller than dicts with some 300 repeated keys).

Every game depends on its own seed alone (game seed and bot generators are derived from it,
see :func:`mrp_tutor.games.mission_red_planet.engine.bots.bot_game`), so a row never depends on
which worker played it
or which other games shared its chunk.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import Game, GameSpec, play_out
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.bots import BOTS, Bot
from mrp_tutor.games.mission_red_planet.engine.rulesets import ruleset_for_players

COLOURS_NEEDED = {2: 4}  # the 2-player variant plays four colours (two main, two neutral)
RESOURCES = ("ice", "sylvanite", "celerium")
BREAKDOWN = ("missions", "ice_monopoly", "tokens", "discoveries")


def colours_for(spec: GameSpec, players: int) -> list[str]:
    """The colours at the table for ``players`` players (four for the 2-player variant)."""
    return list(spec.colours[: COLOURS_NEEDED.get(players, players)])


@cache
def _columns(all_colours: tuple[str, ...], zones: tuple[str, ...], rounds: int) -> tuple[str, ...]:
    cols = ["seed", "ruleset", "players", "colours", "bots", "first", "winners", "losers_all",
            "events"]
    for z in zones:
        cols += [f"produced_{z}", f"awarded_{z}"]
    for c in all_colours:
        cols += [f"{c}_bot", f"{c}_seat", f"{c}_neutral", f"{c}_won", f"{c}_score"]
        cols += [f"{c}_pts_{b}" for b in BREAKDOWN]
        cols += [f"{c}_{r}" for r in RESOURCES]
        cols += [f"{c}_at_{p}" for p in ("supply", *zones, "ships", "memorial")]
        cols += [f"{c}_r{n}" for n in range(1, rounds + 1)]
        cols += [f"{c}_missions_kept", f"{c}_missions_completed", f"{c}_missions",
                 f"{c}_missions_done"]
        # ability sheets (rulesets with abilities; None/0 in the others)
        cols += [f"{c}_sheet", f"{c}_ability_uses", f"{c}_ability_tokens"]
    return tuple(cols)


def columns(spec: GameSpec) -> tuple[str, ...]:
    """Column names of the results table for games of ``spec`` (every colour, any count)."""
    return _columns(tuple(spec.colours), tuple(spec.zones), spec.content.game.rounds)


def mixed_bot(rngs: dict[str, random.Random], kinds: dict[str, str]) -> Bot:
    """A bot that lets each colour's own bot kind decide for it."""
    bots = {c: BOTS[kinds[c]](rngs[c]) for c in kinds}

    def choose(game: Game, legal: Sequence[Any]) -> Any:
        return bots[legal[0].colour](game, legal)

    return choose


def play_game(spec: GameSpec, players: int, seed: int, bots: Sequence[str],
              ruleset: str | None = None) -> Game:
    """Play one seeded game; ``bots`` names the bot of each colour in table order.

    With one bot kind for every colour this is exactly :func:`bot_game` (same event log), so
    the rows match the old ``simulate`` output seed for seed.
    """
    colours = colours_for(spec, players)
    game = Game.new(spec, colours, seed,
                    ruleset=ruleset or ruleset_for_players(players).name)
    if len(set(bots)) == 1:
        return play_out(game, BOTS[bots[0]](random.Random(f"bot:{seed}")))
    kinds = dict(zip(colours, bots, strict=True))
    rngs = {c: random.Random(f"bot:{seed}:{c}") for c in colours}
    return play_out(game, mixed_bot(rngs, kinds))


def game_row(spec: GameSpec, game: Game, seed: int, players: int,
             bots: Sequence[str]) -> tuple[Any, ...]:
    """The table row of one finished game, in :func:`columns` order."""
    s = game.state
    result = s.result
    assert result is not None, "game_row needs a finished game"
    zones = spec.zones
    rounds = spec.content.game.rounds
    row: dict[str, Any] = {
        "seed": seed, "ruleset": s.ruleset, "players": players,
        "colours": len(s.order), "bots": ",".join(bots), "winners": ",".join(result.winners),
        "losers_all": result.losers_all, "events": len(game.log),
    }
    produced = dict.fromkeys(zones, 0)
    awarded = dict.fromkeys(zones, 0)
    played: dict[str, list[str | None]] = {c: [None] * rounds for c in s.order}
    kept: dict[str, list[str]] = {c: [] for c in s.order}
    done: dict[str, list[str]] = {c: [] for c in s.order}
    uses = dict.fromkeys(s.order, 0)  # abilities declared (each use, paid in full)
    spent = dict.fromkeys(s.order, 0)  # point tokens paid for them
    pv = spec.point_values
    rnd, first = 0, ""
    for ev in game.log:
        if isinstance(ev, E.CharacterRevealed):
            if 1 <= rnd <= rounds:
                played[ev.colour][rnd - 1] = ev.character
        elif isinstance(ev, E.TokensProduced):
            produced[ev.zone] += pv[ev.resource] * ev.count
        elif isinstance(ev, E.TokensAwarded):
            awarded[ev.zone] += pv[ev.resource] * ev.count
        elif isinstance(ev, E.TrackAdvanced):
            if ev.kind == "round":
                rnd = ev.number
        elif isinstance(ev, E.FirstPlayerSet):
            first = first or ev.colour
        elif isinstance(ev, E.MissionScored):
            kept[ev.colour].append(ev.card)
            if ev.completed:
                done[ev.colour].append(ev.card)
        elif isinstance(ev, E.AbilityDeclared):
            uses[ev.colour] += 1
        elif isinstance(ev, E.TokensSpent):
            spent[ev.colour] += ev.count
    row["first"] = first
    for z in zones:
        row[f"produced_{z}"] = produced[z]
        row[f"awarded_{z}"] = awarded[z]
    n = len(s.order)
    start = s.order.index(first) if first in s.order else 0
    for i, c in enumerate(s.order):
        seat = s.seats[c]
        row[f"{c}_bot"] = bots[i]
        row[f"{c}_seat"] = (i - start) % n + 1  # 1 = first player of round 1, then clockwise
        row[f"{c}_neutral"] = seat.neutral
        row[f"{c}_won"] = c in result.winners
        row[f"{c}_score"] = result.scores[c]
        for b in BREAKDOWN:
            row[f"{c}_pts_{b}"] = result.breakdown[c].get(b, 0)
        for r in RESOURCES:
            row[f"{c}_{r}"] = seat.tokens.get(r, 0)
        row[f"{c}_at_supply"] = seat.supply
        for z in zones:
            row[f"{c}_at_{z}"] = s.zones[z].get(c, 0)
        row[f"{c}_at_ships"] = sum(ship.crew.get(c, 0) for ship in s.ships.values())
        row[f"{c}_at_memorial"] = s.memorial.get(c, 0)
        for k, ch in enumerate(played[c], start=1):
            row[f"{c}_r{k}"] = ch
        row[f"{c}_missions_kept"] = len(kept[c])
        row[f"{c}_missions_completed"] = len(done[c])
        row[f"{c}_missions"] = ",".join(kept[c])
        row[f"{c}_missions_done"] = ",".join(done[c])
        row[f"{c}_sheet"] = seat.sheet
        row[f"{c}_ability_uses"] = uses[c]
        row[f"{c}_ability_tokens"] = spent[c]
    return tuple(row.get(col) for col in columns(spec))


def characters_by_round(log: Sequence[E.Event]) -> dict[int, set[str]]:
    """The character cards revealed in each round of a game's log (round number: cards)."""
    picks: dict[int, set[str]] = {}
    rnd = 0
    for ev in log:
        if isinstance(ev, E.TrackAdvanced) and ev.kind == "round":
            rnd = ev.number
        elif isinstance(ev, E.CharacterRevealed):
            picks.setdefault(rnd, set()).add(ev.character)
    return picks


def json_record(game: Game, seed: int, players: int) -> dict[str, Any]:
    """The record of one game in the ``simulate --json`` format (kept as it always was)."""
    s = game.state
    result = s.result
    assert result is not None
    return {
        "seed": seed,
        "players": players,
        "scores": {c: result.scores[c] for c in s.order},
        "winners": list(result.winners),
        "tokens": {c: {r: s.seats[c].tokens[r] for r in RESOURCES} for c in s.order},
        "astronauts": {c: s.astronaut_places(c) for c in s.order},
        "events": len(game.log),
    }


def play_chunk(spec: GameSpec, players: int, seeds: Sequence[int], bots: Sequence[str],
               with_json: bool = False, ruleset: str | None = None
               ) -> tuple[list[tuple[Any, ...]], list[dict[str, Any]]]:
    """Play the games of ``seeds``: their rows (and their JSON records if asked)."""
    rows: list[tuple[Any, ...]] = []
    records: list[dict[str, Any]] = []
    for seed in seeds:
        game = play_game(spec, players, seed, bots, ruleset)
        rows.append(game_row(spec, game, seed, players, bots))
        if with_json:
            records.append(json_record(game, seed, players))
    return rows, records
