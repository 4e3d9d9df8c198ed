"""Golden playthroughs: the event logs of 110 seeded bot games, kept as data.

    python tests/golden/make_golden.py          # rewrite tests/golden/games.jsonl.gz
    python tests/golden/make_golden.py --check  # compare, exit 1 on a difference

One JSON line per game: its name, the full event log (``event_to_dict``) and, before every
decision, what the game waited for (kind, colours, rule, left, character, number of legal
intents).  Games: 3, 4, 5 and 6 players and the 2-player variant, each with the random and
the greedy bot, seeds 0..10.  A refactor of the engine must leave every line identical; an
intended change (a corrected rule id) is listed in the commit that regenerates the file.
"""

from __future__ import annotations

import gzip
import json
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from mrp_tutor.engine import Game, event_to_dict, load_spec
from mrp_tutor.engine.bots import bot_game

PATH = Path(__file__).with_name("games.jsonl.gz")
COLOURS = ["red", "blue", "green", "yellow", "purple", "black"]
TABLES = (("2p", 4, "two_player"), ("3p", 3, "standard"), ("4p", 4, "standard"),
          ("5p", 5, "standard"), ("6p", 6, "standard"))
BOT_NAMES = ("random", "greedy")
SEEDS = range(11)


def games() -> Iterator[tuple[str, str, int, str, int]]:
    """(name, table, players, variant, seed) and bot for every golden game."""
    for table, players, variant in TABLES:
        for bot in BOT_NAMES:
            for seed in SEEDS:
                yield f"{table}-{bot}-{seed}", bot, players, variant, seed


def line(name: str, bot: str, players: int, variant: str, seed: int) -> str:
    """The golden JSON line of one game."""
    spec = load_spec(use_env_overrides=False)
    decisions: list[list[object]] = []

    def record(g: Game) -> None:
        d = g.decision()
        if d is not None:
            decisions.append([d.kind, list(d.colours), d.rule, d.left, d.character,
                              len(g.legal_intents())])

    game = bot_game(spec, COLOURS[:players], seed, bot=bot, ruleset=variant, on_step=record)
    body = {"game": name, "log": [event_to_dict(e) for e in game.log], "decisions": decisions}
    return json.dumps(body, sort_keys=True, separators=(",", ":"))


def load() -> dict[str, str]:
    """The stored golden lines by game name."""
    with gzip.open(PATH, "rt", encoding="utf-8") as f:
        return {json.loads(x)["game"]: x.rstrip("\n") for x in f}


def main(argv: list[str]) -> int:
    lines = [line(*g) for g in games()]
    if "--check" in argv:
        stored = load()
        bad = [json.loads(x)["game"] for x in lines if stored.get(json.loads(x)["game"]) != x]
        print(f"{len(lines) - len(bad)} of {len(lines)} games identical; differ: {bad}")
        return 1 if bad or len(stored) != len(lines) else 0
    with PATH.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f:
        f.write(("\n".join(lines) + "\n").encode("utf-8"))
    print(f"wrote {len(lines)} games to {PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
