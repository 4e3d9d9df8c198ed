"""The ``hostile`` fixture: the machinery every hostile-file suite shares
(:mod:`testkit.hostile`: attack generators over a game's own texts and documents, and the
runner that holds each document to "accepted, or refused in located sentences; never a
crash, a hang or a traceback").

Mission: Red Planet's suite (``test_fuzz_hostile.py``) and First Martians'
(``test_fuzz_first_martians.py``) feed it their own documents.
"""

from __future__ import annotations

import pytest
from testkit.hostile import (
    HANG_S,
    LOCATED,
    STALL_S,
    TEXT_KINDS,
    encoded,
    leaves,
    mutate,
    put,
    run,
    text_attack,
    typed_twin,
)


class Hostile:
    """The shared machinery, as the ``hostile`` fixture hands it to a suite."""

    LOCATED = LOCATED
    HANG_S = HANG_S
    STALL_S = STALL_S
    TEXT_KINDS = TEXT_KINDS
    leaves = staticmethod(leaves)
    put = staticmethod(put)
    typed_twin = staticmethod(typed_twin)
    mutate = staticmethod(mutate)
    text_attack = staticmethod(text_attack)
    encoded = staticmethod(encoded)
    run = staticmethod(run)


@pytest.fixture(scope="session")
def hostile() -> type[Hostile]:
    return Hostile
