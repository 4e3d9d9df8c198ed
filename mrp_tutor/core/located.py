"""Plain, located sentences for what is wrong in a document: file, field and line.

A validation error list (pydantic's) becomes one sentence per problem: the field as the
file writes it (``state.supply.oxygen``), the YAML line it is on when the text is known,
and what is wrong in words (``must be a whole number, not true``), never pydantic's own
wording, its error codes or its links.  Any game uses it; it knows nothing of any game.

The line map comes from text the hardened loader (:mod:`mrp_tutor.core.loader`) has already
accepted: no aliases, bounded depth and size, so composing it again is safe and short.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from pathlib import Path as FilePath
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from mrp_tutor.core.errors import ContentError

__all__ = ["At", "Lines", "Path", "field_name", "file_lines", "locate", "plain", "printable",
           "validate", "validation_problems", "yaml_lines"]

Path = tuple[str | int, ...]
Lines = Mapping[Path, int]
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
M = TypeVar("M", bound=BaseModel)


def yaml_lines(text: str) -> dict[Path, int]:
    """The 1-based line of every value of a YAML document (key path -> line); empty when the
    text is not one YAML document (the loader has said why already)."""
    try:
        root = yaml.compose(text, Loader=_LOADER)
    except yaml.YAMLError:
        return {}
    out: dict[Path, int] = {}
    todo: list[tuple[Any, Path]] = [(root, ())] if root is not None else []
    while todo:  # a loop, not recursion
        node, path = todo.pop()
        out.setdefault(path, node.start_mark.line + 1)  # a key's own line wins
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                if isinstance(k, yaml.ScalarNode):
                    key = (*path, k.value)
                    todo.append((v, key))
                    out[key] = k.start_mark.line + 1
        elif isinstance(node, yaml.SequenceNode):
            todo.extend((v, (*path, i)) for i, v in enumerate(node.value))
    return out


def field_name(path: Path) -> str:
    """``steps[0].intent.actions[1].pawns``; the empty path is the ``document``.  A key that
    is not a plain printable word is quoted (``[' x\\x1b']``): a name echoed to a terminal
    holds no control characters."""
    text = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" if _plain_key(p)
                   else f"[{_quoted(p)}]" for p in path).lstrip(".")
    return text or "document"


def printable(text: str) -> str:
    """``text`` with every control character escaped (:func:`mrp_tutor.core.loader.printable`)."""
    from mrp_tutor.core.loader import printable as escaped

    return escaped(text)


def _plain_key(key: str) -> bool:
    return bool(key) and key.isprintable() and not any(c in key for c in " .[]'\"")


def _quoted(key: str) -> str:
    from mrp_tutor.core.loader import excerpt

    return excerpt(key)


def locate(path: Path, lines: Lines | None) -> str:
    """``field (line n)``: the line of the field, or of the nearest enclosing one given."""
    name = field_name(path)
    if not lines:
        return name
    for k in range(len(path), -1, -1):
        line = lines.get(path[:k])
        if line is not None:
            return f"{name} (line {line})"
    return name


def _what(value: Any) -> str:
    from mrp_tutor.core.loader import excerpt

    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "empty"
    if isinstance(value, str):
        return f"the text {excerpt(value)}"
    return excerpt(value)


def plain(e: Mapping[str, Any]) -> str:
    """What one pydantic error says, in words (its ``type``, ``ctx`` and ``input``)."""
    kind, ctx, got = e["type"], e.get("ctx") or {}, e.get("input")
    says: dict[str, Callable[[], str]] = {
        "int_type": lambda: f"must be a whole number, not {_what(got)}",
        "int_parsing": lambda: f"must be a whole number, not {_what(got)}",
        "int_from_float": lambda: f"must be a whole number, not {_what(got)}",
        "bool_type": lambda: f"must be true or false, not {_what(got)}",
        "bool_parsing": lambda: f"must be true or false, not {_what(got)}",
        "string_type": lambda: f"must be text, not {_what(got)}",
        "greater_than_equal": lambda: f"must be at least {ctx.get('ge')}, not {_what(got)}",
        "greater_than": lambda: f"must be more than {ctx.get('gt')}, not {_what(got)}",
        "less_than_equal": lambda: f"must be at most {ctx.get('le')}, not {_what(got)}",
        "less_than": lambda: f"must be less than {ctx.get('lt')}, not {_what(got)}",
        "too_long": lambda: f"holds at most {ctx.get('max_length')} entries, not "
                            f"{ctx.get('actual_length')}",
        "too_short": lambda: f"needs at least {ctx.get('min_length')} "
                             f"{'entry' if ctx.get('min_length') == 1 else 'entries'}",
        "string_too_short": lambda: "must not be empty",
        "string_too_long": lambda: f"must be at most {ctx.get('max_length')} characters",
        "literal_error": lambda: f"must be one of {ctx.get('expected')}, not {_what(got)}",
        "enum": lambda: f"must be one of {ctx.get('expected')}, not {_what(got)}",
        "extra_forbidden": lambda: "is not a field here (a misspelt or unknown key)",
        "missing": lambda: "is missing (it is required)",
        "dict_type": lambda: f"must be a mapping (key: value), not {_what(got)}",
        "model_type": lambda: f"must be a mapping (key: value), not {_what(got)}",
        "model_attributes_type": lambda: f"must be a mapping (key: value), not {_what(got)}",
        "list_type": lambda: f"must be a list, not {_what(got)}",
        "union_tag_invalid": lambda: f"unknown {_tag(ctx)} {ctx.get('tag')!r} (known: "
                                     f"{ctx.get('expected_tags')})",
        "union_tag_not_found": lambda: f"is missing: give the {_tag(ctx)}",
        "string_pattern_mismatch": lambda: f"{_what(got)} is not a plain name (lower-case "
                                           "letters, digits, '-' and '_')",
        "value_error": lambda: str(e.get("msg", "")).removeprefix("Value error, "),
        "assertion_error": lambda: str(e.get("msg", "")).removeprefix("Assertion failed, "),
    }
    say = says.get(kind)
    return say() if say is not None else f"is not valid ({kind.replace('_', ' ')})"


def _tag(ctx: Mapping[str, Any]) -> str:
    """The discriminating field of a union (``type``)."""
    return str(ctx.get("discriminator", "type")).strip("'\"")


def _raw_path(loc: tuple[Any, ...], raw: Any) -> tuple[Path, bool]:
    """The path of an error's location in the document as written (model and union tag
    names that are not keys of the document are skipped) and whether it ends at a mapping
    key (``[key]``)."""
    out: list[str | int] = []
    node = raw
    key = False
    for p in loc:
        if p == "[key]":
            key = True
            continue
        inside = isinstance(node, dict) and p in node
        if inside or (isinstance(node, list) and isinstance(p, int) and 0 <= p < len(node)):
            out.append(p)
            node = node[p]
        elif isinstance(p, str) and "[" in p:  # a validator's name, not a field
            continue
        elif isinstance(node, dict) and isinstance(p, str) and not _is_tag(p, node):
            out.append(p)  # a missing or unknown field: named, one level down
            node = None
        elif not isinstance(node, dict | list):
            if isinstance(p, str | int):
                out.append(p)
            node = None
    return tuple(out), key


def _is_tag(p: str, node: Mapping[str, Any]) -> bool:
    """True for a discriminated union's member name (the value of the node's ``type``)."""
    return node.get("type") == p


def validation_problems(err: ValidationError, raw: Any, at: Path = (),
                        lines: Lines | None = None,
                        rename: Callable[[Path], Path] | None = None) -> list[str]:
    """One sentence per problem: ``field (line n): what is wrong``.

    ``raw`` is the validated document (to name list entries and find fields); ``at`` where it
    sits in its file; ``lines`` the file's line map (:func:`yaml_lines`); ``rename`` maps a
    path in ``raw`` to the path the file writes (when ``raw`` was rearranged before
    validation).
    """
    out: list[str] = []
    for e in err.errors(include_url=False):
        path, key = _raw_path(tuple(e["loc"]), raw)
        if e["type"] in ("union_tag_invalid", "union_tag_not_found"):
            path = (*path, _tag(e.get("ctx") or {}))
        if rename is not None:
            path = rename(path)
        text = plain(e)
        if key:
            text = f"is not a known key here ({text.removeprefix('must be ')})"
        sentence = f"{locate((*at, *path), lines)}: {printable(text)}"
        if sentence not in out:
            out.append(sentence)
    return out


class At:
    """Where a document sits: its file (``source``), its path in the file and the file's
    line map; ``rename`` maps a path of the validated (rearranged) data to the file's."""

    def __init__(self, source: str, path: Path = (), lines: Lines | None = None,
                 rename: Callable[[Path], Path] | None = None) -> None:
        self.source, self.path, self.lines, self.rename = source, path, lines, rename

    def __call__(self, *path: str | int) -> str:
        inner: Path = tuple(path)
        if self.rename is not None:
            inner = self.rename(inner)
        return locate((*self.path, *inner), self.lines)

    def inner(self, *path: str | int) -> At:
        return At(self.source, (*self.path, *path), self.lines)


