"""Game seeds: the seed decides every hidden card, so players never see it once a game starts.

The box in the header is an input only (blank = a fresh random seed); tests pin the first
game's seed with env ``MRP_TUTOR_SEED``.
"""

from __future__ import annotations

import os
import secrets
from typing import Any

SEED_ENV = "MRP_TUTOR_SEED"


def start_seed(seed: int | None) -> int:
    """The first game's seed: the one given, else env MRP_TUTOR_SEED (tests), else random."""
    if seed is not None:
        return seed
    env = parse_seed(os.environ.get(SEED_ENV, ""))
    return env if env is not None and os.environ.get(SEED_ENV, "").strip() else fresh_seed()


def fresh_seed() -> int:
    """A random seed nobody at the table can know."""
    return secrets.randbelow(10**15)


def parse_seed(text: Any) -> int | None:
    """The seed typed in the box (blank: a fresh random one); None when it is not a seed."""
    raw = str(text).strip()
    if not raw:
        return fresh_seed()
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 18 else None
