"""The one tagged dict codec of intents, events and states.

Intents and events are dataclasses with a ``type`` tag (a class variable); their dicts carry
it: ``{"type": "board", "colour": "red", ...}``.  Validation goes through one cached pydantic
adapter per class and reports located problems (``"count: Input should be ..."``); each
caller turns them into its own typed error.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any, TypeVar

from pydantic import TypeAdapter, ValidationError

T = TypeVar("T")
_ADAPTERS: dict[type[Any], TypeAdapter[Any]] = {}


def adapter(cls: type[T]) -> TypeAdapter[T]:
    """The cached pydantic adapter of ``cls``."""
    found = _ADAPTERS.get(cls)
    if found is None:
        found = _ADAPTERS[cls] = TypeAdapter(cls)
    return found


def problems(err: ValidationError) -> list[str]:
    """Located sentences of a validation error (``path: message``)."""
    return [f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in err.errors()]


def to_dict(obj: Any) -> dict[str, Any]:
    """JSON-ready dict of a tagged dataclass, with its ``type`` first."""
    return {"type": obj.type, **asdict(obj)}


def tagged(data: Any, registry: Mapping[str, type[T]]) -> tuple[type[T] | None, dict[str, Any]]:
    """(class named by ``data["type"]``, the other fields); (None, {}) when there is none."""
    if not isinstance(data, dict):
        return None, {}
    kind = data.get("type")
    cls = registry.get(kind) if isinstance(kind, str) else None
    return cls, {k: v for k, v in data.items() if k != "type"}


def validate(cls: type[T], body: Any, *, strict: bool | None = None) -> tuple[T | None, list[str]]:
    """(the validated value, []) or (None, located problems)."""
    try:
        return adapter(cls).validate_python(body, strict=strict), []
    except ValidationError as err:
        return None, problems(err)
