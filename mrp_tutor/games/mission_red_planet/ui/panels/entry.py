"""Reading what a referee types in the table editor: ``red 3, blue 1`` and card names.

Every mistake is an :class:`EntryError` whose sentence names the field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

MAX_COUNT = 99


class EntryError(ValueError):
    """A field the user typed cannot be read: the sentence names the field."""


def _key(text: str) -> str:
    return re.sub(r"[\s_\-']+", "", text.strip().lower())


def parse_counts(text: str, allowed: Mapping[str, str], field: str) -> dict[str, int]:
    """``"red 3, blue 1"`` -> ``{"red": 3, "blue": 1}`` (``allowed``: id -> name).

    Raises:
        EntryError: an unknown name or a count that is not 0..99.
    """
    out: dict[str, int] = {}
    names = {_key(k): k for k in allowed} | {_key(v): k for k, v in allowed.items()}
    for part in re.split(r"[,;]", text or ""):
        part = part.strip()
        if not part:
            continue
        m = re.fullmatch(r"(.+?)\s*[:=x×]?\s*(\d+)", part) or re.fullmatch(r"(\d+)\s+(.+)", part)
        if m is None:
            raise EntryError(f"{field}: write a name and a number, e.g. "
                             f"\"{next(iter(allowed), 'red')} 2\" (not {part[:40]!r}).")
        name, num = (m.group(1), m.group(2)) if not m.group(1).isdigit() else (m.group(2),
                                                                                m.group(1))
        key = names.get(_key(name))
        if key is None:
            raise EntryError(f"{field}: {name[:40]!r} is not one of "
                             f"{', '.join(allowed.values())}.")
        n = int(num)
        if n > MAX_COUNT:
            raise EntryError(f"{field}: {n} is more than the game has.")
        out[key] = out.get(key, 0) + n
    return {k: n for k, n in out.items() if n}


def parse_cards(text: str, known: Mapping[str, str], field: str) -> list[str]:
    """``"Pilot, Soldier"`` -> card ids (names or ids, any case).

    Raises:
        EntryError: a name that is not one of ``known`` (id -> name).
    """
    names = {_key(k): k for k in known} | {_key(v): k for k, v in known.items()}
    out = []
    for part in re.split(r"[,;\n]", text or ""):
        if not part.strip():
            continue
        key = names.get(_key(part))
        if key is None:
            raise EntryError(f"{field}: {part.strip()[:40]!r} is not a card name here "
                             f"(e.g. {', '.join(list(known.values())[:3])}).")
        out.append(key)
    return out


def counts_text(d: Mapping[str, int]) -> str:
    return ", ".join(f"{k} {n}" for k, n in d.items() if n)
