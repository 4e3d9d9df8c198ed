"""The one hardened loader for everything the project reads from outside.

Scenario files, card data and override files, positions, intents, states and event logs
(files, JSON on the command line, data the browser sends) come through here.  Every refusal
is a :class:`~mrp_tutor.games.mission_red_planet.engine.errors.ContentError` whose source names the
file and whose
sentences name the field: never a traceback, a hang or a crash.

What is refused:

* anything but a regular file (a folder, a named pipe, a device, a socket: said in a sentence,
  never opened to wait on a writer), text that is not UTF-8 (the byte and line are named) or
  larger than the size limit; a document none of whose keys is one its kind has
  (:func:`refuse_foreign`: a link to a system file is not listed back key by key);
* YAML aliases (``*name``: the "billion laughs" bomb), tags other than the plain scalar,
  list and mapping ones, and more than one document in a file;
* nesting deeper than the depth limit and more nodes than the node limit (checked on the
  parser's event stream or by a flat scan, so nothing recurses on hostile input);
* duplicate mapping keys, keys that are not text, ids (``id:``) that are not text;
* integers with more digits than the limit, floats that are not finite, overlong strings;
* file references (a ``ruleset:`` name) that leave the data folder.

Messages quote at most a short excerpt of an offending value (:func:`excerpt`).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import stat
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

import yaml

from mrp_tutor.core import preparsed
from mrp_tutor.core.errors import ContentError
from mrp_tutor.core.words import plural

__all__ = [
    "DEFAULT", "INTENT", "Limits", "PrintableStream", "check_tree", "confine", "decode", "excerpt",
    "file_kind", "load_yaml", "parse_json", "parse_yaml", "printable", "read_text",
    "refuse_foreign", "safe_name", "terminal_safe", "with_limits",
]


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds on one document (the defaults fit every shipped file many times over)."""

    max_bytes: int = 1_000_000
    max_depth: int = 32
    max_nodes: int = 100_000
    max_string: int = 20_000
    max_int_digits: int = 19  # |n| < 10**19 covers every seed and count
    max_problems: int = 20


DEFAULT = Limits()
INTENT = Limits(max_bytes=20_000, max_depth=8, max_nodes=2_000, max_string=200)

_YAML_TAG = "tag:yaml.org,2002:"
_PLAIN_TAGS = {f"{_YAML_TAG}{t}" for t in ("str", "int", "float", "bool", "null",
                                              "timestamp")}
_CONTAINER_TAGS = {None, "!", f"{_YAML_TAG}map", f"{_YAML_TAG}seq"}
_PARSER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: events without recursion
_RESOLVER: Any = yaml.resolver.Resolver()
_CONSTRUCTOR = yaml.constructor.SafeConstructor()
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


