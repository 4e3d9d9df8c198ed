"""First Martians table helpers the rules tests share: a table from a small HUB document,
an intent played from its fields, and a refusal that must leave the table unchanged."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

import pytest

from mrp_tutor.core.errors import MrpError
from mrp_tutor.games.first_martians import Table, intent_from_dict, load_state
from mrp_tutor.games.first_martians.events import Event

Err = TypeVar("Err", bound=MrpError)


def table(start: Mapping[str, Any], **state: Any) -> Table:
    """A table from ``start`` (a HUB document) with the top-level keys in ``state`` replaced."""
    return Table(load_state({**start, **state}))


def play(t: Table, **intent: Any) -> list[Event]:
    return t.play(intent_from_dict(intent))


def raises_unchanged(t: Table, intent: Any, error: type[Err]) -> Err:
    """Playing ``intent`` raises ``error`` and changes nothing on the table."""
    before = t.state.model_copy(deep=True)
    with pytest.raises(error) as info:
        t.play(intent)
    assert t.state == before  # a refusal changes nothing
    return info.value


def refused(t: Table, **intent: Any) -> MrpError:
    return raises_unchanged(t, intent_from_dict(intent), MrpError)
