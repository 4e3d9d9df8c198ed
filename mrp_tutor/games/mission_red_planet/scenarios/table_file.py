"""A physical table as a scenario document: export, import, and a short share code.

A referee copies the table in front of them into a *position* document (the ``position`` of a
scenario file, :mod:`.model`).  Everything here goes through the one loader scenario files use
(:func:`~.build.scenario_from_dict`), so the app, the command line (``mrp-tutor referee ...
FILE``) and the files agree on what a legal table is.

* :func:`table_position` - the position document of a game state, without what a physical
  table cannot know (deck orders, the seed): the editor starts from it.
* :func:`table_document` / :func:`load_table` - a whole scenario document, and its validation.
* :func:`encode_table` / :func:`decode_table` - a short text code (``MRP1:`` + base64 of the
  zlib-compressed JSON document) to paste on another device; decoding is bounded (size,
  decompression) and ends in :func:`load_table`.
* :func:`parse_table_text` - an uploaded file (YAML or JSON text), bounded.

Pure: no widgets.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

import yaml

from mrp_tutor.core.loader import decode, parse_json, parse_yaml, with_limits
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.games.mission_red_planet.engine.rulesets import DEFAULT
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState
from mrp_tutor.games.mission_red_planet.explain.options import ship_words
from mrp_tutor.games.mission_red_planet.scenarios.build import Scenario, scenario_from_dict
from mrp_tutor.games.mission_red_planet.scenarios.export import position_from_state
from mrp_tutor.games.mission_red_planet.unknowns import NONE, UNKNOWN_DISCOVERY, Unknowns

CODE_PREFIX = "MRP1:"
MAX_CODE_CHARS = 20_000  # a full 6-player table is ~1,500 characters
MAX_FILE_BYTES = 200_000
MAX_DOC_BYTES = 200_000  # decompressed size limit (no zip bomb)
TABLE_ID = "my-table"
# the loader's limits for the document inside a code (depth, values: a table needs far less)
CODE_LIMITS = with_limits(max_bytes=MAX_DOC_BYTES)

# Fields a physical table cannot know (the app's own shuffles): left for the loader to
# shuffle with the seed, never exported.
_UNKNOWABLE = ("ship_deck", "event_deck", "rest_of_ships", "seed", "rng_count")
# Fields the editor has no form for, taken from the app's own game they would tie the
# referee's table to it (a spare token, a remembered peek, discarded discoveries): left out.
_NOT_COPIED = ("spare_resource", "discovery_discard", "last")


def table_position(spec: GameSpec, state: GameState,
                   unknown: Unknowns = NONE) -> dict[str, Any]:
    """The position document of ``state`` as a referee would copy it from a table.

    Deck orders and the seed are left out (the loader shuffles the rest of the decks), and
    so is what ``unknown`` says nobody entered (a resource, tokens: still unknown);
    a player's hand is left out (it is the cards not played nor chosen), except for the
    2-player neutral seats whose deck is part of the position.

    Raises:
        ContentError: the state is mid-phase (see :func:`position_from_state`).
    """
    pos = position_from_state(state, spec)
    for key in (*_UNKNOWABLE, *_NOT_COPIED):
        pos.pop(key, None)
    for seat in pos.get("seats", {}).values():
        seat.pop("peeked", None)
        if "deck" not in seat:
            seat.pop("hand", None)
    if not pos.get("ship_discard"):
        pos.pop("ship_discard", None)
    for z in unknown.resources:  # still unknown: the loader's filler is never copied as fact
        pos.get("zones", {}).get(z, {}).pop("resource", None)
    for z in unknown.discoveries:
        pos.setdefault("zones", {}).setdefault(z, {})["discovery"] = UNKNOWN_DISCOVERY
    for c in unknown.tokens:
        pos.get("seats", {}).get(c, {}).pop("tokens", None)
    return pos


def table_document(players: list[str], position: dict[str, Any], *, ruleset: str = DEFAULT,
                   overrides: dict[str, Any] | None = None,
                   title: str = "My table") -> dict[str, Any]:
    """A scenario document (published schema ``scenarios/schema.json``) for a table played
    under ``ruleset`` (a registered ruleset's name: it says the data and the rules)."""
    doc: dict[str, Any] = {
        "id": TABLE_ID, "title": title[:80] or "My table",
        "lesson": "A table position entered by the referee.", "ruleset": ruleset,
        "players": list(players), "position": position,
    }
    if overrides:
        doc["overrides"] = overrides
    return doc


def load_table(data: Any, source: str = "table") -> Scenario:
    """Validate a table document through the scenario loader.  A table needs only
    ``players`` and ``position``: a missing id, title or lesson gets the editor's own.

    Raises:
        ContentError: every problem, each with its field path and rule id.
    """
    if isinstance(data, dict):
        data = {"id": TABLE_ID, "title": "My table",
                "lesson": "A table position entered by the referee.", **data}
    sc = scenario_from_dict(data, source)
    if not isinstance(sc, Scenario):  # another game's scenario (e.g. First Martians)
        raise ContentError(source, ["game: a table here is a Mission: Red Planet position "
                                    "(scenario format)"])
    sc.entered = True  # what the referee left out is unknown (never drawn for a ruling)
    return sc


def table_yaml(doc: dict[str, Any]) -> str:
    """The document as YAML text (the scenario file a referee downloads)."""
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100)


