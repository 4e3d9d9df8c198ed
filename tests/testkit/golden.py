"""Golden playthroughs: the event logs of 110 seeded bot games, kept as plain text.

``tests/golden/games/<game>.txt``, one file per game, one line per event (its
``event_to_dict``, as JSON: ``type`` and ``rule`` first), then one line per decision the game
waited for (kind, colours, rule, left, character, number of legal intents), so a change to
the engine reads as a diff of the events it changed.  Games: 3, 4, 5 and 6 players and the
2-player ruleset, each with the random and the greedy bot, seeds 0..10.  A refactor of the
engine must leave every file identical; an intended change (a corrected rule id) is listed
in the commit that rewrites the files (``python tests/golden/make_golden.py``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import Game, event_to_dict, load_spec
from mrp_tutor.games.mission_red_planet.engine.bots import bot_game

FOLDER = Path(__file__).resolve().parents[1] / "golden" / "games"
COLOURS = ["red", "blue", "green", "yellow", "purple", "black"]
TABLES = (("2p", 4, "two_player"), ("3p", 3, "standard"), ("4p", 4, "standard"),
          ("5p", 5, "standard"), ("6p", 6, "standard"))
BOT_NAMES = ("random", "greedy")
SEEDS = range(11)


def games() -> Iterator[tuple[str, str, int, str, int]]:
    """(name, bot, players, ruleset, seed) of every golden game."""
    for table, players, ruleset in TABLES:
        for bot in BOT_NAMES:
            for seed in SEEDS:
                yield f"{table}-{bot}-{seed}", bot, players, ruleset, seed


def _event_line(d: dict[str, Any]) -> str:
    first = {k: d[k] for k in ("type", "rule") if k in d}
    rest = {k: d[k] for k in sorted(d) if k not in first}
    return "event " + json.dumps({**first, **rest}, ensure_ascii=False)


def text(name: str, bot: str, players: int, ruleset: str, seed: int) -> str:
    """The golden file of one game (played now)."""
    spec = load_spec(use_env_overrides=False)
    decisions: list[list[object]] = []

    def record(g: Game) -> None:
        d = g.decision()
        if d is not None:
            decisions.append([d.kind, list(d.colours), d.rule, d.left, d.character,
                              len(g.legal_intents())])

    game = bot_game(spec, COLOURS[:players], seed, bot=bot, ruleset=ruleset, on_step=record)
    lines = [f"# golden game {name}: {players} colours, {ruleset} rules, {bot} bot, seed {seed}"]
    lines += [_event_line(event_to_dict(e)) for e in game.log]
    lines += ["decision " + json.dumps(d) for d in decisions]
    return "\n".join(lines) + "\n"


def parse(body: str) -> dict[str, Any]:
    """A golden file's content: ``{"log": [event dicts], "decisions": [lists]}``."""
    out: dict[str, Any] = {"log": [], "decisions": []}
    for line in body.splitlines():
        kind, _, data = line.partition(" ")
        if kind == "event":
            out["log"].append(json.loads(data))
        elif kind == "decision":
            out["decisions"].append(json.loads(data))
    return out


def load() -> dict[str, str]:
    """The stored golden files by game name."""
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted(FOLDER.glob("*.txt"))}


def write() -> int:
    """Play every golden game and write its file; returns the number written."""
    FOLDER.mkdir(parents=True, exist_ok=True)
    n = 0
    for game in games():
        (FOLDER / f"{game[0]}.txt").write_text(text(*game), encoding="utf-8")
        n += 1
    return n


def check() -> list[str]:
    """The games whose file differs from a game played now (or is missing or extra)."""
    stored = load()
    names = [g[0] for g in games()]
    bad = [g[0] for g in games() if stored.get(g[0]) != text(*g)]
    return bad + sorted(set(stored) - set(names))
