"""Which engine runs: the compiled modules or their plain-Python sources.

``scripts/build_engine.py`` (run by ``make setup``) compiles the engine's hot modules with
mypyc into extension modules next to their sources; Python imports those first.  This module,
imported before any other engine module, keeps the sources in charge when the compiled modules
are out of date (a source of the engine is newer than the build: an edit, a checkout) or when
``MRP_PURE_PYTHON`` is set, so the engine that runs is always the one in the sources.  It
imports nothing of the engine.

"Out of date" is decided by :data:`BUILD_STAMP`, the digest of the engine's sources the build
compiled (written by the build next to this file; also in the compiled wheel, where file times
are the install's, not the build's); an older in-place build without it is judged by file times.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
PACKAGE = __name__.rsplit(".", 1)[0]  # mrp_tutor.games.mission_red_planet.engine
#: the shared library of the compiled modules (a top-level module next to the package)
GROUP = "mrp_engine_native__mypyc"
#: file next to this one holding :func:`source_digest` of the sources that were compiled
BUILD_STAMP = "_native_build.txt"
#: a checkout (``make setup`` compiles in place) rather than an installed wheel
CHECKOUT = (HERE.parents[3] / "pyproject.toml").is_file()


def source_digest(folder: Path) -> str:
    """SHA-256 of every ``*.py`` under ``folder`` (the engine), names and contents, in name
    order (scripts/build_engine.py writes the same digest)."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*.py"), key=lambda p: p.relative_to(folder).as_posix()):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def stale() -> bool:
    """Is a source of the engine not the one the compiled modules were built from?"""
    stamp = HERE / BUILD_STAMP
    if stamp.is_file():
        return stamp.read_text(encoding="ascii").strip() != source_digest(HERE)
    libs = [p for ext in importlib.machinery.EXTENSION_SUFFIXES for p in HERE.rglob(f"*{ext}")]
    built = min(p.stat().st_mtime for p in libs)
    return max(p.stat().st_mtime for p in HERE.rglob("*.py")) > built


def compiled_modules() -> dict[str, Path]:
    """Module name -> its source, for every compiled module of the engine on disk."""
    found: dict[str, Path] = {}
    for ext in importlib.machinery.EXTENSION_SUFFIXES:
        for lib in HERE.rglob(f"*{ext}"):
            stem = lib.name[: -len(ext)]
            source = lib.with_name(stem + ".py")
            if source.is_file():
                parts = [PACKAGE, *lib.relative_to(HERE).parent.parts]
                found[".".join(parts if stem == "__init__" else [*parts, stem])] = source
    return found


class _Sources(importlib.abc.MetaPathFinder):
    """Imports the listed modules from their ``.py`` sources (never their compiled form)."""

    def __init__(self, modules: dict[str, Path]) -> None:
        self.modules = modules

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        source = self.modules.get(fullname)
        if source is None:
            return None
        package = [str(source.parent)] if source.name == "__init__.py" else None
        return importlib.util.spec_from_file_location(fullname, source,
                                                      submodule_search_locations=package)


def _decide() -> tuple[bool, str]:
    modules = compiled_modules()
    if not modules:
        if CHECKOUT:
            return False, "plain Python (not compiled: make setup compiles it)"
        return False, ("plain Python (this installation has no compiled engine: the "
                       "platform wheel for this Python has it)")
    if os.environ.get("MRP_PURE_PYTHON"):
        why = "plain Python (MRP_PURE_PYTHON is set)"
    elif stale():
        why = ("plain Python (its sources changed since the build: "
               + ("make setup rebuilds it)" if CHECKOUT else "reinstall the package)"))
    elif importlib.util.find_spec(GROUP) is None:
        why = f"plain Python (the compiled library {GROUP} is missing)"
    else:
        return True, "compiled with mypyc"
    sys.meta_path.insert(0, _Sources(modules))
    return False, why


#: True when the compiled engine runs; :data:`ENGINE` says which engine runs, and why
COMPILED, ENGINE = _decide()