def parse_table_text(text: str | bytes, source: str = "file") -> Any:
    """Parse an uploaded scenario file (YAML or JSON), bounded in size.

    Raises:
        ContentError: too big, not text, or not YAML.
    """
    if len(text) > MAX_FILE_BYTES:
        raise ContentError(source, [f"document: the file has {len(text):,} bytes; a table "
                                    f"file is at most {MAX_FILE_BYTES:,} (scenario format)"])
    if isinstance(text, bytes):
        text = decode(text, source)
    return parse_yaml(text, source)  # the hardened loader: aliases, depth, keys, numbers


def encode_table(doc: dict[str, Any]) -> str:
    """A short text code for a table document (paste it on another device)."""
    raw = json.dumps(doc, separators=(",", ":")).encode("utf-8")
    return CODE_PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii")


def decode_table(code: str, source: str = "code") -> Any:
    """The document inside a share code (not yet validated: give it to :func:`load_table`).

    The code is read exactly as :func:`encode_table` writes it: the prefix, canonical
    url-safe base64 (its own padding, nothing after it), one zlib stream and nothing after it,
    UTF-8 JSON parsed by the hardened loader (depth, size, duplicate keys, numbers).

    Raises:
        ContentError: not a code, damaged, too big once unpacked, or a document the loader
            refuses (its field named).
    """
    text = re.sub(r"\s+", "", code or "")
    if len(text) > MAX_CODE_CHARS:
        raise ContentError(source, [f"code: {len(text):,} characters; a table code has at most "
                                    f"{MAX_CODE_CHARS:,} (scenario format)"])
    if not text.startswith(CODE_PREFIX):
        raise ContentError(source, [f"code: a table code starts with {CODE_PREFIX} (copy it "
                                    "whole) (scenario format)"])
    body = text[len(CODE_PREFIX):]
    damaged = ContentError(source, ["code: the code is damaged or cut short (copy it whole) "
                                    "(scenario format)"])
    try:
        packed = base64.b64decode(body.encode("ascii"), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError, UnicodeError):
        raise damaged from None
    if base64.urlsafe_b64encode(packed).decode("ascii") != body:  # padding, stray bits, tail
        raise ContentError(source, ["code: the code has characters after its end (copy it "
                                    "exactly) (scenario format)"])
    z = zlib.decompressobj()
    try:
        raw = z.decompress(packed, MAX_DOC_BYTES)
    except zlib.error:
        raise damaged from None
    if z.unconsumed_tail:
        raise ContentError(source, [f"code: the table inside is larger than {MAX_DOC_BYTES:,} "
                                    "bytes (scenario format)"])
    if not z.eof:
        raise damaged
    if z.unused_data:
        raise ContentError(source, ["code: the code has data after its end (copy it exactly) "
                                    "(scenario format)"])
    doc = parse_json(decode(raw, source, CODE_LIMITS), source, CODE_LIMITS)
    return doc


_PATH = re.compile(r"^(?:position\.)?(?P<path>[^:]*): (?P<msg>.*)$")


def located_sentence(spec: GameSpec, problem: str, position: dict[str, Any] | None = None) -> str:
    """A loader problem (``position.zones.hellas.crew: ... (rule x)``) with its field named in
    words (``Zone Hellas, crew: ...``)."""
    m = _PATH.match(problem)
    if not m:
        return ship_words(problem)
    parts = [x for x in re.split(r"\.(?![^\[]*\])", m.group("path")) if x]
    words: list[str] = []
    i = 0
    while i < len(parts):
        part = parts[i]
        nxt = parts[i + 1] if i + 1 < len(parts) else None
        ship = re.fullmatch(r"ships\[(\d+)\]", part)
        if part == "zones" and nxt is not None:
            words.append(f"zone {spec.card_name(nxt)}")
            i += 2
            continue
        if part == "seats" and nxt is not None:
            words.append(f"{nxt.capitalize()}'s cards and tokens")
            i += 2
            continue
        if part == "holds" and nxt is not None:  # a Guileful Genius's card held for later
            words.append(f"{nxt.capitalize()}'s card held for later")
            i += 2
            continue
        if part == "memorial" and nxt is not None:
            words.append(f"memorial ({nxt})")
            i += 2
            continue
        if ship:
            ships = (position or {}).get("ships", [])
            k = int(ship.group(1))
            sid = ships[k].get("id") if k < len(ships) and isinstance(ships[k], dict) else None
            num = re.fullmatch(r"[a-z]0*(\d+)", str(sid or ""))  # as the board names it
            words.append(f"ship {num.group(1)}" if num else
                         f"ship {sid}" if sid else f"ship #{k + 1}")
            i += 1
            continue
        words.append(part.replace("_", " "))
        i += 1
    where = ", ".join(words) or "the table"
    return f"{where[:1].upper()}{where[1:]}: {ship_words(m.group('msg'))}"
