"""Wheel build hook: the compiled-engine wheel (``MRP_COMPILE_ENGINE=1``).

Without that variable nothing happens: ``pip wheel .`` / ``python -m build`` give the pure wheel
(``py3-none-any``, the plain-Python engine), which runs everywhere.  With it, the wheel also
carries the engine's hot modules compiled with mypyc, tagged for this interpreter and platform
(``cp311-cp311-linux_x86_64``), with the digest of the sources they were built from
(``mrp_tutor/games/mission_red_planet/engine/_native_build.txt``;
mrp_tutor/games/mission_red_planet/engine/native.py checks it on import).

They are compiled (scripts/build_engine.py) in a copy of the package, never in the checkout;
or, when the checkout's own build (``make setup``) is of exactly these sources (its stamp) for
this interpreter, that build is taken as it is (CI then compiles once).  ``make wheels``
(scripts/build_wheels.py) builds both wheels.  A failed compile fails the build: a wheel tagged
compiled must hold a compiled engine.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ENV = "MRP_COMPILE_ENGINE"


def _wanted() -> bool:
    return os.environ.get(ENV, "").strip().lower() not in ("", "0", "false", "no")


def _current_build(root: str) -> list[Path] | None:
    """The checkout's own compiled engine (``make setup``) when it was built from exactly these
    sources (its stamp holds their digest) for this interpreter: its files, else None."""
    engine_build = _build_engine(root)
    engine = Path(root) / "mrp_tutor" / "games" / "mission_red_planet" / "engine"
    stamp = engine / engine_build.STAMP
    if not stamp.is_file() or stamp.read_text().strip() != engine_build.source_digest(engine):
        return None
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    wanted = [engine / m.replace(".py", suffix) for m in engine_build.MODULES]
    wanted.append(Path(root) / f"{engine_build.GROUP}__mypyc{suffix}")
    if not all(p.is_file() for p in wanted):
        return None
    return [*wanted, stamp]


def _build_engine(root: str) -> Any:
    spec = importlib.util.spec_from_file_location(
        "_mrp_build_engine", Path(root) / "scripts" / "build_engine.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class EngineBuildHook(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        if not _wanted() or _current_build(self.root) is not None:
            return []
        # mypyc type-checks the engine: it needs the libraries the engine imports and stubs
        return ["mypy>=1.10", "setuptools", "types-PyYAML", "pydantic>=2.7,<3", "PyYAML>=6",
                "networkx>=3.2", "mypy_extensions>=1.0"]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable" or not _wanted():
            return
        force = build_data["force_include"]
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        current = _current_build(self.root)
        if current is not None:  # the checkout's build of these very sources: no second compile
            for path in current:
                force[str(path)] = path.relative_to(self.root).as_posix()
            return
        engine_build = _build_engine(self.root)
        self._temp = tempfile.mkdtemp(prefix="mrp-wheel-engine-")
        copy = Path(self._temp)
        shutil.copytree(Path(self.root) / "mrp_tutor", copy / "mrp_tutor",
                        ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__",
                                                      "_native_build.txt"))
        shutil.copy2(Path(self.root) / "pyproject.toml", copy / "pyproject.toml")  # mypy's config
        jobs = int(os.environ.get("MRP_COMPILE_JOBS", os.cpu_count() or 1))
        if not engine_build.build(jobs, verbose=False, root=copy):
            raise RuntimeError("compiling the engine with mypyc failed (see above); build the "
                               f"pure wheel instead (without {ENV})")
        for lib in engine_build.built(copy):
            force[str(lib)] = lib.relative_to(copy).as_posix()
        stamp = copy / "mrp_tutor" / "games" / "mission_red_planet" / "engine" / engine_build.STAMP
        force[str(stamp)] = stamp.relative_to(copy).as_posix()

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        temp = getattr(self, "_temp", None)
        if temp:
            shutil.rmtree(temp, ignore_errors=True)
