"""Known defects, each left open on its issue, marked where a test meets it (strict: the test
fails again once the defect is fixed, so the mark cannot outlive it)."""

from __future__ import annotations

import pytest

#: issue 37: a Guileful Genius that held its card past its number (ua.tutor.genius_between) is
#: told only by the queue's order, never recorded: a search sample re-sorts the queue by the
#: numbers it draws, and an exported position reloads re-sorted (or is refused by
#: fe.phase3.order), so the hold is lost in both
GENIUS_HOLD = pytest.mark.xfail(strict=True, reason="a held Genius is not a recorded fact: "
                                "samples and exports lose the hold (issue 37)")
