"""Share-code material the hostile suites share: a code packed from raw bytes the way
:func:`mrp_tutor.games.mission_red_planet.scenarios.table_file.encode_table` packs one (so
its framing can be broken on purpose), and the table document of the mid-game table the
browser tests also use."""

from __future__ import annotations

import base64
import zlib
from pathlib import Path
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import GameSpec
from mrp_tutor.games.mission_red_planet.scenarios import load_scenario
from mrp_tutor.games.mission_red_planet.scenarios.table_file import (
    CODE_PREFIX,
    table_document,
    table_position,
)

MIDGAME_TABLE = Path(__file__).resolve().parents[1] / "browser" / "data" / "midgame-table.yaml"


def packed(raw: bytes, after: bytes = b"") -> str:
    """A code of ``raw`` (zlib + url-safe base64), with ``after`` appended inside it."""
    return CODE_PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9) + after).decode("ascii")


def midgame_table_doc(spec: GameSpec) -> dict[str, Any]:
    """The table document (players and position) of the mid-game table scenario."""
    game = load_scenario(MIDGAME_TABLE).build()
    return table_document(list(game.state.order), table_position(spec, game.state))
