"""The games kept on the server, so a visitor's games survive the loss of their kernel (the
app shell's part, whatever the game).

When the app is served by :mod:`mrp_tutor.serve`, the server gives every kernel a private
folder (env :data:`RECORD_ENV`) and, to a kernel started for a visitor whose kernel died,
the record to bring back (env :data:`RESTORE_ENV`).  The game shown first keeps its own
record there (its game's ``attach``, e.g. Mission: Red Planet's ``ui/record.py``); every
other game's panel the picker built keeps its game through the panel protocol
(:class:`~mrp_tutor.core.games.KeptPanel`: ``keep()``, ``restore(data)``, ``changed``),
all in one file ``<kernel id>`` + :data:`GAMES_SUFFIX`, brought back here.  A game whose
record its rules refuse starts afresh, with a sentence.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable
from pathlib import Path

from mrp_tutor.app.picker import GamePicker
from mrp_tutor.core.games import KeptPanel, title_of

log = logging.getLogger(__name__)

RECORD_ENV = "MRP_RECORD_DIR"  # the kernels' private folder (set by the server)
RESTORE_ENV = "MRP_RESTORE_FROM"  # the record a new kernel brings back, read once
GAMES_SUFFIX = ".games.json"  # the other games' panels
VERSION = 1
GAME_LOST = ("Your earlier {game} game could not be brought back ({why}); it starts afresh. "
             "Sorry!")


def write_whole(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a kill mid-write keeps the old one)."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def save_games(path: Path, picker: GamePicker) -> None:
    """Bring the other games' record at ``path`` up to date (the picker's panels that keep
    theirs)."""
    games = {name: panel.keep() for name, panel in picker.panels.items()
             if isinstance(panel, KeptPanel)}
    if games:
        write_whole(path, json.dumps({"version": VERSION, "shown": picker.shown(),
                                      "games": games}))


def keep_games(picker: GamePicker, save: Callable[[], None]) -> None:
    """Call ``save`` after each change of a kept game's panel and after each pick."""

    def built(_name: str, panel: object) -> None:
        if isinstance(panel, KeptPanel):
            panel.changed = save
            save()

    picker.on_built = built
    picker.pick.observe(lambda _change: save(), names="value")


def bring_back_games(picker: GamePicker, base: Path, say: Callable[[str], None]) -> None:
    """The other games of the record at ``base`` played again, and the one shown shown (a
    game its rules refuse starts afresh; ``say`` tells the table so).

    Raises:
        ValueError: the record is unreadable or not one of the games here.
    """
    from mrp_tutor.core.loader import parse_json, read_text, with_limits

    path = base.with_name(base.name + GAMES_SUFFIX)
    if not path.exists():
        return
    limits = with_limits(max_bytes=4_000_000, max_nodes=1_000_000)
    data = parse_json(read_text(path, source="game record", limits=limits), "game record",
                      limits)
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise ValueError("not a record of this version")
    games, shown = data.get("games"), data.get("shown")
    if not isinstance(games, dict) or shown not in picker.names.values():
        raise ValueError("not a record of the games here")
    lost = []
    for name, record in games.items():
        if name not in picker.names.values() or name == picker.first:
            raise ValueError("not a game here")
        panel = picker.show(name)
        if not isinstance(panel, KeptPanel):
            raise ValueError("not a game that keeps its record")
        saving, panel.changed = panel.changed, lambda: None  # one write at the end
        try:
            panel.restore(record)
        except Exception as exc:  # the rules refuse it: that game starts afresh
            log.warning("restore of the %s game refused: %s", name, exc)
            lost.append(name)
        finally:
            panel.changed = saving
    picker.show(str(shown))
    if lost:
        say(GAME_LOST.format(game=" and ".join(title_of(n) for n in lost),
                             why="its record is not a game the rules produce"))
