"""Pre-parsed copies of the package's own YAML files, when a build ships them.

The static in-browser demo (docs/static-site.md) has no libyaml: parsing the ~140 YAML files
the app reads at start-up with the pure-Python parser takes seconds there.  Its build
(scripts/site_speed.py) parses them with :func:`mrp_tutor.core.loader.parse_yaml` and the same
pure-Python parser, and ships the results as ``mrp_tutor/_preparsed.json``: ``{sha256 of the
exact text: the parse as JSON}``.  A text whose hash is listed gets that parse (a fresh copy
each time); any other text, or no such file (every other install), is parsed as always.
"""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path
from typing import Any

FILE = Path(__file__).resolve().parents[1] / "_preparsed.json"
#: what :func:`lookup` returns for a text it does not hold
MISSING: Any = object()


def key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@functools.cache
def _table() -> dict[str, str]:
    try:
        table = json.loads(FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return table if isinstance(table, dict) else {}


def lookup(text: str) -> Any:
    """The build's parse of exactly ``text``, else :data:`MISSING`."""
    table = _table()
    if not table:
        return MISSING
    found = table.get(key(text))
    return MISSING if found is None else json.loads(found)