def excerpt(value: Any, limit: int = 40) -> str:
    """``repr`` of ``value`` cut to about ``limit`` characters (never the whole of a huge
    or deeply nested value: containers are summarised, not formatted)."""
    if isinstance(value, dict | list | tuple):
        return f"a {type(value).__name__} of {plural(len(value), 'item')}"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**30:
        return f"an integer of about {int(math.log10(abs(value))) + 1} digits"
    text = repr(value[: limit + 1] if isinstance(value, str | bytes) else value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _field(path: tuple[str | int, ...]) -> str:
    """``steps[0].intent.ship``; very long paths keep their start and end."""
    parts = [f"[{p}]" if isinstance(p, int) else f".{p}" for p in path]
    if len(parts) > 12:
        parts = [*parts[:6], "…", *parts[-4:]]
    text = "".join(parts).lstrip(".")
    return excerpt_text(text, 160) or "document"


def excerpt_text(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _Refused(Exception):
    """One refusal inside a document: field path and sentence."""

    def __init__(self, path: tuple[str | int, ...], message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message

    def sentence(self) -> str:
        return f"{_field(self.path)}: {self.message}"


# ------------------------------------------------------------------------------ files


def read_text(path: Path, *, source: str | None = None, limits: Limits = DEFAULT) -> str:
    """The text of a UTF-8 file (a byte-order mark is allowed).

    Raises:
        ContentError: the file cannot be read, is too large or is not UTF-8.
    """
    src = source or str(path)
    try:
        kind = file_kind(path)
        if kind is not None:
            raise ContentError(src, [f"file: {kind}, not a file; only files are read"])
        # Opened without waiting (a named pipe put in its place since the check would block
        # the open until a writer came) and checked again on what was opened.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        with os.fdopen(fd, "rb") as fh:
            kind = _kind(os.fstat(fh.fileno()).st_mode)
            if kind is not None:
                raise ContentError(src, [f"file: {kind}, not a file; only files are read"])
            data = fh.read(limits.max_bytes + 1)
    except OSError as exc:
        raise ContentError(src, [f"file: cannot be read ({exc.strerror or exc})"]) from None
    return decode(data, src, limits)


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"),
          (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def _kind(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    return next((words for test, words in _KINDS if test(mode)), "not a regular file")


def file_kind(path: Path) -> str | None:
    """What ``path`` is in words when it is not a regular file once links are followed
    ("a folder", "a named pipe", "a device", "a socket"), else None; never opens it.

    Raises:
        OSError: it does not exist or cannot be looked at.
    """
    return _kind(os.stat(path).st_mode)


def refuse_foreign(data: Any, known: Iterable[str], source: str, kind: str) -> None:
    """Refuse, in one sentence that shows none of it, a mapping none of whose keys is one a
    ``kind`` has: it is some other file (a link to a system file), and listing each of its
    keys as unknown would list that file back line by line.  A document with at least one
    known key gets its problems located as usual.

    Raises:
        ContentError: no key of ``data`` is in ``known``.
    """
    names = list(known)
    if isinstance(data, dict) and data and not any(k in names for k in data):
        raise ContentError(source, [
            f"document: not {kind}: none of its {plural(len(data), 'key')} is one {kind} "
            f"has ({', '.join(names[:4])}, ...); its content is not shown"])


def decode(data: bytes, source: str, limits: Limits = DEFAULT) -> str:
    """UTF-8 text of bytes from a file or an upload, or a sentence naming the bad byte.

    Raises:
        ContentError: too large, or not UTF-8.
    """
    if len(data) > limits.max_bytes:
        raise ContentError(source, [f"file: larger than the limit of {limits.max_bytes} bytes"])
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ContentError(source, [
            f"file: not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}, line "
            f"{line}); save it as UTF-8"]) from None


def load_yaml(path: Path, *, source: str | None = None, limits: Limits = DEFAULT) -> Any:
    """Read and parse one YAML file (see :func:`parse_yaml`)."""
    src = source or str(path)
    return parse_yaml(read_text(path, source=src, limits=limits), src, limits)


# ------------------------------------------------------------------------------ YAML


def parse_yaml(text: str, source: str, limits: Limits = DEFAULT) -> Any:
    """Parse one YAML document of untrusted text into plain data (dict, list, scalars).

    The document is built from libyaml's event stream by a loop (no recursion), so depth,
    node count, aliases, duplicate keys and numbers are checked before anything is built
    from them.

    Raises:
        ContentError: located sentences (``field (line n): what is wrong``).
    """
    if len(text) > limits.max_bytes:
        raise ContentError(source, [f"document: larger than the limit of {limits.max_bytes} "
                                    "characters"])
    if limits == DEFAULT and (done := preparsed.lookup(text)) is not preparsed.MISSING:
        return done  # the static site's build parsed exactly this text (core/preparsed.py)
    try:
        return _build(yaml.parse(text, Loader=_PARSER), limits)
    except _Refused as err:
        raise ContentError(source, [err.sentence()]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "somewhere"
        what = excerpt_text(str(exc.problem or exc.context or "not YAML"), 120)
        raise ContentError(source, [f"document: YAML syntax ({where}): {what}"]) from None
    except (yaml.YAMLError, ValueError) as exc:  # reader errors (e.g. control characters)
        raise ContentError(source, [f"document: not YAML ({excerpt_text(str(exc), 120)})"]
                           ) from None


class _Frame:
    __slots__ = ("container", "key", "path")

    def __init__(self, container: dict[str, Any] | list[Any], path: tuple[str | int, ...]):
        self.container = container
        self.path = path
        self.key: str | None = None  # a mapping's key waiting for its value


def _build(events: Iterator[Any], limits: Limits) -> Any:
    stack: list[_Frame] = []
    try:
        return _build_events(events, limits, stack)
    except yaml.MarkedYAMLError as exc:
        # libyaml (PyYAML >= 6.0.4) scans a run of flow brackets ahead of its events and stops
        # at its own nesting limit (1,000, deeper than ours) before the loop below sees the
        # depth: the same refusal, located at the field reached so far.
        if "nesting depth" not in str(exc.problem or ""):
            raise
        mark = exc.problem_mark
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        path = _child_path(stack[-1]) if stack else ()
        raise _Refused(path, f"nested deeper than {limits.max_depth} levels{where}") from None


def _build_events(events: Iterator[Any], limits: Limits, stack: list[_Frame]) -> Any:
    root: Any = None
    documents = 0
    nodes = 0
    ev: Any
    for ev in events:
        if isinstance(ev, yaml.DocumentStartEvent):
            documents += 1
            if documents > 1:
                raise _Refused((), "one YAML document per file (found a second '---')")
            continue
        if not isinstance(ev, yaml.NodeEvent | yaml.CollectionEndEvent):
            continue
        if isinstance(ev, yaml.CollectionEndEvent):
            done = stack.pop()
            if isinstance(done.container, dict) and done.key is not None:
                raise _Refused((*done.path, done.key), "a key without a value")
            continue
        nodes += 1
        top = stack[-1] if stack else None
        path = _child_path(top)
        line = f" (line {ev.start_mark.line + 1})" if ev.start_mark else ""
        if nodes > limits.max_nodes:
            raise _Refused(path, f"more than {limits.max_nodes} values in one document")
        if isinstance(ev, yaml.AliasEvent):
            raise _Refused(path, f"YAML aliases (*{excerpt_text(ev.anchor or '', 20)}) are not "
                           f"allowed{line}; write the value out")
        if isinstance(ev, yaml.ScalarEvent):
            value = _scalar(ev, path, line, limits)
            if top is not None and isinstance(top.container, dict) and top.key is None:
                if not isinstance(value, str):
                    raise _Refused(path, f"keys are text, not {excerpt(value)}{line}; quote it")
                if value in top.container:
                    raise _Refused((*top.path, value), f"the key {excerpt(value)} is given twice"
                                   f"{line}")
                top.key = value
                continue
            _attach(top, value, path, line)
            if top is None:
                root = value
            continue
        # a mapping or a list starts
        tag = getattr(ev, "tag", None)
        if tag not in _CONTAINER_TAGS:
            raise _Refused(path, f"the YAML tag {excerpt(tag)} is not allowed{line}")
        if top is not None and isinstance(top.container, dict) and top.key is None:
            raise _Refused(path, f"keys are text, not a list or mapping{line}")
        if len(stack) >= limits.max_depth:
            raise _Refused(path, f"nested deeper than {limits.max_depth} levels{line}")
        new: dict[str, Any] | list[Any] = {} if isinstance(ev, yaml.MappingStartEvent) else []
        _attach(top, new, path, line)
        if top is None:
            root = new
        stack.append(_Frame(new, path))
    return root


def _child_path(top: _Frame | None) -> tuple[str | int, ...]:
    if top is None:
        return ()
    if isinstance(top.container, list):
        return (*top.path, len(top.container))
    return (*top.path, top.key) if top.key is not None else top.path


def _attach(top: _Frame | None, value: Any, path: tuple[str | int, ...], line: str) -> None:
    if top is None:
        return
    if isinstance(top.container, list):
        top.container.append(value)
        return
    assert top.key is not None
    if top.key == "id" and not isinstance(value, str):
        what = ("a mapping" if isinstance(value, dict) else "a list" if isinstance(value, list)
                else excerpt(value))
        raise _Refused(path, f"ids are text, not {what}{line}; quote it")
    top.container[top.key] = value
    top.key = None


def _scalar(ev: Any, path: tuple[str | int, ...], line: str, limits: Limits) -> Any:
    value: str = ev.value
    if len(value) > limits.max_string:
        raise _Refused(path, f"a text of {len(value)} characters; the limit is "
                       f"{limits.max_string}{line}")
    tag = ev.tag
    if tag is None or tag == "!":
        tag = _RESOLVER.resolve(yaml.ScalarNode, value, ev.implicit)
    if tag not in _PLAIN_TAGS:
        raise _Refused(path, f"the YAML tag {excerpt(tag)} is not allowed{line}")
    if tag in (f"{_YAML_TAG}str", f"{_YAML_TAG}timestamp"):
        return value  # a date stays text: plain data is JSON's types only
    if tag == f"{_YAML_TAG}int":
        digits = sum(ch.isdigit() for ch in value)
        if digits > limits.max_int_digits:
            raise _Refused(path, f"a number of {digits} digits; the limit is "
                           f"{limits.max_int_digits}{line}")
    node = yaml.ScalarNode(tag, value, ev.start_mark, ev.end_mark)
    try:
        out = _CONSTRUCTOR.yaml_constructors[tag](_CONSTRUCTOR, node)
    except Exception:  # any constructor failure is this value's fault
        raise _Refused(path, f"{excerpt(value)} is not a valid {tag.rsplit(':', 1)[-1]}{line}"
                       ) from None
    return _checked_number(out, path, limits, line)


def _checked_number(value: Any, path: tuple[str | int, ...], limits: Limits, line: str = "") -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        raise _Refused(path, f"{value} is not a finite number{line}")
    if (isinstance(value, int) and not isinstance(value, bool)
            and abs(value) >= 10 ** limits.max_int_digits):
        raise _Refused(path, f"the number is too large (more than {limits.max_int_digits} "
                       f"digits){line}")
    return value


# ------------------------------------------------------------------------------ JSON

_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}:,]', re.S)


@dataclass(frozen=True, slots=True)
class _Bad:
    """A value refused while JSON was decoded; :func:`check_tree` names its field."""

    message: str


def parse_json(text: str, source: str, limits: Limits = DEFAULT) -> Any:
    """Parse untrusted JSON text into plain data, with the same limits as YAML.

    Raises:
        ContentError: located sentences.
    """
    if len(text) > limits.max_bytes:
        raise ContentError(source, [f"document: larger than the limit of {limits.max_bytes} "
                                    "characters"])
    try:
        _json_depth(text, limits)
    except _Refused as err:
        raise ContentError(source, [err.sentence()]) from None

    def big_int(s: str) -> Any:
        digits = len(s.lstrip("-"))
        if digits > limits.max_int_digits:
            return _Bad(f"a number of {digits} digits; the limit is {limits.max_int_digits}")
        return int(s)

    def pairs(items: list[tuple[str, Any]]) -> Any:
        out: dict[str, Any] = {}
        for k, v in items:
            if k in out:
                return _Bad(f"the key {excerpt(k)} is given twice")
            out[k] = v
        return out

    try:
        data = json.loads(text, object_pairs_hook=pairs, parse_int=big_int,
                          parse_constant=lambda c: _Bad(f"{c} is not a finite number"))
    except json.JSONDecodeError as exc:
        raise ContentError(source, [f"document: not JSON ({exc.msg} at line {exc.lineno}, "
                                    f"column {exc.colno})"]) from None
    except (ValueError, RecursionError) as exc:
        raise ContentError(source, [f"document: not JSON ({excerpt_text(str(exc), 80)})"]
                           ) from None
    check_tree(data, source, limits)
    return data


def _json_depth(text: str, limits: Limits) -> None:
    """Refuse nesting deeper than the limit before ``json`` recurses into it (a flat scan
    over the brackets outside strings; names the path where the limit is crossed)."""
    stack: list[list[Any]] = []  # [kind, key or index]
    for m in _JSON_TOKEN.finditer(text):
        tok = m.group()
        if tok in "[{":
            if len(stack) >= limits.max_depth:
                path = tuple(f[1] for f in stack if f[1] is not None)
                raise _Refused(path, f"nested deeper than {limits.max_depth} levels (at "
                               f"character {m.start()})")
            stack.append(["[", 0] if tok == "[" else ["{", None])
        elif tok in "]}":
            if stack:
                stack.pop()
        elif tok == ",":
            if stack and stack[-1][0] == "[":
                stack[-1][1] += 1
        elif tok != ":" and stack and stack[-1][0] == "{":
            try:
                stack[-1][1] = excerpt_text(json.loads(tok), 40)
            except ValueError:
                stack[-1][1] = "?"


# ------------------------------------------------------------------------------ trees


def check_tree(data: Any, source: str, limits: Limits = DEFAULT) -> None:
    """Check plain data from anywhere (decoded JSON, the browser, a caller) with the same
    limits, without recursion: depth, node count, text keys and ids, numbers, strings.

    Raises:
        ContentError: the first problems found, each naming its field.
    """
    problems: list[str] = []
    todo: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    nodes = 0
    while todo and len(problems) < limits.max_problems:
        node, path = todo.pop()
        nodes += 1
        if nodes > limits.max_nodes:
            problems.append(_Refused(path, f"more than {limits.max_nodes} values in one "
                                     "document").sentence())
            break
        try:
            _check_node(node, path, limits)
        except _Refused as err:
            problems.append(err.sentence())
            continue
        if isinstance(node, dict | list | tuple):
            if len(path) >= limits.max_depth:
                problems.append(_Refused(path, f"nested deeper than {limits.max_depth} levels"
                                         ).sentence())
                continue
            items = node.items() if isinstance(node, dict) else enumerate(node)
            for k, v in items:
                if isinstance(node, dict) and k == "id" and not isinstance(v, str):
                    problems.append(_Refused((*path, k), f"ids are text, not {excerpt(v)}"
                                             ).sentence())
                    continue
                todo.append((v, (*path, k)))
    if problems:
        raise ContentError(source, problems)


def _check_node(node: Any, path: tuple[str | int, ...], limits: Limits) -> None:
    if isinstance(node, _Bad):
        raise _Refused(path, node.message)
    if isinstance(node, str):
        if len(node) > limits.max_string:
            raise _Refused(path, f"a text of {len(node)} characters; the limit is "
                           f"{limits.max_string}")
    elif isinstance(node, dict):
        for k in node:
            if not isinstance(k, str):
                raise _Refused(path, f"keys are text, not {excerpt(k)}")
    elif isinstance(node, int | float):
        _checked_number(node, path, limits)
    elif not (node is None or isinstance(node, list | tuple)):
        raise _Refused(path, f"{type(node).__name__} values are not allowed")


# ------------------------------------------------------------------------------ names, paths


def safe_name(name: Any, source: str, field: str) -> str:
    """A folder name from a document (e.g. ``ruleset:``): lower-case letters, digits, ``_``
    and ``-`` only, so it cannot leave the folder it is looked up in."""
    if not isinstance(name, str) or not _NAME.match(name):
        raise ContentError(source, [f"{field}: {excerpt(name)} is not a name (lower-case "
                                    "letters, digits, '_' and '-'; no paths)"])
    return name


def confine(root: Path, name: Any, source: str, field: str) -> Path:
    """``root / name`` for a name from a document, refused unless it is a plain name of an
    existing entry inside ``root`` (no absolute paths, no ``..``, no links out)."""
    folder = root / safe_name(name, source, field)
    try:
        inside = folder.resolve().is_relative_to(root.resolve()) and folder.exists()
    except OSError:
        inside = False
    if not inside:
        known = sorted(p.name for p in root.iterdir() if p.is_dir()) if root.is_dir() else []
        raise ContentError(source, [f"{field}: no {excerpt(name)} in the data folder (known: "
                                    f"{', '.join(known) or 'none'})"])
    return folder


def with_limits(**changes: int) -> Limits:
    """The default limits with some changed (e.g. a smaller size for browser input)."""
    return replace(DEFAULT, **changes)


# ------------------------------------------------------------------------------ terminal echo

# C0 and C1 control characters, DEL, and the invisible direction and line-separator marks that
# make a terminal (or a reader) show something else than the text: ESC[2J clears the screen,
# ESC]0;...BEL sets the window title, U+202E turns the rest of the line around.
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e"
                       "\u2066-\u2069]")


def _escaped(m: re.Match[str]) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, *, keep: str = "") -> str:
    """``text`` safe to echo to a terminal: every control character (and direction mark) is
    written as its escape (``\\x1b``), except those in ``keep`` (e.g. ``"\\n"`` for a whole
    message).  The one helper every command-line echo of user text goes through.

    >>> printable("Ada\\x1b[2J\\x07")
    'Ada\\\\x1b[2J\\\\x07'
    """
    if keep:
        return _CONTROLS.sub(lambda m: m.group() if m.group() in keep else _escaped(m), text)
    return _CONTROLS.sub(_escaped, text)


class PrintableStream:
    """A text stream that writes through :func:`printable` (line breaks, tabs and the carriage
    return of a progress bar kept), so nothing a command prints can drive the terminal."""

    KEEP = "\n\t\r"

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(printable(text, keep=self.KEEP))
        return len(text)

    def __getattr__(self, name: str) -> Any:  # flush, isatty, encoding, fileno...
        return getattr(self._stream, name)


@contextlib.contextmanager
def terminal_safe() -> Iterator[None]:
    """Standard output and error write through :func:`printable` inside the block."""
    out, err = sys.stdout, sys.stderr
    sys.stdout = PrintableStream(out)
    sys.stderr = PrintableStream(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
