"""Less of the server's own work per visitor (used by :mod:`mrp_tutor.serve.server`).

Measured with cProfile (CPU clock) in the server process during ``benchmarks/load.py
--sessions 20 --pool 2`` (2026-11-27, load 11-15): what was the same for every visitor
and could be done once or not at all.

**The page's templates compiled once per server.**  Voila renders each page with a new
exporter, and each exporter builds a new Jinja environment, so every page (each preheated
kernel's, each visitor's) parsed and compiled the same dozen templates again: about a fifth
of the server process's CPU in a burst of visitors (py-spy: ``Environment.get_template``
22 % of the server's samples).

:func:`install` gives every environment Voila's exporter creates one shared in-memory
bytecode cache: a template is still read and its source hashed on each page (a changed
template file is compiled again), but parsed and compiled only when its source, the
environment's extensions or its sync/async mode is new.  What a template does at render
time (filters, globals, the notebook) still comes from each page's own environment.

**No log record built for a debug line nobody sees.**  A traitlets application sets its
logger to DEBUG and filters in the handler (at ``--log-level``, INFO by default), so
every ``log.debug`` of the kernel manager ("activity on ...", one per kernel message) and
of the notebook client (one per output message) built a ``LogRecord`` for nothing: 20,000
records in a 20-visitor run.  The logger here is set to the handler's level, so
``--log-level=DEBUG`` still shows them.

**Message dates read with the standard library.**  The server reads the header of every
kernel message (the relay, the activity watch, the notebook client), and Jupyter's
``parse_date`` reads each date with ``dateutil`` (~15 µs against ~0.1 µs for
``datetime.fromisoformat``, two dates a message).  The fast path gives the same
timezone-aware datetime; any string it cannot read goes the old way.
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime
from hashlib import sha1
from typing import Any

from jinja2.bccache import Bucket, BytecodeCache

_MOST = 256  # templates kept (Voila's page uses about a dozen)


class MemoryBytecodeCache(BytecodeCache):
    """Compiled templates kept in memory, keyed by name, file, extensions and async mode."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def get_bucket(self, environment: Any, name: str, filename: str | None,
                   source: str) -> Bucket:
        # the same template compiles differently in an async environment or with other
        # extensions (Voila adds jinja2.ext.do): they are part of the key
        mode = f"|async={environment.is_async}|ext={','.join(sorted(environment.extensions))}"
        key = sha1((self.get_cache_key(name, filename) + mode).encode()).hexdigest()
        bucket = Bucket(environment, key, self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: Bucket) -> None:
        with self._lock:
            data = self._code.get(bucket.key)
        if data is not None:
            bucket.bytecode_from_string(data)  # a changed source: checksum differs, reset

    def dump_bytecode(self, bucket: Bucket) -> None:
        data = bucket.bytecode_to_string()
        with self._lock:
            if len(self._code) >= _MOST and bucket.key not in self._code:
                self._code.pop(next(iter(self._code)))
            self._code[bucket.key] = data

    def clear(self) -> None:
        with self._lock:
            self._code.clear()


CACHE = MemoryBytecodeCache()


def install(log: logging.Logger | None = None, level: int | str = logging.INFO) -> None:
    """All of the above (idempotent): the server's ``log`` at ``level``."""
    cache_templates()
    fast_dates()
    if log is not None:
        log.setLevel(level)


def cache_templates() -> None:
    """Give every Jinja environment Voila's exporter creates the shared cache."""
    from voila.exporter import VoilaExporter

    if getattr(VoilaExporter, "_mrp_cached", False):
        return
    create = VoilaExporter._create_environment

    def _create_environment(self: Any) -> Any:
        env = create(self)
        env.bytecode_cache = CACHE
        return env

    VoilaExporter._create_environment = _create_environment
    VoilaExporter._mrp_cached = True


def fast_dates() -> None:
    """Jupyter's ``parse_date`` with a standard-library fast path (same results)."""
    from jupyter_client import jsonutil

    if getattr(jsonutil.parse_date, "_mrp_fast", False):
        return
    slow = jsonutil.parse_date
    pattern = jsonutil.ISO8601_PAT

    def parse_date(s: str | None) -> str | datetime | None:
        if s is None or not pattern.match(s):
            return s
        try:
            dt = datetime.fromisoformat(s)
        except ValueError:
            return slow(s)
        return dt if dt.tzinfo else slow(s)  # a naive date: the old path warns and adds tz

    parse_date._mrp_fast = True  # type: ignore[attr-defined]
    jsonutil.parse_date = parse_date