class _FileLines(Mapping[Path, int]):
    """The line map of a file, read only when a problem asks for a line."""

    def __init__(self, path: FilePath) -> None:
        self._path = path
        self._map: dict[Path, int] | None = None

    def _lines(self) -> dict[Path, int]:
        if self._map is None:
            from mrp_tutor.core.loader import read_text

            try:
                self._map = yaml_lines(read_text(self._path))
            except ContentError:
                self._map = {}
        return self._map

    def __getitem__(self, key: Path) -> int:
        return self._lines()[key]

    def __iter__(self) -> Iterator[Path]:
        return iter(self._lines())

    def __len__(self) -> int:
        return len(self._lines())


def file_lines(path: FilePath | None) -> Lines:
    """The line map of a file the hardened loader has read (read again only when a problem
    is located; empty when it cannot be read)."""
    return {} if path is None else _FileLines(path)


def validate(model: type[M], data: Any, at: At) -> M:
    """``model`` validated strictly (no coercion: a number is an integer, not a bool or a
    text); every problem located.

    Raises:
        ContentError: one sentence per problem.
    """
    try:
        return model.model_validate(data, strict=True)
    except ValidationError as err:
        raise ContentError(at.source, validation_problems(err, data, at.path, at.lines,
                                                          at.rename)) from None
