"""The one tagged dict codec of intents, events and states.

Intents and events are dataclasses with a ``type`` tag (a class variable); their dicts carry
it: ``{"type": "board", "colour": "red", ...}``.  Validation goes through one cached pydantic
adapter per class and reports located problems (``"count: Input should be ..."``); each
caller turns them into its own typed error.
"""

from __future__ import annotations

import ast
import json
import sys
from collections.abc import Mapping
from dataclasses import MISSING, Field, asdict, field, fields, is_dataclass, make_dataclass
from pathlib import Path
from types import FunctionType
from typing import Any, TypeVar

from pydantic import TypeAdapter, ValidationError

T = TypeVar("T")
_ADAPTERS: dict[type[Any], TypeAdapter[Any]] = {}


def adapter(cls: type[T]) -> TypeAdapter[T]:
    """The cached pydantic adapter of ``cls``."""
    found = _ADAPTERS.get(cls)
    if found is None:
        for base in cls.__mro__:
            _restore_annotations(base.__module__)
            _forbid_extra(base.__module__)
        _refuse_unknown_keys(cls)
        found = _ADAPTERS[cls] = TypeAdapter(cls)
    return found


# Unknown keys are refused (a state, event or intent with a field it does not have is not
# one), located by pydantic like any other problem.
_CONFIG = {"extra": "forbid"}


def _refuse_unknown_keys(cls: type[Any]) -> None:
    if is_dataclass(cls):
        setattr(cls, "__pydantic_config__", _CONFIG)  # noqa: B010


def _forbid_extra(module: str) -> None:
    """Every dataclass of ``module`` (e.g. a state's seats and ships) refuses unknown keys."""
    mod = sys.modules.get(module)
    for value in list(vars(mod).values()) if mod is not None else ():
        if isinstance(value, type) and value.__module__ == module:
            _refuse_unknown_keys(value)


_RESTORED: set[str] = set()


def _restore_annotations(module: str) -> None:
    """Give the dataclasses of a module compiled by mypyc (``scripts/build_engine.py``) their
    declared field types back, read from the module's source next to it.

    A compiled dataclass keeps its fields, but their types are reduced to runtime classes
    (``str | None`` becomes ``type``), which pydantic would then enforce.  The annotations are
    evaluated, as ``from __future__ import annotations`` leaves them, in the module's namespace.
    Modules that run as plain Python are left as they are.
    """
    if module in _RESTORED:
        return
    _RESTORED.add(module)
    mod = sys.modules.get(module)
    path = getattr(mod, "__file__", None) or ""
    if mod is None or not path.endswith((".so", ".pyd")):
        return
    source = Path(path).with_name(Path(path).name.split(".")[0] + ".py")
    if not source.is_file():
        return
    tree = ast.parse(source.read_text(encoding="utf-8"))
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        cls: Any = getattr(mod, node.name, None)
        if not (isinstance(cls, type) and is_dataclass(cls)):
            continue
        own = {st.target.id: ast.unparse(st.annotation) for st in node.body
               if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name)
               and "ClassVar" not in ast.unparse(st.annotation)}
        cls.__annotations__ = dict(own)
        setattr(cls, "__slots__", tuple(cls.__dataclass_fields__))  # noqa: B010 (no __dict__)
        fields = cls.__dataclass_fields__
        for name, text in own.items():
            if name in fields:
                fields[name].type = text
        for name, f in fields.items():  # inherited fields: the base's declared type
            if not isinstance(f.type, str):
                for base in cls.__mro__[1:]:
                    declared = getattr(base, "__annotations__", {}).get(name)
                    if isinstance(declared, str):
                        f.type = declared
                        break


_UNKNOWN = ("unexpected_keyword_argument", "extra_forbidden")


def problems(err: ValidationError) -> list[str]:
    """Located sentences of a validation error (``path: message``)."""
    unknown = "not a field of this kind of data (unknown key)"
    return [f"{'.'.join(str(p) for p in e['loc']) or 'document'}: "
            f"{unknown if e['type'] in _UNKNOWN else e['msg']}" for e in err.errors()]


def to_dict(obj: Any) -> dict[str, Any]:
    """JSON-ready dict of a tagged dataclass, with its ``type`` first."""
    return {"type": obj.type, **asdict(obj)}


def event_to_dict(event: Any) -> dict[str, Any]:
    """JSON-ready dict of an event, with its ``type`` (typed ``Any``: a redacted copy of an
    event is a plain-Python twin of its class, and the codec imports no event module)."""
    return to_dict(event)


def tagged(data: Any, registry: Mapping[str, type[T]]) -> tuple[type[T] | None, dict[str, Any]]:
    """(class named by ``data["type"]``, the other fields); (None, {}) when there is none."""
    if not isinstance(data, dict):
        return None, {}
    kind = data.get("type")
    cls = registry.get(kind) if isinstance(kind, str) else None
    return cls, {k: v for k, v in data.items() if k != "type"}


def validate(cls: type[T], body: Any) -> tuple[T | None, list[str]]:
    """(the validated value, []) or (None, located problems).

    Validated as JSON in pydantic's strict mode: a number is an integer, not ``true`` or
    ``"3"`` or ``3.0``; a list stands for a tuple (JSON has no tuples); unknown keys are
    refused.
    """
    twin = _twin(cls)
    try:
        text = json.dumps(body, allow_nan=False)
    except (TypeError, ValueError) as exc:
        return None, [f"document: not plain data ({str(exc)[:80]})"]
    try:
        if twin is None:
            return adapter(cls).validate_json(text, strict=True), []
        value = adapter(twin).validate_json(text, strict=True)
    except ValidationError as err:
        return None, problems(err)
    return cls(**{f.name: getattr(value, f.name) for f in fields(twin)}), []


_TWINS: dict[type[Any], type[Any] | None] = {}


def _twin(cls: type[Any]) -> type[Any] | None:
    """For a compiled dataclass with an ``__init__`` of its own (a few hot events: compiled, it
    is ~10x cheaper than the generated one), a plain dataclass of the same fields to validate
    with: pydantic makes a dataclass without calling ``__init__``, which a compiled class
    refuses.  None for every other class."""
    if cls in _TWINS:
        return _TWINS[cls]
    twin = None
    if (is_dataclass(cls) and "__init__" in vars(cls)
            and not isinstance(vars(cls)["__init__"], FunctionType)):
        adapter(cls)  # its declared field types, back from its source
        specs: list[tuple[str, Any, Field[Any]]] = []
        for f in fields(cls):
            if f.default is not MISSING:
                specs.append((f.name, f.type, field(default=f.default)))
            elif f.default_factory is not MISSING:
                specs.append((f.name, f.type, field(default_factory=f.default_factory)))
            else:
                specs.append((f.name, f.type, field()))
        twin = make_dataclass(cls.__name__, specs, namespace={"__module__": cls.__module__})
    _TWINS[cls] = twin
    return twin
